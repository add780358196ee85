// Dashboard widget and Reports page in Chromium: the numbers in every chart's table equal what the
// API answers for the same query, the screens work at 360 px, and no page logs a console error.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	BASE_URL,
	SLOW,
	assertAccessible,
	figureValue,
	jobOption,
	readTable,
	screenshotBoth,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { CONVERSION, STAGES, STATUSES } from './lib/report-keys.mjs';
import { adminClient } from './lib/api.mjs';


const client = adminClient();

setUpAdminPage();

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

/** The conversion table inside `scope`: values and the shown percentages equal the API's. */
async function assertConversion( scope, overview, what ) {
	const conversion = await readTable( scope, 'conversion' );
	assertTable(
		conversion,
		CONVERSION.map( ( k ) => [ overview.conversion[ k ] ] ),
		{ what }
	);
	assertShownPercent(
		conversion,
		CONVERSION.map( ( k ) => overview.conversion[ k ] ),
		what
	);
}

/** The overview and time-to-hire reports for `query`, from the API. */
function reportsFor( query ) {
	return Promise.all( [
		client.reports.overview( query ),
		client.reports.timeToHire( query ),
	] );
}

/** Waits until no report on the page is loading any more. */
async function settled() {
	await page.waitForFunction(
		() =>
			! document.querySelector( '.rr-page [aria-busy="true"]' ) &&
			! document.querySelector( '.rr-page [data-state="loading"]' )
	);
}

/**
 * axe-core on the Reports page, then screenshots of one section (`selector`) at both widths. The
 * fixed admin bar would cover the middle of a tall element's screenshot: it scrolls away instead.
 */
async function checkSection( selector, name, where ) {
	await assertAccessible( page, '.rr-page', where );
	await page.addStyleTag( {
		content: '#wpadminbar { position: absolute !important; }',
	} );
	await screenshotBoth( page, name, { element: selector } );
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
		const [ overview, timeToHire ] = await reportsFor( {} );
		await page.goto( `${ BASE_URL }/wp-admin/index.php` );
		const widget = page.locator( '#recruiting_reports_dashboard' );
		await widget.locator( '.rr-figures' ).waitFor();
		assert.match(
			await widget.locator( '.hndle' ).innerText(),
			/Recruiting: Last 12 months/
		);

		await assertOverviewFigures( widget, overview );
		const hires = timeToHire.trend.reduce(
			( sum, row ) => sum + row.hires,
			0
		);
		assert.equal( await figureValue( widget, 'hires' ), hires );
		assert.equal(
			await figureValue( widget, 'average_days' ),
			timeToHire.overall.average_days
		);
		assert.equal(
			await figureValue( widget, 'median_days' ),
			timeToHire.overall.median_days
		);

		await assertStatusTable( widget, overview, 'widget' );
		await assertTrendTable( widget, timeToHire, 'widget' );
		assert.equal(
			await widget.locator( 'canvas' ).count(),
			2,
			'two charts drawn'
		);
		await screenshotBoth( page, 'dashboard-widget', {
			element: '#recruiting_reports_dashboard',
		} );

		await widget.getByRole( 'radio', { name: 'Conversion' } ).click();
		await assertConversion( widget, overview, 'widget conversion' );

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
			await figureValue( widget, 'new_applications' ),
			recent.applications.new_this_period
		);
		// The pick is remembered for this user: back to the default, so later files meet the widget as it comes.
		await widget
			.getByLabel( 'Report period' )
			.selectOption( 'last_12_months' );
		await page.waitForFunction(
			() =>
				/Last 12 months/.test(
					document.querySelector(
						'#recruiting_reports_dashboard .hndle'
					)?.textContent ?? ''
				) &&
				! document.querySelector(
					'#recruiting_reports_dashboard [aria-busy="true"]'
				)
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
		const [ overview, timeToHire ] = await reportsFor( {} );
		await checkReportsPage( overview, timeToHire, 'all jobs' );
		await screenshotBoth( page, 'reports-page' );

		// Pick the job with the most hires through the searchable picker.
		const job = timeToHire.by_job[ 0 ];
		const combobox = page.getByRole( 'combobox', { name: 'Job' } );
		await combobox.click();
		await combobox.fill( job.job_title.slice( 0, 6 ) );
		await jobOption( page, job.job_title ).click();
		await page.waitForURL( new RegExp( `job_id=${ job.job_id }` ) );
		await settled();
		const [ jobOverview, jobTimeToHire ] = await reportsFor( {
			job_id: job.job_id,
		} );
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
		await page.waitForFunction( () =>
			document
				.querySelector(
					'[data-report="rr-overview"] .rr-report-section__period'
				)
				?.textContent.includes( '2025' )
		);
		await settled();
		const [ rangeOverview, rangeTimeToHire ] = await reportsFor( {
			date_from: '2025-01-01',
			date_to: '2025-03-31',
			job_id: job.job_id,
		} );
		await checkReportsPage(
			rangeOverview,
			rangeTimeToHire,
			'custom range'
		);
		assertNoConsoleErrors( 'the Reports page' );
	}
);

