// The reports against an independent brute-force computation (tests/support/reports-reference.php) on a
// generated dataset of realistic journeys, in timezones with half-hour, 45-minute and DST offsets, for
// many periods and jobs; and the summary tables against a rebuild from scratch after every kind of write.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { assertSummariesConsistent, resetForReports, php, importData, report } from './lib/reports.mjs';
import { SCHEMA } from './lib/network.mjs';

const REFERENCE = "require_once WP_PLUGIN_DIR . '/recruiting-reports/tests/support/reports-reference.php';";

before( async () => {
	await resetForReports();
	// 1,500 applications over the last three years for 12 jobs, written by the bulk seeder.
	const seeded = JSON.parse( await php( "echo wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::seed( 1500, 1, null, 12 ) );" ) );
	assert.equal( seeded.applications, 1500 );
	// Then writes through every other path: status changes and new applications through the one writer,
	// and a re-import that moves applications to another job and rewrites their histories.
	await php( `
		global $wpdb;
		$table = $wpdb->prefix . 'recruiting_applications';
		$ids   = $wpdb->get_col( "SELECT id FROM $table WHERE status IN ('new','screening','interview','offer','rejected','withdrawn') ORDER BY id LIMIT 60" );
		foreach ( $ids as $id ) {
			$row     = $wpdb->get_row( $wpdb->prepare( "SELECT status, reopen_status FROM $table WHERE id = %d", $id ) );
			$allowed = \\RecruitingReports\\Domain\\Pipeline::allowed_targets( $row->status, $row->reopen_status );
			if ( $allowed ) {
				$target  = $allowed[ (int) $id % count( $allowed ) ];
				$reasons = array( 'rejected' => array( 'salary', 'experience', null ), 'withdrawn' => array( 'other-offer', null ) );
				$reason  = isset( $reasons[ $target ] ) ? $reasons[ $target ][ (int) $id % count( $reasons[ $target ] ) ] : null;
				\\RecruitingReports\\Data\\ApplicationWriter::change_status( (int) $id, $target, get_current_user_id(), null, $reason );
			}
		}
		// Notes and ratings over three years by the admin, a recruiter and a user deleted since (the activity report),
		// written at past times directly, with the activity summary's difference as every writer adds it.
		$activity = static fn( array $ids, callable $write ) => \\RecruitingReports\\Data\\ActivitySummary::around( $ids, $write );
		require_once ABSPATH . 'wp-admin/includes/user.php';
		$team = array( get_current_user_id() );
		foreach ( array( 'cons-a', 'cons-b' ) as $login ) {
			$team[] = wp_insert_user( array( 'user_login' => $login, 'user_pass' => 'x-' . $login, 'display_name' => $login, 'role' => 'recruiter' ) );
		}
		$sample = $wpdb->get_col( "SELECT id FROM $table ORDER BY id LIMIT 300" );
		foreach ( $sample as $i => $id ) {
			$at = time() - ( $i * 3 + 1 ) * 86400 - $i * 3600;
			$activity( array( $id ), static fn() => $wpdb->insert( $wpdb->prefix . 'recruiting_notes', array( 'application_id' => $id, 'user_id' => $team[ $i % 3 ], 'content' => 'n', 'created_at' => $at ) ) );
			if ( $i % 2 ) {
				$activity( array( $id ), static fn() => $wpdb->insert( $wpdb->prefix . 'recruiting_ratings', array( 'application_id' => $id, 'user_id' => $team[ ( $i + 1 ) % 3 ], 'score' => 3, 'created_at' => $at, 'updated_at' => $at ) ) );
			}
		}
		$changes = array_map( 'intval', $wpdb->get_col( "SELECT id FROM {$wpdb->prefix}recruiting_status_history WHERE from_status IS NOT NULL" ) );
		foreach ( array( 1, 2 ) as $member ) {
			$ids  = implode( ',', array_filter( $changes, static fn( $change ) => $member === $change % 5 ) );
			$apps = array_map( 'intval', $wpdb->get_col( "SELECT DISTINCT application_id FROM {$wpdb->prefix}recruiting_status_history WHERE id IN ($ids)" ) );
			$activity( $apps, static fn() => $wpdb->query( "UPDATE {$wpdb->prefix}recruiting_status_history SET user_id = {$team[ $member ]} WHERE id IN ($ids)" ) );
		}
		wp_delete_user( $team[2] );
		$job = (int) $wpdb->get_var( "SELECT job_id FROM $table ORDER BY id LIMIT 1" );
		for ( $i = 0; $i < 5; $i++ ) {
			\\RecruitingReports\\Data\\ApplicationWriter::create( array( 'job_id' => $job, 'candidate_name' => "Late $i", 'candidate_email' => "late$i@example.com", 'source' => $i % 2 ? 'café' : 'cafe' ), get_current_user_id(), time() - $i * 86400 );
		}
		// Waiting six years, across a dozen daylight-saving changes: the pipeline's days are counted in runs between them.
		\\RecruitingReports\\Data\\ApplicationWriter::create( array( 'job_id' => $job, 'candidate_name' => 'Long wait', 'candidate_email' => 'long-wait@example.com' ), get_current_user_id(), time() - 2200 * 86400 - 5 * 3600 );
	` );
	const payload = JSON.parse( await php( "echo wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::import_payload( 1, 40, time(), false ) );" ) );
	for ( const [ i, app ] of payload.applications.entries() ) {
		app.job = `bench-job-${ 1 + ( i % 3 ) }`;
		app.source = [ 'LinkedIn', ' Indeed', '', 'Newsletter' ][ i % 4 ]; // moves re-imported applications between sources
		app.history = i % 2 ? [] : [ { status: 'hired', at: new Date( Date.parse( app.applied_at ) + ( 1 + i ) * 86400000 ).toISOString() } ].filter( ( h ) => Date.parse( h.at ) < Date.now() );
	}
	await importData( payload );
} );

