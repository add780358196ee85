// Bad input on every write route (docs/api.md#errors, docs/targets.md#targets): wrong types, missing fields, unknown ids, malformed JSON, huge and
// negative numbers, long and non-Latin strings → 400 (with data.params) or 404 with a clear message, never 500,
// no internals in the body, and nothing half-written (row counts unchanged; a write failing half-way rolls back).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, put, request, expectStatus, expectError, resetSite, siteState, site, asAdmin } from './lib/api.mjs';

const NS = '/recruiting/v1';
const NONE = 999999999;
const LEAKS = /(SELECT|INSERT|UPDATE|DELETE)\s|wp-content|wp-includes|\.php|Stack trace|#\d+ \//i;
const ids = {};

const long = ( n ) => 'x'.repeat( n );
const candidate = { name: 'Ada', email: 'ada@example.com' };

before( async () => {
	await resetSite();
	ids.job = expectStatus( await post( `${ NS }/jobs`, { title: 'Bad input job', status: 'publish' } ), 201 ).id;
	ids.draft = expectStatus( await post( `${ NS }/jobs`, { title: 'Draft job' } ), 201 ).id;
	ids.application = expectStatus( await post( `${ NS }/applications`, { job_id: ids.job, candidate } ), 201 ).id;
	ids.webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/bad', events: [ 'job.created' ] } ), 201 ).id;
	ids.key = expectStatus( await post( `${ NS }/api-keys`, { name: 'bad input', permissions: [] } ), 201 ).id;
} );

