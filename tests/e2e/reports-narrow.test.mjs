// Reports page at 360 px: the Sources and Time to fill tables fit their container (no sideways
// scrolling), each value shows its column's name beside it, and assistive technology still gets a
// table with its column headers (the label shown beside a value is not read a second time). At
// 1280 px the same tables keep their columns. Screenshots of both sections at both widths.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import {
	BASE_URL,
	DESKTOP,
	NARROW,
	SCREENSHOTS_DIR,
	SLOW,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';

const SECTIONS = [ 'rr-sources', 'rr-time-to-fill' ];

setUpAdminPage();

/**
 * Every table of the two sections: how far it reaches past its container (scrolled or not), how
 * its first row is laid out, its column headers and the label drawn before each value cell.
 * @param {import('playwright-core').Page} narrowPage
 */
function tables( narrowPage ) {
	return narrowPage.evaluate( ( ids ) =>
		ids.flatMap( ( id ) =>
			[ ...document.querySelectorAll( `[data-report="${ id }"] table` ) ].map(
				( table ) => {
					const box = table.closest( '.rr-table-scroll' );
					const row = table.querySelector( 'tbody tr' );
					return {
						name: table.dataset.chartTable ?? table.dataset.table,
						overflow: Math.max(
							box.scrollWidth - box.clientWidth,
							Math.ceil(
								table.getBoundingClientRect().right -
									box.getBoundingClientRect().right
							)
						),
						rows: table.querySelectorAll( 'tbody tr' ).length,
						rowDisplay: getComputedStyle( row ).display,
						headers: [ ...table.querySelectorAll( 'thead th' ) ].map(
							( th ) => th.textContent.trim()
						),
						labels: [ ...row.querySelectorAll( 'td' ) ].map(
							( td ) => getComputedStyle( td, '::before' ).content
						),
					};
				}
			)
		),
	SECTIONS );
}

async function shoot( width ) {
	for ( const id of SECTIONS ) {
		await page.locator( `[data-report="${ id }"]` ).screenshot( {
			path: path.join(
				SCREENSHOTS_DIR,
				`reports-narrow-${ id }-${ width }.png`
			),
		} );
	}
}

test(
	'Reports page: Sources and Time to fill tables fit 360 px and keep their columns at 1280 px',
	{ timeout: 180_000 * SLOW },
	async () => {
		// Two years of every job against the year before: the widest tables (the trend's
		// comparison columns, every source).
		const today = new Date().toISOString().slice( 0, 10 );
		const range = new URLSearchParams( {
			period: 'custom',
			date_from: `${ Number( today.slice( 0, 4 ) ) - 2 }-01-01`,
			date_to: today,
			compare: 'previous_year',
		} );
		await page.goto(
			`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&${ range }`
		);
		for ( const id of SECTIONS ) {
			await page
				.locator( `[data-report="${ id }"] tbody tr` )
				.first()
				.waitFor();
		}
		await page.waitForLoadState( 'networkidle' );
		// A long data table starts closed (the trend's 35 months): open it to measure it too.
		for ( const summary of await page
			.locator(
				SECTIONS.map(
					( id ) => `[data-report="${ id }"] details:not([open]) > summary`
				).join( ', ' )
			)
			.all() ) {
			await summary.click();
		}
		// The fixed admin bar would cover part of a tall element's screenshot.
		await page.addStyleTag( {
			content: '#wpadminbar { position: absolute !important; }',
		} );

		await shoot( DESKTOP.width );
		const wide = await tables( page );
		assert.deepEqual(
			wide.map( ( table ) => table.name ),
			[ 'sources', 'time-to-fill-by-job', 'trend' ]
		);
		for ( const table of wide ) {
			assert.ok( table.rows > 0, `${ table.name } has rows` );
			assert.equal( table.overflow, 0, `${ table.name } fits at 1280 px` );
			assert.equal(
				table.rowDisplay,
				'table-row',
				`${ table.name } keeps its columns at 1280 px`
			);
			assert.ok(
				table.labels.every( ( label ) => label === 'none' || label === 'normal' ),
				`${ table.name }: no label drawn beside the values at 1280 px (${ table.labels })`
			);
		}

		await page.setViewportSize( NARROW );
		await page.waitForTimeout( 500 );
		await shoot( NARROW.width );
		const narrow = await tables( page );
		for ( const table of narrow ) {
			assert.equal(
				table.overflow,
				0,
				`${ table.name } reaches ${ table.overflow } px past its container at 360 px`
			);
			// Each value names its column, as the header row is out of sight (the computed
			// content ends with the empty alternative text for assistive technology).
			assert.deepEqual(
				table.labels.map( ( label ) => label.replace( / \/ ""$/, '' ) ),
				table.headers.slice( 1 ).map( ( header ) => JSON.stringify( header ) ),
				`${ table.name }: each value's column label at 360 px`
			);
		}
		assert.equal(
			await page.evaluate(
				() => document.documentElement.scrollWidth - window.innerWidth
			),
			0,
			'the Reports page does not scroll sideways at 360 px'
		);

		// Still tables for a screen reader: their caption, column headers, a row header per row,
		// and cells whose name is the value alone (the label drawn beside it is not read twice).
		for ( const table of await page
			.locator(
				SECTIONS.map( ( id ) => `[data-report="${ id }"] table` ).join( ', ' )
			)
			.all() ) {
			const caption = await table.locator( 'caption' ).textContent();
			const header = await table.locator( 'thead th' ).allTextContents();
			const first = table.locator( 'tbody tr' ).first();
			const rowHeader = await first.locator( 'th' ).textContent();
			// A cell's text without what is hidden from assistive technology (the "—" of a month
			// without hires, whose name is its screen-reader text).
			const values = await first.locator( 'td' ).evaluateAll( ( cells ) =>
				cells.map( ( cell ) => {
					const copy = cell.cloneNode( true );
					copy.querySelectorAll( '[aria-hidden="true"]' ).forEach( ( hidden ) =>
						hidden.remove()
					);
					return copy.textContent;
				} )
			);
			const tree = await table.ariaSnapshot();
			const expected = [
				`- table "${ caption }"`,
				...header.map( ( name ) => `- columnheader "${ name }"` ),
				`- rowheader "${ rowHeader }"`,
				...values.map( ( value ) => `- cell "${ value }"` ),
			];
			for ( const line of expected ) {
				assert.ok(
					tree.includes( line ),
					`${ line } at 360 px in:\n${ tree }`
				);
			}
		}

		await page.setViewportSize( DESKTOP );
		assertNoConsoleErrors( 'the Reports page' );
	}
);
