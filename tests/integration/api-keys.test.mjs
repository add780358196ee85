// API keys (docs/api.md#permissions, docs/api.md#api-keys): format, key hygiene (the key is shown once and stored nowhere), header and query forms,
// rename / re-permission / expiry / revoke, permissions ∩ owner's capabilities at request time, last-used throttle,
// and keys never managing keys.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, put, del, request, expectStatus, expectError, resetSite } from './lib/api.mjs';
import { makeUser, makeKey, makeKeyFor, keyHeader, cookieLogin, php, phpValue } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const ALL = [ 'recruiting_read_jobs', 'recruiting_write_jobs', 'recruiting_read_applications', 'recruiting_write_applications', 'recruiting_manage_settings' ];
const dump = async () => expectStatus( await get( '/recruiting-test/v1/api-keys' ), 200 );
const setColumn = ( id, column, value ) => php( `$GLOBALS['wpdb']->update( \\RecruitingReports\\Data\\Schema::table( 'api_keys' ), array( '${ column }' => ${ value } ), array( 'id' => ${ Number( id ) } ) );` );

before( resetSite );

test( 'a key is rp_live_/rp_test_ + 44 base62 characters, returned once; lists show only the hint', async () => {
	const response = await post( `${ NS }/api-keys`, { name: 'BI export', permissions: [ 'recruiting_read_jobs', 'recruiting_read_applications' ] } );
	const created = expectStatus( response, 201 );
	assert.match( created.key, /^rp_live_[0-9A-Za-z]{44}$/ );
	assert.equal( created.hint, `rp_live_…${ created.key.slice( -4 ) }` );
	assert.equal( created.environment, 'live' );
	assert.equal( created.status, 'active' );
	assert.deepEqual( created.permissions, [ 'recruiting_read_jobs', 'recruiting_read_applications' ] );
	assert.deepEqual( created.effective_permissions, created.permissions );
	assert.equal( created.owner.name, 'admin' );
	assert.equal( created.rate_limit, null );
	assert.equal( created.effective_rate_limit, 1000 );
	assert.equal( created.last_used_at, null );
	assert.match( response.headers.get( 'cache-control' ), /no-store/ );

	const test = expectStatus( await post( `${ NS }/api-keys`, { name: 'Staging', environment: 'test', permissions: [ 'recruiting_read_jobs' ] } ), 201 );
	assert.match( test.key, /^rp_test_[0-9A-Za-z]{44}$/ );
	assert.equal( test.hint, `rp_test_…${ test.key.slice( -4 ) }` );

	const list = expectStatus( await get( `${ NS }/api-keys` ), 200 );
	assert.equal( list.length, 2 );
	for ( const item of list ) {
		assert.equal( item.key, undefined );
		assert.ok( ! JSON.stringify( item ).includes( created.key.slice( 8 ) ) );
		assert.ok( ! JSON.stringify( item ).includes( test.key.slice( 8 ) ) );
	}
	const one = expectStatus( await get( `${ NS }/api-keys/${ created.id }` ), 200 );
	assert.equal( one.key, undefined );
	assert.equal( one.hint, created.hint );

	// Nowhere in the database: not the key, not its secret part, not its random part.
	for ( const needle of [ created.key, created.key.slice( 8 ), created.key.slice( -32 ), test.key.slice( 8 ) ] ) {
		const search = expectStatus( await post( '/recruiting-test/v1/db-search', { needle } ), 200 );
		assert.deepEqual( search.found, [], `found ${ needle } in ${ search.found }` );
		assert.ok( search.tables >= 20 );
	}
	const rows = await dump();
	assert.equal( rows.length, 2 );
	for ( const row of rows ) {
		assert.match( row.secret_hash, /^[0-9a-f]{64}$/ );
		assert.match( row.lookup_id, /^[0-9a-f]{24}$/ );
	}

	// It works, by header and by query.
	const byHeader = await get( `${ NS }/jobs`, { auth: keyHeader( created.key ) } );
	expectStatus( byHeader, 200 );
	assert.equal( byHeader.headers.get( 'x-ratelimit-limit' ), '1000' );
	expectStatus( await get( `${ NS }/jobs`, { auth: {}, query: { api_key: test.key } } ), 200 );
} );

