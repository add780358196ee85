// The Plugins screen's "Settings" link and the one-time notice after activation (#17 defect 12),
// checked in the HTML wp-admin serves. The notice waits for the user who activated the plugin (or,
// activated by WP-CLI without a user, for the first one who may manage its settings), shows on the
// first wp-admin page that user opens, and never again until the next activation.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { site } from './lib/api.mjs';
import { cookieLogin, makeUser, php, phpValue } from './lib/credentials.mjs';
import { wp, skipWithoutWpCli } from './lib/wp-cli.mjs';

const PLUGIN = 'recruiting-reports/plugin.php';
const OPTION = 'recruiting_reports_activation_notice';
const NOTICE = 'id="recruiting-reports-activated"';

let admin;
let recruiter;

/** The HTML of a wp-admin page for a logged-in user. */
async function adminPage( who, path ) {
	const response = await fetch( `${ site.url }/wp-admin/${ path }`, { headers: { Cookie: who.cookie }, redirect: 'manual' } );
	assert.equal( response.status, 200, `GET /wp-admin/${ path }` );
	return response.text();
}

/** The bridge loads WordPress, not wp-admin: the plugin functions come from wp-admin/includes/plugin.php. */
const PLUGIN_API = "require_once ABSPATH . 'wp-admin/includes/plugin.php';";

const pending = () => phpValue( `get_option( '${ OPTION }' )` );

before( async () => {
	admin = await cookieLogin();
	const user = await makeUser( 'notice-recruiter', 'recruiter' );
	recruiter = await cookieLogin( user.login, user.password );
	// A notice left over from the site's own setup (activated as the admin) is not this test's.
	await php( `delete_option( '${ OPTION }' );` );
} );

after( async () => {
	await php( `${ PLUGIN_API } delete_option( '${ OPTION }' ); if ( ! is_plugin_active( '${ PLUGIN }' ) ) { activate_plugin( '${ PLUGIN }' ); }` );
} );

test( 'the plugin’s row on the Plugins screen starts with a Settings link to Recruiting › Settings', async () => {
	const html = await adminPage( admin, 'plugins.php' );
	const row = html.match( new RegExp( `<tr[^>]*data-plugin="${ PLUGIN.replace( '/', '\\/' ).replace( '.', '\\.' ) }"[\\s\\S]*?</tr>` ) );
	assert.ok( row, 'the plugin has a row' );
	const actions = [ ...row[ 0 ].matchAll( /<span class='([a-z_-]+)'>/g ) ].map( ( match ) => match[ 1 ] );
	assert.equal( actions[ 0 ], 'settings', `first action of ${ JSON.stringify( actions ) }` );
	assert.match( row[ 0 ], /<span class='settings'><a href="[^"]*\/wp-admin\/admin\.php\?page=recruiting-reports-settings">Settings<\/a>/ );
	// No other plugin's row gets it.
	assert.equal( html.match( /page=recruiting-reports-settings">Settings</g ).length, 1 );
} );

test( 'activated in wp-admin: the activating admin sees the notice on the next page, once; other users never', async () => {
	await php( `${ PLUGIN_API } deactivate_plugins( '${ PLUGIN }' ); $r = activate_plugin( '${ PLUGIN }' ); if ( is_wp_error( $r ) ) { throw new Exception( $r->get_error_message() ); }` );
	assert.equal( Number( await pending() ), await phpValue( 'get_current_user_id()' ), 'the activating admin is recorded' );

	// A recruiter's pages do not show (nor use up) the admin's notice.
	assert.ok( ! ( await adminPage( recruiter, 'index.php' ) ).includes( NOTICE ) );
	assert.notEqual( await pending(), false );

	const first = await adminPage( admin, 'index.php' );
	assert.ok( first.includes( NOTICE ), 'shown on the first page' );
	assert.match( first, /class="notice notice-success is-dismissible rr-activation-notice"/ );
	assert.match( first, /<a href="[^"]*\/wp-admin\/admin\.php\?page=recruiting-reports">Recruiting › Reports<\/a>/ );
	assert.equal( await pending(), false, 'cleared once shown' );
	assert.ok( ! ( await adminPage( admin, 'index.php' ) ).includes( NOTICE ), 'not on the next page' );
	assert.ok( ! ( await adminPage( admin, 'plugins.php' ) ).includes( NOTICE ), 'nor on another one' );
} );

test( 'the block editor, which hides classic notices, leaves the notice for the next page', async () => {
	await php( `update_option( '${ OPTION }', ${ await phpValue( 'get_current_user_id()' ) } );` );
	await adminPage( admin, 'post-new.php' );
	assert.notEqual( await pending(), false, 'still waiting after the editor' );
	assert.ok( ( await adminPage( admin, 'index.php' ) ).includes( NOTICE ) );
	assert.equal( await pending(), false );
} );

/** After an activation without a current user: waits for the first user who may manage the settings, shown once. */
async function assertNoticeForFirstSettingsManager() {
	assert.equal( Number( await pending() ), 0, 'no activating user' );
	assert.ok( ! ( await adminPage( recruiter, 'index.php' ) ).includes( NOTICE ), 'a recruiter cannot manage settings' );
	assert.ok( ( await adminPage( admin, 'index.php' ) ).includes( NOTICE ) );
	assert.ok( ! ( await adminPage( admin, 'index.php' ) ).includes( NOTICE ) );
}

// What WP-CLI (without --user) and deploy scripts do, in two PHP processes as they run: runs on every target,
// WP-CLI or not.
test( 'activated without a current user: the first user who may manage the settings sees it, once', async () => {
	await php( `${ PLUGIN_API } deactivate_plugins( '${ PLUGIN }' );` );
	await php( `${ PLUGIN_API } wp_set_current_user( 0 ); $r = activate_plugin( '${ PLUGIN }' ); if ( is_wp_error( $r ) ) { throw new Exception( $r->get_error_message() ); }` );
	await assertNoticeForFirstSettingsManager();
} );

test( 'activated by WP-CLI (no user): the first user who may manage the settings sees it, once', { skip: skipWithoutWpCli }, async () => {
	for ( const command of [ 'deactivate', 'activate' ] ) {
		const result = await wp( [ 'plugin', command, 'recruiting-reports' ] );
		assert.equal( result.code, 0, result.stderr );
	}
	await assertNoticeForFirstSettingsManager();
} );