// Write routes: [method, path, invalid bodies (each must be 400), bodies answering 404]
function writeRoutes() {
	const { job, draft, application, webhook, key } = ids;
	return [
		[ 'POST', '/jobs', [ {}, { title: '' }, { title: '   ' }, { title: 123 }, { title: [ 'a' ] }, { title: null }, { title: long( 201 ) }, { title: 'ok', status: 'open' }, { title: 'ok', status: 7 }, { title: 'ok', department: {} }, { title: 'ok', description: long( 20001 ) }, { title: 'ok', location: long( 101 ) } ] ],
		[ 'PUT', `/jobs/${ job }`, [ { title: '' }, { title: 5 }, { status: 'archived' }, { employment_type: [ 1 ] }, { title: long( 1000 ) } ] ],
		[ 'PUT', `/jobs/${ NONE }`, [], [ { title: 'x' } ] ],
		[ 'DELETE', `/jobs/${ NONE }`, [], [ undefined ] ],
		[ 'POST', '/applications', [ {}, { job_id: 'abc', candidate }, { job_id: -5, candidate }, { job_id: 0, candidate }, { job_id: 1e20, candidate }, { job_id: 2.5, candidate }, { job_id: job, candidate: 'Ada' }, { job_id: job, candidate: { name: 'Ada' } }, { job_id: job, candidate: { name: '', email: 'a@example.com' } }, { job_id: job, candidate: { name: 'Ada', email: 'not-an-email' } }, { job_id: job, candidate: { name: long( 201 ), email: 'a@example.com' } }, { job_id: job, candidate: { ...candidate, phone: long( 65 ) } }, { job_id: draft, candidate } ], [ { job_id: NONE, candidate } ] ],
		[ 'PUT', `/applications/${ application }/status`, [ {}, { status: 5 }, { status: 'NEW' }, { status: [ 'screening' ] }, { status: 'screening', note: long( 5001 ) }, { note: 'only a note' } ] ],
		[ 'PUT', `/applications/${ NONE }/status`, [], [ { status: 'screening' } ] ],
		[ 'POST', `/applications/${ application }/notes`, [ {}, { content: '' }, { content: '  \n ' }, { content: long( 10001 ) }, { content: 12 }, { content: { text: 'x' } } ] ],
		[ 'POST', `/applications/${ NONE }/notes`, [], [ { content: 'x' } ] ],
		[ 'DELETE', `/notes/${ NONE }`, [], [ undefined ] ],
		[ 'PUT', `/applications/${ application }/rating`, [ {}, { score: 0 }, { score: 6 }, { score: -1 }, { score: 'five' }, { score: 2.5 }, { score: 1e308 }, { score: [ 3 ] } ] ],
		[ 'PUT', `/applications/${ NONE }/rating`, [], [ { score: 3 } ] ],
		[ 'DELETE', `/applications/${ NONE }/rating`, [], [ undefined ] ],
		[ 'POST', '/webhooks', [ {}, { url: 'javascript:alert(1)', events: [ 'job.created' ] }, { url: `http://${ long( 3000 ) }.example/`, events: [ 'job.created' ] }, { url: 5, events: [ 'job.created' ] }, { url: 'http://127.0.0.1:9/', events: 'all' }, { url: 'http://127.0.0.1:9/', events: [ 5 ] }, { url: 'http://127.0.0.1:9/', events: [ 'job.created' ], active: 'maybe' }, { url: 'http://exa mple.com/', events: [ 'job.created' ] } ] ],
		[ 'PUT', `/webhooks/${ webhook }`, [ { url: 'ftp://example.com/' }, { events: [] }, { active: 'x' }, { url: '' } ] ],
		[ 'PUT', `/webhooks/${ NONE }`, [], [ { active: false } ] ],
		[ 'DELETE', `/webhooks/${ NONE }`, [], [ undefined ] ],
		[ 'POST', `/webhooks/${ NONE }/test`, [], [ {} ] ],
		[ 'POST', `/webhooks/${ NONE }/rotate-secret`, [], [ {} ] ],
		[ 'POST', `/webhooks/${ webhook }/deliveries/${ NONE }/retry`, [], [ {} ] ],
		[ 'POST', '/api-keys', [ {}, { name: 'x', permissions: 'all' }, { name: 'x', permissions: [ 'recruiting_everything' ] }, { name: 'x', permissions: [], environment: 'prod' }, { name: 'x', permissions: [], rate_limit: -1 }, { name: 'x', permissions: [], rate_limit: 1e15 }, { name: 'x', permissions: [], expires_at: 'soon' } ] ],
		[ 'PUT', `/api-keys/${ key }`, [ { rate_limit: 'x' }, { name: '' }, { expires_at: '2000-01-01T00:00:00Z' }, { permissions: [ 'x' ] } ] ],
		[ 'PUT', `/api-keys/${ NONE }`, [], [ { name: 'x' } ] ],
		[ 'DELETE', `/api-keys/${ NONE }`, [], [ undefined ] ],
		[ 'PUT', '/settings', [ { rate_limit_per_hour: 0 }, { rate_limit_per_hour: 1e12 }, { rate_limit_per_hour: '10x' }, { rate_limit_per_hour: -3 }, { default_period: 5 }, { default_period: 'forever' }, { delete_data_on_uninstall: 'yes please' } ] ],
		[ 'POST', '/import', [ {}, { jobs: 'x' }, { applications: [ {} ] }, { jobs: [ { external_id: 5 } ] } ] ],
	];
}

const MALFORMED = [ '{', '{"title": }', 'not json', '[1,', '{"title":"x",}', '"just a string"', '[]', '123', 'null', '[{"title":"x"}]' ];

function checkError( response, label ) {
	assert.notEqual( response.status, 500, `${ label }: 500 ${ response.text.slice( 0, 300 ) }` );
	assert.ok( response.status === 400 || response.status === 404, `${ label }: expected 400/404, got ${ response.status } ${ response.text.slice( 0, 300 ) }` );
	const json = response.json;
	assert.equal( typeof json?.message, 'string', `${ label }: message` );
	assert.ok( json.message.length > 0 );
	assert.equal( json.data?.status, response.status, `${ label }: data.status` );
	assert.ok( ! LEAKS.test( response.text ), `${ label }: leaks internals: ${ response.text.slice( 0, 300 ) }` );
	if ( response.status === 400 ) {
		assert.equal( json.code, 'rest_invalid_param', `${ label }: ${ response.text.slice( 0, 300 ) }` );
		assert.ok( json.data.params && typeof json.data.params === 'object' && Object.keys( json.data.params ).length > 0, `${ label }: data.params per field: ${ response.text.slice( 0, 300 ) }` );
		for ( const message of Object.values( json.data.params ) ) {
			assert.equal( typeof message, 'string' );
		}
	} else {
		assert.ok( [ 'resource_not_found', 'rest_no_route' ].includes( json.code ), `${ label }: ${ json.code }` );
	}
}

