// The embedded default target: WordPress Playground (PHP in WebAssembly + SQLite; PHP 8.2 unless
// asked for another tested version) through @wp-playground/cli's runCLI, in this Node process (no
// child processes).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCLI } from '@wp-playground/cli';
import { PLAYGROUND_WORDPRESS, copyWordPress } from './wordpress-dist.mjs';
import { DEFAULT_PLAYGROUND_PHP, assertTestedPhp } from './php-versions.mjs';
import {
	ADMIN_PASSWORD,
	ADMIN_USER,
	DEFAULT_PLUGIN_DIR,
	PLUGIN_SLUG,
	assertPortFree,
	fileSize,
	freePort,
	parseMarked,
	phpFailure,
	readFrom,
	seconds,
	setupSnippet,
	runPhpSource,
	warmUp,
} from './site-common.mjs';

/**
 * @param {object} [options]
 * @param {number} [options.port] defaults to a free port (Playground's own port 0 means 9400)
 * @param {number} [options.workers] PHP workers; 1 for REST suites, 2 for anything a browser drives
 * @param {string} [options.php] PHP version, one of the tested ones (8.1–8.4); default RR_PHP_VERSION, else 8.2
 * @param {string} [options.muPluginsDir] mounted at /wordpress/wp-content/mu-plugins
 * @param {string} [options.phpSetup] extra PHP statements run once after activation (e.g. seeding)
 * @param {string} [options.pluginDir] defaults to the repo root
 * @param {boolean} [options.keep] keep the site copy after stop() (also RR_KEEP_SITE=1)
 */
export async function startPlaygroundSite( {
	port,
	workers = 1,
	php = process.env.RR_PHP_VERSION || DEFAULT_PLAYGROUND_PHP,
	muPluginsDir,
	phpSetup,
	pluginDir = DEFAULT_PLUGIN_DIR,
	keep = process.env.RR_KEEP_SITE === '1',
} = {} ) {
	const started = Date.now();
	assertTestedPhp( php );
	port ??= await freePort();
	await assertPortFree( port );

	// Playground writes into the mounted site (SQLite database, wp-config.php): use a copy.
	const siteCopy = copyWordPress(
		fs.mkdtempSync( path.join( os.tmpdir(), 'rr-playground-' ) ),
		{ version: PLAYGROUND_WORDPRESS }
	);
	// Playground runs in this process, so it dies with it; only the copy could be left over.
	const onExit = () => {
		if ( ! keep ) fs.rmSync( siteCopy, { recursive: true, force: true } );
	};
	process.on( 'exit', onExit );
	const mounts = [
		{
			hostPath: path.resolve( pluginDir ),
			vfsPath: `/wordpress/wp-content/plugins/${ PLUGIN_SLUG }`,
		},
	];
	if ( muPluginsDir ) {
		mounts.push( {
			hostPath: path.resolve( muPluginsDir ),
			vfsPath: '/wordpress/wp-content/mu-plugins',
		} );
	}

	let cli;
	try {
		cli = await runCLI( {
			command: 'server',
			port,
			php,
			verbosity: 'quiet',
			workers,
			'mount-before-install': [
				{ hostPath: siteCopy, vfsPath: '/wordpress' },
			],
			mount: mounts,
			wordpressInstallMode: 'install-from-existing-files',
			// 'local' also enables application passwords over plain http.
			define: { WP_ENVIRONMENT_TYPE: 'local' },
			'define-bool': {
				WP_HTTP_BLOCK_EXTERNAL: true,
				DISABLE_WP_CRON: true,
				AUTOMATIC_UPDATER_DISABLED: true,
				// Log to wp-content/debug.log (in siteCopy on the host) like the native target.
				WP_DEBUG: true,
				WP_DEBUG_LOG: true,
				WP_DEBUG_DISPLAY: false,
			},
			// The blueprint stays empty: activation and the app password go through runPhp()
			// with the same PHP as the native target, so both targets are set up identically.
			blueprint: { steps: [] },
		} );
	} catch ( error ) {
		process.off( 'exit', onExit );
		onExit();
		throw error;
	}

	// @wp-playground/cli answers the very first HTTP request of a server with a 302 to the
	// same URL (to clear an auto-login cookie). A client that follows it turns a POST into a
	// bodiless GET, so a test's first POST would fail with rest_no_route. Spend it here.
	try {
		await fetch( `${ cli.serverUrl }/`, { redirect: 'manual' } ).then(
			( response ) => response.arrayBuffer()
		);
	} catch ( error ) {
		await cli[ Symbol.asyncDispose ]();
		process.off( 'exit', onExit );
		onExit();
		throw error;
	}

	let stopped = false;
	const stop = async () => {
		if ( stopped ) return;
		stopped = true;
		await cli[ Symbol.asyncDispose ]();
		process.off( 'exit', onExit );
		onExit();
	};

	/**
	 * runPhp(code): PHP statements (a leading `<?php` is optional) run inside the site
	 * after wp-load.php, with the admin as current user. Resolves with stdout; rejects
	 * on a non-zero exit with stderr and the new debug.log lines.
	 */
	const debugLogPath = path.join( siteCopy, 'wp-content/debug.log' );
	const runPhp = async ( code ) => {
		const logSizeBefore = fileSize( debugLogPath );
		let response;
		try {
			response = await cli.playground.run( {
				code: runPhpSource( {
					wpLoad: '/wordpress/wp-load.php',
					code,
				} ),
			} );
		} catch ( error ) {
			// php-wasm throws on a non-zero exit; its message carries stdout and stderr.
			throw phpFailure( 'runPhp failed', {
				debugLog: readFrom( debugLogPath, logSizeBefore ),
				stdout: String( error?.message ?? error ),
			} );
		}
		if ( response.exitCode !== 0 ) {
			throw phpFailure( `runPhp exited with ${ response.exitCode }`, {
				debugLog: readFrom( debugLogPath, logSizeBefore ),
				stderr: response.errors,
				stdout: response.text,
			} );
		}
		return response.text;
	};

	try {
		const { appPassword } = parseMarked( await runPhp( setupSnippet() ) );
		if ( phpSetup ) await runPhp( phpSetup );
		await warmUp( cli.serverUrl );
		log(
			`Playground site (PHP ${ php }) up at ${ cli.serverUrl } in ${ seconds( started ) } s (site copy ${ siteCopy })`
		);
		return {
			url: cli.serverUrl,
			adminUser: ADMIN_USER,
			adminPassword: ADMIN_PASSWORD,
			appPassword,
			debugLogPath,
			wordpressPath: siteCopy,
			wordpressVersion: PLAYGROUND_WORDPRESS,
			phpVersion: php,
			runPhp,
			stop,
		};
	} catch ( error ) {
		await stop();
		throw error;
	}
}

function log( message ) {
	process.stderr.write( `[site-playground] ${ message }\n` );
}
