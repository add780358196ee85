// Webhooks (docs/api.md#resources): a receiver in this process on 127.0.0.1 verifies signatures; deliveries are queued in the
// request that makes the change and sent only when the cron queue runs; a receiver that is down gets every event
// once it is back; every attempt is logged; private targets are refused in strict (non-local) mode.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { get, post, put, del, expectStatus, expectError, resetSite } from './lib/api.mjs';
import { php } from './lib/credentials.mjs';
import { receiver } from './lib/receiver.mjs';

const NS = '/recruiting/v1';

const hook = receiver();
let webhook;
let secret;

const runCron = async () => expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );
const advance = async ( seconds ) => expectStatus( await post( '/recruiting-test/v1/advance', { seconds } ), 200 );
const deliveries = async ( id = webhook.id, query = {} ) => expectStatus( await get( `${ NS }/webhooks/${ id }/deliveries`, { query: { per_page: 100, ...query } } ), 200 );

function verify( request, key ) {
	const timestamp = request.headers[ 'x-recruiting-timestamp' ];
	const expected = 'sha256=' + crypto.createHmac( 'sha256', key ).update( `${ timestamp }.${ request.body }` ).digest( 'hex' );
	return crypto.timingSafeEqual( Buffer.from( expected ), Buffer.from( request.headers[ 'x-recruiting-signature' ] || '' ) );
}

before( async () => {
	await resetSite();
	await hook.start();
} );

after( async () => {
	if ( hook.state.server?.listening ) await hook.stop();
} );

test( 'creating a webhook returns the secret once; lists and reads never show it; the secret is encrypted at rest', async () => {
	const created = expectStatus( await post( `${ NS }/webhooks`, { url: hook.url, events: [ 'job.created', 'job.updated', 'job.deleted', 'application.created', 'application.status_changed' ] } ), 201 );
	assert.match( created.secret, /^whsec_[A-Za-z0-9_-]{43}$/ );
	assert.equal( created.active, true );
	webhook = created;
	secret = created.secret;
	const listed = expectStatus( await get( `${ NS }/webhooks` ), 200 );
	assert.equal( listed.length, 1 );
	assert.equal( listed[ 0 ].secret, undefined );
	assert.equal( expectStatus( await get( `${ NS }/webhooks/${ webhook.id }` ), 200 ).secret, undefined );
	const search = expectStatus( await post( '/recruiting-test/v1/db-search', { needle: secret.slice( 6 ) } ), 200 );
	assert.deepEqual( search.found, [], 'the secret is stored encrypted' );
	for ( const body of [ {}, { url: hook.url }, { url: hook.url, events: [] }, { url: hook.url, events: [ 'job.exploded' ] }, { url: 'ftp://example.com/x', events: [ 'job.created' ] }, { url: 'not a url', events: [ 'job.created' ] }, { url: hook.url, events: 'job.created,nope' } ] ) {
		expectError( await post( `${ NS }/webhooks`, body ), 400, 'rest_invalid_param' );
	}
} );

test( 'an event is queued in the request and delivered only by the cron queue, signed with a timestamp', async () => {
	const job = expectStatus( await post( `${ NS }/jobs`, { title: 'Webhook Nurse', status: 'publish' } ), 201 );
	assert.equal( hook.state.requests.length, 0, 'nothing is sent inside the user\'s request' );
	let list = await deliveries();
	assert.equal( list.length, 1 );
	assert.equal( list[ 0 ].status, 'pending' );
	assert.equal( list[ 0 ].event, 'job.created' );
	assert.deepEqual( list[ 0 ].attempt_log, [] );

	await runCron();
	assert.equal( hook.state.requests.length, 1 );
	const [ received ] = hook.state.requests;
	assert.ok( verify( received, secret ), 'signature over "timestamp.body" verifies' );
	assert.ok( Math.abs( Number( received.headers[ 'x-recruiting-timestamp' ] ) - Date.now() / 1000 ) < 300 );
	assert.equal( received.headers[ 'x-recruiting-event' ], 'job.created' );
	assert.equal( received.headers[ 'content-type' ], 'application/json; charset=utf-8' );
	const body = JSON.parse( received.body );
	assert.equal( body.event, 'job.created' );
	assert.equal( body.id, received.headers[ 'x-recruiting-delivery' ] );
	assert.equal( body.data.job.id, job.id );
	assert.equal( body.data.job.title, 'Webhook Nurse' );
	assert.ok( ! verify( { ...received, body: received.body + ' ' }, secret ), 'a changed body does not verify' );

	list = await deliveries();
	assert.equal( list[ 0 ].status, 'delivered' );
	assert.equal( list[ 0 ].attempts, 1 );
	assert.equal( list[ 0 ].last_response_code, 200 );
	assert.equal( list[ 0 ].attempt_log.length, 1 );
	assert.equal( list[ 0 ].attempt_log[ 0 ].response_code, 200 );
	assert.equal( list[ 0 ].delivery_id, body.id );
} );

