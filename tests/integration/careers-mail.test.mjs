// Careers step 8 (issue #24): the apply form's e-mails, sent to a real SMTP server on 127.0.0.1 (Debian's
// python3-aiosmtpd, lib/smtp-sink.mjs) through wp_mail() (the test mu-plugin recruiting-test-mail.php points
// PHPMailer at it, as an SMTP plugin would). An application queues a confirmation to the candidate and a
// notification to the job's contact — the request itself sends nothing — and WP-Cron (run explicitly here) sends
// them: multipart/alternative with the placeholders filled, escaped in the HTML part, the wp-admin link only to the
// team. A mail server that is down: retried with backoff, delivered exactly once when it is back; failed after the
// last attempt, with its error in the log, and sent again on request. Edited templates, the default recipients
// and the site's address when nobody is configured; API applications send none; erasure takes queued e-mails along.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { del, expectError, expectStatus, get, post, put, resetSite, site } from './lib/api.mjs';
import { php, phpValue } from './lib/credentials.mjs';
import { submitApplication } from './lib/apply-form.mjs';
import { smtpSink } from './lib/smtp-sink.mjs';
import { eraseFor, exportFor } from './lib/privacy.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;

let jobs;
let smtp;

const runCron = async () => expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );
const advance = async ( seconds ) => expectStatus( await post( '/recruiting-test/v1/advance', { seconds } ), 200 );
const mailLog = async ( query = {} ) => expectStatus( await get( `${ NS }/mail-log`, { query: { per_page: 100, ...query } } ), 200 );

/** Applies through the form as a visitor; returns the new application's id (from the e-mail log). */
async function apply( job, fields ) {
	const response = await submitApplication( job.link, { rr_email: `${ Math.random().toString( 36 ).slice( 2, 10 ) }@example.com`, ...fields }, { jobId: job.id } );
	assert.equal( response.status, 303, response.html.slice( 0, 500 ) );
	return ( await mailLog() )[ 0 ].application_id;
}

/** The messages the server received since `before` (a count), by kind: the candidate's and the team's. */
function received( before, candidate ) {
	const messages = smtp.messages().slice( before );
	return {
		messages,
		confirmation: messages.find( ( m ) => m.rcpt_tos.includes( candidate ) ),
		notification: messages.find( ( m ) => ! m.rcpt_tos.includes( candidate ) ),
	};
}

/** A part's content, with the line ends of SMTP (CRLF) back to the templates' (LF). */
const part = ( message, type ) => ( message.parts.find( ( p ) => p.type === type )?.content ?? '' ).replace( /\r\n/g, '\n' );

before( async () => {
	await resetSite();
	const created = await post( `${ NS }/import`, { jobs: [
		{ external_id: 'mail-contact', title: 'R&D Nurse "Senior" <Ward 3>', status: 'publish', contact_email: 'hiring@example.com' },
		{ external_id: 'mail-none', title: 'Porter', status: 'publish' },
	] } );
	expectStatus( created, 200 );
	jobs = {};
	for ( const key of [ 'contact', 'none' ] ) {
		const id = await phpValue( `(int) $GLOBALS['wpdb']->get_var( "SELECT post_id FROM {$GLOBALS['wpdb']->postmeta} WHERE meta_key = '_recruiting_external_id' AND meta_value = 'mail-${ key }'" )` );
		jobs[ key ] = { id, link: await phpValue( `get_permalink( ${ id } )`, ), title: await phpValue( `get_post( ${ id } )->post_title` ) };
	}
	smtp = await smtpSink();
	await smtp.start();
	await php( `update_option( 'recruiting_test_apply_min_seconds', '0' ); update_option( 'recruiting_test_apply_rate_limit', '1000' ); update_option( 'recruiting_test_smtp_port', ${ smtp.port } );` );
} );

// Test options leave with the test (the uninstall suite checks that no recruiting option remains).
after( async () => {
	await php( `delete_option( 'recruiting_test_apply_min_seconds' ); delete_option( 'recruiting_test_apply_rate_limit' ); delete_option( 'recruiting_test_smtp_port' ); delete_option( 'recruiting_test_mail_filter' );` );
	await smtp.dispose();
} );

