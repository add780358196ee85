// The figures of both reports (docs/reports.md#definitions) on hand-built datasets: every expected number is written here,
// worked out by hand from the dataset next to it. The site timezone is UTC in this file (reset sets it).

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { resetForReports, ok, importData, app, jobRecord, hire, emptyTrend, ZERO_STATUSES } from './lib/reports.mjs';

const YEAR_2025 = { date_from: '2025-01-01', date_to: '2025-12-31' };
const MONTHS_2025 = [ '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12' ].map( ( m ) => `2025-${ m }` );

/** The trend of 2025 with the given months filled in. */
function trend2025( filled ) {
	return emptyTrend( MONTHS_2025 ).map( ( row ) => filled[ row.month ] ? { month: row.month, ...filled[ row.month ] } : row );
}

beforeEach( resetForReports );

test( 'empty site: every figure is 0, lists are empty, the trend has every month with 0 hires', async () => {
	const overview = await ok( 'overview', YEAR_2025 );
	assert.deepEqual( overview, {
		period: { from: '2025-01-01', to: '2025-12-31' },
		jobs: { total: 0, active: 0, new_this_period: 0 },
		applications: { total: 0, new_this_period: 0, by_status: ZERO_STATUSES },
		conversion: { application_to_screening: 0, screening_to_interview: 0, interview_to_offer: 0, offer_to_hire: 0 },
		hires_this_period: 0,
		avg_time_to_hire_days: 0,
	} );
	const tth = await ok( 'time-to-hire', YEAR_2025 );
	assert.deepEqual( tth, {
		period: { from: '2025-01-01', to: '2025-12-31' },
		overall: { average_days: 0, median_days: 0, min_days: 0, max_days: 0 },
		by_stage: { new_to_screening: 0, screening_to_interview: 0, interview_to_offer: 0, offer_to_hire: 0 },
		by_job: [],
		trend: emptyTrend( MONTHS_2025 ),
	} );
} );

test( 'one hire through every stage', async () => {
	const { jobs } = await importData( {
		jobs: [ jobRecord( 'j1', { created_at: '2025-01-03T09:00:00Z' } ) ],
		applications: [
			app( 'a1', 'j1', '2025-03-03T10:00:00Z', [
				[ 'screening', '2025-03-05T10:00:00Z' ], // 2 days
				[ 'interview', '2025-03-10T10:00:00Z' ], // 5 days
				[ 'offer', '2025-03-17T22:00:00Z' ], // 7.5 days
				[ 'hired', '2025-03-20T10:00:00Z' ], // 2.5 days; 17 days in all
			] ),
		],
	} );
	const overview = await ok( 'overview', YEAR_2025 );
	assert.deepEqual( overview, {
		period: { from: '2025-01-01', to: '2025-12-31' },
		jobs: { total: 1, active: 1, new_this_period: 1 },
		applications: { total: 1, new_this_period: 1, by_status: { ...ZERO_STATUSES, hired: 1 } },
		conversion: { application_to_screening: 1, screening_to_interview: 1, interview_to_offer: 1, offer_to_hire: 1 },
		hires_this_period: 1,
		avg_time_to_hire_days: 17,
	} );
	const tth = await ok( 'time-to-hire', YEAR_2025 );
	assert.deepEqual( tth, {
		period: { from: '2025-01-01', to: '2025-12-31' },
		overall: { average_days: 17, median_days: 17, min_days: 17, max_days: 17 },
		by_stage: { new_to_screening: 2, screening_to_interview: 5, interview_to_offer: 7.5, offer_to_hire: 2.5 },
		by_job: [ { job_id: jobs.ids.j1, job_title: 'Job j1', average_days: 17, hires: 1 } ],
		trend: trend2025( { '2025-03': { average_days: 17, hires: 1 } } ),
	} );
} );

