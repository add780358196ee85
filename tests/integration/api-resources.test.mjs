// The resources of docs/api.md#resources through the REST API: jobs, applications (with status history and docs/targets.md#statuses-and-transitions rules),
// notes, ratings, settings; pagination headers; schemas visible through OPTIONS.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, put, del, request, expectStatus, expectError, resetSite } from './lib/api.mjs';
import { makeUser } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
let jobId;
let closedJobId;
let recruiter;

before( async () => {
	await resetSite();
	recruiter = await makeUser( 'res-recruiter', 'recruiter' );
} );

test( 'jobs: create, read, update, list with filters and pagination headers', async () => {
	const created = await post( `${ NS }/jobs`, { title: 'Staff Nurse', description: '<p>Nights</p><script>x()</script>', status: 'publish', department: 'Nursing', location: 'Leeds', employment_type: 'full_time' } );
	const job = expectStatus( created, 201 );
	assert.match( created.headers.get( 'location' ), new RegExp( `/recruiting/v1/jobs/${ job.id }$` ) );
	assert.equal( job.title, 'Staff Nurse' );
	assert.equal( job.status, 'publish' );
	assert.equal( job.department, 'Nursing' );
	assert.ok( ! job.description.includes( '<script>' ), 'description is kses-filtered' );
	assert.match( job.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ );
	assert.deepEqual( job.application_counts, { total: 0, by_status: { new: 0, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, withdrawn: 0 } } );
	jobId = job.id;

	const draft = expectStatus( await post( `${ NS }/jobs`, { title: 'Head of Nursing' } ), 201 );
	assert.equal( draft.status, 'draft', 'status defaults to draft' );
	closedJobId = expectStatus( await post( `${ NS }/jobs`, { title: 'Porter', status: 'closed' } ), 201 ).id;

	const fetched = expectStatus( await get( `${ NS }/jobs/${ jobId }` ), 200 );
	assert.deepEqual( fetched, job );

	const updated = expectStatus( await put( `${ NS }/jobs/${ jobId }`, { location: 'York' } ), 200 );
	assert.equal( updated.location, 'York' );
	assert.equal( updated.title, 'Staff Nurse', 'fields not given keep their value' );
	assert.equal( updated.department, 'Nursing' );

	const all = await get( `${ NS }/jobs`, { query: { per_page: 2 } } );
	assert.equal( expectStatus( all, 200 ).length, 2 );
	assert.equal( all.headers.get( 'x-wp-total' ), '3' );
	assert.equal( all.headers.get( 'x-wp-totalpages' ), '2' );
	assert.match( all.headers.get( 'link' ), /rel="next"/ );

	const published = expectStatus( await get( `${ NS }/jobs`, { query: { status: 'publish' } } ), 200 );
	assert.deepEqual( published.map( ( j ) => j.id ), [ jobId ] );
	const two = expectStatus( await get( `${ NS }/jobs`, { query: { status: 'publish,closed' } } ), 200 );
	assert.equal( two.length, 2 );
	const searched = expectStatus( await get( `${ NS }/jobs`, { query: { search: 'porter' } } ), 200 );
	assert.deepEqual( searched.map( ( j ) => j.id ), [ closedJobId ] );
	const beyond = await get( `${ NS }/jobs`, { query: { page: 50 } } );
	assert.deepEqual( expectStatus( beyond, 200 ), [] );
	assert.equal( beyond.headers.get( 'x-wp-total' ), '3' );
} );

test( 'jobs: unknown ids are 404 resource_not_found; delete trashes the job', async () => {
	expectError( await get( `${ NS }/jobs/999999` ), 404, 'resource_not_found' );
	expectError( await put( `${ NS }/jobs/999999`, { title: 'x' } ), 404, 'resource_not_found' );
	expectError( await del( `${ NS }/jobs/999999` ), 404, 'resource_not_found' );
	const doomed = expectStatus( await post( `${ NS }/jobs`, { title: 'Temporary' } ), 201 );
	const deleted = expectStatus( await del( `${ NS }/jobs/${ doomed.id }` ), 200 );
	assert.equal( deleted.deleted, true );
	assert.equal( deleted.previous.id, doomed.id );
	expectError( await get( `${ NS }/jobs/${ doomed.id }` ), 404, 'resource_not_found' );
	expectError( await del( `${ NS }/jobs/${ doomed.id }` ), 404, 'resource_not_found' );
} );

let applicationId;

