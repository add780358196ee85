// WP-CLI (docs/targets.md#release-and-operations): `wp recruiting …` run by the real wp-cli.phar against the native test site. Every command's
// success path is checked against what the REST API says about the same data, and every bad input ends with a
// clear message, exit code 1 and nothing written. Import of 20,000 applications from a file must give the same
// report figures as the same import through POST /import; both throughputs are printed (applications/s).
// Skipped unless RR_WP_CLI names a wp-cli.phar (neither npm nor Debian serves WP-CLI), and on Playground
// (WordPress runs in PHP/wasm there; WP-CLI needs a PHP CLI beside the site's files): lib/wp-cli.mjs.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { get, post, expectStatus, resetSite, siteState } from './lib/api.mjs';
import { php, phpValue } from './lib/credentials.mjs';
import { job, application, manyApplications } from './lib/fixtures.mjs';
import { wp, wpOk, skipWithoutWpCli, WP_PATH } from './lib/wp-cli.mjs';

const NS = '/recruiting/v1';
const skip = skipWithoutWpCli;
// dev/ (the benchmark seeder) is in a checkout, not in the release zip (RR_PLUGIN_DIR=<unzipped plugin>).
const DEV = Boolean( WP_PATH ) && fs.existsSync( path.join( WP_PATH, 'wp-content/plugins/recruiting-reports/dev/load.php' ) );
const skipWithoutDev = skip || ( DEV ? false : 'needs the development tools in dev/, which the release zip leaves out' );
const today = () => new Date().toISOString().slice( 0, 10 );
const daysAgo = ( days ) => new Date( Date.now() - days * 86400000 ).toISOString().slice( 0, 10 );
const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-cli-' ) );
after( () => fs.rmSync( dir, { recursive: true, force: true } ) );

const file = ( name, content ) => {
	const target = path.join( dir, name );
	fs.writeFileSync( target, typeof content === 'string' ? content : JSON.stringify( content ) );
	return target;
};
const counts = async () => {
	const state = await siteState();
	return { jobs: state.jobs, applications: state.tables.applications, history: state.tables.status_history, keys: state.tables.api_keys };
};
const restReport = async ( name, query ) => expectStatus( await get( `${ NS }/reports/${ name }`, { query } ), 200 );
/** A report as the CLI prints it with --format=json. */
const cliReport = async ( name, args = [] ) => JSON.parse( await wpOk( [ 'recruiting', 'report', name, ...args, '--format=json' ] ) );
/** Asserts exit code 1, an error message matching `pattern` on STDERR, and returns the result. */
async function fails( args, pattern, options ) {
	const result = await wp( args, options );
	assert.equal( result.code, 1, `wp ${ args.join( ' ' ) } should exit with 1:\n${ result.stdout }\n${ result.stderr }` );
	assert.match( result.stderr, /Error: / );
	assert.match( result.stderr, pattern );
	return result;
}

test( 'wp help recruiting lists every command, and each has a synopsis', { skip }, async () => {
	const help = await wpOk( [ 'help', 'recruiting' ] );
	for ( const command of [ 'import', 'report', 'seed', 'summaries', 'webhooks', 'cache', 'keys' ] ) {
		assert.match( help, new RegExp( `^\\s+${ command }\\s+\\S`, 'm' ), `wp help recruiting lists ${ command }` );
	}
	// Help wraps lines at 80 columns.
	const helpOf = async ( ...command ) => ( await wpOk( [ 'help', 'recruiting', ...command ] ) ).replace( /\s+/g, ' ' );
	assert.match( await helpOf( 'report' ), /wp recruiting report <name> \[--date_from=<date>\] \[--date_to=<date>\] \[--job_id=<id>\] \[--compare=<period>\] \[--section=<section>\] \[--format=<format>\]/ );
	assert.match( await helpOf( 'keys', 'create' ), /wp recruiting keys create --name=<name> --permissions=<permissions> \[--env=<env>\] \[--expires=<date>\] \[--porcelain\]/ );
	assert.match( await helpOf( 'import' ), /wp recruiting import <file> .* every problem is listed/ );
	assert.match( await helpOf( 'summaries', 'rebuild' ), /wp recruiting summaries rebuild \[--batch-size=<n>\]/ );
	assert.match( await helpOf( 'webhooks' ), /list .* retry .* run / );
	// The development command exists only where dev/ does (a checkout, not the release zip).
	const seedHelp = await wpOk( [ 'help', 'recruiting', 'seed' ] );
	if ( DEV ) {
		assert.match( seedHelp, /benchmark\s+Bulk-seeds the benchmark dataset/ );
	} else {
		assert.doesNotMatch( seedHelp, /benchmark/ );
		await fails( [ 'recruiting', 'seed', 'benchmark', '--applications=10' ], /'benchmark' is not a registered subcommand of 'recruiting seed'/ );
	}
} );

