// The extension points of docs/hooks.md, each hooked by a test plugin (tests/support/mu-plugins/
// recruiting-test-hooks.php, active only for requests with X-Recruiting-Test-Hooks): each hook is called with the
// arguments it documents, and what a filter returns is what the plugin uses. The REST item filters and
// register_rest_field() are covered in api-core-style.test.mjs.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, put, expectStatus, resetSite } from './lib/api.mjs';

const NS = '/recruiting/v1';
const HOOKS = { 'X-Recruiting-Test-Hooks': '1' };
let job;
let application;

before( async () => {
	await resetSite();
	job = expectStatus( await post( `${ NS }/jobs`, { title: 'Lab Technician', status: 'publish' } ), 201 );
	application = expectStatus( await post( `${ NS }/applications`, { job_id: job.id, candidate: { name: 'Rosalind Franklin', email: 'rf@example.com' } } ), 201 );
} );

test( 'recruiting_reports_report_query_args: the filtered arguments are the ones resolved', async () => {
	const plain = expectStatus( await get( `${ NS }/reports/overview`, { query: { date_from: '1999-01-01', date_to: '2025-01-31' } } ), 200 );
	assert.equal( plain.period.from, '1999-01-01' );
	const hooked = await get( `${ NS }/reports/overview`, { headers: HOOKS, query: { date_from: '1999-01-01', date_to: '2025-01-31' } } );
	assert.equal( expectStatus( hooked, 200 ).period.from, '2020-01-01' );
	assert.equal( hooked.headers.get( 'x-test-report-args' ), 'overview' );
} );

test( 'recruiting_reports_report_results: every answer, hit or miss, passes it; the cache keeps the unfiltered figures', async () => {
	const query = { date_from: '2025-01-01', date_to: '2025-03-31' };
	const first = await get( `${ NS }/reports/time-to-hire`, { headers: HOOKS, query } );
	assert.equal( expectStatus( first, 200 ).test_filtered, 'time-to-hire:2025-01-01' );
	const second = await get( `${ NS }/reports/time-to-hire`, { headers: HOOKS, query } );
	assert.equal( second.headers.get( 'x-recruiting-cache' ), 'hit' );
	assert.equal( second.json.test_filtered, 'time-to-hire:2025-01-01' );
	const unhooked = await get( `${ NS }/reports/time-to-hire`, { query } );
	assert.equal( unhooked.headers.get( 'x-recruiting-cache' ), 'hit' );
	assert.ok( ! ( 'test_filtered' in unhooked.json ) );
} );

test( 'recruiting_reports_use_report_cache: false computes every time and stores nothing', async () => {
	const query = { date_from: '2024-02-01', date_to: '2024-02-29' };
	const noCache = { ...HOOKS, 'X-Test-No-Cache': '1' };
	for ( let i = 0; i < 2; i++ ) {
		const response = await get( `${ NS }/reports/overview`, { headers: noCache, query } );
		expectStatus( response, 200 );
		assert.equal( response.headers.get( 'x-recruiting-cache' ), 'miss' );
		assert.equal( response.headers.get( 'x-test-cache-asked' ), 'overview' );
	}
	const after = await get( `${ NS }/reports/overview`, { query } );
	assert.equal( after.headers.get( 'x-recruiting-cache' ), 'miss', 'nothing was stored while the cache was off' );
	assert.equal( ( await get( `${ NS }/reports/overview`, { query } ) ).headers.get( 'x-recruiting-cache' ), 'hit' );
} );

test( 'recruiting_reports_webhook_payload: the queued (and signed) body holds the filtered data', async () => {
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/hook', events: [ 'application.status_changed' ] } ), 201 );
	expectStatus( await put( `${ NS }/applications/${ application.id }/status`, { status: 'screening' }, { headers: HOOKS } ), 200 );
	expectStatus( await put( `${ NS }/applications/${ application.id }/status`, { status: 'interview' } ), 200 );
	const deliveries = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries` ), 200 );
	const byTo = Object.fromEntries( deliveries.map( ( delivery ) => [ delivery.payload.data.to, delivery.payload.data ] ) );
	assert.equal( byTo.screening.test_hooked, `application.status_changed:${ webhook.id }` );
	assert.equal( byTo.screening.application.id, application.id );
	assert.ok( ! ( 'test_hooked' in byTo.interview ), 'without the hook the payload is as before' );
} );

test( 'recruiting_reports_application_status_changed fires after a committed change, not on a no-op', async () => {
	const changed = await put( `${ NS }/applications/${ application.id }/status`, { status: 'offer', note: 'Great' }, { headers: HOOKS } );
	expectStatus( changed, 200 );
	assert.match( changed.headers.get( 'x-test-status-changed' ), new RegExp( `^${ application.id }:interview:offer:[1-9]\\d*$` ) );
	const same = await put( `${ NS }/applications/${ application.id }/status`, { status: 'offer' }, { headers: HOOKS } );
	expectStatus( same, 200 );
	assert.equal( same.headers.get( 'x-test-status-changed' ), null );
} );

test( 'recruiting_reports_after_import fires with the summary after the batch is written', async () => {
	const body = {
		jobs: [ { external_id: 'hooks-j1', title: 'Porter', status: 'publish', created_at: '2025-01-03T09:00:00Z' } ],
		applications: [
			{ external_id: 'hooks-a1', job: 'hooks-j1', candidate: { name: 'A', email: 'a@example.com' }, applied_at: '2025-01-05T10:00:00Z' },
			{ external_id: 'hooks-a2', job: 'hooks-j1', candidate: { name: 'B', email: 'b@example.com' }, applied_at: '2025-01-06T10:00:00Z' },
		],
	};
	const imported = await post( `${ NS }/import`, body, { headers: HOOKS } );
	expectStatus( imported, 200 );
	assert.match( imported.headers.get( 'x-test-imported' ), /^2:[1-9]\d*$/ );
	const rejected = await post( `${ NS }/import`, { applications: [ { external_id: 'x' } ] }, { headers: HOOKS } );
	assert.equal( rejected.status, 400 );
	assert.equal( rejected.headers.get( 'x-test-imported' ), null, 'a rejected batch writes nothing and fires nothing' );
} );