test( 'the summary tables equal a rebuild from the applications table after every kind of write', async () => {
	const rebuilt = await assertSummariesConsistent();
	assert.ok( rebuilt.report_buckets.length > 100 );
} );

test( 'the upgrade from schema version 9 fills the exits and activity summaries (added in 10) from the rows already there', async () => {
	const tables = [ 'report_exits', 'report_exit_jobs', 'report_activity', 'report_activity_handled' ];
	const snapshot = async () => {
		const all = JSON.parse( await php( `${ REFERENCE } echo wp_json_encode( rr_summary_snapshot() );` ) );
		return Object.fromEntries( tables.map( ( name ) => [ name, all[ name ] ] ) );
	};
	const expected = await snapshot();
	for ( const name of tables ) {
		assert.ok( expected[ name ].length > 10, `${ name } has rows` );
	}
	// The state version 9 had: none of these tables' rows.
	const left = await php( `global $wpdb; $left = 0; foreach ( ${ JSON.stringify( tables ).replace( /\[/, 'array(' ).replace( /\]/, ')' ) } as $name ) { $wpdb->query( $wpdb->prepare( 'DELETE FROM %i', \\RecruitingReports\\Data\\Schema::table( $name ) ) ); $left += (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', \\RecruitingReports\\Data\\Schema::table( $name ) ) ); } update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, 9 ); echo $left;` );
	assert.equal( left, '0' );
	await report( 'overview' ); // The request that upgrades (the plugin migrates on the first load at version 9).
	assert.equal( await php( 'echo get_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION );' ), String( SCHEMA.version ) );
	assert.deepEqual( await snapshot(), expected );
} );

test( 'the upgrade from schema version 11 replaces report_exit_jobs (a row per month, job and status under its own primary key) by its quarter, month, week and day rows per job', async () => {
	const exitJobs = async () => JSON.parse( await php( `${ REFERENCE } echo wp_json_encode( rr_summary_snapshot()['report_exit_jobs'] );` ) );
	const expected = await exitJobs();
	// span|bucket|job_id|rejected|withdrawn, with day rows (span 1) of several jobs.
	assert.ok( new Set( expected.filter( ( row ) => row.startsWith( '1|' ) ).map( ( row ) => row.split( '|' )[ 2 ] ) ).size > 1, 'day rows per job' );
	// Version 11's table, with a row of its own: dbDelta alone would have to change the primary key.
	await php( `global $wpdb;
		$table = \\RecruitingReports\\Data\\Schema::table( 'report_exit_jobs' );
		$wpdb->query( "DROP TABLE $table" );
		$wpdb->query( "CREATE TABLE $table ( bucket bigint(20) NOT NULL, job_id bigint(20) unsigned NOT NULL, status varchar(20) NOT NULL, exits bigint(20) NOT NULL DEFAULT 0, PRIMARY KEY  (bucket,job_id,status) )" );
		$wpdb->query( "INSERT INTO $table (bucket, job_id, status, exits) VALUES (1764547200, 1, 'rejected', 3)" );
		update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, 11 );` );
	await report( 'overview' ); // The request that upgrades.
	assert.equal( await php( 'echo get_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION );' ), String( SCHEMA.version ) );
	assert.deepEqual( await exitJobs(), expected );
} );

