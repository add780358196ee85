// The retention rules' daily event fired on both web nodes at once (issue #23): one node claims the site's day and
// does the work; every due application is deleted exactly once (one application.deleted delivery each), every
// other rule's application anonymised once, and the log holds one run.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { php } from '../integration/lib/credentials.mjs';
import { application, iso, job } from '../integration/lib/fixtures.mjs';
import { NS, node, slowSql } from './lib/nodes.mjs';

const [ a, b ] = [ node( 0 ), node( 1 ) ];
const COUNT = 40;

before( resetSite );

test( 'the retention event fired on both nodes at once: each application handled once, one run logged', { timeout: 300_000 }, async () => {
	const summary = expectStatus(
		await a.post( `${ NS }/import`, {
			jobs: [ job( 'cl-ret-job' ) ],
			applications: Array.from( { length: COUNT }, ( _, i ) =>
				application( `cl-ret-${ i }`, 'cl-ret-job', { applied_at: iso( Date.now() - 400 * 86400000 ), history: [ { status: i % 2 ? 'withdrawn' : 'rejected', at: iso( Date.now() - 399 * 86400000 ) } ] } )
			),
		} ),
		200
	);
	const ids = Object.values( summary.applications.ids );
	await php( `global $wpdb; $wpdb->query( $wpdb->prepare( 'UPDATE %i SET updated_at = %d', \\RecruitingReports\\Data\\Schema::table( 'applications' ), time() - 400 * DAY_IN_SECONDS ) );` );
	const webhook = expectStatus( await a.post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/cluster-retention', events: [ 'application.deleted' ] } ), 201 );
	expectStatus( await a.put( `${ NS }/retention`, { rules: { rejected: { action: 'anonymise', months: 6 }, withdrawn: { action: 'delete', months: 6 } } } ), 200 );
	// Both nodes reach the day's claim together: the claim's query waits 300 ms on each.
	await slowSql( 'recruiting_reports_retention_day_', 300 );
	const fired = await Promise.all( [ a, b ].map( ( web ) => web.post( '/recruiting-test/v1/fire-hook', { hook: 'recruiting_reports_retention' } ) ) );
	fired.forEach( ( response ) => expectStatus( response, 200 ) );
	await slowSql( '', 0 );

	const log = expectStatus( await b.get( `${ NS }/retention/log` ), 200 );
	assert.equal( log.length, 1, JSON.stringify( log ) );
	assert.deepEqual( { rejected: log[ 0 ].rules.rejected.applications, withdrawn: log[ 0 ].rules.withdrawn.applications }, { rejected: COUNT / 2, withdrawn: COUNT / 2 } );
	const deliveries = expectStatus( await a.get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { query: { per_page: 100 } } ), 200 );
	const deleted = deliveries.map( ( delivery ) => delivery.payload.data.application.id ).sort( ( x, y ) => x - y );
	assert.equal( deleted.length, COUNT / 2, 'one application.deleted per deleted application' );
	assert.equal( new Set( deleted ).size, deleted.length );
	const left = expectStatus( await b.get( `${ NS }/applications`, { query: { per_page: 100 } } ), 200 );
	assert.equal( left.length, COUNT / 2 );
	assert.ok( left.every( ( row ) => row.status === 'rejected' && row.candidate.name === '[deleted]' ) );
	assert.ok( ids.length === COUNT );
} );
