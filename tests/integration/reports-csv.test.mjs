// format=csv (docs/reports.md#comparison): every section of every report parsed back equals the JSON (with compare, the
// comparison's rows follow); RFC 4180 quoting, BOM, CRLF and formula-injection-safe cells; the
// applications export with its columns; the same credentials, permissions and rate limit as JSON.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, expectError, resetSite, site, asAdmin } from './lib/api.mjs';
import { makeKey, keyHeader } from './lib/credentials.mjs';
import { importData, app, jobRecord, setTimezone } from './lib/reports.mjs';

const NS = '/recruiting/v1';
const REPORTS = [ 'overview', 'time-to-hire', 'funnel', 'sources', 'time-to-fill' ];
const PERIOD = { date_from: '2025-03-01', date_to: '2025-03-31' };
const HOSTILE = [ "=cmd|' /C calc'!A0", '@SUM(1)', '+1', '-1', 'He said "hi"', 'two\r\nlines', 'a,b', '🙂 emoji', '\tTab' ];

/** RFC 4180 parser: rows of cells; asserts CRLF line ends. */
function parseCsv( text ) {
	const rows = [];
	let row = [];
	let cell = '';
	let quoted = false;
	for ( let i = 0; i < text.length; i++ ) {
		const c = text[ i ];
		if ( quoted ) {
			if ( c === '"' && text[ i + 1 ] === '"' ) {
				cell += '"';
				i++;
			} else if ( c === '"' ) {
				quoted = false;
			} else {
				cell += c;
			}
		} else if ( c === '"' ) {
			quoted = true;
		} else if ( c === ',' ) {
			row.push( cell );
			cell = '';
		} else if ( c === '\r' ) {
			assert.equal( text[ i + 1 ], '\n', 'a bare CR outside quotes' );
			row.push( cell );
			rows.push( row );
			row = [];
			cell = '';
			i++;
		} else {
			assert.notEqual( c, '\n', 'a bare LF outside quotes' );
			cell += c;
		}
	}
	assert.equal( cell, '' );
	assert.equal( row.length, 0, 'the last line ends with CRLF' );
	return rows;
}

/** GET with format=csv; the body decoded keeping the BOM (fetch's text() would drop it). */
async function csv( path, query, { auth = asAdmin() } = {} ) {
	const url = new URL( `${ site.url }/wp-json${ path }` );
	for ( const [ key, value ] of Object.entries( { ...query, format: 'csv' } ) ) {
		if ( value !== undefined ) {
			url.searchParams.set( key, String( value ) );
		}
	}
	const response = await fetch( url, { headers: auth } );
	const text = new TextDecoder( 'utf-8', { ignoreBOM: true } ).decode( await response.arrayBuffer() );
	let json;
	try {
		json = JSON.parse( text );
	} catch {}
	return { status: response.status, headers: response.headers, text, json };
}

function table( response ) {
	assert.equal( response.status, 200, response.text.slice( 0, 500 ) );
	assert.equal( response.headers.get( 'content-type' ), 'text/csv; charset=utf-8' );
	assert.ok( response.text.startsWith( '\uFEFF' ), 'starts with a BOM' );
	const rows = parseCsv( response.text.slice( 1 ) );
	return { header: rows[ 0 ], rows: rows.slice( 1 ) };
}

/** The JSON cell as CSV writes it: numbers as numbers, text with a ' before a formula character. */
const expectedCell = ( value ) => {
	if ( value === null || value === undefined ) {
		return '';
	}
	if ( typeof value === 'number' ) {
		return value;
	}
	return /^[=+\-@\t\r]/.test( value ) ? `'${ value }` : value;
};
const parsedCell = ( cell, json ) => ( typeof json === 'number' ? Number( cell ) : cell );

/** Where each section's rows are in the JSON: the array, the object, or the top-level numbers. */
function sectionRows( body, section ) {
	const arrays = {};
	const objects = {};
	const walk = ( object, name ) => {
		const numbers = {};
		for ( const [ key, value ] of Object.entries( object ) ) {
			if ( key === 'period' || key === 'comparison' ) {
				continue;
			}
			if ( Array.isArray( value ) ) {
				arrays[ key ] = value;
			} else if ( value && typeof value === 'object' ) {
				walk( value, key );
			} else {
				numbers[ key ] = value;
			}
		}
		if ( Object.keys( numbers ).length ) {
			objects[ name ] = numbers;
		}
	};
	walk( body, 'summary' );
	return arrays[ section ] ?? ( objects[ section ] ? [ objects[ section ] ] : undefined );
}