test( 'import: a missing file, invalid JSON and invalid records exit with 1 and write nothing', { skip }, async () => {
	await resetSite();
	const before = await counts();
	await fails( [ 'recruiting', 'import', path.join( dir, 'missing.json' ) ], /Cannot read the file ".*missing\.json"/ );
	await fails( [ 'recruiting', 'import', file( 'broken.json', '{"jobs": [' ) ], /"[^"]*broken\.json" is not valid JSON: Syntax error\. Nothing was written\./ );
	await fails( [ 'recruiting', 'import', '-' ], /"STDIN" is not valid JSON/, { input: 'not json' } );

	// Every problem is listed by path, as POST /import lists them in data.params.
	const bad = await fails(
		[ 'recruiting', 'import', file( 'bad.json', {
			jobs: [ job( 'j1' ) ],
			applications: [
				application( 'a1', 'j1', { candidate: { name: 'A', email: 'not-an-email' } } ),
				application( 'a2', 'nope' ),
				application( 'a3', 'j1', { applied_at: '2999-01-01T00:00:00Z' } ),
			],
		} ) ],
		/The import was rejected and nothing was written: 3 problems\./
	);
	assert.match( bad.stderr, /Warning: applications\[0\]\.candidate\.email: Required: a valid email address\./ );
	assert.match( bad.stderr, /Warning: applications\[1\]\.job: No job with external_id "nope"/ );
	assert.match( bad.stderr, /Warning: applications\[2\]\.applied_at: Must not be in the future\./ );
	assert.deepEqual( await counts(), before );
} );

test( 'import: a file larger than one batch is validated whole before any batch is written', { skip }, async () => {
	await resetSite();
	const before = await counts();
	// 10,001 applications = two batches; only the last record of the second batch is wrong.
	const applications = manyApplications( 10001, 'big-job' );
	applications[ 10000 ].history[ 0 ].at = '2024-01-01T00:00:00Z'; // before applied_at
	const result = await fails( [ 'recruiting', 'import', file( 'two-batches.json', { jobs: [ job( 'big-job' ) ], applications } ) ], /nothing was written: 1 problem\./ );
	assert.match( result.stderr, /applications\[10000\]\.history\[0\]\.at: Must not be before applied_at\./ );
	assert.deepEqual( await counts(), before, 'not even the first (valid) batch was written' );

	// Fixed, the same file is written in two batches, and a re-run updates in place.
	applications[ 10000 ].history[ 0 ].at = applications[ 10000 ].history[ 1 ].at;
	const path2 = file( 'two-batches.json', { jobs: [ job( 'big-job' ) ], applications } );
	assert.match( await wpOk( [ 'recruiting', 'import', path2 ] ), /Success: Imported 1 jobs \(1 created, 0 updated\) and 10001 applications \(10001 created, 0 updated\) with 50005 history entries in 2 batches\./ );
	assert.match( await wpOk( [ 'recruiting', 'import', path2 ] ), /Imported 1 jobs \(0 created, 1 updated\) and 10001 applications \(0 created, 10001 updated\)/ );
	const after = await counts();
	assert.equal( after.applications, 10001 );
	assert.equal( after.history, 50005 );
} );