// Six applications in March 2025 exercising skipped stages, rejections, reopening and withdrawals.
const PIPELINE = {
	jobs: [ jobRecord( 'ja' ), jobRecord( 'jb', { status: 'closed' } ), jobRecord( 'jd', { status: 'draft', created_at: '2025-02-01T00:00:00Z' } ) ],
	applications: [
		// b1: new → interview (screening skipped) → offer → hired. 9 days to hire; interview→offer 4, offer→hire 2.
		app( 'b1', 'jb', '2025-03-01T00:00:00Z', [ [ 'interview', '2025-03-04T00:00:00Z' ], [ 'offer', '2025-03-08T00:00:00Z' ], [ 'hired', '2025-03-10T00:00:00Z' ] ] ),
		// b2: screening, rejected, reopened to screening, interview, rejected. Reached interview.
		app( 'b2', 'ja', '2025-03-02T00:00:00Z', [
			[ 'screening', '2025-03-03T00:00:00Z' ],
			[ 'rejected', '2025-03-04T00:00:00Z' ],
			[ 'screening', '2025-03-06T00:00:00Z' ],
			[ 'interview', '2025-03-09T00:00:00Z' ],
			[ 'rejected', '2025-03-10T00:00:00Z' ],
		] ),
		// b3: screening → offer (interview skipped, so reached) → withdrawn.
		app( 'b3', 'ja', '2025-03-02T12:00:00Z', [ [ 'screening', '2025-03-03T12:00:00Z' ], [ 'offer', '2025-03-05T12:00:00Z' ], [ 'withdrawn', '2025-03-06T00:00:00Z' ] ] ),
		// b4: withdrawn while new.
		app( 'b4', 'jb', '2025-03-05T00:00:00Z', [ [ 'withdrawn', '2025-03-05T08:00:00Z' ] ] ),
		// b5: new → hired directly: 1.5 days; no stage pair entered except none.
		app( 'b5', 'ja', '2025-03-06T00:00:00Z', [ [ 'hired', '2025-03-07T12:00:00Z' ] ] ),
		// b6: full pipeline with a rejection at offer and a reopen: entered(offer) stays the first entry.
		// 11 days; new→screening 1, screening→interview 3, interview→offer 2, offer→hire 5 (from 03-07, not 03-10).
		app( 'b6', 'ja', '2025-03-01T00:00:00Z', [
			[ 'screening', '2025-03-02T00:00:00Z' ],
			[ 'interview', '2025-03-05T00:00:00Z' ],
			[ 'offer', '2025-03-07T00:00:00Z' ],
			[ 'rejected', '2025-03-08T00:00:00Z' ],
			[ 'offer', '2025-03-10T00:00:00Z' ],
			[ 'hired', '2025-03-12T00:00:00Z' ],
		] ),
	],
};

test( 'skipped stages, rejected then reopened, withdrawn: conversion, by_status, by_stage, by_job', async () => {
	const { jobs } = await importData( PIPELINE );
	const march = { date_from: '2025-03-01', date_to: '2025-03-31' };
	const overview = await ok( 'overview', march );
	assert.deepEqual( overview, {
		period: { from: '2025-03-01', to: '2025-03-31' },
		// Three jobs not trashed, one published; none created in March (jd was created in February).
		jobs: { total: 3, active: 1, new_this_period: 0 },
		applications: { total: 6, new_this_period: 6, by_status: { ...ZERO_STATUSES, hired: 3, rejected: 1, withdrawn: 2 } },
		// Cohort 6; reached screening: all but b4 = 5; interview: b1, b2, b3 (skipped), b5, b6 = 5;
		// offer: b1, b3, b5, b6 = 4; hired: b1, b5, b6 = 3.
		conversion: { application_to_screening: 0.8333, screening_to_interview: 1, interview_to_offer: 0.8, offer_to_hire: 0.75 },
		// (9 + 1.5 + 11) / 3 = 7.1666…
		hires_this_period: 3,
		avg_time_to_hire_days: 7.2,
	} );
	const tth = await ok( 'time-to-hire', march );
	assert.deepEqual( tth, {
		period: { from: '2025-03-01', to: '2025-03-31' },
		overall: { average_days: 7.2, median_days: 9, min_days: 1.5, max_days: 11 },
		// new→screening: b6 only (1); screening→interview: b6 (3); interview→offer: b1 4, b6 2; offer→hire: b1 2, b6 5.
		by_stage: { new_to_screening: 1, screening_to_interview: 3, interview_to_offer: 3, offer_to_hire: 3.5 },
		// ja: b5 1.5 and b6 11 → 6.25 → 6.3 (half up); jb: b1 9.
		by_job: [
			{ job_id: jobs.ids.ja, job_title: 'Job ja', average_days: 6.3, hires: 2 },
			{ job_id: jobs.ids.jb, job_title: 'Job jb', average_days: 9, hires: 1 },
		],
		trend: [ { month: '2025-03', average_days: 7.2, hires: 3 } ],
	} );
	assert.equal( overview.avg_time_to_hire_days, tth.overall.average_days );

	// The whole year: the same hires, the trend has all twelve months.
	const year = await ok( 'time-to-hire', YEAR_2025 );
	assert.deepEqual( year.trend, trend2025( { '2025-03': { average_days: 7.2, hires: 3 } } ) );
	assert.equal( ( await ok( 'overview', YEAR_2025 ) ).jobs.new_this_period, 1 );

	// A period with the applications but not the hires, and the other way round.
	const early = await ok( 'overview', { date_from: '2025-03-01', date_to: '2025-03-06' } );
	assert.equal( early.applications.new_this_period, 6 );
	assert.equal( early.avg_time_to_hire_days, 0 ); // no hire before 03-07
	assert.equal( early.hires_this_period, 0 );
	const late = await ok( 'time-to-hire', { date_from: '2025-03-07', date_to: '2025-03-10' } );
	assert.deepEqual( late.overall, { average_days: 5.3, median_days: 5.3, min_days: 1.5, max_days: 9 } ); // b5, b1: 10.5 / 2 = 5.25 → 5.3
	const lateOverview = await ok( 'overview', { date_from: '2025-03-07', date_to: '2025-03-10' } );
	assert.equal( lateOverview.applications.new_this_period, 0 );
	assert.deepEqual( lateOverview.conversion, { application_to_screening: 0, screening_to_interview: 0, interview_to_offer: 0, offer_to_hire: 0 } );
	assert.equal( lateOverview.avg_time_to_hire_days, 5.3 );
} );

