// openapi.json says what the server does (issue #22 item 6): an independent validator, Stoplight Prism as a validating
// proxy (`prism proxy --errors`), stands between this test and the site and checks every answer against the document
// the site serves. The crawl sends every route and method of the document, with the statuses and errors each one
// answers (200/201/202, 400, 401, 403, 404, 409, 429), lists with pagination headers, `_fields`, `context=embed` and
// `edit`, CSV: each answer must have the status the crawl expects and no violation (Prism's `sl-violations` header;
// with --errors a response violation would also turn the answer into Prism's own 500).
//
// What Prism cannot carry: a request without credentials (Prism itself answers 401 when a request meets none of an
// operation's security schemes, without asking the server), so the 401s sent are a wrong API key and a wrong
// application password. Request validation is off (--validate-request=false): the crawl sends invalid requests on
// purpose, and it is the answers that are checked. The network routes, registered on a multisite network only, are
// crawled on a network by multisite-openapi-prism.test.mjs.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { site, get, put, expectStatus, resetSite, asAdmin, basicAuth } from './lib/api.mjs';
import { makeKey, makeUser, keyHeader, php } from './lib/credentials.mjs';
import { freePort } from '../../scripts/lib/site-common.mjs';
import { startPrism, stopPrism } from './lib/prism.mjs';

const NS = '/recruiting/v1';
const MISSING = 987654321;

let prism;
let prismUrl;
let prismLog = '';
let tmp;
let doc;
/** Every answer of the crawl: method, path, status, violations. */
const sent = [];

before( async () => {
	await resetSite();
	doc = expectStatus( await get( `${ NS }/openapi.json`, { auth: {} } ), 200 );
	tmp = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-prism-' ) );
	const file = path.join( tmp, 'openapi.json' );
	fs.writeFileSync( file, JSON.stringify( doc ) );
	const port = await freePort();
	prism = await startPrism( file, `${ site.url }/wp-json${ NS }`, port, ( text ) => ( prismLog += text ) );
	prismUrl = `http://127.0.0.1:${ port }`;
} );

after( async () => {
	await put( `${ NS }/settings`, { rate_limit_per_hour: 1000 } );
	await stopPrism( prism );
	fs.rmSync( tmp, { recursive: true, force: true } );
} );

/**
 * One request through Prism. `path` is below the namespace; `status` the status the server must answer.
 * Returns the parsed JSON (or the text) and the headers.
 */
async function call( method, apiPath, status, { body, query, auth = asAdmin(), accept = 'application/json' } = {} ) {
	const url = new URL( prismUrl + apiPath );
	for ( const [ key, value ] of Object.entries( query || {} ) ) {
		url.searchParams.set( key, String( value ) );
	}
	const headers = { Accept: accept, ...auth };
	if ( undefined !== body ) {
		headers[ 'Content-Type' ] = 'application/json';
	}
	const response = await fetch( url, { method, headers, body: undefined === body ? undefined : JSON.stringify( body ) } );
	const text = await response.text();
	const violations = response.headers.get( 'sl-violations' );
	sent.push( { method, path: apiPath, query, status: response.status, expected: status, violations, text } );
	let json;
	try {
		json = JSON.parse( text );
	} catch {
		json = text;
	}
	return { json, headers: response.headers };
}

const calls = {
	get: ( p, status, options ) => call( 'GET', p, status, options ),
	post: ( p, body, status, options = {} ) => call( 'POST', p, status, { ...options, body } ),
	put: ( p, body, status, options = {} ) => call( 'PUT', p, status, { ...options, body } ),
	patch: ( p, body, status, options = {} ) => call( 'PATCH', p, status, { ...options, body } ),
	del: ( p, status, options ) => call( 'DELETE', p, status, options ),
};

/** The contexts the document gives a GET operation's `context` parameter. */
function contexts( p ) {
	const template = p.replace( /\/\d+/g, '/{id}' );
	return doc.paths[ template ].get.parameters.find( ( parameter ) => 'context' === parameter.name )?.schema?.enum ?? [];
}

/** GET of a list: plain, paged (Link, totals), `_fields` without the id, every context, past the end, a bad per_page. */
async function crawlList( p, extra = {}, field = 'id' ) {
	const [ plain ] = await Promise.all( [
		calls.get( p, 200, { query: extra } ),
		calls.get( p, 200, { query: { ...extra, per_page: 1, page: 2 } } ),
		calls.get( p, 200, { query: { ...extra, _fields: field } } ),
		...contexts( p ).map( ( context ) => calls.get( p, 200, { query: { ...extra, context } } ) ),
		calls.get( p, 200, { query: { ...extra, page: 1000 } } ),
		calls.get( p, 400, { query: { ...extra, per_page: 1000 } } ),
	] );
	assert.ok( plain.headers.get( 'x-wp-total' ), `${ p }: X-WP-Total` );
	return plain.json;
}

