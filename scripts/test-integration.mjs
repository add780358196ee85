#!/usr/bin/env node
// Integration test runner: boots one WordPress site with the plugin, runs
// tests/integration/**/*.test.mjs against it with node's test runner, stops the site.
//
//   node scripts/test-integration.mjs --target=playground|native [filter…] [--test-name-pattern=…]
//   node scripts/test-integration.mjs --target=cluster --object-cache=none|redis [filter…]
//
// A filter is a test file path or a substring of its repo-relative path (e.g. `reports` runs
// tests/integration/reports-*.test.mjs); --test-* options (in --name=value form) pass straight
// to `node --test`. Through npm: npm run test:native -- reports --test-name-pattern=cache
// Tests get RR_BASE_URL, RR_ADMIN_USER, RR_ADMIN_PASSWORD, RR_ADMIN_APP_PASSWORD,
// RR_RUN_PHP_URL (POST PHP code, see lib/php-bridge.mjs), RR_WORDPRESS_VERSION (the version the
// harness installed: 6.6 on Playground, 7.1 on native) and RR_TARGET (both informational only:
// tests must behave the same on both targets); on native also RR_WORDPRESS_PATH (the WordPress folder).
// --target=cluster runs tests/cluster/ instead, against two web nodes of one native site (SPEC §13,
// lib/site-cluster.mjs); those tests also get RR_NODE_URLS (comma-separated) and RR_OBJECT_CACHE.
// Env: RR_PORT (site port), RR_PLAYGROUND_WORKERS (default 1), RR_KEEP_SITE=1 (keep temp files),
// RR_PLUGIN_DIR (boot another plugin dir instead of the repo root; for harness development).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pluginProblems, seconds } from './lib/site-common.mjs';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';
import { startPhpBridge } from './lib/php-bridge.mjs';

const MU_PLUGINS_DIR = path.join( REPO_ROOT, 'tests/support/mu-plugins' );

const args = process.argv.slice( 2 );
const target =
	args
		.find( ( arg ) => arg.startsWith( '--target=' ) )
		?.slice( '--target='.length ) ?? 'playground';
const objectCache =
	args
		.find( ( arg ) => arg.startsWith( '--object-cache=' ) )
		?.slice( '--object-cache='.length ) ?? 'none';
const TESTS_DIR = path.join(
	REPO_ROOT,
	target === 'cluster' ? 'tests/cluster' : 'tests/integration'
);
const nodeTestOptions = args.filter( ( arg ) => arg.startsWith( '--test-' ) );
const filters = args.filter( ( arg ) => ! arg.startsWith( '--' ) );
if ( ! [ 'playground', 'native', 'cluster' ].includes( target ) ) {
	console.error( `unknown --target=${ target } (playground|native|cluster)` );
	process.exit( 2 );
}

const files = selectTestFiles( filters );
if ( files.length === 0 ) {
	console.error(
		`no test files match ${ filters.length ? filters.join( ' ' ) : 'tests/integration/**/*.test.mjs' }`
	);
	process.exit( 1 );
}

let site;
let bridge;
let child;
let interrupted = false;

// Ctrl-C reaches the test child directly (same terminal process group); for a signal sent
// to this process only, forward it. Either way the site is stopped in main()'s finally.
for ( const signal of [ 'SIGINT', 'SIGTERM' ] ) {
	process.on( signal, () => {
		interrupted = true;
		if ( child && child.exitCode === null ) {
			child.kill( signal );
		} else if ( ! child ) {
			// Still booting: leave now; the site modules' exit handlers kill servers and remove temp dirs.
			console.error(
				`[test-integration] ${ signal } while booting the ${ target } site: stopping`
			);
			cleanup().finally( () => process.exit( 130 ) );
		}
	} );
}

process.exitCode = await main();
// Playground can leave handles (timers, worker ports) around; the run is over.
process.exit();

