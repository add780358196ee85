// The release as a site admin gets it (SPEC §14): recruiting-reports.zip installed into a clean
// WordPress through core's upload installer (Plugin_Upgrader, what Plugins → Add New → Upload runs),
// activated, and then checked: REST namespace, block, tables, translations from languages/, and
// WordPress.org's Plugin Check on the unpacked zip. Run by scripts/test-release.mjs; the tests
// depend on each other in file order (node:test runs them one after another).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sharedPath } from '../../scripts/lib/shared-dir.mjs';

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

/** Runs WP-CLI against the test site; returns stdout, fails with the output on a non-zero exit. */
function wp( ...args ) {
	return execFileSync(
		'php',
		[
			sharedPath( 'tools', 'wp-cli.phar' ),
			`--path=${ wpPath }`,
			'--allow-root',
			...args,
		],
		{
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
			env: { ...process.env, WP_CLI_DISABLE_AUTO_CHECK_UPDATE: '1' },
		}
	);
}

test( 'the zip holds exactly what runs, under recruiting-reports/', () => {
	const entries = execFileSync( 'unzip', [ '-Z1', zip ], {
		encoding: 'utf8',
	} )
		.split( '\n' )
		.filter( Boolean );
	const files = entries
		.filter( ( entry ) => ! entry.endsWith( '/' ) )
		.map( ( entry ) => {
			assert.ok(
				entry.startsWith( `${ SLUG }/` ),
				`outside the top folder: ${ entry }`
			);
			return entry.slice( SLUG.length + 1 );
		} );
	for ( const required of [
		'plugin.php',
		'uninstall.php',
		'block.json',
		'readme.txt',
		`languages/${ SLUG }.pot`,
		'build/openapi.json',
		'includes/Plugin.php',
	] ) {
		assert.ok( files.includes( required ), `missing ${ required }` );
	}
	// Every script the plugin enqueues comes with its dependency list.
	const scripts = files.filter( ( file ) =>
		/^build\/[^/]+\.js$/.test( file )
	);
	assert.ok( scripts.length > 0, 'no built scripts' );
	for ( const script of scripts ) {
		assert.ok(
			files.includes( script.replace( /\.js$/, '.asset.php' ) ),
			`${ script } without its .asset.php`
		);
	}
	const topLevel = new Set( files.map( ( file ) => file.split( '/' )[ 0 ] ) );
	assert.deepEqual(
		[ ...topLevel ].sort(),
		[
			'block.json',
			'build',
			'includes',
			'languages',
			'plugin.php',
			'readme.txt',
			'uninstall.php',
		].sort()
	);
	const development = files.filter( ( file ) =>
		/(^|\/)(tests?|scripts|dev|src|node_modules|docs)\/|\.map$|\.test\.|(^|\/)package(-lock)?\.json$|Benchmark/i.test(
			file
		)
	);
	assert.deepEqual( development, [], 'development files in the release' );
} );

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
	assert.doesNotMatch( html, /Alle Bewerbungen nach aktuellem Status/ );

	// .mo for PHP, .json (named after the script's md5) for JavaScript, from the fixture .po.
	const work = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-l10n-' ) );
	try {
		fs.copyFileSync(
			path.join( FIXTURES, `${ SLUG }-de_DE.po` ),
			path.join( work, `${ SLUG }-de_DE.po` )
		);
		wp( 'i18n', 'make-mo', work, work );
		wp( 'i18n', 'make-json', work, work, '--no-purge' );
		const made = fs
			.readdirSync( work )
			.filter( ( file ) => /\.(mo|json)$/.test( file ) );
		assert.ok(
			made.some( ( file ) => file.endsWith( '.json' ) ),
			made.join( ', ' )
		);
		for ( const file of made ) {
			fs.copyFileSync(
				path.join( work, file ),
				path.join( installed, 'languages', file )
			);
		}
	} finally {
		fs.rmSync( work, { recursive: true, force: true } );
	}

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
	assert.match( inline[ 1 ], /Alle Bewerbungen nach aktuellem Status/ );

	await php( "delete_user_meta( get_current_user_id(), 'locale' );" );
} );

test( 'Plugin Check (WordPress.org) on the unpacked zip: 0 errors', () => {
	const checker = path.join( wpPath, 'wp-content/plugins/plugin-check' );
	if ( ! fs.existsSync( checker ) ) {
		fs.symlinkSync( sharedPath( 'tools', 'plugin-check' ), checker, 'dir' );
	}
	wp( 'plugin', 'activate', 'plugin-check' );
	const output = wp(
		'plugin',
		'check',
		SLUG,
		'--format=json',
		// Update URI is deliberate (the plugin is not distributed by WordPress.org, see plugin.php);
		// this check only exists to refuse it in WordPress.org submissions.
		'--exclude-checks=plugin_updater',
		`--require=${ path.join( checker, 'cli.php' ) }`
	);
	const results = parseCheckOutput( output );
	const errors = results.filter( ( result ) => result.type === 'ERROR' );
	const warnings = results.filter( ( result ) => result.type === 'WARNING' );
	console.log(
		`[plugin-check] ${ errors.length } errors, ${ warnings.length } warnings\n${ results
			.map(
				( result ) =>
					`  ${ result.type } ${ result.file }:${ result.line } ${ result.code }: ${ result.message }`
			)
			.join( '\n' ) }`
	);
	assert.deepEqual( errors, [] );
} );

/**
 * `wp plugin check --format=json` prints, per file, a "FILE: <path>" line followed by a JSON array.
 * @returns {{file:string,line:number,type:string,code:string,message:string}[]}
 */
function parseCheckOutput( output ) {
	const results = [];
	let file = '';
	for ( const line of output.split( '\n' ) ) {
		const header = line.match( /^FILE: (.+)$/ );
		if ( header ) {
			file = header[ 1 ].trim();
			continue;
		}
		if ( line.trim().startsWith( '[' ) ) {
			for ( const result of JSON.parse( line ) ) {
				results.push( { file, ...result } );
			}
		}
	}
	if (
		! results.length &&
		! /Success: Checks complete\. No errors found\./.test( output )
	) {
		assert.fail( `unexpected Plugin Check output:\n${ output }` );
	}
	return results;
}

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