test( 'receiver down: deliveries are retried with backoff, every attempt is logged, all arrive once it is back', async () => {
	hook.state.requests = [];
	await hook.stop();
	const job = expectStatus( await post( `${ NS }/jobs`, { title: 'Porter', status: 'publish' } ), 201 );
	expectStatus( await put( `${ NS }/jobs/${ job.id }`, { location: 'York' } ), 200 );
	const application = expectStatus( await post( `${ NS }/applications`, { job_id: job.id, candidate: { name: 'Mary Seacole', email: 'mary@example.com' } } ), 201 );
	expectStatus( await put( `${ NS }/applications/${ application.id }/status`, { status: 'screening' } ), 200 );
	expectStatus( await del( `${ NS }/jobs/${ job.id }` ), 200 );
	const expected = [ 'job.created', 'job.updated', 'application.created', 'application.status_changed', 'job.deleted' ];
	const queued = ( await deliveries( webhook.id, { status: 'pending' } ) ).reverse();
	assert.deepEqual( queued.map( ( d ) => d.event ), expected );

	await runCron(); // attempt 1: connection refused
	await runCron(); // nothing is due yet: no attempt
	let list = await deliveries( webhook.id, { status: 'pending' } );
	assert.equal( list.length, 5 );
	for ( const delivery of list ) {
		assert.equal( delivery.attempts, 1 );
		assert.equal( delivery.attempt_log.length, 1 );
		assert.equal( delivery.attempt_log[ 0 ].response_code, null );
		assert.ok( delivery.attempt_log[ 0 ].error, 'the connection error is logged' );
		const wait = Date.parse( delivery.next_attempt_at ) - Date.parse( delivery.attempt_log[ 0 ].attempted_at );
		assert.equal( wait, 60000, 'first retry after one minute' );
	}

	await advance( 60 );
	await runCron(); // attempt 2: still down

	hook.state.mode = 'fail';
	await hook.start();
	await advance( 300 );
	await runCron(); // attempt 3: HTTP 500
	assert.equal( hook.state.requests.length, 5 );
	list = await deliveries( webhook.id, { status: 'pending' } );
	assert.deepEqual( list.map( ( d ) => d.last_response_code ), [ 500, 500, 500, 500, 500 ] );
	assert.equal( Date.parse( list[ 0 ].next_attempt_at ) - Date.parse( list[ 0 ].attempt_log[ 2 ].attempted_at ), 1800000, 'third retry after 30 minutes' );

	hook.state.mode = 'ok';
	await advance( 1800 );
	await runCron(); // attempt 4: delivered
	list = ( await deliveries() ).filter( ( d ) => expected.includes( d.event ) && d.id > queued[ 0 ].id - 1 );
	assert.equal( list.length, 5 );
	for ( const delivery of list ) {
		assert.equal( delivery.status, 'delivered' );
		assert.equal( delivery.attempts, 4 );
		assert.deepEqual( delivery.attempt_log.map( ( a ) => a.response_code ), [ null, null, 500, 200 ] );
	}
	const delivered = hook.state.requests.filter( ( r ) => r.answered === 200 );
	assert.deepEqual( delivered.map( ( r ) => r.headers[ 'x-recruiting-event' ] ), expected, 'every event arrives, in order' );
	for ( const request of delivered ) {
		assert.ok( verify( request, secret ) );
	}
	const statusChange = JSON.parse( delivered[ 3 ].body );
	assert.equal( statusChange.data.from, 'new' );
	assert.equal( statusChange.data.to, 'screening' );
	assert.equal( statusChange.data.application.id, application.id );
	// The same delivery id on every attempt of one delivery (receivers de-duplicate by it).
	const ids = hook.state.requests.map( ( r ) => r.headers[ 'x-recruiting-delivery' ] );
	assert.equal( new Set( ids ).size, 5 );
} );