test( 'rename and re-permission apply at once; omitted fields keep their value; expiry and revocation answer 401', async () => {
	const key = await makeKey( { name: 'Integration', permissions: [ 'recruiting_read_jobs', 'recruiting_write_jobs' ], rate_limit: 50 } );
	const auth = keyHeader( key.key );
	expectError( await post( `${ NS }/jobs`, {}, { auth } ), 400, 'rest_invalid_param' ); // Permitted, then validated.

	let updated = expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { name: 'Integration (renamed)' } ), 200 );
	assert.equal( updated.name, 'Integration (renamed)' );
	assert.deepEqual( updated.permissions, [ 'recruiting_read_jobs', 'recruiting_write_jobs' ] );
	assert.equal( updated.rate_limit, 50, 'an update that omits rate_limit keeps it' );

	updated = expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { permissions: [ 'recruiting_read_jobs' ] } ), 200 );
	assert.equal( updated.name, 'Integration (renamed)' );
	expectError( await post( `${ NS }/jobs`, { title: 'x' }, { auth } ), 403, 'insufficient_permissions' );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );

	updated = expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { rate_limit: null } ), 200 );
	assert.equal( updated.rate_limit, null );
	assert.equal( updated.effective_rate_limit, 1000 );

	const future = new Date( Date.now() + 86400000 ).toISOString();
	updated = expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { expires_at: future } ), 200 );
	assert.equal( Date.parse( updated.expires_at ), Math.floor( Date.parse( future ) / 1000 ) * 1000 );
	expectError( await put( `${ NS }/api-keys/${ key.id }`, { expires_at: '2001-01-01T00:00:00Z' } ), 400, 'rest_invalid_param' );
	expectError( await put( `${ NS }/api-keys/${ key.id }`, { expires_at: 'tomorrow' } ), 400, 'rest_invalid_param' );
	await setColumn( key.id, 'expires_at', 'time() - 1' );
	const expired = expectError( await get( `${ NS }/jobs`, { auth } ), 401, 'invalid_api_key' );
	assert.match( expired.message, /expired/ );
	assert.equal( expectStatus( await get( `${ NS }/api-keys/${ key.id }` ), 200 ).status, 'expired' );
	updated = expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { expires_at: null } ), 200 );
	assert.equal( updated.expires_at, null );
	assert.equal( updated.status, 'active' );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );

	const revoked = expectStatus( await del( `${ NS }/api-keys/${ key.id }` ), 200 );
	assert.equal( revoked.status, 'revoked' );
	assert.ok( revoked.revoked_at );
	const refused = expectError( await get( `${ NS }/jobs`, { auth } ), 401, 'invalid_api_key' );
	assert.match( refused.message, /revoked/ );
	expectStatus( await del( `${ NS }/api-keys/${ key.id }` ), 200 ); // Idempotent.
	assert.deepEqual( ( expectStatus( await get( `${ NS }/api-keys`, { query: { status: 'revoked' } } ), 200 ) ).map( ( k ) => k.id ), [ key.id ] );
	expectError( await get( `${ NS }/api-keys/999999` ), 404, 'resource_not_found' );
	expectError( await put( `${ NS }/api-keys/999999`, { name: 'x' } ), 404, 'resource_not_found' );
	expectError( await del( `${ NS }/api-keys/999999` ), 404, 'resource_not_found' );
} );

