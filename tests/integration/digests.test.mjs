// Issue #27: scheduled e-mail digests, sent to a real SMTP server on 127.0.0.1 (Debian's python3-aiosmtpd,
// lib/smtp-sink.mjs) through the mail outbox and wp_mail(). The site's timezone is Europe/Berlin, whose clocks go
// back on Sunday 25 October 2026: a weekly digest due Monday 08:00 local is due at 06:00 UTC on 19 October and at
// 07:00 UTC on 26 October. The instant digests are scheduled against is set through the test mu-plugin
// (option recruiting_test_digest_now → filter recruiting_reports_digest_now); the sending itself is real.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectError, expectStatus, get, post, put, request, resetSite, site } from './lib/api.mjs';
import { makeUser, php, phpValue } from './lib/credentials.mjs';
import { smtpSink } from './lib/smtp-sink.mjs';
import { app, hire, importData, jobRecord, ok, setTimezone } from './lib/reports.mjs';
import { launch, login, SCREENSHOTS_DIR } from '../e2e/lib/browser.mjs';
import fs from 'node:fs';
import path from 'node:path';

const NS = '/recruiting/v1';
const TIMEOUT = 180_000;

let smtp;
let recruiter;
let jobIds;

const setNow = ( iso ) => php( `update_option( 'recruiting_test_digest_now', ${ Math.floor( Date.parse( iso ) / 1000 ) } );` );
const fireDigests = async () => expectStatus( await post( '/recruiting-test/v1/fire-hook', { hook: 'recruiting_reports_digests' } ), 200 );
const runCron = async () => expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );
const as = ( user ) => ( { auth: user.auth } );
const digestsTo = ( user, since = 0 ) => smtp.messages().slice( since ).filter( ( m ) => m.rcpt_tos.includes( `${ user.login }@example.com` ) );
const part = ( message, type ) => ( message.parts.find( ( p ) => p.type === type )?.content ?? '' ).replace( /\r\n/g, '\n' );

/** Every figure of the HTML part: data-figure → data-value (numbers as the digest holds them). */
function htmlFigures( message ) {
	const figures = {};
	for ( const [ , key, value ] of part( message, 'text/html' ).matchAll( /<tr data-figure="([^"]+)" data-value="([^"]*)">/g ) ) {
		figures[ key ] = value === '' ? null : Number( value );
	}
	return figures;
}

/** New applications by job in the HTML part: job id → count. */
function htmlJobs( message ) {
	return Object.fromEntries( [ ...part( message, 'text/html' ).matchAll( /<tr data-job="(\d+)" data-value="(\d+)">/g ) ].map( ( [ , id, n ] ) => [ Number( id ), Number( n ) ] ) );
}

/** A text line "Label: value (previous period: x, change)". */
function textLine( message, label ) {
	return part( message, 'text/plain' ).split( '\n' ).find( ( line ) => line.startsWith( `${ label }: ` ) );
}

/** The digest's unsubscribe link (the text part's). */
const unsubscribeLink = ( message ) => part( message, 'text/plain' ).match( /^Unsubscribe: (\S+)$/m )[ 1 ];

