// Provides complete WordPress trees without internet access, for both ends of what can be had
// here (issue #21): the only source reachable is the npm package @wp-playground/wordpress-builds,
// and its newest and oldest usable trees are
//   6.6: `wp-beta` (6.6-RC3), the oldest release the plugin supports (`Requires at least`);
//   6.7: `wp-nightly` (6.7-alpha), the newest tree the package holds (`Tested up to`).
// Each zip lacks its JS/CSS assets; they live next to it in `public/<name>/`. Joining both gives a
// complete, normal WordPress tree, which serves Playground, native PHP + MariaDB and native PHP +
// SQLite alike.
//
// Each tree is cached in .cache/wordpress/wp-<version> (git-ignored; .cache may be a link
// shared by several worktrees, so trees are built in a temp dir and renamed into place)
// and treated as a pristine, read-only copy: callers get their own throwaway copy through
// copyWordPress() because both Playground and an install write into the site.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const REPO_ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
export const CACHE_DIR = path.join( REPO_ROOT, '.cache', 'wordpress' );

/** The oldest WordPress the plugin supports: Playground's, and the native legs' other end. */
export const OLDEST_WORDPRESS = '6.6';
/** The newest WordPress tree that can be had here: the native legs'. */
export const NEWEST_WORDPRESS = '6.7';
/** WordPress version of the Playground target. */
export const PLAYGROUND_WORDPRESS = OLDEST_WORDPRESS;
/** WordPress version of the native targets. */
export const NATIVE_WORDPRESS = NEWEST_WORDPRESS;

const BUILDS_PACKAGE = '@wp-playground/wordpress-builds@0.9.19';
const TARBALL = path.join(
	CACHE_DIR,
	'wp-playground-wordpress-builds-0.9.19.tgz'
);
// Written last: a tree without it is a half-finished extraction and is rebuilt.
const COMPLETE_MARKER = '.rr-dist-complete';

// Version → the builds package's name for that tree (src/wordpress/<name>.zip + public/<name>/).
const BUILD_NAMES = {
	6.6: 'wp-beta',
	6.7: 'wp-nightly',
};

/**
 * Returns the path of the pristine WordPress tree of one version, building it on first use.
 * Idempotent; when cached it only checks the marker file.
 * @param {string} [version] '6.6' (default) or '6.7'
 * @returns {string}
 */
export function ensureWordPress( version = PLAYGROUND_WORDPRESS ) {
	const buildName = BUILD_NAMES[ version ];
	if ( ! buildName ) {
		throw new Error(
			`no WordPress ${ version } here (${ Object.keys( BUILD_NAMES ).join( ', ' ) })`
		);
	}
	const wpDir = path.join( CACHE_DIR, `wp-${ version }` );
	if ( fs.existsSync( path.join( wpDir, COMPLETE_MARKER ) ) ) {
		return wpDir;
	}
	fs.mkdirSync( CACHE_DIR, { recursive: true } );
	// Build in a sibling temp dir and rename at the end, so an interrupted run never
	// leaves something that looks complete.
	const work = fs.mkdtempSync( path.join( CACHE_DIR, 'tmp-' ) );
	try {
		const tree = joinBuild( work, version, buildName );
		fs.writeFileSync(
			path.join( tree, COMPLETE_MARKER ),
			`${ version }\n`
		);
		// Another process may have finished first (parallel first runs): keep its tree.
		if ( ! fs.existsSync( path.join( wpDir, COMPLETE_MARKER ) ) ) {
			fs.rmSync( wpDir, { recursive: true, force: true } ); // an interrupted earlier attempt
			try {
				fs.renameSync( tree, wpDir );
			} catch ( error ) {
				if ( ! fs.existsSync( path.join( wpDir, COMPLETE_MARKER ) ) )
					throw error;
			}
		}
	} finally {
		fs.rmSync( work, { recursive: true, force: true } );
	}
	return wpDir;
}

/**
 * Joins one tree of the builds package (its zip + its public assets) into work/wp, downloading
 * the package with npm pack on first use.
 * @param {string} work      temp dir
 * @param {string} version   '6.6' or '6.7', for messages
 * @param {string} buildName 'wp-beta' or 'wp-nightly'
 * @returns {string} the joined tree
 */