test( 'invalid keys are 401, never anonymous or the cookie user', async () => {
	const { cookie, nonce } = await cookieLogin();
	const session = { Cookie: cookie, 'X-WP-Nonce': nonce };
	expectStatus( await get( `${ NS }/jobs`, { auth: session } ), 200 );
	for ( const bad of [ 'rp_live_' + 'A'.repeat( 44 ), 'rp_live_short', 'hello', '', 'rp_prod_' + 'A'.repeat( 44 ) ] ) {
		expectError( await get( `${ NS }/jobs`, { auth: { ...session, ...keyHeader( bad ) } } ), 401, 'invalid_api_key' );
	}
	expectError( await get( `${ NS }/jobs`, { auth: session, query: { api_key: 'nope' } } ), 401, 'invalid_api_key' );
	// A live key presented with the test prefix (or the other way round) is not the same key.
	const key = await makeKey( { permissions: [ 'recruiting_read_jobs' ] } );
	expectError( await get( `${ NS }/jobs`, { auth: keyHeader( key.key.replace( 'rp_live_', 'rp_test_' ) ) } ), 401, 'invalid_api_key' );
	// A header wins over the query form.
	expectStatus( await get( `${ NS }/jobs`, { auth: keyHeader( key.key ), query: { api_key: 'nope' } } ), 200 );
} );

test( 'keys can never manage keys, whatever their permissions', async () => {
	const all = await makeKey( { permissions: ALL } );
	const auth = keyHeader( all.key );
	expectError( await get( `${ NS }/api-keys`, { auth } ), 403, 'insufficient_permissions' );
	expectError( await post( `${ NS }/api-keys`, { name: 'escalate', permissions: ALL }, { auth } ), 403, 'insufficient_permissions' );
	expectError( await put( `${ NS }/api-keys/${ all.id }`, { permissions: ALL }, { auth } ), 403, 'insufficient_permissions' );
	expectError( await del( `${ NS }/api-keys/${ all.id }`, { auth } ), 403, 'insufficient_permissions' );
	// Not even next to a valid admin session.
	const { cookie, nonce } = await cookieLogin();
	expectError( await get( `${ NS }/api-keys`, { auth: { Cookie: cookie, 'X-WP-Nonce': nonce, ...auth } } ), 403, 'insufficient_permissions' );
	expectStatus( await get( `${ NS }/api-keys`, { auth: { Cookie: cookie, 'X-WP-Nonce': nonce } } ), 200 );
} );

test( 'permissions are intersected with the owner\'s capabilities at request time; a deleted owner invalidates the key', async () => {
	const owner = await makeUser( 'key-owner', 'recruiter' );
	const { key, id } = await makeKeyFor( owner.id, [ 'recruiting_read_jobs', 'recruiting_read_applications', 'recruiting_manage_settings' ] );
	const auth = keyHeader( key );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );
	expectError( await get( `${ NS }/settings`, { auth } ), 403, 'insufficient_permissions' ); // Ticked, but the owner lacks it.
	let shown = expectStatus( await get( `${ NS }/api-keys/${ id }` ), 200 );
	assert.deepEqual( shown.effective_permissions, [ 'recruiting_read_jobs', 'recruiting_read_applications' ] );

	await php( `get_userdata( ${ owner.id } )->add_cap( 'recruiting_read_jobs', false );` );
	expectError( await get( `${ NS }/jobs`, { auth } ), 403, 'insufficient_permissions' );
	expectStatus( await get( `${ NS }/applications`, { auth } ), 200 );
	await php( `get_userdata( ${ owner.id } )->remove_cap( 'recruiting_read_jobs' );` );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );

	// A user who has Settings but not Write Jobs cannot grant Write Jobs.
	const manager = await makeUser( 'settings-only', 'subscriber' );
	await php( `get_userdata( ${ manager.id } )->add_cap( 'recruiting_manage_settings' );` );
	const refused = expectError( await post( `${ NS }/api-keys`, { name: 'x', permissions: [ 'recruiting_write_jobs' ] }, { auth: manager.auth } ), 400, 'rest_invalid_param' );
	assert.match( refused.data.params.permissions, /recruiting_write_jobs/ );
	expectStatus( await post( `${ NS }/api-keys`, { name: 'x', permissions: [ 'recruiting_manage_settings' ] }, { auth: manager.auth } ), 201 );

	await php( `require_once ABSPATH . 'wp-admin/includes/user.php'; wp_delete_user( ${ owner.id } );` );
	expectError( await get( `${ NS }/applications`, { auth } ), 401, 'invalid_api_key' );
	shown = expectStatus( await get( `${ NS }/api-keys/${ id }` ), 200 );
	assert.equal( shown.owner, null );
	assert.equal( shown.status, 'revoked' );
	assert.deepEqual( shown.effective_permissions, [] );

	// Even if the owner vanished without WordPress's hooks running, authentication refuses the key.
	const ghost = await makeUser( 'ghost-owner', 'recruiter' );
	const ghostKey = await makeKeyFor( ghost.id, [ 'recruiting_read_jobs' ] );
	await php( `global $wpdb; $wpdb->delete( $wpdb->users, array( 'ID' => ${ ghost.id } ) ); clean_user_cache( ${ ghost.id } );` );
	const error = expectError( await get( `${ NS }/jobs`, { auth: keyHeader( ghostKey.key ) } ), 401, 'invalid_api_key' );
	assert.match( error.message, /owner/ );
} );

