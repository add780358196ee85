// docs/targets.md#targets/§13: one API key used through both web nodes at once is limited exactly, and every admitted request
// gets its own X-RateLimit-Remaining (counting down, no repeats).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { resetSite } from '../integration/lib/api.mjs';
import { makeKey, keyHeader, awayFromRateLimitWindowEdge } from '../integration/lib/credentials.mjs';
import { NS, node } from './lib/nodes.mjs';

before( resetSite );

test( '3× the limit in parallel, split across the nodes: exactly the limit succeed, Remaining strictly counts down', async () => {
	for ( const limit of [ 10, 40 ] ) {
		await awayFromRateLimitWindowEdge();
		const key = await makeKey( { name: `cluster ${ limit }`, permissions: [ 'recruiting_read_jobs' ], rate_limit: limit } );
		const auth = keyHeader( key.key );
		const responses = await Promise.all( Array.from( { length: 3 * limit }, ( _, i ) => node( i ).get( `${ NS }/jobs`, { auth } ) ) );
		const statuses = responses.map( ( r ) => r.status );
		assert.equal( statuses.filter( ( s ) => 200 === s ).length, limit, `statuses: ${ statuses.join( ',' ) }` );
		assert.equal( statuses.filter( ( s ) => 429 === s ).length, 2 * limit );
		const remaining = responses
			.filter( ( r ) => 200 === r.status )
			.map( ( r ) => Number( r.headers.get( 'x-ratelimit-remaining' ) ) )
			.sort( ( a, b ) => b - a );
		assert.deepEqual( remaining, Array.from( { length: limit }, ( _, i ) => limit - 1 - i ) );
	}
} );
