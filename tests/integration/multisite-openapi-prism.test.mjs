// openapi.json on a multisite network (docs/multisite.md): the network routes, registered on networks only, are in the
// document the network serves, and Stoplight Prism (lib/prism.mjs) finds no violation in any of their answers — the
// sites list, keys and webhooks paged, every report of the registry (JSON, compare, a preset, CSV, 400), revoking a
// key and deleting a webhook (and their 404s), the batched upgrade, 403 for a site's administrator and 401 for a wrong
// password — and the crawl reaches every network operation of the document (openapi-prism.test.mjs crawls the rest on
// the runner's single site).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { basicAuth, expectStatus } from './lib/api.mjs';
import { application, iso, job } from './lib/fixtures.mjs';
import { skipWithoutNetwork, startNetwork } from './lib/network.mjs';
import { startPrism, stopPrism } from './lib/prism.mjs';
import { freePort } from '../../scripts/lib/site-common.mjs';

const TIMEOUT = 180_000;
const NS = '/recruiting/v1';
const MISSING = 987654321;

let network;
let doc;
let prism;
let prismUrl;
let prismLog = '';
let tmp;
const sent = [];

async function call( method, apiPath, status, { query, auth = network.auth, body } = {} ) {
	const url = new URL( prismUrl + apiPath );
	for ( const [ key, value ] of Object.entries( query || {} ) ) {
		url.searchParams.set( key, String( value ) );
	}
	const headers = { Accept: 'application/json', ...auth };
	if ( undefined !== body ) {
		headers[ 'Content-Type' ] = 'application/json';
	}
	const response = await fetch( url, { method, headers, body: undefined === body ? undefined : JSON.stringify( body ) } );
	const text = await response.text();
	sent.push( { method, path: apiPath, query, status: response.status, expected: status, violations: response.headers.get( 'sl-violations' ), text } );
	try {
		return JSON.parse( text );
	} catch {
		return text;
	}
}

