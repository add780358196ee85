// The object cache each mode claims: with --object-cache=redis both nodes keep the report cache in Redis
// (tests/support/object-cache-redis-test-double.php over phpredis, checked from outside with redis-cli) and bump its
// version atomically there; without, the report cache lives in wp_options. And the test double itself behaves as
// WordPress's object cache API promises (docs/scaling.md names the production drop-ins it stands in for).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { phpValue } from '../integration/lib/credentials.mjs';
import { NS, OBJECT_CACHE, node } from './lib/nodes.mjs';

const [ a, b ] = [ node( 0 ), node( 1 ) ];
const onlyWithRedis = OBJECT_CACHE === 'redis' ? false : 'only with --object-cache=redis';
const onlyWithout = OBJECT_CACHE === 'none' ? false : 'only with --object-cache=none';

/** The single-site keys: `<blog id>:<group>:<key>` (no WP_CACHE_KEY_SALT on the test site). */
const VERSION_KEY = '1:recruiting_reports:report_version';
const REPORT_KEYS = '1:transient:recruiting_reports_report_*';

/** redis-cli against the cluster's Redis; its trimmed reply. */
function redis( ...args ) {
	const result = spawnSync( 'redis-cli', [ '-p', process.env.RR_REDIS_PORT, ...args ], { encoding: 'utf8' } );
	assert.equal( result.status, 0, result.stderr );
	return result.stdout.trim();
}

/** Report cache entries stored as wp_options rows (the transient fallback without an object cache). */
const reportTransientRows = () =>
	phpValue( `(int) $GLOBALS['wpdb']->get_var( $GLOBALS['wpdb']->prepare( 'SELECT COUNT(*) FROM %i WHERE option_name LIKE %s', $GLOBALS['wpdb']->options, $GLOBALS['wpdb']->esc_like( '_transient_recruiting_reports_report_' ) . '%' ) )` );

let job;
before( async () => {
	await resetSite();
	job = expectStatus( await a.post( `${ NS }/jobs`, { title: 'Cache ward', status: 'publish' } ), 201 );
} );

const apply = ( on, i ) => on.post( `${ NS }/applications`, { job_id: job.id, candidate: { name: `Cached ${ i }`, email: `cached${ i }@example.com` } } );

test( 'WordPress uses an external object cache exactly when the mode says so', async () => {
	assert.equal( await phpValue( '(bool) wp_using_ext_object_cache()' ), OBJECT_CACHE === 'redis' );
} );

test( 'without an object cache, reports are cached in wp_options', { skip: onlyWithout }, async () => {
	expectStatus( await a.get( `${ NS }/reports/overview` ), 200 );
	assert.ok( ( await reportTransientRows() ) > 0 );
} );

test( 'with Redis, both nodes cache reports in Redis (not wp_options) and bump the version atomically there', { skip: onlyWithRedis }, async () => {
	expectStatus( await a.get( `${ NS }/reports/overview` ), 200 );
	expectStatus( await b.get( `${ NS }/reports/time-to-hire` ), 200 );
	const keys = redis( '--scan', '--pattern', REPORT_KEYS ).split( '\n' ).filter( Boolean );
	assert.ok( keys.length >= 2, `report entries in Redis: ${ keys.join( ', ' ) }` );
	assert.ok( Number( redis( 'TTL', keys[ 0 ] ) ) > 0, 'report entries expire' );
	assert.equal( await reportTransientRows(), 0 );

	const version = () => {
		const value = redis( 'GET', VERSION_KEY );
		assert.match( value, /^\d+$/, 'the version is an integer counter in Redis' );
		return BigInt( value );
	};
	// What one application write adds to the counter, then many at once on both nodes: every INCRBY counts.
	const start = version();
	expectStatus( await apply( b, 0 ), 201 );
	const perWrite = version() - start;
	assert.ok( perWrite >= 1n, 'a write bumps the version' );
	const parallel = 16;
	const counted = version();
	const responses = await Promise.all( Array.from( { length: parallel }, ( _, i ) => apply( node( i ), i + 1 ) ) );
	responses.forEach( ( response ) => expectStatus( response, 201 ) );
	assert.equal( version() - counted, perWrite * BigInt( parallel ) );
} );

