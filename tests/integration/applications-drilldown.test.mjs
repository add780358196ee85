// Drill-down consistency: for every figure of the reports that the UI links to the Applications list
// (status counts, the period's cohort and its conversion, hires by month and by job, days between stages, sources),
// GET /applications with the list's filters for the same dates counts exactly the applications the report
// counted. The site runs in a timezone with daylight saving, and the period's dates become instants the way
// a site date becomes one (midnight in the site's timezone, computed here by PHP as an independent oracle).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, expectStatus } from './lib/api.mjs';
import { resetForReports, importData, setTimezone, ok, php, app, jobRecord, plusDays, DAY } from './lib/reports.mjs';

const TIMEZONE = 'America/New_York';
const STATUSES = [ 'new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn' ];
const STAGES = [ 'new', 'screening', 'interview', 'offer', 'hired' ];
const SOURCES = [ 'linkedin', 'careers-site', 'referral' ];

/** A deterministic pseudo-random sequence (the dataset is the same on every run and target). */
function random( seed ) {
	let state = seed;
	return () => {
		state = ( state * 1103515245 + 12345 ) % 2147483648;
		return state / 2147483648;
	};
}

/** 240 applications over the last 15 months, four jobs, journeys that skip stages, end rejected or withdrawn. */
function dataset() {
	const next = random( 16 );
	const now = Date.now();
	const applications = [];
	for ( let i = 0; i < 240; i++ ) {
		const appliedAt = new Date( now - ( 2 + next() * 450 ) * DAY ).toISOString();
		const steps = [];
		let at = appliedAt;
		let stage = 0;
		while ( stage < 4 && next() < 0.7 ) {
			stage += next() < 0.2 ? 2 : 1; // sometimes a stage is skipped
			stage = Math.min( stage, 4 );
			at = plusDays( at, 1 + next() * 20 );
			if ( Date.parse( at ) >= now ) {
				break;
			}
			steps.push( [ STAGES[ stage ], at ] );
		}
		const last = steps.length ? STAGES.indexOf( steps[ steps.length - 1 ][ 0 ] ) : 0;
		if ( last < 4 && next() < 0.3 ) {
			const end = plusDays( at, 1 + next() * 5 );
			if ( Date.parse( end ) < now ) {
				steps.push( [ next() < 0.5 ? 'rejected' : 'withdrawn', end ] );
			}
		}
		applications.push( app( `dd-${ i }`, `dd-job-${ i % 4 }`, appliedAt, steps, i % 5 ? { source: SOURCES[ i % 3 ] } : {} ) );
	}
	return {
		jobs: [ 0, 1, 2, 3 ].map( ( j ) => jobRecord( `dd-job-${ j }`, { created_at: new Date( now - 500 * DAY ).toISOString() } ) ),
		applications,
	};
}

/** Midnight of site dates in the site's timezone, as ISO instants (PHP's own timezone rules). */
async function midnights( dates ) {
	return JSON.parse(
		await php( `
			$out = array();
			foreach ( json_decode( '${ JSON.stringify( dates ) }', true ) as $date ) {
				$out[ $date ] = gmdate( 'Y-m-d\\TH:i:s\\Z', ( new DateTimeImmutable( $date . ' 00:00:00', wp_timezone() ) )->getTimestamp() );
			}
			echo wp_json_encode( $out );
		` )
	);
}

/** The day after a YYYY-MM-DD date. */
function nextDay( date ) {
	return new Date( Date.parse( `${ date }T00:00:00Z` ) + DAY ).toISOString().slice( 0, 10 );
}

/** X-WP-Total of GET /applications with some filters. */
async function count( query ) {
	const response = await get( '/recruiting/v1/applications', { query: { per_page: 1, ...query } } );
	expectStatus( response, 200 );
	return Number( response.headers.get( 'x-wp-total' ) );
}

let jobIds;
let overview;
let timeToHire;
let instant;

before( async () => {
	await resetForReports();
	await setTimezone( TIMEZONE );
	await importData( dataset() );
	const jobs = expectStatus( await get( '/recruiting/v1/jobs', { query: { per_page: 100 } } ), 200 );
	jobIds = jobs.map( ( job ) => job.id ).sort( ( a, b ) => a - b );
	assert.equal( jobIds.length, 4 );
	overview = await ok( 'overview' );
	timeToHire = await ok( 'time-to-hire' );
	const { from, to } = timeToHire.period;
	const dates = new Set( [ from, nextDay( to ), overview.period.from, nextDay( overview.period.to ) ] );
	const map = await midnights( [ ...dates ] );
	instant = ( date ) => {
		assert.ok( map[ date ], `midnight of ${ date } computed` );
		return map[ date ];
	};
} );

