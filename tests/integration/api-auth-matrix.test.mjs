// The auth matrix (docs/api.md#permissions, docs/api.md#errors): generated from ONE table of routes (method, path, required permission, and a
// probe request that has no side effects once permitted) and ONE table of credential kinds, each with the rule
// that gives its expected answer for a permission. Every (route, kind) pair is checked for the exact status and
// error code; a permitted request must reach the route (its probe's known answer), never 401/403.
//
// Size: every route × the kinds that matter for its permission (anonymous, admin and subscriber application
// passwords, a key with all permissions, the key holding exactly the route's permission and one holding another)
// plus every kind on one representative route per permission. RR_MATRIX=full runs every route × every kind.
// Requests run 4 at a time (Playground costs ~1 s per request).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, request, expectStatus, resetSite, site, basicAuth } from './lib/api.mjs';
import { makeUser, makeKey, makeKeyFor, keyHeader, cookieLogin, php, pool } from './lib/credentials.mjs';
import crypto from 'node:crypto';

const NS = '/recruiting/v1';
const RJ = 'recruiting_read_jobs';
const WJ = 'recruiting_write_jobs';
const RA = 'recruiting_read_applications';
const WA = 'recruiting_write_applications';
const S = 'recruiting_manage_settings';
const KEYS = 'manage_api_keys'; // A logged-in user with Settings, never a key (docs/api.md#permissions).
const NONE = 999999999;

// [method, path ({job} {application} {webhook} {key} are filled in), permission, probe body, status when permitted, representative?]
const ROUTES = [
	[ 'GET', '/jobs', RJ, undefined, 200, true ],
	[ 'POST', '/jobs', WJ, {}, 400, true ],
	[ 'GET', '/jobs/{job}', RJ, undefined, 200 ],
	[ 'PUT', '/jobs/{job}', WJ, { status: 'bogus' }, 400 ],
	[ 'DELETE', `/jobs/${ NONE }`, WJ, undefined, 404 ],
	[ 'GET', '/applications', RA, undefined, 200, true ],
	[ 'POST', '/applications', WA, {}, 400 ],
	[ 'GET', '/applications/{application}', RA, undefined, 200 ],
	[ 'PUT', '/applications/{application}/status', WA, {}, 400, true ],
	[ 'DELETE', `/applications/${ NONE }`, S, undefined, 404 ],
	[ 'GET', '/applications/{application}/notes', RA, undefined, 200 ],
	[ 'POST', '/applications/{application}/notes', WA, {}, 400 ],
	[ 'GET', `/notes/${ NONE }`, RA, undefined, 404 ],
	[ 'DELETE', `/notes/${ NONE }`, WA, undefined, 404 ],
	[ 'GET', '/applications/{application}/rating', RA, undefined, 200 ],
	[ 'PUT', '/applications/{application}/rating', WA, {}, 400 ],
	[ 'DELETE', `/applications/${ NONE }/rating`, WA, undefined, 404 ],
	[ 'GET', '/webhooks', S, undefined, 200 ],
	[ 'POST', '/webhooks', S, {}, 400 ],
	[ 'GET', '/webhooks/{webhook}', S, undefined, 200 ],
	[ 'PUT', '/webhooks/{webhook}', S, { events: 'nope' }, 400 ],
	[ 'DELETE', `/webhooks/${ NONE }`, S, undefined, 404 ],
	[ 'POST', `/webhooks/${ NONE }/test`, S, {}, 404 ],
	[ 'POST', `/webhooks/${ NONE }/rotate-secret`, S, {}, 404 ],
	[ 'GET', '/webhooks/{webhook}/deliveries', S, undefined, 200 ],
	[ 'POST', `/webhooks/{webhook}/deliveries/${ NONE }/retry`, S, {}, 404 ],
	[ 'GET', '/settings', S, undefined, 200, true ],
	[ 'PUT', '/settings', S, { rate_limit_per_hour: -1 }, 400 ],
	[ 'POST', '/import', S, {}, 400 ],
	[ 'GET', '/mail-log', S, undefined, 200 ],
	[ 'POST', `/mail-log/${ NONE }/retry`, S, {}, 404 ],
	[ 'GET', '/api-keys', KEYS, undefined, 200, true ],
	[ 'POST', '/api-keys', KEYS, {}, 400 ],
	[ 'GET', '/api-keys/{key}', KEYS, undefined, 200 ],
	[ 'PUT', '/api-keys/{key}', KEYS, { permissions: 'nope' }, 400 ],
	[ 'DELETE', `/api-keys/${ NONE }`, KEYS, undefined, 404 ],
	// Reports are registered by the reports part of the plugin; rows whose route is missing are skipped.
	[ 'GET', '/reports/overview', RA, undefined, 200 ],
	[ 'GET', '/reports/time-to-hire', RA, undefined, 200 ],
	[ 'GET', '/reports/funnel', RA, undefined, 200 ],
	[ 'GET', '/reports/sources', RA, undefined, 200 ],
	[ 'GET', '/reports/time-to-fill', RA, undefined, 200 ],
	[ 'GET', '/reports/funnel?format=csv&section=stages', RA, undefined, 200 ],
	[ 'GET', '/applications?format=csv', RA, undefined, 200 ],
].map( ( [ method, path, permission, body, okStatus, representative = false ] ) => ( { method, path, permission, body, okStatus, representative } ) );

