// What the integration and end-to-end runners share: their command line, which test files a filter
// picks, booting the --target site, running `node --test` against it with the site in the
// environment, judging debug.log, and stopping everything, also on Ctrl-C.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pluginProblems, seconds } from './site-common.mjs';
import { REPO_ROOT } from './wordpress-dist.mjs';
import { startPhpBridge } from './php-bridge.mjs';

export const MU_PLUGINS_DIR = path.join( REPO_ROOT, 'tests/support/mu-plugins' );

/**
 * The database each target runs on, given to the tests as RR_DATABASE. Playground is PHP in
 * WebAssembly on SQLite; `sqlite` is native PHP on the same SQLite Database Integration plugin.
 */
export const TARGET_DATABASES = {
	playground: 'sqlite',
	native: 'mariadb',
	sqlite: 'sqlite',
	cluster: 'mariadb',
};

/**
 * The runner's command line: `--target=` (one of `targets`, else exit 2), `--<name>=value` options,
 * `--test-*` options for `node --test`, and the filters (every other argument not starting with --).
 */
export function parseArgs( argv, targets, defaultTarget ) {
	const option = ( name, fallback ) =>
		argv
			.find( ( arg ) => arg.startsWith( `--${ name }=` ) )
			?.slice( `--${ name }=`.length ) ?? fallback;
	const target = option( 'target', defaultTarget );
	if ( ! targets.includes( target ) ) {
		console.error( `unknown --target=${ target } (${ targets.join( '|' ) })` );
		process.exit( 2 );
	}
	return {
		target,
		option,
		nodeTestOptions: argv.filter( ( arg ) => arg.startsWith( '--test-' ) ),
		filters: argv.filter( ( arg ) => ! arg.startsWith( '--' ) ),
	};
}

/**
 * testsDir/**\/*.test.mjs, narrowed by the filters: an exact file path, or a substring of the path
 * relative to the repo root (never of the absolute path: a checkout in /work/wt-reports must not
 * make "reports" match every file).
 */
export function selectTestFiles( testsDir, filters ) {
	const all = fs.existsSync( testsDir )
		? fs
				.readdirSync( testsDir, { recursive: true } )
				.filter( ( file ) => file.endsWith( '.test.mjs' ) )
				.sort()
		: [];
	const selected =
		filters.length === 0
			? all
			: all.filter( ( file ) =>
					filters.some(
						( filter ) =>
							path.resolve( filter ) ===
								path.join( testsDir, file ) ||
							path
								.join( path.relative( REPO_ROOT, testsDir ), file )
								.includes( filter )
					)
				);
	return selected.map( ( file ) => path.join( testsDir, file ) );
}

/**
 * One run: a site for `target`, a PHP bridge to it and the `node --test` child, all stopped by
 * stop(). SIGINT/SIGTERM go to the test child while it runs (Ctrl-C reaches it anyway, through
 * the terminal's process group); while the site boots they stop the run (the site modules' exit
 * handlers kill servers and remove temp dirs).
 *
 * @param {string} label  Prefix of the runner's messages ("test-e2e").
 * @param {string} target playground, native, sqlite or cluster.
 */
