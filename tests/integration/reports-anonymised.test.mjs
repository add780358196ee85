// Reports survive anonymisation (issue #23): every report, for every job and the whole site, alone and with each
// comparison, is the same before and after anonymising every application. Anonymisation keeps what the reports
// read (stage times, job, status, source category); free-text sources are the one documented change: they move
// into the `other` row of the Sources report, with the totals unchanged.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectStatus, get, resetSite } from './lib/api.mjs';
import { php, phpValue } from './lib/credentials.mjs';
import { assertSummariesConsistent } from './lib/reports.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 600_000;
const REPORTS = [ 'overview', 'time-to-hire', 'funnel', 'sources', 'time-to-fill' ];
const CHANNELS = [ 'linkedin', 'indeed', 'direct', 'referral', 'jobs.example.com' ];
const FREE_TEXT = 'referred by jane roe';

let jobIds;

/**
 * Every report for the whole site and for two jobs (one job's filter is the same code path as any other's; the
 * whole matrix over every job took 15 minutes on Playground), over the default period and the last 18 months,
 * alone and with each comparison.
 */
async function everyReport() {
	const today = new Date().toISOString().slice( 0, 10 );
	const from = new Date( Date.now() - 548 * 86400000 ).toISOString().slice( 0, 10 );
	const results = {};
	for ( const name of REPORTS ) {
		for ( const jobId of [ undefined, ...jobIds.slice( 0, 2 ) ] ) {
			for ( const compare of [ undefined, 'previous_period', 'previous_year' ] ) {
				for ( const period of [ {}, { date_from: from, date_to: today } ] ) {
					const query = { ...period, job_id: jobId, compare };
					results[ JSON.stringify( [ name, query ] ) ] = expectStatus( await get( `${ NS }/reports/${ name }`, { query } ), 200 );
				}
			}
		}
	}
	return results;
}

/** Anonymises every application through ApplicationEraser::anonymise (the eraser's and retention's path). */
const anonymiseAll = () =>
	phpValue( `( function () {
		global $wpdb;
		$failed = array();
		foreach ( $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i ORDER BY id', \\RecruitingReports\\Data\\Schema::table( 'applications' ) ) ) as $id ) {
			if ( true !== \\RecruitingReports\\Data\\ApplicationEraser::anonymise( (int) $id ) ) { $failed[] = (int) $id; }
		}
		return $failed;
	} )()` );

/** Demo data (18 months, every status, notes) with channel sources; `freeText` of them get a typed source. */
async function seed( freeText ) {
	await resetSite();
	const summary = await phpValue( '\\RecruitingReports\\Seed\\DemoData::seed( 360 )' );
	assert.ok( ! summary.errors?.length, JSON.stringify( summary ).slice( 0, 500 ) );
	jobIds = await phpValue( `array_map( 'intval', get_posts( array( 'post_type' => \\RecruitingReports\\Domain\\JobPostType::POST_TYPE, 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'orderby' => 'ID', 'order' => 'ASC' ) ) )` );
	assert.ok( jobIds.length >= 3 );
	await php( `global $wpdb;
		$table = \\RecruitingReports\\Data\\Schema::table( 'applications' );
		$channels = json_decode( ${ JSON.stringify( JSON.stringify( CHANNELS ) ) } );
		foreach ( $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i ORDER BY id', $table ) ) as $i => $id ) {
			$source = $i < ${ freeText } ? ${ JSON.stringify( FREE_TEXT ) } : $channels[ $i % count( $channels ) ];
			$wpdb->update( $table, array( 'source' => $source ), array( 'id' => $id ) );
		}
		\\RecruitingReports\\Data\\ReportSummary::rebuild();
		\\RecruitingReports\\Reports\\ReportCache::bump();` );
	const counts = await phpValue( `( function () { global $wpdb; return $wpdb->get_row( $wpdb->prepare( 'SELECT COUNT(*) AS apps, SUM(hired_at IS NOT NULL) AS hired, SUM(status IN (%s, %s)) AS closed FROM %i', 'rejected', 'withdrawn', \\RecruitingReports\\Data\\Schema::table( 'applications' ) ), ARRAY_A ); } )()` );
	// Not vacuous: there are hires and closed applications for the reports to count.
	assert.ok( Number( counts.hired ) > 10 && Number( counts.closed ) > 10, JSON.stringify( counts ) );
}

before( async () => {
	await seed( 0 );
} );

test( 'every report and every comparison is identical before and after anonymising every application', { timeout: TIMEOUT }, async () => {
	const before = await everyReport();
	assert.deepEqual( await anonymiseAll(), [] );
	// Nothing personal is left for the reports to have depended on.
	const left = await phpValue( `( function () { global $wpdb; return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE candidate_email <> %s OR external_id IS NOT NULL", \\RecruitingReports\\Data\\Schema::table( 'applications' ), 'deleted@site.invalid' ) ); } )()` );
	assert.equal( left, 0 );
	// Computed afresh, not served from the cache filled before.
	await php( '\\RecruitingReports\\Reports\\ReportCache::bump();' );
	const after = await everyReport();
	assert.equal( Object.keys( after ).length, REPORTS.length * 3 * 3 * 2 );
	for ( const key of Object.keys( before ) ) {
		assert.deepEqual( after[ key ], before[ key ], key );
	}
	await assertSummariesConsistent();
} );

test( 'free-text sources move into "other" of the Sources report, totals unchanged; every other report is identical', { timeout: TIMEOUT }, async () => {
	await seed( 25 );
	const before = await everyReport();
	assert.deepEqual( await anonymiseAll(), [] );
	const after = await everyReport();
	for ( const key of Object.keys( before ) ) {
		if ( ! key.startsWith( '["sources"' ) ) {
			assert.deepEqual( after[ key ], before[ key ], key );
			continue;
		}
		const rows = ( report ) => Object.fromEntries( report.sources.map( ( row ) => [ row.source, row ] ) );
		const [ was, now ] = [ rows( before[ key ] ), rows( after[ key ] ) ];
		for ( const channel of CHANNELS ) {
			assert.deepEqual( now[ channel ], was[ channel ], `${ key } ${ channel }` );
		}
		assert.equal( now[ FREE_TEXT ], undefined, key );
		assert.equal( now.other?.applications, was[ FREE_TEXT ]?.applications, key );
		assert.equal( now.other?.hires, was[ FREE_TEXT ]?.hires, key );
		const total = ( report ) => report.sources.reduce( ( sum, row ) => sum + row.applications, 0 );
		assert.equal( total( after[ key ] ), total( before[ key ] ), key );
	}
	await assertSummariesConsistent();
} );
