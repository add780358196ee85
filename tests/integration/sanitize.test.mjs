// One sanitising rule for every write path (issue #12, defect 3): the same raw text sent through POST /import,
// POST /jobs and POST /applications is stored the same way — no markup in names, departments, locations, titles —
// and a value that is nothing but markup is refused as empty on every path.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectError, expectStatus, get, post, resetSite } from './lib/api.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;

const RAW = {
	title: 'Nurse <img src=x onerror=alert(1)> <b>night</b>\tshift',
	department: '<script>alert("dep")</script>Care   & Cure',
	location: 'Berlin <a href="javascript:alert(1)">Mitte</a>\nOffice',
	employment_type: '<i>full</i>-time',
	description: '<p>Hello <strong>world</strong></p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
	name: 'Ada <b onmouseover="alert(1)">Lovelace</b><script>x()</script>',
	phone: '<b>+49</b> 30 1234',
};

let imported;

before( async () => {
	await resetSite();
	const summary = expectStatus(
		await post( `${ NS }/import`, {
			jobs: [ { external_id: 'san-job', title: RAW.title, status: 'publish', department: RAW.department, location: RAW.location, employment_type: RAW.employment_type, description: RAW.description } ],
			applications: [ { external_id: 'san-app', job: 'san-job', candidate: { name: RAW.name, email: 'ada@example.com', phone: RAW.phone }, applied_at: '2025-01-05T10:00:00Z' } ],
		} ),
		200
	);
	imported = { jobId: summary.jobs.ids[ 'san-job' ] };
	const [ app ] = expectStatus( await get( `${ NS }/applications`, { query: { job_id: imported.jobId } } ), 200 );
	imported.applicationId = app.id;
} );

test( 'a job imported and a job created through POST /jobs store the same cleaned text', { timeout: TIMEOUT }, async () => {
	const created = expectStatus( await post( `${ NS }/jobs`, { title: RAW.title, status: 'publish', department: RAW.department, location: RAW.location, employment_type: RAW.employment_type, description: RAW.description } ), 201 );
	const viaImport = expectStatus( await get( `${ NS }/jobs/${ imported.jobId }` ), 200 );
	const viaApi = expectStatus( await get( `${ NS }/jobs/${ created.id }` ), 200 );
	for ( const field of [ 'title', 'department', 'location', 'employment_type', 'description' ] ) {
		assert.equal( viaImport[ field ], viaApi[ field ], field );
	}
	for ( const field of [ 'title', 'department', 'location', 'employment_type' ] ) {
		assert.doesNotMatch( viaImport[ field ], /[<>]/, `${ field }: ${ viaImport[ field ] }` );
	}
	assert.equal( viaImport.department, 'Care & Cure' );
	assert.doesNotMatch( viaImport.description, /<script|javascript:/ );
	assert.match( viaImport.description, /<strong>world<\/strong>/ );
} );

test( 'a candidate imported and one submitted through POST /applications store the same cleaned text', { timeout: TIMEOUT }, async () => {
	const created = expectStatus( await post( `${ NS }/applications`, { job_id: imported.jobId, candidate: { name: RAW.name, email: 'ada@example.com', phone: RAW.phone } } ), 201 );
	const viaImport = expectStatus( await get( `${ NS }/applications/${ imported.applicationId }` ), 200 );
	const viaApi = expectStatus( await get( `${ NS }/applications/${ created.id }` ), 200 );
	assert.deepEqual( viaImport.candidate, viaApi.candidate );
	assert.equal( viaImport.candidate.name, 'Ada Lovelace' );
	assert.equal( viaImport.candidate.phone, '+49 30 1234' );
} );

test( 'a name that is only markup is refused as empty on every path', { timeout: TIMEOUT }, async () => {
	const error = expectError(
		await post( `${ NS }/import`, {
			applications: [
				{ external_id: 'san-empty', job_id: imported.jobId, candidate: { name: '<b></b><script>x</script>', email: 'x@example.com' }, applied_at: '2025-01-05T10:00:00Z' },
			],
		} ),
		400,
		'rest_invalid_param'
	);
	assert.ok( error.data.params[ 'applications[0].candidate.name' ], JSON.stringify( error.data.params ) );
	expectError( await post( `${ NS }/applications`, { job_id: imported.jobId, candidate: { name: '<b></b><script>x</script>', email: 'x@example.com' } } ), 400, 'rest_invalid_param' );
} );