before( async () => {
	await resetSite();
	await setTimezone( 'Europe/Berlin' );
	// Week of 12–18 October (before the change) and 19–25 October (the week the clocks go back).
	await importData( {
		jobs: [ jobRecord( 'dg-nurse', { title: 'Nurse & <Midwife>' } ), jobRecord( 'dg-porter', { title: 'Porter' } ) ],
		applications: [
			app( 'dg-1', 'dg-nurse', '2026-10-13T09:00:00Z' ),
			app( 'dg-2', 'dg-porter', '2026-10-14T09:00:00Z' ),
			app( 'dg-3', 'dg-nurse', '2026-10-19T09:00:00Z' ),
			app( 'dg-4', 'dg-nurse', '2026-10-21T09:00:00Z', [ [ 'screening', '2026-10-22T09:00:00Z' ], [ 'interview', '2026-10-23T09:00:00Z' ], [ 'offer', '2026-10-24T09:00:00Z' ] ] ),
			app( 'dg-8', 'dg-porter', '2026-10-20T09:00:00Z' ),
			app( 'dg-5', 'dg-porter', '2026-10-25T21:30:00Z' ), // 22:30 local on the 25th: in the week.
			app( 'dg-6', 'dg-porter', '2026-10-25T23:30:00Z' ), // 00:30 local on the 26th: the next week.
			hire( 'dg-7', 'dg-nurse', '2026-10-23T10:00:00Z', 10 ),
		],
	} );
	jobIds = {};
	for ( const key of [ 'nurse', 'porter' ] ) {
		jobIds[ key ] = await phpValue( `(int) $GLOBALS['wpdb']->get_var( "SELECT post_id FROM {$GLOBALS['wpdb']->postmeta} WHERE meta_key = '_recruiting_external_id' AND meta_value = 'dg-${ key }'" )` );
	}
	recruiter = await makeUser( 'digest-recruiter', 'recruiter' );
	smtp = await smtpSink();
	await smtp.start();
	await php( `update_option( 'recruiting_test_smtp_port', ${ smtp.port } );` );
} );

after( async () => {
	await php( `delete_option( 'recruiting_test_smtp_port' ); delete_option( 'recruiting_test_digest_now' ); foreach ( get_users( array( 'login__in' => array( 'digest-recruiter', 'digest-other', 'digest-gone', 'digest-contact', 'digest-profile', 'digest-stale' ) ) ) as $u ) { require_once ABSPATH . 'wp-admin/includes/user.php'; wp_delete_user( $u->ID ); }` );
	await smtp.dispose();
} );

test( 'GET/PUT /digest-subscription: the current user\'s own, validated, only with Read Applications', { timeout: TIMEOUT }, async () => {
	await setNow( '2026-10-12T10:00:00Z' );
	const initial = expectStatus( await get( `${ NS }/digest-subscription`, as( recruiter ) ), 200 );
	assert.deepEqual( initial, { frequency: 'off', weekday: 1, hour: 8, reports: [ 'overview', 'time-to-hire' ], job_id: null, alert_new_applications: false, alert_stale: false, timezone: 'Europe/Berlin', next_digest_at: null } );
	expectError( await put( `${ NS }/digest-subscription`, { weekday: 8 }, as( recruiter ) ), 400, 'rest_invalid_param' );
	expectError( await put( `${ NS }/digest-subscription`, { reports: [ 'nope' ] }, as( recruiter ) ), 400, 'rest_invalid_param' );
	expectError( await put( `${ NS }/digest-subscription`, { job_id: 99999999 }, as( recruiter ) ), 400, 'rest_invalid_param' );
	const saved = expectStatus( await put( `${ NS }/digest-subscription`, { frequency: 'weekly' }, as( recruiter ) ), 200 );
	assert.equal( saved.frequency, 'weekly' );
	assert.equal( saved.next_digest_at, '2026-10-19T06:00:00Z', 'Monday 08:00 in Berlin (CEST, UTC+2)' );
	const subscriber = await makeUser( 'digest-other', 'subscriber' );
	expectError( await get( `${ NS }/digest-subscription`, as( subscriber ) ), 403, 'insufficient_permissions' );
	expectError( await put( `${ NS }/digest-subscription`, { frequency: 'daily' }, as( subscriber ) ), 403, 'insufficient_permissions' );
	expectError( await post( `${ NS }/digest-subscription/test`, {}, as( subscriber ) ), 403, 'insufficient_permissions' );
	expectError( await get( `${ NS }/digest-subscription`, { auth: null } ), 401, 'authentication_required' );
} );

