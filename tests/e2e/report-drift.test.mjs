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

async function rest( path, init = {} ) {
	const response = await fetch( `${ SITE }/wp-json${ path }`, {
		...init,
		headers: { ...AUTH, 'Content-Type': 'application/json' },
	} );
	assert.ok(
		response.ok,
		`${ path }: ${ response.status } ${ await response.clone().text() }`
	);
	return response.json();
}

/**
 * An application of the drift data, its history as [status, ISO time] pairs.
 * @param {string}     id      External id.
 * @param {string}     job     The job's external id.
 * @param {string}     applied ISO time.
 * @param {string[][]} steps   History.
 * @param {string}     source  Source.
 */
const application = ( id, job, applied, steps, source ) => ( {
	external_id: id,
	job,
	candidate: { name: `Candidate ${ id }`, email: `${ id }@example.com` },
	applied_at: applied,
	source,
	history: steps.map( ( [ status, at ] ) => ( { status, at } ) ),
} );

/**
 * 2019, away from the other tests' periods: two jobs filled (one with every stage), a rejection, a withdrawal,
 * an application still new, four sources, and on job drift-b a hire 20 minutes after applying (0.0 days: a
 * hire, not "No hires").
 */
const DRIFT_DATA = {
	jobs: [
		{
			external_id: 'drift-a',
			title: 'Drift Analyst',
			status: 'publish',
			created_at: '2019-01-02T09:00:00Z',
		},
		{
			external_id: 'drift-b',
			title: 'Drift Porter',
			status: 'publish',
			created_at: '2019-03-01T09:00:00Z',
		},
	],
	applications: [
		application(
			'drift-a1',
			'drift-a',
			'2019-02-01T10:00:00Z',
			[
				[ 'screening', '2019-02-03T10:00:00Z' ],
				[ 'interview', '2019-02-08T10:00:00Z' ],
				[ 'offer', '2019-02-15T10:00:00Z' ],
				[ 'hired', '2019-02-20T10:00:00Z' ],
			],
			'referral'
		),
		application(
			'drift-a2',
			'drift-a',
			'2019-04-01T10:00:00Z',
			[
				[ 'screening', '2019-04-05T10:00:00Z' ],
				[ 'rejected', '2019-04-10T10:00:00Z' ],
			],
			'linkedin'
		),
		application(
			'drift-a3',
			'drift-a',
			'2019-08-01T10:00:00Z',
			[
				[ 'screening', '2019-08-04T10:00:00Z' ],
				[ 'hired', '2019-09-01T10:00:00Z' ],
			],
			'referral'
		),
		application(
			'drift-a4',
			'drift-a',
			'2019-10-10T10:00:00Z',
			[ [ 'withdrawn', '2019-10-12T10:00:00Z' ] ],
			'job board'
		),
		application(
			'drift-b1',
			'drift-b',
			'2019-05-01T10:00:00Z',
			[ [ 'hired', '2019-05-01T10:20:00Z' ] ],
			'job board'
		),
		application(
			'drift-b2',
			'drift-b',
			'2019-11-01T10:00:00Z',
			[],
			'direct'
		),
	],
};

/** The drift jobs' ids by external id. */
let jobIds = {};

setUpAdminPage( {
	prepare: async () => {
		await installDocExample();
		const imported = await rest( '/recruiting/v1/import', {
			method: 'POST',
			body: JSON.stringify( DRIFT_DATA ),
		} );
		jobIds = imported.jobs?.ids ?? {};
	},
} );

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

	assert.ok(
		jobIds[ 'drift-a' ] && jobIds[ 'drift-b' ],
		JSON.stringify( jobIds )
	);
	const custom = ( from, to, extra = {} ) => ( {
		page: { period: 'custom', date_from: from, date_to: to, ...extra.page },
		block: { period: 'custom', dateFrom: from, dateTo: to, ...extra.block },
	} );
	const job = ( id ) => ( { page: { job_id: id }, block: { jobId: id } } );
	const queries = [
		custom( '2019-01-01', '2019-12-31' ),
		custom( '2019-01-01', '2019-12-31', job( jobIds[ 'drift-a' ] ) ),
		custom( '2019-01-01', '2019-12-31', job( jobIds[ 'drift-b' ] ) ),
		custom( '2019-07-01', '2019-12-31', {
			page: { compare: 'previous_period' },
			block: { compare: 'previous_period' },
		} ),
		// A preset over the site's own data.
		{
			page: { period: 'last_12_months' },
			block: { period: 'last_12_months' },
		},
		// Nothing happened then: every empty text shows.
		custom( '2001-01-01', '2001-03-31' ),
	];
	let charts = 0;
	let empties = 0;
	const drawn = new Set();
	const withRows = new Set();
	for ( const query of queries ) {
		const pageReports = await onPage( names, query.page );
		if ( query.page.job_id === jobIds[ 'drift-b' ] ) {
			// Its one hire took 20 minutes: an average of 0.0 days, not "No hires".
			assert.deepEqual(
				pageReports.overview.figures.find(
					( [ id ] ) => id === 'avg_time_to_hire'
				),
				[ 'avg_time_to_hire', 'Average time to hire', '0.0 days', '' ]
			);
		}
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
			for ( const chart of block.charts ) {
				drawn.add( `${ name }: ${ chart.title }` );
				if ( chart.rows.length ) {
					withRows.add( `${ name }: ${ chart.title }` );
				}
			}
		}
	}
	// The comparison covers something: charts with rows and charts saying why they are empty.
	assert.ok(
		charts > empties && empties > 0,
		`${ charts } charts, ${ empties } empty`
	);
	// Every chart of every report was compared with rows in its table at least once.
	assert.deepEqual( [ ...withRows ].sort(), [ ...drawn ].sort() );
	assertNoConsoleErrors( 'the Reports page' );
} );
