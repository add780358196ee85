import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, expectStatus, resetSite, siteState } from './lib/api.mjs';
import { job, application } from './lib/fixtures.mjs';

const CAPS = [ 'recruiting_read_jobs', 'recruiting_write_jobs', 'recruiting_read_applications', 'recruiting_write_applications', 'recruiting_manage_settings' ];

before( resetSite );

test( 'activation created every table, the capabilities and the Recruiter role', async () => {
	const state = await siteState();
	for ( const [ name, count ] of Object.entries( state.tables ) ) {
		assert.equal( typeof count, 'number', `table ${ name } exists` );
	}
	assert.equal( Object.keys( state.tables ).length, 13 );
	for ( const cap of CAPS ) {
		assert.ok( state.roles.administrator.includes( cap ), `administrator has ${ cap }` );
	}
	assert.deepEqual( [ ...state.roles.recruiter ].sort(), [ 'read', ...CAPS.slice( 0, 4 ) ].sort() );
	for ( const role of [ 'editor', 'subscriber' ] ) {
		assert.deepEqual( state.roles[ role ].filter( ( cap ) => cap.startsWith( 'recruiting_' ) ), [] );
	}
} );

test( 'an upgrade from schema version 1 keeps the data and rebuilds the timeline from the history', async () => {
	expectStatus(
		await post( '/recruiting/v1/import', {
			jobs: [ job( 'up-job' ) ],
			applications: [
				application( 'up-1', 'up-job', {
					history: [
						{ status: 'screening', at: '2025-01-06T10:00:00Z' },
						{ status: 'offer', at: '2025-01-10T10:00:00Z' },
						{ status: 'withdrawn', at: '2025-01-11T10:00:00Z' },
					],
				} ),
			],
		} ),
		200
	);
	const before = await siteState();
	const simulated = expectStatus( await post( '/recruiting-test/v1/simulate-schema-v1', {} ), 200 );
	assert.ok( ! simulated.columns.includes( 'max_stage' ), 'the old schema lacks max_stage' );
	assert.ok( ! simulated.columns.includes( 'source' ), 'the old schema lacks source' );

	// The next request loads the plugin, which sees version 1 and migrates.
	const after = await siteState();
	assert.equal( after.schema_version, 4 );
	assert.deepEqual( after.tables, before.tables );
	const row = expectStatus( await get( '/recruiting-test/v1/applications/up-1' ), 200 );
	assert.equal( row.status, 'withdrawn' );
	assert.equal( row.reopen_status, 'offer' );
	assert.equal( Number( row.max_stage ), 3 );
	assert.equal( Number( row.offer_at ), Date.parse( '2025-01-10T10:00:00Z' ) / 1000 );
	assert.equal( row.interview_at, null );
	// Version 4: existing applications came in directly, and the sources summary counts them.
	assert.equal( row.source, 'direct' );
	const sources = expectStatus( await get( '/recruiting/v1/reports/sources', { query: { date_from: '2000-01-01' } } ), 200 );
	assert.deepEqual( sources.sources.map( ( s ) => [ s.source, s.applications ] ), [ [ 'direct', 1 ] ] );
} );