/** The by-status table inside `scope` equals the API's overview. */
async function assertStatusTable( scope, overview, what ) {
	assertTable(
		await readTable( scope, 'by_status' ),
		STATUSES.map( ( s ) => [ overview.applications.by_status[ s ] ] ),
		{ what: `${ what } by_status` }
	);
}

/** The time-to-hire trend table inside `scope` equals the API's. */
async function assertTrendTable( scope, timeToHire, what ) {
	assertTable(
		await readTable( scope, 'trend' ),
		timeToHire.trend.map( ( row ) => [ row.average_days, row.hires ] ),
		{ what: `${ what } trend` }
	);
}

/** The active jobs and new applications figures inside `scope` equal the API's overview. */
async function assertOverviewFigures( scope, overview ) {
	assert.equal(
		await figureValue( scope, 'active_jobs' ),
		overview.jobs.active
	);
	assert.equal(
		await figureValue( scope, 'new_applications' ),
		overview.applications.new_this_period
	);
}

async function checkReportsPage( overview, timeToHire, what ) {
	await assertStatusTable( page, overview, what );
	await assertConversion( page, overview, `${ what } conversion` );
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
	await assertTrendTable( page, timeToHire, what );
	const section = page.locator( '[data-report="rr-overview"]' );
	await assertOverviewFigures( section, overview );
	assert.equal(
		await figureValue( section, 'total_applications' ),
		overview.applications.total
	);
}

/*
 * Sources and Time to fill from data seeded here (one job, March–April 2021, far from the demo data),
 * every figure written out: 28 applications from 12 sources (mixed case, blanks and white space
 * normalised by the API), two hires of the job (the first one fills it) and one from a referral;
 * the previous period holds 4 applications and no hire.
 */
const SECTIONS_JOB = 'e2e-sections-job';
const SECTIONS_SOURCES = [
	// [ source as sent, applications ]
	[ 'LinkedIn', 3 ],
	[ 'linkedin', 3 ],
	[ ' Indeed ', 5 ],
	[ 'referral', 4 ],
	[ '', 1 ],
	[ undefined, 2 ],
	[ 'glassdoor', 2 ],
	[ 'job-fair', 2 ],
	[ 'zz-radio', 1 ],
	[ 'meetup', 1 ],
	[ 'newsletter', 1 ],
	[ 'podcast', 1 ],
	[ 'twitter', 1 ],
	[ 'university', 1 ],
];
/** Hires by application number (1-based, in the order above): linkedin 10 and 20 days, referral 7 days. */
const SECTIONS_HIRES = {
	1: '2021-03-11T10:00:00Z',
	2: '2021-03-22T10:00:00Z',
	12: '2021-03-19T10:00:00Z',
};

function sectionsBatch() {
	const applications = [];
	let n = 0;
	for ( const [ source, count ] of SECTIONS_SOURCES ) {
		for ( let i = 0; i < count; i++ ) {
			n++;
			const day = String( n ).padStart( 2, '0' );
			applications.push( {
				external_id: `e2e-sections-${ n }`,
				job: SECTIONS_JOB,
				candidate: {
					name: `Sections Candidate ${ n }`,
					email: `sections-${ n }@example.com`,
				},
				...( source === undefined ? {} : { source } ),
				applied_at: `2021-03-${ day }T10:00:00Z`,
				history: SECTIONS_HIRES[ n ]
					? [ { status: 'hired', at: SECTIONS_HIRES[ n ] } ]
					: [],
			} );
		}
	}
	for ( const [ i, source ] of [
		'linkedin',
		'linkedin',
		'direct',
		'direct',
	].entries() ) {
		applications.push( {
			external_id: `e2e-sections-earlier-${ i }`,
			job: SECTIONS_JOB,
			candidate: {
				name: `Sections Earlier ${ i }`,
				email: `sections-earlier-${ i }@example.com`,
			},
			source,
			applied_at: `2021-02-1${ i }T10:00:00Z`,
		} );
	}
	return {
		jobs: [
			{
				external_id: SECTIONS_JOB,
				title: 'E2E Sections Analyst',
				status: 'publish',
				created_at: '2021-02-01T12:00:00Z',
			},
		],
		applications,
	};
}