test( 'by status: the list filtered by status (and job) holds the report’s count, for all jobs and one', async () => {
	for ( const jobId of [ 0, jobIds[ 1 ] ] ) {
		const report = jobId ? await ok( 'overview', { job_id: jobId } ) : overview;
		let sum = 0;
		for ( const status of STATUSES ) {
			const listed = await count( { status, job_id: jobId || undefined } );
			assert.equal( listed, report.applications.by_status[ status ], `${ status }, job ${ jobId }` );
			sum += listed;
		}
		assert.equal( sum, report.applications.total );
		assert.ok( report.applications.total > 0 );
	}
} );

test( 'the period’s cohort and its conversion: applied in the period, and of those the ones that reached each stage', async () => {
	const { from, to } = overview.period;
	const period = { applied_after: instant( from ), applied_before: instant( nextDay( to ) ) };
	const cohort = await count( period );
	assert.equal( cohort, overview.applications.new_this_period );
	assert.ok( cohort > 50, 'the period holds most of the dataset' );
	const reached = { new: cohort };
	for ( const stage of STAGES.slice( 1 ) ) {
		reached[ stage ] = await count( { ...period, reached: stage } );
	}
	const rate = ( a, b ) => ( reached[ b ] ? Math.round( ( reached[ a ] / reached[ b ] ) * 10000 ) / 10000 : 0 );
	assert.deepEqual( overview.conversion, {
		application_to_screening: rate( 'screening', 'new' ),
		screening_to_interview: rate( 'interview', 'screening' ),
		interview_to_offer: rate( 'offer', 'interview' ),
		offer_to_hire: rate( 'hired', 'offer' ),
	} );
	assert.ok( reached.hired > 0 && reached.hired < reached.offer );
} );

test( 'hires: each month of the trend, each job of the by-job table and the period as a whole', async () => {
	const { from, to } = timeToHire.period;
	let total = 0;
	for ( const row of timeToHire.trend ) {
		const first = `${ row.month }-01`;
		const after = first < from ? from : first;
		const next = new Date( Date.parse( `${ first }T00:00:00Z` ) );
		next.setUTCMonth( next.getUTCMonth() + 1 );
		const end = next.toISOString().slice( 0, 10 );
		const before = end > nextDay( to ) ? nextDay( to ) : end;
		const map = await midnights( [ after, before ] );
		const listed = await count( { hired_after: map[ after ], hired_before: map[ before ] } );
		assert.equal( listed, row.hires, `hires in ${ row.month }` );
		total += listed;
	}
	const period = { hired_after: instant( from ), hired_before: instant( nextDay( to ) ) };
	assert.equal( await count( period ), total );
	assert.ok( total > 5, 'the dataset has hires in the period' );
	for ( const row of timeToHire.by_job ) {
		assert.equal( await count( { ...period, job_id: row.job_id } ), row.hires, `hires of job ${ row.job_id }` );
	}
	// Days between stages: the hires that entered both stages of a step, a subset of the period's hires.
	for ( const [ a, b ] of [ [ 'new', 'screening' ], [ 'interview', 'offer' ] ] ) {
		const response = await get( '/recruiting/v1/applications', { query: { ...period, entered: `${ a },${ b }`, per_page: 100 } } );
		const items = expectStatus( response, 200 );
		assert.ok( items.length <= total );
		for ( const item of items ) {
			assert.ok( item.stage_entered_at[ a ] && item.stage_entered_at[ b ], `${ item.id } entered ${ a } and ${ b }` );
		}
	}
	const skipped = await count( { ...period, entered: 'interview,offer' } );
	assert.ok( skipped < total, 'some hires skipped interview or offer, so the filter narrows the list' );
} );

test( 'sources: the list filtered by source counts the period’s applications from it', async () => {
	const sources = await ok( 'sources' );
	assert.ok( sources.sources.length >= 4, 'three named sources and direct' );
	const { from, to } = sources.period;
	const period = { applied_after: instant( from ), applied_before: instant( nextDay( to ) ) };
	for ( const row of sources.sources ) {
		assert.equal( await count( { ...period, source: row.source } ), row.applications, `source ${ row.source }` );
	}
} );

test( 'bad filter values are refused with rest_invalid_param', async () => {
	for ( const query of [ { reached: 'rejected' }, { entered: 'nope' }, { hired_after: 'yesterday' } ] ) {
		const response = await get( '/recruiting/v1/applications', { query } );
		assert.equal( response.status, 400, JSON.stringify( query ) );
		assert.equal( response.json.code, 'rest_invalid_param' );
	}
} );

test( 'Export CSV of a drill-down holds the same applications as the list', async () => {
	const { from, to } = timeToHire.period;
	const query = { hired_after: instant( from ), hired_before: instant( nextDay( to ) ), entered: 'interview,offer' };
	const listed = await count( query );
	const response = await get( '/recruiting/v1/applications', { query: { ...query, format: 'csv' } } );
	assert.equal( response.status, 200, response.text.slice( 0, 500 ) );
	const rows = response.text.replace( /^\uFEFF/, '' ).trim().split( /\r?\n/ );
	assert.equal( rows.length - 1, listed, 'one CSV row per listed application, after the header' );
} );
