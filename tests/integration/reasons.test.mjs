// Rejection and withdrawal reasons (issue #26 item 1): the lists in the settings (defaults, add, rename, retire
// without losing history), PUT /applications/{id}/status's reason (400 for unknown, retired, misplaced or missing
// when required), the history row, the application, the import, the list's filter and the CSV.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { get, put, post, expectStatus, expectError, resetSite } from './lib/api.mjs';
import { importData, app, jobRecord } from './lib/reports.mjs';

beforeEach( resetSite );

async function oneApplication( steps = [] ) {
	const { applications } = await importData( { jobs: [ jobRecord( 'j1' ) ], applications: [ app( 'a1', 'j1', '2025-03-01T00:00:00Z', steps ) ] } );
	return applications.ids.a1;
}

const setStatus = ( id, body ) => put( `/recruiting/v1/applications/${ id }/status`, body );
const settings = async () => expectStatus( await get( '/recruiting/v1/settings' ), 200 );

test( 'defaults: both lists with stable ids, nothing retired, a reason not required', async () => {
	const s = await settings();
	assert.equal( s.reason_required, false );
	assert.deepEqual( s.rejection_reasons.map( ( r ) => r.id ), [ 'not-qualified', 'experience', 'culture-fit', 'salary', 'stronger-candidate', 'position-filled', 'no-show' ] );
	assert.deepEqual( s.withdrawal_reasons.map( ( r ) => r.id ), [ 'other-offer', 'compensation', 'location', 'process', 'personal', 'no-response' ] );
	assert.ok( [ ...s.rejection_reasons, ...s.withdrawal_reasons ].every( ( r ) => r.retired === false && r.label ) );
} );

test( 'a reason is stored on the history row and shown on the application; the wrong ones are 400 with params.reason', async () => {
	const id = await oneApplication( [ [ 'screening', '2025-03-02T00:00:00Z' ] ] );
	for ( const [ body, why ] of [
		[ { status: 'rejected', reason: 'no-such-reason' }, 'unknown' ],
		[ { status: 'rejected', reason: 'other-offer' }, 'a withdrawal reason on a rejection' ],
		[ { status: 'interview', reason: 'salary' }, 'a reason on a status that is not an exit' ],
	] ) {
		const error = expectError( await setStatus( id, body ), 400, 'rest_invalid_param' );
		assert.ok( error.data.params.reason, why );
	}
	const rejected = expectStatus( await setStatus( id, { status: 'rejected', reason: 'salary', note: 'Asked for twice the budget' } ), 200 );
	assert.deepEqual( rejected.reason, { id: 'salary', label: 'Salary expectations' } );
	const view = expectStatus( await get( `/recruiting/v1/applications/${ id }` ), 200 );
	assert.deepEqual( view.history.map( ( h ) => [ h.to, h.reason ] ), [
		[ 'new', null ],
		[ 'screening', null ],
		[ 'rejected', { id: 'salary', label: 'Salary expectations' } ],
	] );
	// Reopened: the reason stays in the history, the application has none now.
	const reopened = expectStatus( await setStatus( id, { status: 'screening' } ), 200 );
	assert.equal( reopened.reason, null );
	const after = expectStatus( await get( `/recruiting/v1/applications/${ id }` ), 200 );
	assert.deepEqual( after.history.map( ( h ) => h.reason?.id ?? null ), [ null, null, 'salary', null ] );
} );

test( 'required by the setting: a rejection or withdrawal without a reason is 400, other changes need none', async () => {
	const id = await oneApplication();
	expectStatus( await put( '/recruiting/v1/settings', { reason_required: true } ), 200 );
	const error = expectError( await setStatus( id, { status: 'withdrawn' } ), 400, 'rest_invalid_param' );
	assert.match( error.data.params.reason, /required/ );
	expectStatus( await setStatus( id, { status: 'screening' } ), 200 );
	const withdrawn = expectStatus( await setStatus( id, { status: 'withdrawn', reason: 'other-offer' } ), 200 );
	assert.equal( withdrawn.reason.id, 'other-offer' );
} );