test( 'import from standard input records the --user on the history rows', { skip }, async () => {
	await resetSite();
	const body = { jobs: [ job( 'stdin-job' ) ], applications: [ application( 'stdin-1', 'stdin-job', { history: [ { status: 'screening', at: '2025-01-06T10:00:00Z' } ] } ) ] };
	assert.match( await wpOk( [ 'recruiting', 'import', '-', '--user=admin' ], { input: JSON.stringify( body ) } ), /Imported 1 jobs .* and 1 applications .* with 2 history entries in 1 batch\./ );
	const stored = expectStatus( await get( '/recruiting-test/v1/applications/stdin-1' ), 200 );
	const adminId = await phpValue( "get_user_by( 'login', 'admin' )->ID" );
	assert.ok( stored.history.length === 2 && stored.history.every( ( row ) => Number( row.user_id ) === adminId ), JSON.stringify( stored.history ) );
} );

test( '20,000 applications imported from a file give the same reports as the same import through POST /import', { skip: skipWithoutDev, timeout: 600000 }, async ( t ) => {
	const now = Math.floor( Date.now() / 1000 ) - 3600;
	const payload = JSON.parse( await php( `echo wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::import_payload( 1, 20000, ${ now }, true ) );` ) );
	assert.equal( payload.applications.length, 20000 );
	const queries = [ {}, { date_from: '2020-01-01', date_to: today() }, { date_from: '2024-03-01', date_to: '2024-03-31' } ];
	// Job ids differ between the two imports: compare jobs by title.
	const comparable = ( body ) => JSON.parse( JSON.stringify( body ), ( key, value ) => ( key === 'job_id' ? undefined : value ) );
	const reports = async () => {
		const all = [];
		for ( const query of queries ) {
			for ( const name of [ 'overview', 'time-to-hire' ] ) all.push( comparable( await restReport( name, query ) ) );
		}
		return all;
	};

	await resetSite();
	const source = file( 'twenty-thousand.json', payload );
	let started = performance.now();
	const output = await wpOk( [ 'recruiting', 'import', source ] );
	const cliSeconds = ( performance.now() - started ) / 1000;
	assert.match( output, /Imported 200 jobs \(200 created, 0 updated\) and 20000 applications \(20000 created, 0 updated\) with \d+ history entries in 2 batches\./ );
	const viaCli = { counts: await counts(), reports: await reports() };

	await resetSite();
	started = performance.now();
	expectStatus( await post( `${ NS }/import`, { jobs: payload.jobs, applications: payload.applications.slice( 0, 10000 ) } ), 200 );
	expectStatus( await post( `${ NS }/import`, { applications: payload.applications.slice( 10000 ) } ), 200 );
	const restSeconds = ( performance.now() - started ) / 1000;
	const viaRest = { counts: await counts(), reports: await reports() };

	assert.deepEqual( viaCli, viaRest );
	assert.ok( viaCli.reports[ 2 ].applications.new_this_period > 0, 'the compared period holds data' );
	const rate = ( seconds ) => Math.round( 20000 / seconds );
	t.diagnostic( `import of 20,000 applications: WP-CLI ${ cliSeconds.toFixed( 1 ) } s = ${ rate( cliSeconds ) } applications/s (whole process: PHP start, reading and validating the file, 2 batches); POST /import ${ restSeconds.toFixed( 1 ) } s = ${ rate( restSeconds ) } applications/s (2 requests of 10,000, generating JSON outside the timing)` );
} );

