// Issue #26's three reports on the Reports page (Chromium): rejections and withdrawals, the pipeline with its stale
// candidates, team activity. A hand-built job of eleven applications, imported with histories relative to now, is
// the only data of its job, so every figure is written here: each section's tables show them, a reason's row and a
// stage's stale candidates drill down into the Applications list to exactly their applications, and the sections pass
// axe-core. Screenshots of each section and of the list's stale filter at 1280 and 360 px.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	BASE_URL,
	SLOW,
	TARGET,
	assertAccessible,
	figureValue,
	readTable,
	screenshotBoth,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { adminClient, runPhp } from './lib/api.mjs';

const NATIVE_ONLY = {
	skip: TARGET === 'playground' ? 'native only' : false,
	timeout: 180_000 * SLOW,
};
const client = adminClient();
const DAY = 86400000;
const STARTED = Date.now();
/** An instant `days` before the test started: half days keep every count of days clear of a day boundary. */
const ago = ( days ) => new Date( STARTED - days * DAY ).toISOString();
const KEY = `insights-e2e-${ STARTED }`;

/** [status, days ago, reason] steps after applying. */
const APPLICATIONS = {
	r1: [ 20, [ [ 'screening', 15 ], [ 'rejected', 10, 'salary' ] ] ],
	r2: [
		20,
		[
			[ 'screening', 16 ],
			[ 'interview', 14 ],
			[ 'rejected', 9, 'salary' ],
		],
	],
	r3: [ 18, [ [ 'rejected', 8 ] ] ],
	w1: [
		20,
		[
			[ 'screening', 17 ],
			[ 'interview', 15 ],
			[ 'offer', 12 ],
			[ 'withdrawn', 6, 'other-offer' ],
		],
	],
	w2: [ 10, [ [ 'withdrawn', 5 ] ] ],
	// Open now: new for 4 days (stale from 3), new for 1, screening for 8 (stale from 7), interview for 2.
	o1: [ 4.5, [] ],
	o2: [ 1.5, [] ],
	o3: [ 20, [ [ 'screening', 8.5 ] ] ],
	o4: [
		20,
		[
			[ 'screening', 12 ],
			[ 'interview', 2.5 ],
		],
	],
};

let jobId;
let ids;
let deletedUser;

setUpAdminPage( {
	prepare: async () => {
		if ( TARGET === 'playground' ) return;
		const imported = await client.import( {
			jobs: [
				{
					external_id: KEY,
					title: 'Insights e2e job',
					status: 'publish',
					created_at: ago( 30 ),
				},
			],
			applications: Object.entries( APPLICATIONS ).map(
				( [ name, [ applied, steps ] ] ) => ( {
					external_id: `${ KEY }-${ name }`,
					job: KEY,
					candidate: {
						name: `Insights ${ name }`,
						email: `${ name }-${ STARTED }@example.com`,
					},
					applied_at: ago( applied ),
					history: steps.map( ( [ status, days, reason ] ) => ( {
						status,
						at: ago( days ),
						...( reason ? { reason } : {} ),
					} ) ),
				} )
			),
		} );
		jobId = imported.jobs.ids[ KEY ];
		ids = Object.fromEntries(
			Object.keys( APPLICATIONS ).map( ( name ) => [
				name,
				imported.applications.ids[ `${ KEY }-${ name }` ],
			] )
		);
		// A team member who wrote a note on o2 and was deleted since: "Deleted user #id".
		deletedUser = Number(
			(
				await runPhp( `
					$user = wp_insert_user( array( 'user_login' => 'gone-${ STARTED }', 'user_pass' => wp_generate_password(), 'role' => 'administrator' ) );
					\\RecruitingReports\\Data\\NoteRepository::create( ${ ids.o2 }, $user, 'Called, no answer.' );
					require_once ABSPATH . 'wp-admin/includes/user.php';
					wp_delete_user( $user );
					echo $user;
				` )
			).trim()
		);
	},
} );

const reportsUrl = () =>
	`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&period=last_30_days&job_id=${ jobId }`;

/** A section of the Reports page, once its figures show. */
async function openSection( name ) {
	await page.goto( reportsUrl() );
	const section = page.locator( `section[data-report="rr-${ name }"]` );
	await section.locator( '.rr-figures' ).waitFor();
	await section.scrollIntoViewIfNeeded();
	return section;
}

/** [label, shown cells…] of a section's table. */
async function rows( section, id ) {
	return ( await readTable( section, id ) ).map( ( row ) => [
		row.label,
		...row.shown,
	] );
}

/** Screenshots of a section at both widths (the admin bar scrolled away), and axe-core on it. */
async function check( section, name ) {
	await assertAccessible( page, `section[data-report="rr-${ name }"]`, name );
	await page.addStyleTag( {
		content: '#wpadminbar { position: absolute !important; }',
	} );
	const { overflow } = await screenshotBoth( page, `reports-${ name }`, {
		element: `section[data-report="rr-${ name }"]`,
	} );
	assert.equal( overflow, 0, `${ name }: the page scrolls sideways at 360 px` );
}

/** The candidates the Applications list shows, once it has loaded. */
async function listed() {
	await page
		.locator( '.rr-apps__count[data-total]:not([data-total=""])' )
		.waitFor();
	return ( await page.locator( '.rr-apps__candidate a' ).allInnerTexts() ).sort();
}

