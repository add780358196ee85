// The smoke test of what `npm start` runs (WordPress Playground: PHP in WebAssembly + SQLite, WordPress 6.6):
// the site boots on the PHP it was asked for, the plugin is active, the demo data `npm start` loads is there,
// every report answers once over REST with figures equal to an independent brute-force computation
// (tests/support/reports-reference.php) and consistent with each other and the demo data, and one new
// application and its hire change the reports. Run by `node scripts/test-integration.mjs --suite=smoke`,
// which boots the site and seeds the demo data (RR_DEMO_SUMMARY: the importer's summary).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { get, post, put, expectStatus } from '../integration/lib/api.mjs';
import { phpValue } from '../integration/lib/credentials.mjs';
import { ok } from '../integration/lib/reports.mjs';

const DEMO = JSON.parse( process.env.RR_DEMO_SUMMARY || 'null' );
const REFERENCE = "require_once WP_PLUGIN_DIR . '/recruiting-reports/tests/support/reports-reference.php';";
const REPORTS = [ 'overview', 'time-to-hire', 'funnel', 'sources', 'time-to-fill', 'careers', 'rejections', 'pipeline', 'activity' ];
const STAGES = [ 'new', 'screening', 'interview', 'offer', 'hired' ];

// A period that holds all the demo data (18 months of applications, jobs up to two months older), so the
// reports must agree with the all-time counts and with each other. date_to defaults to today.
const now = new Date();
const PERIOD = { date_from: `${ now.getUTCFullYear() - 2 }-01-01` };

const sum = ( rows, field ) => rows.reduce( ( total, row ) => total + row[ field ], 0 );
const total = async ( path, query ) =>
	Number( ( await get( path, { query: { per_page: 1, ...query } } ) ).headers.get( 'x-wp-total' ) );

test( 'the site runs the PHP it was asked for, with the plugin active and its routes registered', async () => {
	assert.ok( DEMO, 'RR_DEMO_SUMMARY is set: run through scripts/test-integration.mjs --suite=smoke' );
	const index = await get( '/recruiting/v1' );
	expectStatus( index, 200 );
	if ( process.env.RR_PHP_VERSION ) {
		// Playground's PHP says its version in X-Powered-By, so this is the PHP that served the request.
		assert.match( index.headers.get( 'x-powered-by' ) ?? '', new RegExp( `^PHP/${ process.env.RR_PHP_VERSION.replace( '.', '\\.' ) }\\.\\d+$` ) );
	}
	const plugin = expectStatus( await get( '/wp/v2/plugins/recruiting-reports/plugin' ), 200 );
	assert.equal( plugin.status, 'active' );
	for ( const report of REPORTS ) {
		assert.ok( index.json.routes[ `/recruiting/v1/reports/${ report }` ], `route of ${ report }` );
	}
	const registered = Object.keys( index.json.routes ).filter( ( route ) => route.startsWith( '/recruiting/v1/reports/' ) );
	assert.equal( registered.length, REPORTS.length, `a new report needs its smoke checks here: ${ registered.join( ', ' ) }` );
} );

test( 'the demo data npm start loads is there: 12 jobs, 600 applications', async () => {
	assert.equal( DEMO.jobs.created, 12 );
	assert.equal( DEMO.applications.created, 600 );
	assert.equal( await total( '/recruiting/v1/jobs', { status: 'draft,publish,closed' } ), 12 );
	assert.equal( await total( '/recruiting/v1/applications' ), 600 );
} );