function joinBuild( work, version, buildName ) {
	if ( ! fs.existsSync( TARBALL ) ) {
		// 158 MB; deliberately not a dependency so `npm ci` stays lean.
		log( `downloading ${ BUILDS_PACKAGE } with npm pack (158 MB, once)…` );
		// Packed into this build's own temp dir and renamed into place: several legs may start at
		// once on a fresh machine, and none may read another's half-written tarball.
		execFileSync(
			'npm',
			[ 'pack', BUILDS_PACKAGE, '--pack-destination', work, '--silent' ],
			{
				stdio: [ 'ignore', 'ignore', 'inherit' ],
			}
		);
		const packed = path.join( work, path.basename( TARBALL ) );
		if ( ! fs.existsSync( packed ) ) {
			throw new Error( `npm pack did not produce ${ packed }` );
		}
		fs.renameSync( packed, TARBALL );
	}
	log(
		`joining WordPress ${ version } (${ buildName } zip + public assets) into .cache/wordpress/wp-${ version }…`
	);
	// System tar is present wherever git is; Node has no tar/gzip-archive reader.
	execFileSync(
		'tar',
		[
			'xzf',
			TARBALL,
			'-C',
			work,
			`package/src/wordpress/${ buildName }.zip`,
			`package/public/${ buildName }`,
		],
		{
			stdio: 'inherit',
		}
	);
	const tree = path.join( work, 'wp' );
	extractZip(
		path.join( work, `package/src/wordpress/${ buildName }.zip` ),
		tree
	);
	fs.cpSync( path.join( work, `package/public/${ buildName }` ), tree, {
		recursive: true,
	} );
	// The builds ship a pre-installed SQLite database for 127.0.0.1:9400 (and the nightly its
	// builder's debug.log); we want clean installs.
	for ( const leftover of [ 'database/.ht.sqlite', 'debug.log' ] ) {
		fs.rmSync( path.join( tree, 'wp-content', leftover ), { force: true } );
	}
	return tree;
}

/**
 * Copies the pristine tree for one site (about 0.5 s for 69 MB).
 * @param {string} [dest] directory to create; defaults to a fresh temp dir
 * @param {object} [options]
 * @param {string} [options.version] WordPress version, see ensureWordPress()
 * @returns {string} path of the copy; the caller deletes it
 */
export function copyWordPress( dest, { version } = {} ) {
	const source = ensureWordPress( version );
	const target = dest ?? fs.mkdtempSync( path.join( os.tmpdir(), 'rr-wp-' ) );
	fs.cpSync( source, target, { recursive: true } );
	fs.rmSync( path.join( target, COMPLETE_MARKER ), { force: true } );
	return target;
}

/**
 * Minimal ZIP reader (stored + deflate, no zip64) so we do not depend on `unzip`
 * being installed on a fresh machine. The WordPress zip is ~5 MB / 1.6k files.
 * @param {string} zipPath
 * @param {string} destDir
 */
export function extractZip( zipPath, destDir ) {
	const buf = fs.readFileSync( zipPath );
	// End of central directory record: signature 0x06054b50, within the last 64 KiB + 22 bytes.
	let eocd = -1;
	for (
		let i = buf.length - 22;
		i >= Math.max( 0, buf.length - 65557 );
		i--
	) {
		if ( buf.readUInt32LE( i ) === 0x06054b50 ) {
			eocd = i;
			break;
		}
	}
	if ( eocd < 0 ) throw new Error( `${ zipPath }: not a zip file` );
	const entries = buf.readUInt16LE( eocd + 10 );
	let p = buf.readUInt32LE( eocd + 16 );
	const root = path.resolve( destDir );
	fs.mkdirSync( root, { recursive: true } );
	for ( let n = 0; n < entries; n++ ) {
		if ( buf.readUInt32LE( p ) !== 0x02014b50 )
			throw new Error( `${ zipPath }: bad central directory` );
		const method = buf.readUInt16LE( p + 10 );
		const compressedSize = buf.readUInt32LE( p + 20 );
		const nameLen = buf.readUInt16LE( p + 28 );
		const extraLen = buf.readUInt16LE( p + 30 );
		const commentLen = buf.readUInt16LE( p + 32 );
		const externalAttrs = buf.readUInt32LE( p + 38 );
		const localOffset = buf.readUInt32LE( p + 42 );
		const name = buf.toString( 'utf8', p + 46, p + 46 + nameLen );
		p += 46 + nameLen + extraLen + commentLen;

		const target = path.resolve( root, name );
		if ( target !== root && ! target.startsWith( root + path.sep ) ) {
			throw new Error(
				`${ zipPath }: entry escapes destination: ${ name }`
			);
		}
		if ( name.endsWith( '/' ) ) {
			fs.mkdirSync( target, { recursive: true } );
			continue;
		}
		// Sizes in the local header may be zero (data descriptor); the central directory's are authoritative.
		const dataStart =
			localOffset +
			30 +
			buf.readUInt16LE( localOffset + 26 ) +
			buf.readUInt16LE( localOffset + 28 );
		const raw = buf.subarray( dataStart, dataStart + compressedSize );
		let data;
		if ( method === 0 ) data = raw;
		else if ( method === 8 ) data = zlib.inflateRawSync( raw );
		else
			throw new Error(
				`${ zipPath }: unsupported compression method ${ method } for ${ name }`
			);
		fs.mkdirSync( path.dirname( target ), { recursive: true } );
		const mode = ( externalAttrs >>> 16 ) & 0o777;
		fs.writeFileSync( target, data, { mode: mode || 0o644 } );
	}
}

function log( message ) {
	process.stderr.write( `[wordpress-dist] ${ message }\n` );
}

// Allow `node scripts/lib/wordpress-dist.mjs [version…]` to prepare the cache ahead of time.
if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) === fileURLToPath( import.meta.url )
) {
	const versions = process.argv.slice( 2 );
	for ( const version of versions.length
		? versions
		: [ PLAYGROUND_WORDPRESS ] ) {
		console.log( ensureWordPress( version ) );
	}
}