test( 'daily and monthly due times and periods in Europe/Berlin, across the change to winter time', { timeout: TIMEOUT }, async () => {
	const latest = ( subscription, iso ) => phpValue( `RecruitingReports\\Digests\\Schedule::latest( array_merge( RecruitingReports\\Digests\\Subscription::defaults(), json_decode( '${ JSON.stringify( subscription ) }', true ) ), ${ Date.parse( iso ) / 1000 } )` );
	const utc = ( seconds ) => new Date( seconds * 1000 ).toISOString().replace( '.000', '' );
	const at = async ( subscription, iso ) => {
		const period = await latest( subscription, iso );
		return [ utc( period.due ), period.from, period.to ];
	};
	// 25 October: the clocks go back at 03:00 CEST (01:00 UTC); 08:00 that day is 07:00 UTC.
	assert.deepEqual( await at( { frequency: 'daily' }, '2026-10-25T06:59:59Z' ), [ '2026-10-24T06:00:00Z', '2026-10-23', '2026-10-23' ] );
	assert.deepEqual( await at( { frequency: 'daily' }, '2026-10-25T07:00:00Z' ), [ '2026-10-25T07:00:00Z', '2026-10-24', '2026-10-24' ] );
	assert.deepEqual( await at( { frequency: 'monthly', hour: 8 }, '2026-11-01T06:59:59Z' ), [ '2026-10-01T06:00:00Z', '2026-09-01', '2026-09-30' ] );
	assert.deepEqual( await at( { frequency: 'monthly', hour: 8 }, '2026-11-01T07:00:00Z' ), [ '2026-11-01T07:00:00Z', '2026-10-01', '2026-10-31' ] );
	assert.deepEqual( await at( { frequency: 'weekly', weekday: 7, hour: 18 }, '2026-10-26T07:00:00Z' ), [ '2026-10-25T17:00:00Z', '2026-10-18', '2026-10-24' ] );
	assert.equal( await latest( { frequency: 'off' }, '2026-10-26T07:00:00Z' ), null );
} );

test( 'weekly at 08:00 Berlin time on both sides of the change to winter time; each period once, even when the cron runs again', { timeout: TIMEOUT }, async () => {
	const before = smtp.messages().length;
	await setNow( '2026-10-19T05:59:59Z' );
	await fireDigests();
	await runCron();
	assert.equal( digestsTo( recruiter, before ).length, 0, '07:59:59 local: not yet' );
	await setNow( '2026-10-19T06:00:00Z' );
	await fireDigests();
	await runCron();
	let received = digestsTo( recruiter, before );
	assert.equal( received.length, 1, '08:00 CEST: the digest of 12–18 October' );
	assert.match( received[ 0 ].headers.subject, /Recruiting digest October 12, 2026 – October 18, 2026/ );

	// 26 October 08:00 CET is 07:00 UTC (an hour later in UTC than the week before).
	await setNow( '2026-10-26T06:00:00Z' );
	await fireDigests();
	await runCron();
	assert.equal( digestsTo( recruiter, before ).length, 1, '07:00 CET: not yet (a UTC-fixed schedule would send now)' );
	await setNow( '2026-10-26T07:00:00Z' );
	await fireDigests();
	await runCron();
	received = digestsTo( recruiter, before );
	assert.equal( received.length, 2 );
	assert.match( received[ 1 ].headers.subject, /October 19, 2026 – October 25, 2026/ );

	// The cron again, and again with the record of the last period cleared (as a second node that read the
	// subscription before the first wrote it): the outbox's unique key keeps it at one e-mail.
	await fireDigests();
	await php( `$id = ${ recruiter.id }; $s = get_user_option( 'recruiting_reports_digest', $id ); $s['last_period'] = ''; update_user_option( $id, 'recruiting_reports_digest', $s );` );
	await fireDigests();
	await runCron();
	assert.equal( digestsTo( recruiter, before ).length, 2, 'one e-mail per period' );
	const log = expectStatus( await get( `${ NS }/mail-log`, { query: { per_page: 100 } } ), 200 ).filter( ( m ) => m.kind === 'digest' );
	assert.deepEqual( log.map( ( m ) => m.status ), [ 'sent', 'sent' ] );
} );