before( async () => {
	await resetSite();
	await importData( {
		jobs: [ jobRecord( 'ja', { title: '=HYPERLINK("http://x")', created_at: '2025-02-01T00:00:00Z' } ), jobRecord( 'jb', { created_at: '2025-01-15T00:00:00Z' } ) ],
		applications: [
			app( 'c1', 'ja', '2025-03-02T00:00:00Z', [ [ 'screening', '2025-03-03T00:00:00Z' ], [ 'hired', '2025-03-09T12:00:00Z' ] ], { source: '=cmd' } ),
			app( 'c2', 'jb', '2025-03-04T00:00:00Z', [ [ 'offer', '2025-03-05T00:00:00Z' ], [ 'rejected', '2025-03-06T00:00:00Z' ] ], { source: 'Job board, "premium"' } ),
			app( 'c3', 'jb', '2025-02-10T00:00:00Z', [ [ 'hired', '2025-02-20T00:00:00Z' ] ] ),
			app( 'c4', 'jb', '2025-01-10T00:00:00Z', [], { source: 'Two\r\nLines, "Quoted"' } ),
			...HOSTILE.map( ( name, i ) => app( `h${ i }`, 'jb', `2025-03-1${ i }T08:00:00Z`, [], { candidate: { name, email: `h${ i }@example.com` } } ) ),
		],
	} );
} );

test( 'every section of every report, parsed back, equals the JSON (with the comparison rows)', async () => {
	let checked = 0;
	for ( const name of REPORTS ) {
		const query = { ...PERIOD, compare: 'previous_period' };
		const json = ( await get( `${ NS }/reports/${ name }`, { query } ) ).json;
		const missing = expectError( await csv( `${ NS }/reports/${ name }`, query ), 400, 'rest_invalid_param' );
		// The 400 lists the report's sections.
		const sections = missing.data.params.section.replace( /^.*one of: (.*)\.$/, '$1' ).split( ', ' );
		assert.ok( sections.length >= 1, JSON.stringify( missing ) );
		expectError( await csv( `${ NS }/reports/${ name }`, { ...query, section: 'period' } ), 400, 'rest_invalid_param' );
		for ( const section of sections ) {
			const response = await csv( `${ NS }/reports/${ name }`, { ...query, section } );
			const { header, rows } = table( response );
			assert.equal( response.headers.get( 'content-disposition' ), `attachment; filename="recruiting-${ name }-${ section }-2025-03-01_2025-03-31.csv"` );
			assert.equal( header[ 0 ], 'period' );
			const expected = [ ...sectionRows( json, section ).map( ( row ) => [ 'current', row ] ), ...sectionRows( json.comparison, section ).map( ( row ) => [ 'comparison', row ] ) ];
			assert.equal( rows.length, expected.length, `${ name } ${ section }` );
			rows.forEach( ( row, i ) => {
				const [ label, object ] = expected[ i ];
				assert.deepEqual( header.slice( 1 ).sort(), Object.keys( object ).sort(), `${ name } ${ section } columns` );
				assert.equal( row[ 0 ], label );
				header.slice( 1 ).forEach( ( column, c ) => {
					const value = object[ column ];
					assert.deepEqual( parsedCell( row[ c + 1 ], value ), expectedCell( value ), `${ name } ${ section } ${ column }` );
				} );
			} );
			checked++;
		}
	}
	assert.equal( checked, 5 + 4 + 3 + 1 + 4 ); // overview: summary, jobs, applications, by_status, conversion
} );