test( 'every report answers once with the reference figures, consistent with the demo data and each other', async () => {
	const reports = { overview: await ok( 'overview', PERIOD ) };
	const { from, to } = reports.overview.period;
	assert.equal( from, PERIOD.date_from );
	// The same dates for every report, even if the day ends meanwhile.
	// The pipeline's waits move with the clock: it counted them at one second of [computed[0], computed[1]].
	const computed = [];
	for ( const report of REPORTS.slice( 1 ) ) {
		if ( 'pipeline' === report ) computed.push( Math.floor( Date.now() / 1000 ) );
		reports[ report ] = await ok( report, { date_from: from, date_to: to } );
		if ( 'pipeline' === report ) computed.push( Math.ceil( Date.now() / 1000 ) );
	}
	const expected = await phpValue( `( function () {
		${ REFERENCE }
		$reports = array();
		foreach ( json_decode( '${ JSON.stringify( REPORTS ) }' ) as $report ) {
			$reports[ $report ] = rr_reference_report( $report, '${ from }', '${ to }', 0 );
		}
		$reports['pipeline'] = array();
		for ( $second = ${ computed[ 0 ] }; $second <= ${ computed[ 1 ] }; $second++ ) {
			$reports['pipeline'][] = rr_reference_report( 'pipeline', '${ from }', '${ to }', 0, $second );
		}
		return $reports;
	} )()` );
	expected.pipeline = expected.pipeline.find( ( candidate ) => isDeepStrictEqual( candidate, reports.pipeline ) ) ?? expected.pipeline[ 0 ];
	// The open jobs' age moves with the clock between the two computations.
	expected[ 'time-to-fill' ].open_jobs.average_age_days = reports[ 'time-to-fill' ].open_jobs.average_age_days;
	for ( const report of REPORTS ) {
		assert.deepEqual( reports[ report ], expected[ report ], `${ report } for ${ from } to ${ to }` );
	}

	// What the demo data makes true whatever the day: the period holds every application and every hire.
	const { overview, funnel, sources } = reports;
	const timeToHire = reports[ 'time-to-hire' ];
	const timeToFill = reports[ 'time-to-fill' ];
	const byStatus = overview.applications.by_status;
	const hires = byStatus.hired;
	assert.deepEqual( overview.jobs, { total: 12, active: await total( '/recruiting/v1/jobs', { status: 'publish' } ), new_this_period: 12 } );
	assert.equal( overview.applications.total, 600 );
	assert.equal( overview.applications.new_this_period, 600 );
	assert.equal( Object.values( byStatus ).reduce( ( a, b ) => a + b, 0 ), 600 );
	assert.equal( hires, await total( '/recruiting/v1/applications', { status: 'hired' } ) );
	assert.ok( hires > 10 && byStatus.rejected > hires, `a plausible pipeline: ${ JSON.stringify( byStatus ) }` );

	assert.deepEqual( funnel.stages.map( ( stage ) => stage.stage ), STAGES );
	assert.equal( funnel.stages[ 0 ].reached, 600 );
	assert.equal( funnel.stages[ 4 ].reached, hires );
	funnel.stages.slice( 1 ).forEach( ( stage, i ) => assert.ok( stage.reached <= funnel.stages[ i ].reached, `${ stage.stage } reached ≤ the stage before` ) );
	assert.equal( funnel.outcomes.rejected, byStatus.rejected );
	assert.equal( funnel.outcomes.withdrawn, byStatus.withdrawn );
	assert.equal( funnel.outcomes.in_progress, byStatus.new + byStatus.screening + byStatus.interview + byStatus.offer );

	assert.equal( sum( timeToHire.trend, 'hires' ), hires );
	assert.equal( sum( timeToHire.by_job, 'hires' ), hires );
	assert.equal( overview.avg_time_to_hire_days, timeToHire.overall.average_days );
	const { min_days: min, median_days: median, average_days: average, max_days: max } = timeToHire.overall;
	assert.ok( 0 < min && min <= median && median <= max && min <= average && average <= max && max < 365, `days to hire: ${ JSON.stringify( timeToHire.overall ) }` );

	// The demo data has no sources: everything came in "direct".
	assert.deepEqual( sources.sources.map( ( row ) => [ row.source, row.applications, row.hires ] ), [ [ 'direct', 600, hires ] ] );

	// Every job with a hire is filled, after it was opened; the draft job has no applications.
	assert.deepEqual( timeToFill.by_job.map( ( row ) => row.job_id ).sort(), timeToHire.by_job.map( ( row ) => row.job_id ).sort() );
	for ( const row of timeToFill.by_job ) {
		assert.ok( row.opened <= row.filled && row.days > 0, `${ row.job_title } opened ${ row.opened }, filled ${ row.filled } (${ row.days } days)` );
	}
	assert.equal( sum( timeToFill.trend, 'jobs' ), timeToFill.by_job.length );
} );

test( 'a new application and its hire change the reports', async () => {
	const before = await ok( 'overview', PERIOD );
	const beforeHire = await ok( 'time-to-hire', PERIOD );
	const jobs = expectStatus( await get( '/recruiting/v1/jobs', { query: { status: 'publish', per_page: 1 } } ), 200 );
	const created = expectStatus(
		await post( '/recruiting/v1/applications', { job_id: jobs[ 0 ].id, candidate: { name: 'Smoke Test', email: 'smoke@example.com' }, source: 'Smoke' } ),
		201
	);
	assert.equal( created.status, 'new' );

	const after = await ok( 'overview', PERIOD );
	assert.equal( after.cache, 'miss', 'a write invalidates the cached report' );
	assert.equal( after.applications.total, before.applications.total + 1 );
	assert.equal( after.applications.new_this_period, before.applications.new_this_period + 1 );
	assert.equal( after.applications.by_status.new, before.applications.by_status.new + 1 );
	const sources = await ok( 'sources', PERIOD );
	assert.deepEqual( sources.sources.find( ( row ) => row.source === 'smoke' ), { source: 'smoke', applications: 1, hires: 0, conversion: 0, average_days_to_hire: 0 } );

	const hired = expectStatus( await put( `/recruiting/v1/applications/${ created.id }/status`, { status: 'hired', note: 'smoke test' } ), 200 );
	assert.deepEqual( hired.history.map( ( change ) => change.to ), [ 'new', 'hired' ] );
	const readBack = expectStatus( await get( `/recruiting/v1/applications/${ created.id }` ), 200 );
	assert.equal( readBack.status, 'hired' );
	assert.equal( readBack.job_id, jobs[ 0 ].id );

	const afterHire = await ok( 'time-to-hire', PERIOD );
	assert.equal( sum( afterHire.trend, 'hires' ), sum( beforeHire.trend, 'hires' ) + 1 );
	const job = ( report ) => report.by_job.find( ( row ) => row.job_id === jobs[ 0 ].id )?.hires ?? 0;
	assert.equal( job( afterHire ), job( beforeHire ) + 1 );
} );
