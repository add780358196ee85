#!/usr/bin/env node
// Integration test runner: boots one WordPress site with the plugin, runs
// tests/integration/**/*.test.mjs against it with node's test runner, stops the site.
//
//   node scripts/test-integration.mjs --target=playground|native|sqlite [filter…] [--test-name-pattern=…]
//   node scripts/test-integration.mjs --target=cluster --object-cache=none|redis [filter…]
//   node scripts/test-integration.mjs --suite=smoke [--target=playground] [--php=8.1|8.2|8.3|8.4]
//
// A filter is a test file path or a substring of its repo-relative path (e.g. `reports` runs
// tests/integration/reports-*.test.mjs); --test-* options (in --name=value form) pass straight
// to `node --test`. Through npm: npm run test:native -- reports --test-name-pattern=cache
// Tests get RR_BASE_URL, RR_ADMIN_USER, RR_ADMIN_PASSWORD, RR_ADMIN_APP_PASSWORD,
// RR_RUN_PHP_URL (POST PHP code, see lib/php-bridge.mjs), RR_WORDPRESS_VERSION (the version the
// harness installed: 6.6 on Playground, 6.7 on native and sqlite), RR_TARGET and RR_DATABASE (sqlite
// on playground and sqlite, mariadb on native and cluster) (all informational only: tests must behave
// the same on every target); on native and sqlite also RR_WORDPRESS_PATH (the WordPress folder).
// --target=native is native PHP 8.2 + MariaDB; --target=sqlite the same PHP on SQLite (the SQLite
// Database Integration plugin Playground runs, as the db.php drop-in; no MariaDB).
// --target=cluster runs tests/cluster/ instead, against two web nodes of one native site (docs/scaling.md,
// lib/site-cluster.mjs); those tests also get RR_NODE_URLS (comma-separated), RR_OBJECT_CACHE and, with Redis,
// RR_REDIS_PORT (for redis-cli), RR_PRIMARY_SOCKET and RR_REPLICA_SOCKET (the MariaDB primary's and its read replica's
// sockets, for the mariadb client as the superuser).
// --suite=smoke runs tests/smoke/ instead, against a site with the demo data `npm start` loads
// (lib/demo-data.mjs): what `npm start` runs works. Those tests also get RR_DEMO_SUMMARY (the importer's
// summary of the demo data, JSON) and RR_PHP_VERSION (Playground: the PHP asked for; native: empty).
// --php= picks Playground's PHP (a tested version, lib/php-versions.mjs; default RR_PHP_VERSION, else 8.2).
// Env: RR_PORT (site port), RR_PLAYGROUND_WORKERS (default 1), RR_PHP_VERSION (Playground's PHP when
// --php= is not given), RR_KEEP_SITE=1 (keep temp files),
// RR_PLUGIN_DIR (boot another plugin dir instead of the repo root; for harness development).

import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';
import { seedDemoData } from './lib/demo-data.mjs';
import { assertTestedPhp } from './lib/php-versions.mjs';
import {
	MU_PLUGINS_DIR,
	createTestRun,
	parseArgs,
	selectTestFiles,
} from './lib/test-run.mjs';

const { target, option, nodeTestOptions, filters } = parseArgs(
	process.argv.slice( 2 ),
	[ 'playground', 'native', 'sqlite', 'cluster' ],
	'playground'
);
const objectCache = option( 'object-cache', 'none' );
const suite = option( 'suite', 'integration' );
const php = option( 'php', undefined );
if ( ! [ 'integration', 'smoke' ].includes( suite ) ) {
	console.error( `unknown --suite=${ suite } (integration|smoke)` );
	process.exit( 2 );
}
if ( php !== undefined && target !== 'playground' ) {
	// The native legs run Debian's PHP 8.2; only Playground ships every version.
	console.error( `--php= needs --target=playground (the ${ target } target runs Debian's PHP)` );
	process.exit( 2 );
}
try {
	if ( php !== undefined ) assertTestedPhp( php );
} catch ( error ) {
	console.error( error.message );
	process.exit( 2 );
}
let testsFolder = 'tests/integration';
if ( suite === 'smoke' ) testsFolder = 'tests/smoke';
else if ( target === 'cluster' ) testsFolder = 'tests/cluster';
const TESTS_DIR = path.join( REPO_ROOT, testsFolder );

const files = selectTestFiles( TESTS_DIR, filters );
if ( files.length === 0 ) {
	console.error(
		`no test files match ${ filters.length ? filters.join( ' ' ) : `${ testsFolder }/**/*.test.mjs` }`
	);
	process.exit( 1 );
}

const run = createTestRun( 'test-integration', target );
process.exitCode = await main();
// Playground can leave handles (timers, worker ports) around; the run is over.
process.exit();

async function main() {
	const options = {
		port: process.env.RR_PORT ? Number( process.env.RR_PORT ) : undefined,
		muPluginsDir: fs.existsSync( MU_PLUGINS_DIR ) ? MU_PLUGINS_DIR : undefined,
		// Only for developing the harness itself against a stand-in plugin.
		pluginDir: process.env.RR_PLUGIN_DIR || undefined,
	};
	if ( target === 'playground' ) {
		options.workers = Number( process.env.RR_PLAYGROUND_WORKERS ?? 1 );
		options.php = php;
	} else if ( target === 'cluster' ) {
		options.objectCache = objectCache;
		options.readReplica = true;
	}
	let demoSummary;
	const site = await run.boot(
		options,
		suite === 'smoke'
			? async ( booted ) => ( demoSummary = await seedDemoData( booted ) )
			: undefined
	);
	if ( ! site ) return run.interrupted ? 130 : 1;
	if ( run.interrupted ) {
		await run.stop();
		return 130;
	}

	try {
		const code = await run.runTests( files, {
			nodeTestOptions,
			// A safety net against a hung file: Playground's PHP in wasm answers ~50× slower than native, and in
			// CI it shares the 2 cores with the other legs (its two largest files neared 600 s under that load).
			timeout: target === 'playground' ? 1_200_000 : 600_000,
			env: {
				RR_WORDPRESS_VERSION: site.wordpressVersion,
				// Native only: the site's WordPress folder, for tools that run beside the server
				// (wp-cli.phar, tests/integration/lib/wp-cli.mjs). Playground's PHP runs in wasm.
				RR_WORDPRESS_PATH: target === 'playground' ? '' : site.wordpressPath,
				RR_NODE_URLS: ( site.urls ?? [ site.url ] ).join( ',' ),
				RR_OBJECT_CACHE: site.objectCache ?? 'none',
				RR_REDIS_PORT: String( site.redisPort ?? '' ),
				RR_PRIMARY_SOCKET: site.primarySocket ?? '',
				RR_REPLICA_SOCKET: site.replicaSocket ?? '',
				RR_DEMO_SUMMARY: demoSummary ? JSON.stringify( demoSummary ) : '',
				RR_PHP_VERSION: site.phpVersion ?? '',
			},
		} );
		return run.verdict( code, {
			print: true,
			pluginDir: process.env.RR_PLUGIN_DIR || undefined,
		} );
	} finally {
		await run.stop();
	}
}