export function createTestRun( label, target ) {
	/**
	 * After a failure, the site's logs (debug.log, and the PHP server's log on the native stack) are copied to
	 * artifacts/site-logs/<label>-<target>/ before the site's temp dir goes: a 500 without a body says why there.
	 * @param {string|undefined} debugLogPath
	 */
	function keepSiteLogs( debugLogPath ) {
		if ( ! debugLogPath ) return;
		const into = path.join( REPO_ROOT, 'artifacts/site-logs', `${ label }-${ target }` );
		fs.mkdirSync( into, { recursive: true } );
		for ( const name of [ path.basename( debugLogPath ), 'php-server.log' ] ) {
			const from = path.join( path.dirname( debugLogPath ), name );
			if ( fs.existsSync( from ) ) fs.copyFileSync( from, path.join( into, name ) );
		}
		console.log( `[${ label }] the site's logs: ${ into }` );
	}

	let site;
	let bridge;
	let child;
	let interrupted = false;

	async function stop() {
		const stopping = [];
		if ( bridge ) stopping.push( bridge.close() );
		if ( site ) stopping.push( site.stop() );
		bridge = undefined;
		site = undefined;
		await Promise.allSettled( stopping );
	}

	for ( const signal of [ 'SIGINT', 'SIGTERM' ] ) {
		process.on( signal, () => {
			interrupted = true;
			if ( child && child.exitCode === null ) {
				child.kill( signal );
			} else if ( ! child ) {
				console.error(
					`[${ label }] ${ signal } while booting the ${ target } site: stopping`
				);
				stop().finally( () => process.exit( 130 ) );
			}
		} );
	}

	return {
		stop,
		get interrupted() {
			return interrupted;
		},

		/**
		 * Boots the site with `options` (the site module's), then runs `prepare( site )` (demo data).
		 * Returns the site, or undefined when it failed (said, and everything stopped).
		 */
		async boot( options, prepare ) {
			const started = Date.now();
			try {
				site = await startSite( target, options );
				await prepare?.( site );
			} catch ( error ) {
				console.error(
					`[${ label }] ${ target } site failed to boot:\n${ error?.stack ?? error }`
				);
				await stop();
				return undefined;
			}
			console.log(
				`[${ label }] ${ target } site up in ${ seconds( started ) } s at ${ site.url }`
			);
			return site;
		},

		/**
		 * `node --test` over `files` (one file at a time), with the site in the environment
		 * (RR_TARGET, RR_DATABASE, RR_BASE_URL, RR_ADMIN_USER, RR_ADMIN_PASSWORD,
		 * RR_ADMIN_APP_PASSWORD, RR_RUN_PHP_URL) plus `env`; resolves with its exit code.
		 */
		async runTests( files, { nodeTestOptions, timeout, env } ) {
			bridge = await startPhpBridge( site.runPhp );
			const started = Date.now();
			const code = await runNodeTest( files, {
				nodeTestOptions,
				timeout,
				env: {
					RR_TARGET: target,
					RR_DATABASE: TARGET_DATABASES[ target ],
					RR_BASE_URL: site.url,
					RR_ADMIN_USER: site.adminUser,
					RR_ADMIN_PASSWORD: site.adminPassword,
					RR_ADMIN_APP_PASSWORD: site.appPassword,
					RR_RUN_PHP_URL: bridge.url,
					...env,
				},
				onSpawn: ( spawned ) => ( child = spawned ),
			} );
			console.log(
				`[${ label }] tests finished in ${ seconds( started ) } s (exit ${ code })`
			);
			return code;
		},

		/**
		 * The run's exit code: 130 when interrupted, else the tests' when they failed, else 1 when
		 * plugin code raised PHP warnings, notices, fatals or deprecations in debug.log (printed
		 * whole with `print`).
		 */
		verdict( testsCode, { print = false, pluginDir } = {} ) {
			const debugLogPath = site.debugLogPath;
			const text =
				debugLogPath && fs.existsSync( debugLogPath )
					? fs.readFileSync( debugLogPath, 'utf8' )
					: '';
			if ( print ) {
				console.log( `\n[${ label }] ---- debug.log (${ target }) ----` );
				console.log( text.trim() || '(empty)' );
				console.log( `[${ label }] ---- end of debug.log ----` );
			}
			if ( testsCode !== 0 ) keepSiteLogs( debugLogPath );
			const problems = pluginProblems( text, pluginDir );
			if ( problems.length ) {
				console.error(
					`[${ label }] FAIL: ${ problems.length } PHP problem(s) in plugin code:\n${ problems.join( '\n' ) }`
				);
			} else {
				console.log( `[${ label }] debug.log: no PHP problems in plugin code` );
			}
			if ( interrupted ) return 130;
			if ( testsCode !== 0 ) return testsCode;
			return problems.length ? 1 : 0;
		},
	};
}

/**
 * `node --test` over `files`, one file at a time, from the repo root with `env` added to this
 * process's environment; `onSpawn( child )` gets the child (to forward signals). Resolves with
 * its exit code (128 + the signal's number when a signal ended it).
 */
export function runNodeTest( files, { nodeTestOptions, timeout, env, onSpawn } ) {
	return new Promise( ( resolve ) => {
		const child = spawn(
			process.execPath,
			[
				'--test',
				'--test-concurrency=1',
				'--test-reporter=spec',
				// Safety net against a hung request; tests set tighter timeouts themselves.
				`--test-timeout=${ timeout }`,
				...nodeTestOptions,
				...files,
			],
			{
				cwd: REPO_ROOT,
				stdio: 'inherit',
				env: { ...process.env, ...env },
			}
		);
		onSpawn?.( child );
		child.on( 'exit', ( code, signal ) =>
			resolve( code ?? 128 + ( os.constants.signals[ signal ] ?? 1 ) )
		);
	} );
}

/** Boots the site of `target` (its module loads only then: Playground's is heavy). */
async function startSite( target, options ) {
	if ( target === 'playground' ) {
		const { startPlaygroundSite } = await import( './site-playground.mjs' );
		return startPlaygroundSite( options );
	}
	if ( target === 'cluster' ) {
		const { startClusterSite } = await import( './site-cluster.mjs' );
		return startClusterSite( options );
	}
	const { startNativeSite } = await import( './site-native.mjs' );
	return startNativeSite( { ...options, database: TARGET_DATABASES[ target ] } );
}
