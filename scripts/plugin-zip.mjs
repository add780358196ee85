#!/usr/bin/env node
// Builds recruiting-reports.zip, the release a site admin uploads (Plugins → Add New → Upload):
// exactly what runs on a site (docs/targets.md#release-and-operations) under one top folder named after the slug, and nothing
// for development (no tests, scripts, dev/ tools, sources, source maps).
//
//   node scripts/plugin-zip.mjs [--out=path.zip]
// (npm run plugin-zip builds, makes the .pot and the OpenAPI document first)
//
// Why not `wp-scripts plugin-zip`: with package.json `files` it uses npm-packlist, which always adds
// package.json and README.md; without it, it looks for <slug>.php and misses plugin.php.
// Needs the `zip` command (Debian package zip, installed by .ci/run).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
export const SLUG = 'recruiting-reports';

/** Files at the plugin's root that ship; all must exist. */
export const RELEASE_FILES = [
	'plugin.php',
	'uninstall.php',
	'block.json',
	'readme.txt',
];
/** Folders that ship whole (minus EXCLUDED); all must exist. */
export const RELEASE_DIRS = [ 'build', 'includes', 'languages' ];
/**
 * Generated files that must be in those folders: the .pot (npm run make-pot) and the API's OpenAPI
 * document (docs/targets.md#release-and-operations; npm run openapi writes it into build/).
 */
export const GENERATED = [
	'languages/recruiting-reports.pot',
	'build/openapi.json',
];
/** Never shipped, even inside RELEASE_DIRS: source maps and editor/OS litter. */
export const EXCLUDED = /(\.map$|(^|\/)\.DS_Store$|(^|\/)\.gitkeep$)/;

/**
 * The plugin-relative paths of every file that goes into the zip, sorted.
 * @param {string} [root] plugin folder (defaults to the repository)
 * @returns {string[]}
 */
export function releaseFiles( root = REPO_ROOT ) {
	const files = [];
	for ( const file of RELEASE_FILES ) {
		if ( ! fs.existsSync( path.join( root, file ) ) ) {
			throw new Error(
				`${ file } is missing (npm run build / make-pot first?)`
			);
		}
		files.push( file );
	}
	for ( const file of GENERATED ) {
		if ( ! fs.existsSync( path.join( root, file ) ) ) {
			throw new Error(
				`${ file } is missing (npm run make-pot / npm run openapi first?)`
			);
		}
	}
	for ( const dir of RELEASE_DIRS ) {
		if ( ! fs.existsSync( path.join( root, dir ) ) ) {
			throw new Error(
				`${ dir }/ is missing (npm run build / make-pot first?)`
			);
		}
		for ( const entry of fs.readdirSync( path.join( root, dir ), {
			recursive: true,
			withFileTypes: true,
		} ) ) {
			if ( ! entry.isFile() ) continue;
			const file = path
				.relative( root, path.join( entry.parentPath, entry.name ) )
				.split( path.sep )
				.join( '/' );
			if ( ! EXCLUDED.test( file ) ) files.push( file );
		}
	}
	return files.sort();
}

/**
 * Writes the zip and returns its path.
 * @param {string} out
 * @returns {string}
 */
export function buildZip( out = path.join( REPO_ROOT, `${ SLUG }.zip` ) ) {
	const files = releaseFiles();
	const stage = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-zip-' ) );
	try {
		for ( const file of files ) {
			const target = path.join( stage, SLUG, file );
			fs.mkdirSync( path.dirname( target ), { recursive: true } );
			fs.copyFileSync( path.join( REPO_ROOT, file ), target );
		}
		fs.rmSync( out, { force: true } );
		// -X: no extra file attributes (uid/gid), so the zip depends only on the content and times.
		execFileSync( 'zip', [ '-q', '-r', '-X', path.resolve( out ), SLUG ], {
			cwd: stage,
			stdio: 'inherit',
		} );
	} finally {
		fs.rmSync( stage, { recursive: true, force: true } );
	}
	return out;
}

if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) === fileURLToPath( import.meta.url )
) {
	const outArg = process.argv
		.find( ( arg ) => arg.startsWith( '--out=' ) )
		?.slice( '--out='.length );
	const out = buildZip( outArg ? path.resolve( outArg ) : undefined );
	const files = releaseFiles();
	console.log(
		`${ path.relative( process.cwd(), out ) || out }: ${ files.length } files, ${ (
			fs.statSync( out ).size / 1024
		).toFixed( 0 ) } KiB`
	);
}
