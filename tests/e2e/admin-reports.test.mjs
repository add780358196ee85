// Dashboard widget and Reports page in Chromium: the numbers in every chart's table equal what the
// API answers for the same query, the screens work at 360 px, and no page logs a console error.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
	BASE_URL,
	SLOW,
	launch,
	login,
	readTable,
	screenshotBoth,
	watchConsole,
} from './lib/browser.mjs';
import { adminClient } from './lib/api.mjs';

const STATUSES = [
	'new',
	'screening',
	'interview',
	'offer',
	'hired',
	'rejected',
	'withdrawn',
];
const CONVERSION = [
	'application_to_screening',
	'screening_to_interview',
	'interview_to_offer',
	'offer_to_hire',
];
const STAGES = [
	'new_to_screening',
	'screening_to_interview',
	'interview_to_offer',
	'offer_to_hire',
];

let browser;
let page;
let errors;
const client = adminClient();

before( async () => {
	browser = await launch();
	page = await browser.context.newPage();
	errors = watchConsole( page );
	await login( page );
} );

after( async () => {
	await browser?.close();
} );

function assertNoConsoleErrors( where ) {
	assert.deepEqual( errors, [], `console errors on ${ where }` );
	errors.length = 0;
}

/** Compares a table's cells (raw data-value and the shown text) with the API values. */
function assertTable( rows, expectedValues, { labels, what } ) {
	assert.equal( rows.length, expectedValues.length, `${ what }: row count` );
	rows.forEach( ( row, i ) => {
		const expected = expectedValues[ i ];
		assert.deepEqual(
			row.raw,
			expected,
			`${ what } row ${ i } (${ row.label }) data-value`
		);
		if ( labels )
			assert.equal(
				row.label,
				labels[ i ],
				`${ what } row ${ i } label`
			);
	} );
}

function assertShownPercent( rows, rates, what ) {
	rows.forEach( ( row, i ) => {
		const shown = Number( row.shown[ 0 ].replace( /[%,]/g, '' ) ) / 100;
		assert.ok(
			Math.abs( shown - rates[ i ] ) < 1e-9,
			`${ what } row ${ i }: shown ${ row.shown[ 0 ] } vs API ${ rates[ i ] }`
		);
	} );
}

test(
	'dashboard widget: figures and chart tables equal the API',
	{ timeout: 180_000 * SLOW },
	async () => {
		const [ overview, timeToHire ] = await Promise.all( [
			client.reports.overview( {} ),
			client.reports.timeToHire( {} ),
		] );
		await page.goto( `${ BASE_URL }/wp-admin/index.php` );
		const widget = page.locator( '#recruiting_reports_dashboard' );
		await widget.locator( '.rr-figures' ).waitFor();
		assert.match(
			await widget.locator( '.hndle' ).innerText(),
			/Recruiting: Last 12 months/
		);

		const figure = async ( id ) =>
			widget
				.locator( `[data-figure="${ id }"] .rr-figure__value` )
				.getAttribute( 'data-value' );
		assert.equal(
			Number( await figure( 'active_jobs' ) ),
			overview.jobs.active
		);
		assert.equal(
			Number( await figure( 'new_applications' ) ),
			overview.applications.new_this_period
		);
		const hires = timeToHire.trend.reduce(
			( sum, row ) => sum + row.hires,
			0
		);
		assert.equal( Number( await figure( 'hires' ) ), hires );
		assert.equal(
			Number( await figure( 'average_days' ) ),
			timeToHire.overall.average_days
		);
		assert.equal(
			Number( await figure( 'median_days' ) ),
			timeToHire.overall.median_days
		);

		assertTable(
			await readTable( widget, 'by_status' ),
			STATUSES.map( ( s ) => [ overview.applications.by_status[ s ] ] ),
			{ what: 'widget by_status' }
		);
		assertTable(
			await readTable( widget, 'trend' ),
			timeToHire.trend.map( ( row ) => [ row.average_days, row.hires ] ),
			{ what: 'widget trend' }
		);
		assert.equal(
			await widget.locator( 'canvas' ).count(),
			2,
			'two charts drawn'
		);
		await screenshotBoth( page, 'dashboard-widget', {
			element: '#recruiting_reports_dashboard',
		} );

		await widget.getByRole( 'button', { name: 'Conversion' } ).click();
		const conversion = await readTable( widget, 'conversion' );
		assertTable(
			conversion,
			CONVERSION.map( ( k ) => [ overview.conversion[ k ] ] ),
			{ what: 'widget conversion' }
		);
		assertShownPercent(
			conversion,
			CONVERSION.map( ( k ) => overview.conversion[ k ] ),
			'widget conversion'
		);

		// Another period: the figures follow, the title names it.
		const before = await widget.locator( '.rr-widget__period' ).innerText();
		await widget
			.getByLabel( 'Report period' )
			.selectOption( 'last_30_days' );
		await page.waitForFunction(
			( text ) =>
				document.querySelector(
					'#recruiting_reports_dashboard .rr-widget__period'
				)?.textContent !== text &&
				! document.querySelector(
					'#recruiting_reports_dashboard [aria-busy="true"]'
				),
			before
		);
		assert.match(
			await widget.locator( '.hndle' ).innerText(),
			/Recruiting: Last 30 days/
		);
		const period = await widget
			.locator( '.rr-widget__period' )
			.getAttribute( 'data-period' );
		const [ from, to ] = period.split( '/' );
		const recent = await client.reports.overview( {
			date_from: from,
			date_to: to,
		} );
		assert.equal(
			Number( await figure( 'new_applications' ) ),
			recent.applications.new_this_period
		);
		assertNoConsoleErrors( 'the dashboard' );
	}
);