test( 'the upgrade from schema version 11 fills the waiting summary (added in 12) from the rows already there', async () => {
	const snapshot = async () => JSON.parse( await php( `${ REFERENCE } echo wp_json_encode( rr_summary_snapshot()['report_waiting'] );` ) );
	const expected = await snapshot();
	assert.ok( expected.length > 40, 'report_waiting has rows' );
	const left = await php( "global $wpdb; $table = \\RecruitingReports\\Data\\Schema::table( 'report_waiting' ); $wpdb->query( $wpdb->prepare( 'DELETE FROM %i', $table ) ); update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, 11 ); echo (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $table ) );" );
	assert.equal( left, '0' );
	await report( 'overview' ); // The request that upgrades.
	assert.equal( await php( 'echo get_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION );' ), String( SCHEMA.version ) );
	assert.deepEqual( await snapshot(), expected );
} );

test( 'the upgrade from schema version 12 adds the quarter and week rows of report_buckets (per job) and report_hire_days (added in 13)', async () => {
	const snapshot = async () => JSON.parse( await php( `${ REFERENCE } $all = rr_summary_snapshot(); echo wp_json_encode( array( $all['report_buckets'], $all['report_hire_days'] ) );` ) );
	const expected = await snapshot();
	// Rows are "span|bucket|job_id or days|measures…".
	const coarse = ( rows ) => rows.map( ( row ) => row.split( '|' ) ).filter( ( [ span ] ) => [ '3', '4' ].includes( span ) );
	assert.ok( coarse( expected[ 0 ] ).length > 20, 'report_buckets has quarter and week rows' );
	assert.ok( coarse( expected[ 0 ] ).every( ( row ) => Number( row[ 2 ] ) > 0 ), 'only per job' );
	assert.ok( coarse( expected[ 1 ] ).length > 10, 'report_hire_days has quarter and week rows' );
	const left = await php( "global $wpdb; foreach ( array( 'report_buckets', 'report_hire_days' ) as $name ) { $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE span IN (3, 4)', \\RecruitingReports\\Data\\Schema::table( $name ) ) ); } update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, 12 ); echo (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE span IN (3, 4)', \\RecruitingReports\\Data\\Schema::table( 'report_hire_days' ) ) );" );
	assert.equal( left, '0' );
	await report( 'overview' ); // The request that upgrades.
	assert.equal( await php( 'echo get_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION );' ), String( SCHEMA.version ) );
	assert.deepEqual( await snapshot(), expected );
} );

test( 'the upgrade from schema version 13 replaces report_hire_days (all jobs only, under its own primary key) by rows per job and for all jobs', async () => {
	const hireDays = async () => JSON.parse( await php( `${ REFERENCE } echo wp_json_encode( rr_summary_snapshot()['report_hire_days'] );` ) );
	const expected = await hireDays();
	// span|job_id|bucket|days|hires: day rows (span 1) of several jobs, and of all jobs (job_id 0) that add theirs up.
	const rows = expected.map( ( row ) => row.split( '|' ).map( Number ) );
	const days = rows.filter( ( [ span ] ) => 1 === span );
	assert.ok( new Set( days.map( ( row ) => row[ 1 ] ).filter( Boolean ) ).size > 1, 'day rows per job' );
	const sum = ( list ) => list.reduce( ( total, row ) => total + row[ 4 ], 0 );
	assert.equal( sum( days.filter( ( row ) => 0 === row[ 1 ] ) ), sum( days.filter( ( row ) => 0 !== row[ 1 ] ) ) );
	// Version 13's table, with a row of its own: dbDelta alone would have to change the primary key.
	await php( `global $wpdb;
		$table = \\RecruitingReports\\Data\\Schema::table( 'report_hire_days' );
		$wpdb->query( "DROP TABLE $table" );
		$wpdb->query( "CREATE TABLE $table ( span tinyint(3) unsigned NOT NULL, bucket bigint(20) NOT NULL, days int(11) NOT NULL, hires bigint(20) NOT NULL DEFAULT 0, PRIMARY KEY  (span,bucket,days) )" );
		$wpdb->query( "INSERT INTO $table (span, bucket, days, hires) VALUES (2, 1764547200, 3, 5)" );
		update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, 13 );` );
	await report( 'overview' ); // The request that upgrades.
	assert.equal( await php( 'echo get_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION );' ), String( SCHEMA.version ) );
	assert.deepEqual( await hireDays(), expected );
} );

