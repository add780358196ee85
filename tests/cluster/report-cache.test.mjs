// docs/scaling.md: no stale report after a write on another node, also when the write's COMMIT is slow and the other node
// computes the report meanwhile (with a persistent object cache the version used to be visible before the data).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { NS, node, slowSql } from './lib/nodes.mjs';

const [ a, b ] = [ node( 0 ), node( 1 ) ];
let job;

before( async () => {
	await resetSite();
	job = expectStatus( await a.post( `${ NS }/jobs`, { title: 'Cluster nurse', status: 'publish' } ), 201 );
} );
after( () => slowSql( '' ) );

const total = async ( on ) => expectStatus( await on.get( `${ NS }/reports/overview` ), 200 ).applications.total;

test( 'a write on one node is in the next report on the other node', async () => {
	let expected = await total( b );
	for ( let i = 0; i < 10; i++ ) {
		const [ writer, reader ] = i % 2 ? [ b, a ] : [ a, b ];
		await total( writer ); // both nodes hold the report in the cache before the write
		expectStatus( await writer.post( `${ NS }/applications`, { job_id: job.id, candidate: { name: `Quick ${ i }`, email: `quick${ i }@example.com` } } ), 201 );
		expected++;
		assert.equal( await total( reader ), expected );
		assert.equal( await total( writer ), expected );
	}
} );

test( 'reports computed on the other node while a write waits before COMMIT are never served after it', async () => {
	await slowSql( 'COMMIT', 250 );
	let expected = await total( b );
	let stale = 0;
	let readsDuring = 0;
	for ( let i = 0; i < 12; i++ ) {
		const [ writer, reader ] = i % 2 ? [ b, a ] : [ a, b ];
		let done = false;
		const write = writer.post( `${ NS }/applications`, { job_id: job.id, candidate: { name: `Slow ${ i }`, email: `slow${ i }@example.com` } } ).finally( () => ( done = true ) );
		// The other node computes (and caches) the report while the write is still uncommitted.
		while ( ! done ) {
			await total( reader );
			readsDuring++;
		}
		expectStatus( await write, 201 );
		expected++;
		if ( ( await total( reader ) ) !== expected ) stale++;
	}
	assert.ok( readsDuring >= 12, `the other node read during the writes (${ readsDuring } reads)` );
	assert.equal( stale, 0, 'stale reports after a committed write' );
} );