test( 'hostile cells: formulas are quoted with \', quotes, commas and line breaks survive; negative numbers are numbers', async () => {
	const sources = table( await csv( `${ NS }/reports/sources`, { ...PERIOD, section: 'sources' } ) );
	const names = sources.rows.map( ( row ) => row[ sources.header.indexOf( 'source' ) ] );
	assert.ok( names.includes( "'=cmd" ), names.join( '|' ) );
	assert.ok( names.includes( 'job board, "premium"' ) );
	assert.match( ( await csv( `${ NS }/reports/sources`, { ...PERIOD, section: 'sources' } ) ).text, /"job board, ""premium"""/ );
	const byJob = table( await csv( `${ NS }/reports/time-to-hire`, { ...PERIOD, section: 'by_job' } ) );
	assert.equal( byJob.rows[ 0 ][ byJob.header.indexOf( 'job_title' ) ], '\'=HYPERLINK("http://x")' );

	// A negative number (time to fill of a job filled before it was created) is not prefixed.
	await importData( { jobs: [ jobRecord( 'jlate', { created_at: '2025-03-20T00:00:00Z' } ) ], applications: [ app( 'late', 'jlate', '2025-03-01T00:00:00Z', [ [ 'hired', '2025-03-18T00:00:00Z' ] ] ) ] } );
	const fill = table( await csv( `${ NS }/reports/time-to-fill`, { ...PERIOD, section: 'by_job' } ) );
	const days = fill.rows.map( ( row ) => row[ fill.header.indexOf( 'days' ) ] );
	assert.ok( days.includes( '-2' ) || days.includes( '-2.0' ), days.join( '|' ) );
} );

test( 'GET /applications?format=csv: the columns, times in the site timezone, filters, hostile names', async () => {
	await setTimezone( 'Asia/Kolkata' );
	const response = await csv( `${ NS }/applications`, { job_id: undefined } );
	const { header, rows } = table( response );
	assert.deepEqual( header, [ 'id', 'job_id', 'job_title', 'candidate_name', 'candidate_email', 'source', 'status', 'reason', 'status_since', 'days_in_stage', 'applied_at', 'screening_at', 'interview_at', 'offer_at', 'hired_at' ] );
	assert.match( response.headers.get( 'content-disposition' ), /^attachment; filename="recruiting-applications-start_\d{4}-\d{2}-\d{2}\.csv"$/ );
	const byEmail = Object.fromEntries( rows.map( ( row ) => [ row[ 4 ], row ] ) );
	// c1: applied 2025-03-02T00:00Z = 05:30 in Kolkata; screening the next day; never interview or offer; hired (no
	// reason, not waiting: no days in stage).
	const c1 = byEmail[ 'c1@example.com' ];
	assert.deepEqual( c1.slice( 2 ), [ '\'=HYPERLINK("http://x")', 'Candidate c1', 'c1@example.com', "'=cmd", 'hired', '', '2025-03-09 17:30:00', '', '2025-03-02 05:30:00', '2025-03-03 05:30:00', '', '', '2025-03-09 17:30:00' ] );
	// Names are stored as sanitised text (line breaks and tabs become spaces): the cell is what the API shows.
	const stored = ( await get( `${ NS }/applications`, { query: { per_page: 100 } } ) ).json;
	HOSTILE.forEach( ( name, i ) => {
		const shown = stored.find( ( a ) => a.candidate.email === `h${ i }@example.com` ).candidate.name;
		assert.equal( byEmail[ `h${ i }@example.com` ][ 3 ], /^[=+\-@\t\r]/.test( shown ) ? `'${ shown }` : shown );
	} );
	// A source keeps inner line breaks and quotes: RFC 4180 quoting carries them.
	assert.equal( byEmail[ 'c4@example.com' ][ 5 ], 'two\r\nlines, "quoted"' );
	// JSON and CSV select the same applications.
	const filtered = table( await csv( `${ NS }/applications`, { status: 'hired', applied_before: '2025-03-01T00:00:00Z' } ) );
	assert.deepEqual( filtered.rows.map( ( row ) => row[ 4 ] ), [ 'c3@example.com' ] );
	const bySource = await get( `${ NS }/applications`, { query: { source: ' =CMD ' } } );
	assert.deepEqual( bySource.json.map( ( a ) => a.candidate.email ), [ 'c1@example.com' ] );
	assert.equal( bySource.json[ 0 ].source, '=cmd' );
	const sourceCsv = table( await csv( `${ NS }/applications`, { source: 'DIRECT' } ) );
	assert.ok( sourceCsv.rows.length >= HOSTILE.length && sourceCsv.rows.every( ( row ) => row[ 5 ] === 'direct' ) );
	await setTimezone( 'UTC' );
} );