test( 'every write route refuses invalid bodies, malformed JSON and unknown ids with 400/404 and writes nothing', async () => {
	const before = await siteState();
	let count = 0;
	const seenMethods = new Set();
	for ( const [ method, path, invalid, missing = [] ] of writeRoutes() ) {
		for ( const body of invalid ) {
			const response = await request( method, NS + path, { body } );
			checkError( response, `${ method } ${ path } ${ JSON.stringify( body ).slice( 0, 80 ) }` );
			assert.equal( response.status, 400, `${ method } ${ path } ${ JSON.stringify( body ).slice( 0, 80 ) }: ${ response.text.slice( 0, 200 ) }` );
			count++;
		}
		for ( const body of missing ) {
			const response = await request( method, NS + path, { body } );
			expectError( response, 404, 'resource_not_found' );
			checkError( response, `${ method } ${ path }` );
			count++;
		}
		if ( method !== 'DELETE' ) {
			// Every malformed body on the first route of each method, two of them elsewhere (Playground: ~1 s a request).
			const bodies = seenMethods.has( method ) ? [ MALFORMED[ 0 ], MALFORMED[ 5 ] ] : MALFORMED;
			seenMethods.add( method );
			for ( const raw of bodies ) {
				const response = await request( method, NS + path, { body: raw } );
				checkError( response, `${ method } ${ path } malformed ${ raw }` );
				if ( ! path.includes( String( NONE ) ) ) {
					assert.equal( response.status, 400, `${ method } ${ path } ${ raw }` );
					assert.ok( response.json.data.params.body || Object.keys( response.json.data.params ).length, raw );
				}
				count++;
			}
		}
	}
	const after = await siteState();
	assert.deepEqual( after.tables, before.tables, 'no row was written' );
	assert.equal( after.jobs, before.jobs );
	assert.ok( count > 150, `${ count } bad requests` );
} );

test( 'ids that are not ids, huge ids and bad query parameters', async () => {
	for ( const path of [ '/jobs/abc', '/jobs/-1', '/applications/1.5', '/notes/0x10', '/api-keys/%00', '/webhooks/1;DROP' ] ) {
		const response = await get( NS + path );
		expectError( response, 404, 'rest_no_route' );
	}
	for ( const path of [ '/jobs/99999999999999999999999999', '/applications/18446744073709551616', '/webhooks/0', '/api-keys/00000' ] ) {
		expectError( await get( NS + path ), 404, 'resource_not_found' );
	}
	for ( const query of [ { per_page: 0 }, { per_page: 101 }, { per_page: 'ten' }, { page: 0 }, { page: -1 }, { page: 1e12 }, { status: 'hired,fired' }, { job_id: 'x' }, { job_id: -1 }, { applied_after: 'yesterday' }, { applied_before: '2025-02-30T00:00:00Z' }, { search: long( 201 ) }, { orderby: 'candidate_email; DROP TABLE' }, { order: 'sideways' } ] ) {
		const response = await get( `${ NS }/applications`, { query } );
		checkError( response, JSON.stringify( query ) );
		assert.equal( response.status, 400, JSON.stringify( query ) );
	}
	for ( const query of [ { search: '%' }, { search: '_' }, { search: "' OR 1=1 --" }, { search: '日本語' }, { search: '\\' } ] ) {
		expectStatus( await get( `${ NS }/applications`, { query } ), 200 );
		expectStatus( await get( `${ NS }/jobs`, { query } ), 200 );
	}
} );

