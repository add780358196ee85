// Reports page with a comparison (#14): the "Compare with" picker asks the API for the earlier period,
// every headline figure shows its change against the API's `comparison`, the time-to-hire trend overlays
// the earlier period (its columns in the data table, its legend on the chart), and "Download CSV"
// downloads the table's rows (file read back: BOM, header, rows equal the API's).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import {
	BASE_URL,
	SLOW,
	assertAccessible,
	readTable,
	screenshotBoth,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { adminClient } from './lib/api.mjs';
import { canvasText, clearCanvasText, recordCanvasText } from './lib/canvas-text.mjs';
import { overflowingAtNarrow } from './lib/layout.mjs';

const client = adminClient();

setUpAdminPage( { setup: recordCanvasText } );

const PERIOD_WORD = { previous_period: 'period', previous_year: 'year' };
const percent = ( rate ) =>
	new Intl.NumberFormat( 'en-US', { style: 'percent', maximumFractionDigits: 2 } ).format(
		Math.round( rate * 1000 ) / 1000
	);

/** The change a figure must show against the earlier value (as docs/reports.md#comparison words it). */
function expectedChange( current, previous, against ) {
	const word = PERIOD_WORD[ against ];
	if ( ! previous ) return `—nothing to compare with in the previous ${ word }`;
	if ( current === previous ) return `no change from the previous ${ word }`;
	const rate = percent( Math.abs( current - previous ) / Math.abs( previous ) );
	return current > previous
		? `▲ ${ rate }up ${ rate } from the previous ${ word }`
		: `▼ ${ rate }down ${ rate } from the previous ${ word }`;
}

/** Picks a comparison and returns the query the page then sent for time to hire. */
async function pickComparison( against ) {
	const request = page.waitForRequest(
		( r ) => /reports\/time-to-hire/.test( decodeURIComponent( r.url() ) ) && r.url().includes( `compare=${ against }` )
	);
	await page.getByLabel( 'Compare with' ).selectOption( against );
	const url = new URL( ( await request ).url() );
	const params = new URLSearchParams( url.search );
	// Plain permalinks carry the route in rest_route=…?…: the query is then inside it.
	const route = params.get( 'rest_route' );
	const query = new URLSearchParams( route?.includes( '?' ) ? route.split( '?' )[ 1 ] : url.search );
	return { date_from: query.get( 'date_from' ), date_to: query.get( 'date_to' ), compare: against };
}

async function figureChange( section, id ) {
	return (
		await page.locator( `[data-report="${ section }"] [data-figure="${ id }"] .rr-figure__change` ).innerText()
	).replace( /\s+/g, '' );
}