async function main() {
	const bootStart = Date.now();
	try {
		const options = {
			port: process.env.RR_PORT
				? Number( process.env.RR_PORT )
				: undefined,
			muPluginsDir: fs.existsSync( MU_PLUGINS_DIR )
				? MU_PLUGINS_DIR
				: undefined,
			// Only for developing the harness itself against a stand-in plugin.
			pluginDir: process.env.RR_PLUGIN_DIR || undefined,
		};
		if ( target === 'playground' ) {
			const { startPlaygroundSite } =
				await import( './lib/site-playground.mjs' );
			site = await startPlaygroundSite( {
				...options,
				workers: Number( process.env.RR_PLAYGROUND_WORKERS ?? 1 ),
			} );
		} else if ( target === 'cluster' ) {
			const { startClusterSite } =
				await import( './lib/site-cluster.mjs' );
			site = await startClusterSite( { ...options, objectCache } );
		} else {
			const { startNativeSite } = await import( './lib/site-native.mjs' );
			site = await startNativeSite( options );
		}
	} catch ( error ) {
		console.error(
			`[test-integration] ${ target } site failed to boot:\n${ error?.stack ?? error }`
		);
		await cleanup();
		return interrupted ? 130 : 1;
	}
	console.log(
		`[test-integration] ${ target } site booted in ${ seconds( bootStart ) } s at ${ site.url }`
	);
	if ( interrupted ) {
		await cleanup();
		return 130;
	}

	try {
		bridge = await startPhpBridge( site.runPhp );
		const testsStart = Date.now();
		const code = await runNodeTest( files );
		console.log(
			`[test-integration] tests finished in ${ seconds( testsStart ) } s (exit ${ code })`
		);
		const logOk = reportDebugLog( site.debugLogPath );
		if ( interrupted ) return 130;
		return code !== 0 ? code : logOk ? 0 : 1;
	} finally {
		await cleanup();
	}
}

function runNodeTest( testFiles ) {
	return new Promise( ( resolve ) => {
		child = spawn(
			process.execPath,
			[
				'--test',
				'--test-concurrency=1',
				'--test-reporter=spec',
				// Safety net against a hung request; tests set tighter timeouts themselves.
				'--test-timeout=600000',
				...nodeTestOptions,
				...testFiles,
			],
			{
				cwd: REPO_ROOT,
				stdio: 'inherit',
				env: {
					...process.env,
					RR_TARGET: target,
					RR_BASE_URL: site.url,
					RR_ADMIN_USER: site.adminUser,
					RR_ADMIN_PASSWORD: site.adminPassword,
					RR_ADMIN_APP_PASSWORD: site.appPassword,
					RR_RUN_PHP_URL: bridge.url,
					RR_WORDPRESS_VERSION: site.wordpressVersion,
					// Native only: the site's WordPress folder, for tools that run beside the server
					// (wp-cli.phar, tests/integration/lib/wp-cli.mjs). Playground's PHP runs in wasm.
					RR_WORDPRESS_PATH:
						target === 'playground' ? '' : site.wordpressPath,
					RR_NODE_URLS: ( site.urls ?? [ site.url ] ).join( ',' ),
					RR_OBJECT_CACHE: site.objectCache ?? 'none',
				},
			}
		);
		child.on( 'exit', ( code, signal ) =>
			resolve( code ?? 128 + ( os.constants.signals[ signal ] ?? 1 ) )
		);
	} );
}

/** Prints debug.log and returns false when plugin code raised PHP warnings/notices/fatals/deprecations. */
function reportDebugLog( debugLogPath ) {
	const text = fs.existsSync( debugLogPath )
		? fs.readFileSync( debugLogPath, 'utf8' )
		: '';
	console.log( `\n[test-integration] ---- debug.log (${ target }) ----` );
	console.log( text.trim() || '(empty)' );
	console.log( '[test-integration] ---- end of debug.log ----' );
	const problems = pluginProblems(
		text,
		process.env.RR_PLUGIN_DIR || undefined
	);
	if ( problems.length ) {
		console.error(
			`[test-integration] FAIL: ${ problems.length } PHP problem(s) in plugin code:\n${ problems.join( '\n' ) }`
		);
		return false;
	}
	return true;
}

async function cleanup() {
	const stopping = [];
	if ( bridge ) stopping.push( bridge.close() );
	if ( site ) stopping.push( site.stop() );
	bridge = undefined;
	site = undefined;
	await Promise.allSettled( stopping );
}

/**
 * tests/integration/**\/*.test.mjs, narrowed by the filters: an exact file path, or a substring
 * of the path relative to the repo root (never of the absolute path: a checkout in
 * /work/wt-reports must not make "reports" match every file).
 */
function selectTestFiles( filterArgs ) {
	const all = fs.existsSync( TESTS_DIR )
		? fs
				.readdirSync( TESTS_DIR, { recursive: true } )
				.filter( ( file ) => file.endsWith( '.test.mjs' ) )
				.sort()
		: [];
	const selected =
		filterArgs.length === 0
			? all
			: all.filter( ( file ) =>
					filterArgs.some(
						( filter ) =>
							path.resolve( filter ) ===
								path.join( TESTS_DIR, file ) ||
							path
								.join( path.relative( REPO_ROOT, TESTS_DIR ), file )
								.includes( filter )
					)
				);
	return selected.map( ( file ) => path.join( TESTS_DIR, file ) );
}
