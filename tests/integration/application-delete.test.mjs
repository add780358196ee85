// Deleting (issue #12, docs/api.md#resources): DELETE /applications/{id} needs Settings and removes the application with its history,
// notes and ratings, keeps the report summaries consistent and queues application.deleted; a note can be deleted by
// its author or by a user with Settings, anyone else gets 403.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { del, expectError, expectStatus, get, post, put, resetSite } from './lib/api.mjs';
import { keyHeader, makeKeyFor, makeUser, php } from './lib/credentials.mjs';
import { assertSummariesConsistent } from './lib/reports.mjs';
import { application, iso, job } from './lib/fixtures.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;
const DAY = 86400000;

let recruiterA;
let recruiterB;
let ids;
let webhook;

before( async () => {
	await resetSite();
	const now = Date.now();
	const summary = expectStatus(
		await post( `${ NS }/import`, {
			jobs: [ job( 'del-job' ) ],
			applications: [ 0, 1, 2 ].map( ( i ) =>
				application( `del-${ i }`, 'del-job', {
					applied_at: iso( now - ( 50 - i ) * DAY ),
					history: [ { status: 'screening', at: iso( now - 45 * DAY ) }, { status: 'offer', at: iso( now - 40 * DAY ) }, { status: 'hired', at: iso( now - 30 * DAY ) } ],
				} )
			),
		} ),
		200
	);
	const list = expectStatus( await get( `${ NS }/applications`, { query: { job_id: summary.jobs.ids[ 'del-job' ], orderby: 'id', order: 'asc' } } ), 200 );
	ids = list.map( ( app ) => app.id );
	recruiterA = await makeUser( 'del-recruiter-a', 'recruiter' );
	recruiterB = await makeUser( 'del-recruiter-b', 'recruiter' );
	webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/hook', events: [ 'application.deleted' ] } ), 201 );
} );

test( 'DELETE /applications/{id}: Settings only; history, notes and ratings go; summaries consistent; application.deleted queued', { timeout: TIMEOUT }, async () => {
	const id = ids[ 0 ];
	expectStatus( await post( `${ NS }/applications/${ id }/notes`, { content: 'a note' }, { auth: recruiterA.auth } ), 201 );
	expectStatus( await put( `${ NS }/applications/${ id }/rating`, { score: 5 }, { auth: recruiterA.auth } ), 200 );
	const overviewBefore = expectStatus( await get( `${ NS }/reports/overview` ), 200 );

	expectError( await del( `${ NS }/applications/${ id }`, { auth: recruiterA.auth } ), 403, 'insufficient_permissions' );
	expectError( await del( `${ NS }/applications/999999999` ), 404, 'resource_not_found' );
	const deleted = expectStatus( await del( `${ NS }/applications/${ id }` ), 200 );
	assert.equal( deleted.deleted, true );
	assert.equal( deleted.previous.id, id );
	expectError( await get( `${ NS }/applications/${ id }` ), 404, 'resource_not_found' );
	expectError( await del( `${ NS }/applications/${ id }` ), 404, 'resource_not_found' );

	const left = JSON.parse(
		await php( `global $wpdb; $p = $wpdb->prefix . 'recruiting_';
			echo wp_json_encode( array_map( 'intval', array(
				$wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$p}status_history WHERE application_id = %d", ${ id } ) ),
				$wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$p}notes WHERE application_id = %d", ${ id } ) ),
				$wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$p}ratings WHERE application_id = %d", ${ id } ) ),
			) ) );` )
	);
	assert.deepEqual( left, [ 0, 0, 0 ] );
	const overviewAfter = expectStatus( await get( `${ NS }/reports/overview` ), 200 );
	assert.equal( overviewAfter.applications.total, overviewBefore.applications.total - 1 );
	assert.equal( overviewAfter.applications.by_status.hired, overviewBefore.applications.by_status.hired - 1 );
	await assertSummariesConsistent();

	const [ delivery ] = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries` ), 200 );
	assert.equal( delivery.event, 'application.deleted' );
	assert.deepEqual( delivery.payload.data, { application: { id, job_id: deleted.previous.job_id } } );
} );

test( 'an API key needs the Settings permission to delete an application', { timeout: TIMEOUT }, async () => {
	const admin = expectStatus( await get( '/wp/v2/users/me' ), 200 );
	const writer = await makeKeyFor( admin.id, [ 'recruiting_read_applications', 'recruiting_write_applications' ] );
	const settings = await makeKeyFor( admin.id, [ 'recruiting_manage_settings' ] );
	expectError( await del( `${ NS }/applications/${ ids[ 1 ] }`, { auth: keyHeader( writer.key ) } ), 403, 'insufficient_permissions' );
	expectStatus( await del( `${ NS }/applications/${ ids[ 1 ] }`, { auth: keyHeader( settings.key ) } ), 200 );
} );

test( 'a note can be deleted by its author or a Settings holder; another writer gets 403', { timeout: TIMEOUT }, async () => {
	const id = ids[ 2 ];
	const noteA = expectStatus( await post( `${ NS }/applications/${ id }/notes`, { content: 'by A' }, { auth: recruiterA.auth } ), 201 );
	const noteA2 = expectStatus( await post( `${ NS }/applications/${ id }/notes`, { content: 'by A, again' }, { auth: recruiterA.auth } ), 201 );
	const noteB = expectStatus( await post( `${ NS }/applications/${ id }/notes`, { content: 'by B' }, { auth: recruiterB.auth } ), 201 );

	const refused = expectError( await del( `${ NS }/notes/${ noteA.id }`, { auth: recruiterB.auth } ), 403, 'insufficient_permissions' );
	assert.match( refused.message, /author/ );
	expectStatus( await get( `${ NS }/notes/${ noteA.id }` ), 200 );
	// A's API key acts as A.
	const keyA = await makeKeyFor( recruiterA.id, [ 'recruiting_read_applications', 'recruiting_write_applications' ] );
	expectError( await del( `${ NS }/notes/${ noteB.id }`, { auth: keyHeader( keyA.key ) } ), 403, 'insufficient_permissions' );
	expectStatus( await del( `${ NS }/notes/${ noteA2.id }`, { auth: keyHeader( keyA.key ) } ), 200 );
	expectStatus( await del( `${ NS }/notes/${ noteA.id }`, { auth: recruiterA.auth } ), 200 );
	// The admin (Settings) deletes anyone's note.
	expectStatus( await del( `${ NS }/notes/${ noteB.id }` ), 200 );
	assert.deepEqual( expectStatus( await get( `${ NS }/applications/${ id }/notes` ), 200 ), [] );
} );