for ( const from of [ 14, 15 ] ) {
	test( `the upgrade from schema version ${ from } regroups the waiting summary: a job's stages one row each${ 14 === from ? ', 8 bytes per instant,' : '' } into one row per job`, async () => {
		const snapshot = async () => JSON.parse( await php( `${ REFERENCE } echo wp_json_encode( rr_summary_snapshot()['report_waiting'] );` ) );
		const expected = await snapshot();
		assert.ok( expected.length > 20, 'report_waiting has rows' );
		// The earlier version's rows: each job's stages in rows of their own, and before 15 every instant in 8 bytes
		// (pack( 'J' )); one job's row is left in the new form, as a rebuild earlier in the same upgrade would leave it.
		const moved = JSON.parse( await php( `global $wpdb;
			$table = \\RecruitingReports\\Data\\Schema::table( 'report_waiting' );
			$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, status, bucket, entries FROM %i ORDER BY job_id, status, bucket', $table ), ARRAY_A );
			$wide  = ${ 14 === from ? 'true' : 'false' };
			$moved = array( 'jobs' => 0, 'wide' => 0 );
			$kept  = false;
			foreach ( $rows as $row ) {
				$stages = \\RecruitingReports\\Data\\WaitingSummary::entries( $row['status'], $row['entries'] );
				if ( '' === $row['status'] && ! $kept ) {
					$kept = true;
					continue;
				}
				$wpdb->delete( $table, array( 'job_id' => $row['job_id'], 'status' => $row['status'], 'bucket' => $row['bucket'] ) );
				foreach ( $stages as $status => $entries ) {
					$bytes = $wide ? pack( 'J*', ...$entries->all() ) : $entries->bytes();
					$wpdb->insert( $table, array( 'job_id' => $row['job_id'], 'status' => $status, 'bucket' => $row['bucket'], 'entries' => base64_encode( $bytes ) ) );
					$moved['wide'] += $wide ? $entries->count() : 0;
				}
				$moved['jobs'] += '' === $row['status'] ? 1 : 0;
			}
			update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, ${ from } );
			echo wp_json_encode( $moved );` ) );
		assert.ok( moved.jobs > 3, `${ moved.jobs } jobs' rows split by stage` );
		assert.equal( moved.wide > 100, 14 === from, `${ moved.wide } instants in 8 bytes` );
		await report( 'overview' ); // The request that upgrades.
		assert.equal( await php( 'echo get_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION );' ), String( SCHEMA.version ) );
		assert.deepEqual( await snapshot(), expected );
		await assertSummariesConsistent();
	} );
}

test( 'the upgrade from schema version 16 adds the year rows of report_buckets (per job), report_hire_days and report_exit_jobs (added in 17)', async () => {
	const tables = [ 'report_buckets', 'report_hire_days', 'report_exit_jobs' ];
	const snapshot = async () => JSON.parse( await php( `${ REFERENCE } $all = rr_summary_snapshot(); echo wp_json_encode( array( $all['report_buckets'], $all['report_hire_days'], $all['report_exit_jobs'] ) );` ) );
	const expected = await snapshot();
	// Rows are "span|…": year rows are span 5, of several years (the data spans three).
	const years = ( rows ) => rows.filter( ( row ) => row.startsWith( '5|' ) );
	for ( const [ i, name ] of tables.entries() ) {
		assert.ok( years( expected[ i ] ).length > 10, `${ name } has year rows` );
	}
	// Version 16's tables have no year rows; one table keeps a wrong one, as if a rebuild earlier in the upgrade had
	// written year rows of other data: the step replaces it.
	const left = await php( `global $wpdb;
		$left = 0;
		foreach ( ${ JSON.stringify( tables ).replace( /\[/, 'array(' ).replace( /\]$/, ')' ) } as $name ) {
			$table = \\RecruitingReports\\Data\\Schema::table( $name );
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE span = 5', $table ) );
			$left += (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE span = 5', $table ) );
		}
		$wpdb->insert( \\RecruitingReports\\Data\\Schema::table( 'report_exit_jobs' ), array( 'span' => 5, 'bucket' => gmmktime( 0, 0, 0, 1, 1, 2020 ), 'job_id' => 1, 'rejected' => 7, 'withdrawn' => 0 ) );
		update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, 16 );
		echo $left;` );
	assert.equal( left, '0' );
	await report( 'overview' ); // The request that upgrades.
	assert.equal( await php( 'echo get_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION );' ), String( SCHEMA.version ) );
	assert.deepEqual( await snapshot(), expected );
	await assertSummariesConsistent();
} );