test( 'strings that are not valid UTF-8 are refused; non-Latin text round-trips', async () => {
	const raw = Buffer.concat( [ Buffer.from( '{"title":"' ), Buffer.from( [ 0xc3, 0x28, 0xff ] ), Buffer.from( '"}' ) ] );
	const response = await fetch( `${ site.url }/wp-json${ NS }/jobs`, { method: 'POST', headers: { ...asAdmin(), 'Content-Type': 'application/json' }, body: raw } );
	const json = await response.json();
	assert.equal( response.status, 400, JSON.stringify( json ) );
	assert.equal( json.code, 'rest_invalid_param' );
	// In a query string: 400 where the bytes reach PHP as sent (native); Playground's HTTP layer turns them into
	// U+FFFD before PHP sees them, and the search then simply runs. Never a 500 or a warning.
	const query = await fetch( `${ site.url }/wp-json${ NS }/applications?search=%C3%28%FF`, { headers: asAdmin() } );
	assert.ok( [ 200, 400 ].includes( query.status ), await query.clone().text() );
	if ( query.status === 400 ) {
		assert.equal( ( await query.json() ).code, 'rest_invalid_param' );
	}

	const title = '看護師 — Ärztin (m/w/d) 🩺 مُمرِّضة';
	const job = expectStatus( await post( `${ NS }/jobs`, { title, department: 'Отделение', status: 'publish' } ), 201 );
	assert.equal( job.title, title );
	assert.equal( expectStatus( await get( `${ NS }/jobs/${ job.id }` ), 200 ).department, 'Отделение' );
	const application = expectStatus( await post( `${ NS }/applications`, { job_id: job.id, candidate: { name: 'Zoë Ñúñez 王芳', email: 'zoe@example.com' } } ), 201 );
	assert.equal( application.candidate.name, 'Zoë Ñúñez 王芳' );
	const note = expectStatus( await post( `${ NS }/applications/${ application.id }/notes`, { content: '🙂'.repeat( 2500 ) } ), 201 );
	assert.equal( note.content, '🙂'.repeat( 2500 ) );
	const status = expectStatus( await put( `${ NS }/applications/${ application.id }/status`, { status: 'screening', note: 'עברית' } ), 200 );
	assert.equal( status.history.at( -1 ).note, 'עברית' );
	const maxTitle = 'ж'.repeat( 200 );
	assert.equal( expectStatus( await post( `${ NS }/jobs`, { title: maxTitle } ), 201 ).title, maxTitle );
} );

test( 'a write that fails half-way leaves nothing behind (transaction) and answers a plain 500', async () => {
	const before = await siteState();
	const app = expectStatus( await get( `${ NS }/applications/${ ids.application }` ), 200 );
	try {
		expectStatus( await post( '/recruiting-test/v1/fail-sql', { table: 'status_history' } ), 200 );
		const created = await post( `${ NS }/applications`, { job_id: ids.job, candidate: { name: 'Half', email: 'half@example.com' } } );
		const error = expectError( created, 500, 'internal_error' );
		assert.ok( ! LEAKS.test( created.text ), created.text );
		assert.ok( ! /recruiting_test_injected_failure|database/i.test( error.message ) );
		expectError( await put( `${ NS }/applications/${ ids.application }/status`, { status: 'offer' } ), 500, 'internal_error' );
	} finally {
		expectStatus( await post( '/recruiting-test/v1/fail-sql', { table: '' } ), 200 );
	}
	const after = await siteState();
	assert.deepEqual( after.tables, before.tables, 'the application row and the status update were rolled back' );
	const unchanged = expectStatus( await get( `${ NS }/applications/${ ids.application }` ), 200 );
	assert.equal( unchanged.status, app.status );
	assert.deepEqual( unchanged.history, app.history );

	// A webhook delivery that cannot be queued undoes the change it belongs to.
	const hook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/x', events: [ 'application.status_changed' ] } ), 201 );
	try {
		expectStatus( await post( '/recruiting-test/v1/fail-sql', { table: 'webhook_deliveries' } ), 200 );
		expectError( await put( `${ NS }/applications/${ ids.application }/status`, { status: 'offer' } ), 500, 'internal_error' );
	} finally {
		expectStatus( await post( '/recruiting-test/v1/fail-sql', { table: '' } ), 200 );
	}
	assert.equal( expectStatus( await get( `${ NS }/applications/${ ids.application }` ), 200 ).status, app.status );
	expectStatus( await put( `${ NS }/applications/${ ids.application }/status`, { status: 'offer' } ), 200 );
	const queued = expectStatus( await get( `${ NS }/webhooks/${ hook.id }/deliveries` ), 200 );
	assert.equal( queued.length, 1 );
} );
