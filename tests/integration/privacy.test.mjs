// Candidates in WordPress's privacy tools (issue #12, docs/api.md#privacy, docs/api.md#resources): the exporter and the eraser registered with
// WordPress, keyed by the candidate's e-mail address; erase = delete (with history, notes, ratings; report summaries
// consistent; application.deleted queued without personal data) or anonymise when the admin keeps figures (reports
// unchanged); webhook payloads redacted; the delivery log kept no longer than its setting; the suggested
// privacy-policy text. The full Tools → Export/Erase flow in a browser is tests/e2e/privacy.test.mjs.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectStatus, get, post, put, resetSite } from './lib/api.mjs';
import { cookieLogin, php, phpValue } from './lib/credentials.mjs';
import { application, iso, job } from './lib/fixtures.mjs';
import { eraseFor, exportFor } from './lib/privacy.mjs';
import { assertSummariesConsistent } from './lib/reports.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 180_000;
const DAY = 86400000;

const runCron = async () => expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );
const dbSearch = async ( needle ) => expectStatus( await post( '/recruiting-test/v1/db-search', { needle } ), 200 ).found;

const applicationIds = async ( email ) => ( await phpValue( `\\RecruitingReports\\Data\\ApplicationEraser::ids_for_email( ${ JSON.stringify( email ) }, 100 )` ) );

let jobId;
let webhook;

/** A candidate with three applications (one hired), notes, a status-change note, ratings, and a webhook delivery. */
async function seedCandidate( prefix, email ) {
	const now = Date.now();
	expectStatus(
		await post( `${ NS }/import`, {
			applications: [ 0, 1, 2 ].map( ( i ) =>
				application( `${ prefix }-${ i }`, 'priv-job', {
					candidate: { name: `Grace ${ prefix } Hopper`, email: i === 1 ? email.toUpperCase() : email, phone: '+1 555 0100' },
					applied_at: iso( now - ( 60 - i ) * DAY ),
					history: i === 0 ? [ { status: 'screening', at: iso( now - 55 * DAY ) }, { status: 'hired', at: iso( now - 40 * DAY ) } ] : [],
				} )
			),
		} ),
		200
	);
	const ids = await applicationIds( email );
	assert.equal( ids.length, 3 );
	expectStatus( await put( `${ NS }/applications/${ ids[ 1 ] }/status`, { status: 'interview', note: `Interview note about ${ prefix }` } ), 200 );
	expectStatus( await post( `${ NS }/applications/${ ids[ 1 ] }/notes`, { content: `Private note about ${ prefix }` } ), 201 );
	expectStatus( await put( `${ NS }/applications/${ ids[ 1 ] }/rating`, { score: 4 } ), 200 );
	// A submission through the API queues an application.created delivery with the candidate in it.
	expectStatus( await post( `${ NS }/applications`, { job_id: jobId, candidate: { name: `Grace ${ prefix } Hopper`, email } } ), 201 );
	return applicationIds( email );
}

before( async () => {
	await resetSite();
	const summary = expectStatus(
		await post( `${ NS }/import`, {
			jobs: [ job( 'priv-job', { title: 'Privacy officer' } ) ],
			applications: [ application( 'priv-other', 'priv-job', { candidate: { name: 'Other Person', email: 'other@example.com' } } ) ],
		} ),
		200
	);
	jobId = summary.jobs.ids[ 'priv-job' ];
	webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/hook', events: [ 'application.created', 'application.deleted' ] } ), 201 );
} );

test( 'the exporter is registered and exports applications, history notes, notes, ratings and webhook payloads', { timeout: TIMEOUT }, async () => {
	await seedCandidate( 'exp', 'grace.exp@example.com' );
	const exported = await exportFor( 'Grace.Exp@Example.com' );
	assert.equal( exported.name, 'Recruiting applications' );
	const groups = ( id ) => exported.items.filter( ( item ) => item.group_id === id );
	const values = ( item ) => Object.fromEntries( item.data.map( ( { name, value } ) => [ name, value ] ) );
	const apps = groups( 'recruiting-applications' ).map( values );
	assert.equal( apps.length, 4 );
	assert.ok( apps.every( ( app ) => app.Job === 'Privacy officer' && app.Name === 'Grace exp Hopper' ) );
	assert.ok( apps.some( ( app ) => app[ 'Ratings (1–5)' ] === '4' ) );
	assert.ok( groups( 'recruiting-application-history' ).map( values ).some( ( entry ) => entry.Note === 'Interview note about exp' && entry.To === 'interview' ) );
	assert.deepEqual( groups( 'recruiting-application-notes' ).map( values ).map( ( note ) => note.Note ), [ 'Private note about exp' ] );
	const deliveries = groups( 'recruiting-webhook-deliveries' ).map( values );
	assert.equal( deliveries.length, 1 );
	assert.equal( deliveries[ 0 ][ 'Sent to' ], new URL( webhook.url ).hostname );
	assert.equal( JSON.parse( deliveries[ 0 ].Content ).data.application.candidate.email, 'grace.exp@example.com' );
	// Nobody else's data.
	assert.ok( ! JSON.stringify( exported ).includes( 'other@example.com' ) );
	assert.deepEqual( ( await exportFor( 'nobody@example.com' ) ).items, [] );
} );