test( 'every report equals a brute-force computation in several timezones, periods and jobs', async () => {
	const output = await php( `${ REFERENCE }
		global $wpdb;
		$jobs     = array_map( 'intval', $wpdb->get_col( "SELECT job_id FROM {$wpdb->prefix}recruiting_applications GROUP BY job_id ORDER BY COUNT(*) DESC LIMIT 2" ) );
		$today    = gmdate( 'Y-m-d' );
		$periods  = array(
			array( gmdate( 'Y-m-01', strtotime( '-11 months' ) ), $today ),
			array( '2025-03-01', '2025-11-30' ), // both DST changes of 2025 in New York and Chatham's April change
			array( '2025-03-09', '2025-03-09' ), // New York's 23-hour day
			array( '2025-10-15', '2025-11-14' ),
			array( gmdate( 'Y-m-01', strtotime( '-40 months' ) ), $today ), // all the data
		);
		// The careers counters: this file's only, on days inside and at the edges of the periods below.
		$wpdb->query( 'DELETE FROM ' . \\RecruitingReports\\Data\\Schema::table( 'careers_counts' ) );
		foreach ( array( '2025-03-01', '2025-03-09', '2025-03-10', '2025-10-14', '2025-10-15', '2025-11-14', '2025-11-30', gmdate( 'Y-m-d' ) ) as $i => $day ) {
			foreach ( \\RecruitingReports\\Data\\CareersCounters::METRICS as $m => $metric ) {
				\\RecruitingReports\\Data\\CareersCounters::add( $day, array( $jobs[ $i % 2 ] ), array( 'linkedin', 'other', 'direct' )[ ( $i + $m ) % 3 ], $metric, 1 + ( $i * 3 + $m ) % 7 );
			}
			\\RecruitingReports\\Data\\CareersCounters::add( $day, $jobs, 'indeed', 'list_view', 2 );
		}
		$checked    = 0;
		$mismatches = array();
		foreach ( array( 'UTC', 'Asia/Kolkata', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Chatham' ) as $tz ) {
			update_option( 'timezone_string', $tz );
			foreach ( $periods as [ $from, $to ] ) {
				foreach ( array_merge( array( 0 ), $jobs ) as $job ) {
					foreach ( \\RecruitingReports\\Reports\\ReportRegistry::names() as $report ) {
						\\RecruitingReports\\Domain\\Events::data_changed();
						$args   = array( 'date_from' => $from, 'date_to' => $to, 'job_id' => $job ?: null );
						$before = time();
						$actual = \\RecruitingReports\\Reports\\ReportService::run( $report, $args );
						$after  = time();
						$expect = rr_reference_report( $report, $from, $to, $job, $before );
						// The pipeline's waits move with the clock: the report counted them at one second of [before, after].
						for ( $second = $before + 1; $second <= $after && ! is_wp_error( $actual ) && wp_json_encode( $actual['data'] ) !== wp_json_encode( $expect ); $second++ ) {
							$expect = rr_reference_report( $report, $from, $to, $job, $second );
						}
						if ( 'time-to-fill' === $report && ! is_wp_error( $actual ) && abs( $actual['data']['open_jobs']['average_age_days'] - $expect['open_jobs']['average_age_days'] ) <= 0.1 ) {
							// The age moves with the clock: a second between the two computations may round differently.
							$expect['open_jobs']['average_age_days'] = $actual['data']['open_jobs']['average_age_days'];
						}
						++$checked;
						if ( is_wp_error( $actual ) || wp_json_encode( $actual['data'] ) !== wp_json_encode( $expect ) ) {
							$mismatches[] = array( 'tz' => $tz, 'report' => $report, 'args' => $args, 'actual' => is_wp_error( $actual ) ? $actual->get_error_message() : $actual['data'], 'expected' => $expect );
						}
					}
				}
			}
		}
		update_option( 'timezone_string', 'UTC' );
		echo wp_json_encode( array( 'checked' => $checked, 'mismatches' => array_slice( $mismatches, 0, 3 ), 'count' => count( $mismatches ) ) );
	` );
	const result = JSON.parse( output );
	// Five timezones, five periods, all jobs and two, nine reports (the careers funnel's counters seeded above).
	assert.equal( result.checked, 5 * 5 * 3 * 9 );
	if ( result.count ) {
		for ( const mismatch of result.mismatches ) {
			assert.deepEqual( mismatch.actual, mismatch.expected, `${ mismatch.report } in ${ mismatch.tz } ${ JSON.stringify( mismatch.args ) }` );
		}
	}
	assert.equal( result.count, 0 );
} );