test( 'job filter restricts every figure; by_job ties are ordered by job_id', async () => {
	const { jobs } = await importData( PIPELINE );
	const march = { date_from: '2025-03-01', date_to: '2025-03-31' };
	const ja = await ok( 'overview', { ...march, job_id: jobs.ids.ja } );
	assert.deepEqual( ja, {
		period: { from: '2025-03-01', to: '2025-03-31' },
		jobs: { total: 1, active: 1, new_this_period: 0 },
		// ja holds b2, b3, b5, b6: reached screening 4, interview 4, offer 3 (b3, b5, b6), hired 2.
		applications: { total: 4, new_this_period: 4, by_status: { ...ZERO_STATUSES, hired: 2, rejected: 1, withdrawn: 1 } },
		conversion: { application_to_screening: 1, screening_to_interview: 1, interview_to_offer: 0.75, offer_to_hire: 0.6667 },
		hires_this_period: 2,
		avg_time_to_hire_days: 6.3,
	} );
	const jaTth = await ok( 'time-to-hire', { ...march, job_id: jobs.ids.ja } );
	assert.deepEqual( jaTth, {
		period: { from: '2025-03-01', to: '2025-03-31' },
		overall: { average_days: 6.3, median_days: 6.3, min_days: 1.5, max_days: 11 },
		by_stage: { new_to_screening: 1, screening_to_interview: 3, interview_to_offer: 2, offer_to_hire: 5 },
		by_job: [ { job_id: jobs.ids.ja, job_title: 'Job ja', average_days: 6.3, hires: 2 } ],
		trend: [ { month: '2025-03', average_days: 6.3, hires: 2 } ],
	} );
	const jd = await ok( 'overview', { date_from: '2025-02-01', date_to: '2025-02-28', job_id: jobs.ids.jd } );
	assert.deepEqual( jd.jobs, { total: 1, active: 0, new_this_period: 1 } );
	assert.equal( jd.applications.total, 0 );

	// Three more jobs with one hire each in April: ties on hires are ordered by job_id ascending.
	const more = await importData( {
		jobs: [ jobRecord( 'jz' ), jobRecord( 'jy' ), jobRecord( 'jx' ) ],
		applications: [
			hire( 'tie-z', 'jz', '2025-04-10T00:00:00Z', 3 ),
			hire( 'tie-y', 'jy', '2025-04-11T00:00:00Z', 2 ),
			hire( 'tie-x1', 'jx', '2025-04-12T00:00:00Z', 1 ),
			hire( 'tie-x2', 'jx', '2025-04-13T00:00:00Z', 2 ),
		],
	} );
	const april = await ok( 'time-to-hire', { date_from: '2025-04-01', date_to: '2025-04-30' } );
	const singles = [ more.jobs.ids.jz, more.jobs.ids.jy ].sort( ( a, b ) => a - b );
	assert.deepEqual(
		april.by_job.map( ( row ) => [ row.job_id, row.hires, row.average_days ] ),
		[ [ more.jobs.ids.jx, 2, 1.5 ], ...singles.map( ( id ) => [ id, 1, id === more.jobs.ids.jz ? 3 : 2 ] ) ]
	);
} );

test( 'median of an even and of an odd number of hires', async () => {
	await importData( {
		jobs: [ jobRecord( 'jm' ) ],
		applications: [
			hire( 'm1', 'jm', '2025-05-10T00:00:00Z', 10 ),
			hire( 'm2', 'jm', '2025-05-11T00:00:00Z', 1 ),
			hire( 'm3', 'jm', '2025-05-12T00:00:00Z', 4 ),
			hire( 'm4', 'jm', '2025-05-13T00:00:00Z', 2 ),
		],
	} );
	const may = { date_from: '2025-05-01', date_to: '2025-05-31' };
	// 1, 2, 4, 10: median (2 + 4) / 2 = 3; mean 17 / 4 = 4.25 → 4.3.
	assert.deepEqual( ( await ok( 'time-to-hire', may ) ).overall, { average_days: 4.3, median_days: 3, min_days: 1, max_days: 10 } );

	await importData( { applications: [ hire( 'm5', 'jm', '2025-05-14T00:00:00Z', 3.5 ) ] } );
	// 1, 2, 3.5, 4, 10: median 3.5; mean 20.5 / 5 = 4.1.
	assert.deepEqual( ( await ok( 'time-to-hire', may ) ).overall, { average_days: 4.1, median_days: 3.5, min_days: 1, max_days: 10 } );

	await importData( { applications: [ hire( 'm6', 'jm', '2025-05-15T00:00:00Z', 3.7 ) ] } );
	// 1, 2, 3.5, 3.7, 4, 10: median (3.5 + 3.7) / 2 = 3.6; mean 24.2 / 6 = 4.0333… → 4.
	assert.deepEqual( ( await ok( 'time-to-hire', may ) ).overall, { average_days: 4, median_days: 3.6, min_days: 1, max_days: 10 } );
} );

