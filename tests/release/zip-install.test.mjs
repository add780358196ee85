// The release as a site admin gets it (docs/targets.md#release-and-operations): recruiting-reports.zip installed into a clean
// WordPress through core's upload installer (Plugin_Upgrader, what Plugins → Add New → Upload runs),
// activated, and then checked: REST namespace, block, tables, translations from languages/, every PHP
// file refusing a direct request, and no remote requests from the plugin's code while it loads, activates
// and serves its pages (tests/release/mu-plugins/record-remote-requests.php records them). The checks on
// the zip's contents are in zip-contents.test.mjs. Run by scripts/test-release.mjs; the tests depend on
// each other in file order (node:test runs them one after another).

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SLUG = 'recruiting-reports';
const baseUrl = process.env.RR_BASE_URL;
const wpPath = process.env.RR_WORDPRESS_PATH;
const zip = process.env.RR_ZIP;
const installed = path.join( wpPath, 'wp-content/plugins', SLUG );
const FIXTURES = path.join(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'fixtures'
);

async function php( code ) {
	const response = await fetch( process.env.RR_RUN_PHP_URL, {
		method: 'POST',
		body: code,
	} );
	const body = await response.text();
	assert.equal( response.status, 200, body );
	return body;
}

test( 'Plugin_Upgrader installs the zip as the upload screen does, and it activates', async () => {
	assert.ok(
		! fs.existsSync( installed ),
		'the site starts without the plugin'
	);
	// A copy: the upgrader may delete the package it was given.
	const copy = path.join(
		fs.mkdtempSync( path.join( os.tmpdir(), 'rr-zip-' ) ),
		`${ SLUG }.zip`
	);
	fs.copyFileSync( zip, copy );
	const out = await php( `
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
$upgrader = new Plugin_Upgrader( new WP_Ajax_Upgrader_Skin() );
$result   = $upgrader->install( ${ JSON.stringify( copy ) } );
$errors   = $upgrader->skin->get_errors();
$plugin   = $upgrader->plugin_info();
$active   = $plugin ? activate_plugin( $plugin ) : null;
echo wp_json_encode( array(
	'result'    => true === $result,
	'errors'    => $errors->get_error_messages(),
	'plugin'    => $plugin,
	'activated' => null === $active,
	'active'    => $plugin && is_plugin_active( $plugin ),
) );
` );
	fs.rmSync( path.dirname( copy ), { recursive: true, force: true } );
	assert.deepEqual( JSON.parse( out ), {
		result: true,
		errors: [],
		plugin: `${ SLUG }/plugin.php`,
		activated: true,
		active: true,
	} );
	assert.ok(
		fs.lstatSync( installed ).isDirectory() &&
			! fs.lstatSync( installed ).isSymbolicLink(),
		'installed as a real folder'
	);
} );

test( 'the installed plugin serves its REST namespace, registers its block and has its tables', async () => {
	const response = await fetch( `${ baseUrl }/wp-json/` );
	assert.equal( response.status, 200 );
	const index = await response.json();
	assert.ok(
		index.namespaces.includes( 'recruiting/v1' ),
		index.namespaces.join( ', ' )
	);

	const state = JSON.parse(
		await php( `
global $wpdb;
$missing = array();
foreach ( \\RecruitingReports\\Data\\Schema::TABLES as $name ) {
	$table = \\RecruitingReports\\Data\\Schema::table( $name );
	if ( $table !== $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) ) ) {
		$missing[] = $table;
	}
}
$block = WP_Block_Type_Registry::get_instance()->get_registered( 'recruiting-reports/report' );
echo wp_json_encode( array(
	'tables'  => count( \\RecruitingReports\\Data\\Schema::TABLES ),
	'missing' => $missing,
	'block'   => $block ? $block->title : null,
	'render'  => $block && is_callable( $block->render_callback ),
) );
` )
	);
	assert.ok( state.tables >= 10, `only ${ state.tables } tables declared` );
	assert.deepEqual( state.missing, [] );
	assert.equal( state.block, 'Recruiting report' );
	assert.equal( state.render, true );
} );