const ALLOWED = 'allowed';
const unauthenticated = [ 401, 'authentication_required' ];
const forbidden = [ 403, 'insufficient_permissions' ];
const badKey = [ 401, 'invalid_api_key' ];
const keyWith = ( ...held ) => ( permission ) => ( permission !== KEYS && held.includes( permission ) ? ALLOWED : forbidden );

// Credential kinds: name → rule(permission) → ALLOWED or [status, code]. Headers/query are made in before().
const KINDS = {
	anonymous: () => unauthenticated,
	cookie_without_nonce: () => unauthenticated,
	cookie_with_nonce: () => ALLOWED, // The admin.
	app_password_admin: () => ALLOWED,
	app_password_recruiter: ( p ) => ( p === S || p === KEYS ? forbidden : ALLOWED ),
	app_password_subscriber: () => forbidden,
	app_password_wrong: () => [ 401, 'incorrect_password' ],
	key_read_jobs: keyWith( RJ ),
	key_write_jobs: keyWith( WJ ),
	key_read_applications: keyWith( RA ),
	key_write_applications: keyWith( WA ),
	key_settings: keyWith( S ),
	key_all: keyWith( RJ, WJ, RA, WA, S ),
	key_test_all: keyWith( RJ, WJ, RA, WA, S ),
	key_all_query: keyWith( RJ, WJ, RA, WA, S ),
	key_revoked: () => badKey,
	key_expired: () => badKey,
	key_wrong: () => badKey,
	key_malformed: () => badKey,
	key_owner_lost_capability: keyWith( RA ), // Ticked RJ + RA; the owner lost RJ.
	key_owner_deleted: () => badKey,
};
const SINGLE = { [ RJ ]: 'key_read_jobs', [ WJ ]: 'key_write_jobs', [ RA ]: 'key_read_applications', [ WA ]: 'key_write_applications', [ S ]: 'key_settings' };
const OTHER = { [ RJ ]: 'key_write_applications', [ WJ ]: 'key_read_jobs', [ RA ]: 'key_settings', [ WA ]: 'key_read_applications', [ S ]: 'key_write_jobs', [ KEYS ]: 'key_settings' };

/** The kinds checked on a route: all of them on representative routes, else those that matter for its permission. */
function kindsFor( route ) {
	if ( route.representative || process.env.RR_MATRIX === 'full' ) {
		return Object.keys( KINDS );
	}
	return [ ...new Set( [ 'anonymous', 'app_password_admin', 'app_password_subscriber', 'key_all', SINGLE[ route.permission ] ?? 'key_settings', OTHER[ route.permission ] ] ) ];
}

const credentials = {};
const ids = {};

before( async () => {
	await resetSite();
	const randomKey = 'rp_live_' + Array.from( crypto.randomBytes( 44 ), ( b ) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[ b % 62 ] ).join( '' );
	const [ recruiter, subscriber, losing, leaving ] = await Promise.all( [
		makeUser( 'matrix-recruiter', 'recruiter' ),
		makeUser( 'matrix-subscriber', 'subscriber' ),
		makeUser( 'matrix-losing', 'recruiter' ),
		makeUser( 'matrix-leaving', 'recruiter' ),
	] );
	const all = [ RJ, WJ, RA, WA, S ];
	const keys = {};
	for ( const [ name, permissions, extra ] of [
		[ 'key_read_jobs', [ RJ ] ],
		[ 'key_write_jobs', [ WJ ] ],
		[ 'key_read_applications', [ RA ] ],
		[ 'key_write_applications', [ WA ] ],
		[ 'key_settings', [ S ] ],
		[ 'key_all', all ],
		[ 'key_test_all', all, { environment: 'test' } ],
		[ 'key_revoked', all ],
	] ) {
		keys[ name ] = await makeKey( { name, permissions, ...extra } );
	}
	expectStatus( await request( 'DELETE', `${ NS }/api-keys/${ keys.key_revoked.id }` ), 200 );
	const expired = await makeKeyFor( 1, all, { expiresAt: Math.floor( Date.now() / 1000 ) - 60 } );
	const lost = await makeKeyFor( losing.id, [ RJ, RA ] );
	const orphan = await makeKeyFor( leaving.id, all );
	await php( `get_userdata( ${ losing.id } )->add_cap( '${ RJ }', false ); require_once ABSPATH . 'wp-admin/includes/user.php'; wp_delete_user( ${ leaving.id } );` );
	const { cookie, nonce } = await cookieLogin();

	Object.assign( credentials, {
		anonymous: {},
		cookie_without_nonce: { headers: { Cookie: cookie } },
		cookie_with_nonce: { headers: { Cookie: cookie, 'X-WP-Nonce': nonce } },
		app_password_admin: { headers: basicAuth( site.adminUser, site.adminAppPassword ) },
		app_password_recruiter: { headers: recruiter.auth },
		app_password_subscriber: { headers: subscriber.auth },
		app_password_wrong: { headers: basicAuth( site.adminUser, 'abcd efgh ijkl mnop qrst uvwx' ) },
		key_test_all: { headers: keyHeader( keys.key_test_all.key ) },
		key_all_query: { query: { api_key: keys.key_all.key } },
		key_expired: { headers: keyHeader( expired.key ) },
		key_wrong: { headers: keyHeader( randomKey ) },
		key_malformed: { headers: keyHeader( 'Bearer something' ) },
		key_owner_lost_capability: { headers: keyHeader( lost.key ) },
		key_owner_deleted: { headers: keyHeader( orphan.key ) },
	} );
	for ( const name of [ 'key_read_jobs', 'key_write_jobs', 'key_read_applications', 'key_write_applications', 'key_settings', 'key_all', 'key_revoked' ] ) {
		credentials[ name ] = { headers: keyHeader( keys[ name ].key ) };
	}

	ids.job = expectStatus( await post( `${ NS }/jobs`, { title: 'Matrix job', status: 'publish' } ), 201 ).id;
	ids.application = expectStatus( await post( `${ NS }/applications`, { job_id: ids.job, candidate: { name: 'Matrix', email: 'matrix@example.com' } } ), 201 ).id;
	ids.webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/matrix', events: [ 'application.created' ] } ), 201 ).id;
	ids.key = keys.key_all.id;
	const index = expectStatus( await get( NS, { auth: {} } ), 200 );
	ids.routes = new Set( Object.keys( index.routes ) );
} );