test( 'rounding: rates to 4 decimals, days to 1 decimal, half up, exactly', async () => {
	const { jobs } = await importData( {
		jobs: [ jobRecord( 'jr' ) ],
		applications: [
			// Cohort of 6 in June: 1 went to screening and was hired (1/6 = 0.1667; having been hired it
			// reached interview and offer too, so the later rates are 1/1), the rest stayed new.
			app( 'r1', 'jr', '2025-06-01T00:00:00Z', [ [ 'screening', '2025-06-01T03:36:00Z' ], [ 'hired', '2025-06-01T03:36:00Z' ] ] ),
			app( 'r2', 'jr', '2025-06-02T00:00:00Z' ),
			app( 'r3', 'jr', '2025-06-02T00:00:00Z' ),
			app( 'r4', 'jr', '2025-06-02T00:00:00Z' ),
			app( 'r5', 'jr', '2025-06-02T00:00:00Z' ),
			app( 'r6', 'jr', '2025-06-02T00:00:00Z' ),
			// Cohort of 3 in July: 2 reached screening (0.6667), 1 of those reached interview (0.5), the
			// interview one got an offer (1) and was hired (1).
			app( 'r7', 'jr', '2025-07-01T00:00:00Z', [ [ 'screening', '2025-07-02T00:00:00Z' ] ] ),
			app( 'r8', 'jr', '2025-07-01T00:00:00Z', [ [ 'screening', '2025-07-02T00:00:00Z' ], [ 'interview', '2025-07-03T00:00:00Z' ], [ 'offer', '2025-07-04T00:00:00Z' ], [ 'hired', '2025-07-05T01:12:00Z' ] ] ),
			app( 'r9', 'jr', '2025-07-01T00:00:00Z' ),
		],
	} );
	// r1: 3 h 36 min = 0.15 days, which is 0.1499… as a float; exact half up gives 0.2.
	const june = { date_from: '2025-06-01', date_to: '2025-06-30' };
	const juneOverview = await ok( 'overview', june );
	assert.deepEqual( juneOverview.conversion, { application_to_screening: 0.1667, screening_to_interview: 1, interview_to_offer: 1, offer_to_hire: 1 } );
	assert.equal( juneOverview.avg_time_to_hire_days, 0.2 );
	assert.deepEqual( ( await ok( 'time-to-hire', june ) ).overall, { average_days: 0.2, median_days: 0.2, min_days: 0.2, max_days: 0.2 } );

	const july = { date_from: '2025-07-01', date_to: '2025-07-31' };
	const julyOverview = await ok( 'overview', july );
	assert.deepEqual( julyOverview.conversion, { application_to_screening: 0.6667, screening_to_interview: 0.5, interview_to_offer: 1, offer_to_hire: 1 } );
	// r8: 4 days 1 h 12 min = 4.05 days → 4.1 (half up); offer→hire 1.05 → 1.1.
	const julyTth = await ok( 'time-to-hire', july );
	assert.deepEqual( julyTth.overall, { average_days: 4.1, median_days: 4.1, min_days: 4.1, max_days: 4.1 } );
	assert.deepEqual( julyTth.by_stage, { new_to_screening: 1, screening_to_interview: 1, interview_to_offer: 1, offer_to_hire: 1.1 } );
	assert.equal( julyOverview.avg_time_to_hire_days, julyTth.overall.average_days );

	// Both months: hires 0.15 and 4.05 days: mean 2.1, median (0.15 + 4.05) / 2 = 2.1.
	const summer = await ok( 'time-to-hire', { date_from: '2025-06-01', date_to: '2025-07-31', job_id: jobs.ids.jr } );
	assert.deepEqual( summer.overall, { average_days: 2.1, median_days: 2.1, min_days: 0.2, max_days: 4.1 } );
	assert.deepEqual( summer.trend, [
		{ month: '2025-06', average_days: 0.2, hires: 1 },
		{ month: '2025-07', average_days: 4.1, hires: 1 },
	] );
} );