test( 'the Redis test double: found flag, add/replace, incr/decr, expiry, groups, runtime-only groups, flush', { skip: onlyWithRedis }, async () => {
	redis( 'SET', '1:rr_double:from_outside', '42' );
	const first = await phpValue( `( function () {
		$r = array();
		wp_cache_set( 'falsy', false, 'rr_double' );
		$r['falsy'] = array( wp_cache_get( 'falsy', 'rr_double', true, $found ), $found );
		wp_cache_get( 'absent', 'rr_double', true, $found );
		$r['absent_found'] = $found;
		$r['from_outside'] = wp_cache_get( 'from_outside', 'rr_double' );
		$r['add_existing'] = wp_cache_add( 'falsy', 1, 'rr_double' );
		$r['add_new'] = wp_cache_add( 'added', array( 'a' => 1 ), 'rr_double' );
		$r['replace_missing'] = wp_cache_replace( 'absent', 1, 'rr_double' );
		$r['replace'] = wp_cache_replace( 'falsy', 'now a string', 'rr_double' );
		$r['incr_missing'] = wp_cache_incr( 'absent', 1, 'rr_double' );
		$r['incr_not_number'] = wp_cache_incr( 'added', 1, 'rr_double' );
		wp_cache_set( 'counter', 5, 'rr_double' );
		$r['incr'] = wp_cache_incr( 'counter', 3, 'rr_double' );
		$r['decr'] = wp_cache_decr( 'counter', 10, 'rr_double' );
		wp_cache_set( 'expiring', 'x', 'rr_double', 300 );
		wp_cache_add_non_persistent_groups( 'rr_runtime' );
		$r['runtime_set'] = wp_cache_set( 'only_here', 'y', 'rr_runtime' );
		$r['runtime_get'] = wp_cache_get( 'only_here', 'rr_runtime' );
		wp_cache_add_global_groups( 'rr_global' );
		wp_cache_set( 'shared', 'z', 'rr_global' );
		wp_cache_switch_to_blog( 2 );
		wp_cache_set( 'other_site', 'w', 'rr_double' );
		wp_cache_switch_to_blog( 1 );
		$r['multiple'] = wp_cache_get_multiple( array( 'counter', 'absent', 'added' ), 'rr_double', true );
		wp_cache_set( 'gone', 1, 'rr_double' );
		$r['delete'] = array( wp_cache_delete( 'gone', 'rr_double' ), wp_cache_delete( 'gone', 'rr_double' ) );
		return $r;
	} )()` );
	assert.deepEqual( first, {
		falsy: [ false, true ],
		absent_found: false,
		from_outside: 42,
		add_existing: false,
		add_new: true,
		replace_missing: false,
		replace: true,
		incr_missing: false,
		incr_not_number: false,
		incr: 8,
		decr: 0,
		runtime_set: true,
		runtime_get: 'y',
		multiple: { counter: 0, absent: false, added: { a: 1 } },
		delete: [ true, false ],
	} );
	assert.equal( redis( 'GET', '1:rr_double:counter' ), '0', 'incr/decr went to Redis' );
	const ttl = Number( redis( 'TTL', '1:rr_double:expiring' ) );
	assert.ok( ttl > 0 && ttl <= 300, `TTL ${ ttl }` );
	assert.equal( redis( 'TTL', '1:rr_double:added' ), '-1', 'no expiry unless asked' );
	assert.equal( redis( 'EXISTS', '1:rr_runtime:only_here' ), '0', 'non-persistent groups stay out of Redis' );
	assert.equal( redis( 'EXISTS', 'rr_global:shared' ), '1', 'global groups carry no site ID' );
	assert.equal( redis( 'EXISTS', '2:rr_double:other_site' ), '1', 'wp_cache_switch_to_blog() changes the site prefix' );

	// Another request (another PHP process) sees the persistent entries, not the runtime-only one; flush empties Redis.
	const second = await phpValue( `( function () {
		$r = array(
			'string'  => wp_cache_get( 'falsy', 'rr_double' ),
			'runtime' => wp_cache_get( 'only_here', 'rr_runtime', false, $found ),
			'found'   => $found,
		);
		$r['flush'] = wp_cache_flush();
		return $r;
	} )()` );
	assert.deepEqual( second, { string: 'now a string', runtime: false, found: false, flush: true } );
	assert.equal( redis( 'DBSIZE' ), '0' );
	// The plugin starts a new version counter after the flush.
	expectStatus( await a.get( `${ NS }/reports/overview` ), 200 );
	assert.match( redis( 'GET', VERSION_KEY ), /^\d+$/ );
} );