test( 'applications: submit to a published job only; list filters; read with history', async () => {
	const created = await post( `${ NS }/applications`, { job_id: jobId, candidate: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 1' } } );
	const application = expectStatus( created, 201 );
	applicationId = application.id;
	assert.equal( application.status, 'new' );
	assert.equal( application.job_id, jobId );
	assert.equal( application.job_title, 'Staff Nurse' );
	assert.deepEqual( application.candidate, { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 1' } );
	assert.deepEqual( application.allowed_transitions, [ 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn' ] );
	assert.equal( application.history.length, 1 );
	assert.equal( application.history[ 0 ].to, 'new' );
	assert.equal( application.history[ 0 ].from, null );
	assert.deepEqual( application.rating, { average: null, count: 0 } );
	assert.equal( application.stage_entered_at.new, application.applied_at );

	expectError( await post( `${ NS }/applications`, { job_id: closedJobId, candidate: { name: 'B', email: 'b@example.com' } } ), 400, 'rest_invalid_param' );
	expectError( await post( `${ NS }/applications`, { job_id: 999999, candidate: { name: 'B', email: 'b@example.com' } } ), 404, 'resource_not_found' );

	// A second one through the Recruiter's application password, with an external id.
	const second = expectStatus( await post( `${ NS }/applications`, { job_id: jobId, external_id: 'ext-9', candidate: { name: 'Grace Hopper', email: 'grace@example.com' } }, { auth: recruiter.auth } ), 201 );
	assert.equal( second.history[ 0 ].user.id, recruiter.id );
	expectError( await post( `${ NS }/applications`, { job_id: jobId, external_id: 'EXT-9', candidate: { name: 'G', email: 'g@example.com' } } ), 400, 'rest_invalid_param' );

	const list = await get( `${ NS }/applications`, { query: { job_id: jobId } } );
	assert.equal( expectStatus( list, 200 ).length, 2 );
	assert.equal( list.headers.get( 'x-wp-total' ), '2' );
	assert.equal( list.json[ 0 ].history, undefined, 'lists carry no history' );
	const bySearch = expectStatus( await get( `${ NS }/applications`, { query: { search: 'grace' } } ), 200 );
	assert.deepEqual( bySearch.map( ( a ) => a.id ), [ second.id ] );
	const future = expectStatus( await get( `${ NS }/applications`, { query: { applied_after: '2999-01-01T00:00:00Z' } } ), 200 );
	assert.deepEqual( future, [] );
	const past = expectStatus( await get( `${ NS }/applications`, { query: { applied_before: '2999-01-01T00:00:00+02:00', status: 'new' } } ), 200 );
	assert.equal( past.length, 2 );
	expectError( await get( `${ NS }/applications`, { query: { applied_after: '2025-01-01' } } ), 400, 'rest_invalid_param' );
	expectError( await get( `${ NS }/applications/999999` ), 404, 'resource_not_found' );
	const job = expectStatus( await get( `${ NS }/jobs/${ jobId }` ), 200 );
	assert.equal( job.application_counts.total, 2 );
	assert.equal( job.application_counts.by_status.new, 2 );
} );

test( 'status changes follow docs/targets.md#statuses-and-transitions: skipping, 409 with allowed targets, reopen, no-op, hired is final', async () => {
	const path = `${ NS }/applications/${ applicationId }/status`;
	let app = expectStatus( await put( path, { status: 'interview', note: 'Strong CV' } ), 200 );
	assert.equal( app.status, 'interview' );
	assert.equal( app.history.at( -1 ).note, 'Strong CV' );
	assert.equal( app.history.at( -1 ).from, 'new' );
	assert.ok( app.stage_entered_at.interview );
	assert.equal( app.stage_entered_at.screening, null );

	const backwards = expectError( await put( path, { status: 'screening' } ), 409, 'invalid_status_transition' );
	assert.deepEqual( backwards.data.allowed, [ 'offer', 'hired', 'rejected', 'withdrawn' ] );

	app = expectStatus( await put( path, { status: 'rejected' } ), 200 );
	assert.deepEqual( app.allowed_transitions, [ 'interview' ] );
	const wrongReopen = expectError( await put( path, { status: 'offer' } ), 409, 'invalid_status_transition' );
	assert.deepEqual( wrongReopen.data.allowed, [ 'interview' ] );
	app = expectStatus( await put( path, { status: 'interview' } ), 200 );
	const rows = app.history.length;
	app = expectStatus( await put( path, { status: 'interview' } ), 200 );
	assert.equal( app.history.length, rows, 'setting the current status again writes no history' );
	app = expectStatus( await put( path, { status: 'hired' } ), 200 );
	const final = expectError( await put( path, { status: 'rejected' } ), 409, 'invalid_status_transition' );
	assert.deepEqual( final.data.allowed, [] );
	assert.deepEqual( app.history.map( ( h ) => h.to ), [ 'new', 'interview', 'rejected', 'interview', 'hired' ] );

	expectError( await put( path, { status: 'promoted' } ), 400, 'rest_invalid_param' );
	expectError( await put( path, {} ), 400, 'rest_invalid_param' );
	expectError( await put( `${ NS }/applications/999999/status`, { status: 'screening' } ), 404, 'resource_not_found' );
} );

test( 'concurrent status changes never fork or lose history (compare-and-swap in a transaction)', async () => {
	const job = expectStatus( await post( `${ NS }/jobs`, { title: 'Race job', status: 'publish' } ), 201 );
	const application = expectStatus( await post( `${ NS }/applications`, { job_id: job.id, candidate: { name: 'Race', email: 'race@example.com' } } ), 201 );
	const path = `${ NS }/applications/${ application.id }/status`;
	const targets = [ 'screening', 'interview', 'offer', 'rejected', 'withdrawn', 'interview', 'offer', 'screening' ];
	const responses = await Promise.all( targets.map( ( status ) => put( path, { status } ) ) );
	for ( const response of responses ) {
		assert.ok( [ 200, 409 ].includes( response.status ), `${ response.status } ${ response.text.slice( 0, 200 ) }` );
	}
	const final = expectStatus( await get( `${ NS }/applications/${ application.id }` ), 200 );
	const history = final.history;
	for ( let i = 1; i < history.length; i++ ) {
		assert.equal( history[ i ].from, history[ i - 1 ].to, 'each change starts where the previous one ended' );
	}
	assert.equal( history.at( -1 ).to, final.status );
	assert.ok( history.length >= 2 && history.length <= 1 + responses.filter( ( r ) => r.status === 200 ).length );
} );

test( 'notes: add, list newest first with pagination, delete', async () => {
	const base = `${ NS }/applications/${ applicationId }/notes`;
	const first = expectStatus( await post( base, { content: 'Called the candidate.' } ), 201 );
	assert.equal( first.application_id, applicationId );
	assert.equal( first.author.name.length > 0, true );
	const second = expectStatus( await post( base, { content: 'Ζητήθηκαν συστάσεις 📞' }, { auth: recruiter.auth } ), 201 );
	assert.equal( second.author.id, recruiter.id );
	assert.equal( second.content, 'Ζητήθηκαν συστάσεις 📞' );
	const list = await get( base, { query: { per_page: 1 } } );
	assert.deepEqual( expectStatus( list, 200 ).map( ( n ) => n.id ), [ second.id ] );
	assert.equal( list.headers.get( 'x-wp-total' ), '2' );
	expectError( await post( base, { content: '   ' } ), 400, 'rest_invalid_param' );
	expectError( await post( `${ NS }/applications/999999/notes`, { content: 'x' } ), 404, 'resource_not_found' );
	const removed = expectStatus( await del( `${ NS }/notes/${ first.id }` ), 200 );
	assert.equal( removed.deleted, true );
	expectError( await del( `${ NS }/notes/${ first.id }` ), 404, 'resource_not_found' );
	assert.equal( expectStatus( await get( base ), 200 ).length, 1 );
} );

test( 'ratings: one score per user, the application shows the average', async () => {
	const path = `${ NS }/applications/${ applicationId }/rating`;
	let rating = expectStatus( await put( path, { score: 5 } ), 200 );
	assert.deepEqual( [ rating.average, rating.count, rating.your_score ], [ 5, 1, 5 ] );
	rating = expectStatus( await put( path, { score: 4 } ), 200 );
	assert.deepEqual( [ rating.average, rating.count ], [ 4, 1 ], 'a second PUT replaces the user\'s score' );
	rating = expectStatus( await put( path, { score: 3 }, { auth: recruiter.auth } ), 200 );
	assert.deepEqual( [ rating.average, rating.count, rating.your_score ], [ 3.5, 2, 3 ] );
	const application = expectStatus( await get( `${ NS }/applications/${ applicationId }` ), 200 );
	assert.deepEqual( application.rating, { average: 3.5, count: 2 } );
	for ( const score of [ 0, 6, -1, 2.5, '5x', null, 1e30 ] ) {
		expectError( await put( path, { score } ), 400, 'rest_invalid_param' );
	}
	rating = expectStatus( await del( path, { auth: recruiter.auth } ), 200 );
	assert.deepEqual( [ rating.average, rating.count, rating.your_score ], [ 4, 1, null ] );
	expectError( await put( `${ NS }/applications/999999/rating`, { score: 3 } ), 404, 'resource_not_found' );
} );

// The e-mail settings as a new site has them: no default recipients, each template shown as its default text.
const MAIL_DEFAULTS = {
	mail_notify_to: [],
	mail_candidate_subject: 'We received your application: {job_title}',
	mail_candidate_body: 'Dear {candidate_name},\n\nthank you for applying for {job_title}. We have received your application and will get back to you.\n\nKind regards,\n{site_name}',
	mail_notify_subject: 'New application for {job_title}: {candidate_name}',
	mail_notify_body: '{candidate_name} applied for {job_title} through {site_name}.\n\nSee the application: {application_url}',
};

test( 'settings: GET, partial PUT keeps omitted fields, validation', async () => {
	const initial = expectStatus( await get( `${ NS }/settings` ), 200 );
	// The reason lists and stale_days are tested in reasons.test.mjs and stale.test.mjs.
	const { rejection_reasons: rejection, withdrawal_reasons: withdrawal, ...plain } = initial;
	assert.ok( rejection.length && withdrawal.length );
	assert.deepEqual( plain, { rate_limit_per_hour: 1000, default_period: 'last_12_months', delete_data_on_uninstall: false, anonymise_on_erasure: false, delivery_log_days: 30, jobs_base: 'jobs', apply_phone: 'optional', apply_cv_max_mb: 5, ...MAIL_DEFAULTS, careers_honour_dnt: true, careers_beacon_limit: 600, careers_daily_months: 13, reason_required: false, stale_days: { new: 3, screening: 7, interview: 10, offer: 5 } } );
	let settings = expectStatus( await put( `${ NS }/settings`, { rate_limit_per_hour: 250 } ), 200 );
	assert.deepEqual( settings, { ...initial, rate_limit_per_hour: 250 } );
	settings = expectStatus( await put( `${ NS }/settings`, { default_period: 'last_30_days' } ), 200 );
	assert.equal( settings.rate_limit_per_hour, 250, 'omitted field kept' );
	for ( const body of [ { rate_limit_per_hour: 0 }, { rate_limit_per_hour: 'many' }, { default_period: 'forever' }, { delete_data_on_uninstall: 'perhaps' }, { jobs_base: 'Job Pages' }, { jobs_base: '' }, { stale_days: { new: 0 } }, { stale_days: { hired: 3 } }, { rejection_reasons: [ { id: 'Bad Id', label: 'x' } ] }, { rejection_reasons: [ { label: '' } ] } ] ) {
		expectError( await put( `${ NS }/settings`, body ), 400, 'rest_invalid_param' );
	}
	assert.deepEqual( expectStatus( await get( `${ NS }/settings` ), 200 ), settings );
	expectStatus( await put( `${ NS }/settings`, { rate_limit_per_hour: 1000, default_period: 'last_12_months' } ), 200 );
} );

test( 'every route declares its schema and arguments through OPTIONS', async () => {
	for ( const path of [ '/jobs', '/jobs/1', '/applications', '/applications/1', '/applications/1/status', '/applications/1/notes', '/notes/1', '/applications/1/rating', '/webhooks', '/webhooks/1', '/webhooks/1/test', '/webhooks/1/rotate-secret', '/webhooks/1/deliveries', '/webhooks/1/deliveries/1/retry', '/api-keys', '/api-keys/1', '/settings', '/import', '/mail-log', '/mail-log/1/retry' ] ) {
		const response = await request( 'OPTIONS', NS + path, { auth: {} } );
		const body = expectStatus( response, 200 );
		assert.ok( body.schema?.properties, `${ path } has a schema` );
		assert.ok( Array.isArray( body.endpoints ) && body.endpoints.length > 0, `${ path } lists endpoints` );
	}
	const jobs = expectStatus( await request( 'OPTIONS', `${ NS }/jobs`, { auth: {} } ), 200 );
	const list = jobs.endpoints.find( ( e ) => e.methods.includes( 'GET' ) );
	assert.equal( list.args.per_page.maximum, 100 );
	assert.deepEqual( list.args.status.items.enum, [ 'draft', 'publish', 'closed' ] );
} );
