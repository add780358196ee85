// Robustness of the REST routes (issue #11): JSON null never writes a silent 0/""/false/[], a record deleted by a
// concurrent request answers 404 (never 500, a 200 that is lost, or a resurrected job), GET /jobs never lists a job
// in the trash, a non-object JSON body on GET/DELETE is a 400 without PHP warnings, and POST /import declares its
// arguments and response. Concurrent requests are made to overlap with test-only SQL delays (slow-sql).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { get, post, put, del, request, expectStatus, expectError, resetSite, site, asAdmin } from './lib/api.mjs';
import { phpValue } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );
const slowSql = async ( needle, ms = 0 ) => expectStatus( await post( '/recruiting-test/v1/slow-sql', { needle, ms } ), 200 );

before( resetSite );
after( () => slowSql( '' ) );

test( 'JSON null is refused where the schema does not allow it, on every kind of route; nothing changes', async () => {
	const job = expectStatus( await post( `${ NS }/jobs`, { title: 'Null job', description: 'Keep me', status: 'publish' } ), 201 );
	const key = expectStatus( await post( `${ NS }/api-keys`, { name: 'null key', permissions: [ 'recruiting_read_jobs' ] } ), 201 );
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/null', events: [ 'job.created' ] } ), 201 );
	const settings = expectStatus( await get( `${ NS }/settings` ), 200 );
	const cases = [
		[ 'PUT', '/settings', { rate_limit_per_hour: null }, 'rate_limit_per_hour' ],
		[ 'PUT', '/settings', { default_period: null }, 'default_period' ],
		[ 'PUT', `/api-keys/${ key.id }`, { permissions: null }, 'permissions' ],
		[ 'PUT', `/jobs/${ job.id }`, { status: null }, 'status' ],
		[ 'PUT', `/jobs/${ job.id }`, { description: null }, 'description' ],
		[ 'PUT', `/webhooks/${ webhook.id }`, { active: null }, 'active' ],
		[ 'POST', '/jobs', { title: null }, 'title' ],
		[ 'POST', '/import', { jobs: null }, 'jobs' ],
	];
	for ( const [ method, path, body, field ] of cases ) {
		const error = expectError( await request( method, NS + path, { body } ), 400, 'rest_invalid_param' );
		assert.ok( error.data.params[ field ], `${ method } ${ path } ${ JSON.stringify( body ) }: ${ JSON.stringify( error ) }` );
	}
	assert.deepEqual( expectStatus( await get( `${ NS }/settings` ), 200 ), settings );
	const after = expectStatus( await get( `${ NS }/jobs/${ job.id }` ), 200 );
	assert.equal( after.status, 'publish' );
	assert.match( after.description, /Keep me/ );
	assert.deepEqual( expectStatus( await get( `${ NS }/api-keys/${ key.id }` ), 200 ).permissions, [ 'recruiting_read_jobs' ] );
	assert.equal( expectStatus( await get( `${ NS }/webhooks/${ webhook.id }` ), 200 ).active, true );
	// Where the schema allows null, null still means what it says (a key's own limit back to the site default).
	assert.equal( expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { rate_limit: 5 } ), 200 ).rate_limit, 5 );
	assert.equal( expectStatus( await put( `${ NS }/api-keys/${ key.id }`, { rate_limit: null } ), 200 ).rate_limit, null );
} );

/** A request with a body on any method (fetch refuses a body on GET). */
function rawRequest( method, path, body ) {
	const url = new URL( `${ site.url }/wp-json${ path }` );
	return new Promise( ( resolve, reject ) => {
		const req = http.request( url, { method, headers: { ...asAdmin(), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength( body ) } }, ( res ) => {
			const chunks = [];
			res.on( 'data', ( chunk ) => chunks.push( chunk ) );
			res.on( 'end', () => {
				const text = Buffer.concat( chunks ).toString( 'utf8' );
				let json;
				try {
					json = JSON.parse( text );
				} catch {
					json = undefined;
				}
				resolve( { status: res.statusCode, json, text } );
			} );
		} );
		req.on( 'error', reject );
		req.end( body );
	} );
}

test( 'a JSON body that is not an object is a 400 on GET and DELETE too (no PHP warning)', async () => {
	const job = expectStatus( await post( `${ NS }/jobs`, { title: 'Body job' } ), 201 );
	for ( const body of [ '[1,2]', '"text"', '7', 'null', 'true' ] ) {
		for ( const [ method, path ] of [ [ 'GET', '/jobs' ], [ 'GET', `/jobs/${ job.id }` ], [ 'DELETE', `/jobs/${ job.id }` ], [ 'GET', '/reports/overview' ] ] ) {
			expectError( await rawRequest( method, NS + path, body ), 400, 'rest_invalid_param' );
		}
	}
	expectStatus( await get( `${ NS }/jobs/${ job.id }` ), 200 );
} );