test(
	'rejections: by reason with its share ("no reason given" a row of each status), stage left from, job; a reason drills down',
	NATIVE_ONLY,
	async () => {
		const section = await openSection( 'rejections' );
		assert.equal( await figureValue( section, 'rejected' ), 3 );
		assert.equal( await figureValue( section, 'withdrawn' ), 2 );
		assert.deepEqual( await rows( section, 'by_reason' ), [
			[ 'Salary expectations (Rejected)', '2', '66.67%' ],
			[ 'No reason given (Rejected)', '1', '33.33%' ],
			[ 'Accepted another offer (Withdrawn)', '1', '50%' ],
			[ 'No reason given (Withdrawn)', '1', '50%' ],
		] );
		assert.deepEqual( await rows( section, 'by_stage' ), [
			[ 'New', '1', '1' ],
			[ 'Screening', '1', '0' ],
			[ 'Interview', '1', '0' ],
			[ 'Offer', '0', '1' ],
		] );
		assert.deepEqual( await rows( section, 'by_job' ), [
			[ 'Insights e2e job', '3', '2' ],
		] );
		// The months of the period add up to the totals, however the days fall into them.
		const trend = await readTable( section, 'trend' );
		assert.deepEqual(
			[ 0, 1 ].map( ( column ) =>
				trend.reduce( ( sum, row ) => sum + row.raw[ column ], 0 )
			),
			[ 3, 2 ]
		);
		// "No reason given" has no list to open (the list filters by a reason, not by its absence).
		const reasons = section.locator(
			'table[data-chart-table="by_reason"] tbody th'
		);
		assert.deepEqual(
			await reasons.evaluateAll( ( cells ) =>
				cells.map( ( cell ) => !! cell.querySelector( 'a' ) )
			),
			[ true, false, true, false ]
		);
		await check( section, 'rejections' );

		await Promise.all( [
			page.waitForURL( /reason=salary/ ),
			reasons.first().locator( 'a' ).click(),
		] );
		assert.match( page.url(), new RegExp( `job_id=${ jobId }` ) );
		assert.match( page.url(), /status=rejected/ );
		assert.deepEqual( await listed(), [ 'Insights r1', 'Insights r2' ] );
		assertNoConsoleErrors( 'rejections section and its drill-down' );
	}
);

test(
	'pipeline: open, stale, median and longest wait per stage and per job; a stage’s stale candidates drill down, waiting longest first',
	NATIVE_ONLY,
	async () => {
		const section = await openSection( 'pipeline' );
		// Who is waiting now does not depend on the period: the section says so where the others give dates.
		assert.equal( ( await section.locator( '.rr-report-section__period' ).textContent() ).trim(), 'As of now, whatever the period' );
		assert.equal( await figureValue( section, 'open' ), 4 );
		assert.equal( await figureValue( section, 'stale' ), 2 );
		// Open, Stale, Median wait, Longest wait.
		assert.deepEqual( await rows( section, 'stages' ), [
			[ 'New', '2', '1', '2.5', '4.0' ],
			[ 'Screening', '1', '1', '8.0', '8.0' ],
			[ 'Interview', '1', '0', '2.0', '2.0' ],
			[ 'Offer', '0', '0', '0.0', '0.0' ],
		] );
		assert.deepEqual( await rows( section, 'by_job' ), [
			[ 'Insights e2e job (New)', '2', '1', '2.5', '4.0' ],
			[ 'Insights e2e job (Screening)', '1', '1', '8.0', '8.0' ],
			[ 'Insights e2e job (Interview)', '1', '0', '2.0', '2.0' ],
		] );
		const stages = section.locator(
			'table[data-chart-table="stages"] tbody th'
		);
		assert.deepEqual(
			await stages.evaluateAll( ( cells ) =>
				cells.map( ( cell ) => !! cell.querySelector( 'a' ) )
			),
			[ true, true, false, false ],
			'a stage without stale candidates has nothing to open'
		);
		await check( section, 'pipeline' );

		const newStage = await stages
			.first()
			.locator( 'a' )
			.getAttribute( 'href' );
		await Promise.all( [
			page.waitForURL( /stale=true/ ),
			stages.nth( 1 ).locator( 'a' ).click(),
		] );
		assert.match( page.url(), new RegExp( `job_id=${ jobId }` ) );
		assert.match( page.url(), /status=screening/ );
		assert.match( page.url(), /orderby=status_since&order=asc/ );
		assert.deepEqual( await listed(), [ 'Insights o3' ] );

		// New: o1 only (o2 has waited 1 day of 3), marked stale.
		await page.goto( newStage );
		assert.deepEqual( await listed(), [ 'Insights o1' ] );
		assert.equal( await page.locator( '.rr-apps__days .rr-stale' ).count(), 1 );
		await page.addStyleTag( {
			content: '#wpadminbar { position: absolute !important; }',
		} );
		await screenshotBoth( page, 'applications-stale-drilldown', {
			element: '.rr-apps',
		} );
		assertNoConsoleErrors( 'pipeline section and its drill-down' );
	}
);

test(
	'activity: per team member the applications handled, status changes by the status set, notes and ratings; a deleted user by id',
	NATIVE_ONLY,
	async () => {
		const section = await openSection( 'activity' );
		assert.equal( await figureValue( section, 'users' ), 2 );
		assert.equal( await figureValue( section, 'status_changes' ), 14 );
		assert.equal( await figureValue( section, 'notes' ), 1 );
		const admin = (
			await runPhp(
				`echo get_user_by( 'login', '${ process.env.RR_ADMIN_USER }' )->display_name;`
			)
		).trim();
		// Handled, status changes, to new … to withdrawn, notes, ratings.
		assert.deepEqual( await rows( section, 'by_user' ), [
			[ admin, '7', '14', '0', '5', '3', '1', '0', '3', '2', '0', '0' ],
			[ `Deleted user #${ deletedUser }`, '1', '0', '0', '0', '0', '0', '0', '0', '0', '1', '0' ],
		] );
		await check( section, 'activity' );
		assertNoConsoleErrors( 'activity section' );
	}
);