test( 'CSV has the credentials, permissions and rate limit of JSON: 401, 403, 429; the key in the header or the query', async () => {
	const path = `${ NS }/reports/funnel`;
	const query = { ...PERIOD, section: 'stages' };
	expectError( await csv( path, query, { auth: {} } ), 401, 'authentication_required' );
	expectError( await csv( path, query, { auth: keyHeader( 'rp_live_' + 'x'.repeat( 40 ) ) } ), 401, 'invalid_api_key' );
	const jobsOnly = await makeKey( { name: 'jobs only', permissions: [ 'recruiting_read_jobs' ] } );
	expectError( await csv( path, query, { auth: keyHeader( jobsOnly.key ) } ), 403, 'insufficient_permissions' );
	expectError( await csv( `${ NS }/applications`, {}, { auth: keyHeader( jobsOnly.key ) } ), 403, 'insufficient_permissions' );

	const reader = await makeKey( { name: 'bi tool', permissions: [ 'recruiting_read_applications' ], rate_limit: 3 } );
	// A spreadsheet's "from web" import: the key in the query.
	const first = await csv( path, { ...query, api_key: reader.key }, { auth: {} } );
	assert.equal( table( first ).rows.length, 5 );
	assert.equal( first.headers.get( 'x-ratelimit-remaining' ), '2' );
	const second = await csv( `${ NS }/applications`, {}, { auth: keyHeader( reader.key ) } );
	assert.equal( second.status, 200 );
	assert.equal( second.headers.get( 'x-ratelimit-remaining' ), '1' );
	assert.equal( ( await csv( path, query, { auth: keyHeader( reader.key ) } ) ).status, 200 );
	const limited = await csv( path, query, { auth: keyHeader( reader.key ) } );
	expectError( limited, 429, 'rate_limit_exceeded' );
	assert.ok( Number( limited.headers.get( 'retry-after' ) ) >= 1 );
	expectError( await csv( `${ NS }/applications`, {}, { auth: keyHeader( reader.key ) } ), 429, 'rate_limit_exceeded' );
} );

test( 'source on POST /applications: trimmed, lower-cased, empty is direct, over 100 characters 400; in the webhook payload', async () => {
	const { jobs } = await importData( { jobs: [ jobRecord( 'jp' ) ] } );
	const submit = ( source, n ) => post( `${ NS }/applications`, { job_id: jobs.ids.jp, candidate: { name: 'P', email: `p${ n }@example.com` }, ...( source === undefined ? {} : { source } ) } );
	assert.equal( ( await submit( '  Newsletter\t', 1 ) ).json.source, 'newsletter' );
	assert.equal( ( await submit( '', 2 ) ).json.source, 'direct' );
	assert.equal( ( await submit( undefined, 3 ) ).json.source, 'direct' );
	assert.equal( ( await submit( ` ${ 'A'.repeat( 100 ) } `, 4 ) ).json.source, 'a'.repeat( 100 ) );
	const long = expectError( await submit( 'b'.repeat( 101 ), 5 ), 400, 'rest_invalid_param' );
	assert.ok( long.data.params.source );
	expectError( await submit( 42, 6 ), 400, 'rest_invalid_param' );
	const one = await get( `${ NS }/applications`, { query: { search: 'p1@example.com' } } );
	assert.equal( one.json[ 0 ].source, 'newsletter' );
	const options = await ( await fetch( `${ process.env.RR_BASE_URL }/wp-json${ NS }/applications`, { method: 'OPTIONS' } ) ).json();
	assert.ok( options.schema.properties.source );
	// The webhook payload is the API's representation, so it carries the source.
	const { php } = await import( './lib/reports.mjs' );
	const payload = JSON.parse( await php( `
		$row = \\RecruitingReports\\Data\\ApplicationRepository::find( ${ Number( one.json[ 0 ].id ) } );
		echo wp_json_encode( \\RecruitingReports\\Data\\Presenter::application( $row ) );
	` ) );
	assert.equal( payload.source, 'newsletter' );
} );
