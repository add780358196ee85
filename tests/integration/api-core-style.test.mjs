// The controllers behave like WordPress core's (issue #9): one way out for items (additional fields, context,
// links, the recruiting_reports_rest_prepare_{type} filter) on get, list, create, update and delete; `_embed`
// between resources (also for API-key clients); `_fields`; Link headers; each permission check run once.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, put, del, request, expectStatus, expectError, resetSite } from './lib/api.mjs';
import { makeKey, keyHeader } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const HOOKS = { 'X-Recruiting-Test-Hooks': '1' };
let job;
let application;
let note;

before( async () => {
	await resetSite();
	job = expectStatus( await post( `${ NS }/jobs`, { title: 'Ward Clerk', status: 'publish' } ), 201 );
	application = expectStatus( await post( `${ NS }/applications`, { job_id: job.id, candidate: { name: 'Grace Hopper', email: 'grace@example.com' } } ), 201 );
	note = expectStatus( await post( `${ NS }/applications/${ application.id }/notes`, { content: 'Strong on COBOL.' } ), 201 );
} );

test( 'context: candidate data in view and edit, never in embed; the schema lists the contexts', async () => {
	const view = expectStatus( await get( `${ NS }/applications/${ application.id }` ), 200 );
	assert.equal( view.candidate.email, 'grace@example.com' );
	assert.ok( Array.isArray( view.history ) );
	const edit = expectStatus( await get( `${ NS }/applications/${ application.id }`, { query: { context: 'edit' } } ), 200 );
	assert.equal( edit.candidate.name, 'Grace Hopper' );
	const embed = expectStatus( await get( `${ NS }/applications/${ application.id }`, { query: { context: 'embed' } } ), 200 );
	assert.equal( embed.id, application.id );
	assert.equal( embed.job_title, 'Ward Clerk' );
	for ( const personal of [ 'candidate', 'external_id', 'history', 'rating', 'allowed_transitions' ] ) {
		assert.ok( ! ( personal in embed ), `${ personal } is not in the embed context` );
	}
	const list = expectStatus( await get( `${ NS }/applications`, { query: { context: 'embed' } } ), 200 );
	assert.ok( list.length === 1 && ! ( 'candidate' in list[ 0 ] ) );
	expectError( await get( `${ NS }/applications`, { query: { context: 'everything' } } ), 400, 'rest_invalid_param' );

	const options = expectStatus( await fetchOptions( `${ NS }/applications/${ application.id }` ), 200 );
	assert.deepEqual( options.schema.properties.candidate.context, [ 'view', 'edit' ] );
	assert.deepEqual( options.schema.properties.job_title.context, [ 'view', 'edit', 'embed' ] );
	assert.deepEqual( [ ...options.endpoints[ 0 ].args.context.enum ].sort(), [ 'edit', 'embed', 'view' ] );
} );

test( 'context=edit needs the write permission, as in core', async () => {
	const reader = await makeKey( { permissions: [ 'recruiting_read_jobs' ] } );
	expectStatus( await get( `${ NS }/jobs/${ job.id }`, { auth: keyHeader( reader.key ) } ), 200 );
	expectError( await get( `${ NS }/jobs/${ job.id }`, { auth: keyHeader( reader.key ), query: { context: 'edit' } } ), 403, 'insufficient_permissions' );
	const writer = await makeKey( { permissions: [ 'recruiting_read_jobs', 'recruiting_write_jobs' ] } );
	expectStatus( await get( `${ NS }/jobs/${ job.id }`, { auth: keyHeader( writer.key ), query: { context: 'edit' } } ), 200 );
} );

test( '_links: application ↔ job, note → application, delivery → webhook; _embed follows the embeddable ones', async () => {
	const app = expectStatus( await get( `${ NS }/applications/${ application.id }` ), 200 );
	assert.match( app._links.self[ 0 ].href, new RegExp( `/recruiting/v1/applications/${ application.id }$` ) );
	assert.match( app._links.job[ 0 ].href, new RegExp( `/recruiting/v1/jobs/${ job.id }$` ) );
	assert.equal( app._links.job[ 0 ].embeddable, true );

	const embedded = expectStatus( await get( `${ NS }/applications/${ application.id }`, { query: { _embed: 'job,notes' } } ), 200 );
	assert.equal( embedded._embedded.job[ 0 ].title, 'Ward Clerk' );
	assert.ok( ! ( 'application_counts' in embedded._embedded.job[ 0 ] ), 'the costly counts are not embedded' );
	assert.equal( embedded._embedded.notes[ 0 ][ 0 ].content, 'Strong on COBOL.' );

	const jobView = expectStatus( await get( `${ NS }/jobs/${ job.id }`, { query: { _embed: 'applications' } } ), 200 );
	assert.equal( jobView._embedded.applications[ 0 ][ 0 ].id, application.id );
	assert.ok( ! ( 'candidate' in jobView._embedded.applications[ 0 ][ 0 ] ), 'embedded applications hold no personal data' );

	const noteView = expectStatus( await get( `${ NS }/notes/${ note.id }`, { query: { _embed: '1' } } ), 200 );
	assert.equal( noteView._embedded.application[ 0 ].id, application.id );
	assert.ok( ! ( 'candidate' in noteView._embedded.application[ 0 ] ) );

	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/hook', events: [ 'job.created' ] } ), 201 );
	expectStatus( await post( `${ NS }/webhooks/${ webhook.id }/test`, {} ), 202 );
	const deliveries = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { query: { _embed: 'webhook' } } ), 200 );
	assert.equal( deliveries[ 0 ]._embedded.webhook[ 0 ].id, webhook.id );
	assert.ok( ! ( 'secret' in deliveries[ 0 ]._embedded.webhook[ 0 ] ) );
} );

