import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, expectError, expectStatus, resetSite, siteState, request } from './lib/api.mjs';
import { job, application, manyApplications } from './lib/fixtures.mjs';

const IMPORT = '/recruiting/v1/import';

async function stored( externalId ) {
	return expectStatus( await get( `/recruiting-test/v1/applications/${ encodeURIComponent( externalId ) }` ), 200 );
}

before( resetSite );

test( 'imports jobs and applications with their history (SPEC example)', async () => {
	const result = expectStatus(
		await post( IMPORT, {
			jobs: [ { external_id: 'j1', title: 'Nurse', status: 'publish', created_at: '2025-01-03T09:00:00Z' } ],
			applications: [
				{
					external_id: 'a1',
					job: 'j1',
					candidate: { name: 'Ada', email: 'ada@example.com' },
					applied_at: '2025-01-05T10:00:00Z',
					history: [
						{ status: 'screening', at: '2025-01-07T08:00:00Z' },
						{ status: 'interview', at: '2025-01-12T08:00:00Z' },
					],
				},
			],
		} ),
		200
	);
	assert.equal( result.jobs.created, 1 );
	assert.equal( result.applications.created, 1 );
	assert.equal( result.history_entries, 3 );
	assert.ok( Number.isInteger( result.jobs.ids.j1 ) );

	const row = await stored( 'a1' );
	assert.equal( row.status, 'interview' );
	assert.equal( Number( row.job_id ), result.jobs.ids.j1 );
	assert.equal( Number( row.applied_at ), Date.parse( '2025-01-05T10:00:00Z' ) / 1000 );
	assert.equal( Number( row.screening_at ), Date.parse( '2025-01-07T08:00:00Z' ) / 1000 );
	assert.equal( Number( row.interview_at ), Date.parse( '2025-01-12T08:00:00Z' ) / 1000 );
	assert.equal( row.offer_at, null );
	assert.equal( Number( row.max_stage ), 2 );
	assert.deepEqual(
		row.history.map( ( h ) => [ h.from_status, h.to_status ] ),
		[ [ null, 'new' ], [ 'new', 'screening' ], [ 'screening', 'interview' ] ]
	);
} );

test( 'offsets are honoured and times are stored as UTC instants', async () => {
	expectStatus(
		await post( IMPORT, {
			applications: [ application( 'tz1', 'j1', { applied_at: '2025-03-01T05:30:00+05:30', history: [ { status: 'screening', at: '2025-03-01T00:00:00-05:00' } ] } ) ],
		} ),
		200
	);
	const row = await stored( 'tz1' );
	assert.equal( Number( row.applied_at ), Date.parse( '2025-03-01T00:00:00Z' ) / 1000 );
	assert.equal( Number( row.screening_at ), Date.parse( '2025-03-01T05:00:00Z' ) / 1000 );
} );

test( 're-importing the same external ids updates in place, without duplicates', async () => {
	const before = await siteState();
	const payload = {
		jobs: [ job( 'j1', { title: 'Senior Nurse' } ) ],
		applications: [
			application( 'a1', 'j1', {
				candidate: { name: 'Ada L.', email: 'ada@example.com' },
				history: [
					{ status: 'screening', at: '2025-01-07T08:00:00Z' },
					{ status: 'interview', at: '2025-01-12T08:00:00Z' },
					{ status: 'offer', at: '2025-01-20T08:00:00Z' },
				],
			} ),
		],
	};
	const first = expectStatus( await post( IMPORT, payload ), 200 );
	const second = expectStatus( await post( IMPORT, payload ), 200 );
	assert.deepEqual( [ first.jobs.created, first.jobs.updated, first.applications.created, first.applications.updated ], [ 0, 1, 0, 1 ] );
	assert.deepEqual( second.jobs.ids, first.jobs.ids );
	assert.deepEqual( second.applications.ids, first.applications.ids );
	const after = await siteState();
	assert.equal( after.jobs, before.jobs );
	assert.equal( after.tables.applications, before.tables.applications );
	// The history was replaced, not appended: new, screening, interview, offer.
	assert.equal( after.tables.status_history, before.tables.status_history + 1 );
	const row = await stored( 'a1' );
	assert.equal( row.candidate_name, 'Ada L.' );
	assert.equal( row.status, 'offer' );
	assert.equal( row.history.length, 4 );
} );

test( 'an application may reference a job of an earlier import, by external id or by job_id', async () => {
	const state = await stored( 'a1' );
	const result = expectStatus(
		await post( IMPORT, {
			applications: [ application( 'later-1', 'j1' ), { ...application( 'later-2', undefined ), job: undefined, job_id: Number( state.job_id ) } ],
		} ),
		200
	);
	assert.equal( result.applications.created, 2 );
	assert.equal( Number( ( await stored( 'later-2' ) ).job_id ), Number( state.job_id ) );
} );

test( 'external ids that differ only in case are the same record', async () => {
	const result = expectStatus( await post( IMPORT, { applications: [ application( 'A1', 'J1' ) ] } ), 200 );
	assert.equal( result.applications.created, 0 );
	assert.equal( result.applications.updated, 1 );
} );

