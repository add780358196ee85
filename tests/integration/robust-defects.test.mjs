// Robustness defects of issue #11 that one web node can show: a date with a trailing newline, the report cache
// version replaced only after COMMIT, X-RateLimit-Remaining taken from the increment itself, a webhook delivery
// whose claim was lost to another cron run keeping the other run's outcome. (The two-node versions of these are in
// tests/cluster/.)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, put, expectStatus, expectError, resetSite } from './lib/api.mjs';
import { makeKey, keyHeader, phpValue, awayFromRateLimitWindowEdge } from './lib/credentials.mjs';

const NS = '/recruiting/v1';

before( resetSite );
after( async () => expectStatus( await put( `${ NS }/settings`, { rate_limit_per_hour: 1000 } ), 200 ) );

test( 'a date with a trailing newline is refused, not echoed back', async () => {
	for ( const report of [ 'overview', 'time-to-hire' ] ) {
		for ( const param of [ 'date_from', 'date_to' ] ) {
			const error = expectError( await get( `${ NS }/reports/${ report }`, { query: { [ param ]: '2025-01-01\n' } } ), 400, 'rest_invalid_param' );
			assert.ok( error.data.params?.[ param ], `${ report } ${ param }: ${ JSON.stringify( error ) }` );
		}
	}
} );

test( 'the report cache version changes only after COMMIT, and not at all after ROLLBACK', async () => {
	const seen = await phpValue( `( function () {
		$cache  = \\RecruitingReports\\Reports\\ReportCache::class;
		$before = $cache::version();
		$inside = null;
		\\RecruitingReports\\Data\\Transaction::run( function () use ( $cache, &$inside ) {
			$cache::bump();
			$inside = $cache::version();
			return true;
		} );
		$committed = $cache::version();
		\\RecruitingReports\\Data\\Transaction::run( function () use ( $cache ) {
			$cache::bump();
			return false;
		} );
		return array( 'before' => $before, 'inside' => $inside, 'committed' => $committed, 'rolled_back' => $cache::version() );
	} )()` );
	assert.equal( seen.inside, seen.before, 'another request must not see a new version before the data is committed' );
	assert.notEqual( seen.committed, seen.before, 'the commit replaces the version' );
	assert.equal( seen.rolled_back, seen.committed, 'a rolled-back write leaves the version alone' );
} );

test( 'X-RateLimit-Remaining counts down without repeats under parallel requests', async () => {
	const limit = 24;
	await awayFromRateLimitWindowEdge();
	const key = await makeKey( { name: 'countdown', permissions: [ 'recruiting_read_jobs' ], rate_limit: limit } );
	// Open the window first, so every parallel request takes the conditional-increment path.
	const first = await get( `${ NS }/jobs`, { auth: keyHeader( key.key ) } );
	expectStatus( first, 200 );
	assert.equal( first.headers.get( 'x-ratelimit-remaining' ), String( limit - 1 ) );
	// A slow read of the count after the increment (as under load) lets other requests' increments in before it.
	expectStatus( await post( '/recruiting-test/v1/slow-sql', { needle: 'SELECT hits FROM', ms: 100 } ), 200 );
	let responses;
	try {
		responses = await Promise.all( Array.from( { length: limit + 6 }, () => get( `${ NS }/jobs`, { auth: keyHeader( key.key ) } ) ) );
	} finally {
		expectStatus( await post( '/recruiting-test/v1/slow-sql', { needle: '' } ), 200 );
	}
	const remaining = responses
		.filter( ( r ) => r.status === 200 )
		.map( ( r ) => Number( r.headers.get( 'x-ratelimit-remaining' ) ) )
		.sort( ( a, b ) => b - a );
	assert.deepEqual( remaining, Array.from( { length: limit - 1 }, ( _, i ) => limit - 2 - i ), 'each admitted request has its own count' );
	assert.equal( responses.filter( ( r ) => r.status === 429 ).length, 7 );
} );

test( 'a delivery claimed again after its lease ran out keeps the second run\'s outcome', async () => {
	const outcome = await phpValue( `( function () {
		global $wpdb;
		$dispatcher = \\RecruitingReports\\Webhooks\\Dispatcher::class;
		$table      = \\RecruitingReports\\Data\\Schema::table( 'webhook_deliveries' );
		$now        = time();
		$wpdb->insert( $table, array( 'webhook_id' => 999999, 'delivery_uuid' => wp_generate_uuid4(), 'event' => 'job.created', 'payload' => '{}', 'status' => 'pending', 'attempts' => 0, 'next_attempt_at' => $now, 'created_at' => $now, 'updated_at' => $now ) );
		$id     = (int) $wpdb->insert_id;
		$read   = fn() => $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', $table, $id ), ARRAY_A );
		// The cron runner's private steps, in the order two runs on two nodes can take them.
		$claim  = \\Closure::bind( static fn( array $row ) => self::claim( $row ), null, $dispatcher );
		$record = \\Closure::bind( static fn( ...$args ) => self::record( ...$args ), null, $dispatcher );
		$slow   = $claim( $read() );
		// The slow run's send outlasts the lease: the delivery is due again and a second run claims it.
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET next_attempt_at = next_attempt_at - 301 WHERE id = %d', $table, $id ) );
		$fast = $claim( $read() );
		$record( $fast, 200, null, 5 );
		$record( $slow, 500, 'The receiver answered HTTP 500.', 12000 );
		$row = $read();
		$log = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE delivery_id = %d', \\RecruitingReports\\Data\\Schema::table( 'webhook_attempts' ), $id ) );
		return array( 'claimed' => array( (bool) $slow, (bool) $fast ), 'status' => $row['status'], 'attempts' => (int) $row['attempts'], 'code' => (int) $row['last_response_code'], 'logged' => $log );
	} )()` );
	assert.deepEqual( outcome.claimed, [ true, true ] );
	assert.equal( outcome.status, 'delivered', 'the late failure of the first run must not reopen a delivered delivery' );
	assert.equal( outcome.code, 200 );
	assert.equal( outcome.attempts, 1 );
	assert.equal( outcome.logged, 2, 'both attempts are logged' );
} );
