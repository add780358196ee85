// Every write route against a delete of the same record, sent at the same time (docs/targets.md#targets: no write is lost, no 500):
// each answer is the write's success or a WordPress-shaped 404 (the delete won), the delete succeeds, and the record
// stays deleted; two deletes of one record: exactly one 200. On Playground (one PHP worker) the requests run one after
// the other, which must hold too.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, request, expectStatus, expectError, resetSite } from './lib/api.mjs';

const NS = '/recruiting/v1';
const ROUNDS = 'playground' === process.env.RR_TARGET ? 1 : 4;

let job;
let application;

before( async () => {
	await resetSite();
	job = expectStatus( await post( `${ NS }/jobs`, { title: 'Concurrency', status: 'publish' } ), 201 );
	application = expectStatus( await post( `${ NS }/applications`, { job_id: job.id, candidate: { name: 'Race', email: 'race@example.com' } } ), 201 );
} );

const makers = {
	job: async () => expectStatus( await post( `${ NS }/jobs`, { title: 'Raced job', status: 'publish' } ), 201 ).id,
	key: async () => expectStatus( await post( `${ NS }/api-keys`, { name: 'raced key', permissions: [ 'recruiting_read_jobs' ] } ), 201 ).id,
	webhook: async () => expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/raced', events: [ 'job.created' ] } ), 201 ).id,
	note: async () => expectStatus( await post( `${ NS }/applications/${ application.id }/notes`, { content: 'raced' } ), 201 ).id,
	rating: async () => {
		expectStatus( await request( 'PUT', `${ NS }/applications/${ application.id }/rating`, { body: { score: 3 } } ), 200 );
		return application.id;
	},
};

// [record, write (method, path, body, success statuses), delete path, read path]
const pairs = [
	[ 'job', [ 'PUT', ( id ) => `/jobs/${ id }`, { title: 'Renamed' }, [ 200 ] ], ( id ) => `/jobs/${ id }`, ( id ) => `/jobs/${ id }` ],
	[ 'job', [ 'PATCH', ( id ) => `/jobs/${ id }`, { status: 'closed' }, [ 200 ] ], ( id ) => `/jobs/${ id }`, ( id ) => `/jobs/${ id }` ],
	[ 'job', [ 'POST', () => '/applications', null, [ 201 ] ], ( id ) => `/jobs/${ id }`, ( id ) => `/jobs/${ id }` ],
	// Deleting a key revokes it (it stays listed as revoked).
	[ 'key', [ 'PUT', ( id ) => `/api-keys/${ id }`, { name: 'Renamed' }, [ 200 ] ], ( id ) => `/api-keys/${ id }`, null ],
	[ 'webhook', [ 'PUT', ( id ) => `/webhooks/${ id }`, { active: false }, [ 200 ] ], ( id ) => `/webhooks/${ id }`, ( id ) => `/webhooks/${ id }` ],
	[ 'webhook', [ 'POST', ( id ) => `/webhooks/${ id }/rotate-secret`, {}, [ 200 ] ], ( id ) => `/webhooks/${ id }`, ( id ) => `/webhooks/${ id }` ],
	[ 'webhook', [ 'POST', ( id ) => `/webhooks/${ id }/test`, {}, [ 202 ] ], ( id ) => `/webhooks/${ id }`, ( id ) => `/webhooks/${ id }` ],
	[ 'note', [ 'DELETE', ( id ) => `/notes/${ id }`, undefined, [ 200 ] ], ( id ) => `/notes/${ id }`, ( id ) => `/notes/${ id }` ],
	[ 'rating', [ 'PUT', ( id ) => `/applications/${ id }/rating`, { score: 5 }, [ 200 ] ], ( id ) => `/applications/${ id }/rating`, null ],
];

for ( const [ record, [ method, writePath, body, success ], deletePath, readPath ] of pairs ) {
	test( `${ method } ${ writePath( `{${ record }}` ) } against DELETE ${ deletePath( `{${ record }}` ) }`, async () => {
		for ( let round = 0; round < ROUNDS; round++ ) {
			const id = await makers[ record ]();
			const payload = body ?? { job_id: id, candidate: { name: 'Late', email: 'late@example.com' } };
			const [ write, removal ] = await Promise.all( [
				request( method, NS + writePath( id ), { body: 'DELETE' === method ? undefined : payload } ),
				request( 'DELETE', NS + deletePath( id ) ),
			] );
			for ( const response of [ write, removal ] ) {
				assert.ok( response.status < 500, `round ${ round }: ${ response.status } ${ response.text.slice( 0, 500 ) }` );
			}
			if ( 'DELETE' === method ) {
				// Two deletes of one record: one wins, the other finds nothing.
				assert.deepEqual( [ write.status, removal.status ].sort(), [ 200, 404 ], `round ${ round }` );
			} else {
				expectStatus( removal, 200 );
				if ( ! success.includes( write.status ) ) {
					// The delete came first: a clear answer, nothing written.
					assert.ok( [ 400, 404 ].includes( write.status ), `round ${ round }: ${ write.status } ${ write.text.slice( 0, 500 ) }` );
					assert.equal( write.json?.data?.status, write.status );
				}
			}
			if ( readPath ) {
				expectError( await get( NS + readPath( id ) ), 404, 'resource_not_found' );
			} else if ( 'key' === record ) {
				assert.equal( expectStatus( await get( `${ NS }/api-keys/${ id }` ), 200 ).status, 'revoked' );
			}
		}
	} );
}

test( 'a job edited and deleted at once never comes back in the list', async () => {
	const listed = expectStatus( await get( `${ NS }/jobs`, { query: { per_page: 100 } } ), 200 );
	for ( const item of listed ) {
		expectStatus( await get( `${ NS }/jobs/${ item.id }` ), 200 );
	}
} );

// Ten creates with one external_id at once (issue #22): exactly one 201, the others the API's 400 naming the field,
// and one record with that external_id. Case-folded: the ids differ only in case, as ExternalId::key compares them.
const RACERS = 10;
const raced = {
	jobs: ( externalId ) => ( { title: 'Raced external id', status: 'publish', external_id: externalId } ),
	applications: ( externalId ) => ( { job_id: job.id, external_id: externalId, candidate: { name: 'Racer', email: 'racer@example.com' } } ),
};

for ( const [ collection, body ] of Object.entries( raced ) ) {
	test( `${ RACERS } concurrent POST /${ collection } with one external_id: one 201, the rest 400, one record`, async () => {
		for ( let round = 0; round < ROUNDS; round++ ) {
			const externalId = `race-${ collection }-${ round }`;
			const answers = await Promise.all(
				Array.from( { length: RACERS }, ( _, i ) => post( `${ NS }/${ collection }`, body( i % 2 ? externalId.toUpperCase() : externalId ) ) )
			);
			const created = answers.filter( ( answer ) => 201 === answer.status );
			assert.equal( created.length, 1, `round ${ round }: ${ answers.map( ( a ) => `${ a.status } ${ a.text.slice( 0, 200 ) }` ).join( '\n' ) }` );
			for ( const answer of answers.filter( ( a ) => 201 !== a.status ) ) {
				const error = expectError( answer, 400, 'rest_invalid_param' );
				assert.ok( error.data.params.external_id, answer.text );
			}
			const listed = expectStatus( await get( `${ NS }/${ collection }`, { query: { per_page: 100, context: 'edit' } } ), 200 );
			const owners = listed.filter( ( item ) => externalId === String( item.external_id ).toLowerCase() );
			assert.deepEqual( owners.map( ( item ) => item.id ), [ created[ 0 ].json.id ], `round ${ round }` );
		}
	} );
}
