// The funnel, sources and time-to-fill reports (docs/reports.md#funnel-sources-time-to-fill) and the comparison period (§7.1) on hand-built
// datasets: every expected number is written here, worked out by hand from the dataset next to it.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { resetForReports, ok, report, importData, app, jobRecord, setTimezone, dateIn, php } from './lib/reports.mjs';
import { expectError, post } from './lib/api.mjs';

const MARCH = { date_from: '2025-03-01', date_to: '2025-03-31' };

beforeEach( resetForReports );

// Eleven applications in March 2025 (site timezone UTC): skipped stages, a reopen, a withdrawal and a
// rejection after an offer, an offer still pending; sources with mixed case, white space and blanks.
const FUNNEL = {
	jobs: [ jobRecord( 'ja' ), jobRecord( 'jb' ) ],
	applications: [
		// f1: the whole pipeline, hired after 7 days.
		app( 'f1', 'ja', '2025-03-01T00:00:00Z', [ [ 'screening', '2025-03-02T00:00:00Z' ], [ 'interview', '2025-03-04T00:00:00Z' ], [ 'offer', '2025-03-06T00:00:00Z' ], [ 'hired', '2025-03-08T00:00:00Z' ] ], { source: ' LinkedIn ' } ),
		// f2: screening skipped, withdrew after the offer.
		app( 'f2', 'ja', '2025-03-02T00:00:00Z', [ [ 'interview', '2025-03-05T00:00:00Z' ], [ 'offer', '2025-03-07T00:00:00Z' ], [ 'withdrawn', '2025-03-09T00:00:00Z' ] ], { source: 'linkedin' } ),
		// f3: straight to offer, then rejected.
		app( 'f3', 'jb', '2025-03-03T00:00:00Z', [ [ 'offer', '2025-03-05T00:00:00Z' ], [ 'rejected', '2025-03-06T00:00:00Z' ] ], { source: '   ' } ),
		// f4: offer still pending (no source given).
		app( 'f4', 'jb', '2025-03-04T00:00:00Z', [ [ 'screening', '2025-03-05T00:00:00Z' ], [ 'interview', '2025-03-06T00:00:00Z' ], [ 'offer', '2025-03-07T00:00:00Z' ] ] ),
		// f5: rejected at screening, reopened, now in interview.
		app( 'f5', 'jb', '2025-03-05T00:00:00Z', [ [ 'screening', '2025-03-06T00:00:00Z' ], [ 'rejected', '2025-03-07T00:00:00Z' ], [ 'screening', '2025-03-08T00:00:00Z' ], [ 'interview', '2025-03-09T00:00:00Z' ] ], { source: 'Indeed' } ),
		// f6: hired directly after 10 days.
		app( 'f6', 'ja', '2025-03-06T00:00:00Z', [ [ 'hired', '2025-03-16T00:00:00Z' ] ], { source: 'INDEED' } ),
		// f7: withdrew while new.
		app( 'f7', 'jb', '2025-03-07T00:00:00Z', [ [ 'withdrawn', '2025-03-07T12:00:00Z' ] ], { source: 'Referral' } ),
		// f8: offer then hired, 10 days after applying.
		app( 'f8', 'jb', '2025-03-10T00:00:00Z', [ [ 'offer', '2025-03-15T00:00:00Z' ], [ 'hired', '2025-03-20T00:00:00Z' ] ], { source: 'referral' } ),
		// f9–f11: still new; 'Café' and 'cafe' are two sources (bytes, not a collation, decide).
		app( 'f9', 'ja', '2025-03-11T00:00:00Z', [], { source: 'LinkedIn' } ),
		app( 'f10', 'ja', '2025-03-12T00:00:00Z', [], { source: 'Café' } ),
		app( 'f11', 'ja', '2025-03-13T00:00:00Z', [], { source: 'cafe' } ),
	],
};

