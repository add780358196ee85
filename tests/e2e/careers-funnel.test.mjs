// The careers funnel's beacon script in Chromium (issue #25): a job page's HTML fetched once and served to the
// browser twice, as a full-page cache would, counts two job views; the job list counts a list view for each job it
// shows; the apply form's first interaction counts one form start (a second one none). The visitor lands with
// utm_source=linkedin, which every count carries. Headless Chromium says "HeadlessChrome", which the bot list
// leaves out: the page's user agent is overridden with a desktop Chrome's.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, watchConsole } from './lib/browser.mjs';
import { runPhp } from './lib/api.mjs';

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const auth = { Authorization: 'Basic ' + Buffer.from( `${ process.env.RR_ADMIN_USER || 'admin' }:${ process.env.RR_ADMIN_APP_PASSWORD }` ).toString( 'base64' ) };

let browser;
let page;
let problems;
let jobs;

async function rest( method, route, body ) {
	const response = await fetch( `${ BASE_URL }/wp-json${ route }`, { method, headers: { ...auth, 'Content-Type': 'application/json' }, body: body ? JSON.stringify( body ) : undefined } );
	assert.ok( response.ok, `${ method } ${ route }: ${ response.status } ${ await response.clone().text() }` );
	return response.json();
}

/** Today's counts of a metric per job and source, from the counters table. */
async function counts( metric ) {
	const rows = JSON.parse( await runPhp( `echo wp_json_encode( $GLOBALS['wpdb']->get_results( $GLOBALS['wpdb']->prepare( 'SELECT job_id, source, hits FROM %i WHERE span = 1 AND metric = %s ORDER BY job_id', RecruitingReports\\Data\\Schema::table( 'careers_counts' ), '${ metric }' ), ARRAY_A ) );` ) );
	return rows.map( ( r ) => [ Number( r.job_id ), r.source, Number( r.hits ) ] );
}

/** Runs an action and waits for the beacon it sends to be answered. */
async function beaconAnswered( action, metric ) {
	const answered = page.waitForResponse( ( r ) => r.url().includes( '/careers/beacon' ) && r.request().postData()?.includes( `metric=${ metric }` ) );
	await action();
	const response = await answered;
	assert.equal( response.status(), 202, await response.text() );
}

before( async () => {
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	await rest( 'POST', '/recruiting/v1/import', { jobs: [
		{ external_id: 'funnel-e2e-1', title: 'Funnel Nurse', status: 'publish', created_at: '2025-03-01T09:00:00Z' },
		{ external_id: 'funnel-e2e-2', title: 'Funnel Porter', status: 'publish', created_at: '2025-03-02T09:00:00Z' },
	] } );
	jobs = JSON.parse( await runPhp( `echo wp_json_encode( array_map( fn( $id ) => array( 'id' => (int) $id, 'link' => get_permalink( $id ) ), $GLOBALS['wpdb']->get_col( "SELECT post_id FROM {$GLOBALS['wpdb']->postmeta} WHERE meta_key = '_recruiting_external_id' AND meta_value LIKE 'funnel-e2e-%' ORDER BY meta_value" ) ) );` ) );
	browser = await launch();
	page = await browser.context.newPage();
	const cdp = await browser.context.newCDPSession( page );
	await cdp.send( 'Network.setUserAgentOverride', { userAgent: AGENT } );
	problems = watchConsole( page );
} );

after( async () => {
	await browser?.close();
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	await runPhp( '$result = \\RecruitingReports\\Seed\\DemoData::seed(); if ( is_wp_error( $result ) ) { throw new Exception( $result->get_error_message() ); }' );
} );

test( 'the landing page’s source, a list view per job listed, the same cached job page served twice: two views, one form start', async () => {
	await beaconAnswered( () => page.goto( `${ BASE_URL }/jobs/?utm_source=linkedin` ), 'list_view' );
	assert.deepEqual( await counts( 'list_view' ), jobs.map( ( j ) => [ j.id, 'linkedin', 1 ] ) );

	// A full-page cache: the page's HTML fetched once, then the very same bytes served for both visits.
	const cached = await ( await fetch( jobs[ 0 ].link, { headers: { 'User-Agent': AGENT } } ) ).text();
	assert.match( cached, /careers-beacon\.js/ );
	await page.route( jobs[ 0 ].link, ( route ) => route.fulfill( { status: 200, contentType: 'text/html; charset=UTF-8', body: cached } ) );
	for ( let visit = 1; visit <= 2; visit++ ) {
		await beaconAnswered( () => page.goto( jobs[ 0 ].link ), 'job_view' );
		assert.deepEqual( await counts( 'job_view' ), [ [ jobs[ 0 ].id, 'linkedin', visit ] ], `visit ${ visit }` );
	}
	await page.unroute( jobs[ 0 ].link );

	// The form's first interaction is its start; typing on sends nothing more (beacons are seen as they are sent).
	const sent = [];
	page.on( 'request', ( r ) => r.url().includes( '/careers/beacon' ) && sent.push( new URLSearchParams( r.postData() ?? '' ).get( 'metric' ) ) );
	await beaconAnswered( () => page.getByLabel( 'Name' ).click(), 'form_start' );
	await page.getByLabel( 'Name' ).fill( 'Ada' );
	await page.getByLabel( 'E-mail' ).click();
	await beaconAnswered( () => page.goto( `${ BASE_URL }/jobs/` ), 'list_view' );
	assert.deepEqual( sent, [ 'form_start', 'list_view' ] );
	assert.deepEqual( await counts( 'form_start' ), [ [ jobs[ 0 ].id, 'linkedin', 1 ] ] );
	assert.deepEqual( problems, [] );
} );
