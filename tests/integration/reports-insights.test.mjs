// The rejections, pipeline and activity reports (issue #26) on hand-built datasets: every expected number is written
// here, worked out by hand from the dataset next to it. The site timezone is UTC in this file (reset sets it).

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { get, put, expectStatus } from './lib/api.mjs';
import { resetForReports, ok, importData, app, jobRecord, php, plusDays } from './lib/reports.mjs';

const PERIOD = { date_from: '2025-03-01', date_to: '2025-04-30' };

beforeEach( resetForReports );

/** An application whose history entries may carry a reason: [status, ISO time, reason?]. */
function exit( externalId, job, appliedAt, steps ) {
	return { ...app( externalId, job, appliedAt ), history: steps.map( ( [ status, at, reason ] ) => ( reason ? { status, at, reason } : { status, at } ) ) };
}

// Exits in March and April 2025, one before and one after, and a reopened rejection.
const BEFORE_RENAME = [
	exit( 'r1', 'ja', '2025-03-01T09:00:00Z', [ [ 'screening', '2025-03-03T09:00:00Z' ], [ 'rejected', '2025-03-10T09:00:00Z', 'salary' ] ] ),
	exit( 'r3', 'jb', '2025-03-05T09:00:00Z', [ [ 'rejected', '2025-03-06T09:00:00Z' ] ] ), // no reason given, from new
	// Withdrawn after an offer.
	exit( 'w1', 'jb', '2025-03-02T09:00:00Z', [ [ 'screening', '2025-03-04T09:00:00Z' ], [ 'interview', '2025-03-08T09:00:00Z' ], [ 'offer', '2025-03-15T09:00:00Z' ], [ 'withdrawn', '2025-03-20T09:00:00Z', 'other-offer' ] ] ),
	// Rejected, then reopened and moved on: not counted; its reason stays in its history.
	exit( 'o1', 'ja', '2025-03-01T09:00:00Z', [ [ 'rejected', '2025-03-02T09:00:00Z', 'experience' ], [ 'new', '2025-03-05T09:00:00Z' ], [ 'screening', '2025-03-06T09:00:00Z' ] ] ),
	exit( 'x1', 'ja', '2025-02-01T09:00:00Z', [ [ 'rejected', '2025-02-10T09:00:00Z', 'no-show' ] ] ), // before the period
	exit( 'x2', 'jb', '2025-04-20T09:00:00Z', [ [ 'rejected', '2025-05-02T09:00:00Z' ] ] ), // after it
];
const AFTER_RENAME = [
	exit( 'r2', 'ja', '2025-03-20T09:00:00Z', [ [ 'interview', '2025-04-01T09:00:00Z' ], [ 'rejected', '2025-04-10T09:00:00Z', 'salary' ] ] ),
	exit( 'w2', 'ja', '2025-04-02T09:00:00Z', [ [ 'withdrawn', '2025-04-03T09:00:00Z', 'process' ] ] ),
];

/** Imports the dataset with the rename of "salary" between its two halves; returns the ids. */
async function importExits() {
	const first = await importData( { jobs: [ jobRecord( 'ja' ), jobRecord( 'jb' ) ], applications: BEFORE_RENAME } );
	const before = await ok( 'rejections', PERIOD );
	assert.equal( before.by_reason.find( ( row ) => row.reason === 'salary' ).label, 'Salary expectations' );
	const settings = expectStatus( await get( '/recruiting/v1/settings' ), 200 );
	expectStatus( await put( '/recruiting/v1/settings', { rejection_reasons: settings.rejection_reasons.map( ( r ) => ( r.id === 'salary' ? { ...r, label: 'Pay expectations' } : r ) ) } ), 200 );
	const second = await importData( { applications: AFTER_RENAME.map( ( a ) => ( { ...a, job_id: first.jobs.ids[ a.job ], job: undefined } ) ) } );
	return { jobs: first.jobs.ids, apps: { ...first.applications.ids, ...second.applications.ids } };
}