test( 'funnel: reached per stage with step conversion, outcomes, offer acceptance', async () => {
	await importData( FUNNEL );
	assert.deepEqual( await ok( 'funnel', MARCH ), {
		period: { from: '2025-03-01', to: '2025-03-31' },
		// Cohort 11. Screening: all but f7 and f9–f11 = 7 (f2, f3 skipped it); interview: the same 7 (f3
		// skipped it); offer: f1, f2, f3, f4, f6, f8 = 6; hired: f1, f6, f8 = 3.
		stages: [
			{ stage: 'new', reached: 11, conversion_from_previous: 1 },
			{ stage: 'screening', reached: 7, conversion_from_previous: 0.6364 },
			{ stage: 'interview', reached: 7, conversion_from_previous: 1 },
			{ stage: 'offer', reached: 6, conversion_from_previous: 0.8571 },
			{ stage: 'hired', reached: 3, conversion_from_previous: 0.5 },
		],
		// Rejected: f3; withdrawn: f2, f7; in progress: f4 (offer), f5 (interview), f9–f11 (new).
		outcomes: { rejected: 1, withdrawn: 2, in_progress: 5 },
		// 3 hired ÷ (6 offers − f4's pending one) = 0.6.
		offer_acceptance_rate: 0.6,
	} );
	// One job: ja holds f1, f2, f6, f9, f10, f11.
	const { ids } = ( await importData( { jobs: [ jobRecord( 'ja' ) ] } ) ).jobs;
	assert.deepEqual( await ok( 'funnel', { ...MARCH, job_id: ids.ja } ), {
		period: { from: '2025-03-01', to: '2025-03-31' },
		stages: [
			{ stage: 'new', reached: 6, conversion_from_previous: 1 },
			{ stage: 'screening', reached: 3, conversion_from_previous: 0.5 },
			{ stage: 'interview', reached: 3, conversion_from_previous: 1 },
			{ stage: 'offer', reached: 3, conversion_from_previous: 1 },
			{ stage: 'hired', reached: 2, conversion_from_previous: 0.6667 },
		],
		outcomes: { rejected: 0, withdrawn: 1, in_progress: 3 },
		offer_acceptance_rate: 0.6667,
	} );
	// An empty cohort: every figure 0, new's conversion too.
	assert.deepEqual( await ok( 'funnel', { date_from: '2025-04-01', date_to: '2025-04-30' } ), {
		period: { from: '2025-04-01', to: '2025-04-30' },
		stages: [ 'new', 'screening', 'interview', 'offer', 'hired' ].map( ( stage ) => ( { stage, reached: 0, conversion_from_previous: 0 } ) ),
		outcomes: { rejected: 0, withdrawn: 0, in_progress: 0 },
		offer_acceptance_rate: 0,
	} );
} );

test( 'sources: normalised names, hires at any time, ordered by applications then bytes', async () => {
	await importData( FUNNEL );
	assert.deepEqual( await ok( 'sources', MARCH ), {
		period: { from: '2025-03-01', to: '2025-03-31' },
		sources: [
			// f1 (hired after 7 days), f2, f9.
			{ source: 'linkedin', applications: 3, hires: 1, conversion: 0.3333, average_days_to_hire: 7 },
			// f3 (blank), f4 (none).
			{ source: 'direct', applications: 2, hires: 0, conversion: 0, average_days_to_hire: 0 },
			// f5, f6 (hired after 10 days).
			{ source: 'indeed', applications: 2, hires: 1, conversion: 0.5, average_days_to_hire: 10 },
			// f7, f8 (hired after 10 days).
			{ source: 'referral', applications: 2, hires: 1, conversion: 0.5, average_days_to_hire: 10 },
			{ source: 'cafe', applications: 1, hires: 0, conversion: 0, average_days_to_hire: 0 },
			{ source: 'café', applications: 1, hires: 0, conversion: 0, average_days_to_hire: 0 },
		],
	} );
	// A hire after the period still counts for the cohort: f4, re-imported as hired on 8 April.
	const { ids } = ( await importData( { applications: [ app( 'f4', 'jb', '2025-03-04T00:00:00Z', [ [ 'offer', '2025-03-07T00:00:00Z' ], [ 'hired', '2025-04-08T00:00:00Z' ] ] ) ] } ) ).applications;
	assert.ok( ids.f4 );
	const direct = ( await ok( 'sources', MARCH ) ).sources.find( ( row ) => row.source === 'direct' );
	// f4: 35 days from 03-04 to 04-08.
	assert.deepEqual( direct, { source: 'direct', applications: 2, hires: 1, conversion: 0.5, average_days_to_hire: 35 } );
} );

