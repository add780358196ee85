#!/usr/bin/env node
// End-to-end runner: builds the UI, boots one WordPress site with the plugin and demo data,
// runs tests/e2e/**/*.test.mjs (Debian's Chromium through playwright-core) against it, stops it.
//
//   node scripts/test-e2e.mjs --target=native|playground [--no-build] [filter…] [--test-name-pattern=…]
//
// Tests get the same environment as the integration suites (RR_BASE_URL, RR_ADMIN_USER,
// RR_ADMIN_PASSWORD, RR_ADMIN_APP_PASSWORD, RR_RUN_PHP_URL, RR_TARGET) plus RR_SCREENSHOTS_DIR,
// where every screen is saved (desktop and 360 px wide); the runner prints the folder.
// Env: RR_PORT (default: the first free port from 9800), RR_KEEP_SITE=1, RR_E2E_HEADFUL=1.

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { pluginProblems, seconds } from './lib/site-common.mjs';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';
import { startPhpBridge } from './lib/php-bridge.mjs';

const TESTS_DIR = path.join( REPO_ROOT, 'tests/e2e' );
const MU_PLUGINS_DIR = path.join( REPO_ROOT, 'tests/support/mu-plugins' );

const args = process.argv.slice( 2 );
const target =
	args
		.find( ( arg ) => arg.startsWith( '--target=' ) )
		?.slice( '--target='.length ) ?? 'native';
const build = ! args.includes( '--no-build' );
const nodeTestOptions = args.filter( ( arg ) => arg.startsWith( '--test-' ) );
const filters = args.filter( ( arg ) => ! arg.startsWith( '--' ) );
if ( ! [ 'playground', 'native' ].includes( target ) ) {
	console.error( `unknown --target=${ target } (playground|native)` );
	process.exit( 2 );
}

const screenshotsDir = path.join( REPO_ROOT, 'artifacts/screenshots', target );

let site;
let bridge;
let child;
let interrupted = false;
for ( const signal of [ 'SIGINT', 'SIGTERM' ] ) {
	process.on( signal, () => {
		interrupted = true;
		if ( child && child.exitCode === null ) child.kill( signal );
		else if ( ! child ) cleanup().finally( () => process.exit( 130 ) );
	} );
}

process.exitCode = await main();
process.exit();

async function main() {
	const files = selectTestFiles( filters );
	if ( files.length === 0 ) {
		console.error( 'no e2e test files match' );
		return 1;
	}
	if ( build ) {
		console.log( '[test-e2e] building the UI (npm run build)…' );
		execFileSync( 'npx', [ 'wp-scripts', 'build' ], {
			cwd: REPO_ROOT,
			stdio: [ 'ignore', 'ignore', 'inherit' ],
		} );
	}
	for ( const entry of [
		'dashboard',
		'reports',
		'settings',
		'applications',
		'dataviews',
		'block-editor',
		'block-view',
	] ) {
		if (
			! fs.existsSync(
				path.join( REPO_ROOT, 'build', `${ entry }.asset.php` )
			)
		) {
			console.error(
				`[test-e2e] build/${ entry }.asset.php missing: run npm run build`
			);
			return 1;
		}
	}
	fs.rmSync( screenshotsDir, { recursive: true, force: true } );
	fs.mkdirSync( screenshotsDir, { recursive: true } );

	const bootStart = Date.now();
	try {
		const port = process.env.RR_PORT
			? Number( process.env.RR_PORT )
			: await firstFreePort( 9800, 9849 );
		const options = {
			port,
			muPluginsDir: fs.existsSync( MU_PLUGINS_DIR )
				? MU_PLUGINS_DIR
				: undefined,
		};
		if ( target === 'playground' ) {
			const { startPlaygroundSite } =
				await import( './lib/site-playground.mjs' );
			// A browser sends parallel requests: two workers, or wp-admin pages take 10+ s.
			site = await startPlaygroundSite( { ...options, workers: 2 } );
		} else {
			const { startNativeSite } = await import( './lib/site-native.mjs' );
			site = await startNativeSite( options );
		}
		const seeded = await site.runPhp(
			"$r = \\RecruitingReports\\Seed\\DemoData::seed(); echo is_wp_error( $r ) ? 'ERROR ' . $r->get_error_message() : 'ok';"
		);
		if ( ! seeded.trim().endsWith( 'ok' ) )
			throw new Error( `demo data: ${ seeded }` );
	} catch ( error ) {
		console.error(
			`[test-e2e] ${ target } site failed to boot:\n${ error?.stack ?? error }`
		);
		await cleanup();
		return 1;
	}
	console.log(
		`[test-e2e] ${ target } site with demo data up in ${ seconds( bootStart ) } s at ${ site.url }`
	);
	console.log( `[test-e2e] screenshots: ${ screenshotsDir }` );
	if ( interrupted ) {
		await cleanup();
		return 130;
	}

	try {
		bridge = await startPhpBridge( site.runPhp );
		const started = Date.now();
		const code = await runNodeTest( files );
		console.log(
			`[test-e2e] tests finished in ${ seconds( started ) } s (exit ${ code })`
		);
		const shots = fs.existsSync( screenshotsDir )
			? fs.readdirSync( screenshotsDir ).sort()
			: [];
		console.log(
			`[test-e2e] ${ shots.length } screenshot(s) in ${ screenshotsDir }:`
		);
		for ( const shot of shots )
			console.log( `  ${ path.join( screenshotsDir, shot ) }` );
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
				'--test-timeout=900000',
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
					RR_SCREENSHOTS_DIR: screenshotsDir,
				},
			}
		);
		child.on( 'exit', ( code, signal ) =>
			resolve( code ?? 128 + ( os.constants.signals[ signal ] ?? 1 ) )
		);
	} );
}

function reportDebugLog( debugLogPath ) {
	const text =
		debugLogPath && fs.existsSync( debugLogPath )
			? fs.readFileSync( debugLogPath, 'utf8' )
			: '';
	const problems = pluginProblems( text );
	if ( problems.length ) {
		console.error(
			`[test-e2e] FAIL: ${ problems.length } PHP problem(s) in plugin code:\n${ problems.join( '\n' ) }`
		);
		return false;
	}
	console.log( '[test-e2e] debug.log: no PHP problems in plugin code' );
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

function selectTestFiles( filterArgs ) {
	const all = fs.existsSync( TESTS_DIR )
		? fs
				.readdirSync( TESTS_DIR, { recursive: true } )
				.filter( ( file ) => file.endsWith( '.test.mjs' ) )
				.map( ( file ) => path.join( TESTS_DIR, file ) )
				.sort()
		: [];
	if ( filterArgs.length === 0 ) return all;
	return all.filter( ( file ) =>
		filterArgs.some(
			( filter ) =>
				file === path.resolve( filter ) || file.includes( filter )
		)
	);
}

/** Our share of ports is 9800–9849 (other sessions use other ranges). */
async function firstFreePort( from, to ) {
	for ( let port = from; port <= to; port++ ) {
		const free = await new Promise( ( resolve ) => {
			const server = net.createServer();
			server.once( 'error', () => resolve( false ) );
			server.listen( port, '127.0.0.1', () =>
				server.close( () => resolve( true ) )
			);
		} );
		if ( free ) return port;
	}
	throw new Error( `no free port in ${ from }–${ to }` );
}