test( 'an application queues both e-mails in the request; the cron sends them once, HTML with a text part, placeholders filled and escaped', { timeout: TIMEOUT }, async () => {
	const before = smtp.messages().length;
	const candidate = 'zoe.obrien@example.com';
	const id = await apply( jobs.contact, { rr_name: 'Zoë O\'Brien & <Co>', rr_email: candidate, rr_cover_letter: 'A private cover letter' } );
	// Queued, not sent: the server has nothing, the log has both pending.
	assert.equal( smtp.messages().length, before, 'the request sent nothing' );
	const queued = ( await mailLog() ).filter( ( m ) => m.application_id === id );
	assert.deepEqual( queued.map( ( m ) => [ m.kind, m.status, m.attempts ] ).sort(), [ [ 'application_confirmation', 'pending', 0 ], [ 'application_notification', 'pending', 0 ] ] );

	await runCron();
	const { messages, confirmation, notification } = received( before, candidate );
	assert.equal( messages.length, 2 );
	const title = jobs.contact.title;
	const name = 'Zoë O\'Brien & <Co>'.replace( /<[^>]*>/g, '' ).trim();
	assert.ok( title.includes( '&' ) && title.includes( '"' ), `the title keeps its special characters: ${ title }` );

	assert.deepEqual( confirmation.rcpt_tos, [ candidate ] );
	assert.equal( confirmation.headers.subject, `We received your application: ${ title }` );
	assert.equal( confirmation.headers[ 'reply-to' ], 'hiring@example.com' );
	assert.equal( confirmation.content_type, 'multipart/alternative' );
	assert.deepEqual( confirmation.parts.map( ( p ) => p.type ), [ 'text/plain', 'text/html' ] );
	assert.match( part( confirmation, 'text/plain' ), new RegExp( `^Dear ${ name.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) },\\n\\nthank you for applying for ` ) );
	assert.ok( part( confirmation, 'text/plain' ).includes( title ) );
	const html = part( confirmation, 'text/html' );
	assert.ok( html.includes( `Dear ${ name.replace( /&/g, '&amp;' ).replace( /'/g, '&#039;' ) },` ), html );
	assert.ok( html.includes( title.replace( /&/g, '&amp;' ).replace( /"/g, '&quot;' ).replace( /</g, '&lt;' ).replace( />/g, '&gt;' ) ), html );
	assert.ok( ! html.includes( '<Ward' ) && ! html.includes( '<Co' ), 'no value is markup' );
	assert.match( html, /<p style="[^"]*">Dear /, 'paragraphs' );

	assert.deepEqual( notification.rcpt_tos, [ 'hiring@example.com' ] );
	assert.equal( notification.headers.subject, `New application for ${ title }: ${ name }` );
	assert.equal( notification.headers[ 'reply-to' ], candidate );
	const link = `${ site.url }/wp-admin/admin.php?page=recruiting-reports-applications&application=${ id }`;
	assert.ok( part( notification, 'text/plain' ).includes( `See the application: ${ link }` ), part( notification, 'text/plain' ) );
	assert.ok( part( notification, 'text/html' ).includes( `<a href="${ link.replace( /&/g, '&#038;' ) }">` ), part( notification, 'text/html' ) );

	// Nothing secret: no wp-admin link for the candidate, no CV, no cover letter, no form token, no private path.
	for ( const message of messages ) {
		const all = JSON.stringify( message );
		for ( const secret of [ '%PDF', 'A private cover letter', 'rr_token', 'recruiting-reports-private', site.adminAppPassword ] ) {
			assert.ok( ! all.includes( secret ), `${ message.rcpt_tos } holds ${ secret }` );
		}
	}
	assert.ok( ! JSON.stringify( confirmation ).includes( 'wp-admin' ), 'the candidate gets no wp-admin link' );

	const log = ( await mailLog() ).filter( ( m ) => m.application_id === id );
	assert.deepEqual( log.map( ( m ) => [ m.status, m.attempts, m.last_error ] ), [ [ 'sent', 1, null ], [ 'sent', 1, null ] ] );
	assert.ok( log.every( ( m ) => m.sent_at && m.next_attempt_at === null ) );
	await runCron();
	assert.equal( smtp.messages().length, before + 2, 'a second cron run sends nothing again' );
} );

test( 'a mail server that is down: the attempt fails and is logged, retried after the backoff, then delivered exactly once', { timeout: TIMEOUT }, async () => {
	await smtp.stop();
	const before = smtp.messages().length;
	const id = await apply( jobs.contact, { rr_name: 'Grace Hopper', rr_email: 'grace@example.com' } );
	await runCron();
	let log = ( await mailLog() ).filter( ( m ) => m.application_id === id );
	assert.deepEqual( log.map( ( m ) => [ m.status, m.attempts ] ), [ [ 'pending', 1 ], [ 'pending', 1 ] ] );
	for ( const message of log ) {
		assert.match( message.last_error, /SMTP|connect/i );
		const wait = Date.parse( message.next_attempt_at ) - Date.parse( message.updated_at );
		assert.ok( wait >= 59_000 && wait <= 61_000, `the first retry waits a minute (${ wait } ms)` );
	}
	// Not due yet: a cron run now attempts nothing.
	await runCron();
	log = ( await mailLog() ).filter( ( m ) => m.application_id === id );
	assert.deepEqual( log.map( ( m ) => m.attempts ), [ 1, 1 ] );

	await smtp.start();
	await advance( 60 );
	await runCron();
	log = ( await mailLog() ).filter( ( m ) => m.application_id === id );
	assert.deepEqual( log.map( ( m ) => [ m.status, m.attempts, m.last_error ] ), [ [ 'sent', 2, null ], [ 'sent', 2, null ] ] );
	await advance( 86400 );
	await runCron();
	const { messages } = received( before, 'grace@example.com' );
	assert.equal( messages.length, 2, 'each e-mail arrived once' );
	assert.deepEqual( messages.map( ( m ) => m.rcpt_tos[ 0 ] ).sort(), [ 'grace@example.com', 'hiring@example.com' ] );
} );

test( 'after the last attempt an e-mail is failed with its error, never lost silently, and POST /mail-log/{id}/retry sends it', { timeout: TIMEOUT }, async () => {
	await smtp.stop();
	const before = smtp.messages().length;
	const id = await apply( jobs.contact, { rr_name: 'Alan Turing', rr_email: 'alan@example.com' } );
	for ( let attempt = 1; attempt <= 6; attempt++ ) {
		await runCron();
		await advance( 86400 );
	}
	const failed = ( await mailLog( { status: 'failed' } ) ).filter( ( m ) => m.application_id === id );
	assert.deepEqual( failed.map( ( m ) => [ m.attempts, m.max_attempts, m.next_attempt_at ] ), [ [ 6, 6, null ], [ 6, 6, null ] ] );
	assert.ok( failed.every( ( m ) => /SMTP|connect/i.test( m.last_error ) ) );
	await runCron();
	assert.equal( ( await mailLog( { status: 'failed' } ) ).filter( ( m ) => m.application_id === id ).length, 2, 'a failed e-mail stays failed' );

	await smtp.start();
	const retried = expectStatus( await post( `${ NS }/mail-log/${ failed[ 0 ].id }/retry`, {} ), 202 );
	assert.deepEqual( [ retried.status, retried.attempts ], [ 'pending', 0 ] );
	expectError( await post( `${ NS }/mail-log/${ failed[ 0 ].id }/retry`, {} ), 400, 'rest_invalid_param' );
	expectError( await post( `${ NS }/mail-log/999999/retry`, {} ), 404, 'resource_not_found' );
	await runCron();
	assert.equal( smtp.messages().length, before + 1, 'only the retried e-mail went' );
	assert.equal( ( await mailLog() ).find( ( m ) => m.id === failed[ 0 ].id ).status, 'sent' );
} );

test( 'a send interrupted mid-way (its sender died, the claim ran out) is failed with the reason, never sent again by itself', { timeout: TIMEOUT }, async () => {
	const before = smtp.messages().length;
	const id = await apply( jobs.contact, { rr_name: 'Interrupted Person', rr_email: 'interrupted@example.com' } );
	// As a cron run leaves them when its process dies after claiming: "sending", with the claim's end in the past.
	await php( `global $wpdb; $wpdb->query( $wpdb->prepare( "UPDATE %i SET status = 'sending', next_attempt_at = %d WHERE application_id = %d", RecruitingReports\\Data\\Schema::table( 'mail_outbox' ), time() - 1, ${ id } ) );` );
	await runCron();
	const log = ( await mailLog() ).filter( ( m ) => m.application_id === id );
	assert.deepEqual( log.map( ( m ) => [ m.status, m.next_attempt_at ] ), [ [ 'failed', null ], [ 'failed', null ] ] );
	assert.ok( log.every( ( m ) => /interrupted.*may or may not have left/.test( m.last_error ) ), log[ 0 ].last_error );
	await advance( 86400 );
	await runCron();
	assert.equal( smtp.messages().length, before, 'nothing was sent' );
} );

test( 'edited templates are used; an empty one or the default text itself is stored as "the default" (which follows the site language)', { timeout: TIMEOUT }, async ( t ) => {
	t.after( async () => expectStatus( await put( `${ NS }/settings`, { mail_candidate_subject: '', mail_candidate_body: '', mail_notify_subject: '', mail_notify_body: '' } ), 200 ) );
	const defaults = expectStatus( await get( `${ NS }/settings` ), 200 );
	assert.equal( defaults.mail_candidate_subject, 'We received your application: {job_title}' );
	const edited = {
		mail_candidate_subject: 'Thanks, {candidate_name}!',
		mail_candidate_body: 'Hello {candidate_name},\n\n{site_name} got your application for {job_title}.\nLink: {application_url}',
		mail_notify_subject: '[{site_name}] {job_title}',
		mail_notify_body: 'Open {application_url}',
	};
	const saved = expectStatus( await put( `${ NS }/settings`, edited ), 200 );
	assert.deepEqual( Object.fromEntries( Object.keys( edited ).map( ( k ) => [ k, saved[ k ] ] ) ), edited );

	const before = smtp.messages().length;
	const id = await apply( jobs.contact, { rr_name: 'Ada Lovelace', rr_email: 'ada.l@example.com' } );
	await runCron();
	const { confirmation, notification } = received( before, 'ada.l@example.com' );
	const siteName = await phpValue( `get_bloginfo( 'name' )` );
	assert.equal( confirmation.headers.subject, 'Thanks, Ada Lovelace!' );
	assert.equal( part( confirmation, 'text/plain' ).trim(), `Hello Ada Lovelace,\n\n${ siteName } got your application for ${ jobs.contact.title }.\nLink:` );
	assert.match( part( confirmation, 'text/html' ), /<br>\nLink: <\/p>/, 'a line break, and no link for the candidate' );
	assert.equal( notification.headers.subject, `[${ siteName }] ${ jobs.contact.title }` );
	assert.ok( part( notification, 'text/plain' ).trim().endsWith( `&application=${ id }` ) );

	// Reset: '' (the settings screen's button) and the default text itself are both stored as '' and shown as the default.
	const reset = expectStatus( await put( `${ NS }/settings`, { mail_candidate_subject: '', mail_candidate_body: defaults.mail_candidate_body } ), 200 );
	assert.equal( reset.mail_candidate_subject, defaults.mail_candidate_subject );
	assert.equal( reset.mail_candidate_body, defaults.mail_candidate_body );
	const stored = await phpValue( `get_option( 'recruiting_reports_settings' )` );
	assert.deepEqual( [ stored.mail_candidate_subject, stored.mail_candidate_body, stored.mail_notify_subject ], [ '', '', edited.mail_notify_subject ] );
	expectError( await put( `${ NS }/settings`, { mail_notify_subject: 'x'.repeat( 201 ) } ), 400, 'rest_invalid_param' );
} );

test( 'a job without a contact notifies the default addresses; with none configured, the site’s administration address', { timeout: TIMEOUT }, async () => {
	expectError( await put( `${ NS }/settings`, { mail_notify_to: [ 'team@example.com', 'not an address' ] } ), 400, 'rest_invalid_param' );
	expectStatus( await put( `${ NS }/settings`, { mail_notify_to: [ 'team@example.com', 'hr@example.com' ] } ), 200 );
	let before = smtp.messages().length;
	await apply( jobs.none, { rr_name: 'Mary Seacole', rr_email: 'mary@example.com' } );
	await runCron();
	let { confirmation, notification } = received( before, 'mary@example.com' );
	assert.deepEqual( notification.rcpt_tos.sort(), [ 'hr@example.com', 'team@example.com' ] );
	assert.equal( notification.headers.subject, 'New application for Porter: Mary Seacole' );
	assert.equal( confirmation.headers[ 'reply-to' ], undefined, 'no contact to reply to' );

	// The job's contact wins over the default list.
	before = smtp.messages().length;
	await apply( jobs.contact, { rr_name: 'Mary Seacole', rr_email: 'mary2@example.com' } );
	await runCron();
	assert.deepEqual( received( before, 'mary2@example.com' ).notification.rcpt_tos, [ 'hiring@example.com' ] );

	expectStatus( await put( `${ NS }/settings`, { mail_notify_to: [] } ), 200 );
	before = smtp.messages().length;
	await apply( jobs.none, { rr_name: 'Florence Nightingale', rr_email: 'florence@example.com' } );
	await runCron();
	( { confirmation, notification } = received( before, 'florence@example.com' ) );
	assert.deepEqual( notification.rcpt_tos, [ await phpValue( `get_option( 'admin_email' )` ) ] );
	assert.deepEqual( confirmation.rcpt_tos, [ 'florence@example.com' ] );
} );

test( 'applications through the API send no e-mail; erasing an application deletes its e-mails, queued or sent', { timeout: TIMEOUT }, async () => {
	const before = smtp.messages().length;
	const logged = ( await mailLog() ).length;
	const created = expectStatus( await post( `${ NS }/applications`, { job_id: jobs.contact.id, candidate: { name: 'Api Person', email: 'api@example.com' } } ), 201 );
	await runCron();
	assert.equal( smtp.messages().length, before );
	assert.equal( ( await mailLog() ).length, logged );
	expectStatus( await del( `${ NS }/applications/${ created.id }` ), 200 );

	const id = await apply( jobs.contact, { rr_name: 'Erased Person', rr_email: 'erased@example.com' } );
	assert.equal( ( await mailLog() ).filter( ( m ) => m.application_id === id ).length, 2 );
	expectStatus( await del( `${ NS }/applications/${ id }` ), 200 );
	assert.equal( ( await mailLog() ).filter( ( m ) => m.application_id === id ).length, 0 );
	await runCron();
	assert.equal( smtp.messages().length, before, 'the queued e-mails went with the application' );
} );

test( 'the recruiting_reports_mail filter changes a message before it is queued, or drops it', { timeout: TIMEOUT }, async ( t ) => {
	t.after( () => php( `delete_option( 'recruiting_test_mail_filter' );` ) );
	await php( `update_option( 'recruiting_test_mail_filter', 'copy-team' );` );
	let before = smtp.messages().length;
	await apply( jobs.contact, { rr_name: 'Filtered Person', rr_email: 'filtered@example.com' } );
	await runCron();
	const { notification } = received( before, 'filtered@example.com' );
	assert.deepEqual( notification.rcpt_tos.sort(), [ 'archive@example.com', 'hiring@example.com' ] );
	assert.match( notification.headers.subject, / \[filtered\]$/ );

	await php( `update_option( 'recruiting_test_mail_filter', 'drop-confirmation' );` );
	before = smtp.messages().length;
	const id = await apply( jobs.contact, { rr_name: 'Dropped Person', rr_email: 'dropped@example.com' } );
	assert.deepEqual( ( await mailLog() ).filter( ( m ) => m.application_id === id ).map( ( m ) => m.kind ), [ 'application_notification' ] );
	await runCron();
	assert.deepEqual( smtp.messages().slice( before ).map( ( m ) => m.rcpt_tos ), [ [ 'hiring@example.com' ] ] );
} );

test( 'sent and failed e-mails are kept as long as the delivery log (delivery_log_days), pending ones until they finish', { timeout: TIMEOUT }, async () => {
	await apply( jobs.none, { rr_name: 'Pending Person', rr_email: 'pending@example.com' } ); // Queued, not yet sent.
	const old = ( await mailLog() ).filter( ( m ) => m.status === 'sent' ).map( ( m ) => m.id );
	assert.ok( old.length > 0 );
	const table = 'RecruitingReports\\Data\\Schema::table( \'mail_outbox\' )';
	// Every message last touched 31 days ago: the finished ones are past the default 30 days.
	await php( `global $wpdb; $wpdb->query( $wpdb->prepare( 'UPDATE %i SET updated_at = updated_at - %d', ${ table }, 31 * DAY_IN_SECONDS ) );` );
	expectStatus( await post( '/recruiting-test/v1/fire-hook', { hook: 'recruiting_reports_purge_deliveries' } ), 200 );
	const left = await mailLog();
	assert.ok( left.every( ( m ) => ! old.includes( m.id ) ), 'the sent e-mails are gone' );
	assert.deepEqual( left.map( ( m ) => m.status ), [ 'pending', 'pending' ], 'the queued ones stay' );
	await runCron();
	assert.deepEqual( ( await mailLog() ).map( ( m ) => m.status ), [ 'sent', 'sent' ] );
} );

test( 'deactivation leaves no cron event behind; after reactivation the next request schedules the queued e-mails again', { timeout: TIMEOUT }, async () => {
	const before = smtp.messages().length;
	await apply( jobs.contact, { rr_name: 'Reactivated Person', rr_email: 'reactivated@example.com' } );
	const next = () => phpValue( `wp_next_scheduled( 'recruiting_reports_send_mail' )` );
	assert.equal( typeof await next(), 'number' );
	await php( `require_once ABSPATH . 'wp-admin/includes/plugin.php'; deactivate_plugins( 'recruiting-reports/plugin.php' );` );
	assert.equal( await next(), false, 'deactivation cleared the event' );
	await php( `require_once ABSPATH . 'wp-admin/includes/plugin.php'; $r = activate_plugin( 'recruiting-reports/plugin.php' ); if ( is_wp_error( $r ) ) { throw new Exception( $r->get_error_message() ); }` );
	assert.equal( typeof await next(), 'number', 'the first request after activation scheduled it again' );
	await runCron();
	assert.equal( received( before, 'reactivated@example.com' ).messages.length, 2 );
} );

test( 'Tools › Export Personal Data includes the e-mails about the candidate’s applications; erasure removes them', { timeout: TIMEOUT }, async () => {
	const email = 'exported@example.com';
	const id = await apply( jobs.contact, { rr_name: 'Exported Person', rr_email: email } );
	await runCron();
	const mails = ( await exportFor( email ) ).items.filter( ( item ) => item.group_id === 'recruiting-application-emails' );
	assert.equal( mails.length, 2 );
	const fields = mails.map( ( item ) => Object.fromEntries( item.data.map( ( d ) => [ d.name, d.value ] ) ) );
	assert.ok( fields.every( ( f ) => f.Application === `Application ${ id } (${ jobs.contact.title })` && f.Status === 'sent' ) );
	assert.deepEqual( fields.map( ( f ) => f.To ).sort(), [ email, 'hiring@example.com' ] );
	assert.ok( fields.find( ( f ) => f.To === email ).Content.startsWith( 'Dear Exported Person,' ) );
	await eraseFor( email );
	assert.equal( ( await mailLog() ).filter( ( m ) => m.application_id === id ).length, 0 );
	assert.equal( ( await exportFor( email ) ).items.length, 0 );
} );