test( 'source: validation and normalisation on import', async () => {
	const long = 'x'.repeat( 101 );
	const bad = expectError( await post( '/recruiting/v1/import', { jobs: [ jobRecord( 'j' ) ], applications: [ app( 's1', 'j', '2025-03-01T00:00:00Z', [], { source: long } ), app( 's2', 'j', '2025-03-01T00:00:00Z', [], { source: 42 } ) ] } ), 400, 'rest_invalid_param' );
	assert.deepEqual( Object.keys( bad.data.params ).sort(), [ 'applications[0].source', 'applications[1].source' ] );
	// 100 characters after trimming are fine.
	await importData( { jobs: [ jobRecord( 'j' ) ], applications: [ app( 's3', 'j', '2025-03-01T00:00:00Z', [], { source: `  ${ 'Y'.repeat( 100 ) }\t` } ) ] } );
	assert.deepEqual( ( await ok( 'sources', MARCH ) ).sources.map( ( row ) => row.source ), [ 'y'.repeat( 100 ) ] );
} );

// Time to fill: jobs with their first hire (filled_at), in the site timezone Asia/Kolkata (+05:30).
const FILL = {
	jobs: [
		jobRecord( 'jm', { created_at: '2025-02-20T00:00:00Z' } ),
		jobRecord( 'jt', { created_at: '2025-03-01T06:30:00Z' } ),
		jobRecord( 'jneg', { created_at: '2025-04-20T00:00:00Z' } ),
		jobRecord( 'jx', { created_at: '2025-04-01T00:00:00Z' } ),
		jobRecord( 'jn', { created_at: '2025-01-01T00:00:00Z' } ),
		jobRecord( 'jd', { status: 'closed', created_at: '2025-01-01T00:00:00Z' } ),
	],
	applications: [
		// jm: filled 2025-03-31T20:00Z, which is 1 April 01:30 in Kolkata: 39 days 20 hours after creation.
		app( 'm1', 'jm', '2025-03-01T00:00:00Z', [ [ 'hired', '2025-03-31T20:00:00Z' ] ] ),
		// jt: two hires; the first (5 April) fills it, 35 days after creation.
		app( 't1', 'jt', '2025-03-02T00:00:00Z', [ [ 'hired', '2025-04-10T06:30:00Z' ] ] ),
		app( 't2', 'jt', '2025-03-03T00:00:00Z', [ [ 'offer', '2025-04-01T00:00:00Z' ], [ 'hired', '2025-04-05T06:30:00Z' ] ] ),
		// jneg: an imported hire 5 days before the job's creation.
		app( 'n1', 'jneg', '2025-04-01T00:00:00Z', [ [ 'hired', '2025-04-15T00:00:00Z' ] ] ),
		// jx: filled in May.
		app( 'x1', 'jx', '2025-04-02T00:00:00Z', [ [ 'hired', '2025-05-02T00:00:00Z' ] ] ),
		// jn: never filled (an application in progress); jd: closed, never filled.
		app( 'o1', 'jn', '2025-04-02T00:00:00Z', [ [ 'interview', '2025-04-03T00:00:00Z' ] ] ),
	],
};

/** Days (1 decimal) from an instant to now, as the server computes open_jobs' age. */
const ageDays = ( iso ) => Math.round( ( Date.now() - Date.parse( iso ) ) / 8640000 ) / 10;