describe( 'openapi.json on a network: the network routes through Prism', { skip: skipWithoutNetwork }, () => {
	before( async () => {
		network = await startNetwork();
		const north = await network.createSite( 'north', { timezone: 'Pacific/Auckland' } );
		await network.createSite( 'south', { timezone: 'America/Los_Angeles' } );
		const now = Date.now();
		for ( const slug of [ 'north', 'south' ] ) {
			expectStatus( await network.siteRequest( slug, 'POST', `${ NS }/import`, { body: {
				jobs: [ job( `${ slug }-job`, { created_at: iso( now - 90 * 86_400_000 ) } ) ],
				applications: [ 0, 1, 2 ].map( ( i ) => application( `${ slug }-${ i }`, `${ slug }-job`, {
					applied_at: iso( now - ( 40 + i ) * 86_400_000 ),
					source: 'linkedin',
					history: [ { status: 'screening', at: iso( now - 30 * 86_400_000 ) }, ...( i ? [ { status: i > 1 ? 'hired' : 'rejected', at: iso( now - 20 * 86_400_000 ) } ] : [] ) ],
				} ) ),
			} } ), 200 );
			expectStatus( await network.siteRequest( slug, 'POST', `${ NS }/api-keys`, { body: { name: `${ slug } key`, permissions: [ 'recruiting_read_jobs' ] } } ), 201 );
		}
		await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ north }, static fn() => RecruitingReports\\Data\\WebhookRepository::create( 'https://hooks.example.com/north', array( 'application.created' ), true, get_current_user_id() ) )` );
		doc = expectStatus( await network.siteRequest( '', 'GET', `${ NS }/openapi.json`, { auth: {} } ), 200 );
		tmp = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-prism-network-' ) );
		const file = path.join( tmp, 'openapi.json' );
		fs.writeFileSync( file, JSON.stringify( doc ) );
		const port = await freePort();
		prism = await startPrism( file, `${ network.url }/wp-json${ NS }`, port, ( text ) => ( prismLog += text ) );
		prismUrl = `http://127.0.0.1:${ port }`;
	}, { timeout: TIMEOUT } );

	after( async () => {
		await stopPrism( prism );
		if ( tmp ) {
			fs.rmSync( tmp, { recursive: true, force: true } );
		}
		await network?.stop();
	} );

	test( 'every network route, method, status and error: 0 violations', { timeout: TIMEOUT }, async () => {
		const siteAdmin = await network.phpValue( `( function () {
			$id = wp_insert_user( array( 'user_login' => 'prism-admin', 'user_pass' => 'pw-prism-admin', 'user_email' => 'prism-admin@example.com' ) );
			add_user_to_blog( 2, $id, 'administrator' );
			return WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'tests' ) )[0];
		} )()` );
		const forbidden = { auth: basicAuth( 'prism-admin', siteAdmin ) };
		for ( const list of [ '/network/sites', '/network/api-keys', '/network/webhooks' ] ) {
			await call( 'GET', list, 200 );
			await call( 'GET', list, 200, { query: { page: 2, per_page: 1 } } );
			await call( 'GET', list, 200, { query: { page: 1000 } } );
			await call( 'GET', list, 400, { query: { per_page: 1000 } } );
			await call( 'GET', list, 403, forbidden );
			await call( 'GET', list, 401, { auth: basicAuth( network.adminUser, 'wrong password' ) } );
		}
		await call( 'GET', '/network/sites', 200, { query: { period: 'last_30_days' } } );
		const reports = Object.keys( doc.paths ).filter( ( p ) => p.startsWith( '/network/reports/' ) );
		assert.ok( reports.length >= 9, reports.join() );
		for ( const report of reports ) {
			await call( 'GET', report, 200 );
			await call( 'GET', report, 200, { query: { compare: 'previous_period' } } );
			await call( 'GET', report, 200, { query: { period: 'year_to_date', compare: 'previous_year' } } );
			await call( 'GET', report, 200, { query: { by_job: true, by_site: 'full' } } );
			// Without a section the 400 names the report's sections; the first one as CSV.
			const refused = await call( 'GET', report, 400, { query: { format: 'csv' } } );
			await call( 'GET', report, 200, { query: { format: 'csv', section: refused.message.match( /one of: ([^,.]+)/ )[ 1 ] } } );
			await call( 'GET', report, 400, { query: { date_from: '2026-02-30' } } );
			await call( 'GET', report, 403, forbidden );
		}
		const keys = await call( 'GET', '/network/api-keys', 200, { query: { per_page: 100 } } );
		const hooks = await call( 'GET', '/network/webhooks', 200 );
		await call( 'DELETE', `/network/sites/${ keys[ 0 ].site.id }/api-keys/${ keys[ 0 ].id }`, 200 );
		await call( 'DELETE', `/network/sites/${ keys[ 0 ].site.id }/api-keys/${ MISSING }`, 404 );
		await call( 'DELETE', `/network/sites/${ MISSING }/api-keys/1`, 404 );
		await call( 'DELETE', `/network/sites/${ hooks[ 0 ].site.id }/webhooks/${ hooks[ 0 ].id }`, 200 );
		await call( 'DELETE', `/network/sites/${ hooks[ 0 ].site.id }/webhooks/${ hooks[ 0 ].id }`, 404 );
		await call( 'DELETE', `/network/sites/${ hooks[ 0 ].site.id }/webhooks/1`, 403, forbidden );
		await call( 'POST', '/network/upgrade', 200, { body: { after: 0 } } );
		await call( 'POST', '/network/upgrade', 403, { ...forbidden, body: {} } );

		const unexpected = sent.filter( ( answer ) => answer.status !== answer.expected );
		assert.deepEqual( unexpected.map( ( answer ) => `${ answer.method } ${ answer.path } ${ JSON.stringify( answer.query ?? {} ) } → ${ answer.status }, not ${ answer.expected }: ${ answer.text.slice( 0, 600 ) }` ), [] );
		const violations = sent.filter( ( answer ) => answer.violations );
		assert.deepEqual( violations.map( ( answer ) => `${ answer.method } ${ answer.path } ${ JSON.stringify( answer.query ?? {} ) } → ${ answer.status }: ${ answer.violations }` ), [], `${ violations.length } of ${ sent.length } answers violate openapi.json` );
		assert.doesNotMatch( prismLog, /Violation:/ );
	} );

	test( 'the crawl reached every network operation of the document', () => {
		const template = ( p ) => p.replace( /^\/network\/sites\/\d+\//, '/network/sites/{site_id}/' ).replace( /\/\d+$/, '/{id}' );
		const reached = new Set( sent.map( ( answer ) => `${ answer.method } ${ template( answer.path ) }` ) );
		const operations = Object.entries( doc.paths ).filter( ( [ p ] ) => p.startsWith( '/network/' ) ).flatMap( ( [ p, item ] ) => Object.keys( item ).map( ( method ) => `${ method.toUpperCase() } ${ p }` ) );
		assert.ok( operations.length >= 15, operations.join() );
		assert.deepEqual( operations.filter( ( operation ) => ! reached.has( operation ) ), [] );
	} );
} );
