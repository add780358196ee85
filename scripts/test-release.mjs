#!/usr/bin/env node
// Release test runner (README.md#quick-start, docs/targets.md#release-and-operations): boots a clean native site (PHP 8.2 + MariaDB, the native legs'
// WordPress) WITHOUT the plugin and runs tests/release/*.test.mjs against it, in file order: the
// project's own checks of the zip's contents (what WordPress.org's Plugin Check caught that matters
// here), the install through core's upload installer with checks of the installed plugin and its
// translations, and WP-CLI on the installed plugin (only with RR_WP_CLI=/path/to/wp-cli.phar;
// otherwise reported as skipped). The site's only mu-plugin, tests/release/mu-plugins/, records
// remote requests.
//
//   npm run plugin-zip && node scripts/test-release.mjs [--zip=path] [--test-…]
//
// Tests get RR_BASE_URL, RR_ADMIN_USER, RR_ADMIN_PASSWORD, RR_RUN_PHP_URL (see lib/php-bridge.mjs),
// RR_WORDPRESS_PATH (the site's WordPress folder), RR_WORDPRESS_VERSION (the installed WordPress)
// and RR_ZIP (absolute path of the zip).

import fs from 'node:fs';
import path from 'node:path';
import { startPhpBridge } from './lib/php-bridge.mjs';
import { startNativeSite } from './lib/site-native.mjs';
import { pluginProblems, seconds } from './lib/site-common.mjs';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';
import { runNodeTest } from './lib/test-run.mjs';

const TESTS_DIR = path.join( REPO_ROOT, 'tests/release' );
const MU_PLUGINS_DIR = path.join( TESTS_DIR, 'mu-plugins' );

const args = process.argv.slice( 2 );
const zipArg = args
	.find( ( arg ) => arg.startsWith( '--zip=' ) )
	?.slice( '--zip='.length );
const zip = path.resolve(
	zipArg ?? path.join( REPO_ROOT, 'recruiting-reports.zip' )
);
const nodeTestOptions = args.filter( ( arg ) => arg.startsWith( '--test-' ) );

if ( ! fs.existsSync( zip ) ) {
	console.error(
		`[test-release] ${ zip } is missing: run npm run plugin-zip first`
	);
	process.exit( 1 );
}

let site;
let bridge;
process.exitCode = await main();
process.exit();

async function main() {
	const started = Date.now();
	try {
		site = await startNativeSite( {
			pluginDir: null,
			muPluginsDir: MU_PLUGINS_DIR,
		} );
		bridge = await startPhpBridge( site.runPhp );
	} catch ( error ) {
		console.error(
			`[test-release] clean native site failed to boot:\n${ error?.stack ?? error }`
		);
		await cleanup();
		return 1;
	}
	console.log(
		`[test-release] clean site (WordPress ${ site.wordpressVersion }, no plugin) up in ${ seconds(
			started
		) } s at ${ site.url }`
	);
	try {
		const files = fs
			.readdirSync( TESTS_DIR )
			.filter( ( file ) => file.endsWith( '.test.mjs' ) )
			.sort()
			.map( ( file ) => path.join( TESTS_DIR, file ) );
		const code = await runNodeTest( files, {
			nodeTestOptions,
			timeout: 600_000,
			env: {
				RR_BASE_URL: site.url,
				RR_ADMIN_USER: site.adminUser,
				RR_ADMIN_PASSWORD: site.adminPassword,
				RR_RUN_PHP_URL: bridge.url,
				RR_WORDPRESS_PATH: site.wordpressPath,
				RR_WORDPRESS_VERSION: site.wordpressVersion,
				RR_ZIP: zip,
			},
		} );
		// PHP warnings, notices or fatals from the installed plugin fail the run, as in the suites.
		const log = fs.existsSync( site.debugLogPath )
			? fs.readFileSync( site.debugLogPath, 'utf8' )
			: '';
		const problems = pluginProblems(
			log,
			path.join(
				site.wordpressPath,
				'wp-content/plugins/recruiting-reports'
			)
		);
		if ( problems.length ) {
			console.error(
				`[test-release] FAIL: ${ problems.length } PHP problem(s) in plugin code:\n${ problems.join(
					'\n'
				) }`
			);
			return code || 1;
		}
		return code;
	} finally {
		await cleanup();
	}
}

async function cleanup() {
	await Promise.allSettled( [ bridge?.close(), site?.stop() ] );
	bridge = undefined;
	site = undefined;
}
