// A time to fill below zero (an imported hire dated before its job's creation, which the API allows) keeps its
// figure and says which jobs cause it, on the block (here) as on the Reports page (src/reports/figures.test.ts):
// both read the note from the report's definition.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectStatus, get } from './lib/api.mjs';
import { app, importData, jobRecord, resetForReports } from './lib/reports.mjs';

/** [id, label, value, note] of the figures the block renders for these attributes (the editor's preview). */
async function blockFigures( attributes ) {
	const query = { context: 'edit' };
	for ( const [ name, value ] of Object.entries( attributes ) ) {
		query[ `attributes[${ name }]` ] = value;
	}
	const html = expectStatus( await get( '/wp/v2/block-renderer/recruiting-reports/report', { query } ), 200 ).rendered;
	return [ ...html.matchAll( /<div class="rr-figure" data-figure="([^"]+)">([\s\S]*?)<\/div>/g ) ].map( ( [ , id, inner ] ) => [
		id,
		inner.match( /rr-figure__label">([^<]*)</ )[ 1 ],
		inner.match( /rr-figure__value"[^>]*>([^<]*)</ )[ 1 ],
		inner.match( /rr-figure__note">([^<]*)</ )?.[ 1 ] ?? null,
	] );
}

const TIME_TO_FILL = { report: 'time-to-fill', period: 'custom', dateFrom: '2025-01-01', dateTo: '2025-03-31' };

before( async () => {
	await resetForReports();
	await importData( {
		jobs: [
			jobRecord( 'neg-imported', { title: 'Imported Welder', created_at: '2025-03-01T00:00:00Z' } ),
			jobRecord( 'neg-normal', { title: 'Baker', created_at: '2025-01-01T00:00:00Z' } ),
		],
		applications: [
			app( 'neg-a', 'neg-imported', '2025-01-01T00:00:00Z', [ [ 'hired', '2025-01-10T00:00:00Z' ] ] ),
			app( 'neg-b', 'neg-normal', '2025-01-02T00:00:00Z', [ [ 'hired', '2025-01-21T00:00:00Z' ] ] ),
		],
	} );
} );

test( 'the fastest fill below zero names the jobs hired before their creation', async () => {
	const figures = await blockFigures( TIME_TO_FILL );
	assert.deepEqual(
		figures.find( ( [ id ] ) => id === 'min_days' ),
		[ 'min_days', 'Fastest fill', '-50.0 days', 'Negative: hired before the job was created (Imported Welder)' ]
	);
	assert.equal( figures.find( ( [ id ] ) => id === 'max_days' )[ 3 ], null, 'the slowest fill (20 days) has no note' );
} );

test( 'without such a job there is no note', async () => {
	const figures = await blockFigures( { ...TIME_TO_FILL, dateFrom: '2025-01-15' } );
	assert.deepEqual( figures.find( ( [ id ] ) => id === 'min_days' ), [ 'min_days', 'Fastest fill', '20.0 days', null ] );
} );