test( 'rejections: by reason (a renamed reason is one row under its new label, no reason its own row), stage, job and month', async () => {
	const { jobs } = await importExits();
	const report = await ok( 'rejections', PERIOD );
	assert.deepEqual( report, {
		period: { from: '2025-03-01', to: '2025-04-30' },
		totals: { rejected: 3, withdrawn: 2 },
		by_reason: [
			{ status: 'rejected', reason: 'salary', label: 'Pay expectations', count: 2, share: 0.6667 },
			{ status: 'rejected', reason: '', label: 'No reason given', count: 1, share: 0.3333 },
			{ status: 'withdrawn', reason: 'other-offer', label: 'Accepted another offer', count: 1, share: 0.5 },
			{ status: 'withdrawn', reason: 'process', label: 'Process too slow', count: 1, share: 0.5 },
		],
		by_stage: [
			{ stage: 'new', rejected: 1, withdrawn: 1 },
			{ stage: 'screening', rejected: 1, withdrawn: 0 },
			{ stage: 'interview', rejected: 1, withdrawn: 0 },
			{ stage: 'offer', rejected: 0, withdrawn: 1 },
		],
		by_job: [
			{ job_id: jobs.ja, job_title: 'Job ja', rejected: 2, withdrawn: 1 },
			{ job_id: jobs.jb, job_title: 'Job jb', rejected: 1, withdrawn: 1 },
		],
		trend: [
			{ month: '2025-03', rejected: 2, withdrawn: 1 },
			{ month: '2025-04', rejected: 1, withdrawn: 1 },
		],
	} );
	const jb = await ok( 'rejections', { ...PERIOD, job_id: jobs.jb } );
	assert.deepEqual( jb.totals, { rejected: 1, withdrawn: 1 } );
	assert.deepEqual( jb.by_reason.map( ( r ) => [ r.reason, r.count, r.share ] ), [ [ '', 1, 1 ], [ 'other-offer', 1, 1 ] ] );
	// Compared with the two months before: x1 (10 February, no-show).
	const compared = await ok( 'rejections', { ...PERIOD, compare: 'previous_period' } );
	assert.deepEqual( compared.comparison.by_reason, [ { status: 'rejected', reason: 'no-show', label: 'Did not show up', count: 1, share: 1 } ] );
	// The list's filter finds the applications a row counts.
	const salary = expectStatus( await get( '/recruiting/v1/applications', { query: { reason: 'salary' } } ), 200 );
	assert.equal( salary.length, 2 );
} );

test( 'pipeline: open applications per stage and job now, median and longest wait, stale counts', async () => {
	const ago = ( days ) => plusDays( new Date().toISOString(), -days );
	const { jobs } = await importData( {
		jobs: [ jobRecord( 'ja' ), jobRecord( 'jb' ) ],
		applications: [
			app( 'p1', 'ja', ago( 4.5 ) ), // new 4 days: stale (3)
			app( 'p2', 'ja', ago( 1.5 ) ), // new 1
			app( 'p3', 'jb', ago( 2.5 ) ), // new 2
			app( 'p4', 'ja', ago( 20 ), [ [ 'screening', ago( 8.5 ) ] ] ), // screening 8: stale (7)
			app( 'p5', 'jb', ago( 20 ), [ [ 'interview', ago( 9.5 ) ] ] ), // interview 9
			app( 'p6', 'jb', ago( 20 ), [ [ 'offer', ago( 6.5 ) ] ] ), // offer 6: stale (5)
			app( 'p7', 'ja', ago( 20 ), [ [ 'hired', ago( 2 ) ] ] ),
			app( 'p8', 'jb', ago( 20 ), [ [ 'rejected', ago( 2 ) ] ] ),
		],
	} );
	const report = await ok( 'pipeline', PERIOD );
	const row = ( stage, open, median, longest, stale ) => ( { stage, open, median_days: median, longest_days: longest, stale } );
	assert.deepEqual( report.totals, { open: 6, stale: 3 } );
	assert.deepEqual( report.stages, [ row( 'new', 3, 2, 4, 1 ), row( 'screening', 1, 8, 8, 1 ), row( 'interview', 1, 9, 9, 0 ), row( 'offer', 1, 6, 6, 1 ) ] );
	const job = ( id, title, ...rest ) => ( { job_id: id, job_title: title, ...row( ...rest ) } );
	const ja = [ job( jobs.ids.ja, 'Job ja', 'new', 2, 2.5, 4, 1 ), job( jobs.ids.ja, 'Job ja', 'screening', 1, 8, 8, 1 ) ];
	const jb = [ job( jobs.ids.jb, 'Job jb', 'new', 1, 2, 2, 0 ), job( jobs.ids.jb, 'Job jb', 'interview', 1, 9, 9, 0 ), job( jobs.ids.jb, 'Job jb', 'offer', 1, 6, 6, 1 ) ];
	assert.deepEqual( report.by_job, jobs.ids.ja < jobs.ids.jb ? [ ...ja, ...jb ] : [ ...jb, ...ja ] );
	// The thresholds are settings, and the cached answer follows them: screening 9 days, offer 7.
	expectStatus( await put( '/recruiting/v1/settings', { stale_days: { screening: 9, offer: 7 } } ), 200 );
	assert.deepEqual( ( await ok( 'pipeline', PERIOD ) ).totals, { open: 6, stale: 1 } );
	assert.deepEqual( ( await ok( 'pipeline', { job_id: jobs.ids.jb } ) ).totals, { open: 3, stale: 0 } );
} );

