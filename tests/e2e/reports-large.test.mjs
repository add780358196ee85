// Large data on the Reports page and the dashboard (#17 defects 4 and 5): 60 more jobs with long titles
// (one of 120 characters) and five years of applications. The by-job chart draws the top 10 with
// "Show all (N)", long tables start collapsed saying their row count, a long title is cut at its end on
// the axis and whole in the table; screenshots at 1280 and 360 px with comparison on. The jobs and
// applications added here are deleted again after the file, so other suites see the demo data only.

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import {
	BASE_URL,
	SLOW,
	assertAccessible,
	readTable,
	screenshotBoth,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { adminClient, runPhp } from './lib/api.mjs';
import { canvasText, clearCanvasText, recordCanvasText } from './lib/canvas-text.mjs';
import { overflowingAtNarrow } from './lib/layout.mjs';

const LONG_TITLE =
	'Senior Staff Engineer (Remote, EU), Platform Reliability, Observability, Tooling, Accessibility and Developer Experience';
const JOBS = 60;
const YEARS = 5;

const client = adminClient();

/**
 * Seeds the jobs and applications through the importer (validated like any import), with a busy pipeline so
 * every job has hires: the long-titled job gets the most applications, so it leads the by-job chart.
 */
async function seed() {
	const out = await runPhp( `
		$day   = 86400;
		$now   = time();
		$start = $now - ${ YEARS } * 365 * $day;
		$steps = array(
			'new'       => array( 'next' => 'screening', 'advance' => 90, 'reject' => 6, 'withdraw' => 1, 'days' => array( 1, 5 ) ),
			'screening' => array( 'next' => 'interview', 'advance' => 85, 'reject' => 10, 'withdraw' => 2, 'days' => array( 2, 8 ) ),
			'interview' => array( 'next' => 'offer', 'advance' => 80, 'reject' => 15, 'withdraw' => 2, 'days' => array( 3, 12 ) ),
			'offer'     => array( 'next' => 'hired', 'advance' => 90, 'reject' => 4, 'withdraw' => 4, 'days' => array( 2, 7 ) ),
		);
		$g     = new \\RecruitingReports\\Seed\\HistoryGenerator( 20260101, $steps, 0 );
		$areas = array( 'Payments', 'Identity', 'Search', 'Data Platform', 'Mobile', 'Growth', 'Infrastructure', 'Security', 'Billing', 'Analytics' );
		$roles = array( 'Software Engineer', 'Product Designer', 'Engineering Manager', 'Site Reliability Engineer', 'Data Scientist', 'Technical Writer' );
		$jobs  = array();
		$apps  = array();
		for ( $j = 1; $j <= ${ JOBS }; $j++ ) {
			$title  = 1 === $j ? ${ JSON.stringify( LONG_TITLE ) } : sprintf( '%s, %s and %s Team (%s), Level %d', $roles[ $j % 6 ], $areas[ $j % 10 ], $areas[ ( $j + 3 ) % 10 ], 0 === $j % 2 ? 'Remote' : 'Berlin', $j );
			$jobs[] = array(
				'external_id' => 'large-job-' . $j,
				'title'       => $title,
				'status'      => 'publish',
				'created_at'  => gmdate( 'c', $start - 30 * $day ),
			);
			$count = 1 === $j ? 120 : 25;
			for ( $i = 1; $i <= $count; $i++ ) {
				$applied = $g->between( $start, $now - 3600 );
				$apps[]  = array(
					'external_id' => "large-application-$j-$i",
					'job'         => 'large-job-' . $j,
					'candidate'   => array( 'name' => "Candidate $j $i", 'email' => "large.$j.$i@example.com" ),
					'applied_at'  => gmdate( 'c', $applied ),
					'history'     => array_map(
						static fn( $c ) => array( 'status' => $c['status'], 'at' => gmdate( 'c', $c['at'] ) ),
						$g->history( $applied, $now )
					),
				);
			}
		}
		$admins = get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) );
		$r = ( new \\RecruitingReports\\Import\\Importer() )->import( array( 'jobs' => $jobs, 'applications' => $apps ), (int) $admins[0] );
		echo is_wp_error( $r ) ? 'ERROR ' . $r->get_error_message() : 'ok';
	` );
	assert.match( out.trim(), /ok$/, `seeding: ${ out }` );
}

/** Deletes what seed() added: each application through the eraser (it keeps the report summaries right), then the jobs. */
async function unseed() {
	const out = await runPhp( `
		global $wpdb;
		$ids = get_posts( array( 'post_type' => 'any', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'meta_key' => \\RecruitingReports\\Data\\JobRepository::EXTERNAL_KEY_META, 'meta_compare' => 'LIKE', 'meta_value' => 'large-job-' ) );
		if ( $ids ) {
			$apps = $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i WHERE job_id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ')', \\RecruitingReports\\Data\\Schema::table( 'applications' ), ...$ids ) );
			foreach ( $apps as $app ) {
				\\RecruitingReports\\Data\\ApplicationEraser::delete( (int) $app );
			}
			foreach ( $ids as $id ) {
				wp_delete_post( (int) $id, true );
			}
		}
		echo 'ok ' . count( $ids );
	` );
	assert.match( out.trim(), /^ok \d+$/, `cleaning up: ${ out }` );
}

const today = new Date().toISOString().slice( 0, 10 );
const fiveYearsAgo = `${ Number( today.slice( 0, 4 ) ) - YEARS }${ today.slice( 4 ) }`;
const QUERY = { date_from: fiveYearsAgo, date_to: today, compare: 'previous_year' };
const REPORTS_URL = `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&period=custom&date_from=${ fiveYearsAgo }&date_to=${ today }&compare=previous_year`;

// The data goes again once the browser has closed (after hooks run in turn, in this order).
setUpAdminPage( { prepare: seed, setup: recordCanvasText } );
after( unseed );

async function openReports() {
	await page.goto( REPORTS_URL );
	await page.locator( '[data-report="rr-time-to-hire"] table[data-chart-table="by_job"]' ).waitFor( { state: 'attached' } );
	await page.waitForFunction( () => ! document.querySelector( '[aria-busy="true"]' ) );
}

test( 'defect 5: 60 jobs and five years make no endless page: top 10 with "Show all (N)", long tables collapsed', { timeout: 240_000 * SLOW }, async () => {
	const report = await client.reports.timeToHire( QUERY );
	assert.ok( report.by_job.length > 15, `${ report.by_job.length } jobs with hires` );
	assert.ok( report.trend.length >= YEARS * 12, `${ report.trend.length } months` );
	await openReports();
	const figure = page.locator( '[data-report="rr-time-to-hire"] [data-chart="by_job"]' );
	const canvasBox = figure.locator( '.rr-chart__canvas' );
	const collapsedHeight = ( await canvasBox.boundingBox() ).height;
	assert.ok( collapsedHeight <= 40 + 28 * 10, `by-job chart ${ collapsedHeight } px high` );

	const toggle = figure.getByRole( 'button', { name: `Show all (${ report.by_job.length })` } );
	assert.equal( await toggle.getAttribute( 'aria-expanded' ), 'false' );
	assert.equal( await toggle.getAttribute( 'aria-controls' ), await canvasBox.getAttribute( 'id' ) );

	// Every row stays in the data table, which starts collapsed and says how many rows it holds.
	for ( const [ id, rows ] of [
		[ 'by_job', report.by_job.length ],
		[ 'trend', report.trend.length ],
	] ) {
		const details = page.locator( `[data-report="rr-time-to-hire"] [data-chart="${ id }"] details` );
		assert.equal( await details.evaluate( ( el ) => el.open ), false, `${ id } table collapsed` );
		assert.equal( await details.locator( 'summary' ).innerText(), `Data table (${ rows } rows)` );
	}
	const table = await readTable( page.locator( '[data-report="rr-time-to-hire"]' ), 'by_job' );
	assert.deepEqual(
		table.map( ( row ) => row.raw ),
		report.by_job.map( ( row ) => [ row.average_days, row.hires ] )
	);

	// Every section after the first three (Sources, Time to fill and the reports added since) comes on top of the
	// 3,600 px, each short too.
	const { height, added } = await page.evaluate( () => ( {
		height: document.documentElement.scrollHeight,
		added: [ ...document.querySelectorAll( '.rr-page [data-report]' ) ]
			.filter( ( section ) => ! [ 'rr-overview', 'rr-time-to-hire', 'rr-funnel' ].includes( section.dataset.report ) )
			.map( ( section ) => [ section.dataset.report, section.getBoundingClientRect().height ] ),
	} ) );
	assert.ok( added.length >= 2, `the later sections: ${ JSON.stringify( added ) }` );
	for ( const [ id, section ] of added ) {
		assert.ok( section < 1600, `the ${ id } section ${ section } px high at 1280 px` );
	}
	const later = added.reduce( ( sum, [ , section ] ) => sum + section, 0 );
	assert.ok(
		height - later < 3600,
		`Reports page ${ height } px high at 1280 px (${ later } px of it in ${ added.map( ( [ id ] ) => id ).join( ', ' ) })`
	);

	// The toggle by keyboard: all jobs drawn, focus stays on the toggle, and back.
	await toggle.focus();
	await page.keyboard.press( 'Enter' );
	const expanded = figure.getByRole( 'button', { name: 'Show top 10 only' } );
	assert.equal( await expanded.getAttribute( 'aria-expanded' ), 'true' );
	assert.ok( await expanded.evaluate( ( el ) => el === document.activeElement ), 'focus stays on the toggle' );
	await page.waitForTimeout( 400 );
	assert.ok( ( await canvasBox.boundingBox() ).height >= 28 * report.by_job.length, 'all jobs drawn' );
	await page.keyboard.press( 'Enter' );
	await figure.getByRole( 'button', { name: `Show all (${ report.by_job.length })` } ).waitFor();
	assert.ok( await toggle.evaluate( ( el ) => el === document.activeElement ), 'focus stays on the toggle' );
	assert.equal( ( await canvasBox.boundingBox() ).height, collapsedHeight );

	await assertAccessible( page, '.rr-wrap', 'Reports page with large data' );
	assertNoConsoleErrors( 'the Reports page with large data' );
} );

test( 'defect 4: a 120-character job title is cut at its end on the chart axis, whole in the table', { timeout: 180_000 * SLOW }, async () => {
	assert.equal( LONG_TITLE.length, 120 );
	await openReports();
	const section = page.locator( '[data-report="rr-time-to-hire"]' );
	const table = await readTable( section, 'by_job' );
	assert.ok( table.some( ( row ) => row.label === LONG_TITLE ), 'the full title in the data table' );

	// At 1280 px: what was written since the page loaded; at 360 px: the redraw the resize causes.
	for ( const width of [ 1280, 360 ] ) {
		if ( width !== page.viewportSize().width ) {
			await clearCanvasText( page );
			await page.setViewportSize( { width, height: 900 } );
		}
		await page.waitForTimeout( 800 );
		const label = ( await canvasText( page, 'by_job' ) ).find( ( entry ) => entry.text.startsWith( 'Senior Staff' ) );
		assert.ok( label, `the long title's label is drawn at ${ width } px` );
		assert.ok( label.text.endsWith( '…' ), `"${ label.text }" ends with an ellipsis` );
		assert.ok( LONG_TITLE.startsWith( label.text.slice( 0, -1 ) ), `"${ label.text }" is the title's start` );
		assert.ok( label.left >= 0, `"${ label.text }" starts inside the canvas (left edge ${ label.left } px)` );
	}
	await page.setViewportSize( { width: 1280, height: 900 } );
	assertNoConsoleErrors( 'the Reports page at 1280 and 360 px' );
} );

test( 'screenshots with large data and comparison on: Reports page and dashboard at 1280 and 360 px', { timeout: 240_000 * SLOW }, async () => {
	await openReports();
	const reports = await screenshotBoth( page, 'large-reports' );
	assert.equal( reports.overflow, 0, `Reports page scrolls sideways at 360 px: ${ ( await overflowingAtNarrow( page ) ).join( '\n' ) }` );

	await page.goto( `${ BASE_URL }/wp-admin/index.php` );
	const widget = page.locator( '#recruiting_reports_dashboard' );
	await widget.locator( '.rr-figures' ).waitFor();
	// The widget's comparison picker; its trend overlays the earlier year like the Reports page's.
	const compare = widget.getByLabel( 'Compare with' );
	const trendHeaders = widget.locator( 'table[data-chart-table="trend"] thead th' );
	await compare.selectOption( 'previous_year' );
	try {
		await trendHeaders.nth( 3 ).waitFor( { state: 'attached' } );
		await page.waitForFunction( () => ! document.querySelector( '#recruiting_reports_dashboard [aria-busy="true"]' ) );
		assert.match( await trendHeaders.nth( 3 ).textContent(), /^Average days, / );
		await page.waitForTimeout( 800 );
		await assertAccessible( page, '#recruiting_reports_dashboard', 'dashboard widget with large data and comparison' );
		const dashboard = await screenshotBoth( page, 'large-dashboard' );
		assert.equal( dashboard.overflow, 0, `dashboard scrolls sideways at 360 px: ${ ( await overflowingAtNarrow( page ) ).join( '\n' ) }` );
	} finally {
		// The widget remembers the choice per user: leave the admin's dashboard uncompared for the other suites.
		await compare.selectOption( '' );
		await page.waitForFunction( () => document.querySelectorAll( '#recruiting_reports_dashboard table[data-chart-table="trend"] thead th' ).length === 3 );
		await page.waitForTimeout( 500 );
	}
	assertNoConsoleErrors( 'the Reports page and the dashboard with large data' );
} );
