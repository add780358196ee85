// The mail outbox on two web nodes (issue #24 item 8): with WP-Cron running on both nodes at the same moment, every
// queued e-mail reaches the SMTP server (Debian's python3-aiosmtpd, ../integration/lib/smtp-sink.mjs) exactly once,
// also when the server was down and comes back.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { php, phpValue } from '../integration/lib/credentials.mjs';
import { smtpSink } from '../integration/lib/smtp-sink.mjs';
import { NS, node } from './lib/nodes.mjs';

// Each message's answer waits 150 ms, so the nodes' runs overlap.
const smtp = await smtpSink( { delaySeconds: 0.15 } );

before( async () => {
	await resetSite();
	await smtp.start();
	await php( `update_option( 'recruiting_test_smtp_port', ${ smtp.port } );` );
} );
after( async () => {
	await php( `delete_option( 'recruiting_test_smtp_port' );` );
	await smtp.dispose();
} );

/** Queues `count` e-mails through the outbox, as a feature does. */
const queue = ( count, prefix ) =>
	phpValue( `array_map( static fn( $i ) => RecruitingReports\\Mail\\Outbox::queue( array( 'kind' => 'cluster_test', 'dedupe_key' => '${ prefix }:' . $i, 'recipients' => array( '${ prefix }' . $i . '@example.com' ), 'subject' => 'Test ' . $i, 'html' => '<p>Test</p>', 'text' => 'Test' ) ), range( 1, ${ count } ) )` );

/** Both nodes run the cron at the same moment, twice each, `rounds` times. */
async function cronOnBothNodes( rounds ) {
	for ( let i = 0; i < rounds; i++ ) {
		( await Promise.all( [ 0, 1, 0, 1 ].map( ( n ) => node( n ).post( '/recruiting-test/v1/run-cron', {} ) ) ) ).forEach( ( r ) => expectStatus( r, 200 ) );
	}
}

function receivedOnce( prefix, count ) {
	const to = smtp.messages().map( ( m ) => m.rcpt_tos[ 0 ] ).filter( ( address ) => address.startsWith( prefix ) );
	assert.equal( new Set( to ).size, count, 'every e-mail arrived' );
	assert.equal( to.length, count, 'no e-mail arrived twice' );
}

const log = async () => expectStatus( await node( 1 ).get( `${ NS }/mail-log`, { query: { per_page: 100 } } ), 200 );

test( 'cron on both nodes at once: every e-mail sent exactly once', async () => {
	await queue( 12, 'once' );
	await cronOnBothNodes( 2 );
	receivedOnce( 'once', 12 );
	const sent = ( await log() ).filter( ( m ) => m.recipients[ 0 ].startsWith( 'once' ) );
	assert.ok( sent.length === 12 && sent.every( ( m ) => m.status === 'sent' && m.attempts === 1 ), JSON.stringify( sent.map( ( m ) => [ m.status, m.attempts ] ) ) );
} );

test( 'SMTP server down, then back: every e-mail sent exactly once, by both nodes\' cron', async () => {
	await smtp.stop();
	await queue( 8, 'down' );
	await cronOnBothNodes( 2 ); // attempt 1 fails (connection refused); nothing else is due
	assert.equal( smtp.messages().filter( ( m ) => m.rcpt_tos[ 0 ].startsWith( 'down' ) ).length, 0 );
	await smtp.start();
	expectStatus( await node( 0 ).post( '/recruiting-test/v1/advance', { seconds: 60 } ), 200 );
	await cronOnBothNodes( 2 );
	receivedOnce( 'down', 8 );
	const sent = ( await log() ).filter( ( m ) => m.recipients[ 0 ].startsWith( 'down' ) );
	assert.ok( sent.length === 8 && sent.every( ( m ) => m.status === 'sent' && m.attempts === 2 ) );
} );