test( 'activity: per user status changes by target status, notes, ratings, applications handled; a deleted user by id', async () => {
	const { apps } = await importExits();
	const admin = expectStatus( await get( '/wp/v2/users/me' ), 200 );
	// Recruiter A made r1's and r2's changes, wrote notes on r1 and w1 and rated r3; recruiter B made w1's changes,
	// wrote a note on w1 and rated w1 after the period; then B's account was deleted.
	const ids = JSON.parse(
		// Written at past times directly, with the activity summary's difference as every writer adds it.
		await php( `global $wpdb; $p = $wpdb->prefix . 'recruiting_';
			$activity = static fn( array $ids, callable $write ) => \\RecruitingReports\\Data\\ActivitySummary::around( $ids, $write );
			$a = wp_insert_user( array( 'user_login' => 'act-a', 'user_pass' => 'x-act-a', 'display_name' => 'Recruiter A', 'role' => 'recruiter' ) );
			$b = wp_insert_user( array( 'user_login' => 'act-b', 'user_pass' => 'x-act-b', 'display_name' => 'Recruiter B', 'role' => 'recruiter' ) );
			$activity( array( ${ apps.r1 }, ${ apps.r2 } ), static fn() => $wpdb->query( $wpdb->prepare( "UPDATE {$p}status_history SET user_id = %d WHERE application_id IN (%d, %d) AND from_status IS NOT NULL", $a, ${ apps.r1 }, ${ apps.r2 } ) ) );
			$activity( array( ${ apps.w1 } ), static fn() => $wpdb->query( $wpdb->prepare( "UPDATE {$p}status_history SET user_id = %d WHERE application_id = %d AND from_status IS NOT NULL", $b, ${ apps.w1 } ) ) );
			foreach ( array( array( ${ apps.r1 }, $a, '2025-03-15T10:00:00Z' ), array( ${ apps.w1 }, $a, '2025-03-16T10:00:00Z' ), array( ${ apps.w1 }, $b, '2025-04-01T10:00:00Z' ) ) as [ $app, $user, $at ] ) {
				$activity( array( $app ), static fn() => $wpdb->insert( "{$p}notes", array( 'application_id' => $app, 'user_id' => $user, 'content' => 'note', 'created_at' => strtotime( $at ) ) ) );
			}
			foreach ( array( array( ${ apps.r3 }, $a, '2025-03-20T10:00:00Z' ), array( ${ apps.w1 }, $b, '2025-06-01T10:00:00Z' ) ) as [ $app, $user, $at ] ) {
				$activity( array( $app ), static fn() => $wpdb->insert( "{$p}ratings", array( 'application_id' => $app, 'user_id' => $user, 'score' => 4, 'created_at' => strtotime( $at ), 'updated_at' => strtotime( $at ) ) ) );
			}
			require_once ABSPATH . 'wp-admin/includes/user.php';
			wp_delete_user( $b );
			echo wp_json_encode( array( 'a' => $a, 'b' => $b ) );` )
	);
	const counts = ( changes, notes, ratings, handled ) => ( {
		status_changes: Object.values( changes ).reduce( ( sum, n ) => sum + n, 0 ),
		to_new: 0, to_screening: 0, to_interview: 0, to_offer: 0, to_hired: 0, to_rejected: 0, to_withdrawn: 0,
		...Object.fromEntries( Object.entries( changes ).map( ( [ status, n ] ) => [ `to_${ status }`, n ] ) ),
		notes, ratings, applications_handled: handled,
	} );
	const report = await ok( 'activity', PERIOD );
	assert.deepEqual( report, {
		period: { from: '2025-03-01', to: '2025-04-30' },
		totals: { users: 3, status_changes: 13, notes: 3, ratings: 1 },
		by_user: [
			// r1 screening + rejected, r2 interview + rejected; notes on r1, w1; rating of r3: r1, r2, w1, r3.
			{ user_id: ids.a, user_name: 'Recruiter A', ...counts( { screening: 1, interview: 1, rejected: 2 }, 2, 1, 4 ) },
			// The importer: r3 rejected; w2 withdrawn; o1 rejected, new, screening (x1 and x2 are outside the period).
			{ user_id: admin.id, user_name: admin.name, ...counts( { new: 1, screening: 1, rejected: 2, withdrawn: 1 }, 0, 0, 3 ) },
			// w1 screening, interview, offer, withdrawn and a note (the rating of 1 June is after the period).
			{ user_id: ids.b, user_name: `Deleted user #${ ids.b }`, ...counts( { screening: 1, interview: 1, offer: 1, withdrawn: 1 }, 1, 0, 1 ) },
		],
	} );
	const jb = await ok( 'activity', { ...PERIOD, job_id: ( await get( `/recruiting/v1/applications/${ apps.w1 }` ) ).json.job_id } );
	assert.deepEqual( jb.totals, { users: 3, status_changes: 5, notes: 2, ratings: 1 } );
	assert.deepEqual( jb.by_user.map( ( u ) => [ u.user_id, u.status_changes, u.applications_handled ] ), [ [ ids.a, 0, 2 ], [ ids.b, 4, 1 ], [ admin.id, 1, 1 ] ] );
} );
