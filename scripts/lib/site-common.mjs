// Pieces shared by the Playground and native site starters, so both targets end
// up configured identically (same admin, permalinks, plugin activation, app password).

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './wordpress-dist.mjs';

export const PLUGIN_SLUG = 'recruiting-reports';
export const PLUGIN_FILE = `${ PLUGIN_SLUG }/plugin.php`;
export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'password';
export const DEFAULT_PLUGIN_DIR = REPO_ROOT;
// Marker that precedes machine-readable output of our own PHP snippets, so stray
// output (notices, a plugin echoing something) cannot break JSON parsing.
const MARKER = '@@RR-HARNESS@@';

/**
 * PHP statements that finish a freshly installed site. Run through runPhp() on both
 * targets. Activation goes through activate_plugin() so the real activation hooks run;
 * pluginFile null leaves plugins alone (a site the plugin is installed into later); networkWide activates it for
 * every site of a network, as Network Admin › Plugins › Network Activate does.
 */
export function setupSnippet( { pluginFile = PLUGIN_FILE, networkWide = false } = {} ) {
	return `
require_once ABSPATH . 'wp-admin/includes/plugin.php';
$admin = get_user_by( 'login', ${ phpString( ADMIN_USER ) } );
if ( ! $admin ) { fwrite( STDERR, "admin user missing\\n" ); exit( 1 ); }
wp_set_current_user( $admin->ID );

// Pretty permalinks: /wp-json/ only routes with a permalink structure (plain permalinks need ?rest_route=).
update_option( 'permalink_structure', '/%postname%/' );
// Same site title on both targets (Playground's installer says "My WordPress Website").
update_option( 'blogname', 'Recruiting Reports' );
// Quiet, offline-friendly admin and editor (no gravatar requests, no welcome guide / pattern modal).
update_option( 'show_avatars', 0 );
update_user_meta( $admin->ID, $GLOBALS['wpdb']->get_blog_prefix() . 'persisted_preferences', array(
	'core/edit-post' => array( 'welcomeGuide' => false ),
	'core'           => array( 'enableChoosePatternModal' => false ),
	'_modified'      => gmdate( 'c' ),
) );

${ null === pluginFile ? '' : activationSnippet( pluginFile, networkWide ) }
// Let the next request rebuild rewrite rules with everything the plugin registers on init.
delete_option( 'rewrite_rules' );

if ( ! wp_is_application_passwords_available_for_user( $admin ) ) {
	fwrite( STDERR, "application passwords unavailable (WP_ENVIRONMENT_TYPE must be local over http)\\n" );
	exit( 1 );
}
$created = WP_Application_Passwords::create_new_application_password( $admin->ID, array( 'name' => 'rr-harness' ) );
if ( is_wp_error( $created ) ) { fwrite( STDERR, $created->get_error_message() . "\\n" ); exit( 1 ); }
${ printMarked( "array( 'appPassword' => $created[0] )" ) }
`;
}

/** A PHP statement printing the JSON of a PHP expression after the marker, for parseMarked(). */
export function printMarked( expression ) {
	return `echo "\\n${ MARKER }" . wp_json_encode( ${ expression } ) . "\\n";`;
}

function activationSnippet( pluginFile, networkWide ) {
	return `$result = activate_plugin( ${ phpString( pluginFile ) }, '', ${ networkWide } );
if ( is_wp_error( $result ) ) {
	fwrite( STDERR, 'activate_plugin failed: ' . $result->get_error_code() . ': ' . $result->get_error_message() . "\\n" );
	exit( 1 );
}
if ( ! ${ networkWide ? 'is_plugin_active_for_network' : 'is_plugin_active' }( ${ phpString( pluginFile ) } ) ) { fwrite( STDERR, "plugin not active after activate_plugin\\n" ); exit( 1 ); }`;
}

/** Extracts the JSON our snippets print after the marker. */
export function parseMarked( stdout ) {
	const at = stdout.lastIndexOf( MARKER );
	if ( at < 0 )
		throw new Error( `setup printed no result; output was:\n${ stdout }` );
	return JSON.parse( stdout.slice( at + MARKER.length ).split( '\n' )[ 0 ] );
}

/**
 * Error for a failed runPhp(): debug.log first (fatals land there, since display is off),
 * then stderr, then stdout capped (WordPress's fatal-error page is a long HTML document).
 */
export function phpFailure(
	summary,
	{ debugLog = '', stderr = '', stdout = '' }
) {
	const cap = ( text, max = 3000 ) =>
		text.length > max
			? `${ text.slice( 0, max ) }\n… (${ text.length - max } more characters)`
			: text;
	return new Error(
		`${ summary }\n--- new debug.log lines ---\n${ debugLog.trim() || '(none)' }\n--- stderr ---\n${ cap( stderr.trim() ) || '(none)' }\n--- stdout ---\n${ cap( stdout.trim() ) || '(none)' }`
	);
}

