// Helpers for the report suites: fetch a report with its cache header, import a dataset, set the
// site timezone, run PHP inside the site (for writes that have no REST route on every branch).

import assert from 'node:assert/strict';
import { get, post, expectStatus, resetSite } from './api.mjs';

/** The shared reset (retried on Playground's first request, see api.mjs). */
export { resetSite as resetForReports };

export const DAY = 86400000;

/** GET /reports/{name}: { status, body, cache } (body is the JSON, cache the X-Recruiting-Cache header). */
export async function report( name, query = {}, options = {} ) {
	const response = await get( `/recruiting/v1/reports/${ name }`, { query, ...options } );
	return { status: response.status, body: response.json, json: response.json, cache: response.headers.get( 'x-recruiting-cache' ), text: response.text };
}

/** A report that must succeed: its JSON body, with the cache header as a non-enumerable `cache`. */
export async function ok( name, query = {} ) {
	const result = await report( name, query );
	assert.equal( result.status, 200, result.text.slice( 0, 2000 ) );
	assert.ok( [ 'hit', 'miss' ].includes( result.cache ), `X-Recruiting-Cache is hit or miss, got ${ result.cache }` );
	Object.defineProperty( result.body, 'cache', { value: result.cache, enumerable: false } );
	return result.body;
}

export async function importData( payload ) {
	return expectStatus( await post( '/recruiting/v1/import', payload ), 200 );
}

export async function setTimezone( timezone ) {
	expectStatus( await post( '/wp/v2/settings', { timezone } ), 200 );
}

/** Runs PHP inside the site (after wp-load.php, as the admin); returns stdout. */
export async function php( code ) {
	const response = await fetch( process.env.RR_RUN_PHP_URL, { method: 'POST', body: code } );
	const text = await response.text();
	assert.equal( response.status, 200, text );
	return text;
}

/** An application whose history is given as [status, ISO time] pairs. */
export function app( externalId, job, appliedAt, steps = [], fields = {} ) {
	return {
		external_id: externalId,
		job,
		candidate: { name: `Candidate ${ externalId }`, email: `${ externalId }@example.com` },
		applied_at: appliedAt,
		history: steps.map( ( [ status, at ] ) => ( { status, at } ) ),
		...fields,
	};
}

export function jobRecord( externalId, fields = {} ) {
	return { external_id: externalId, title: `Job ${ externalId }`, status: 'publish', created_at: '2024-06-01T00:00:00Z', ...fields };
}

/** ISO time `days` (fractional) after an ISO time. */
export function plusDays( iso, days ) {
	return new Date( Date.parse( iso ) + days * DAY ).toISOString();
}

/** A hire `days` after applying: new → hired directly (no other stage entered). */
export function hire( externalId, job, hiredAt, days ) {
	return app( externalId, job, plusDays( hiredAt, -days ), [ [ 'hired', hiredAt ] ] );
}

/** Calendar date (YYYY-MM-DD) of an instant in a timezone. */
export function dateIn( timezone, instant = new Date() ) {
	return new Intl.DateTimeFormat( 'en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' } ).format( instant );
}

/** YYYY-MM-01 of the month `delta` months after the month of a YYYY-MM-DD date. */
export function monthStart( date, delta = 0 ) {
	const [ y, m ] = date.split( '-' ).map( Number );
	const index = y * 12 + ( m - 1 ) + delta;
	return `${ String( Math.floor( index / 12 ) ).padStart( 4, '0' ) }-${ String( ( index % 12 ) + 1 ).padStart( 2, '0' ) }-01`;
}

/** The months (YYYY-MM) from the month of `from` to the month of `to`, inclusive. */
export function monthsBetween( from, to ) {
	const months = [];
	for ( let month = monthStart( from ); month <= monthStart( to ); month = monthStart( month, 1 ) ) {
		months.push( month.slice( 0, 7 ) );
	}
	return months;
}

/** A trend with no hires for the given months. */
export function emptyTrend( months ) {
	return months.map( ( month ) => ( { month, average_days: 0, hires: 0 } ) );
}

export const ZERO_STATUSES = { new: 0, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, withdrawn: 0 };

/**
 * Asserts that the report summary tables as kept incrementally equal a rebuild from the applications (snapshots by
 * tests/support/reports-reference.php); returns the rebuilt snapshot.
 */
export async function assertSummariesConsistent() {
	const result = JSON.parse(
		await php( `require_once WP_PLUGIN_DIR . '/recruiting-reports/tests/support/reports-reference.php';
			$incremental = rr_summary_snapshot();
			\\RecruitingReports\\Data\\ReportSummary::rebuild();
			echo wp_json_encode( array( 'incremental' => $incremental, 'rebuilt' => rr_summary_snapshot() ) );` )
	);
	assert.deepEqual( result.incremental, result.rebuilt );
	return result.rebuilt;
}