/**
 * Rows of the filled-jobs table: [{ label, opened, filled, days }] from the cells' data-value.
 * @param {import('playwright-core').Locator} scope The section.
 */
async function readFilledJobs( scope ) {
	return scope
		.locator( 'table[data-table="time-to-fill-by-job"]' )
		.evaluate( ( table ) =>
			[ ...table.querySelectorAll( 'tbody tr' ) ].map( ( row ) => {
				const [ opened, filled, days ] = [
					...row.querySelectorAll( 'td' ),
				].map( ( cell ) => cell.getAttribute( 'data-value' ) );
				return {
					label: row.querySelector( 'th' ).textContent.trim(),
					opened,
					filled,
					days: Number( days ),
				};
			} )
		);
}

async function figureValues( scope ) {
	return scope
		.locator( '[data-figure]' )
		.evaluateAll( ( nodes ) =>
			Object.fromEntries(
				nodes.map( ( node ) => [
					node.getAttribute( 'data-figure' ),
					[
						node.querySelector( '.rr-figure__value' ).textContent,
						node.querySelector( '.rr-figure__change' )
							?.textContent ?? null,
					],
				] )
			)
		);
}

test(
	'Reports page: Sources and Time to fill from seeded data, with comparison; both equal the API for all jobs',
	{ timeout: 240_000 * SLOW },
	async () => {
		const summary = await client.import( sectionsBatch() );
		const jobId = summary.jobs.ids[ SECTIONS_JOB ];
		await page.goto(
			`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&period=custom&date_from=2021-03-01&date_to=2021-04-30&job_id=${ jobId }&compare=previous_period`
		);
		const sources = page.locator( '[data-report="rr-sources"]' );
		const timeToFill = page.locator( '[data-report="rr-time-to-fill"]' );
		await sources.locator( 'table[data-chart-table="sources"]' ).waitFor();
		await timeToFill.locator( '.rr-figures' ).first().waitFor();
		await settled();

		assert.deepEqual( await figureValues( sources ), {
			sources: [ '12', '▲ 500%up 500% from the previous period' ],
			applications: [ '28', '▲ 600%up 600% from the previous period' ],
			hires: [ '3', '—nothing to compare with in the previous period' ],
			hire_rate: [
				'10.71%',
				'—nothing to compare with in the previous period',
			],
		} );
		const table = await readTable( sources, 'sources' );
		assert.deepEqual(
			table.map( ( row ) => [ row.label, ...row.shown ] ),
			[
				[ 'linkedin', '6', '2', '33.33%', '15.0' ],
				[ 'indeed', '5', '0', '0%', '—No hires' ],
				[ 'referral', '4', '1', '25%', '7.0' ],
				[ 'direct', '3', '0', '0%', '—No hires' ],
				[ 'glassdoor', '2', '0', '0%', '—No hires' ],
				[ 'job-fair', '2', '0', '0%', '—No hires' ],
				[ 'meetup', '1', '0', '0%', '—No hires' ],
				[ 'newsletter', '1', '0', '0%', '—No hires' ],
				[ 'podcast', '1', '0', '0%', '—No hires' ],
				[ 'twitter', '1', '0', '0%', '—No hires' ],
				[ 'university', '1', '0', '0%', '—No hires' ],
				[ 'zz-radio', '1', '0', '0%', '—No hires' ],
			]
		);
		assert.equal( await sources.locator( 'canvas' ).count(), 1 );

		// The chart draws the top ten (its height follows the bars drawn); "Show all" draws all twelve.
		const canvasHeight = async () =>
			( await sources.locator( '.rr-chart__canvas' ).boundingBox() )
				.height;
		// One button whose name changes in place.
		const toggle = sources.locator( '.rr-show-all button' );
		assert.equal( await toggle.innerText(), 'Show all (12)' );
		assert.equal( await toggle.getAttribute( 'aria-expanded' ), 'false' );
		const topTen = await canvasHeight();
		await toggle.click();
		assert.equal( await toggle.getAttribute( 'aria-expanded' ), 'true' );
		assert.equal( await toggle.innerText(), 'Show top 10 only' );
		assert.equal( ( await canvasHeight() ) - topTen, 2 * 40 );
		await toggle.click();
		assert.equal( await canvasHeight(), topTen );

		// Filled 2021-03-11 10:00 UTC, 37 days and 22 hours after it opened; the second hire does not count.
		assert.deepEqual( await figureValues( timeToFill ), {
			jobs_filled: [
				'1',
				'—nothing to compare with in the previous period',
			],
			average_days: [
				'37.9 days',
				'—nothing to compare with in the previous period',
			],
			median_days: [
				'37.9 days',
				'—nothing to compare with in the previous period',
			],
			min_days: [
				'37.9 days',
				'—nothing to compare with in the previous period',
			],
			max_days: [
				'37.9 days',
				'—nothing to compare with in the previous period',
			],
			// Hired: no longer open.
			open_jobs: [
				'0',
				'—nothing to compare with in the previous period',
			],
			open_jobs_age: [ '—', null ],
		} );
		assert.deepEqual( await readFilledJobs( timeToFill ), [
			{
				label: 'E2E Sections Analyst',
				opened: '2021-02-01',
				filled: '2021-03-11',
				days: 37.9,
			},
		] );
		assertTable(
			await readTable( timeToFill, 'trend' ),
			// The previous period (2020-12-30 – 2021-02-28) filled nothing: its overlaid months are empty.
			[
				[ 37.9, 1, 0, 0 ],
				[ 0, 0, 0, 0 ],
			],
			{ labels: [ 'Mar 2021', 'Apr 2021' ], what: 'time to fill trend' }
		);
		assert.deepEqual(
			await page
				.locator(
					'[data-report="rr-sources"] [data-csv], [data-report="rr-time-to-fill"] [data-csv]'
				)
				.evaluateAll( ( links ) =>
					links.map( ( link ) => link.getAttribute( 'data-csv' ) )
				),
			[ 'sources:sources', 'time-to-fill:by_job', 'time-to-fill:trend' ]
		);
		await checkSection(
			'[data-report="rr-sources"]',
			'reports-sources',
			'Reports page (sources and time to fill, compared)'
		);

		// All jobs over two years (the demo jobs were filled in their first months): what the page
		// shows is what the API answers.
		const today = new Date().toISOString().slice( 0, 10 );
		const range = {
			date_from: `${ Number( today.slice( 0, 4 ) ) - 2 }-01-01`,
			date_to: today,
			compare: 'previous_year',
		};
		await page.goto(
			`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&period=custom&${ new URLSearchParams(
				range
			) }`
		);
		await timeToFill.locator( '.rr-figures' ).first().waitFor();
		await sources.locator( '.rr-figures' ).waitFor();
		await settled();
		const [ allSources, allTimeToFill ] = await Promise.all( [
			client.reports.sources( range ),
			client.reports.timeToFill( range ),
		] );
		assertTable(
			await readTable( sources, 'sources' ),
			allSources.sources.map( ( row ) => [
				row.applications,
				row.hires,
				row.conversion,
				row.average_days_to_hire,
			] ),
			{
				labels: allSources.sources.map( ( row ) => row.source ),
				what: 'all jobs sources',
			}
		);
		// The ten slowest, then every filled job.
		const more = timeToFill.locator(
			'[data-chart="by_job"] .rr-show-all button'
		);
		assert.equal(
			( await readFilledJobs( timeToFill ) ).length,
			Math.min( 10, allTimeToFill.by_job.length )
		);
		if ( allTimeToFill.by_job.length > 10 ) {
			await more.click();
		}
		assert.deepEqual(
			await readFilledJobs( timeToFill ),
			allTimeToFill.by_job.map( ( row ) => ( {
				label: row.job_title,
				opened: row.opened,
				filled: row.filled,
				days: row.days,
			} ) )
		);
		assertTable(
			await readTable( timeToFill, 'trend' ),
			// With the previous year's months beside them (month n beside month n).
			allTimeToFill.trend.map( ( row, i ) => {
				const earlier = allTimeToFill.comparison.trend[ i ];
				return [
					row.average_days,
					row.jobs,
					earlier?.average_days ?? 0,
					earlier?.jobs ?? 0,
				];
			} ),
			{ what: 'all jobs time to fill trend' }
		);
		assert.equal(
			await figureValue( timeToFill, 'jobs_filled' ),
			allTimeToFill.by_job.length
		);
		assert.equal(
			await figureValue( timeToFill, 'open_jobs' ),
			allTimeToFill.open_jobs.count
		);
		if ( allTimeToFill.by_job.length ) {
			assert.equal(
				await figureValue( timeToFill, 'average_days' ),
				allTimeToFill.overall.average_days
			);
		}
		await checkSection(
			'[data-report="rr-time-to-fill"]',
			'reports-ttf',
			'Reports page (all jobs, compared with the previous year)'
		);
		assertNoConsoleErrors( 'the Reports page (sources, time to fill)' );
	}
);