test( '_embed works for an API-key client (the embedded request acts with the same key)', async () => {
	const key = await makeKey( { permissions: [ 'recruiting_read_jobs', 'recruiting_read_applications' ] } );
	const response = expectStatus( await get( `${ NS }/applications/${ application.id }`, { auth: keyHeader( key.key ), query: { _embed: 'job' } } ), 200 );
	assert.equal( response._embedded.job[ 0 ].id, job.id );
	const jobsOnly = await makeKey( { permissions: [ 'recruiting_read_applications' ] } );
	const refused = expectStatus( await get( `${ NS }/applications/${ application.id }`, { auth: keyHeader( jobsOnly.key ), query: { _embed: 'job' } } ), 200 );
	assert.equal( refused._embedded.job[ 0 ].code, 'insufficient_permissions', 'the key\'s permissions still apply to embedded resources' );
} );

test( '_fields limits the response', async () => {
	const jobs = expectStatus( await get( `${ NS }/jobs`, { query: { _fields: 'id,title' } } ), 200 );
	assert.deepEqual( jobs, [ { id: job.id, title: 'Ward Clerk' } ] );
	const app = expectStatus( await get( `${ NS }/applications/${ application.id }`, { query: { _fields: 'id,status' } } ), 200 );
	assert.deepEqual( app, { id: application.id, status: 'new' } );
} );

test( 'register_rest_field() fields show in OPTIONS and in every response; the prepare filter runs on every way out', async () => {
	const options = expectStatus( await fetchOptions( `${ NS }/jobs`, HOOKS ), 200 );
	assert.equal( options.schema.properties.test_badge.type, 'string' );

	const created = await post( `${ NS }/jobs`, { title: 'Porter' }, { headers: HOOKS } );
	assert.equal( expectStatus( created, 201 ).test_badge, `badge-${ created.json.id }` );
	assert.equal( created.headers.get( 'x-test-prepared' ), 'job:POST' );
	const updated = await put( `${ NS }/jobs/${ created.json.id }`, { title: 'Head Porter' }, { headers: HOOKS } );
	assert.equal( expectStatus( updated, 200 ).test_badge, `badge-${ created.json.id }` );
	assert.equal( updated.headers.get( 'x-test-prepared' ), 'job:PUT' );
	const list = await get( `${ NS }/jobs`, { headers: HOOKS } );
	assert.ok( expectStatus( list, 200 ).every( ( item ) => item.test_badge === `badge-${ item.id }` ) );
	assert.equal( list.headers.get( 'x-test-prepared' ), null, 'a list answers with the collection, not an item response' );
	const deleted = await del( `${ NS }/jobs/${ created.json.id }`, { headers: HOOKS } );
	assert.equal( expectStatus( deleted, 200 ).previous.test_badge, `badge-${ created.json.id }` );

	for ( const [ path, type ] of [
		[ `${ NS }/applications/${ application.id }`, 'application' ],
		[ `${ NS }/notes/${ note.id }`, 'note' ],
		[ `${ NS }/applications/${ application.id }/rating`, 'rating' ],
		[ `${ NS }/settings`, 'settings' ],
	] ) {
		const response = await get( path, { headers: HOOKS } );
		expectStatus( response, 200 );
		assert.equal( response.headers.get( 'x-test-prepared' ), `${ type }:GET`, path );
	}
	const plain = await get( `${ NS }/jobs/${ job.id }` );
	assert.ok( ! ( 'test_badge' in plain.json ), 'without the test hooks nothing is added' );
} );

test( 'each permission check runs once per request', async () => {
	for ( const path of [ `${ NS }/jobs`, `${ NS }/jobs/${ job.id }`, `${ NS }/reports/overview`, `${ NS }/applications` ] ) {
		const response = await get( path, { headers: HOOKS } );
		expectStatus( response, 200 );
		assert.equal( response.headers.get( 'x-test-capability-checks' ), '1', path );
	}
	const created = await post( `${ NS }/jobs`, { title: 'Cook' }, { headers: HOOKS } );
	expectStatus( created, 201 );
	assert.equal( created.headers.get( 'x-test-capability-checks' ), '1' );
} );

test( 'pagination: X-WP-Total, X-WP-TotalPages and a Link header with prev/next (never the api_key)', async () => {
	for ( let i = 0; i < 4; i++ ) {
		expectStatus( await post( `${ NS }/jobs`, { title: `Extra ${ i }` } ), 201 );
	}
	const key = await makeKey( { permissions: [ 'recruiting_read_jobs' ] } );
	const page = await get( `${ NS }/jobs`, { auth: {}, query: { per_page: 2, page: 2, api_key: key.key } } );
	expectStatus( page, 200 );
	const total = Number( page.headers.get( 'x-wp-total' ) );
	assert.ok( total >= 5 );
	assert.equal( page.headers.get( 'x-wp-totalpages' ), String( Math.ceil( total / 2 ) ) );
	const link = page.headers.get( 'link' );
	assert.match( link, /[?&]page=1[^>]*>; rel="prev"/ );
	assert.match( link, /[?&]page=3[^>]*>; rel="next"/ );
	assert.ok( ! link.includes( key.key ) && ! link.includes( 'api_key' ) );
} );

/** OPTIONS on a route (the schema and the endpoints' arguments). */
function fetchOptions( path, headers = {} ) {
	return request( 'OPTIONS', path, { headers } );
}
