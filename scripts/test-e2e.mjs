#!/usr/bin/env node
// End-to-end runner: builds the UI, boots one WordPress site with the plugin and demo data,
// runs tests/e2e/**/*.test.mjs (Debian's Chromium through playwright-core) against it, stops it.
//
//   node scripts/test-e2e.mjs --target=native|sqlite|playground [--no-build] [filter…] [--test-name-pattern=…]
//
// Tests get the same environment as the integration suites (RR_BASE_URL, RR_ADMIN_USER,
// RR_ADMIN_PASSWORD, RR_ADMIN_APP_PASSWORD, RR_RUN_PHP_URL, RR_TARGET, RR_DATABASE) plus RR_SCREENSHOTS_DIR,
// where every screen is saved (desktop and 360 px wide); the runner prints the folder.
// Env: RR_PORT (default: the first free port from 9800, from 9825 on Playground), RR_KEEP_SITE=1, RR_E2E_HEADFUL=1.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';
import { seedDemoData } from './lib/demo-data.mjs';
import { BUILD_ENTRIES } from './lib/build-entries.mjs';
import {
	MU_PLUGINS_DIR,
	createTestRun,
	parseArgs,
	selectTestFiles,
} from './lib/test-run.mjs';

const TESTS_DIR = path.join( REPO_ROOT, 'tests/e2e' );

const args = process.argv.slice( 2 );
const { target, nodeTestOptions, filters } = parseArgs(
	args,
	[ 'playground', 'native', 'sqlite' ],
	'native'
);
const build = ! args.includes( '--no-build' );

const screenshotsDir = path.join( REPO_ROOT, 'artifacts/screenshots', target );

const run = createTestRun( 'test-e2e', target );
process.exitCode = await main();
process.exit();

async function main() {
	const files = selectTestFiles( TESTS_DIR, filters );
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
	for ( const entry of BUILD_ENTRIES ) {
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

	const options = {
		// Playground and the native targets take ports from separate halves of our range: CI runs an e2e
		// leg of each at the same time, and two first-free-port searches from one start can race for it.
		port: process.env.RR_PORT
			? Number( process.env.RR_PORT )
			: await firstFreePort( ...( target === 'playground' ? [ 9825, 9849 ] : [ 9800, 9824 ] ) ),
		muPluginsDir: fs.existsSync( MU_PLUGINS_DIR ) ? MU_PLUGINS_DIR : undefined,
	};
	if ( target === 'playground' ) {
		// A browser sends parallel requests: two workers, or wp-admin pages take 10+ s.
		options.workers = 2;
	}
	const site = await run.boot( options, seedDemoData );
	if ( ! site ) return 1;
	console.log( `[test-e2e] screenshots: ${ screenshotsDir }` );
	if ( run.interrupted ) {
		await run.stop();
		return 130;
	}

	try {
		const code = await run.runTests( files, {
			nodeTestOptions,
			timeout: 900_000,
			env: { RR_SCREENSHOTS_DIR: screenshotsDir },
		} );
		// One line, not one per file: CI shows a log's last lines, and they must hold the failures.
		const shots = fs.existsSync( screenshotsDir )
			? fs.readdirSync( screenshotsDir ).length
			: 0;
		console.log( `[test-e2e] ${ shots } screenshot(s) in ${ screenshotsDir }` );
		return run.verdict( code );
	} finally {
		await run.stop();
	}
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
