// The release's contents, checked on the unpacked recruiting-reports.zip before anything installs it: what
// WordPress.org's Plugin Check caught that matters here (Plugin Check itself cannot be installed from npm or
// Debian), as the project's own checks. Run by scripts/test-release.mjs. The checks on the installed plugin (direct
// requests to every PHP file, no remote requests at load) are in zip-install.test.mjs.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { OLDEST_WORDPRESS } from '../../scripts/lib/wordpress-dist.mjs';
import { scriptTextDomains } from './lib/script-text-domains.mjs';

const SLUG = 'recruiting-reports';
const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const zip = process.env.RR_ZIP;
let unpacked; // the plugin folder of the unpacked zip
let files; // its files, relative, sorted

before( () => {
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-zip-contents-' ) );
	execFileSync( 'unzip', [ '-q', zip, '-d', dir ] );
	unpacked = path.join( dir, SLUG );
	files = fs
		.readdirSync( unpacked, { recursive: true } )
		.filter( ( file ) => fs.statSync( path.join( unpacked, file ) ).isFile() )
		.sort();
} );
after( () => fs.rmSync( path.dirname( unpacked ), { recursive: true, force: true } ) );

async function php( code ) {
	const response = await fetch( process.env.RR_RUN_PHP_URL, { method: 'POST', body: code } );
	const body = await response.text();
	assert.equal( response.status, 200, body );
	return body;
}

const read = ( file ) => fs.readFileSync( path.join( unpacked, file ), 'utf8' );

test( 'the zip holds exactly what runs, under recruiting-reports/', () => {
	const entries = execFileSync( 'unzip', [ '-Z1', zip ], { encoding: 'utf8' } ).split( '\n' ).filter( Boolean );
	for ( const entry of entries ) {
		assert.ok( entry.startsWith( `${ SLUG }/` ), `outside the top folder: ${ entry }` );
	}
	for ( const required of [ 'plugin.php', 'uninstall.php', 'block.json', 'readme.txt', `languages/${ SLUG }.pot`, 'build/openapi.json', 'includes/Plugin.php' ] ) {
		assert.ok( files.includes( required ), `missing ${ required }` );
	}
	// Every script the plugin enqueues comes with its dependency list.
	const scripts = files.filter( ( file ) => /^build\/[^/]+\.js$/.test( file ) );
	assert.ok( scripts.length > 0, 'no built scripts' );
	for ( const script of scripts ) {
		assert.ok( files.includes( script.replace( /\.js$/, '.asset.php' ) ), `${ script } without its .asset.php` );
	}
	const topLevel = new Set( files.map( ( file ) => file.split( '/' )[ 0 ] ) );
	assert.deepEqual( [ ...topLevel ].sort(), [ 'block.json', 'build', 'includes', 'languages', 'plugin.php', 'readme.txt', 'uninstall.php' ] );
} );

test( 'no development files: tests, sources, TypeScript, source maps, dotfiles, package manager or tool files', () => {
	const development = files.filter( ( file ) =>
		/(^|\/)(tests?|scripts|dev|src|docs|node_modules|vendor|\.[^/]+)(\/|$)|\.(map|tsx?|log|orig|rej|swp|bak)$|\.test\.|(^|\/)(package(-lock)?\.json|composer\.(json|lock)|phpunit\.xml(\.dist)?|phpcs(\.ci)?\.xml(\.dist)?|webpack\.config\.js|tsconfig\.json|jest\.config\.js|README\.md)$|Benchmark/i.test( file )
	);
	assert.deepEqual( development, [] );
} );

test( 'readme.txt parses as a WordPress.org readme and agrees with the plugin header', async () => {
	const readme = parseReadme( read( 'readme.txt' ) );
	const header = JSON.parse(
		await php( `require_once ABSPATH . 'wp-admin/includes/plugin.php';
$file = ${ JSON.stringify( path.join( unpacked, 'plugin.php' ) ) };
// WordPress's own header parser; License and License URI are not among get_plugin_data()'s fields.
echo wp_json_encode( get_plugin_data( $file, false, false ) + get_file_data( $file, array( 'License' => 'License', 'LicenseURI' => 'License URI' ) ) );` )
	);
	assert.equal( readme.name, header.Name );
	for ( const field of [ 'Contributors', 'Tags', 'Requires at least', 'Tested up to', 'Requires PHP', 'Stable tag', 'License', 'License URI' ] ) {
		assert.ok( readme.headers[ field ], `readme.txt has no "${ field }"` );
	}
	assert.ok( readme.headers.Tags.split( ',' ).length <= 5, 'WordPress.org shows at most 5 tags' );
	assert.ok( readme.shortDescription && readme.shortDescription.length <= 150, `short description (${ readme.shortDescription.length } characters, at most 150)` );
	assert.ok( readme.sections.includes( 'Description' ), `sections: ${ readme.sections.join( ', ' ) }` );

	assert.equal( readme.headers[ 'Requires at least' ], header.RequiresWP );
	assert.equal( readme.headers[ 'Requires PHP' ], header.RequiresPHP );
	assert.equal( readme.headers[ 'Stable tag' ], header.Version );
	assert.equal( licenseId( readme.headers.License ), licenseId( header.License ) );
	assert.equal( licenseId( header.License ), 'gpl2orlater' );
	assert.equal( readme.headers[ 'License URI' ], header.LicenseURI );
	assert.equal( header.TextDomain, SLUG );
	assert.ok( files.some( ( file ) => file.startsWith( `${ header.DomainPath.replace( /^\//, '' ) }/` ) ), `Domain Path ${ header.DomainPath } is not in the zip` );
	assert.match( read( 'plugin.php' ), new RegExp( `define\\( 'RECRUITING_REPORTS_VERSION', '${ header.Version.replace( /\./g, '\\.' ) }' \\);` ) );
	// Both ends are what the tests run: the oldest WordPress (Playground) and the one this leg installs into.
	assert.equal( header.RequiresWP, OLDEST_WORDPRESS );
	assert.equal( readme.headers[ 'Tested up to' ], process.env.RR_WORDPRESS_VERSION.split( '.' ).slice( 0, 2 ).join( '.' ) );
} );

