// The real WP-CLI against the test site's WordPress, when one is given: neither npm nor Debian serves
// WP-CLI, so the project cannot install it. Set RR_WP_CLI=/path/to/wp-cli.phar to run the WP-CLI tests;
// without it they are reported as skipped, with the reason. They also need a native site (the runner
// exposes its WordPress folder as RR_WORDPRESS_PATH): on Playground WordPress lives inside PHP/wasm,
// where no PHP CLI can reach it.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const WP_PATH = process.env.RR_WORDPRESS_PATH || '';
const WP_CLI_PHAR = process.env.RR_WP_CLI ? path.resolve( process.env.RR_WP_CLI ) : '';

/** For node:test's `skip`: false when WP-CLI and a native site are both there, else the reason. */
export const skipWithoutWpCli =
	( ! WP_CLI_PHAR && 'WP-CLI not given: set RR_WP_CLI=/path/to/wp-cli.phar to run the WP-CLI tests' ) ||
	( ! WP_PATH && 'WP-CLI needs a native site (RR_WORDPRESS_PATH); Playground runs PHP in wasm: run with --target=native or --target=sqlite' ) ||
	false;

/**
 * Runs `wp <args…>` asynchronously (so that servers in this process, such as a webhook receiver, keep
 * answering meanwhile). Never rejects on a non-zero exit: tests assert the code. Rejects when no WP-CLI
 * was given, or the given file is missing: a test that calls it without skipWithoutWpCli must fail.
 *
 * @param {string[]} args
 * @param {{ input?: string, path?: string }} [options] input is written to the command's standard input; path is
 *   another WordPress than the runner's site (a test network's, lib/network.mjs)
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function wp( args, { input, path: wordpressPath = WP_PATH } = {} ) {
	return new Promise( ( resolve, reject ) => {
		if ( ! WP_CLI_PHAR || ! fs.existsSync( WP_CLI_PHAR ) ) {
			reject( new Error( WP_CLI_PHAR ? `RR_WP_CLI: no file ${ WP_CLI_PHAR }` : 'RR_WP_CLI is not set' ) );
			return;
		}
		const child = spawn(
			process.env.RR_PHP || 'php',
			[ WP_CLI_PHAR, `--path=${ wordpressPath }`, '--allow-root', ...args ],
			{ stdio: [ 'pipe', 'pipe', 'pipe' ] }
		);
		let stdout = '';
		let stderr = '';
		child.stdout.setEncoding( 'utf8' ).on( 'data', ( chunk ) => ( stdout += chunk ) );
		child.stderr.setEncoding( 'utf8' ).on( 'data', ( chunk ) => ( stderr += chunk ) );
		child.on( 'error', reject );
		child.on( 'close', ( code ) => resolve( { code, stdout, stderr } ) );
		child.stdin.end( input ?? '' );
	} );
}

/** Like wp(), but fails with the command's output unless it exits with 0; returns stdout. */
export async function wpOk( args, options ) {
	const result = await wp( args, options );
	if ( result.code !== 0 ) {
		throw new Error( `wp ${ args.join( ' ' ) } exited with ${ result.code }:\n${ result.stdout }\n${ result.stderr }` );
	}
	return result.stdout;
}