test( 'report: the same JSON, validation and cache as the REST route; sections as table, CSV and YAML', { skip }, async () => {
	await resetSite();
	await wpOk( [ 'recruiting', 'seed', 'demo' ] );
	const query = { date_from: daysAgo( 400 ), date_to: today() };
	const args = [ `--date_from=${ query.date_from }`, `--date_to=${ query.date_to }` ];
	await wpOk( [ 'recruiting', 'cache', 'flush' ] );
	const overview = await cliReport( 'overview', args );
	// The CLI computed it (a miss) and cached it for the REST route: same cache, same figures.
	const rest = await get( `${ NS }/reports/overview`, { query } );
	assert.equal( rest.headers.get( 'x-recruiting-cache' ), 'hit' );
	assert.deepEqual( overview, expectStatus( rest, 200 ) );
	assert.deepEqual( await cliReport( 'time-to-hire', args ), await restReport( 'time-to-hire', query ) );
	const jobId = ( await restReport( 'time-to-hire', query ) ).by_job[ 0 ].job_id;
	assert.deepEqual( await cliReport( 'time-to-hire', [ ...args, `--job_id=${ jobId }` ] ), await restReport( 'time-to-hire', { ...query, job_id: jobId } ) );
	// compare is passed through the same query parsing as the REST route's.
	assert.deepEqual( await cliReport( 'overview', [ ...args, '--compare=previous_year' ] ), await restReport( 'overview', { ...query, compare: 'previous_year' } ) );

	// One section as CSV: the API's CSV of that section, byte for byte (BOM, header row, period + the figures).
	const csvText = await wpOk( [ 'recruiting', 'report', 'overview', ...args, '--section=by_status', '--format=csv', '--compare=previous_period' ] );
	const restCsv = await get( `${ NS }/reports/overview`, { query: { ...query, compare: 'previous_period', format: 'csv', section: 'by_status' } } );
	assert.equal( restCsv.status, 200 );
	assert.equal( csvText, '\uFEFF' + restCsv.text, 'fetch() drops the BOM when it decodes the body' );
	const csv = csvText.replace( /^\uFEFF/, '' ).trim().split( '\r\n' );
	assert.deepEqual( csv[ 0 ].split( ',' ), [ 'period', 'new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn' ] );
	assert.deepEqual( csv[ 1 ].split( ',' ), [ 'current', ...Object.values( overview.applications.by_status ).map( String ) ] );
	assert.equal( csv[ 2 ].split( ',' )[ 0 ], 'comparison' );
	const trend = JSON.parse( await wpOk( [ 'recruiting', 'report', 'time-to-hire', ...args, '--section=trend', '--format=json' ] ) );
	const restTrend = ( await restReport( 'time-to-hire', query ) ).trend;
	assert.deepEqual( trend, restTrend.map( ( row ) => ( { period: 'current', ...row } ) ) );
	assert.match( await wpOk( [ 'recruiting', 'report', 'time-to-hire', ...args, '--section=overall', '--format=yaml' ] ), /period: current\n\s+average_days: [\d.]+/ );
	// A table without --section prints every section under its name.
	const table = await wpOk( [ 'recruiting', 'report', 'overview', ...args ] );
	for ( const section of [ 'summary', 'jobs', 'applications', 'by_status', 'conversion' ] ) {
		assert.match( table, new RegExp( `^${ section }$`, 'm' ) );
	}
	assert.equal( ( await wp( [ 'recruiting', 'report', 'overview', ...args, '--format=yaml' ] ) ).code, 0 );

	// Every report of the service's registry (the unknown-name error lists it) prints exactly its REST body.
	const unknown = await fails( [ 'recruiting', 'report', 'nope' ], /Unknown report "nope"/ );
	const names = unknown.stderr.match( /Expected one of: ([^.]+)\./ )[ 1 ].split( ', ' );
	assert.ok( names.includes( 'overview' ) && names.includes( 'time-to-hire' ), names.join( ',' ) );
	for ( const name of names ) {
		assert.deepEqual( await cliReport( name, [ ...args, '--compare=previous_year' ] ), await restReport( name, { ...query, compare: 'previous_year' } ), name );
		assert.equal( ( await wp( [ 'recruiting', 'report', name, ...args ] ) ).code, 0, `${ name } prints as tables` );
	}
	const badDate = await fails( [ 'recruiting', 'report', 'overview', '--date_from=2025-02-30' ], /Invalid parameter\(s\): date_from/ );
	assert.match( badDate.stderr, /date_from: 2025-02-30 is not a calendar date\./ );
	await fails( [ 'recruiting', 'report', 'overview', '--date_from=2025-03-01', '--date_to=2025-02-01' ], /Invalid parameter\(s\): date_from, date_to/ );
	await fails( [ 'recruiting', 'report', 'overview', '--job_id=abc' ], /Invalid parameter\(s\): job_id/ );
	await fails( [ 'recruiting', 'report', 'overview', '--job_id=999999' ], /No job with id 999999\./ );
	await fails( [ 'recruiting', 'report', 'overview', '--format=csv' ], /add --section=<name>\. Sections of the report overview: summary, jobs, applications, by_status, conversion\./ );
	await fails( [ 'recruiting', 'report', 'overview', '--section=nope' ], /Unknown section "nope" of the report overview\. Sections: summary, jobs/ );
	await fails( [ 'recruiting', 'report', 'overview', '--format=xml' ], /Invalid value specified for 'format'/ );
} );

