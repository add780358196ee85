// Reports on a read replica (docs/scaling.md, "Read replicas for reports"): the cluster's MariaDB has a GTID replica,
// and wp-content/db.php is tests/support/db-read-replica-test-double.php (the reads of GET requests go to the replica).
// With the replica held back (its SQL thread stopped), both nodes write and read reports: no report ever misses a
// write that was answered before it was asked for, none stays cached wrong once the replica has caught up, and the
// lag costs only latency (printed). Row locks stay on the primary even in a GET request.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { mariaDbSql, waitForReplica } from '../../scripts/lib/read-replica.mjs';
import { NS, OBJECT_CACHE, node } from './lib/nodes.mjs';

const [ a, b ] = [ node( 0 ), node( 1 ) ];
const SOCKETS = { primary: process.env.RR_PRIMARY_SOCKET, replica: process.env.RR_REPLICA_SOCKET };
const ROUTING_SWITCH = path.join( process.env.RR_WORDPRESS_PATH, 'wp-content', 'read-replica.enabled' );
const WRITES = 30;

let job;
before( async () => {
	assert.ok( SOCKETS.primary && SOCKETS.replica, 'RR_PRIMARY_SOCKET and RR_REPLICA_SOCKET are set (--target=cluster)' );
	await resetSite();
	job = expectStatus( await a.post( `${ NS }/jobs`, { title: 'Replica nurse', status: 'publish' } ), 201 );
	fs.writeFileSync( ROUTING_SWITCH, '' );
} );
after( () => {
	fs.rmSync( ROUTING_SWITCH, { force: true } );
	mariaDbSql( SOCKETS.replica, 'START SLAVE SQL_THREAD' );
	waitForReplica( SOCKETS );
} );

/** The job's applications on the replica, read there directly. */
const applicationsOnReplica = () => Number( mariaDbSql( SOCKETS.replica, `SELECT COUNT(*) FROM wordpress.wp_recruiting_applications WHERE job_id = ${ Number( job.id ) }` ) );

/** The job's overview from a node: its total, how long it took, the cache outcome and the queries per server. */
async function report( on ) {
	const started = performance.now();
	const response = await on.get( `${ NS }/reports/overview`, { query: { job_id: job.id } } );
	const ms = performance.now() - started;
	const body = expectStatus( response, 200 );
	const servers = Object.fromEntries( new URLSearchParams( ( response.headers.get( 'x-test-db-queries' ) ?? '' ).replaceAll( ', ', '&' ) ) );
	return { total: body.applications.total, ms, cache: response.headers.get( 'x-recruiting-cache' ), primary: Number( servers.primary ), replica: Number( servers.replica ) };
}

let applied = 0;
/** A new application for the job, written through a node; the response. */
const apply = async ( on ) => {
	applied++;
	const response = await on.post( `${ NS }/applications`, { job_id: job.id, candidate: { name: `Replica ${ applied }`, email: `replica${ applied }@example.com` } } );
	expectStatus( response, 201 );
	return response;
};

const median = ( values ) => [ ...values ].sort( ( x, y ) => x - y )[ Math.floor( values.length / 2 ) ];

test( 'GET requests read from the replica; a transaction and its row locks run on the primary, write requests only there', async () => {
	waitForReplica( SOCKETS );
	const servers = expectStatus( await b.get( '/recruiting-test/v1/db-server', { query: { job_id: job.id } } ), 200 );
	assert.deepEqual( servers, { before: 2, inside: 1, errors: [] } );
	// A write request never connects to the replica, not even for its reads.
	assert.match( ( await apply( a ) ).headers.get( 'x-test-db-queries' ), /^primary=[1-9]\d*, replica=0$/ );
} );

test( `with the replica held back, ${ WRITES } writes on both nodes: every report has every answered write, also once it has caught up`, async ( t ) => {
	// In sync: a report missed after a write (the replica given time to apply it, so where it is computed is certain).
	const inSync = [];
	for ( let i = 0; i < 6; i++ ) {
		const [ writer, reader ] = i % 2 ? [ b, a ] : [ a, b ];
		await apply( writer );
		waitForReplica( SOCKETS );
		const read = await report( reader );
		assert.equal( read.total, applied );
		assert.equal( read.cache, 'miss' );
		inSync.push( read );
	}
	if ( OBJECT_CACHE === 'redis' ) {
		// The version lives in Redis with the primary's position: an in-sync replica computes the report alone.
		inSync.forEach( ( read ) => assert.equal( read.primary, 0, 'computed on the replica' ) );
	} else {
		// The version is a database row: only the primary's copy is never behind a write already answered.
		inSync.forEach( ( read ) => assert.ok( read.primary > 0, 'computed on the primary' ) );
	}

	mariaDbSql( SOCKETS.replica, 'STOP SLAVE SQL_THREAD' );
	const heldBackAt = applicationsOnReplica();
	const lagging = [];
	let stale = 0;
	for ( let i = 0; i < WRITES; i++ ) {
		const [ writer, reader ] = i % 2 ? [ b, a ] : [ a, b ];
		await apply( writer );
		for ( const on of [ reader, writer ] ) {
			const read = await report( on );
			if ( read.total !== applied ) stale++;
			if ( read.cache === 'miss' ) lagging.push( read );
		}
	}
	assert.equal( applicationsOnReplica(), heldBackAt, 'the replica applied nothing while held back' );
	assert.equal( stale, 0, 'reports missing an answered write while the replica lagged' );
	assert.equal( lagging.length, WRITES, 'one miss per write, the other node then hit the cache' );
	lagging.forEach( ( read ) => assert.ok( read.primary > 0, 'a lagging replica hands the report to the primary' ) );

	mariaDbSql( SOCKETS.replica, 'START SLAVE SQL_THREAD' );
	waitForReplica( SOCKETS );
	assert.equal( applicationsOnReplica(), applied );
	for ( const on of [ a, b ] ) {
		const read = await report( on );
		assert.equal( read.total, applied, 'cached reports are right after the replica caught up' );
		assert.equal( read.cache, 'hit' );
	}

	const ms = ( reads ) => median( reads.map( ( read ) => read.ms ) ).toFixed( 1 );
	t.diagnostic( `replica lag cost (object cache: ${ OBJECT_CACHE }): report miss median ${ ms( inSync ) } ms in sync (${ inSync.length }), ${ ms( lagging ) } ms with the replica held back (${ lagging.length })` );
} );
