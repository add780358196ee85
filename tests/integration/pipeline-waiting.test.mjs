// The waiting summary (Data\WaitingSummary, the pipeline report's source) under writes from every path, many at once:
// status changes moving applications between stages (two at a time on one application), new applications, deletions,
// a re-import moving applications to other jobs, an erasure and an anonymisation. Afterwards the summary equals a
// rebuild, the pipeline report equals a brute-force count over the applications table at the same instant (all jobs
// and each job), and `wp recruiting summaries rebuild` leaves the report unchanged.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { del, expectStatus, post, put } from './lib/api.mjs';
import { assertSummariesConsistent, importData, php, resetForReports } from './lib/reports.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 300_000;
const OPEN = [ 'new', 'screening', 'interview', 'offer' ];

let jobs;

before( async () => {
	await resetForReports();
	// 400 applications over three years for 4 jobs (about 8% of them open), written by the bulk seeder.
	const seeded = JSON.parse( await php( 'echo wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::seed( 400, 1, null, 4 ) );' ) );
	assert.equal( seeded.applications, 400 );
	jobs = JSON.parse( await php( "global $wpdb; echo wp_json_encode( array_map( 'intval', $wpdb->get_col( \"SELECT DISTINCT job_id FROM {$wpdb->prefix}recruiting_applications ORDER BY job_id\" ) ) );" ) );
	assert.equal( jobs.length, 4 );
	// Some benchmark jobs are closed or drafts; these take applications.
	await php( `foreach ( ${ JSON.stringify( jobs ) } as $id ) { wp_update_post( array( 'ID' => $id, 'post_status' => 'publish' ) ); }`.replace( '[', 'array(' ).replace( ']', ')' ) );
	// More open applications, so that every job has several in every stage to move around.
	for ( let i = 0; i < 24; i++ ) {
		expectStatus( await post( `${ NS }/applications`, { job_id: jobs[ i % 4 ], candidate: { name: `Waiting ${ i }`, email: `waiting${ i }@example.com` } } ), 201 );
	}
} );

/** The open applications: id, job, status, and the statuses each may move to. */
async function openApplications() {
	return JSON.parse(
		await php( `global $wpdb;
			$rows = $wpdb->get_results( "SELECT id, job_id, status, reopen_status FROM {$wpdb->prefix}recruiting_applications WHERE status IN ('new','screening','interview','offer') ORDER BY id", ARRAY_A );
			echo wp_json_encode( array_map( static fn( $row ) => array( 'id' => (int) $row['id'], 'job' => (int) $row['job_id'], 'status' => $row['status'], 'targets' => \\RecruitingReports\\Domain\\Pipeline::allowed_targets( $row['status'], $row['reopen_status'] ) ), $rows ) );` )
	);
}

/**
 * The pipeline report as computed (PipelineReport::run) and by brute force over the open applications (TimeInStage's
 * days per application, sorted per stage), at one instant, for all jobs and each job; also the report after a rebuild.
 */
async function pipelineAgainstBruteForce() {
	return JSON.parse(
		await php( `global $wpdb;
			use RecruitingReports\\Domain\\TimeInStage;
			$now      = time();
			$timezone = wp_timezone();
			$cutoffs  = TimeInStage::stale_cutoffs( (array) \\RecruitingReports\\Data\\Settings::get( 'stale_days' ), $now, $timezone );
			$rows     = $wpdb->get_results( "SELECT job_id, status, status_since FROM {$wpdb->prefix}recruiting_applications WHERE status IN ('new','screening','interview','offer')", ARRAY_A );
			$waits    = array();
			foreach ( $rows as $row ) {
				foreach ( array( 0, (int) $row['job_id'] ) as $scope ) {
					$waits[ $scope ][ $row['status'] ][] = array( TimeInStage::days( (int) $row['status_since'], $now, $timezone ), (int) $row['status_since'] <= $cutoffs[ $row['status'] ] );
				}
			}
			$figures = static function ( array $list ): array {
				$days = array_column( $list, 0 );
				sort( $days );
				$n = count( $days );
				return array( 'open' => $n, 'median_days' => $n ? ( $days[ intdiv( $n - 1, 2 ) ] + $days[ intdiv( $n, 2 ) ] ) / 2 : 0, 'longest_days' => $n ? max( $days ) : 0, 'stale' => count( array_filter( array_column( $list, 1 ) ) ) );
			};
			$expected = static function ( int $scope ) use ( $waits, $figures ): array {
				$stages = array();
				$by_job = array();
				foreach ( TimeInStage::OPEN as $stage ) {
					$stages[] = array( 'stage' => $stage ) + $figures( $waits[ $scope ][ $stage ] ?? array() );
				}
				ksort( $waits );
				foreach ( $waits as $job => $per_stage ) {
					foreach ( TimeInStage::OPEN as $stage ) {
						if ( 0 !== $job && ( 0 === $scope || $scope === $job ) && isset( $per_stage[ $stage ] ) ) {
							$by_job[] = array( 'job_id' => $job, 'job_title' => get_post_field( 'post_title', $job, 'raw' ), 'stage' => $stage ) + $figures( $per_stage[ $stage ] );
						}
					}
				}
				return array( 'totals' => array( 'open' => array_sum( array_column( $stages, 'open' ) ), 'stale' => array_sum( array_column( $stages, 'stale' ) ) ), 'stages' => $stages, 'by_job' => $by_job );
			};
			$actual = static function ( int $scope ) use ( $now ): array {
				$report = ( new \\RecruitingReports\\Reports\\PipelineReport() )->run( \\RecruitingReports\\Reports\\ReportQuery::from_args( array( 'job_id' => $scope ?: null ) ), $now );
				unset( $report['period'] );
				return $report;
			};
			$scopes = array_merge( array( 0 ), array_map( 'intval', $wpdb->get_col( "SELECT DISTINCT job_id FROM {$wpdb->prefix}recruiting_applications" ) ) );
			$result = array();
			foreach ( $scopes as $scope ) {
				$result[ $scope ] = array( 'actual' => $actual( $scope ), 'expected' => $expected( $scope ) );
			}
			\\RecruitingReports\\Data\\ReportSummary::rebuild();
			foreach ( $scopes as $scope ) {
				$result[ $scope ]['rebuilt'] = $actual( $scope );
			}
			echo wp_json_encode( $result );` )
	);
}