test( 'cache flush: the next report is computed afresh', { skip }, async () => {
	const query = { date_from: daysAgo( 100 ), date_to: today() };
	await restReport( 'overview', query );
	assert.equal( ( await get( `${ NS }/reports/overview`, { query } ) ).headers.get( 'x-recruiting-cache' ), 'hit' );
	assert.match( await wpOk( [ 'recruiting', 'cache', 'flush' ] ), /Success: The report cache was flushed\./ );
	assert.equal( ( await get( `${ NS }/reports/overview`, { query } ) ).headers.get( 'x-recruiting-cache' ), 'miss' );
} );

test( 'summaries rebuild: recomputes the summaries to the same figures and clears the pending-rebuild notice', { skip }, async () => {
	await resetSite();
	await wpOk( [ 'recruiting', 'seed', 'demo' ] );
	const query = { date_from: daysAgo( 600 ), date_to: today() };
	const expected = { overview: await restReport( 'overview', query ), tth: await restReport( 'time-to-hire', query ) };
	// Wreck the summaries (what a schema upgrade leaves behind) and mark the rebuild as pending.
	await php( "global $wpdb; foreach ( array( 'report_buckets', 'report_hire_days', 'report_statuses' ) as $t ) { $wpdb->query( 'DELETE FROM ' . \\RecruitingReports\\Data\\Schema::table( $t ) ); } update_option( \\RecruitingReports\\Data\\ReportSummary::STALE_OPTION, time(), false ); \\RecruitingReports\\Domain\\Events::data_changed();" );
	assert.notDeepEqual( await restReport( 'overview', query ), expected.overview );
	const renderNotice = () => php( '\\RecruitingReports\\Admin\\SummariesNotice::render();' );
	const notice = await renderNotice();
	assert.match( notice, /notice-warning/ );
	assert.match( notice, /<code>wp recruiting summaries rebuild<\/code>/ );

	await fails( [ 'recruiting', 'summaries', 'rebuild', '--batch-size=0' ], /--batch-size must be a whole number from 1 to 100000\./ );
	assert.match( await wpOk( [ 'recruiting', 'summaries', 'rebuild', '--batch-size=3000' ] ), /Success: Rebuilt the report summaries of 600 applications in [\d.]+ s\./ );
	assert.deepEqual( await restReport( 'overview', query ), expected.overview );
	assert.deepEqual( await restReport( 'time-to-hire', query ), expected.tth );
	assert.equal( await renderNotice(), '' );
} );

