// docs/adding-a-report.md's example, installed exactly as the doc shows it (its PHP code block, written into the
// site's wp-content/mu-plugins/) and removed afterwards: with no other change, the report answers under
// /recruiting/v1/reports/, is in OPTIONS and openapi.json, in CSV, in WP-CLI (when RR_WP_CLI is given), and is a
// block variation the block renders. The Reports page's section is tests/e2e/adding-a-report.test.mjs.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
	DOC_EXAMPLE_DATA,
	installDocExample,
	removeDocExample,
} from '../support/doc-example.mjs';
import { expectStatus, get, request, resetSite } from './lib/api.mjs';
import { importData } from './lib/reports.mjs';
import { skipWithoutWpCli, wp } from './lib/wp-cli.mjs';

const NS = '/recruiting/v1';
const QUERY = { date_from: '2025-01-01', date_to: '2025-01-31' };

before( async () => {
	await resetSite();
	await installDocExample();
	await importData( DOC_EXAMPLE_DATA );
} );

after( removeDocExample );

test( 'the route answers with the period and the fields run() returns, compared too', async () => {
	const report = expectStatus(
		await get( `${ NS }/reports/withdrawals`, { query: QUERY } ),
		200
	);
	assert.deepEqual( report, {
		period: { from: '2025-01-01', to: '2025-01-31' },
		totals: { applications: 3, withdrawn: 1, rejected: 1 },
	} );
	const compared = expectStatus(
		await get( `${ NS }/reports/withdrawals`, {
			query: {
				date_from: '2024-12-01',
				date_to: '2024-12-31',
				compare: 'previous_period',
			},
		} ),
		200
	);
	assert.deepEqual( compared.totals, {
		applications: 1,
		withdrawn: 1,
		rejected: 0,
	} );
	assert.deepEqual( compared.comparison.period, {
		from: '2024-10-31',
		to: '2024-11-30',
	} );
	assert.equal(
		(
			await get( `${ NS }/reports/withdrawals`, {
				query: { job_id: 999999 },
			} )
		).status,
		404
	);
	assert.equal(
		( await get( `${ NS }/reports/withdrawals`, { auth: {} } ) ).status,
		401
	);
} );

test( 'OPTIONS and openapi.json describe it from its schema', async () => {
	const options = expectStatus(
		await request( 'OPTIONS', `${ NS }/reports/withdrawals` ),
		200
	);
	assert.deepEqual( Object.keys( options.schema.properties ), [
		'period',
		'totals',
		'comparison',
	] );
	assert.deepEqual(
		Object.keys( options.schema.properties.totals.properties ),
		[ 'applications', 'withdrawn', 'rejected' ]
	);
	const doc = expectStatus(
		await get( `${ NS }/openapi.json`, { auth: {} } ),
		200
	);
	assert.ok(
		doc.paths[ '/reports/withdrawals' ]?.get,
		'the route is in the document'
	);
	assert.ok(
		JSON.stringify( doc ).includes( 'Of those, now withdrawn.' ),
		'with the schema of its fields'
	);
} );

test( 'CSV: its section of figures', async () => {
	const response = await get( `${ NS }/reports/withdrawals`, {
		query: { ...QUERY, format: 'csv', section: 'totals' },
	} );
	assert.equal( response.status, 200, response.text );
	assert.match( response.headers.get( 'content-type' ), /^text\/csv/ );
	const [ header, row ] = response.text
		.replace( /^\uFEFF/, '' )
		.trim()
		.split( /\r?\n/ );
	const fields = Object.fromEntries(
		header
			.split( ',' )
			.map( ( name, i ) => [ name, row.split( ',' )[ i ] ] )
	);
	assert.deepEqual(
		fields,
		{ period: 'current', applications: '3', withdrawn: '1', rejected: '1' },
		`${ header }\n${ row }`
	);
} );

test( 'a block variation, rendered with its title, headline figures and chart', async () => {
	const type = expectStatus(
		await get( '/wp/v2/block-types/recruiting-reports/report' ),
		200
	);
	const variation = type.variations.find(
		( one ) => one.name === 'withdrawals'
	);
	assert.equal( variation?.title, 'Withdrawals' );
	assert.deepEqual( variation.attributes, {
		report: 'withdrawals',
		sections: [ 'figures', 'totals' ],
	} );
	assert.ok( type.attributes.report.enum.includes( 'withdrawals' ) );
	const query = {
		context: 'edit',
		'attributes[report]': 'withdrawals',
		'attributes[period]': 'custom',
		'attributes[dateFrom]': QUERY.date_from,
		'attributes[dateTo]': QUERY.date_to,
	};
	const html = expectStatus(
		await get( '/wp/v2/block-renderer/recruiting-reports/report', {
			query,
		} ),
		200
	).rendered;
	assert.match( html, />Withdrawals</ );
	const figures = [
		...html.matchAll(
			/data-figure="([^"]+)"[\s\S]*?rr-figure__label">([^<]*)<[\s\S]*?rr-figure__value"[^>]*>([^<]*)</g
		),
	].map( ( m ) => [ m[ 1 ], m[ 2 ], m[ 3 ] ] );
	assert.deepEqual( figures, [
		[ 'applications', 'Applications', '3' ],
		[ 'withdrawn', 'Withdrawn', '1' ],
		[ 'withdrawal_rate', 'Withdrawal rate', '33.33%' ],
		[ 'rejected', 'Rejected', '1' ],
	] );
	// The declared chart: its data table holds a row per declared key, with the report's counts.
	const table =
		/<table[^>]*data-chart-table="totals"[\s\S]*?<\/table>/.exec(
			html
		)?.[ 0 ] ?? '';
	assert.match( table, />Withdrawn or rejected since</ );
	const rows = [
		...table.matchAll(
			/<tr><th scope="row">([^<]*)<\/th><td[^>]*>([^<]*)</g
		),
	].map( ( m ) => [ m[ 1 ], m[ 2 ] ] );
	assert.deepEqual( rows, [
		[ 'Withdrawn', '1' ],
		[ 'Rejected', '1' ],
	] );
} );

test(
	'wp recruiting report withdrawals prints the REST answer',
	{ skip: skipWithoutWpCli },
	async () => {
		const result = await wp( [
			'recruiting',
			'report',
			'withdrawals',
			`--date_from=${ QUERY.date_from }`,
			`--date_to=${ QUERY.date_to }`,
			'--format=json',
		] );
		assert.equal( result.code, 0, result.stderr );
		assert.deepEqual( JSON.parse( result.stdout ).totals, {
			applications: 3,
			withdrawn: 1,
			rejected: 1,
		} );
	}
);