test( 'erase (default): applications deleted with history, notes and ratings, summaries consistent, payloads redacted, application.deleted queued without personal data', { timeout: TIMEOUT }, async () => {
	const email = 'grace.del@example.com';
	const ids = await seedCandidate( 'del', email );
	const before = expectStatus( await get( '/recruiting-test/v1/state' ), 200 ).tables;
	const calls = await eraseFor( email );
	assert.ok( calls.at( -1 ).done );
	assert.ok( calls.some( ( call ) => call.items_removed ) );
	assert.ok( calls.every( ( call ) => ! call.items_retained ) );
	assert.deepEqual( await applicationIds( email ), [] );
	for ( const id of ids ) {
		expectStatus( await get( `${ NS }/applications/${ id }` ), 404 );
	}
	const after = expectStatus( await get( '/recruiting-test/v1/state' ), 200 ).tables;
	assert.equal( after.applications, before.applications - 4 );
	assert.equal( after.notes, before.notes - 1 );
	assert.equal( after.ratings, before.ratings - 1 );
	await assertSummariesConsistent();
	// Not a trace of the address, the name or the notes anywhere in the database.
	for ( const needle of [ email, 'Grace del Hopper', 'about del' ] ) {
		assert.deepEqual( await dbSearch( needle ), [], needle );
	}
	assert.ok( ( await dbSearch( 'other@example.com' ) ).length > 0 );
	// Receivers learn that the applications are gone, by id only.
	const deliveries = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { query: { per_page: 100 } } ), 200 );
	const deleted = deliveries.filter( ( delivery ) => delivery.event === 'application.deleted' );
	assert.equal( deleted.length, 4 );
	assert.deepEqual( deleted.map( ( delivery ) => delivery.payload.data.application.id ).sort(), [ ...ids ].sort() );
	assert.ok( deleted.every( ( delivery ) => ! JSON.stringify( delivery.payload ).includes( 'Grace' ) ) );
} );

test( 'erase with "keep figures": anonymised, timeline kept, reports unchanged, notes gone', { timeout: TIMEOUT }, async () => {
	expectStatus( await put( `${ NS }/settings`, { anonymise_on_erasure: true } ), 200 );
	const email = 'grace.anon@example.com';
	const ids = await seedCandidate( 'anon', email );
	const reports = async () => [ expectStatus( await get( `${ NS }/reports/overview` ), 200 ), expectStatus( await get( `${ NS }/reports/time-to-hire` ), 200 ) ];
	const before = await reports();
	const historyBefore = ( await Promise.all( ids.map( async ( id ) => expectStatus( await get( `${ NS }/applications/${ id }` ), 200 ).history ) ) ).map( ( history ) => history.map( ( { from, to, at } ) => ( { from, to, at } ) ) );
	const calls = await eraseFor( email );
	assert.ok( calls.at( -1 ).done && calls.some( ( call ) => call.items_removed ) );
	assert.ok( calls.some( ( call ) => call.messages.some( ( message ) => /anonymised/.test( message ) ) ) );
	for ( const [ i, id ] of ids.entries() ) {
		const app = expectStatus( await get( `${ NS }/applications/${ id }` ), 200 );
		assert.deepEqual( app.candidate, { name: '[deleted]', email: 'deleted@site.invalid', phone: '' } );
		assert.equal( app.external_id, null );
		assert.deepEqual( app.history.map( ( { from, to, at } ) => ( { from, to, at } ) ), historyBefore[ i ] );
		assert.ok( app.history.every( ( entry ) => entry.note === null ) );
		assert.deepEqual( expectStatus( await get( `${ NS }/applications/${ id }/notes` ), 200 ), [] );
	}
	assert.deepEqual( await reports(), before );
	await assertSummariesConsistent();
	for ( const needle of [ email, 'Grace anon Hopper', 'about anon' ] ) {
		assert.deepEqual( await dbSearch( needle ), [], needle );
	}
	expectStatus( await put( `${ NS }/settings`, { anonymise_on_erasure: false } ), 200 );
} );