test( 'time to fill: first hire, site timezone month bounds, negative days, open jobs', async () => {
	const { jobs } = await importData( FILL );
	await setTimezone( 'Asia/Kolkata' );
	const april = await ok( 'time-to-fill', { date_from: '2025-04-01', date_to: '2025-04-30' } );
	const { open_jobs: open, ...rest } = april;
	assert.deepEqual( rest, {
		period: { from: '2025-04-01', to: '2025-04-30' },
		// jm 39.8333…, jt 35, jneg −5: mean 69.8333… / 3 = 23.2777… → 23.3; median 35.
		overall: { average_days: 23.3, median_days: 35, min_days: -5, max_days: 39.8 },
		by_job: [
			{ job_id: jobs.ids.jm, job_title: 'Job jm', opened: '2025-02-20', filled: '2025-04-01', days: 39.8 },
			{ job_id: jobs.ids.jt, job_title: 'Job jt', opened: '2025-03-01', filled: '2025-04-05', days: 35 },
			{ job_id: jobs.ids.jneg, job_title: 'Job jneg', opened: '2025-04-20', filled: '2025-04-15', days: -5 },
		],
		trend: [ { month: '2025-04', average_days: 23.3, jobs: 3 } ],
	} );
	// Open: jn only (jd is closed, the others have a hire). Its age moves with the clock.
	assert.equal( open.count, 1 );
	assert.ok( Math.abs( open.average_age_days - ageDays( '2025-01-01T00:00:00Z' ) ) <= 0.1, JSON.stringify( open ) );

	// In UTC jm was filled on 31 March: April has jt and jneg, an even count (median = mean of the two).
	await setTimezone( 'UTC' );
	const utc = await ok( 'time-to-fill', { date_from: '2025-03-01', date_to: '2025-04-30' } );
	assert.deepEqual( utc.overall, { average_days: 23.3, median_days: 35, min_days: -5, max_days: 39.8 } );
	assert.deepEqual( utc.trend, [ { month: '2025-03', average_days: 39.8, jobs: 1 }, { month: '2025-04', average_days: 15, jobs: 2 } ] );
	const aprilUtc = await ok( 'time-to-fill', { date_from: '2025-04-01', date_to: '2025-04-30' } );
	assert.deepEqual( aprilUtc.overall, { average_days: 15, median_days: 15, min_days: -5, max_days: 35 } );

	// One job: jt filled once (its second hire does not count again); jn is open, never filled.
	const jt = await ok( 'time-to-fill', { date_from: '2025-04-01', date_to: '2025-04-30', job_id: jobs.ids.jt } );
	assert.deepEqual( jt.by_job, [ { job_id: jobs.ids.jt, job_title: 'Job jt', opened: '2025-03-01', filled: '2025-04-05', days: 35 } ] );
	assert.deepEqual( jt.open_jobs, { count: 0, average_age_days: 0 } );
	const jn = await ok( 'time-to-fill', { date_from: '2025-04-01', date_to: '2025-04-30', job_id: jobs.ids.jn } );
	assert.deepEqual( { ...jn, open_jobs: jn.open_jobs.count }, {
		period: { from: '2025-04-01', to: '2025-04-30' },
		overall: { average_days: 0, median_days: 0, min_days: 0, max_days: 0 },
		by_job: [],
		trend: [ { month: '2025-04', average_days: 0, jobs: 0 } ],
		open_jobs: 1,
	} );

	// Compared with March: each period as asked alone, from one read of what does not depend on the period (time to
	// fill's jobs and their first hires, the overview's current statuses), where each period alone reads it.
	const compared = JSON.parse( await php( `$reads = array( 'fills' => 0, 'jobs' => 0, 'statuses' => 0 );
		add_filter( 'query', static function ( $sql ) use ( &$reads ) {
			$reads['fills']    += str_contains( $sql, 'MIN(hired_at)' ) ? 1 : 0;
			$reads['jobs']     += str_contains( $sql, 'post_date_gmt FROM' ) ? 1 : 0;
			$reads['statuses'] += str_contains( $sql, 'recruiting_report_statuses' ) ? 1 : 0;
			return $sql;
		} );
		add_filter( 'recruiting_reports_use_report_cache', '__return_false' );
		$april = array( 'date_from' => '2025-04-01', 'date_to' => '2025-04-30', 'compare' => 'previous_period' );
		$fill  = \\RecruitingReports\\Reports\\ReportService::run( 'time-to-fill', $april )['data'];
		$after = $reads;
		$view  = \\RecruitingReports\\Reports\\ReportService::run( 'overview', $april )['data'];
		echo wp_json_encode( array( 'reads' => array( $after, array_map( static fn( $n, $before ) => $n - $before, $reads, $after ) ), 'fill' => $fill, 'overview' => $view ) );` ) );
	assert.deepEqual( compared.reads, [ { fills: 1, jobs: 1, statuses: 0 }, [ 0, 0, 1 ] ] );
	const march = await ok( 'time-to-fill', { date_from: '2025-03-02', date_to: '2025-03-31' } );
	// open_jobs' age moves with the clock between the requests.
	const figures = ( { period, overall, by_job: byJob, trend } ) => ( { period, overall, byJob, trend } );
	assert.deepEqual( figures( compared.fill ), figures( aprilUtc ) );
	assert.deepEqual( figures( compared.fill.comparison ), figures( march ) );
	const { comparison: overviewMarch, ...overviewApril } = compared.overview;
	assert.deepEqual( overviewApril, await ok( 'overview', { date_from: '2025-04-01', date_to: '2025-04-30' } ) );
	assert.deepEqual( overviewMarch, await ok( 'overview', { date_from: '2025-03-02', date_to: '2025-03-31' } ) );
	assert.ok( overviewMarch.applications.total > 0 );
	assert.equal( march.period.from, '2025-03-02' );
} );