test( 'the digest\'s figures, parsed back from the e-mail, equal the reports\' for the same period; links, parts and headers', { timeout: TIMEOUT }, async () => {
	const message = digestsTo( recruiter ).find( ( m ) => /October 19, 2026 – October 25/.test( m.headers.subject ) );
	assert.ok( message );
	assert.equal( message.content_type, 'multipart/alternative' );
	assert.deepEqual( message.parts.map( ( p ) => p.type ), [ 'text/plain', 'text/html' ] );
	const query = { date_from: '2026-10-19', date_to: '2026-10-25', compare: 'previous_period' };
	const overview = await ok( 'overview', query );
	const timeToHire = await ok( 'time-to-hire', query );
	const figures = htmlFigures( message );
	assert.equal( figures[ 'overview.new_applications' ], overview.applications.new_this_period );
	assert.equal( overview.applications.new_this_period, 4, 'dg-3, dg-4, dg-5 and dg-8 applied in the week (local dates; dg-6 the day after)' );
	assert.equal( overview.comparison.applications.new_this_period, 3, 'dg-1, dg-2 and dg-7 the week before' );
	assert.equal( figures[ 'overview.total_applications' ], overview.applications.total );
	assert.equal( figures[ 'overview.active_jobs' ], overview.jobs.active );
	assert.equal( figures[ 'time-to-hire.hires' ], timeToHire.trend.reduce( ( sum, m ) => sum + m.hires, 0 ) );
	assert.equal( figures[ 'time-to-hire.hires' ], 1, 'dg-7 was hired in the week' );
	assert.equal( figures[ 'time-to-hire.average_days' ], timeToHire.overall.average_days );
	assert.equal( figures.hires, figures[ 'time-to-hire.hires' ] );
	assert.equal( figures.offers_pending, overview.applications.by_status.offer );
	assert.equal( figures.offers_pending, 1 );
	// Stale candidates now (not in the period): the Applications list's total with stale=true, which it links to.
	// The imported applications have waited in their status since October, past every stage's days.
	const stale = await get( `${ NS }/applications`, { query: { stale: 'true', per_page: 1 } } );
	expectStatus( stale, 200 );
	assert.equal( figures.stale, Number( stale.headers.get( 'x-wp-total' ) ) );
	assert.ok( figures.stale > 0, 'open applications from October are stale' );
	assert.equal( textLine( message, 'Stale candidates now' ), `Stale candidates now: ${ figures.stale }` );
	// The text part says the same, with the previous period and the change.
	const previousNew = overview.comparison.applications.new_this_period;
	const change = overview.applications.new_this_period - previousNew;
	assert.equal( textLine( message, 'New applications' ), `New applications: ${ overview.applications.new_this_period } (previous period: ${ previousNew }, +${ change })` );
	// New applications by job: the Applications list's own counts, and they add up to the overview's.
	const jobs = htmlJobs( message );
	assert.deepEqual( jobs, { [ jobIds.nurse ]: 2, [ jobIds.porter ]: 2 } );
	const html = part( message, 'text/html' );
	const title = await phpValue( `get_post( ${ jobIds.nurse } )->post_title` );
	assert.ok( html.includes( title.replace( /&(?!amp;)/g, '&amp;' ).replace( /</g, '&lt;' ).replace( />/g, '&gt;' ) ), `the job title ${ title } is escaped: ${ html }` );
	assert.ok( html.includes( `page=recruiting-reports-applications&#038;job_id=${ jobIds.nurse }&#038;applied_from=2026-10-19&#038;applied_to=2026-10-25` ), 'the job links to its drill-down' );
	assert.ok( html.includes( 'page=recruiting-reports&#038;period=custom&#038;date_from=2026-10-19&#038;date_to=2026-10-25&#038;compare=previous_period#overview-title' ), 'figures link to their report on the Reports page' );
	assert.ok( html.includes( 'page=recruiting-reports-applications&#038;status=offer' ) );
	assert.ok( html.includes( 'page=recruiting-reports-applications&#038;stale=true&#038;orderby=status_since&#038;order=asc' ), 'stale candidates link to the list filtered like the widget\'s' );
	assert.ok( ! /<script|<img|src=|@import|url\(/i.test( html ), 'no scripts, no images, nothing remote' );
	assert.ok( part( message, 'text/plain' ).includes( `${ site.url }/wp-admin/admin.php?page=recruiting-reports-applications&job_id=${ jobIds.porter }&applied_from=2026-10-19&applied_to=2026-10-25` ) );
	// RFC 8058 one-click unsubscribe.
	assert.equal( message.headers[ 'list-unsubscribe-post' ], 'List-Unsubscribe=One-Click' );
	assert.equal( message.headers[ 'list-unsubscribe' ], `<${ unsubscribeLink( message ) }>` );
} );

test( 'after downtime only the latest period\'s digest goes out, once; "Send me a test now" sends at once', { timeout: TIMEOUT }, async () => {
	const before = smtp.messages().length;
	await setNow( '2026-11-17T09:00:00Z' ); // Three Mondays later.
	await fireDigests();
	await fireDigests();
	await runCron();
	const received = digestsTo( recruiter, before );
	assert.equal( received.length, 1 );
	assert.match( received[ 0 ].headers.subject, /November 9, 2026 – November 15, 2026/ );

	const queued = expectStatus( await post( `${ NS }/digest-subscription/test`, {}, as( recruiter ) ), 202 );
	assert.equal( queued.queued, true );
	await runCron();
	const test = digestsTo( recruiter, before )[ 1 ];
	assert.ok( test, 'the test arrived, beside the scheduled one' );
	// `wp recruiting digest preview` prints Digests::preview(): the same digest, through the PHP bridge here.
	const preview = await phpValue( `RecruitingReports\\Digests\\Digests::preview( ${ recruiter.id } )` );
	assert.equal( preview.subject, test.headers.subject );
	assert.equal( preview.text.trim(), part( test, 'text/plain' ).trim() );
	assert.equal( preview.html.trim(), part( test, 'text/html' ).trim() );
} );

test( 'unsubscribe without login: GET confirms, the one-click POST unsubscribes; a tampered link and another user\'s id are refused', { timeout: TIMEOUT }, async () => {
	const link = unsubscribeLink( digestsTo( recruiter ).at( -1 ) );
	const confirm = await fetch( link );
	const page = await confirm.text();
	assert.equal( confirm.status, 200 );
	assert.match( page, /<form method="post"/ );
	assert.equal( expectStatus( await get( `${ NS }/digest-subscription`, as( recruiter ) ), 200 ).frequency, 'weekly', 'GET alone unsubscribes nobody' );

	const url = new URL( link );
	const tampered = new URL( link );
	tampered.searchParams.set( 'token', url.searchParams.get( 'token' ).replace( /.$/, ( c ) => ( c === '0' ? '1' : '0' ) ) );
	const oneClick = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' };
	assert.equal( ( await fetch( tampered, oneClick ) ).status, 403 );
	// Someone else's id with this token: the admin, subscribed too.
	await php( `wp_set_current_user( 1 ); RecruitingReports\\Digests\\Subscription::update( 1, array( 'frequency' => 'daily' ), time() );` );
	const other = new URL( link );
	other.searchParams.set( 'user', '1' );
	assert.equal( ( await fetch( other, oneClick ) ).status, 403 );
	assert.equal( expectStatus( await get( `${ NS }/digest-subscription` ), 200 ).frequency, 'daily', 'the admin is still subscribed' );
	assert.equal( expectStatus( await get( `${ NS }/digest-subscription`, as( recruiter ) ), 200 ).frequency, 'weekly' );

	const done = await fetch( link, oneClick );
	assert.equal( done.status, 200 );
	assert.match( await done.text(), /unsubscribed/ );
	assert.equal( expectStatus( await get( `${ NS }/digest-subscription`, as( recruiter ) ), 200 ).frequency, 'off' );
	// Used again: the same answer as a forged link (the page does not tell who is subscribed).
	const again = await fetch( link, oneClick );
	assert.equal( again.status, 403 );
	assert.match( await again.text(), /not valid, or you are not subscribed any more/ );
	await php( `RecruitingReports\\Digests\\Subscription::end( 1 );` );
} );

test( 'permissions at send time: a user who lost Read Applications gets nothing and the subscription ends; a deleted user\'s ends', { timeout: TIMEOUT }, async () => {
	await setNow( '2026-11-23T09:00:00Z' );
	expectStatus( await put( `${ NS }/digest-subscription`, { frequency: 'daily' }, as( recruiter ) ), 200 );
	const gone = await makeUser( 'digest-gone', 'recruiter' );
	expectStatus( await put( `${ NS }/digest-subscription`, { frequency: 'daily' }, as( gone ) ), 200 );
	const before = smtp.messages().length;
	await setNow( '2026-11-24T09:00:00Z' );
	await fireDigests();
	await runCron();
	assert.equal( digestsTo( recruiter, before ).length, 1 );
	assert.equal( digestsTo( gone, before ).length, 1 );

	await php( `( new WP_User( ${ recruiter.id } ) )->set_role( 'subscriber' ); require_once ABSPATH . 'wp-admin/includes/user.php'; wp_delete_user( ${ gone.id } );` );
	await setNow( '2026-11-25T09:00:00Z' );
	await fireDigests();
	await runCron();
	assert.equal( smtp.messages().length, before + 2, 'nothing more was sent' );
	assert.deepEqual( await phpValue( `RecruitingReports\\Data\\DigestSubscriptions::user_ids()` ), [], 'both subscriptions ended' );
	await php( `( new WP_User( ${ recruiter.id } ) )->set_role( 'recruiter' );` );
} );

test( '"new application" alerts: opt-in, to the job\'s contact, one e-mail per batch, batches at least 5 minutes apart', { timeout: TIMEOUT }, async () => {
	const contact = await makeUser( 'digest-contact', 'recruiter' );
	expectStatus( await put( `${ NS }/jobs/${ jobIds.porter }`, { contact_email: `${ contact.login }@example.com` } ), 200 );
	expectStatus( await post( `${ NS }/applications`, { job_id: jobIds.porter, candidate: { name: 'Before Opt-in', email: 'before@example.com' } } ), 201 );
	expectStatus( await put( `${ NS }/digest-subscription`, { alert_new_applications: true }, as( contact ) ), 200 );
	await runCron();
	const before = smtp.messages().length;
	await runCron();
	assert.equal( digestsTo( contact, before ).length, 0, 'nothing about applications from before the opt-in' );

	for ( const name of [ 'Alert One', 'Alert Two' ] ) {
		expectStatus( await post( `${ NS }/applications`, { job_id: jobIds.porter, candidate: { name, email: `${ name.replace( ' ', '.' ).toLowerCase() }@example.com` } } ), 201 );
	}
	expectStatus( await post( `${ NS }/applications`, { job_id: jobIds.nurse, candidate: { name: 'Other Job', email: 'other.job@example.com' } } ), 201 );
	await runCron(); // The batch: queues the alert.
	await runCron(); // The outbox: sends it.
	let alerts = digestsTo( contact, before );
	assert.equal( alerts.length, 1, 'one e-mail for the batch' );
	assert.match( part( alerts[ 0 ], 'text/plain' ), /^Porter: 2 new applications$/m );
	assert.ok( ! part( alerts[ 0 ], 'text/plain' ).includes( 'Nurse' ), 'only the jobs whose contact the user is' );
	assert.ok( ! JSON.stringify( alerts[ 0 ] ).includes( 'Alert One' ), 'no candidate names' );
	assert.equal( alerts[ 0 ].headers[ 'list-unsubscribe-post' ], 'List-Unsubscribe=One-Click' );

	// The next application: its batch is scheduled 5 minutes after the last one ran.
	expectStatus( await post( `${ NS }/applications`, { job_id: jobIds.porter, candidate: { name: 'Alert Three', email: 'three@example.com' } } ), 201 );
	const [ lastRun, next ] = await phpValue( `array( (int) get_option( 'recruiting_reports_alerts_last_run' ), wp_next_scheduled( 'recruiting_reports_digest_alerts' ) )` );
	assert.equal( next, lastRun + 300 );
	await runCron();
	await runCron();
	alerts = digestsTo( contact, before );
	assert.equal( alerts.length, 2 );
	assert.match( part( alerts[ 1 ], 'text/plain' ), /^Porter: 1 new application$/m );
	// Nothing new: no e-mail.
	await fireDigests();
	await post( '/recruiting-test/v1/fire-hook', { hook: 'recruiting_reports_digest_alerts' } );
	await runCron();
	assert.equal( digestsTo( contact, before ).length, 2 );
} );

test( 'the daily "stale candidates" alert: opt-in, from the hour on, once per user and day, only when there are any', { timeout: TIMEOUT }, async () => {
	const user = await makeUser( 'digest-stale', 'recruiter' );
	const before = smtp.messages().length;
	const hourlyRun = async () => {
		await fireDigests();
		await fireDigests();
		await runCron();
		return digestsTo( user, before );
	};
	await setNow( '2026-11-03T11:00:00Z' ); // 12:00 CET.
	expectStatus( await put( `${ NS }/digest-subscription`, { hour: 12 }, as( user ) ), 200 );
	assert.equal( ( await hourlyRun() ).length, 0, 'not opted in' );
	expectStatus( await put( `${ NS }/digest-subscription`, { alert_stale: true, hour: 13 }, as( user ) ), 200 );
	assert.equal( ( await hourlyRun() ).length, 0, '12:00 local: before the hour' );
	await setNow( '2026-11-03T12:00:00Z' ); // 13:00 CET.
	let alerts = await hourlyRun();
	assert.equal( alerts.length, 1, 'the hour: one alert, though the event ran twice' );
	const stale = await get( `${ NS }/applications`, { query: { stale: 'true', per_page: 1 } } );
	expectStatus( stale, 200 );
	const total = Number( stale.headers.get( 'x-wp-total' ) );
	assert.ok( total > 1, 'the October applications still open are stale' );
	assert.match( part( alerts[ 0 ], 'text/plain' ), new RegExp( `^${ total } candidates have waited in their stage longer than its days\\.$`, 'm' ) );
	assert.ok( part( alerts[ 0 ], 'text/html' ).includes( `data-figure="stale" data-value="${ total }"` ) );
	assert.ok( part( alerts[ 0 ], 'text/html' ).includes( 'page=recruiting-reports-applications&#038;stale=true&#038;orderby=status_since&#038;order=asc' ) );
	assert.equal( alerts[ 0 ].headers[ 'list-unsubscribe-post' ], 'List-Unsubscribe=One-Click' );
	assert.ok( ! part( alerts[ 0 ], 'text/plain' ).includes( 'Porter' ), 'a count, no names' );

	await setNow( '2026-11-03T22:30:00Z' ); // 23:30 CET, the same day.
	assert.equal( ( await hourlyRun() ).length, 1, 'once a day' );
	await setNow( '2026-11-04T12:00:00Z' );
	alerts = await hourlyRun();
	assert.equal( alerts.length, 2, 'the next day, again' );
	const keys = await phpValue( `$GLOBALS['wpdb']->get_col( $GLOBALS['wpdb']->prepare( 'SELECT dedupe_key FROM %i WHERE dedupe_key LIKE %s ORDER BY id', RecruitingReports\\Data\\Schema::table( 'mail_outbox' ), 'stale:${ user.id }:%' ) )` );
	assert.deepEqual( keys, [ `stale:${ user.id }:2026-11-03`, `stale:${ user.id }:2026-11-04` ] );

	// A day without stale candidates (every stage's days beyond any wait): no alert.
	const days = expectStatus( await get( `${ NS }/settings` ), 200 ).stale_days;
	try {
		expectStatus( await put( `${ NS }/settings`, { stale_days: { new: 365, screening: 365, interview: 365, offer: 365 } } ), 200 );
		assert.equal( ( await get( `${ NS }/applications`, { query: { stale: 'true', per_page: 1 } } ) ).headers.get( 'x-wp-total' ), '0' );
		await setNow( '2026-11-05T12:00:00Z' );
		assert.equal( ( await hourlyRun() ).length, 2, 'no stale candidates, no alert' );
	} finally {
		expectStatus( await put( `${ NS }/settings`, { stale_days: days } ), 200 );
	}
} );

test( 'the HTML part in Chromium (scripts off, as in a mail client) at 600 and 360 px: nothing overflows; screenshots', { timeout: TIMEOUT }, async () => {
	const message = digestsTo( recruiter ).find( ( m ) => /October 19, 2026 – October 25/.test( m.headers.subject ) );
	fs.mkdirSync( SCREENSHOTS_DIR, { recursive: true } );
	const file = path.join( SCREENSHOTS_DIR, 'digest.html' );
	fs.writeFileSync( file, part( message, 'text/html' ) );
	const browser = await launch( { javaScriptEnabled: false } );
	try {
		const page = await browser.context.newPage();
		for ( const width of [ 600, 360 ] ) {
			await page.setViewportSize( { width, height: 900 } );
			await page.goto( `file://${ file }` );
			const overflow = await page.evaluate( () => document.documentElement.scrollWidth - document.documentElement.clientWidth );
			assert.equal( overflow, 0, `no horizontal scrolling at ${ width } px` );
			const bars = await page.$$eval( 'tr[data-job] td[style*="background"]', ( cells ) => cells.map( ( cell ) => cell.getBoundingClientRect().width ) );
			assert.equal( bars.length, 2 );
			assert.ok( bars.every( ( w ) => w > 0 ), 'the bars are drawn' );
			await page.screenshot( { path: path.join( SCREENSHOTS_DIR, `digest-${ width }.png` ), fullPage: true } );
		}
	} finally {
		await browser.close();
	}
} );

test( 'the profile section: saved with the profile (its own nonce checked), "Save and send me a test now" sends one', { timeout: TIMEOUT }, async () => {
	const user = await makeUser( 'digest-profile', 'recruiter' );
	const browser = await launch();
	try {
		const page = await browser.context.newPage();
		await login( page, user.login, user.password );
		await page.goto( `${ site.url }/wp-admin/profile.php` );
		await page.selectOption( '#recruiting-digest-frequency', 'monthly' );
		await page.selectOption( '#recruiting-digest-hour', '7' );
		await page.uncheck( 'input[name="recruiting_digest[reports][]"][value="time-to-hire"]' );
		await page.check( 'input[name="recruiting_digest[reports][]"][value="funnel"]' );
		await Promise.all( [ page.waitForURL( /updated=1/ ), page.click( '#submit' ) ] );
		const saved = expectStatus( await get( `${ NS }/digest-subscription`, as( user ) ), 200 );
		assert.deepEqual( [ saved.frequency, saved.hour, saved.reports ], [ 'monthly', 7, [ 'overview', 'funnel' ] ] );
		assert.equal( await page.inputValue( '#recruiting-digest-frequency' ), 'monthly', 'the form shows what was saved' );
		await page.screenshot( { path: path.join( SCREENSHOTS_DIR, 'digest-profile.png' ), fullPage: true } );

		// Without the section's nonce (WordPress's own is still there) nothing is saved.
		await page.selectOption( '#recruiting-digest-frequency', 'daily' );
		await page.evaluate( () => document.querySelector( '[name="recruiting_digest_nonce"]' ).remove() );
		const refused = await Promise.all( [ page.waitForNavigation(), page.click( '#submit' ) ] );
		assert.equal( refused[ 0 ].status(), 403 );
		assert.equal( expectStatus( await get( `${ NS }/digest-subscription`, as( user ) ), 200 ).frequency, 'monthly' );

		const before = smtp.messages().length;
		await page.goto( `${ site.url }/wp-admin/profile.php` );
		await Promise.all( [ page.waitForURL( /updated=1/ ), page.click( 'button[name="recruiting_digest_test"]' ) ] );
		await runCron();
		const received = digestsTo( user, before );
		assert.equal( received.length, 1 );
		assert.ok( htmlFigures( received[ 0 ] )[ 'funnel.applications' ] !== undefined, 'the chosen reports' );
		assert.equal( htmlFigures( received[ 0 ] )[ 'time-to-hire.average_days' ], undefined );
	} finally {
		await browser.close();
	}
} );