test( 'an upgrade on a site with more than 10,000 applications leaves the summaries rebuild to WP-CLI', { skip: skipWithoutDev, timeout: 300000 }, async () => {
	await resetSite();
	await wpOk( [ 'recruiting', 'seed', 'benchmark', '--applications=10001', '--jobs=20' ] );
	const query = { date_from: '2020-01-01', date_to: today() };
	const expected = await restReport( 'overview', query );
	// The state a schema upgrade from version 2 starts from: summaries not yet built.
	const downgrade = () => php( "global $wpdb; foreach ( array( 'report_buckets', 'report_hire_days', 'report_statuses' ) as $t ) { $wpdb->query( 'DELETE FROM ' . \\RecruitingReports\\Data\\Schema::table( $t ) ); } update_option( \\RecruitingReports\\Data\\Schema::VERSION_OPTION, 2 );" );
	const pending = () => phpValue( "get_option( \\RecruitingReports\\Data\\ReportSummary::STALE_OPTION )" );
	const schemaVersion = async () => ( await siteState() ).schema_version;
	const current = await schemaVersion();

	// Upgraded by a web request: the schema is current at once, the rebuild is left to the operator.
	await downgrade();
	await restReport( 'overview', query );
	assert.equal( await schemaVersion(), current );
	assert.equal( ( await siteState() ).tables.report_buckets, 0, 'no rebuild inside the web request' );
	assert.ok( await pending(), 'the rebuild is marked as pending' );
	assert.match( await php( '\\RecruitingReports\\Admin\\SummariesNotice::render();' ), /more than 10,000 applications.*<code>wp recruiting summaries rebuild<\/code>/s );
	assert.match( await wpOk( [ 'recruiting', 'summaries', 'rebuild' ] ), /Rebuilt the report summaries of 10001 applications/ );
	assert.equal( await pending(), false );
	assert.deepEqual( await restReport( 'overview', query ), expected );

	// Upgraded by WP-CLI (any command after an update): rebuilt at once, whatever the size.
	await downgrade();
	await wpOk( [ 'recruiting', 'cache', 'flush' ] );
	assert.equal( await schemaVersion(), current );
	assert.equal( await pending(), false );
	assert.deepEqual( await restReport( 'overview', query ), expected );
} );

test( 'seed demo and seed benchmark', { skip, timeout: 300000 }, async () => {
	await resetSite();
	assert.match( await wpOk( [ 'recruiting', 'seed', 'demo' ] ), /Success: Demo data: 12 jobs \(12 created, 0 updated\), 600 applications \(600 created, 0 updated\), \d+ history entries\./ );
	assert.match( await wpOk( [ 'recruiting', 'seed', 'demo' ] ), /12 jobs \(0 created, 12 updated\), 600 applications \(0 created, 600 updated\)/ );
	await fails( [ 'recruiting', 'seed', 'demo', '--applications=lots' ], /--applications must be a whole number/ );
	assert.deepEqual( { jobs: ( await counts() ).jobs, applications: ( await counts() ).applications }, { jobs: 12, applications: 600 } );
	if ( ! DEV ) return; // `seed benchmark` is a development tool (see the help test for its absence).

	assert.match( await wpOk( [ 'recruiting', 'seed', 'benchmark', '--applications=3000', '--jobs=5' ] ), /Success: Seeded 3000 applications \(\d+ history rows\)/ );
	// Numbering continues, so a second run adds rather than colliding.
	assert.match( await wpOk( [ 'recruiting', 'seed', 'benchmark', '--applications=500', '--jobs=5' ] ), /Seeded 500 applications/ );
	const after = await counts();
	assert.deepEqual( { jobs: after.jobs, applications: after.applications }, { jobs: 17, applications: 4100 } );
	// The seeder keeps the summaries as every writer does: a rebuild changes no figure.
	const query = { date_from: '2020-01-01', date_to: today() };
	const before = await restReport( 'overview', query );
	await wpOk( [ 'recruiting', 'summaries', 'rebuild' ] );
	assert.deepEqual( await restReport( 'overview', query ), before );
	await fails( [ 'recruiting', 'seed', 'benchmark' ], /missing --applications parameter/ );
} );