/** PHP single-quoted string literal. */
export function phpString( value ) {
	return `'${ String( value ).replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) }'`;
}

/**
 * The PHP file runPhp() executes on either target: optional prelude, wp-load.php, the admin as
 * current user, then the caller's statements. STDERR is defined because php-wasm's run() lacks it.
 */
export function runPhpSource( { wpLoad, code, prelude = '' } ) {
	return `<?php
${ prelude }
if ( ! defined( 'STDERR' ) ) { define( 'STDERR', fopen( 'php://stderr', 'w' ) ); }
require ${ phpString( wpLoad ) };
if ( $rr_admin = get_user_by( 'login', ${ phpString( ADMIN_USER ) } ) ) { wp_set_current_user( $rr_admin->ID ); }
unset( $rr_admin );
${ stripOpenTag( code ) }
`;
}

/** Accepts PHP code with or without a leading `<?php` and returns it without. */
export function stripOpenTag( code ) {
	return code.replace( /^\s*<\?php\b/, '' );
}

/** A TCP port that was free a moment ago (Playground treats port 0 as 9400, not "any"). */
export async function freePort() {
	return new Promise( ( resolve, reject ) => {
		const server = net.createServer();
		server.unref();
		server.on( 'error', reject );
		server.listen( 0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close( () => resolve( port ) );
		} );
	} );
}

/** Fails early and clearly when something already listens on the port. */
export async function assertPortFree( port ) {
	await new Promise( ( resolve, reject ) => {
		const server = net.createServer();
		server.once( 'error', ( error ) =>
			reject(
				new Error(
					`port ${ port } is not free (${ error.code }); set another port (PORT / RR_PORT)`
				)
			)
		);
		server.listen( port, '127.0.0.1', () => server.close( resolve ) );
	} );
}

/** Polls until the URL answers at all (any status), or throws after timeoutMs. */
export async function waitForHttp(
	url,
	{ timeoutMs = 30000, isAlive = () => true } = {}
) {
	const deadline = Date.now() + timeoutMs;
	let lastError;
	while ( Date.now() < deadline ) {
		if ( ! isAlive() )
			throw new Error( `server exited before answering ${ url }` );
		try {
			const response = await fetch( url, {
				redirect: 'manual',
				signal: AbortSignal.timeout( 5000 ),
			} );
			await response.arrayBuffer();
			return;
		} catch ( error ) {
			lastError = error;
			await new Promise( ( r ) => setTimeout( r, 50 ) );
		}
	}
	throw new Error(
		`${ url } did not answer within ${ timeoutMs } ms: ${ lastError?.message }`
	);
}

/**
 * Lines of a debug.log that are PHP warnings/notices/fatals/deprecations raised in
 * plugin code. Matches the path inside WordPress and the real path, because PHP
 * reports symlinked files by their resolved location.
 * @param {string} logText
 * @param {string} pluginDir host directory of the plugin
 */
export function pluginProblems( logText, pluginDir = DEFAULT_PLUGIN_DIR ) {
	const needles = [ `plugins/${ PLUGIN_SLUG }/` ];
	try {
		needles.push( fs.realpathSync( pluginDir ) + path.sep );
	} catch {
		// Plugin dir gone: the WordPress-relative path still catches most lines.
	}
	return logText
		.split( '\n' )
		.filter( ( line ) =>
			/PHP (Warning|Notice|Fatal|Deprecated)/.test( line )
		)
		.filter( ( line ) =>
			needles.some( ( needle ) => line.includes( needle ) )
		);
}

/**
 * First REST request after setup: rebuilds the rewrite rules (deleted after activation) and
 * fails the boot early, with WordPress's answer, when the REST API does not work at all
 * (for example a fatal error in the plugin).
 */
export async function warmUp( url ) {
	const response = await fetch( `${ url }/wp-json/`, {
		redirect: 'manual',
		signal: AbortSignal.timeout( 60000 ),
	} );
	const body = await response.text();
	if ( response.status !== 200 ) {
		throw new Error(
			`GET ${ url }/wp-json/ answered ${ response.status } after setup:\n${ body.slice( 0, 2000 ) }`
		);
	}
}

/** Wall-clock helper for the "booted in N s" lines. */
export function seconds( sinceMs ) {
	return ( ( Date.now() - sinceMs ) / 1000 ).toFixed( 1 );
}

/** A file's size in bytes; 0 while it does not exist (debug.log before the first line). */
export function fileSize( file ) {
	try {
		return fs.statSync( file ).size;
	} catch {
		return 0;
	}
}

/** A file's text from byte `offset` on (what a log gained since); '' while it does not exist. */
export function readFrom( file, offset ) {
	try {
		return fs.readFileSync( file ).subarray( offset ).toString( 'utf8' );
	} catch {
		return '';
	}
}

/** The last `bytes` of a file (a server's error log, for a failure message). */
export function readTail( file, bytes = 4000 ) {
	return readFrom( file, Math.max( 0, fileSize( file ) - bytes ) );
}
