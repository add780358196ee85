#!/usr/bin/env node
// `php -l` over every PHP file of the project under every tested PHP version (lib/php-versions.mjs:
// plugin.php's "Requires PHP" up to 8.4), with the PHP builds @wp-playground/cli ships (@php-wasm/node-8-*),
// so no PHP needs to be installed. php -l compiles without running: syntax errors and compile-time errors
// (a method declared twice, an abstract method with a body) fail, and so does any compile-time warning
// or deprecation (for example an implicitly nullable parameter under 8.4), which the native legs'
// debug.log check would fail later anyway.
//
//   node scripts/php-lint.mjs [--php=8.1] [file…]     (default: every tracked or new, not ignored, *.php)
//
// Prints the files, then one line per version (and every message of a failing file), then
// "php -l: N passed, N failed" over files × versions; exits 1 when anything failed. This is a lint, like
// lint:js, so .ci/run's summary does not count its checks as tests.
//
// Speed: each version's WebAssembly module is compiled once. PHP 8.3 and later lint every file in one
// CLI run; the CLI of 8.1 and 8.2 lints only the first file it is given, and a php-wasm instance is
// spent once its CLI exits, so there every file gets a fresh instance of the compiled module (~80 ms).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PHP } from '@php-wasm/universal';
import { getPHPLoaderModule, loadNodeRuntime, useHostFilesystem } from '@php-wasm/node';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';
import { assertTestedPhp, testedPhpVersions } from './lib/php-versions.mjs';
import { seconds } from './lib/site-common.mjs';

const args = process.argv.slice( 2 );
const onlyVersion = args.find( ( arg ) => arg.startsWith( '--php=' ) )?.slice( 6 );
const versions = onlyVersion ? [ assertTestedPhp( onlyVersion ) ] : testedPhpVersions();
const named = args.filter( ( arg ) => ! arg.startsWith( '--' ) );
const files = ( named.length ? named : projectPhpFiles() ).map( ( file ) => path.resolve( REPO_ROOT, file ) );

const started = Date.now();
console.log( `php -l: ${ files.length } files under PHP ${ versions.join( ', ' ) }` );
for ( const file of files ) console.log( `  ${ path.relative( REPO_ROOT, file ) }` );
let passed = 0;
let failed = 0;
for ( const version of versions ) {
	const versionStarted = Date.now();
	const { phpVersion, results } = await lintUnder( version, files );
	const failures = results.filter( ( result ) => ! result.ok );
	passed += results.length - failures.length;
	failed += failures.length;
	console.log( `PHP ${ phpVersion }: ${ results.length } files, ${ failures.length } failed (${ seconds( versionStarted ) } s)` );
	for ( const failure of failures ) {
		console.log( `  FAIL ${ path.relative( REPO_ROOT, failure.file ) }` );
		for ( const message of failure.messages ) console.log( `    ${ message }` );
	}
}
console.log( `php -l: ${ passed } passed, ${ failed } failed (${ seconds( started ) } s)` );
// php-wasm keeps handles open after its runtimes exit.
process.exit( failed ? 1 : 0 );

/** The project's PHP files: tracked, or new and not ignored (node_modules, build/, .cache are ignored). */
function projectPhpFiles() {
	return execFileSync( 'git', [ 'ls-files', '--cached', '--others', '--exclude-standard', '--', '*.php' ], { cwd: REPO_ROOT, encoding: 'utf8' } )
		.split( '\n' )
		.filter( Boolean )
		.filter( ( file ) => fs.existsSync( path.join( REPO_ROOT, file ) ) );
}

/** Lints `files` under one PHP version; resolves with the exact version and one result per file. */
async function lintUnder( version, files ) {
	const loader = await getPHPLoaderModule( version );
	const compiled = await WebAssembly.compile( fs.readFileSync( loader.dependencyFilename ) );
	// Emscripten's hook for supplying the instance: every run instantiates the module compiled above.
	const instantiateWasm = ( imports, receiveInstance ) => {
		WebAssembly.instantiate( compiled, imports ).then( ( instance ) => receiveInstance( instance, compiled ) );
		return {};
	};
	const run = async ( argv ) => {
		const php = new PHP( await loadNodeRuntime( version, { emscriptenOptions: { processId: 1, instantiateWasm } } ) );
		useHostFilesystem( php );
		const response = await php.cli( [ 'php', '-d', 'display_errors=stdout', '-d', 'log_errors=0', '-d', 'error_reporting=-1', ...argv ] );
		return { stdout: await response.stdoutText, stderr: await response.stderrText, exitCode: await response.exitCode };
	};
	const phpVersion = ( await run( [ '-r', 'echo PHP_VERSION;' ] ) ).stdout.trim();
	if ( ! phpVersion.startsWith( `${ version }.` ) ) throw new Error( `asked for PHP ${ version }, got "${ phpVersion }"` );
	const [ major, minor ] = version.split( '.' ).map( Number );
	const manyFilesPerRun = major > 8 || ( major === 8 && minor >= 3 );
	const batches = manyFilesPerRun ? [ files ] : files.map( ( file ) => [ file ] );
	const results = [];
	for ( const batch of batches ) {
		results.push( ...lintResults( batch, await run( [ '-l', ...batch ] ) ) );
	}
	return { phpVersion, results };
}

/**
 * Reads php -l's output: for each file, the messages printed before its verdict line ("No syntax errors
 * detected in F" or "Errors parsing F"). A file passes with the first verdict and no message.
 */
function lintResults( batch, { stdout, stderr, exitCode } ) {
	const lines = stdout.split( '\n' ).map( ( line ) => line.trim() );
	const results = [];
	let messages = [];
	for ( const line of lines ) {
		const verdict = line.match( /^(No syntax errors detected in|Errors parsing) (.+)$/ );
		if ( verdict ) {
			results.push( { file: verdict[ 2 ], ok: verdict[ 1 ].startsWith( 'No' ) && messages.length === 0, messages } );
			messages = [];
		} else if ( line ) {
			messages.push( line );
		}
	}
	if ( exitCode !== 0 && results.every( ( result ) => result.ok ) ) {
		// Every verdict says fine but PHP did not: trust the exit code.
		for ( const result of results ) {
			result.ok = false;
			result.messages.push( `php -l exited with ${ exitCode }` );
		}
	}
	const byFile = new Map( results.map( ( result ) => [ result.file, result ] ) );
	return batch.map(
		( file ) =>
			byFile.get( file ) ?? {
				file,
				ok: false,
				messages: [ `php -l gave no verdict (exit ${ exitCode })`, ...messages, ...stderr.split( '\n' ).filter( Boolean ) ],
			}
	);
}
