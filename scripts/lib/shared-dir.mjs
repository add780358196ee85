// Finds the machine's shared folder (`../shared` next to the repository): WordPress 7.1's
// tarball and the ops tools (WP-CLI, PHPCS, Plugin Check) live there because neither npm
// nor Debian serves them.
//
// Looked up, first match wins: $RR_SHARED_DIR; then a `shared/` folder beside the
// repository or any folder above it; then the same beside the main worktree (for a git
// worktree elsewhere) and beside the repository this one was cloned from (a fresh
// `git clone /work/main /tmp/x` still finds /work/shared).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);

let cached;

/**
 * @returns {string} absolute path of the shared folder
 * @throws {Error} when none of the candidates holds `tools/` or `wordpress/`
 */
export function sharedDir() {
	if ( cached ) return cached;
	const tried = [];
	for ( const candidate of candidates() ) {
		tried.push( candidate );
		if (
			fs.existsSync( path.join( candidate, 'tools' ) ) ||
			fs.existsSync( path.join( candidate, 'wordpress' ) )
		) {
			cached = candidate;
			return cached;
		}
	}
	throw new Error(
		`shared folder (WordPress 7.1, WP-CLI, PHPCS, Plugin Check) not found; set RR_SHARED_DIR. Tried: ${ tried.join(
			', '
		) }`
	);
}

/** @returns {string} path of a file or folder inside the shared folder */
export function sharedPath( ...parts ) {
	return path.join( sharedDir(), ...parts );
}

function* candidates() {
	if ( process.env.RR_SHARED_DIR ) {
		yield path.resolve( process.env.RR_SHARED_DIR );
		return;
	}
	const bases = [ REPO_ROOT ];
	const commonDir = git(
		'rev-parse',
		'--path-format=absolute',
		'--git-common-dir'
	);
	if ( commonDir ) bases.push( path.dirname( commonDir ) );
	const origin = git( 'config', '--get', 'remote.origin.url' );
	if ( origin && path.isAbsolute( origin ) ) bases.push( origin );
	const seen = new Set();
	for ( const base of bases ) {
		for ( let dir = base; ; dir = path.dirname( dir ) ) {
			const candidate = path.join( dir, 'shared' );
			if ( ! seen.has( candidate ) ) {
				seen.add( candidate );
				yield candidate;
			}
			if ( path.dirname( dir ) === dir ) break;
		}
	}
}

function git( ...args ) {
	try {
		return execFileSync( 'git', args, {
			cwd: REPO_ROOT,
			encoding: 'utf8',
			stdio: [ 'ignore', 'pipe', 'ignore' ],
		} ).trim();
	} catch {
		return '';
	}
}

// `node scripts/lib/shared-dir.mjs [part…]` prints the path (used by .ci/run and npm scripts).
if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) === fileURLToPath( import.meta.url )
) {
	try {
		console.log( sharedPath( ...process.argv.slice( 2 ) ) );
	} catch ( error ) {
		console.error( error.message );
		process.exit( 1 );
	}
}
