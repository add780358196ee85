// Time in stage and stale candidates (issue #26 item 2): days_in_stage and stale on each application, the list's
// stale filter and "waiting longest" order, the stale_days setting, and the daily webhook event application.stale —
// once per application and stage, crossing its threshold at a daylight-saving change in Europe/Berlin.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { get, put, post, expectStatus, resetSite } from './lib/api.mjs';
import { importData, app, jobRecord, php, setTimezone, plusDays } from './lib/reports.mjs';

const NS = '/recruiting/v1';

beforeEach( resetSite );

const list = async ( query ) => expectStatus( await get( `${ NS }/applications`, { query } ), 200 );

test( 'days in stage, the stale filter and waiting longest first (UTC; defaults new 3, screening 7, interview 10 days)', async () => {
	// Half-day offsets keep every count clear of a day boundary while the test runs.
	const ago = ( days ) => plusDays( new Date().toISOString(), -days );
	const { applications } = await importData( {
		jobs: [ jobRecord( 'j1' ) ],
		applications: [
			app( 's1', 'j1', ago( 4.5 ) ), // new 4 days: stale
			app( 's2', 'j1', ago( 1.5 ) ), // new 1 day
			app( 's3', 'j1', ago( 20 ), [ [ 'screening', ago( 8.5 ) ] ] ), // screening 8 days: stale
			app( 's4', 'j1', ago( 20 ), [ [ 'interview', ago( 9.5 ) ] ] ), // interview 9 days
			app( 's5', 'j1', ago( 30 ), [ [ 'hired', ago( 25 ) ] ] ), // hired: not waiting
			app( 's6', 'j1', ago( 30 ), [ [ 'rejected', ago( 10 ) ] ] ), // rejected: not waiting
		],
	} );
	const name = Object.fromEntries( Object.entries( applications.ids ).map( ( [ key, id ] ) => [ id, key ] ) );
	const names = ( items ) => items.map( ( item ) => name[ item.id ] );

	const open = await list( { status: 'new,screening,interview,offer', orderby: 'status_since', order: 'asc' } );
	assert.deepEqual( open.map( ( a ) => [ name[ a.id ], a.days_in_stage, a.stale ] ), [
		[ 's4', 9, false ],
		[ 's3', 8, true ],
		[ 's1', 4, true ],
		[ 's2', 1, false ],
	] );
	const closed = await list( { status: 'hired,rejected' } );
	assert.deepEqual( closed.map( ( a ) => [ a.days_in_stage, a.stale ] ), [ [ null, null ], [ null, null ] ] );

	assert.deepEqual( names( await list( { stale: true, orderby: 'status_since', order: 'asc' } ) ), [ 's3', 's1' ] );
	assert.deepEqual( names( await list( { stale: false, orderby: 'status_since', order: 'asc' } ) ), [ 's4', 's2' ] );
	const total = await get( `${ NS }/applications`, { query: { stale: true, per_page: 1 } } );
	assert.equal( total.headers.get( 'x-wp-total' ), '2' );

	// Thresholds are settings: new 5, interview 9 → s1 is no longer stale, s4 is.
	const saved = expectStatus( await put( `${ NS }/settings`, { stale_days: { new: 5, interview: 9 } } ), 200 );
	assert.deepEqual( saved.stale_days, { new: 5, screening: 7, interview: 9, offer: 5 } );
	assert.deepEqual( names( await list( { stale: true, orderby: 'status_since', order: 'asc' } ) ), [ 's4', 's3' ] );
} );

/** Runs the daily alerts as of an instant; returns what the run claimed. */
async function runAlerts( iso ) {
	return Number( await php( `echo \\RecruitingReports\\Webhooks\\StaleAlerts::run( ${ Math.floor( Date.parse( iso ) / 1000 ) } );` ) );
}

/** Days in stage of an application as of an instant (Domain\TimeInStage, the rule every reader shares). */
async function daysAt( id, iso ) {
	return Number(
		await php( `$row = \\RecruitingReports\\Data\\ApplicationRepository::find( ${ id } );
			echo \\RecruitingReports\\Domain\\TimeInStage::days( (int) $row['status_since'], ${ Math.floor( Date.parse( iso ) / 1000 ) }, wp_timezone() );` )
	);
}

test( 'application.stale: sent once per application and stage, crossing the threshold at the wall-clock time across a DST change (Europe/Berlin)', async () => {
	await setTimezone( 'Europe/Berlin' );
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/hook', events: [ 'application.stale' ] } ), 201 );
	// Entered new on Thursday 26 March 2026 at 10:00 CET. Clocks go forward on Sunday 29 March at 02:00, so three
	// calendar days later is 29 March 10:00 CEST = 08:00 UTC: 71 hours, not 72.
	const { applications } = await importData( { jobs: [ jobRecord( 'j1' ) ], applications: [ app( 'd1', 'j1', '2026-03-26T09:00:00Z' ) ] } );
	const id = applications.ids.d1;
	const deliveries = async () => expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries` ), 200 );

	assert.equal( await daysAt( id, '2026-03-29T07:30:00Z' ), 2, '09:30 CEST: not yet three days' );
	assert.equal( await runAlerts( '2026-03-29T07:30:00Z' ), 0 );
	assert.equal( ( await deliveries() ).length, 0 );

	// 10:30 CEST: three calendar days (71.5 hours, which 24-hour days would count as 2.98).
	assert.equal( await daysAt( id, '2026-03-29T08:30:00Z' ), 3 );
	assert.equal( await runAlerts( '2026-03-29T08:30:00Z' ), 1 );
	// The daily run again (or on another node): nothing more, that day or later.
	assert.equal( await runAlerts( '2026-03-29T08:30:00Z' ), 0 );
	assert.equal( await runAlerts( '2026-04-02T08:30:00Z' ), 0 );
	const [ delivery ] = await deliveries();
	assert.equal( ( await deliveries() ).length, 1 );
	assert.equal( delivery.event, 'application.stale' );
	assert.equal( delivery.payload.data.application.id, id );
	assert.equal( delivery.payload.data.stage, 'new' );
	assert.equal( delivery.payload.data.threshold_days, 3 );

	// A new stage is a new alert (screening's 7 days from now), once; back in new later is not.
	expectStatus( await put( `${ NS }/applications/${ id }/status`, { status: 'screening' } ), 200 );
	const inEightDays = new Date( Date.now() + 8 * 86400000 ).toISOString();
	assert.equal( await runAlerts( new Date( Date.now() + 6 * 86400000 ).toISOString() ), 0 );
	assert.equal( await runAlerts( inEightDays ), 1 );
	assert.equal( await runAlerts( inEightDays ), 0 );
	expectStatus( await put( `${ NS }/applications/${ id }/status`, { status: 'rejected' } ), 200 );
	expectStatus( await put( `${ NS }/applications/${ id }/status`, { status: 'screening' } ), 200 );
	assert.equal( await runAlerts( new Date( Date.now() + 30 * 86400000 ).toISOString() ), 0 );
	assert.deepEqual( ( await deliveries() ).map( ( d ) => d.payload.data.stage ).sort(), [ 'new', 'screening' ] );
} );
