// Smoke test of the test harness itself (scripts/test-integration.mjs): the site is up,
// the plugin is active and registers its REST namespace, and the admin application
// password the harness created authenticates over Basic auth.

import assert from 'node:assert/strict';
import { test } from 'node:test';

const baseUrl = process.env.RR_BASE_URL;
const basicAuth = `Basic ${ Buffer.from( `${ process.env.RR_ADMIN_USER }:${ process.env.RR_ADMIN_APP_PASSWORD }` ).toString( 'base64' ) }`;

// Playground needs about a second per REST request; leave generous room.
const TIMEOUT = 60_000;

test( 'harness provides the site environment', () => {
	for ( const name of [
		'RR_BASE_URL',
		'RR_ADMIN_USER',
		'RR_ADMIN_PASSWORD',
		'RR_ADMIN_APP_PASSWORD',
		'RR_RUN_PHP_URL',
		'RR_WORDPRESS_VERSION',
		'RR_DATABASE',
	] ) {
		assert.ok( process.env[ name ], `${ name } is set` );
	}
} );

test(
	'REST index lists the recruiting/v1 namespace',
	{ timeout: TIMEOUT },
	async () => {
		const response = await fetch( `${ baseUrl }/wp-json/` );
		assert.equal( response.status, 200 );
		const index = await response.json();
		assert.ok(
			index.namespaces.includes( 'recruiting/v1' ),
			`namespaces: ${ index.namespaces.join( ', ' ) }`
		);
	}
);

test(
	'application password authenticates the admin',
	{ timeout: TIMEOUT },
	async () => {
		const response = await fetch(
			`${ baseUrl }/wp-json/wp/v2/users/me?context=edit`,
			{ headers: { authorization: basicAuth } }
		);
		assert.equal( response.status, 200, await response.clone().text() );
		const me = await response.json();
		assert.equal( me.slug, process.env.RR_ADMIN_USER );
		assert.ok( me.roles.includes( 'administrator' ) );
	}
);

test(
	'RR_RUN_PHP_URL runs PHP inside the site',
	{ timeout: TIMEOUT },
	async () => {
		const response = await fetch( process.env.RR_RUN_PHP_URL, {
			method: 'POST',
			body: "require_once ABSPATH . 'wp-admin/includes/plugin.php'; echo wp_json_encode( array( 'active' => is_plugin_active( 'recruiting-reports/plugin.php' ), 'user' => wp_get_current_user()->user_login ) );",
		} );
		const body = await response.text();
		assert.equal( response.status, 200, body );
		assert.deepEqual( JSON.parse( body ), {
			active: true,
			user: process.env.RR_ADMIN_USER,
		} );
	}
);

// Both ends of the support window run in every CI run (native 6.7, Playground 6.6): the
// site must really be the version the harness says it installed.
test(
	'the site runs the WordPress version the harness installed',
	{ timeout: TIMEOUT },
	async () => {
		const response = await fetch( process.env.RR_RUN_PHP_URL, {
			method: 'POST',
			body: "echo get_bloginfo( 'version' );",
		} );
		const body = await response.text();
		assert.equal( response.status, 200, body );
		// The 6.6 build is a release candidate ("6.6-RC3"): compare major.minor.
		assert.equal(
			body.trim().match( /^\d+\.\d+/ )?.[ 0 ],
			process.env.RR_WORDPRESS_VERSION,
			body
		);
	}
);

// The same suite runs on MariaDB and on SQLite (Playground, native SQLite): the site must really
// run on the database the harness names, or a passing run would prove nothing about it.
test(
	'the site runs on the database the harness names',
	{ timeout: TIMEOUT },
	async () => {
		const response = await fetch( process.env.RR_RUN_PHP_URL, {
			method: 'POST',
			body: "global $wpdb; echo $wpdb instanceof WP_SQLite_DB ? 'sqlite' : ( false !== stripos( $wpdb->db_server_info(), 'MariaDB' ) ? 'mariadb' : get_class( $wpdb ) . ' ' . $wpdb->db_server_info() );",
		} );
		const body = await response.text();
		assert.equal( response.status, 200, body );
		assert.equal( body.trim(), process.env.RR_DATABASE );
	}
);