/** GET of one item: plain, `_fields` (one field, not the id), every context, and an unknown id (404). */
async function crawlItem( p, missing, field ) {
	await Promise.all( [
		calls.get( p, 200 ),
		calls.get( p, 200, { query: { _fields: field } } ),
		...contexts( p ).map( ( context ) => calls.get( p, 200, { query: { context } } ) ),
		calls.get( missing, 404 ),
	] );
}

test( 'every route, method, status and error through Prism: 0 violations', async () => {
	const reader = await makeKey( { name: 'prism reader', permissions: [ 'recruiting_read_jobs' ] } );
	const limited = await makeKey( { name: 'prism limited', permissions: [ 'recruiting_read_jobs' ], rate_limit: 1 } );
	const readerAuth = keyHeader( reader.key );
	const recruiter = await makeUser( 'prism_recruiter', 'recruiter' );

	// Jobs.
	const job = ( await calls.post( '/jobs', { title: 'Prism job', status: 'publish', external_id: 'prism-1', city: 'Leeds', salary: { min: 1, max: 2, currency: 'GBP', unit: 'year' } }, 201 ) ).json;
	await calls.post( '/jobs', { title: 'Prism draft' }, 201 );
	await calls.post( '/jobs', { title: 'Same id', external_id: 'PRISM-1' }, 400 );
	await calls.post( '/jobs', { description: 'no title' }, 400 );
	await calls.post( '/jobs', { title: 'Read only' }, 403, { auth: readerAuth } );
	await crawlList( '/jobs', {}, 'title' );
	await crawlList( '/jobs', { status: 'publish', orderby: 'title', order: 'asc' } );
	await crawlItem( `/jobs/${ job.id }`, `/jobs/${ MISSING }`, 'title,status' );
	await calls.put( `/jobs/${ job.id }`, { department: 'Nursing' }, 200 );
	await calls.patch( `/jobs/${ job.id }`, { location: 'Leeds' }, 200, { query: { _fields: 'id,location' } } );
	await calls.post( `/jobs/${ job.id }`, { employment_type: 'full_time' }, 200, { query: { context: 'edit' } } );
	await calls.put( `/jobs/${ job.id }`, { title: '' }, 400 );
	await calls.put( `/jobs/${ MISSING }`, { title: 'Gone' }, 404 );
	await calls.put( `/jobs/${ job.id }`, { title: 'Read only' }, 403, { auth: readerAuth } );

	// Applications.
	const application = ( await calls.post( '/applications', { job_id: job.id, external_id: 'prism-app-1', source: 'LinkedIn', candidate: { name: 'Ada Prism', email: 'ada@example.com', phone: '+44 1' } }, 201 ) ).json;
	const second = ( await calls.post( '/applications', { job_id: job.id, candidate: { name: 'Bob Prism', email: 'bob@example.com' } }, 201, { query: { _fields: 'id' } } ) ).json;
	await calls.post( '/applications', { job_id: MISSING, candidate: { name: 'Nobody', email: 'n@example.com' } }, 404 );
	await calls.post( '/applications', { job_id: job.id, candidate: { name: 'Bad', email: 'not-an-address' } }, 400 );
	await calls.post( '/applications', { job_id: job.id, external_id: 'PRISM-APP-1', candidate: { name: 'Twin', email: 't@example.com' } }, 400 );
	await calls.post( '/applications', { job_id: job.id, candidate: { name: 'No', email: 'no@example.com' } }, 403, { auth: readerAuth } );
	await crawlList( '/applications' );
	await crawlList( '/applications', { job_id: job.id, status: 'new', search: 'prism' } );
	await calls.get( '/applications', 200, { query: { format: 'csv' }, accept: 'text/csv' } );
	await calls.get( '/applications', 400, { query: { applied_after: 'yesterday' } } );
	await crawlItem( `/applications/${ application.id }`, `/applications/${ MISSING }`, 'status' );
	await calls.get( `/applications/${ application.id }`, 403, { auth: readerAuth } );
	await calls.get( `/applications/${ application.id }/cv`, 404 );
	// A CV as the apply form stores it (the private folder and the form's row), for the download.
	await php( `$file = bin2hex( random_bytes( 16 ) ) . '.pdf';
		file_put_contents( \\RecruitingReports\\Careers\\CvStore::dir() . '/' . $file, "%PDF-1.4\\n%%EOF\\n" );
		\\RecruitingReports\\Data\\ApplicationForms::insert( array( 'application_id' => ${ Number( second.id ) }, 'job_id' => ${ Number( job.id ) }, 'candidate_email' => 'bob@example.com', 'submitted_at' => time(), 'consent_at' => time(), 'cover_letter' => '', 'cv_file' => $file, 'cv_name' => 'cv.pdf', 'cv_type' => 'application/pdf', 'cv_size' => 14 ) );` );
	const cv = await calls.get( `/applications/${ second.id }/cv`, 200, { accept: '*/*' } );
	assert.match( String( cv.headers.get( 'content-disposition' ) ), /^attachment/ );

	// Status changes.
	await calls.put( `/applications/${ application.id }/status`, { status: 'screening', note: 'Phone call' }, 200 );
	await calls.patch( `/applications/${ application.id }/status`, { status: 'interview' }, 200, { query: { _fields: 'id,status' } } );
	await calls.post( `/applications/${ application.id }/status`, { status: 'new' }, 409 );
	await calls.post( `/applications/${ application.id }/status`, { status: 'sideways' }, 400 );
	await calls.put( `/applications/${ MISSING }/status`, { status: 'screening' }, 404 );
	// Exit reasons (issue #26): a rejection with a reason, an unknown reason refused, the list filtered by reason and by waiting.
	await calls.put( `/applications/${ second.id }/status`, { status: 'rejected', reason: 'salary', note: null }, 200 );
	await calls.put( `/applications/${ application.id }/status`, { status: 'withdrawn', reason: 'no-such-reason' }, 400 );
	await crawlList( '/applications', { reason: 'salary' } );
	await crawlList( '/applications', { stale: false, job_id: job.id } );
	await calls.get( '/applications', 200, { query: { stale: true, format: 'csv' }, accept: 'text/csv' } );
	await calls.get( '/applications', 400, { query: { reason: 'Not an id!' } } );

	// Notes.
	const note = ( await calls.post( `/applications/${ application.id }/notes`, { content: 'Strong candidate' }, 201 ) ).json;
	await calls.post( `/applications/${ application.id }/notes`, { content: '' }, 400 );
	await calls.post( `/applications/${ MISSING }/notes`, { content: 'Nobody' }, 404 );
	await crawlList( `/applications/${ application.id }/notes`, { order: 'asc' } );
	await calls.get( `/applications/${ MISSING }/notes`, 404 );
	await crawlItem( `/notes/${ note.id }`, `/notes/${ MISSING }`, 'content' );
	await calls.del( `/notes/${ note.id }`, 200 );
	await calls.del( `/notes/${ note.id }`, 404 );

	// Ratings.
	await calls.get( `/applications/${ application.id }/rating`, 200 );
	await calls.put( `/applications/${ application.id }/rating`, { score: 4 }, 200 );
	await calls.patch( `/applications/${ application.id }/rating`, { score: 5 }, 200 );
	await calls.post( `/applications/${ application.id }/rating`, { score: 3 }, 200, { query: { context: 'embed' } } );
	await calls.put( `/applications/${ application.id }/rating`, { score: 9 }, 400 );
	await crawlItem( `/applications/${ application.id }/rating`, `/applications/${ MISSING }/rating`, 'average' );
	await calls.del( `/applications/${ application.id }/rating`, 200 );

	// Reports: JSON, compared, CSV sections, an unknown job, a bad date.
	for ( const name of Object.keys( doc.paths ).filter( ( p ) => p.startsWith( '/reports/' ) ) ) {
		// A report's CSV sections are known once it ran: an unknown one is answered with the list.
		const refused = await calls.get( name, 400, { query: { format: 'csv', section: 'nothing' } } );
		const section = String( refused.json?.data?.params?.section ).split( ': ' )[ 1 ]?.split( /[,.]/ )[ 0 ];
		await Promise.all( [
			calls.get( name, 200 ),
			calls.get( name, 200, { query: { date_from: '2020-01-01', date_to: '2030-12-31', job_id: job.id, compare: 'previous_period' } } ),
			calls.get( name, 200, { query: { compare: 'previous_year', _fields: 'period' } } ),
			calls.get( name, 200, { query: { format: 'csv', section }, accept: 'text/csv' } ),
			calls.get( name, 404, { query: { job_id: MISSING } } ),
			calls.get( name, 400, { query: { date_from: 'soon' } } ),
			calls.get( name, 403, { auth: readerAuth } ),
		] );
	}

	// Webhooks and their deliveries.
	const hook = ( await calls.post( '/webhooks', { url: 'http://127.0.0.1:9/prism', events: [ 'job.created' ] }, 201 ) ).json;
	await calls.post( '/webhooks', { url: 'not a url', events: [ 'job.created' ] }, 400 );
	await crawlList( '/webhooks' );
	await crawlItem( `/webhooks/${ hook.id }`, `/webhooks/${ MISSING }`, 'url' );
	await calls.put( `/webhooks/${ hook.id }`, { events: [ 'job.created', 'application.created', 'application.stale' ] }, 200 );
	await calls.patch( `/webhooks/${ hook.id }`, { active: true }, 200 );
	await calls.post( `/webhooks/${ hook.id }`, { url: 'http://127.0.0.1:9/prism2' }, 200 );
	await calls.put( `/webhooks/${ MISSING }`, { active: false }, 404 );
	await calls.post( `/webhooks/${ hook.id }/rotate-secret`, {}, 200 );
	await calls.post( `/webhooks/${ MISSING }/rotate-secret`, {}, 404 );
	const delivery = ( await calls.post( `/webhooks/${ hook.id }/test`, {}, 202 ) ).json;
	await calls.post( `/webhooks/${ MISSING }/test`, {}, 404 );
	await crawlList( `/webhooks/${ hook.id }/deliveries` );
	await calls.get( `/webhooks/${ MISSING }/deliveries`, 404 );
	await calls.post( `/webhooks/${ hook.id }/deliveries/${ delivery.id }/retry`, {}, 400 ); // Still pending.
	await php( `global $wpdb; $wpdb->update( \\RecruitingReports\\Data\\Schema::table( 'webhook_deliveries' ), array( 'status' => 'failed', 'next_attempt_at' => null ), array( 'id' => ${ Number( delivery.id ) } ) );` );
	await calls.post( `/webhooks/${ hook.id }/deliveries/${ delivery.id }/retry`, {}, 202 );
	await calls.post( `/webhooks/${ hook.id }/deliveries/${ MISSING }/retry`, {}, 404 );
	await calls.get( '/webhooks', 403, { auth: readerAuth } );
	await calls.del( `/webhooks/${ hook.id }`, 200 );
	await calls.del( `/webhooks/${ hook.id }`, 404 );

	// API keys (logged-in users only: a key is refused with 403).
	const key = ( await calls.post( '/api-keys', { name: 'Prism board', permissions: [ 'recruiting_read_jobs' ] }, 201 ) ).json;
	await calls.post( '/api-keys', { name: 'Bad', permissions: [ 'fly' ] }, 400 );
	await crawlList( '/api-keys', { status: 'active' } );
	await crawlItem( `/api-keys/${ key.id }`, `/api-keys/${ MISSING }`, 'name' );
	await calls.put( `/api-keys/${ key.id }`, { name: 'Renamed' }, 200 );
	await calls.patch( `/api-keys/${ key.id }`, { rate_limit: 50 }, 200 );
	await calls.post( `/api-keys/${ key.id }`, { rate_limit: null }, 200 );
	await calls.get( '/api-keys', 403, { auth: recruiter.auth } );
	await calls.del( `/api-keys/${ key.id }`, 200 );
	await calls.del( `/api-keys/${ MISSING }`, 404 );

	// Settings and retention.
	await calls.get( '/settings', 200 );
	await calls.get( '/settings', 200, { query: { context: 'edit' } } );
	await calls.put( '/settings', { rate_limit_per_hour: 1000 }, 200 );
	await calls.patch( '/settings', { rate_limit_per_hour: 1000 }, 200 );
	await calls.post( '/settings', { rate_limit_per_hour: 1000 }, 200 );
	await calls.put( '/settings', { rate_limit_per_hour: -5 }, 400 );
	await calls.patch( '/settings', { reason_required: false, stale_days: { new: 3, screening: 7, interview: 10, offer: 5 } }, 200 );
	await calls.put( '/settings', { stale_days: { new: 0 } }, 400 );
	await calls.get( '/settings', 403, { auth: readerAuth } );
	const retention = ( await calls.get( '/retention', 200 ) ).json;
	await calls.put( '/retention', { rules: retention.rules }, 200 );
	await calls.patch( '/retention', { rules: retention.rules }, 200 );
	await calls.post( '/retention', { rules: {} }, 200 );
	await calls.put( '/retention', { rules: 'none' }, 400 );
	await calls.get( '/retention/preview', 200 );
	await calls.get( '/retention/log', 200 );
	await calls.get( '/retention/log', 403, { auth: readerAuth } );
	// The e-mail log (empty here: no application came through the form; careers-mail.test.mjs fills it).
	await crawlList( '/mail-log', { status: 'failed' } );
	await calls.get( '/mail-log', 400, { query: { status: 'lost' } } );
	await calls.get( '/mail-log', 403, { auth: readerAuth } );
	await calls.post( `/mail-log/${ MISSING }/retry`, undefined, 404 );

	// The digest subscription (the admin's own; digests.test.mjs sends them).
	await calls.get( '/digest-subscription', 200 );
	await calls.get( '/digest-subscription', 200, { query: { context: 'edit' } } );
	await calls.put( '/digest-subscription', { frequency: 'weekly', job_id: null }, 200 );
	await calls.patch( '/digest-subscription', { hour: 9 }, 200 );
	await calls.post( '/digest-subscription', { frequency: 'off' }, 200 );
	await calls.put( '/digest-subscription', { weekday: 9 }, 400 );
	await calls.get( '/digest-subscription', 403, { auth: readerAuth } );
	await calls.post( '/digest-subscription/test', undefined, 202 );

	// Import.
	await calls.post( '/import', { jobs: [ { external_id: 'prism-import', title: 'Imported' } ], applications: [] }, 200 );
	await calls.post( '/import', { jobs: [ { title: 5 } ] }, 400 );

	// Authentication and the rate limit.
	await calls.get( '/jobs', 401, { auth: keyHeader( 'rp_live_notakey' ) } );
	await calls.get( '/jobs', 401, { auth: basicAuth( site.adminUser, 'wrong password' ) } );
	await calls.get( '/jobs', 200, { auth: keyHeader( limited.key ) } );
	await calls.get( '/jobs', 429, { auth: keyHeader( limited.key ) } );
	await calls.get( '/openapi.json', 200, { auth: {} } );

	// The careers funnel's public beacon (a JSON body here; browsers send a form or text).
	await calls.post( '/careers/beacon', { metric: 'job_view', job: String( job.id ), source: 'prism' }, 202, { auth: {} } );
	await calls.post( '/careers/beacon', { metric: 'job_view', job: String( MISSING ) }, 404, { auth: {} } );
	await calls.post( '/careers/beacon', { metric: 'nothing', job: String( job.id ) }, 400, { auth: {} } );

	// Deletes last: an application, then the job.
	await calls.del( `/applications/${ second.id }`, 200 );
	await calls.del( `/applications/${ second.id }`, 404 );
	await calls.del( `/jobs/${ job.id }`, 200 );
	await calls.del( `/jobs/${ job.id }`, 404 );

	const unexpected = sent.filter( ( answer ) => answer.status !== answer.expected );
	assert.deepEqual(
		unexpected.map( ( answer ) => `${ answer.method } ${ answer.path } ${ JSON.stringify( answer.query ?? {} ) } → ${ answer.status }, not ${ answer.expected }: ${ answer.text.slice( 0, 1000 ) }` ),
		[]
	);
	const violations = sent.filter( ( answer ) => answer.violations );
	assert.deepEqual(
		violations.map( ( answer ) => `${ answer.method } ${ answer.path } ${ JSON.stringify( answer.query ?? {} ) } → ${ answer.status }: ${ answer.violations }` ),
		[],
		`${ violations.length } of ${ sent.length } answers violate openapi.json`
	);
	assert.doesNotMatch( prismLog, /Violation:/ );
} );

test( 'the crawl reached every operation of the document', () => {
	const reached = new Set( sent.map( ( answer ) => `${ answer.method } ${ answer.path.replace( /\/\d+/g, '/{id}' ).replace( /deliveries\/\{id\}/, 'deliveries/{delivery_id}' ) }` ) );
	const operations = Object.entries( doc.paths ).flatMap( ( [ p, item ] ) => Object.keys( item ).map( ( method ) => `${ method.toUpperCase() } ${ p }` ) );
	assert.deepEqual( operations.filter( ( operation ) => ! reached.has( operation ) ), [] );
} );