test( 'every PHP file refuses direct access; one text domain; no debugging leftovers (PHP tokenizer)', () => {
	const report = JSON.parse( execFileSync( 'php8.2', [ path.join( HERE, 'lib/php-source-checks.php' ), unpacked, SLUG ], { encoding: 'utf8' } ) );
	assert.deepEqual( report.files, files.filter( ( file ) => file.endsWith( '.php' ) ) );
	assert.deepEqual( report.directAccess, [], 'PHP files without an ABSPATH guard' );
	assert.ok( report.i18nCalls > 100, `only ${ report.i18nCalls } translation calls found: is the checker broken?` );
	assert.deepEqual( report.wrongDomain, [] );
	assert.deepEqual( report.debugCalls, [], 'error_log/var_dump/print_r/debug_backtrace without a justified phpcs:ignore' );
	console.log( `[zip-contents] ${ report.files.length } PHP files, ${ report.i18nCalls } translation calls; justified debugging calls: ${ report.justifiedDebugCalls.join( ', ' ) || 'none' }` );
} );

test( 'the scripts and block.json use the one text domain', () => {
	assert.equal( JSON.parse( read( 'block.json' ) ).textdomain, SLUG );
	let calls = 0;
	const wrong = [];
	// build/dataviews.js is @wordpress/dataviews as published (webpack.config.js): its strings are WordPress's own,
	// in WordPress's default domain, and translated by WordPress's language packs.
	for ( const script of files.filter( ( file ) => /^build\/[^/]+\.js$/.test( file ) && file !== 'build/dataviews.js' ) ) {
		const result = scriptTextDomains( read( script ), script, SLUG );
		calls += result.calls;
		wrong.push( ...result.wrongDomain );
	}
	assert.ok( calls > 100, `only ${ calls } translation calls found in the scripts: is the checker broken?` );
	assert.deepEqual( wrong, [] );
} );

/**
 * A WordPress.org readme: `=== Name ===`, header lines up to the first blank line, the short description (the next
 * paragraph), then `== Section ==` headings.
 */
function parseReadme( text ) {
	const lines = text.replace( /\r\n/g, '\n' ).split( '\n' );
	const name = lines[ 0 ].match( /^===\s*(.+?)\s*===$/ )?.[ 1 ];
	assert.ok( name, `readme.txt does not start with "=== Plugin Name ===": ${ lines[ 0 ] }` );
	const headers = {};
	let at = 1;
	for ( ; at < lines.length && lines[ at ].trim() !== ''; at++ ) {
		const field = lines[ at ].match( /^([A-Za-z ]+):\s*(.+)$/ );
		assert.ok( field, `not a header line: ${ lines[ at ] }` );
		headers[ field[ 1 ].trim() ] = field[ 2 ].trim();
	}
	while ( at < lines.length && lines[ at ].trim() === '' ) at++;
	const paragraph = [];
	for ( ; at < lines.length && lines[ at ].trim() !== '' && ! lines[ at ].startsWith( '==' ); at++ ) paragraph.push( lines[ at ].trim() );
	const sections = lines.map( ( line ) => line.match( /^==\s*([^=]+?)\s*==$/ )?.[ 1 ] ).filter( Boolean );
	return { name, headers, shortDescription: paragraph.join( ' ' ), sections };
}

/** Spellings of one license compare equal: "GPLv2 or later", "GPL-2.0-or-later", "GPL-2.0+" → "gpl2orlater". */
function licenseId( license ) {
	return license
		.toLowerCase()
		.replace( /gnu general public license/, 'gpl' )
		.replace( /[\s-]/g, '' )
		.replace( /v(\d)/, '$1' )
		.replace( /(\d)\.0/, '$1' )
		.replace( /\+$/, 'orlater' );
}
