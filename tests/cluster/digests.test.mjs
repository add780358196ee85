// Digests on two web nodes (issue #27): the hourly digest event and the outbox's cron started on both nodes at the
// same moment still send each subscriber one e-mail per period (the outbox's unique dedupe key
// `digest:<user>:<period start>`), through a real SMTP server (Debian's python3-aiosmtpd).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { makeUser, php, phpValue } from '../integration/lib/credentials.mjs';
import { smtpSink } from '../integration/lib/smtp-sink.mjs';
import { setTimezone } from '../integration/lib/reports.mjs';
import { NS, node } from './lib/nodes.mjs';

// Each message's answer waits 150 ms, so the nodes' runs overlap.
const smtp = await smtpSink( { delaySeconds: 0.15 } );
const LOGINS = [ 'cluster-digest-1', 'cluster-digest-2', 'cluster-digest-3', 'cluster-digest-4' ];
let users;

const setNow = ( iso ) => php( `update_option( 'recruiting_test_digest_now', ${ Math.floor( Date.parse( iso ) / 1000 ) } );` );

before( async () => {
	await resetSite();
	await setTimezone( 'Europe/Berlin' ); // Monday 08:00 local: 06:00 UTC on 19 October, 07:00 UTC on 26 October.
	await smtp.start();
	await php( `update_option( 'recruiting_test_smtp_port', ${ smtp.port } );` );
	await setNow( '2026-10-12T10:00:00Z' );
	users = [];
	for ( const login of LOGINS ) {
		const user = await makeUser( login, 'recruiter' );
		expectStatus( await node( users.length % 2 ).put( `${ NS }/digest-subscription`, { frequency: 'weekly' }, { auth: user.auth } ), 200 );
		users.push( user );
	}
} );
after( async () => {
	await php( `delete_option( 'recruiting_test_smtp_port' ); delete_option( 'recruiting_test_digest_now' ); require_once ABSPATH . 'wp-admin/includes/user.php'; foreach ( get_users( array( 'login__in' => ${ JSON.stringify( LOGINS ) } ) ) as $u ) { wp_delete_user( $u->ID ); }` );
	await smtp.dispose();
} );

/** The digest event and then the outbox's cron, each on both nodes at the same moment, twice each. */
async function bothNodes() {
	const fire = ( n ) => node( n ).post( '/recruiting-test/v1/fire-hook', { hook: 'recruiting_reports_digests' } );
	( await Promise.all( [ 0, 1, 0, 1 ].map( fire ) ) ).forEach( ( r ) => expectStatus( r, 200 ) );
	( await Promise.all( [ 0, 1, 0, 1 ].map( ( n ) => node( n ).post( '/recruiting-test/v1/run-cron', {} ) ) ) ).forEach( ( r ) => expectStatus( r, 200 ) );
}

const subjectsTo = ( user ) => smtp.messages().filter( ( m ) => m.rcpt_tos.includes( `${ user.login }@example.com` ) ).map( ( m ) => m.headers.subject );

test( 'the digest event and the cron on both nodes at once: one e-mail per user per period', async () => {
	await setNow( '2026-10-19T06:00:00Z' );
	await bothNodes();
	await bothNodes();
	await setNow( '2026-10-26T07:00:00Z' );
	await bothNodes();
	await bothNodes();
	const outbox = await phpValue( `$GLOBALS['wpdb']->get_results( $GLOBALS['wpdb']->prepare( 'SELECT dedupe_key, status, attempts, last_error FROM %i', RecruitingReports\\Data\\Schema::table( 'mail_outbox' ) ) )` );
	for ( const user of users ) {
		const subjects = subjectsTo( user );
		assert.equal( subjects.length, 2, `${ user.login }: ${ JSON.stringify( subjects ) } ${ JSON.stringify( outbox ) }` );
		assert.match( subjects[ 0 ], /October 12, 2026 – October 18, 2026/ );
		assert.match( subjects[ 1 ], /October 19, 2026 – October 25, 2026/ );
	}
} );