test( 'after the last attempt a delivery is failed (the webhook stays active); it can be sent again', async () => {
	hook.state.requests = [];
	hook.state.mode = 'fail';
	expectStatus( await post( `${ NS }/jobs`, { title: 'Doomed delivery' } ), 201 );
	for ( let i = 0; i < 8; i++ ) {
		await runCron();
		await advance( 86400 );
	}
	const [ failed ] = await deliveries( webhook.id, { status: 'failed' } );
	assert.equal( failed.attempts, 8 );
	assert.equal( failed.max_attempts, 8 );
	assert.equal( failed.attempt_log.length, 8 );
	assert.equal( failed.next_attempt_at, null );
	assert.equal( hook.state.requests.length, 8 );
	assert.equal( expectStatus( await get( `${ NS }/webhooks/${ webhook.id }` ), 200 ).active, true );

	hook.state.mode = 'ok';
	const retried = expectStatus( await post( `${ NS }/webhooks/${ webhook.id }/deliveries/${ failed.id }/retry`, {} ), 202 );
	assert.equal( retried.status, 'pending' );
	await runCron();
	const [ done ] = ( await deliveries() ).filter( ( d ) => d.id === failed.id );
	assert.equal( done.status, 'delivered' );
	assert.equal( done.attempt_log.length, 9, 'the log keeps every attempt' );
	expectError( await post( `${ NS }/webhooks/${ webhook.id }/deliveries/999999/retry`, {} ), 404, 'resource_not_found' );
} );

test( 'test event, secret rotation, inactive webhooks and event subscriptions', async () => {
	hook.state.requests = [];
	const queued = expectStatus( await post( `${ NS }/webhooks/${ webhook.id }/test`, {} ), 202 );
	assert.equal( queued.event, 'webhook.test' );
	assert.equal( queued.status, 'pending' );
	await runCron();
	assert.equal( hook.state.requests.length, 1 );
	assert.equal( hook.state.requests[ 0 ].headers[ 'x-recruiting-event' ], 'webhook.test' );

	const rotated = expectStatus( await post( `${ NS }/webhooks/${ webhook.id }/rotate-secret`, {} ), 200 );
	assert.notEqual( rotated.secret, secret );
	expectStatus( await post( `${ NS }/webhooks/${ webhook.id }/test`, {} ), 202 );
	await runCron();
	assert.ok( verify( hook.state.requests[ 1 ], rotated.secret ), 'signed with the new secret' );
	assert.ok( ! verify( hook.state.requests[ 1 ], secret ) );
	secret = rotated.secret;

	const appsOnly = expectStatus( await post( `${ NS }/webhooks`, { url: hook.url, events: [ 'application.created' ] } ), 201 );
	expectStatus( await put( `${ NS }/webhooks/${ webhook.id }`, { active: false } ), 200 );
	expectStatus( await post( `${ NS }/jobs`, { title: 'Unheard' } ), 201 );
	assert.equal( ( await deliveries( appsOnly.id ) ).length, 0, 'not subscribed to job.created' );
	assert.equal( ( await deliveries( webhook.id, { status: 'pending' } ) ).length, 0, 'inactive: nothing queued' );
	const updated = expectStatus( await put( `${ NS }/webhooks/${ appsOnly.id }`, { events: [ 'job.created' ] } ), 200 );
	assert.deepEqual( updated.events, [ 'job.created' ] );
	assert.equal( updated.url, hook.url, 'omitted fields keep their value' );

	const removed = expectStatus( await del( `${ NS }/webhooks/${ appsOnly.id }` ), 200 );
	assert.equal( removed.deleted, true );
	expectError( await get( `${ NS }/webhooks/${ appsOnly.id }` ), 404, 'resource_not_found' );
	expectError( await get( `${ NS }/webhooks/${ appsOnly.id }/deliveries` ), 404, 'resource_not_found' );
	expectStatus( await put( `${ NS }/webhooks/${ webhook.id }`, { active: true } ), 200 );
} );