test( 'webhooks: list, run and retry deliveries', { skip }, async () => {
	await resetSite();
	const received = [];
	const server = http.createServer( ( req, res ) => {
		let body = '';
		req.on( 'data', ( chunk ) => ( body += chunk ) );
		req.on( 'end', () => {
			received.push( { event: req.headers[ 'x-recruiting-event' ], body } );
			res.writeHead( 200 ).end( 'ok' );
		} );
	} );
	await new Promise( ( resolve ) => server.listen( 0, '127.0.0.1', resolve ) );
	try {
		const hook = expectStatus( await post( `${ NS }/webhooks`, { url: `http://127.0.0.1:${ server.address().port }/hook`, events: [ 'job.created' ] } ), 201 );
		expectStatus( await post( `${ NS }/jobs`, { title: 'Webhook job', status: 'publish' } ), 201 );
		const pending = JSON.parse( await wpOk( [ 'recruiting', 'webhooks', 'list', '--format=json' ] ) );
		assert.equal( pending.length, 1 );
		assert.equal( pending[ 0 ].webhook_id, hook.id );
		assert.equal( pending[ 0 ].event, 'job.created' );
		assert.equal( pending[ 0 ].status, 'pending' );
		assert.equal( received.length, 0, 'nothing is sent before the queue runs' );

		assert.match( await wpOk( [ 'recruiting', 'webhooks', 'run' ] ), /Success: 1 delivery attempts made; 0 deliveries pending\./ );
		assert.deepEqual( received.map( ( r ) => r.event ), [ 'job.created' ] );
		const delivered = JSON.parse( await wpOk( [ 'recruiting', 'webhooks', 'list', `--webhook=${ hook.id }`, '--status=delivered', '--format=json', '--fields=id,status,attempts,last_response_code' ] ) );
		assert.deepEqual( delivered, [ { id: pending[ 0 ].id, status: 'delivered', attempts: 1, last_response_code: 200 } ] );

		assert.match( await wpOk( [ 'recruiting', 'webhooks', 'retry', String( pending[ 0 ].id ) ] ), new RegExp( `Success: Delivery ${ pending[ 0 ].id } is queued again\\.` ) );
		await fails( [ 'recruiting', 'webhooks', 'retry', String( pending[ 0 ].id ) ], /The delivery is still being attempted\./ );
		assert.equal( ( await wpOk( [ 'recruiting', 'webhooks', 'list', '--status=pending', '--format=ids' ] ) ).trim(), String( pending[ 0 ].id ) );
		await wpOk( [ 'recruiting', 'webhooks', 'run' ] );
		assert.equal( received.length, 2 );
		assert.equal( received[ 1 ].body, received[ 0 ].body, 'a retry sends the same delivery' );

		await fails( [ 'recruiting', 'webhooks', 'retry', '999999' ], /No webhook delivery with id "999999"\./ );
		await fails( [ 'recruiting', 'webhooks', 'list', '--webhook=999999' ], /No webhook with id 999999\./ );
		await fails( [ 'recruiting', 'webhooks', 'list', '--status=lost' ], /Invalid value specified for 'status'/ );
	} finally {
		server.closeAllConnections();
		await new Promise( ( resolve ) => server.close( resolve ) );
	}
} );