const LEAKS = /(SELECT|INSERT|UPDATE|DELETE)\s|wp-content|wp-includes|\.php|Stack trace|#\d+ \//i;

test( 'auth matrix: every route × credential kind → exact status and code', { timeout: 900000 }, async ( t ) => {
	const cases = [];
	let skipped = 0;
	for ( const route of ROUTES ) {
		const routePath = route.path.split( '?' )[ 0 ]; // format=csv probes: the same route, another answer
		const pattern = `${ NS }${ routePath.replace( /\{(job|application|webhook|key)\}/g, '(?P<id>[\\d]+)' ).replace( /\/\d{9}/g, '/(?P<id>[\\d]+)' ) }`;
		if ( routePath.startsWith( '/reports/' ) && ! ids.routes.has( `${ NS }${ routePath }` ) ) {
			skipped++;
			continue;
		}
		assert.ok( ids.routes.has( pattern ) || [ ...ids.routes ].some( ( r ) => r.replace( /\(\?P<\w+>\[\\d\]\+\)/g, '(?P<id>[\\d]+)' ) === pattern ), `route ${ route.method } ${ route.path } is registered` );
		for ( const kind of kindsFor( route ) ) {
			cases.push( { route, kind, expected: KINDS[ kind ]( route.permission ) } );
		}
	}
	const results = await pool( cases, 4, async ( { route, kind, expected } ) => {
		const path = NS + route.path.replace( /\{(job|application|webhook|key)\}/g, ( _, name ) => ids[ name ] );
		const credential = credentials[ kind ];
		const response = await request( route.method, path, { body: route.body, auth: credential.headers || {}, query: credential.query } );
		const [ status, code ] = expected === ALLOWED ? [ route.okStatus, route.okStatus >= 400 ? ( route.okStatus === 404 ? 'resource_not_found' : 'rest_invalid_param' ) : null ] : expected;
		const problems = [];
		if ( response.status !== status ) problems.push( `status ${ response.status } ≠ ${ status }` );
		if ( code && response.json?.code !== code ) problems.push( `code ${ response.json?.code } ≠ ${ code }` );
		if ( response.status >= 400 && ( typeof response.json?.message !== 'string' || response.json?.data?.status !== response.status ) ) problems.push( 'not in WordPress\'s error shape' );
		if ( LEAKS.test( response.text ) && response.status >= 400 ) problems.push( 'error body leaks internals' );
		const keyed = kind.startsWith( 'key_' ) && ! [ 401 ].includes( response.status );
		if ( keyed !== ( response.headers.get( 'x-ratelimit-limit' ) !== null ) ) problems.push( `X-RateLimit-Limit ${ keyed ? 'missing' : 'unexpected' }` );
		return problems.length ? `${ route.method } ${ route.path } × ${ kind }: ${ problems.join( '; ' ) } — ${ response.text.slice( 0, 200 ) }` : null;
	} );
	const failures = results.filter( Boolean );
	t.diagnostic( `matrix: ${ cases.length } requests (${ ROUTES.length - skipped } routes × ${ Object.keys( KINDS ).length } credential kinds, ${ process.env.RR_MATRIX === 'full' ? 'full' : 'reduced' }; ${ skipped } report routes not registered here)` );
	assert.deepEqual( failures, [], `${ failures.length } of ${ cases.length } cases failed:\n${ failures.join( '\n' ) }` );
} );