for ( const against of [ 'previous_period', 'previous_year' ] ) {
	test(
		`Compare with ${ against }: figures' changes and the trend overlay equal the API's comparison`,
		{ timeout: 180_000 * SLOW },
		async () => {
			await page.goto( `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports` );
			await page.locator( '[data-report="rr-time-to-hire"] table[data-chart-table="trend"]' ).waitFor();
			assert.equal( await page.locator( '.rr-figure__change' ).count(), 0, 'no change shown without a comparison' );

			const query = await pickComparison( against );
			assert.match( page.url(), new RegExp( `compare=${ against }` ) );
			const [ overview, timeToHire ] = await Promise.all( [
				client.reports.overview( query ),
				client.reports.timeToHire( query ),
			] );
			assert.ok( overview.comparison && timeToHire.comparison, 'the API answers with a comparison' );
			const earlier = timeToHire.comparison;

			// The page shows the figures of the query picked, with their change.
			const headers = page.locator( '[data-report="rr-time-to-hire"] table[data-chart-table="trend"] thead th' );
			await headers.nth( 3 ).waitFor();
			await page.waitForFunction( () => ! document.querySelector( '[aria-busy="true"]' ) );
			const newApps = overview.applications.new_this_period;
			assert.equal(
				await figureChange( 'rr-overview', 'new_applications' ),
				expectedChange( newApps, overview.comparison.applications.new_this_period, against ).replace( /\s+/g, '' )
			);
			const hires = ( report ) => report.trend.reduce( ( sum, row ) => sum + row.hires, 0 );
			assert.equal(
				await figureChange( 'rr-time-to-hire', 'hires' ),
				expectedChange( hires( timeToHire ), hires( earlier ), against ).replace( /\s+/g, '' )
			);

			// The trend's table gains the earlier period's columns, month n beside month n.
			const from = new Date( `${ earlier.period.from }T00:00:00Z` ).toLocaleDateString( 'en-US', {
				timeZone: 'UTC',
				month: 'long',
				day: 'numeric',
				year: 'numeric',
			} );
			const headerTexts = await headers.allInnerTexts();
			assert.equal( headerTexts.length, 5, headerTexts.join( ' | ' ) );
			assert.deepEqual( headerTexts.slice( 0, 3 ), [ 'Month', 'Average days', 'Hires' ] );
			assert.ok( headerTexts[ 3 ].startsWith( `Average days, ${ from } – ` ), headerTexts[ 3 ] );
			assert.ok( headerTexts[ 4 ].startsWith( `Hires, ${ from } – ` ), headerTexts[ 4 ] );
			const rows = await readTable( page.locator( '[data-report="rr-time-to-hire"]' ), 'trend' );
			assert.equal( rows.length, timeToHire.trend.length );
			rows.forEach( ( row, i ) => {
				const before = earlier.trend[ i ] ?? { average_days: 0, hires: 0 };
				assert.deepEqual(
					row.raw,
					[ timeToHire.trend[ i ].average_days, timeToHire.trend[ i ].hires, before.average_days, before.hires ],
					`trend row ${ row.label }`
				);
			} );

			// On the chart: a legend names both periods.
			await clearCanvasText( page );
			await page.setViewportSize( { width: 1200, height: 900 } );
			await page.waitForTimeout( 600 );
			const texts = ( await canvasText( page, 'trend' ) ).map( ( t ) => t.text );
			assert.ok( texts.includes( 'Average days' ), texts.join( ' | ' ) );
			assert.ok( texts.some( ( t ) => t.startsWith( `Average days, ${ from }` ) ), texts.join( ' | ' ) );
			await page.setViewportSize( { width: 1280, height: 900 } );

			await assertAccessible( page, '.rr-wrap', `Reports page compared with ${ against }` );
			const { overflow } = await screenshotBoth( page, `reports-compare-${ against }` );
			const wide = await overflowingAtNarrow( page );
			assert.equal( overflow, 0, `no horizontal scroll at 360 px: ${ wide.join( '\n' ) }` );
			assertNoConsoleErrors( `the Reports page compared with ${ against }` );
		}
	);
}

test( 'Download CSV: the file holds the table’s rows and the comparison’s, with BOM and header', { timeout: 180_000 * SLOW }, async () => {
	await page.goto( `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&compare=previous_year` );
	const section = page.locator( '[data-report="rr-time-to-hire"]' );
	await section.locator( 'table[data-chart-table="trend"] thead th' ).nth( 3 ).waitFor();
	const link = section.locator( 'a[data-csv="time-to-hire:trend"]' );
	const href = new URL( await link.getAttribute( 'href' ), BASE_URL );
	const params = new URLSearchParams( href.search );
	const route = params.get( 'rest_route' );
	const query = new URLSearchParams( route?.includes( '?' ) ? route.split( '?' )[ 1 ] : href.search );
	assert.equal( query.get( 'compare' ), 'previous_year' );
	const report = await client.reports.timeToHire( {
		date_from: query.get( 'date_from' ),
		date_to: query.get( 'date_to' ),
		compare: 'previous_year',
	} );

	const [ download ] = await Promise.all( [ page.waitForEvent( 'download' ), link.click() ] );
	assert.match( download.suggestedFilename(), /\.csv$/ );
	const bytes = fs.readFileSync( await download.path() );
	assert.deepEqual( [ ...bytes.subarray( 0, 3 ) ], [ 0xef, 0xbb, 0xbf ], 'UTF-8 BOM' );
	const text = bytes.subarray( 3 ).toString( 'utf8' );
	assert.ok( text.includes( '\r\n' ), 'CRLF line ends' );
	const lines = text.replace( /\r\n$/, '' ).split( '\r\n' );
	assert.equal( lines[ 0 ], 'period,month,average_days,hires' );
	const expected = [
		...report.trend.map( ( row ) => [ 'current', row.month, row.average_days, row.hires ] ),
		...report.comparison.trend.map( ( row ) => [ 'comparison', row.month, row.average_days, row.hires ] ),
	];
	const parsed = lines.slice( 1 ).map( ( line ) => {
		const [ period, month, days, hires ] = line.split( ',' );
		return [ period, month, Number( days ), Number( hires ) ];
	} );
	assert.deepEqual( parsed, expected );

	// The rows of the current period are the rows the page's table shows.
	const table = await readTable( section, 'trend' );
	assert.deepEqual(
		table.map( ( row ) => row.raw.slice( 0, 2 ) ),
		parsed.filter( ( row ) => row[ 0 ] === 'current' ).map( ( row ) => row.slice( 2 ) )
	);
	assertNoConsoleErrors( 'the Reports page (Download CSV)' );
} );