test( 'rename, add and retire: labels change everywhere, a left-out reason is kept retired, a retired one cannot be chosen', async () => {
	const id = await oneApplication( [ [ 'rejected', '2025-03-02T00:00:00Z' ] ] );
	expectStatus( await setStatus( id, { status: 'new' } ), 200 );
	expectStatus( await setStatus( id, { status: 'rejected', reason: 'culture-fit' } ), 200 );
	const current = ( await settings() ).rejection_reasons;
	// Rename culture-fit, leave out no-show, add one without an id.
	const updated = expectStatus(
		await put( '/recruiting/v1/settings', {
			rejection_reasons: [
				...current.filter( ( r ) => r.id !== 'no-show' ).map( ( r ) => ( r.id === 'culture-fit' ? { ...r, label: 'Values mismatch' } : r ) ),
				{ label: 'Failed the take-home test' },
			],
		} ),
		200
	).rejection_reasons;
	assert.deepEqual( updated.slice( -2 ), [
		{ id: 'failed-the-take-home-test', label: 'Failed the take-home test', retired: false },
		{ id: 'no-show', label: 'Did not show up', retired: true },
	] );
	const view = expectStatus( await get( `/recruiting/v1/applications/${ id }` ), 200 );
	assert.deepEqual( view.reason, { id: 'culture-fit', label: 'Values mismatch' } );
	assert.deepEqual( view.history.at( -1 ).reason, { id: 'culture-fit', label: 'Values mismatch' } );

	// Retire culture-fit: the application keeps its label, a new rejection cannot use it.
	expectStatus( await put( '/recruiting/v1/settings', { rejection_reasons: updated.map( ( r ) => ( r.id === 'culture-fit' ? { ...r, retired: true } : r ) ) } ), 200 );
	expectStatus( await setStatus( id, { status: 'new' } ), 200 );
	const error = expectError( await setStatus( id, { status: 'rejected', reason: 'culture-fit' } ), 400, 'rest_invalid_param' );
	assert.match( error.data.params.reason, /not a current reason/ );
	const history = expectStatus( await get( `/recruiting/v1/applications/${ id }` ), 200 ).history;
	assert.deepEqual( history.map( ( h ) => h.reason?.label ?? null ), [ null, null, null, 'Values mismatch', null ] );
} );

test( 'import: a history entry may carry a reason (retired ones too); unknown or misplaced ones are listed by path', async () => {
	const s = await settings();
	expectStatus( await put( '/recruiting/v1/settings', { withdrawal_reasons: s.withdrawal_reasons.map( ( r ) => ( r.id === 'process' ? { ...r, retired: true } : r ) ) } ), 200 );
	const bad = await post( '/recruiting/v1/import', {
		jobs: [ jobRecord( 'j1' ) ],
		applications: [
			app( 'x1', 'j1', '2025-03-01T00:00:00Z', [ [ 'rejected', '2025-03-02T00:00:00Z' ] ] ),
			app( 'x2', 'j1', '2025-03-01T00:00:00Z', [ [ 'screening', '2025-03-02T00:00:00Z' ] ] ),
		].map( ( a, i ) => ( { ...a, history: [ { ...a.history[ 0 ], reason: i ? 'salary' : 'nope' } ] } ) ),
	} );
	const error = expectError( bad, 400, 'rest_invalid_param' );
	assert.deepEqual( Object.keys( error.data.params ).sort(), [ 'applications[0].history[0].reason', 'applications[1].history[0].reason' ] );

	const { applications } = await importData( {
		jobs: [ jobRecord( 'j1' ) ],
		applications: [
			{ ...app( 'w1', 'j1', '2025-03-01T00:00:00Z' ), history: [ { status: 'withdrawn', at: '2025-03-02T00:00:00Z', reason: 'process' } ] },
			{ ...app( 'r1', 'j1', '2025-03-01T00:00:00Z' ), history: [ { status: 'rejected', at: '2025-03-03T00:00:00Z', reason: 'salary' } ] },
			app( 'r2', 'j1', '2025-03-01T00:00:00Z', [ [ 'rejected', '2025-03-04T00:00:00Z' ] ] ),
		],
	} );
	const w1 = expectStatus( await get( `/recruiting/v1/applications/${ applications.ids.w1 }` ), 200 );
	assert.deepEqual( w1.reason, { id: 'process', label: 'Process too slow' } );

	// The list's filter and the CSV.
	const listed = expectStatus( await get( '/recruiting/v1/applications', { query: { reason: 'salary' } } ), 200 );
	assert.deepEqual( listed.map( ( a ) => a.id ), [ applications.ids.r1 ] );
	const csv = await get( '/recruiting/v1/applications', { query: { format: 'csv', orderby: 'id' } } );
	const lines = csv.text.trim().split( /\r?\n/ );
	const header = lines[ 0 ].split( ',' );
	const reasonColumn = header.indexOf( 'reason' );
	assert.ok( reasonColumn > 0, lines[ 0 ] );
	assert.deepEqual( lines.slice( 1 ).map( ( line ) => line.split( ',' )[ reasonColumn ] ), [ 'Process too slow', 'Salary expectations', '' ] );
} );
