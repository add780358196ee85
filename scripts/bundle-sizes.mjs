#!/usr/bin/env node
// Prints the size of every built entry point (JS and CSS, raw and gzipped) and checks the
// front-end budget of docs/targets.md#targets: the block's view script, chart.js included, under 80 KB gzipped.
// The view script's dependencies (from its .asset.php) are listed too: it must need none of
// WordPress's scripts, or their weight would count against the front end as well.
//
//   node scripts/bundle-sizes.mjs        (after npm run build; exit 1 when over budget)

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { BUILD_ENTRIES } from './lib/build-entries.mjs';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const BUILD = path.join( ROOT, 'build' );
const VIEW_BUDGET = 80 * 1024;

const kb = ( bytes ) => `${ ( bytes / 1024 ).toFixed( 1 ) } KB`;
const gzip = ( file ) =>
	zlib.gzipSync( fs.readFileSync( file ), { level: 9 } ).length;

if ( ! fs.existsSync( BUILD ) ) {
	console.error( 'build/ is missing: run npm run build first' );
	process.exit( 1 );
}

let failed = false;
const rows = [];
for ( const entry of BUILD_ENTRIES ) {
	for ( const ext of [ 'js', 'css' ] ) {
		const file = path.join( BUILD, `${ entry }.${ ext }` );
		if ( ! fs.existsSync( file ) ) {
			if ( ext === 'js' ) {
				console.error( `build/${ entry }.js is missing` );
				failed = true;
			}
			continue;
		}
		rows.push( {
			file: `build/${ entry }.${ ext }`,
			raw: fs.statSync( file ).size,
			gz: gzip( file ),
		} );
	}
}

const width = Math.max( ...rows.map( ( row ) => row.file.length ) );
console.log(
	`${ 'entry'.padEnd( width ) }  ${ 'raw'.padStart( 9 ) }  ${ 'gzipped'.padStart( 9 ) }`
);
for ( const row of rows ) {
	console.log(
		`${ row.file.padEnd( width ) }  ${ kb( row.raw ).padStart( 9 ) }  ${ kb( row.gz ).padStart( 9 ) }`
	);
}

const view = rows.find( ( row ) => row.file === 'build/block-view.js' );
const asset = path.join( BUILD, 'block-view.asset.php' );
const deps = fs.existsSync( asset )
	? [ ...fs.readFileSync( asset, 'utf8' ).matchAll( /'([^']+)'/g ) ]
			.map( ( m ) => m[ 1 ] )
			.filter( ( d ) => d !== 'dependencies' && d !== 'version' )
	: [];
// The version hash is the last quoted value; drop it.
deps.pop();
console.log(
	`\nblock view script dependencies: ${ deps.length ? deps.join( ', ' ) : 'none' }`
);
if ( view ) {
	const ok = view.gz < VIEW_BUDGET && deps.length === 0;
	console.log(
		`block view script with chart.js: ${ kb( view.gz ) } gzipped (budget ${ kb( VIEW_BUDGET ) }) ${ ok ? 'OK' : 'OVER BUDGET' }`
	);
	failed ||= ! ok;
}
process.exit( failed ? 1 : 0 );