test( 'jobs changed in wp-admin (WordPress post functions) emit the same events; imports emit none', async () => {
	const before = ( await deliveries() ).length;
	await php( `
		$id = wp_insert_post( array( 'post_type' => 'recruiting_job', 'post_title' => 'Admin screen job', 'post_status' => 'publish' ) );
		wp_update_post( array( 'ID' => $id, 'post_title' => 'Admin screen job (edited)' ) );
		wp_trash_post( $id );
		wp_untrash_post( $id );
		$other = wp_insert_post( array( 'post_type' => 'recruiting_job', 'post_title' => 'Deleted for good', 'post_status' => 'draft' ) );
		wp_delete_post( $other, true );
	` );
	const events = ( await deliveries() ).slice( 0, ( await deliveries() ).length - before ).reverse();
	assert.deepEqual( events.map( ( d ) => d.event ), [ 'job.created', 'job.updated', 'job.deleted', 'job.created', 'job.created', 'job.deleted' ] );
	assert.equal( events[ 1 ].payload.data.job.title, 'Admin screen job (edited)' );
	assert.equal( events[ 2 ].payload.data.job.status, 'publish', 'job.deleted carries the job as it was' );
	assert.equal( events[ 5 ].payload.data.job.title, 'Deleted for good' );

	const count = ( await deliveries() ).length;
	expectStatus( await post( `${ NS }/import`, { jobs: [ { external_id: 'wh-import', title: 'Imported', status: 'publish', created_at: '2025-01-03T09:00:00Z' } ] } ), 200 );
	assert.equal( ( await deliveries() ).length, count, 'imports emit no webhook events' );
	await runCron();
} );

test( 'private and loopback targets are refused outside local environments, at save and at delivery', async () => {
	expectStatus( await post( '/recruiting-test/v1/webhook-strict', { strict: true } ), 200 );
	try {
		for ( const url of [ hook.url, 'http://localhost/hook', 'http://10.0.0.8/hook', 'http://192.168.1.20/', 'http://172.16.5.4/', 'http://169.254.169.254/latest/meta-data', 'http://100.64.0.1/', 'http://[::1]/hook', 'http://[::ffff:127.0.0.1]/hook', 'http://0.0.0.0/', 'http://user:pw@93.184.216.34/' ] ) {
			const error = expectError( await post( `${ NS }/webhooks`, { url, events: [ 'job.created' ] } ), 400, 'rest_invalid_param' );
			assert.ok( error.data.params.url, `${ url }: ${ error.message }` );
		}
		// A public address is accepted (no DNS needed for an IP literal); it is removed again at once.
		const publicHook = expectStatus( await post( `${ NS }/webhooks`, { url: 'https://93.184.216.34/hook', events: [ 'job.created' ] } ), 201 );
		expectStatus( await del( `${ NS }/webhooks/${ publicHook.id }` ), 200 );

		// The existing webhook points at 127.0.0.1: its delivery is refused before any request is made.
		hook.state.requests = [];
		expectStatus( await post( `${ NS }/jobs`, { title: 'Strict' } ), 201 );
		await runCron();
		assert.equal( hook.state.requests.length, 0 );
		const [ refused ] = await deliveries( webhook.id, { status: 'pending' } );
		assert.match( refused.attempt_log[ 0 ].error, /^Refused: / );
	} finally {
		expectStatus( await post( '/recruiting-test/v1/webhook-strict', { strict: false } ), 200 );
	}
	await advance( 60 );
	await runCron();
	assert.equal( hook.state.requests.length, 1, 'delivered once the target is allowed again' );
} );