test( 'the three reports: bad dates 400, unknown job 404, bad compare 400, cache hit after miss', async () => {
	for ( const name of [ 'funnel', 'sources', 'time-to-fill' ] ) {
		expectError( await report( name, { date_from: '2025-02-30' } ), 400, 'rest_invalid_param' );
		expectError( await report( name, { date_from: '2025-03-02', date_to: '2025-03-01' } ), 400, 'rest_invalid_param' );
		expectError( await report( name, { job_id: 999999 } ), 404, 'resource_not_found' );
		const badCompare = expectError( await report( name, { compare: 'last_week' } ), 400, 'rest_invalid_param' );
		assert.ok( badCompare.data.params.compare );
		assert.equal( ( await report( name, MARCH ) ).cache, 'miss' );
		assert.equal( ( await report( name, MARCH ) ).cache, 'hit' );
	}
	// Any write invalidates them.
	await importData( FUNNEL );
	for ( const name of [ 'funnel', 'sources', 'time-to-fill' ] ) {
		assert.equal( ( await report( name, MARCH ) ).cache, 'miss' );
	}
} );

// ---------------------------------------------------------------- comparison (docs/reports.md#comparison).

test( 'compare=previous_period and previous_year: periods around month ends and leap days', async () => {
	const { jobs } = await importData( {
		jobs: [ jobRecord( 'ja' ), jobRecord( 'jb' ) ],
		applications: [
			// February 2025 (the previous period of March): two applications, one hired after 4 days.
			app( 'p1', 'ja', '2025-02-10T00:00:00Z', [ [ 'hired', '2025-02-14T00:00:00Z' ] ], { source: 'Indeed' } ),
			app( 'p2', 'jb', '2025-02-28T23:00:00Z', [], { source: 'indeed' } ),
			// March 2025: one hired after 2 days.
			app( 'c1', 'ja', '2025-03-05T00:00:00Z', [ [ 'hired', '2025-03-07T00:00:00Z' ] ] ),
			// March 2024 (the previous year of March 2025): one hired after 6 days; 29 February 2024.
			app( 'y1', 'ja', '2024-03-10T00:00:00Z', [ [ 'hired', '2024-03-16T00:00:00Z' ] ] ),
			app( 'y2', 'jb', '2024-02-29T12:00:00Z', [], { source: 'leap' } ),
		],
	} );
	// March 2025 has 31 days: the previous period is the 31 days ending 28 February (29 January – 28 February).
	const tth = await ok( 'time-to-hire', { ...MARCH, compare: 'previous_period' } );
	assert.deepEqual( tth.period, { from: '2025-03-01', to: '2025-03-31' } );
	assert.deepEqual( tth.overall, { average_days: 2, median_days: 2, min_days: 2, max_days: 2 } );
	assert.deepEqual( tth.comparison.period, { from: '2025-01-29', to: '2025-02-28' } );
	assert.deepEqual( tth.comparison.overall, { average_days: 4, median_days: 4, min_days: 4, max_days: 4 } );
	assert.deepEqual( tth.comparison.trend, [ { month: '2025-01', average_days: 0, hires: 0 }, { month: '2025-02', average_days: 4, hires: 1 } ] );
	assert.equal( tth.comparison.comparison, undefined );
	// comparison equals the same report asked for directly: a closed period (before this month), so it was cached on
	// its own beside the pair (ReportCache's closed version); and computed afresh after every period was invalidated.
	const { cache: cached, ...same } = await report( 'time-to-hire', { date_from: '2025-01-29', date_to: '2025-02-28' } );
	assert.equal( cached, 'hit' );
	assert.deepEqual( tth.comparison, same.body );
	await php( '\\RecruitingReports\\Reports\\ReportCache::bump();' );
	const { cache, ...direct } = await report( 'time-to-hire', { date_from: '2025-01-29', date_to: '2025-02-28' } );
	assert.equal( cache, 'miss' );
	assert.deepEqual( tth.comparison, direct.body );

	const sources = await ok( 'sources', { ...MARCH, compare: 'previous_period' } );
	assert.deepEqual( sources.sources, [ { source: 'direct', applications: 1, hires: 1, conversion: 1, average_days_to_hire: 2 } ] );
	assert.deepEqual( sources.comparison.sources, [ { source: 'indeed', applications: 2, hires: 1, conversion: 0.5, average_days_to_hire: 4 } ] );

	// previous_year of March 2025 is March 2024.
	const year = await ok( 'time-to-hire', { ...MARCH, compare: 'previous_year' } );
	assert.deepEqual( year.comparison.period, { from: '2024-03-01', to: '2024-03-31' } );
	assert.deepEqual( year.comparison.overall, { average_days: 6, median_days: 6, min_days: 6, max_days: 6 } );

	// A leap day: 29 February 2024 a year earlier is 28 February 2023; the previous period of
	// 1–29 February 2024 (29 days) is 3–31 January 2024.
	const leap = await ok( 'funnel', { date_from: '2024-02-29', date_to: '2024-02-29', compare: 'previous_year' } );
	assert.equal( leap.stages[ 0 ].reached, 1 );
	assert.deepEqual( leap.comparison.period, { from: '2023-02-28', to: '2023-02-28' } );
	const febLeap = await ok( 'overview', { date_from: '2024-02-01', date_to: '2024-02-29', compare: 'previous_period' } );
	assert.deepEqual( febLeap.comparison.period, { from: '2024-01-03', to: '2024-01-31' } );
	assert.equal( febLeap.applications.new_this_period, 1 );
	assert.equal( febLeap.comparison.applications.new_this_period, 0 );
	// "As of now" figures are the same in both.
	assert.deepEqual( febLeap.comparison.applications.by_status, febLeap.applications.by_status );
	assert.deepEqual( febLeap.comparison.jobs.active, febLeap.jobs.active );

	// With a job filter: the comparison keeps it.
	const jb = await ok( 'funnel', { ...MARCH, job_id: jobs.ids.jb, compare: 'previous_period' } );
	assert.equal( jb.stages[ 0 ].reached, 0 );
	assert.equal( jb.comparison.stages[ 0 ].reached, 1 ); // p2

	// The cache: with compare is a miss after a write, then a hit; a plain request is its own entry.
	await importData( { applications: [ app( 'c2', 'ja', '2025-03-06T00:00:00Z' ) ] } );
	assert.equal( ( await report( 'funnel', { ...MARCH, compare: 'previous_year' } ) ).cache, 'miss' );
	assert.equal( ( await report( 'funnel', { ...MARCH, compare: 'previous_year' } ) ).cache, 'hit' );
} );