test( 'keys: create (owned by --user, printed once), list, revoke; bad input writes nothing', { skip }, async () => {
	await resetSite();
	const created = await wpOk( [ 'recruiting', 'keys', 'create', '--user=admin', '--name=BI tool', '--permissions=recruiting_read_jobs,recruiting_read_applications', '--expires=2099-12-31' ] );
	const key = created.match( /^(rp_live_[0-9A-Za-z]{44})$/m )?.[ 1 ];
	assert.ok( key, created );
	assert.match( created, /Success: Created the API key \d+ \("BI tool", live, owner admin\)\. Copy it now; it cannot be shown again:/ );
	const porcelain = await wpOk( [ 'recruiting', 'keys', 'create', '--user=1', '--name=CI', '--permissions=recruiting_read_applications', '--env=test', '--porcelain' ] );
	assert.match( porcelain, /^rp_test_[0-9A-Za-z]{44}\n$/, 'only the key' );

	// The keys work against the REST API with the permissions given, and no more.
	const withKey = ( value ) => ( { auth: { 'X-Recruiting-API-Key': value } } );
	assert.equal( ( await get( `${ NS }/reports/overview`, withKey( key ) ) ).status, 200 );
	assert.equal( ( await get( `${ NS }/jobs`, withKey( porcelain.trim() ) ) ).status, 403 );

	const listed = JSON.parse( await wpOk( [ 'recruiting', 'keys', 'list', '--format=json' ] ) );
	assert.equal( listed.length, 2 );
	const bi = listed.find( ( row ) => row.name === 'BI tool' );
	assert.deepEqual(
		{ environment: bi.environment, permissions: bi.permissions, owner: bi.owner, status: bi.status, hint: bi.hint },
		{ environment: 'live', permissions: 'recruiting_read_jobs,recruiting_read_applications', owner: 'admin', status: 'active', hint: `rp_live_…${ key.slice( -4 ) }` }
	);
	// The end of 2099-12-31 in the site's timezone (UTC on the test site).
	assert.equal( bi.expires_at, '2100-01-01T00:00:00Z' );
	assert.ok( ! JSON.stringify( listed ).includes( key ), 'the list never shows a key' );
	assert.equal( ( await wpOk( [ 'recruiting', 'keys', 'list', '--format=count' ] ) ).trim(), '2' );

	// Bad inputs: a clear message, exit 1, no key written.
	const before = await counts();
	await fails( [ 'recruiting', 'keys', 'create', '--name=x', '--permissions=recruiting_read_jobs' ], /run the command as its owner with --user=/ );
	await fails( [ 'recruiting', 'keys', 'create', '--user=nobody', '--name=x', '--permissions=recruiting_read_jobs' ], /Invalid user ID, email or login: 'nobody'/ );
	await fails( [ 'recruiting', 'keys', 'create', '--user=admin', '--name=x', '--permissions=recruiting_read_jobs,read_everything' ], /Unknown permission\(s\): read_everything\. Give one or more of: recruiting_read_jobs, recruiting_write_jobs, recruiting_read_applications, recruiting_write_applications, recruiting_manage_settings\./ );
	await fails( [ 'recruiting', 'keys', 'create', '--user=admin', '--name=x', '--permissions=' ], /Unknown permission\(s\)/ );
	await fails( [ 'recruiting', 'keys', 'create', '--user=admin', '--name= ', '--permissions=recruiting_read_jobs' ], /The name must not be empty\./ );
	await fails( [ 'recruiting', 'keys', 'create', '--user=admin', '--name=x', '--permissions=recruiting_read_jobs', '--expires=2020-01-01' ], /--expires=2020-01-01: give a future date/ );
	await fails( [ 'recruiting', 'keys', 'create', '--user=admin', '--name=x', '--permissions=recruiting_read_jobs', '--expires=2099-02-30' ], /--expires=2099-02-30: give a future date/ );
	await fails( [ 'recruiting', 'keys', 'create', '--user=admin', '--name=x', '--permissions=recruiting_read_jobs', '--env=prod' ], /Invalid value specified for 'env'/ );
	// Nobody grants more than they hold: a recruiter has no Settings permission.
	await php( "if ( ! get_user_by( 'login', 'cli-recruiter' ) ) { wp_insert_user( array( 'user_login' => 'cli-recruiter', 'user_pass' => wp_generate_password(), 'user_email' => 'cli-recruiter@example.com', 'role' => 'recruiter' ) ); }" );
	await fails( [ 'recruiting', 'keys', 'create', '--user=cli-recruiter', '--name=x', '--permissions=recruiting_read_jobs,recruiting_manage_settings' ], /cli-recruiter cannot grant permissions they do not have: recruiting_manage_settings\./ );
	await fails( [ 'recruiting', 'keys', 'revoke', String( bi.id ), '424242' ], /No API key with id "424242"; nothing was revoked\./ );
	assert.deepEqual( await counts(), before );
	assert.equal( ( await get( `${ NS }/reports/overview`, withKey( key ) ) ).status, 200, 'a failed revoke of several ids revokes none' );

	assert.match( await wpOk( [ 'recruiting', 'keys', 'revoke', String( bi.id ) ] ), new RegExp( `Success: Revoked the API key ${ bi.id } \\("BI tool"\\)\\.` ) );
	const revoked = await get( `${ NS }/reports/overview`, withKey( key ) );
	assert.equal( revoked.status, 401 );
	assert.equal( ( await wpOk( [ 'recruiting', 'keys', 'list', '--status=revoked', '--format=ids' ] ) ).trim(), String( bi.id ) );
} );
