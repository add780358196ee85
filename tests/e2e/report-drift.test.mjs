// The block and the Reports page cannot disagree (issue #22): for every report of the registry (the built-in ones
// and docs/adding-a-report.md's example, registered through the filter) and a few queries (a preset period, one
// job, a comparison, a period without data), the block's server render and the Reports page, both in Chromium,
// show the same headline figures (id, label, value, note), the same charts in the same order (title, the empty
// text where there is nothing to draw) and the same data tables (headers and every cell as shown).

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { BASE_URL } from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { SITE } from './lib/api.mjs';
import {
	installDocExample,
	removeDocExample,
} from '../support/doc-example.mjs';

const AUTH = {
	Authorization: `Basic ${ Buffer.from( `${ process.env.RR_ADMIN_USER }:${ process.env.RR_ADMIN_APP_PASSWORD }` ).toString( 'base64' ) }`,
};

async function rest( path ) {
	const response = await fetch( `${ SITE }/wp-json${ path }`, {
		headers: AUTH,
	} );
	assert.ok(
		response.ok,
		`${ path }: ${ response.status } ${ await response.clone().text() }`
	);
	return response.json();
}

setUpAdminPage( { prepare: installDocExample } );

after( removeDocExample );

/**
 * What a report shows, read from a block's wrapper or a Reports page section: its figures, and per chart its
 * title, empty text and data table. Runs in the page (passed as source).
 * @param {Element} root The block or the section.
 */
function shown( root ) {
	// Visible text and what a screen reader hears alike (a cell without data is "—" and a declared text).
	const text = ( node ) =>
		( node?.textContent ?? '' ).replace( /\s+/g, ' ' ).trim();
	const figures = [ ...root.querySelectorAll( '[data-figure]' ) ].map(
		( figure ) => [
			figure.dataset.figure,
			text( figure.querySelector( '.rr-figure__label' ) ),
			text( figure.querySelector( '.rr-figure__value' ) ),
			text( figure.querySelector( '.rr-figure__note' ) ),
		]
	);
	const charts = [ ...root.querySelectorAll( 'figure.rr-chart' ) ].map(
		( chart ) => {
			const table = chart.querySelector( 'table' );
			const rows = table
				? [ ...table.querySelectorAll( 'tbody tr' ) ].map( ( row ) =>
						[ ...row.children ].map( text )
					)
				: [];
			return {
				title: text( chart.querySelector( '.rr-chart__title' ) ),
				empty: text( chart.querySelector( '.rr-chart__empty' ) ),
				// A table without rows shows no headers worth comparing (the page leaves an empty one out).
				headers: rows.length
					? [ ...table.querySelectorAll( 'thead th' ) ].map( text )
					: [],
				rows,
			};
		}
	);
	return { figures, charts };
}

/**
 * The report as the block renders it (core's block renderer route, as the editor previews it), read in the page.
 * @param {string} name  The report.
 * @param {Object} query Block attributes: period, dateFrom, dateTo, jobId, compare.
 */
async function inBlock( name, query ) {
	const params = new URLSearchParams( {
		context: 'edit',
		'attributes[report]': name,
	} );
	for ( const [ key, value ] of Object.entries( query ) ) {
		params.set( `attributes[${ key }]`, String( value ) );
	}
	const { rendered } = await rest(
		`/wp/v2/block-renderer/recruiting-reports/report?${ params }`
	);
	return page.evaluate(
		( [ html, source ] ) => {
			const holder = document.createElement( 'div' );
			holder.innerHTML = html;
			return new Function( `return ${ source }` )()( holder );
		},
		[ rendered, shown.toString() ]
	);
}

/**
 * Every report as the Reports page shows it for a query, once every section has its report.
 * @param {string[]} names The reports.
 * @param {Object}   query URL parameters: period, date_from, date_to, job_id, compare.
 */
async function onPage( names, query ) {
	await page.goto(
		`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&${ new URLSearchParams( query ) }`
	);
	await page.waitForFunction(
		( sections ) =>
			sections.every( ( name ) => {
				const section = document.querySelector(
					`section[data-report="rr-${ name }"]`
				);
				return (
					section?.querySelector( '.rr-figures' ) &&
					! section.querySelector(
						'[data-state="loading"], [aria-busy="true"]'
					)
				);
			} ),
		names
	);
	return page.evaluate(
		( [ sections, source ] ) =>
			Object.fromEntries(
				sections.map( ( name ) => [
					name,
					new Function( `return ${ source }` )()(
						document.querySelector(
							`section[data-report="rr-${ name }"]`
						)
					),
				] )
			),
		[ names, shown.toString() ]
	);
}

test( 'every report shows the same figures, charts, tables and empty texts in the block and on the Reports page', async () => {
	await page.goto(
		`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports`
	);
	const names = await page.evaluate( () =>
		window.recruitingReports.reports.map( ( report ) => report.name )
	);
	assert.ok(
		names.includes( 'withdrawals' ),
		'the doc example is registered'
	);
	assert.ok( names.length >= 6, names.join( ', ' ) );

	// A job with hires in the last year (time to hire lists them busiest first).
	const { by_job: hiredJobs } = await rest(
		'/recruiting/v1/reports/time-to-hire?period=last_12_months'
	);
	assert.ok(
		hiredJobs.length > 0,
		'the demo data has hires in the last 12 months'
	);
	const jobId = hiredJobs[ 0 ].job_id;

	const queries = [
		{
			page: { period: 'last_12_months' },
			block: { period: 'last_12_months' },
		},
		{
			page: { period: 'last_12_months', job_id: jobId },
			block: { period: 'last_12_months', jobId },
		},
		{
			page: { period: 'last_90_days', compare: 'previous_period' },
			block: { period: 'last_90_days', compare: 'previous_period' },
		},
		// Nothing happened then: every empty text shows.
		{
			page: {
				period: 'custom',
				date_from: '2001-01-01',
				date_to: '2001-03-31',
			},
			block: {
				period: 'custom',
				dateFrom: '2001-01-01',
				dateTo: '2001-03-31',
			},
		},
	];
	let charts = 0;
	let empties = 0;
	for ( const query of queries ) {
		const pageReports = await onPage( names, query.page );
		for ( const name of names ) {
			const block = await inBlock( name, query.block );
			const where = `${ name } for ${ JSON.stringify( query.page ) }`;
			assert.ok(
				block.figures.length > 0,
				`${ where }: the block has figures`
			);
			assert.deepEqual(
				block.figures,
				pageReports[ name ].figures,
				`${ where }: figures`
			);
			assert.deepEqual(
				block.charts,
				pageReports[ name ].charts,
				`${ where }: charts`
			);
			charts += block.charts.length;
			empties += block.charts.filter( ( chart ) => chart.empty ).length;
		}
	}
	// The comparison covers something: charts with rows and charts saying why they are empty.
	assert.ok(
		charts > empties && empties > 0,
		`${ charts } charts, ${ empties } empty`
	);
	assertNoConsoleErrors( 'the Reports page' );
} );