test( 'the delivery log is kept no longer than delivery_log_days (default 30), enforced by a cron event', { timeout: TIMEOUT }, async () => {
	assert.equal( expectStatus( await get( `${ NS }/settings` ), 200 ).delivery_log_days, 30 );
	assert.ok( await phpValue( "(bool) wp_next_scheduled( 'recruiting_reports_purge_deliveries' )" ) );
	expectStatus( await post( `${ NS }/applications`, { job_id: jobId, candidate: { name: 'Old Log', email: 'old.log@example.com' } } ), 201 );
	expectStatus( await post( `${ NS }/applications`, { job_id: jobId, candidate: { name: 'New Log', email: 'new.log@example.com' } } ), 201 );
	// Both delivered or failed (nothing listens on port 9) long ago / recently.
	await php( `global $wpdb; $t = $wpdb->prefix . 'recruiting_webhook_deliveries';
		$wpdb->query( "UPDATE $t SET status = 'failed', next_attempt_at = NULL" );
		$wpdb->query( $wpdb->prepare( "UPDATE $t SET updated_at = %d WHERE payload LIKE '%old.log@%'", time() - 3 * DAY_IN_SECONDS ) );
		$wpdb->query( $wpdb->prepare( "UPDATE $t SET updated_at = %d WHERE payload LIKE '%new.log@%'", time() - 12 * HOUR_IN_SECONDS ) );` );
	// More old deliveries than one purge batch (500), each with an attempt, and an attempt of the recent one.
	const newId = await phpValue( `\\RecruitingReports\\Data\\DeliveryRepository::mentioning( 'new.log@', 1 )[0]['id']` );
	await php( `global $wpdb; $t = $wpdb->prefix . 'recruiting_webhook_deliveries'; $a = $wpdb->prefix . 'recruiting_webhook_attempts';
		$old = \\RecruitingReports\\Data\\DeliveryRepository::mentioning( 'old.log@', 1 )[0];
		unset( $old['id'], $old['url'] );
		for ( $i = 0; $i < 1050; $i++ ) {
			$wpdb->insert( $t, array_merge( $old, array( 'delivery_uuid' => wp_generate_uuid4() ) ) );
			$wpdb->insert( $a, array( 'delivery_id' => $wpdb->insert_id, 'attempted_at' => $old['updated_at'], 'error' => 'refused', 'duration_ms' => 1 ) );
		}
		$wpdb->insert( $a, array( 'delivery_id' => ${ Number( newId ) }, 'attempted_at' => time(), 'error' => 'refused', 'duration_ms' => 1 ) );` );
	const count = ( sql ) => phpValue( `(int) $GLOBALS['wpdb']->get_var( str_replace( array( '{d}', '{a}' ), array( $GLOBALS['wpdb']->prefix . 'recruiting_webhook_deliveries', $GLOBALS['wpdb']->prefix . 'recruiting_webhook_attempts' ), ${ JSON.stringify( sql ) } ) )` );
	const recentAttempts = `SELECT COUNT(*) FROM {a} WHERE delivery_id = ${ Number( newId ) }`;
	const recentBefore = await count( recentAttempts );
	assert.ok( recentBefore >= 1 );
	expectStatus( await put( `${ NS }/settings`, { delivery_log_days: 2 } ), 200 );
	await runCron();
	const inLog = async ( email ) => ( await dbSearch( email ) ).some( ( where ) => where.endsWith( 'webhook_deliveries.payload' ) );
	assert.equal( await inLog( 'old.log@example.com' ), false );
	assert.equal( await inLog( 'new.log@example.com' ), true );
	assert.equal( await count( 'SELECT COUNT(*) FROM {a} WHERE delivery_id NOT IN (SELECT id FROM {d})' ), 0, 'the old deliveries\' attempts went with them' );
	assert.equal( await count( recentAttempts ), recentBefore, 'the recent delivery\'s attempts are kept' );
	for ( const bad of [ 0, 3651, 'week' ] ) {
		expectStatus( await put( `${ NS }/settings`, { delivery_log_days: bad } ), 400 );
	}
	expectStatus( await put( `${ NS }/settings`, { delivery_log_days: 30 } ), 200 );
} );

test( 'the suggested privacy-policy text names what webhooks send to other services', { timeout: TIMEOUT }, async () => {
	const { cookie } = await cookieLogin();
	const response = await fetch( `${ process.env.RR_BASE_URL.replace( /\/$/, '' ) }/wp-admin/options-privacy.php?tab=policyguide`, { headers: { Cookie: cookie } } );
	const html = await response.text();
	assert.equal( response.status, 200 );
	assert.match( html, /Recruiting Reports/ );
	assert.match( html, /Data shared with other services/ );
	assert.match( html, /your name, e-mail address and phone number, the job, the status and the dates/ );
	// The administrator's note lists where the webhooks of this site send.
	assert.match( html, /Webhooks on this site currently send to: 127\.0\.0\.1/ );
} );