test( 'translations in languages/ reach the admin page: a PHP string and a script string (de_DE)', async () => {
	const cookie = await login();
	const page = `${ baseUrl }/wp-admin/admin.php?page=${ SLUG }`;
	await php(
		"update_user_meta( get_current_user_id(), 'locale', 'de_DE' );"
	);

	// Without translation files the page is English: what follows is due to the files alone.
	let html = await adminPage( page, cookie );
	assert.match( html, /<h1>Recruiting Reports<\/h1>/ );
	assert.doesNotMatch( html, /Berichtsfilter/ );

	// .mo for PHP and, per script the .po references, a Jed .json named after the md5 of the script's path (what
	// load_script_textdomain() looks for), from the fixture .po with WordPress's own PO/MO classes.
	const made = JSON.parse(
		await php( `require_once ABSPATH . WPINC . '/pomo/po.php';
$po  = new PO();
$dir = ${ JSON.stringify( path.join( installed, 'languages' ) ) } . '/${ SLUG }-de_DE';
if ( ! $po->import_from_file( ${ JSON.stringify( path.join( FIXTURES, `${ SLUG }-de_DE.po` ) ) } ) ) {
	throw new Exception( 'the fixture .po does not parse' );
}
$mo = new MO();
$mo->set_headers( $po->headers );
$by_script = array();
foreach ( $po->entries as $entry ) {
	$mo->add_entry( $entry );
	foreach ( $entry->references as $reference ) {
		if ( str_ends_with( $reference, '.js' ) ) {
			$by_script[ $reference ][ ( $entry->context ? $entry->context . "\\x04" : '' ) . $entry->singular ] = $entry->translations;
		}
	}
}
$made = array( basename( $dir ) . '.mo' => $mo->export_to_file( $dir . '.mo' ) );
foreach ( $by_script as $script => $messages ) {
	$meta = array( '' => array( 'domain' => 'messages', 'lang' => 'de_DE', 'plural-forms' => $po->headers['Plural-Forms'] ) );
	$file = $dir . '-' . md5( $script ) . '.json';
	$made[ basename( $file ) ] = (bool) file_put_contents( $file, wp_json_encode( array( 'domain' => 'messages', 'locale_data' => array( 'messages' => $meta + $messages ) ) ) );
}
echo wp_json_encode( $made );` )
	);
	assert.deepEqual( made, {
		[ `${ SLUG }-de_DE.mo` ]: true,
		[ `${ SLUG }-de_DE-${ crypto.createHash( 'md5' ).update( 'build/reports.js' ).digest( 'hex' ) }.json` ]: true,
	} );

	html = await adminPage( page, cookie );
	assert.match(
		html,
		/<h1>Recruiting-Berichte<\/h1>/,
		'PHP string (load_plugin_textdomain)'
	);
	// wp_set_script_translations() prints the script's translations inline, before the script.
	const inline = html.match(
		/<script[^>]*id="recruiting-reports-reports-js-translations"[^>]*>([\s\S]*?)<\/script>/
	);
	assert.ok( inline, 'no inline translations for the Reports script' );
	assert.match( inline[ 1 ], /wp\.i18n\.setLocaleData\(/ );
	assert.match( inline[ 1 ], /Berichtsfilter/ );

	await php( "delete_user_meta( get_current_user_id(), 'locale' );" );
} );

// Without WordPress loaded no debug.log is configured: a fatal error shows as HTTP 500, output as a body.
test( 'a direct request to any of the plugin\'s PHP files answers 200 with an empty body', async () => {
	const phpFiles = fs
		.readdirSync( installed, { recursive: true } )
		.filter( ( file ) => file.endsWith( '.php' ) )
		.sort();
	assert.ok( phpFiles.length > 50, `only ${ phpFiles.length } PHP files` );
	const answers = [];
	for ( const file of phpFiles ) {
		const response = await fetch( `${ baseUrl }/wp-content/plugins/${ SLUG }/${ file }`, { redirect: 'manual' } );
		const body = await response.text();
		if ( response.status !== 200 || body !== '' ) {
			answers.push( `${ file }: HTTP ${ response.status } ${ body.slice( 0, 200 ) }` );
		}
	}
	assert.deepEqual( answers, [] );
} );

test( 'no remote requests from the plugin\'s code while it installs, activates, loads and serves its pages', async () => {
	const log = path.join( wpPath, 'wp-content/rr-remote-requests.jsonl' );
	const cookie = await login();
	for ( const page of [ '/wp-admin/', '/wp-admin/plugins.php', `/wp-admin/admin.php?page=${ SLUG }`, `/wp-admin/admin.php?page=${ SLUG }-applications`, `/wp-admin/admin.php?page=${ SLUG }-settings` ] ) {
		await adminPage( `${ baseUrl }${ page }`, cookie );
	}
	for ( const url of [ `${ baseUrl }/`, `${ baseUrl }/wp-json/recruiting/v1` ] ) {
		const response = await fetch( url );
		await response.arrayBuffer();
		assert.equal( response.status, 200, url );
	}
	const records = () => ( fs.existsSync( log ) ? fs.readFileSync( log, 'utf8' ).split( '\n' ).filter( Boolean ).map( ( line ) => JSON.parse( line ) ) : [] );
	assert.deepEqual( records().filter( ( record ) => record.plugin.length > 0 ), [] );

	// The recorder sees the plugin's requests: a webhook delivery is one (to a closed local port).
	const seen = records().length;
	await php( `$hook = \\RecruitingReports\\Data\\WebhookRepository::create( 'http://127.0.0.1:9/rr-release-probe', array( 'application.created' ), true, get_current_user_id() );
\\RecruitingReports\\Webhooks\\Dispatcher::enqueue( (int) $hook['row']['id'], 'application.created', array( 'probe' => true ) );
\\RecruitingReports\\Webhooks\\Dispatcher::run();
\\RecruitingReports\\Data\\WebhookRepository::delete( (int) $hook['row']['id'] );` );
	const probe = records().slice( seen );
	assert.equal( probe.length, 1, JSON.stringify( probe ) );
	assert.equal( probe[ 0 ].url, 'http://127.0.0.1:9/rr-release-probe' );
	assert.ok( probe[ 0 ].plugin.some( ( frame ) => frame.startsWith( 'includes/Webhooks/Dispatcher.php:' ) ), JSON.stringify( probe[ 0 ] ) );
} );

async function login() {
	const form = new URLSearchParams( {
		log: process.env.RR_ADMIN_USER,
		pwd: process.env.RR_ADMIN_PASSWORD,
		'wp-submit': 'Log In',
		redirect_to: `${ baseUrl }/wp-admin/`,
		testcookie: '1',
	} );
	const response = await fetch( `${ baseUrl }/wp-login.php`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
		},
		body: form,
	} );
	await response.arrayBuffer();
	const cookies = response.headers
		.getSetCookie()
		.map( ( line ) => line.split( ';' )[ 0 ] )
		.filter(
			( pair ) => ! pair.endsWith( '=deleted' ) && ! pair.endsWith( '=' )
		);
	assert.ok(
		cookies.some( ( pair ) => pair.startsWith( 'wordpress_logged_in_' ) ),
		`login failed (HTTP ${ response.status })`
	);
	return cookies.join( '; ' );
}

async function adminPage( url, cookie ) {
	const response = await fetch( url, {
		headers: { Cookie: cookie },
		redirect: 'manual',
	} );
	const html = await response.text();
	assert.equal( response.status, 200, html.slice( 0, 500 ) );
	return html;
}
