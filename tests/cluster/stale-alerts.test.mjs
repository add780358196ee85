// The daily stale alerts (issue #26) fired on both web nodes at once: each stale application's alert is claimed by
// exactly one node (a compare-and-swap on its row in the transaction that queues it), so a receiver gets one
// application.stale per application, none twice.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { application, iso, job } from '../integration/lib/fixtures.mjs';
import { NS, node, slowSql } from './lib/nodes.mjs';

const [ a, b ] = [ node( 0 ), node( 1 ) ];
const COUNT = 30;

before( resetSite );

test( 'the stale alerts fired on both nodes at once: one application.stale per stale application', { timeout: 300_000 }, async () => {
	const summary = expectStatus(
		await a.post( `${ NS }/import`, {
			jobs: [ job( 'cl-stale-job' ) ],
			// New for 10 days (stale after 3), and one waiting a day (not stale).
			applications: Array.from( { length: COUNT + 1 }, ( _, i ) =>
				application( `cl-stale-${ i }`, 'cl-stale-job', { applied_at: iso( Date.now() - ( i < COUNT ? 10 : 1 ) * 86400000 ) } )
			),
		} ),
		200
	);
	const webhook = expectStatus( await a.post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/cluster-stale', events: [ 'application.stale' ] } ), 201 );
	// Both nodes read the same due applications before either claims one: each claim waits 200 ms.
	await slowSql( 'SET stale_notified', 200 );
	const fired = await Promise.all( [ a, b ].map( ( web ) => web.post( '/recruiting-test/v1/fire-hook', { hook: 'recruiting_reports_stale_alerts' } ) ) );
	fired.forEach( ( response ) => expectStatus( response, 200 ) );
	await slowSql( '', 0 );

	const deliveries = expectStatus( await b.get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { query: { per_page: 100 } } ), 200 );
	const alerted = deliveries.map( ( delivery ) => delivery.payload.data.application.id ).sort( ( x, y ) => x - y );
	const stale = Object.entries( summary.applications.ids ).filter( ( [ key ] ) => key !== `cl-stale-${ COUNT }` ).map( ( [ , id ] ) => id ).sort( ( x, y ) => x - y );
	assert.deepEqual( alerted, stale, 'each stale application once, the waiting one not at all' );
} );
