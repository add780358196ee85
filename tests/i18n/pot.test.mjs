// The .pot (scripts/make-pot.mjs) against an independent reading of the sources: every gettext call with the plugin's
// text domain in the PHP (plugin.php, uninstall.php, includes/) and the TypeScript (src/, without tests) is found
// here by a regular expression, not by a tokenizer or a parser, and each must be in the .pot with its context,
// plural and translator comment; the .pot holds nothing else but the plugin header's and block.json's strings.
// msgfmt (Debian's gettext) checks that the file is valid. Needs build/ (npm run build): the scripts' strings are
// read from the built files, whose names the references must carry for `wp i18n make-json`.
//
//   npm run test:i18n          (scripts/test-i18n.mjs: installs msgfmt when missing)

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
	BLOCK_JSON_FILES,
	blockJsonStrings,
	headerStrings,
	jsStrings,
	makePot,
} from '../../scripts/make-pot.mjs';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
const DOMAIN = 'recruiting-reports';

/** Where each gettext function takes its strings and its text domain (argument positions). */
const SIGNATURES = {
	__: { msgid: 0, domain: 1 },
	_e: { msgid: 0, domain: 1 },
	esc_html__: { msgid: 0, domain: 1 },
	esc_html_e: { msgid: 0, domain: 1 },
	esc_attr__: { msgid: 0, domain: 1 },
	esc_attr_e: { msgid: 0, domain: 1 },
	esc_xml__: { msgid: 0, domain: 1 },
	esc_xml_e: { msgid: 0, domain: 1 },
	_x: { msgid: 0, msgctxt: 1, domain: 2 },
	_ex: { msgid: 0, msgctxt: 1, domain: 2 },
	esc_html_x: { msgid: 0, msgctxt: 1, domain: 2 },
	esc_attr_x: { msgid: 0, msgctxt: 1, domain: 2 },
	esc_xml_x: { msgid: 0, msgctxt: 1, domain: 2 },
	_n: { msgid: 0, msgid_plural: 1, domain: 3 },
	_n_noop: { msgid: 0, msgid_plural: 1, domain: 2 },
	_nx: { msgid: 0, msgid_plural: 1, msgctxt: 3, domain: 4 },
	_nx_noop: { msgid: 0, msgid_plural: 1, msgctxt: 2, domain: 3 },
};
const CALL_START = new RegExp(
	String.raw`(?<![\w$>:])(${ Object.keys( SIGNATURES ).join( '|' ) })\s*\(`,
	'g'
);
const LITERAL = /^('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\$])*`)$/s;
const TRANSLATORS = /(?:\/\*+|\/\/)\s*(translators:[\s\S]*?)(?:\*\/|\n)/g;

/**
 * Every gettext call of a source with the plugin's domain, found by a regular expression and split into arguments
 * by counting quotes and brackets.
 * @param {string}     code     source
 * @param {'php'|'js'} language
 * @returns {{msgid:string,msgid_plural?:string,msgctxt?:string}[]}
 */
export function sourceCalls( code, language ) {
	const calls = [];
	for ( const match of code.matchAll( CALL_START ) ) {
		const args = splitArguments(
			code,
			match.index + match[ 0 ].length
		).map( ( arg ) =>
			LITERAL.test( arg ) ? decode( arg, language ) : null
		);
		const { domain, ...strings } = SIGNATURES[ match[ 1 ] ];
		if ( args.length !== domain + 1 || args[ domain ] !== DOMAIN ) continue;
		const call = {};
		for ( const [ field, position ] of Object.entries( strings ) ) {
			call[ field ] = args[ position ];
		}
		if (
			Object.values( call ).every(
				( value ) => typeof value === 'string'
			)
		)
			calls.push( call );
	}
	return calls;
}

/** The arguments (as written, trimmed) of a call whose "(" ends just before `from`. */
function splitArguments( code, from ) {
	const args = [ '' ];
	let depth = 0;
	for ( let i = from; i < code.length; i++ ) {
		const char = code[ i ];
		if ( char === "'" || char === '"' || char === '`' ) {
			let end = i + 1;
			while ( end < code.length && code[ end ] !== char )
				end += code[ end ] === '\\' ? 2 : 1;
			args[ args.length - 1 ] += code.slice( i, end + 1 );
			i = end;
			continue;
		}
		if ( '([{'.includes( char ) ) depth++;
		if ( ')]}'.includes( char ) && depth-- === 0 ) break;
		if ( char === ',' && depth === 0 ) args.push( '' );
		else args[ args.length - 1 ] += char;
	}
	return args.map( ( arg ) => arg.trim() );
}

function decode( literal, language ) {
	const body = literal.slice( 1, -1 );
	if ( language === 'php' && literal[ 0 ] === "'" )
		return body.replace( /\\([\\'])/g, '$1' );
	const escapes = {
		n: '\n',
		t: '\t',
		r: '\r',
		'\\': '\\',
		'"': '"',
		"'": "'",
		$: '$',
	};
	return body.replace( /\\u([0-9a-fA-F]{4})|\\(.)/g, ( whole, hex, char ) =>
		hex
			? String.fromCharCode( parseInt( hex, 16 ) )
			: ( escapes[ char ] ?? whole )
	);
}

/**
 * The entries of a .po/.pot file, read line by line (not with the writer's code).
 * @param {string} text
 * @returns {{msgctxt?:string,msgid:string,msgid_plural?:string,comments:string[],references:string[]}[]}
 */
export function parsePot( text ) {
	const unquote = ( line ) =>
		line
			.replace( /^"|"$/g, '' )
			.replace(
				/\\(.)/g,
				( whole, char ) =>
					( { n: '\n', t: '\t', r: '\r' } )[ char ] ?? char
			);
	return text
		.trim()
		.split( /\n{2,}/ )
		.map( ( block ) => {
			const entry = { comments: [], references: [] };
			let field = null;
			for ( const line of block.split( '\n' ) ) {
				if ( line.startsWith( '#. ' ) )
					entry.comments.push( line.slice( 3 ) );
				else if ( line.startsWith( '#: ' ) )
					entry.references.push( line.slice( 3 ) );
				else if ( line.startsWith( '"' ) )
					entry[ field ] += unquote( line );
				else {
					const match = line.match(
						/^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$/
					);
					if ( match ) {
						field = match[ 1 ];
						entry[ field ] = unquote( match[ 2 ] );
					}
				}
			}
			return entry;
		} )
		.filter( ( entry ) => entry.msgid !== '' );
}

/**
 * The calls of the sources that the .pot lacks (by context, msgid and plural).
 * @param {ReturnType<typeof parsePot>} entries
 * @param {ReturnType<typeof sourceCalls>} calls
 * @returns {string[]}
 */
export function missingFrom( entries, calls ) {
	const keys = new Set(
		entries.map( ( entry ) =>
			JSON.stringify( [
				entry.msgctxt ?? '',
				entry.msgid,
				entry.msgid_plural ?? '',
			] )
		)
	);
	return calls
		.map( ( call ) =>
			JSON.stringify( [
				call.msgctxt ?? '',
				call.msgid,
				call.msgid_plural ?? '',
			] )
		)
		.filter( ( key ) => ! keys.has( key ) );
}

function sources() {
	const list = ( dir, pattern ) =>
		fs
			.readdirSync( path.join( ROOT, dir ), { recursive: true } )
			.map( ( file ) => path.join( dir, file ) )
			.filter(
				( file ) =>
					pattern.test( file ) &&
					! /\.test\.tsx?$|test-(utils|setup|fixtures)\.tsx?$/.test(
						file
					)
			);
	return {
		php: [ 'plugin.php', 'uninstall.php', ...list( 'includes', /\.php$/ ) ],
		js: list( 'src', /\.tsx?$/ ),
	};
}

let generated;
function generatedPot() {
	if ( ! generated ) {
		const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-pot-' ) );
		const file = path.join( dir, `${ DOMAIN }.pot` );
		const count = makePot( file );
		generated = { file, count, text: fs.readFileSync( file, 'utf8' ) };
		process.on( 'exit', () =>
			fs.rmSync( dir, { recursive: true, force: true } )
		);
	}
	return generated;
}

test( 'every gettext call in includes/ and src/ is in the .pot, with its context and plural; nothing else is', () => {
	const { text, count } = generatedPot();
	const entries = parsePot( text );
	assert.equal( entries.length, count );
	const found = { php: [], js: [] };
	for ( const [ language, files ] of Object.entries( sources() ) ) {
		for ( const file of files ) {
			found[ language ].push(
				...sourceCalls(
					fs.readFileSync( path.join( ROOT, file ), 'utf8' ),
					language
				)
			);
		}
	}
	const calls = [ ...found.php, ...found.js ];
	const msgids = new Set(
		calls.map( ( call ) => `${ call.msgctxt ?? '' }\u0004${ call.msgid }` )
	);
	console.log(
		`${ found.php.length } PHP calls and ${ found.js.length } TypeScript calls, ${ msgids.size } distinct strings; the .pot holds ${ entries.length }`
	);
	assert.ok(
		found.php.length > 500 && found.js.length > 400,
		'the sources were read'
	);
	assert.deepEqual( missingFrom( entries, calls ), [] );

	const others = new Set( [
		...headerStrings(
			fs.readFileSync( path.join( ROOT, 'plugin.php' ), 'utf8' )
		).map( ( entry ) => `\u0004${ entry.msgid }` ),
		...BLOCK_JSON_FILES.flatMap( ( file ) =>
			blockJsonStrings(
				JSON.parse( fs.readFileSync( path.join( ROOT, file ), 'utf8' ) )
			).map(
				( { context, text: blockText } ) =>
					`${ context }\u0004${ blockText }`
			)
		),
	] );
	const extra = entries
		.map( ( entry ) => `${ entry.msgctxt ?? '' }\u0004${ entry.msgid }` )
		.filter( ( key ) => ! msgids.has( key ) && ! others.has( key ) );
	assert.deepEqual(
		extra,
		[],
		'strings in the .pot that no source call has'
	);
	assert.equal( entries.length, new Set( [ ...msgids, ...others ] ).size );
} );

test( 'each translator comment reaches the string of the next call; references name the shipped files', () => {
	const entries = parsePot( generatedPot().text );
	const entryOf = new Map(
		entries.map( ( entry ) => [
			`${ entry.msgctxt ?? '' }\u0004${ entry.msgid }`,
			entry,
		] )
	);
	let counted = 0;
	for ( const [ language, files ] of Object.entries( sources() ) ) {
		for ( const file of files ) {
			const code = fs.readFileSync( path.join( ROOT, file ), 'utf8' );
			for ( const match of code.matchAll( TRANSLATORS ) ) {
				const [ next ] = sourceCalls(
					code.slice( match.index + match[ 0 ].length ),
					language
				);
				const entry =
					next &&
					entryOf.get(
						`${ next.msgctxt ?? '' }\u0004${ next.msgid }`
					);
				const wanted = match[ 1 ]
					.replace( /\s*\n\s*\*?\s*/g, ' ' )
					.trim();
				assert.ok( entry, `${ file }: no string after "${ wanted }"` );
				assert.ok(
					entry.comments.join( ' ' ).includes( wanted ),
					`${ file }: "${ wanted }" is not on "${ next.msgid }"`
				);
				counted++;
			}
		}
	}
	assert.ok( counted > 100, `${ counted } translator comments` );

	const byId = new Map( entries.map( ( entry ) => [ entry.msgid, entry ] ) );
	// The release test's fixture translation: a PHP string and a script string, which make-json finds by file.
	assert.ok(
		byId.get( 'Recruiting Reports' ).references.includes( 'plugin.php' )
	);
	assert.ok(
		byId
			.get( 'Recruiting Reports' )
			.references.some( ( ref ) =>
				ref.startsWith( 'includes/Admin/Menu.php:' )
			)
	);
	assert.ok(
		byId
			.get( 'Report filters' )
			.references.some( ( ref ) =>
				/^build\/reports\.js:\d+$/.test( ref )
			)
	);
	for ( const entry of entries ) {
		for ( const reference of entry.references ) {
			assert.match(
				reference,
				/^(plugin\.php|uninstall\.php|block\.json|includes\/Blocks\/job-list\/block\.json|includes\/\S+\.php:\d+|build\/[\w-]+\.js:\d+)$/
			);
		}
	}
	assert.equal( byId.get( 'Recruiting report' ).msgctxt, 'block title' );
} );

test( 'GNU xgettext finds the same PHP strings (context, msgid, plural) as the .pot holds from PHP', () => {
	// xgettext counts arguments from 1; "c" marks the context, "t" the number of arguments (the domain's position).
	const keywords = Object.entries( SIGNATURES ).map(
		( [ name, { msgid, msgid_plural: plural, msgctxt, domain } ] ) =>
			`--keyword=${ name }:${ [
				msgid + 1,
				...( plural === undefined ? [] : [ plural + 1 ] ),
				...( msgctxt === undefined ? [] : [ `${ msgctxt + 1 }c` ] ),
				`${ domain + 1 }t`,
			].join( ',' ) }`
	);
	const out = path.join(
		path.dirname( generatedPot().file ),
		'xgettext.pot'
	);
	execFileSync(
		'xgettext',
		[
			'--language=PHP',
			'--from-code=UTF-8',
			'-k',
			...keywords,
			'-o',
			out,
			...sources().php,
		],
		{ cwd: ROOT, stdio: [ 'ignore', 'ignore', 'inherit' ] }
	);
	const key = ( entry ) =>
		JSON.stringify( [
			entry.msgctxt ?? '',
			entry.msgid,
			entry.msgid_plural ?? '',
		] );
	const gnu = parsePot( fs.readFileSync( out, 'utf8' ) ).map( key ).sort();
	const ours = parsePot( generatedPot().text )
		.filter( ( entry ) =>
			entry.references.some( ( ref ) =>
				/^(plugin|uninstall)\.php:|^includes\/\S+\.php:/.test( ref )
			)
		)
		.map( key )
		.sort();
	assert.ok( gnu.length > 400, `${ gnu.length } strings` );
	assert.deepEqual( ours, gnu );
} );

test( 'msgfmt reads the .pot without an error', () => {
	execFileSync(
		'msgfmt',
		[ '--check', '-o', '/dev/null', generatedPot().file ],
		{ stdio: [ 'ignore', 'ignore', 'pipe' ] }
	);
} );

test( 'a string the .pot lacks is reported (context, plural and msgid each count)', () => {
	const entries = parsePot(
		'msgid ""\nmsgstr ""\n\nmsgctxt "job status"\nmsgid "Closed"\nmsgstr ""\n\nmsgid "%d hire"\nmsgid_plural "%d hires"\nmsgstr[0] ""\nmsgstr[1] ""\n'
	);
	const calls = sourceCalls(
		`<?php _x( 'Closed', 'job status', '${ DOMAIN }' ); _n( '%d hire', '%d hires', $n, '${ DOMAIN }' );
		__( 'Closed', '${ DOMAIN }' ); _n( '%d hire', '%d hired', $n, '${ DOMAIN }' ); __( 'Elsewhere', 'other-domain' );
		esc_html__( 'It\\'s "new"', '${ DOMAIN }' );`,
		'php'
	);
	assert.deepEqual( missingFrom( entries, calls ), [
		JSON.stringify( [ '', 'Closed', '' ] ),
		JSON.stringify( [ '', '%d hire', '%d hired' ] ),
		JSON.stringify( [ '', 'It\'s "new"', '' ] ),
	] );
} );

test( "scripts: webpack's (0, r.__) calls, plain calls, contexts, plurals, comments; other domains and variables skipped", () => {
	const code = [
		'var a=(0,r.sprintf)(/* translators: %d: rows. */ /* translators: %d: rows. */(0,r.__)("Show %d","recruiting-reports"),n);',
		'var b=(0,r.__)("Show %d","recruiting-reports");',
		'var c=(0,r._x)("Open","job status","recruiting-reports"),d=i18n._n("%d hire","%d hires",n,"recruiting-reports");',
		'var e=(0,W.__)("Not ours"),f=(0,W.__)("Also not","default"),g=(0,r.__)(label,"recruiting-reports");',
		'var h=__(`Template`,"recruiting-reports");',
	].join( '\n' );
	assert.deepEqual( jsStrings( code, 'build/x.js' ), [
		{
			msgid: 'Show %d',
			comments: [ 'translators: %d: rows.' ],
			reference: 'build/x.js:1',
		},
		{ msgid: 'Show %d', comments: [], reference: 'build/x.js:2' },
		{
			msgid: 'Open',
			msgctxt: 'job status',
			comments: [],
			reference: 'build/x.js:3',
		},
		{
			msgid: '%d hire',
			msgid_plural: '%d hires',
			comments: [],
			reference: 'build/x.js:3',
		},
		{ msgid: 'Template', comments: [], reference: 'build/x.js:5' },
	] );
} );

test( 'PHP: the tokenizer reads escapes, every argument layout, comments of the same statement; skips the rest', () => {
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-php-strings-' ) );
	try {
		fs.writeFileSync(
			path.join( dir, 'x.php' ),
			[
				'<?php',
				"/* translators: %s: name. */ $a = sprintf( __( 'Hi %s', 'recruiting-reports' ), $n );",
				"$b = __( 'It\\'s', 'recruiting-reports' ) . esc_html__( \"Tab\\there\", 'recruiting-reports' );",
				'// translators: 1: count, 2: job.',
				"$c = _nx( '%1$d for %2$s', '%1$d for %2$s (all)', $n, 'hires', 'recruiting-reports' );",
				"$d = __( $variable, 'recruiting-reports' ) . __( 'Other', 'other' ) . $x->__( 'Method', 'recruiting-reports' );",
				'/* translators: unused. */ $e = 1;',
				"$f = _x( 'Open', 'job status', 'recruiting-reports' );",
			].join( '\n' )
		);
		const result = spawnSync(
			'php',
			[
				path.join( ROOT, 'scripts/lib/php-strings.php' ),
				DOMAIN,
				dir,
				'x.php',
			],
			{ encoding: 'utf8' }
		);
		assert.equal( result.status, 0, result.stderr );
		assert.match( result.stderr, /skipped x\.php:6: __\(\)/ );
		assert.deepEqual( JSON.parse( result.stdout ), [
			{
				msgid: 'Hi %s',
				comments: [ 'translators: %s: name.' ],
				reference: 'x.php:2',
			},
			{ msgid: "It's", comments: [], reference: 'x.php:3' },
			{ msgid: 'Tab\there', comments: [], reference: 'x.php:3' },
			{
				msgid: '%1$d for %2$s',
				msgid_plural: '%1$d for %2$s (all)',
				msgctxt: 'hires',
				comments: [ 'translators: 1: count, 2: job.' ],
				reference: 'x.php:5',
			},
			{
				msgid: 'Open',
				msgctxt: 'job status',
				comments: [],
				reference: 'x.php:8',
			},
		] );
	} finally {
		fs.rmSync( dir, { recursive: true, force: true } );
	}
} );
