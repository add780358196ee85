// docs/scaling.md: concurrent writes through both nodes lose nothing — status changes of the same applications (no forked
// history, summaries equal a rebuild), edits of different fields of the same job, and a delete racing edits (a job
// deleted with 200 stays deleted).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, resetSite } from '../integration/lib/api.mjs';
import { phpValue } from '../integration/lib/credentials.mjs';
import { NS, node } from './lib/nodes.mjs';

const [ a, b ] = [ node( 0 ), node( 1 ) ];
const REFERENCE = "require_once WP_PLUGIN_DIR . '/recruiting-reports/tests/support/reports-reference.php';";

before( resetSite );

test( 'status changes of the same applications from both nodes: one linear history each, summaries equal a rebuild', async () => {
	const job = expectStatus( await a.post( `${ NS }/jobs`, { title: 'Race ward', status: 'publish' } ), 201 );
	const ids = [];
	for ( let i = 0; i < 8; i++ ) {
		ids.push( expectStatus( await node( i ).post( `${ NS }/applications`, { job_id: job.id, candidate: { name: `Racer ${ i }`, email: `racer${ i }@example.com` } } ), 201 ).id );
	}
	// Each round: both nodes try different moves of every application at once. Whichever request lands first, each
	// round leaves at least one allowed move (new → screening/interview → offer → hired or rejected), so every
	// application gets at least three changes; the last round races a reopen (rejected → offer) against a withdrawal.
	const rounds = [
		[ 'screening', 'interview' ],
		[ 'offer', 'screening' ],
		[ 'hired', 'rejected' ],
		[ 'offer', 'withdrawn' ],
	];
	const answered = new Set(); // history row ids that 200 responses showed
	for ( const [ first, second ] of rounds ) {
		const responses = await Promise.all( ids.flatMap( ( id ) => [ a.put( `${ NS }/applications/${ id }/status`, { status: first } ), b.put( `${ NS }/applications/${ id }/status`, { status: second } ) ] ) );
		for ( const response of responses ) {
			assert.ok( [ 200, 409 ].includes( response.status ), `${ response.status } ${ response.text.slice( 0, 500 ) }` );
			if ( 200 === response.status ) response.json.history.forEach( ( row ) => answered.add( row.id ) );
		}
	}
	const state = await phpValue( `( function () {
		${ REFERENCE }
		global $wpdb;
		$ids     = array_map( 'intval', json_decode( '${ JSON.stringify( ids ) }', true ) );
		$out     = array();
		foreach ( $ids as $id ) {
			$out[ $id ] = array(
				'status'  => $wpdb->get_var( $wpdb->prepare( 'SELECT status FROM %i WHERE id = %d', \\RecruitingReports\\Data\\Schema::table( 'applications' ), $id ) ),
				'history' => $wpdb->get_results( $wpdb->prepare( 'SELECT id, from_status, to_status FROM %i WHERE application_id = %d ORDER BY id', \\RecruitingReports\\Data\\Schema::table( 'status_history' ), $id ), ARRAY_A ),
			);
		}
		$incremental = rr_summary_snapshot();
		\\RecruitingReports\\Data\\ReportSummary::rebuild();
		return array( 'apps' => $out, 'incremental' => $incremental, 'rebuilt' => rr_summary_snapshot() );
	} )()` );
	const stored = new Set();
	for ( const [ id, app ] of Object.entries( state.apps ) ) {
		let current = null;
		for ( const row of app.history ) {
			assert.equal( row.from_status, current, `application ${ id }: history forks at ${ JSON.stringify( row ) }` );
			current = row.to_status;
			stored.add( Number( row.id ) );
		}
		assert.equal( current, app.status, `application ${ id }: the row's status is the history's last` );
	}
	assert.ok( answered.size >= ids.length * 4, `the applied row and three changes per application were answered (${ answered.size } history rows)` );
	assert.deepEqual( [ ...answered ].filter( ( id ) => ! stored.has( id ) ), [], 'no change answered 200 is lost' );
	assert.deepEqual( state.incremental, state.rebuilt );
} );

test( 'edits of different fields of one job from both nodes at once: none is lost', async () => {
	for ( let round = 0; round < 8; round++ ) {
		const job = expectStatus( await a.post( `${ NS }/jobs`, { title: `Edit ${ round }`, status: 'draft' } ), 201 );
		const edits = [
			[ a, { title: `Title ${ round }` } ],
			[ b, { description: `Description ${ round }` } ],
			[ a, { department: `Department ${ round }` } ],
			[ b, { status: 'publish' } ],
			[ a, { location: `Location ${ round }` } ],
			[ b, { employment_type: 'part_time' } ],
		];
		const responses = await Promise.all( edits.map( ( [ on, body ] ) => on.put( `${ NS }/jobs/${ job.id }`, body ) ) );
		responses.forEach( ( response ) => expectStatus( response, 200 ) );
		const final = expectStatus( await b.get( `${ NS }/jobs/${ job.id }` ), 200 );
		for ( const [ , body ] of edits ) {
			for ( const [ field, value ] of Object.entries( body ) ) {
				assert.equal( String( final[ field ] ).replace( /<\/?p>|\n/g, '' ), value, `round ${ round }: ${ field } lost` );
			}
		}
	}
} );

test( 'a job deleted from one node while the other edits it stays deleted; an edit answered 200 was applied first', async () => {
	for ( let round = 0; round < 10; round++ ) {
		const job = expectStatus( await a.post( `${ NS }/jobs`, { title: `Doomed ${ round }`, status: 'publish' } ), 201 );
		const [ edit, removal, edit2 ] = await Promise.all( [
			a.put( `${ NS }/jobs/${ job.id }`, { title: `Edited ${ round }` } ),
			b.del( `${ NS }/jobs/${ job.id }` ),
			a.put( `${ NS }/jobs/${ job.id }`, { status: 'draft' } ),
		] );
		for ( const response of [ edit, edit2 ] ) {
			assert.ok( [ 200, 404 ].includes( response.status ), `edit: ${ response.status } ${ response.text.slice( 0, 300 ) }` );
		}
		expectStatus( removal, 200 );
		assert.equal( ( await b.get( `${ NS }/jobs/${ job.id }` ) ).status, 404, `round ${ round }: the deleted job is back` );
		assert.equal( ( await a.put( `${ NS }/jobs/${ job.id }`, { title: 'Too late' } ) ).status, 404 );
		const listed = expectStatus( await a.get( `${ NS }/jobs`, { query: { per_page: 100 } } ), 200 );
		assert.ok( ! listed.some( ( j ) => j.id === job.id ), 'a deleted job is not listed' );
	}
} );
