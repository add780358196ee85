// The real WP-CLI (wp-cli.phar 2.10 from the machine's shared tools folder) against the test site's
// WordPress. Native target only: the runner exposes the site's WordPress folder as RR_WORDPRESS_PATH; on
// Playground WordPress lives inside PHP/wasm, where no PHP CLI can reach it.

import { spawn } from 'node:child_process';
import { sharedPath } from '../../../scripts/lib/shared-dir.mjs';

export const WP_PATH = process.env.RR_WORDPRESS_PATH || '';

/** For node:test's `skip`: false on native, the reason elsewhere. */
export const skipWithoutNativeSite = WP_PATH
	? false
	: 'WP-CLI needs the native site (RR_WORDPRESS_PATH); Playground runs PHP in wasm: run with --target=native';

/**
 * Runs `wp <args…>` asynchronously (so that servers in this process, such as a webhook receiver, keep
 * answering meanwhile). Never rejects on a non-zero exit: tests assert the code.
 *
 * @param {string[]} args
 * @param {{ input?: string }} [options] input is written to the command's standard input
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function wp( args, { input } = {} ) {
	return new Promise( ( resolve, reject ) => {
		const child = spawn(
			process.env.RR_PHP || 'php',
			[ sharedPath( 'tools', 'wp-cli.phar' ), `--path=${ WP_PATH }`, '--allow-root', ...args ],
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