test( 'compare across a DST change (New York): the previous period has the same number of calendar days', async () => {
	await setTimezone( 'America/New_York' );
	// 2025-11-02 is the autumn change (25 hours). 2025-11-03 03:30 UTC is 2 November 22:30 in New York.
	await importData( {
		jobs: [ jobRecord( 'ja' ) ],
		applications: [
			app( 'd1', 'ja', '2025-11-03T03:30:00Z', [ [ 'hired', '2025-11-05T03:30:00Z' ] ] ),
			app( 'd2', 'ja', '2025-11-10T12:00:00Z', [ [ 'hired', '2025-11-11T12:00:00Z' ] ] ),
		],
	} );
	const week = await ok( 'time-to-hire', { date_from: '2025-11-09', date_to: '2025-11-15', compare: 'previous_period' } );
	assert.deepEqual( week.comparison.period, { from: '2025-11-02', to: '2025-11-08' } );
	assert.equal( week.overall.average_days, 1 );
	assert.equal( week.comparison.overall.average_days, 2 );
	assert.equal( dateIn( 'America/New_York', new Date( '2025-11-03T03:30:00Z' ) ), '2025-11-02' );
	const funnel = await ok( 'funnel', { date_from: '2025-11-03', date_to: '2025-11-09', compare: 'previous_period' } );
	// d1 applied on 2 November in New York: in the comparison week (27 October – 2 November), not this one.
	assert.equal( funnel.stages[ 0 ].reached, 0 );
	assert.equal( funnel.comparison.stages[ 0 ].reached, 1 );
} );
