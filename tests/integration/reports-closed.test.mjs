// Closed periods (ReportCache's closed version): time to hire, the funnel and sources of a period that ended before
// the current month stay cached after a write that changed only this month (a new application, a status change of
// an application of this month), and miss — with the new figures — after every write that can change such a
// period: a status change of one of its applications, an import with past dates, a deletion, an erasure, a job
// renamed.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { del, expectStatus } from './lib/api.mjs';
import { eraseFor } from './lib/privacy.mjs';
import { resetForReports, ok, importData, php, jobRecord, hire, app } from './lib/reports.mjs';

const JUNE = { date_from: '2025-06-01', date_to: '2025-06-30' };
const CLOSED_REPORTS = [ 'time-to-hire', 'funnel', 'sources' ];
let job;

before( async () => {
	await resetForReports();
	const ids = await importData( {
		jobs: [ jobRecord( 'kj1', { title: 'Welder' } ) ],
		applications: [
			hire( 'k1', 'kj1', '2025-06-10T00:00:00Z', 2 ),
			hire( 'k2', 'kj1', '2025-06-20T00:00:00Z', 4 ),
			app( 'k3', 'kj1', '2025-06-05T00:00:00Z', [], { source: 'LinkedIn' } ),
		],
	} );
	job = ids.jobs.ids.kj1;
} );

/** Each closed report of June once (a miss or a hit), then again: a hit with the same body. Returns the bodies. */
async function june() {
	const bodies = {};
	for ( const name of CLOSED_REPORTS ) {
		const first = await ok( name, JUNE );
		const again = await ok( name, JUNE );
		assert.equal( again.cache, 'hit', `${ name } repeat is a hit` );
		assert.deepEqual( again, first );
		bodies[ name ] = first;
	}
	return bodies;
}

/** After a write that changed June: every closed report of June misses once; returns the fresh bodies. */
async function juneMisses( what ) {
	const bodies = {};
	for ( const name of CLOSED_REPORTS ) {
		const fresh = await ok( name, JUNE );
		assert.equal( fresh.cache, 'miss', `${ name } of June misses after ${ what }` );
		bodies[ name ] = fresh;
	}
	await june();
	return bodies;
}

/** The id of an application by its external id. */
async function applicationId( externalId ) {
	return Number( await php( `global $wpdb; echo (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$wpdb->prefix}recruiting_applications WHERE external_id = %s", '${ externalId }' ) );` ) );
}

test( 'a write of this month leaves June cached; the open period and the overview miss', async () => {
	const before = await june();
	assert.deepEqual( before[ 'time-to-hire' ].overall, { average_days: 3, median_days: 3, min_days: 2, max_days: 4 } );
	assert.deepEqual( before.funnel.stages.map( ( stage ) => stage.reached ), [ 3, 2, 2, 2, 2 ] ); // a hire reached every stage
	assert.equal( ( await ok( 'time-to-hire' ) ).cache, 'miss' );
	assert.equal( ( await ok( 'overview', JUNE ) ).cache, 'miss' );

	// A new application now, then a status change of it: both change this month only.
	const id = Number( await php( `echo (int) \\RecruitingReports\\Data\\ApplicationWriter::create( array( 'job_id' => ${ job }, 'candidate_name' => 'Now', 'candidate_email' => 'now@example.com' ), get_current_user_id() );` ) );
	await php( `\\RecruitingReports\\Data\\ApplicationWriter::change_status( ${ id }, 'hired', get_current_user_id() );` );
	for ( const name of CLOSED_REPORTS ) {
		const after = await ok( name, JUNE );
		assert.equal( after.cache, 'hit', `${ name } of June stays cached after writes of this month` );
		assert.deepEqual( after, before[ name ] );
	}
	const current = await ok( 'time-to-hire' );
	assert.equal( current.cache, 'miss' );
	assert.equal( current.trend.at( -1 ).hires, 1 );
	const overview = await ok( 'overview', JUNE );
	assert.equal( overview.cache, 'miss' );
	assert.equal( overview.applications.by_status.hired, 3 );
} );