test( 'last_used_at is written at most once a minute', async () => {
	const key = await makeKey( { permissions: [ 'recruiting_read_jobs' ] } );
	const auth = keyHeader( key.key );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );
	const first = ( await dump() ).find( ( row ) => Number( row.id ) === key.id ).last_used_at;
	assert.ok( first );
	await setColumn( key.id, 'last_used_at', 'time() - 30' );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );
	const recent = Number( ( await dump() ).find( ( row ) => Number( row.id ) === key.id ).last_used_at );
	assert.ok( Date.now() / 1000 - recent >= 29, 'not rewritten within a minute' );
	await setColumn( key.id, 'last_used_at', 'time() - 61' );
	expectStatus( await get( `${ NS }/jobs`, { auth } ), 200 );
	const later = Number( ( await dump() ).find( ( row ) => Number( row.id ) === key.id ).last_used_at );
	assert.ok( Date.now() / 1000 - later < 10, 'rewritten after a minute' );
	assert.ok( expectStatus( await get( `${ NS }/api-keys/${ key.id }` ), 200 ).last_used_at );
} );

test( 'key management validates its input', async () => {
	for ( const body of [ {}, { name: 'x' }, { permissions: [] }, { name: '', permissions: [] }, { name: 'x', permissions: [ 'root' ] }, { name: 'x', permissions: 'recruiting_read_jobs,nope' }, { name: 'x', permissions: [], environment: 'prod' }, { name: 'x', permissions: [], rate_limit: 0 }, { name: 'x', permissions: [], rate_limit: 1e12 }, { name: 'x'.repeat( 201 ), permissions: [] }, { name: 'x', permissions: [], expires_at: '2020-01-01T00:00:00Z' } ] ) {
		expectError( await post( `${ NS }/api-keys`, body ), 400, 'rest_invalid_param' );
	}
	const created = expectStatus( await post( `${ NS }/api-keys`, { name: 'Ключ 🔑 مفتاح', permissions: [] } ), 201 );
	assert.equal( created.name, 'Ключ 🔑 مفتاح' );
	expectError( await get( `${ NS }/jobs`, { auth: keyHeader( created.key ) } ), 403, 'insufficient_permissions' );
	const count = ( await dump() ).length;
	assert.equal( count, ( await phpValue( `(int) $GLOBALS['wpdb']->get_var( 'SELECT COUNT(*) FROM ' . \\RecruitingReports\\Data\\Schema::table( 'api_keys' ) )` ) ) );
	expectStatus( await request( 'OPTIONS', `${ NS }/api-keys`, { auth: {} } ), 200 );
} );