test(
	'Reports page: every chart table equals the API, filtered by a job too',
	{ timeout: 240_000 * SLOW },
	async () => {
		await page.goto(
			`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&period=last_12_months`
		);
		await page
			.locator(
				'[data-report="rr-time-to-hire"] table[data-chart-table="trend"]'
			)
			.waitFor();
		await page
			.locator(
				'[data-report="rr-overview"] table[data-chart-table="by_status"]'
			)
			.waitFor();
		const [ overview, timeToHire ] = await Promise.all( [
			client.reports.overview( {} ),
			client.reports.timeToHire( {} ),
		] );
		await checkReportsPage( overview, timeToHire, 'all jobs' );
		await screenshotBoth( page, 'reports-page' );

		// Pick the job with the most hires through the searchable picker.
		const job = timeToHire.by_job[ 0 ];
		const combobox = page.getByRole( 'combobox', { name: 'Job' } );
		await combobox.click();
		await combobox.fill( job.job_title.slice( 0, 6 ) );
		// The picker marks closed and draft jobs: "Porter (closed)".
		const title = job.job_title.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' );
		await page
			.getByRole( 'option', {
				name: new RegExp( `^${ title }( \\((closed|draft)\\))?$` ),
			} )
			.click();
		await page.waitForURL( new RegExp( `job_id=${ job.job_id }` ) );
		await page.waitForFunction(
			() =>
				! document.querySelector( '[aria-busy="true"]' ) &&
				! document.querySelector( '[data-state="loading"]' )
		);
		const [ jobOverview, jobTimeToHire ] = await Promise.all( [
			client.reports.overview( { job_id: job.job_id } ),
			client.reports.timeToHire( { job_id: job.job_id } ),
		] );
		await checkReportsPage( jobOverview, jobTimeToHire, job.job_title );
		assert.equal( ( await readTable( page, 'by_job' ) ).length, 1 );
		await screenshotBoth( page, 'reports-page-job' );

		// A custom range.
		await page
			.getByRole( 'combobox', { name: 'Period', exact: true } )
			.selectOption( 'custom' );
		await page
			.getByRole( 'textbox', { name: 'From', exact: true } )
			.fill( '2025-01-01' );
		await page
			.getByRole( 'textbox', { name: 'To', exact: true } )
			.fill( '2025-03-31' );
		await page.waitForURL( /date_to=2025-03-31/ );
		await page.waitForFunction(
			() =>
				document
					.querySelector(
						'[data-report="rr-overview"] .rr-report-section__period'
					)
					?.textContent.includes( '2025' ) &&
				! document.querySelector( '[aria-busy="true"]' ) &&
				! document.querySelector( '[data-state="loading"]' )
		);
		const query = {
			date_from: '2025-01-01',
			date_to: '2025-03-31',
			job_id: job.job_id,
		};
		const [ rangeOverview, rangeTimeToHire ] = await Promise.all( [
			client.reports.overview( query ),
			client.reports.timeToHire( query ),
		] );
		await checkReportsPage(
			rangeOverview,
			rangeTimeToHire,
			'custom range'
		);
		assertNoConsoleErrors( 'the Reports page' );
	}
);

async function checkReportsPage( overview, timeToHire, what ) {
	assertTable(
		await readTable( page, 'by_status' ),
		STATUSES.map( ( s ) => [ overview.applications.by_status[ s ] ] ),
		{ what: `${ what } by_status` }
	);
	const conversion = await readTable( page, 'conversion' );
	assertTable(
		conversion,
		CONVERSION.map( ( k ) => [ overview.conversion[ k ] ] ),
		{ what: `${ what } conversion` }
	);
	assertShownPercent(
		conversion,
		CONVERSION.map( ( k ) => overview.conversion[ k ] ),
		`${ what } conversion`
	);
	assertTable(
		await readTable( page, 'by_stage' ),
		STAGES.map( ( k ) => [ timeToHire.by_stage[ k ] ] ),
		{ what: `${ what } by_stage` }
	);
	assertTable(
		await readTable( page, 'by_job' ),
		timeToHire.by_job.map( ( row ) => [ row.average_days, row.hires ] ),
		{
			labels: timeToHire.by_job.map( ( row ) => row.job_title ),
			what: `${ what } by_job`,
		}
	);
	assertTable(
		await readTable( page, 'trend' ),
		timeToHire.trend.map( ( row ) => [ row.average_days, row.hires ] ),
		{ what: `${ what } trend` }
	);
	const figure = ( id ) =>
		page
			.locator(
				`[data-report="rr-overview"] [data-figure="${ id }"] .rr-figure__value`
			)
			.getAttribute( 'data-value' );
	assert.equal(
		Number( await figure( 'active_jobs' ) ),
		overview.jobs.active
	);
	assert.equal(
		Number( await figure( 'new_applications' ) ),
		overview.applications.new_this_period
	);
	assert.equal(
		Number( await figure( 'total_applications' ) ),
		overview.applications.total
	);
}