test( 'a status change of an application of June changes its funnel', async () => {
	await june();
	await php( `\\RecruitingReports\\Data\\ApplicationWriter::change_status( ${ await applicationId( 'k3' ) }, 'screening', get_current_user_id() );` );
	const { funnel } = await juneMisses( 'a status change of an application of June' );
	assert.deepEqual( funnel.stages.map( ( stage ) => stage.reached ), [ 3, 3, 2, 2, 2 ] );
} );

test( 'an import with past dates changes June', async () => {
	await june();
	await importData( { applications: [ hire( 'k4', 'kj1', '2025-06-25T00:00:00Z', 9 ) ] } );
	const { 'time-to-hire': tth, sources } = await juneMisses( 'an import into June' );
	assert.deepEqual( tth.overall, { average_days: 5, median_days: 4, min_days: 2, max_days: 9 } );
	assert.deepEqual( sources.sources.map( ( row ) => [ row.source, row.applications, row.hires ] ), [ [ 'direct', 3, 3 ], [ 'linkedin', 1, 0 ] ] );
} );

test( 'a deletion changes June', async () => {
	await june();
	expectStatus( await del( `/recruiting/v1/applications/${ await applicationId( 'k4' ) }` ), 200 );
	const { 'time-to-hire': tth } = await juneMisses( 'a deletion' );
	assert.deepEqual( tth.overall, { average_days: 3, median_days: 3, min_days: 2, max_days: 4 } );
} );

test( 'an erasure changes June', async () => {
	await june();
	await eraseFor( 'k1@example.com' );
	const { 'time-to-hire': tth, funnel } = await juneMisses( 'an erasure' );
	assert.deepEqual( tth.overall, { average_days: 4, median_days: 4, min_days: 4, max_days: 4 } );
	assert.deepEqual( funnel.stages.map( ( stage ) => stage.reached ), [ 2, 2, 1, 1, 1 ] );
} );

test( 'a job renamed changes June’s by_job', async () => {
	await june();
	await php( `wp_update_post( array( 'ID' => ${ job }, 'post_title' => 'Senior welder' ) );` );
	const { 'time-to-hire': tth } = await juneMisses( 'a job renamed' );
	assert.deepEqual( tth.by_job.map( ( row ) => [ row.job_title, row.hires ] ), [ [ 'Senior welder', 1 ] ] );
} );

test( 'a compared miss of a closed period writes its three entries (the pair, June, May) in one statement; each then answers its own request', async () => {
	// Every period invalidated: the next request for June with compare computes both months.
	await php( '\\RecruitingReports\\Domain\\Events::data_changed();' );
	const written = JSON.parse(
		await php( `
$inserts = array();
add_filter( 'query', static function ( $sql ) use ( &$inserts ) {
	if ( str_contains( $sql, '_transient_recruiting_reports_report_' ) && preg_match( '/^\\s*(INSERT|UPDATE|DELETE)/i', $sql ) ) {
		$inserts[] = substr_count( $sql, "'_transient_recruiting_reports_report_" );
	}
	return $sql;
} );
$result = \\RecruitingReports\\Reports\\ReportService::run( 'time-to-hire', array( 'date_from' => '2025-06-01', 'date_to' => '2025-06-30', 'compare' => 'previous_period' ) );
echo wp_json_encode( array( 'cache' => $result['cache'], 'statements' => $inserts ) );` )
	);
	assert.deepEqual( written, { cache: 'miss', statements: [ 3 ] }, 'one statement holding three entries' );
	const pair = await ok( 'time-to-hire', { ...JUNE, compare: 'previous_period' } );
	const june = await ok( 'time-to-hire', JUNE );
	// The previous period of June's 30 days: the 30 days before it.
	const may = await ok( 'time-to-hire', { date_from: '2025-05-02', date_to: '2025-05-31' } );
	assert.deepEqual( [ pair.cache, june.cache, may.cache ], [ 'hit', 'hit', 'hit' ] );
	const { comparison, ...figures } = pair;
	assert.deepEqual( figures, june );
	assert.deepEqual( comparison, may );
	assert.equal( june.by_job[ 0 ]?.job_title, 'Senior welder', 'June as computed after the rename' );
} );
