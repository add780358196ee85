// Rate limiting per API key (docs/api.md#api-keys): an atomic counter, so parallel requests over the limit admit exactly the
// limit; headers on every key-authenticated response count down; the reset is the end of the fixed window; 429
// carries Retry-After; the site default and the per-key override both apply.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { get, put, post, expectStatus, expectError, resetSite } from './lib/api.mjs';
import { makeKey, keyHeader, awayFromRateLimitWindowEdge } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const WINDOW = 3600;

before( resetSite );
after( async () => expectStatus( await put( `${ NS }/settings`, { rate_limit_per_hour: 1000 } ), 200 ) );

function checkReset( response ) {
	const reset = Number( response.headers.get( 'x-ratelimit-reset' ) );
	const now = Date.now() / 1000;
	assert.equal( reset % WINDOW, 0, 'the reset is the end of the fixed hourly window' );
	assert.ok( reset > now - 120 && reset <= now + WINDOW + 5, `reset ${ reset } vs now ${ now }` );
	return reset;
}

test( 'parallel requests over the limit: exactly the limit succeed, the rest get 429 with Retry-After', async () => {
	const limit = 7;
	await awayFromRateLimitWindowEdge();
	const key = await makeKey( { name: 'burst', permissions: [ 'recruiting_read_jobs' ], rate_limit: limit } );
	const timed = async () => {
		const sent = Date.now() / 1000;
		const response = await get( `${ NS }/jobs`, { auth: keyHeader( key.key ) } );
		return Object.assign( response, { sent, received: Date.now() / 1000 } );
	};
	const responses = await Promise.all( Array.from( { length: 24 }, timed ) );
	const ok = responses.filter( ( r ) => r.status === 200 );
	const limited = responses.filter( ( r ) => r.status === 429 );
	assert.equal( ok.length, limit, `statuses: ${ responses.map( ( r ) => r.status ).join( ',' ) }` );
	assert.equal( limited.length, 24 - limit );
	for ( const response of limited ) {
		const error = expectError( response, 429, 'rate_limit_exceeded' );
		assert.equal( error.data.limit, limit );
		assert.equal( response.headers.get( 'x-ratelimit-remaining' ), '0' );
		assert.equal( response.headers.get( 'x-ratelimit-limit' ), String( limit ) );
		const retryAfter = Number( response.headers.get( 'retry-after' ) );
		const reset = checkReset( response );
		// The server answered between sending and receiving: Retry-After counts from then to the reset.
		assert.ok( retryAfter >= 1 && retryAfter >= reset - response.received - 2 && retryAfter <= reset - response.sent + 2, `Retry-After ${ retryAfter } (sent ${ response.sent }, received ${ response.received }) points at the reset ${ reset }` );
	}
	const remaining = ok.map( ( r ) => Number( r.headers.get( 'x-ratelimit-remaining' ) ) );
	assert.ok( remaining.every( ( n ) => n >= 0 && n < limit ) );
	assert.ok( remaining.includes( 0 ) || remaining.length === limit );
} );

test( 'headers count down on every key response (also on 403); the window resets', async () => {
	await awayFromRateLimitWindowEdge();
	const key = await makeKey( { name: 'countdown', permissions: [ 'recruiting_read_jobs' ], rate_limit: 3 } );
	const auth = keyHeader( key.key );
	const first = await get( `${ NS }/jobs`, { auth } );
	expectStatus( first, 200 );
	assert.equal( first.headers.get( 'x-ratelimit-limit' ), '3' );
	assert.equal( first.headers.get( 'x-ratelimit-remaining' ), '2' );
	const reset = checkReset( first );
	const forbidden = await get( `${ NS }/settings`, { auth } );
	expectError( forbidden, 403, 'insufficient_permissions' );
	assert.equal( forbidden.headers.get( 'x-ratelimit-remaining' ), '1', 'a refused request counts too' );
	const third = await get( `${ NS }/jobs`, { auth } );
	assert.equal( third.headers.get( 'x-ratelimit-remaining' ), '0' );
	assert.equal( Number( third.headers.get( 'x-ratelimit-reset' ) ), reset, 'the reset does not move with each request' );
	expectError( await get( `${ NS }/jobs`, { auth } ), 429, 'rate_limit_exceeded' );
	expectError( await get( `${ NS }/jobs`, { auth } ), 429, 'rate_limit_exceeded' );

	// An hour later the window is new.
	expectStatus( await post( '/recruiting-test/v1/advance', { seconds: WINDOW } ), 200 );
	const again = await get( `${ NS }/jobs`, { auth } );
	expectStatus( again, 200 );
	assert.equal( again.headers.get( 'x-ratelimit-remaining' ), '2' );

	// Application-password responses carry no rate-limit headers.
	const user = await get( `${ NS }/jobs` );
	assert.equal( user.headers.get( 'x-ratelimit-limit' ), null );
} );

test( 'the site setting is the default; a key\'s own limit overrides it; changing a key keeps its limit', async () => {
	expectStatus( await put( `${ NS }/settings`, { rate_limit_per_hour: 2 } ), 200 );
	const key = await makeKey( { name: 'default', permissions: [ 'recruiting_read_jobs' ] } );
	const auth = keyHeader( key.key );
	const first = await get( `${ NS }/jobs`, { auth } );
	assert.equal( first.headers.get( 'x-ratelimit-limit' ), '2' );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );
	expectError( await get( `${ NS }/jobs`, { auth } ), 429, 'rate_limit_exceeded' );

	expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { rate_limit: 5 } ), 200 );
	const raised = await get( `${ NS }/jobs`, { auth } );
	expectStatus( raised, 200 );
	assert.equal( raised.headers.get( 'x-ratelimit-limit' ), '5' );
	assert.equal( raised.headers.get( 'x-ratelimit-remaining' ), '2' );
	const renamed = expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { name: 'renamed' } ), 200 );
	assert.equal( renamed.rate_limit, 5 );
	expectStatus( await put( `${ NS }/settings`, { default_period: 'last_90_days' } ), 200 );
	assert.equal( ( await get( `${ NS }/jobs`, { auth } ) ).headers.get( 'x-ratelimit-limit' ), '5', 'a settings update that omits the limit keeps it' );
	assert.equal( expectStatus( await get( `${ NS }/settings` ), 200 ).rate_limit_per_hour, 2 );
} );