test( 'reopening and skipped stages are accepted; a no-op entry writes no history row', async () => {
	expectStatus(
		await post( IMPORT, {
			applications: [
				application( 'reopen', 'j1', {
					history: [
						{ status: 'new', at: '2025-01-05T10:00:00Z' },
						{ status: 'interview', at: '2025-01-06T10:00:00Z' },
						{ status: 'rejected', at: '2025-01-07T10:00:00Z' },
						{ status: 'interview', at: '2025-01-08T10:00:00Z' },
						{ status: 'hired', at: '2025-01-09T10:00:00Z' },
					],
				} ),
			],
		} ),
		200
	);
	const row = await stored( 'reopen' );
	assert.equal( row.status, 'hired' );
	assert.equal( row.screening_at, null );
	assert.equal( Number( row.interview_at ), Date.parse( '2025-01-06T10:00:00Z' ) / 1000, 'entered(interview) is the first entry' );
	assert.equal( Number( row.max_stage ), 4 );
	assert.equal( row.history.length, 5 );
} );

test( 'one invalid record rejects the whole batch, listing every problem by index and field', async () => {
	const before = await siteState();
	const response = await post( IMPORT, {
		jobs: [ job( 'new-job' ), { external_id: 'bad-job', title: '', status: 'open' } ],
		applications: [
			application( 'ok-1', 'new-job' ),
			application( 'bad-1', 'nope' ),
			application( 'bad-2', 'new-job', { history: [ { status: 'hired', at: '2025-01-06T00:00:00Z' }, { status: 'offer', at: '2025-01-07T00:00:00Z' } ] } ),
			application( 'bad-3', 'new-job', { applied_at: '2025-01-05 10:00', history: [ { status: 'screening', at: 'yesterday' } ] } ),
			application( 'bad-4', 'new-job', { history: [ { status: 'screening', at: '2025-01-04T00:00:00Z' } ] } ),
			application( 'bad-5', 'new-job', { history: [ { status: 'interview', at: '2025-01-09T00:00:00Z' }, { status: 'offer', at: '2025-01-08T00:00:00Z' } ] } ),
			application( 'bad-6', 'new-job', { candidate: { name: 42, email: 'not-an-email' } } ),
			application( 'bad-7', 'new-job', { history: [ { status: 'archived', at: '2025-01-09T00:00:00Z' } ] } ),
			application( 'ok-1', 'new-job' ),
		],
	} );
	const error = expectError( response, 400, 'rest_invalid_param' );
	const params = error.data.params;
	for ( const path of [
		'jobs[1].title',
		'jobs[1].status',
		'applications[1].job',
		'applications[2].history[1].status',
		'applications[3].applied_at',
		'applications[3].history[0].at',
		'applications[4].history[0].at',
		'applications[5].history[1].at',
		'applications[6].candidate.name',
		'applications[6].candidate.email',
		'applications[7].history[0].status',
		'applications[8].external_id',
	] ) {
		assert.ok( typeof params[ path ] === 'string' && params[ path ].length > 0, `expected a problem at ${ path }; got ${ JSON.stringify( params ) }` );
	}
	assert.match( params[ 'applications[2].history[1].status' ], /none/ );
	assert.deepEqual( await siteState(), before, 'nothing was written' );
} );

test( 'wrong types and empty bodies are 400s in the SPEC error shape', async () => {
	const cases = [
		{},
		{ jobs: [], applications: [] },
		{ jobs: 'j1' },
		{ applications: { 0: {} } },
		[ 1, 2 ],
		{ applications: [ 'x', 7, null ] },
		{ applications: [ { external_id: { a: 1 }, job: [ 'j1' ], candidate: 'Ada', applied_at: 20250105, history: 'none' } ] },
		{ jobs: [ { external_id: 'x'.repeat( 300 ), title: 'T'.repeat( 300 ), created_at: '2025-02-30T00:00:00Z' } ] },
		{ applications: [ application( 'future', 'j1', { applied_at: '2999-01-01T00:00:00Z' } ) ] },
		{ applications: [ { ...application( 'both', 'j1' ), job_id: 1 } ] },
		{ applications: [ { ...application( 'neg', 'j1' ), job: undefined, job_id: -5 } ] },
	];
	for ( const body of cases ) {
		const error = expectError( await post( IMPORT, body ), 400, 'rest_invalid_param' );
		assert.ok( Object.keys( error.data.params ).length > 0, JSON.stringify( body ).slice( 0, 200 ) );
	}
	const malformed = await request( 'POST', IMPORT, { body: '{"jobs": [', headers: { 'Content-Type': 'application/json' } } );
	assert.equal( malformed.status, 400 );
	assert.equal( malformed.json.data.status, 400 );
} );

test( 'non-Latin text is stored as given', async () => {
	expectStatus(
		await post( IMPORT, {
			jobs: [ job( 'jp', { title: '看護師 — Krankenpfleger', department: 'Ñúñez' } ) ],
			applications: [ application( 'jp-1', 'jp', { candidate: { name: '山田 太郎', email: 'taro@example.com' } } ) ],
		} ),
		200
	);
	assert.equal( ( await stored( 'jp-1' ) ).candidate_name, '山田 太郎' );
} );

test( 'a batch of 5,000 applications with histories is accepted in one request', async () => {
	const before = await siteState();
	const started = Date.now();
	const result = expectStatus( await post( IMPORT, { jobs: [ job( 'bulk-job' ) ], applications: manyApplications( 5000, 'bulk-job' ) } ), 200 );
	const seconds = ( Date.now() - started ) / 1000;
	console.log( `# import of 5,000 applications took ${ seconds.toFixed( 2 ) } s` );
	assert.equal( result.applications.created, 5000 );
	assert.equal( result.history_entries, 25000 );
	const after = await siteState();
	assert.equal( after.tables.applications, before.tables.applications + 5000 );
	assert.equal( after.tables.status_history, before.tables.status_history + 25000 );
	const row = await stored( 'bulk-4999' );
	assert.equal( row.status, 'hired' );
} );
