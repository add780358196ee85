// docs/scaling.md: every webhook event is delivered exactly once while the delivery cron runs on both nodes at the same
// time, and also when the receiver was down and comes back.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { receiver } from '../integration/lib/receiver.mjs';
import { NS, node } from './lib/nodes.mjs';

const hook = receiver();
let webhook;
let job;

before( async () => {
	await resetSite();
	await hook.start();
	webhook = expectStatus( await node( 0 ).post( `${ NS }/webhooks`, { url: hook.url, events: [ 'application.created', 'application.status_changed' ] } ), 201 );
	job = expectStatus( await node( 1 ).post( `${ NS }/jobs`, { title: 'Cluster porter', status: 'publish' } ), 201 );
} );
after( async () => {
	if ( hook.state.server?.listening ) await hook.stop();
} );

/** Both nodes run the delivery cron at the same moment, `rounds` times. */
async function cronOnBothNodes( rounds ) {
	for ( let i = 0; i < rounds; i++ ) {
		await Promise.all( [ 0, 1, 0, 1 ].map( ( n ) => node( n ).post( '/recruiting-test/v1/run-cron', {} ) ) );
	}
}

async function makeEvents( count, prefix ) {
	const created = await Promise.all(
		Array.from( { length: count }, ( _, i ) => node( i ).post( `${ NS }/applications`, { job_id: job.id, candidate: { name: `${ prefix } ${ i }`, email: `${ prefix }${ i }@example.com` } } ) )
	);
	return created.map( ( response ) => expectStatus( response, 201 ).id );
}

async function allDeliveries() {
	return expectStatus( await node( 0 ).get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { query: { per_page: 100 } } ), 200 );
}

function deliveredOnce( expectedCount ) {
	const ok = hook.state.requests.filter( ( r ) => 200 === r.answered );
	const ids = ok.map( ( r ) => r.headers[ 'x-recruiting-delivery' ] );
	assert.equal( new Set( ids ).size, expectedCount, 'every event arrived' );
	assert.equal( ids.length, expectedCount, 'no event arrived twice' );
}

test( 'cron on both nodes at once: every event delivered exactly once', async () => {
	hook.state.delayMs = 150; // sends overlap between the nodes' runs
	await makeEvents( 16, 'once' );
	await cronOnBothNodes( 2 );
	deliveredOnce( 16 );
	const list = await allDeliveries();
	assert.equal( list.length, 16 );
	assert.ok( list.every( ( d ) => 'delivered' === d.status && 1 === d.attempts ), JSON.stringify( list.map( ( d ) => [ d.status, d.attempts ] ) ) );
} );

test( 'receiver down, then back: every event delivered exactly once, by both nodes\' cron', async () => {
	hook.state.requests = [];
	hook.state.delayMs = 50;
	await hook.stop();
	await makeEvents( 12, 'down' );
	await cronOnBothNodes( 2 ); // attempt 1 fails (connection refused), nothing else is due
	assert.equal( hook.state.requests.length, 0 );
	await hook.start();
	expectStatus( await node( 0 ).post( '/recruiting-test/v1/advance', { seconds: 60 } ), 200 );
	await cronOnBothNodes( 2 );
	deliveredOnce( 12 );
	const list = ( await allDeliveries() ).filter( ( d ) => 'application.created' === d.event && 2 === d.attempts );
	assert.equal( list.length, 12 );
	assert.ok( list.every( ( d ) => 'delivered' === d.status && 2 === d.attempt_log.length ) );
} );