test( 'a job deleted while an edit waits: the delete holds, the edit answers 404; the job is never listed from the trash', async () => {
	for ( const fields of [ { status: 'draft' }, { title: 'Edited meanwhile' } ] ) {
		const job = expectStatus( await post( `${ NS }/jobs`, { title: 'Contested', status: 'publish' } ), 201 );
		// Every write of a post row waits, so the edit's write lands after the delete's unless the row is locked.
		await slowSql( 'UPDATE `wp_posts`', 300 );
		try {
			const removal = del( `${ NS }/jobs/${ job.id }` );
			await sleep( 100 );
			const edit = await put( `${ NS }/jobs/${ job.id }`, fields );
			expectStatus( await removal, 200 );
			expectError( edit, 404, 'resource_not_found' );
		} finally {
			await slowSql( '' );
		}
		expectError( await get( `${ NS }/jobs/${ job.id }` ), 404, 'resource_not_found' );
	}

	const listed = expectStatus( await post( `${ NS }/jobs`, { title: 'Listed then trashed', status: 'publish' } ), 201 );
	// GET /jobs reads the matching ids, then the posts: the job is trashed in between.
	await slowSql( 'SELECT FOUND_ROWS()', 400 );
	let list;
	try {
		const listing = get( `${ NS }/jobs`, { query: { per_page: 100 } } );
		await sleep( 100 );
		expectStatus( await del( `${ NS }/jobs/${ listed.id }` ), 200 );
		list = expectStatus( await listing, 200 );
	} finally {
		await slowSql( '' );
	}
	assert.deepEqual( list.filter( ( item ) => ! [ 'draft', 'publish', 'closed' ].includes( item.status ) ), [] );
} );

test( 'a webhook deleted while a request on it waits: 404 or done before the delete, never 500, no orphan deliveries', async () => {
	const make = async () => expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/gone', events: [ 'job.created' ] } ), 201 );
	const cases = [
		[ 'UPDATE `wp_recruiting_webhooks`', ( id ) => put( `${ NS }/webhooks/${ id }`, { active: false } ), 200 ],
		[ 'UPDATE `wp_recruiting_webhooks`', ( id ) => post( `${ NS }/webhooks/${ id }/rotate-secret`, {} ), 200 ],
		[ 'INSERT INTO `wp_recruiting_webhook_deliveries`', ( id ) => post( `${ NS }/webhooks/${ id }/test`, {} ), 202 ],
	];
	for ( const [ needle, write, success ] of cases ) {
		const webhook = await make();
		await slowSql( needle, 300 );
		let response;
		try {
			const writing = write( webhook.id );
			await sleep( 100 );
			expectStatus( await del( `${ NS }/webhooks/${ webhook.id }` ), 200 );
			response = await writing;
		} finally {
			await slowSql( '' );
		}
		assert.ok( [ success, 404 ].includes( response.status ), `${ needle }: ${ response.status } ${ response.text.slice( 0, 500 ) }` );
		expectError( await get( `${ NS }/webhooks/${ webhook.id }` ), 404, 'resource_not_found' );
	}
	const orphans = await phpValue( `( function () {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i d LEFT JOIN %i w ON w.id = d.webhook_id WHERE w.id IS NULL', \\RecruitingReports\\Data\\Schema::table( 'webhook_deliveries' ), \\RecruitingReports\\Data\\Schema::table( 'webhooks' ) ) );
	} )()` );
	assert.equal( orphans, 0, 'deliveries of deleted webhooks' );

	// A delivery retried while its webhook is deleted.
	const webhook = await make();
	expectStatus( await post( `${ NS }/webhooks/${ webhook.id }/test`, {} ), 202 );
	expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );
	const [ delivery ] = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries` ), 200 );
	for ( let i = 0; i < 8; i++ ) {
		expectStatus( await post( '/recruiting-test/v1/advance', { seconds: 86400 } ), 200 );
		expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );
	}
	await slowSql( "UPDATE `wp_recruiting_webhook_deliveries` SET status = 'pending'", 300 );
	let retried;
	try {
		const retrying = post( `${ NS }/webhooks/${ webhook.id }/deliveries/${ delivery.id }/retry`, {} );
		await sleep( 100 );
		expectStatus( await del( `${ NS }/webhooks/${ webhook.id }` ), 200 );
		retried = await retrying;
	} finally {
		await slowSql( '' );
	}
	assert.ok( [ 202, 404 ].includes( retried.status ), `retry: ${ retried.status } ${ retried.text.slice( 0, 500 ) }` );
} );

test( 'POST /import declares its body arguments and its response schema', async () => {
	const options = expectStatus( await request( 'OPTIONS', `${ NS }/import` ), 200 );
	const endpoint = options.endpoints.find( ( e ) => e.methods.includes( 'POST' ) );
	assert.deepEqual( Object.keys( endpoint.args ).sort(), [ 'applications', 'jobs' ] );
	assert.equal( endpoint.args.jobs.type, 'array' );
	assert.ok( endpoint.args.applications.items.properties.history );
	assert.deepEqual( Object.keys( options.schema.properties ).sort(), [ 'applications', 'history_entries', 'jobs' ] );
	const result = expectStatus( await post( `${ NS }/import`, { jobs: [ { external_id: 'schema-job', title: 'Schema job' } ] } ), 200 );
	assert.deepEqual( Object.keys( result ).sort(), Object.keys( options.schema.properties ).sort() );
	assert.equal( result.jobs.created, 1 );
	// Still validated as a whole: every problem listed at once.
	const error = expectError( await post( `${ NS }/import`, { jobs: [ { title: 5 }, { external_id: 'x' } ] } ), 400, 'rest_invalid_param' );
	assert.ok( Object.keys( error.data.params ).length >= 2, JSON.stringify( error.data.params ) );
} );