/** Asserts the report equals the brute force and the rebuild for every scope; returns the all-jobs report. */
async function assertPipelineRight() {
	const scopes = await pipelineAgainstBruteForce();
	for ( const [ scope, { actual, expected, rebuilt } ] of Object.entries( scopes ) ) {
		// JSON has no float type: a whole median is an integer on both sides once decoded.
		assert.deepEqual( actual, expected, `job ${ scope }: the report equals the brute force` );
		assert.deepEqual( rebuilt, actual, `job ${ scope }: a rebuild leaves the report unchanged` );
	}
	return scopes[ 0 ].actual;
}

test( 'the report equals the brute force after the seed', { timeout: TIMEOUT }, async () => {
	const report = await assertPipelineRight();
	for ( const stage of report.stages ) {
		assert.ok( stage.open > 0, `applications wait in ${ stage.stage }` );
	}
	await assertSummariesConsistent();
} );

test( 'status changes (two at once on some applications), creates, deletions and a re-import moving jobs, all at once, keep the summary exact', { timeout: TIMEOUT }, async () => {
	const open = await openApplications();
	assert.ok( open.length >= 40, `${ open.length } open applications` );
	const requests = [];
	open.slice( 0, 30 ).forEach( ( app, i ) => {
		const target = app.targets[ i % app.targets.length ];
		requests.push( put( `${ NS }/applications/${ app.id }/status`, { status: target } ) );
		if ( 0 === i % 5 ) {
			// The same application changed twice at once: one change applies first, the other on top or refused (409).
			requests.push( put( `${ NS }/applications/${ app.id }/status`, { status: app.targets[ ( i + 1 ) % app.targets.length ] } ) );
		}
	} );
	for ( const app of open.slice( 30, 36 ) ) {
		requests.push( del( `${ NS }/applications/${ app.id }` ) );
	}
	for ( let i = 0; i < 6; i++ ) {
		requests.push( post( `${ NS }/applications`, { job_id: jobs[ i % 4 ], candidate: { name: `Racing ${ i }`, email: `racing${ i }@example.com` } } ) );
	}
	// A re-import of seeded applications (bench-app-1…40) under other jobs, with their own histories: it moves open
	// applications between jobs and stages while the changes above run.
	const payload = JSON.parse( await php( 'echo wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::import_payload( 1, 40, time(), false ) );' ) );
	for ( const [ i, app ] of payload.applications.entries() ) {
		app.job = `bench-job-${ 1 + ( ( i + 1 ) % 4 ) }`;
	}
	requests.push( importData( payload ).then( () => ( { status: 200 } ) ) );
	const responses = await Promise.all( requests );
	for ( const response of responses ) {
		assert.ok( [ 200, 201, 409 ].includes( response.status ), `${ response.status } ${ response.text?.slice( 0, 500 ) }` );
	}
	assert.ok( responses.filter( ( response ) => 200 === response.status ).length >= 25, 'most changes applied' );
	await assertSummariesConsistent();
	await assertPipelineRight();
} );

test( 'an erasure and an anonymisation of waiting candidates keep the summary exact', { timeout: TIMEOUT }, async () => {
	const open = await openApplications();
	const [ erased, anonymised ] = [ open[ 0 ], open[ 1 ] ];
	await php( `$erased = \\RecruitingReports\\Data\\ApplicationEraser::delete( ${ erased.id } );
		$kept = \\RecruitingReports\\Data\\ApplicationEraser::anonymise( ${ anonymised.id } );
		if ( is_wp_error( $erased ) || is_wp_error( $kept ) ) { throw new Exception( 'erasure failed' ); }` );
	const after = await openApplications();
	assert.ok( ! after.some( ( app ) => app.id === erased.id ) );
	assert.ok( after.some( ( app ) => app.id === anonymised.id && OPEN.includes( app.status ) ), 'an anonymised application keeps waiting' );
	await assertSummariesConsistent();
	await assertPipelineRight();
} );
