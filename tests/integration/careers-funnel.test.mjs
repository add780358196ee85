// The careers funnel (issue #25): counters per site-timezone day × job × source × metric, written by the public
// beacon route and by the apply form's submissions, and GET /reports/careers over them. Every figure is checked
// against counts this file computes itself: a dated script across midnight in two site timezones, the beacon's
// refusals and omissions (nothing counted), 1,000 parallel beacons, the report's cache, and the retention's
// monthly roll-up (once per day across nodes).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectStatus, get, post, put, resetSite, site } from './lib/api.mjs';
import { php, phpValue, pool } from './lib/credentials.mjs';
import { dateIn, ok, report, setTimezone } from './lib/reports.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 180_000;
const BEACON = `${ site.url }/wp-json${ NS }/careers/beacon`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const METRIC_FIELDS = { list_view: 'list_views', job_view: 'job_views', form_start: 'form_starts', submission: 'submissions' };

let jobs;

/** Sends a beacon as navigator.sendBeacon does: a form body (URLSearchParams) or a text/plain string. */
async function beacon( fields, { agent = BROWSER, headers = {}, as = 'form', url = BEACON } = {} ) {
	const body = as === 'form' ? new URLSearchParams( fields ) : as === 'json' ? JSON.stringify( fields ) : new URLSearchParams( fields ).toString();
	const type = as === 'form' ? {} : { 'Content-Type': 'text/plain;charset=UTF-8' };
	const response = await fetch( url, { method: 'POST', body, headers: { 'User-Agent': agent, ...type, ...headers } } );
	const text = await response.text();
	return { status: response.status, json: text ? JSON.parse( text ) : null, text };
}

/** Every day row's hits added up (period, job, source, metric ignored), and the same of the month rows. */
async function counted() {
	const [ days, months ] = JSON.parse( await php( `echo wp_json_encode( array_map( 'intval', $GLOBALS['wpdb']->get_col( 'SELECT COALESCE(SUM(hits), 0) FROM ' . RecruitingReports\\Data\\Schema::table( 'careers_counts' ) . ' GROUP BY span ORDER BY span' ) ) );` ) ).concat( [ 0, 0 ] );
	assert.equal( months, days, 'the month rows hold the days’ counts' );
	return days;
}

/** One counter's hits for today's site day. */
const hits = ( job, source, metric ) => phpValue( `(int) $GLOBALS['wpdb']->get_var( $GLOBALS['wpdb']->prepare( 'SELECT COALESCE(SUM(hits), 0) FROM %i WHERE span = 1 AND period = %s AND job_id = %d AND source = %s AND metric = %s', RecruitingReports\\Data\\Schema::table( 'careers_counts' ), RecruitingReports\\Careers\\FunnelCounting::day( time() ), ${ job }, '${ source }', '${ metric }' ) )` );

const clearCounters = () => php( `$GLOBALS['wpdb']->query( 'DELETE FROM ' . RecruitingReports\\Data\\Schema::table( 'careers_counts' ) ); $GLOBALS['wpdb']->query( 'DELETE FROM ' . RecruitingReports\\Data\\Schema::table( 'rate_limits' ) );` );

const setSettings = async ( values ) => expectStatus( await put( `${ NS }/settings`, values ), 200 );

before( async () => {
	await resetSite();
	expectStatus( await post( `${ NS }/import`, { jobs: [
		{ external_id: 'funnel-a', title: 'Nurse A', status: 'publish' },
		{ external_id: 'funnel-b', title: 'Nurse B', status: 'publish' },
		{ external_id: 'funnel-c', title: 'Nurse C', status: 'publish' },
		{ external_id: 'funnel-draft', title: 'Draft Nurse', status: 'draft' },
	] } ), 200 );
	jobs = {};
	for ( const key of [ 'a', 'b', 'c', 'draft' ] ) {
		jobs[ key ] = await phpValue( `(int) $GLOBALS['wpdb']->get_var( "SELECT post_id FROM {$GLOBALS['wpdb']->postmeta} WHERE meta_key = '_recruiting_external_id' AND meta_value = 'funnel-${ key }'" )` );
	}
	await setSettings( { careers_beacon_limit: 1000000 } );
} );

after( async () => {
	await php( `delete_option( 'recruiting_test_apply_min_seconds' ); $GLOBALS['wpdb']->query( "DELETE FROM {$GLOBALS['wpdb']->options} WHERE option_name LIKE 'recruiting_reports_funnel_rollup_%'" );` );
	await setTimezone( 'UTC' );
} );

test( 'a scripted set of counts across midnight in two site timezones: every figure of the report exact', { timeout: TIMEOUT }, async () => {
	// Instants around both sites' midnights (Kolkata +05:30: 18:30Z; New York, EDT: 04:00Z); the day each belongs
	// to is computed here with Intl, independently of the plugin.
	const instants = [ '2025-03-10T12:00:00Z', '2025-03-10T18:29:59Z', '2025-03-10T18:30:00Z', '2025-03-11T03:59:59Z', '2025-03-11T04:00:00Z', '2025-03-11T20:00:00Z' ];
	const sources = [ 'linkedin', 'direct', 'jobs.example.org' ];
	const script = [];
	instants.forEach( ( at, i ) => {
		for ( const [ j, job ] of [ 'a', 'b' ].entries() ) {
			for ( const [ m, metric ] of Object.keys( METRIC_FIELDS ).entries() ) {
				script.push( { at, job, source: sources[ ( i + j + m ) % 3 ], metric, hits: 1 + ( ( i * 7 + j * 3 + m ) % 5 ) } );
			}
		}
	} );
	for ( const timezone of [ 'Asia/Kolkata', 'America/New_York' ] ) {
		await setTimezone( timezone );
		await clearCounters();
		// The day a count belongs to is FunnelCounting::day() of its instant, as the beacon route uses it with time().
		await php( script.map( ( e ) => `RecruitingReports\\Data\\CareersCounters::add( RecruitingReports\\Careers\\FunnelCounting::day( ${ Date.parse( e.at ) / 1000 } ), array( ${ jobs[ e.job ] } ), '${ e.source }', '${ e.metric }', ${ e.hits } );` ).join( '\n' ) );
		const days = [ ...new Set( script.map( ( e ) => dateIn( timezone, new Date( e.at ) ) ) ) ].sort();
		assert.ok( days.length >= 2, `${ timezone }: the script spans midnight` );
		for ( const [ from, to ] of [ ...days.map( ( d ) => [ d, d ] ), [ days[ 0 ], days.at( -1 ) ] ] ) {
			const inPeriod = script.filter( ( e ) => dateIn( timezone, new Date( e.at ) ) >= from && dateIn( timezone, new Date( e.at ) ) <= to );
			const sum = ( events ) => Object.fromEntries( Object.entries( METRIC_FIELDS ).map( ( [ metric, field ] ) => [ field, events.filter( ( e ) => e.metric === metric ).reduce( ( n, e ) => n + e.hits, 0 ) ] ) );
			const body = await ok( 'careers', { date_from: from, date_to: to } );
			const where = `${ timezone } ${ from }..${ to }`;
			assert.deepEqual( pick( body.totals ), sum( inPeriod ), where );
			for ( const job of [ 'a', 'b' ] ) {
				assert.deepEqual( pick( body.by_job.find( ( r ) => r.job_id === jobs[ job ] ) ), sum( inPeriod.filter( ( e ) => e.job === job ) ), `${ where } job ${ job }` );
			}
			assert.deepEqual( body.by_source.map( ( r ) => r.source ).sort(), [ ...new Set( inPeriod.map( ( e ) => e.source ) ) ].sort(), where );
			for ( const row of body.by_source ) {
				assert.deepEqual( pick( row ), sum( inPeriod.filter( ( e ) => e.source === row.source ) ), `${ where } source ${ row.source }` );
			}
			assert.deepEqual( body.trend.map( ( r ) => r.period ), days.filter( ( d ) => d >= from && d <= to ), where );
			for ( const row of body.trend ) {
				assert.deepEqual( pick( row ), sum( inPeriod.filter( ( e ) => dateIn( timezone, new Date( e.at ) ) === row.period ) ), `${ where } trend ${ row.period }` );
			}
			const t = body.totals;
			assert.equal( t.view_to_submission, Math.round( ( t.submissions / t.job_views ) * 10000 ) / 10000, where );
			// The job filter.
			const one = await ok( 'careers', { date_from: from, date_to: to, job_id: jobs.b } );
			assert.deepEqual( pick( one.totals ), sum( inPeriod.filter( ( e ) => e.job === 'b' ) ), `${ where } job filter` );
		}
	}
	await setTimezone( 'UTC' );
} );

/** The counter fields of a report row. */
function pick( row ) {
	return Object.fromEntries( Object.values( METRIC_FIELDS ).map( ( field ) => [ field, row?.[ field ] ] ) );
}

test( 'beacons: form and text/plain bodies counted, the source by the apply form’s rules, a list view per job listed', { timeout: TIMEOUT }, async () => {
	await clearCounters();
	assert.deepEqual( ( await beacon( { metric: 'job_view', job: String( jobs.a ), source: 'LinkedIn', referrer: '' } ) ).json, { counted: true } );
	assert.equal( ( await beacon( { metric: 'job_view', job: String( jobs.a ), source: '', referrer: 'https://www.google.co.uk/search?q=nurse' }, { as: 'json' } ) ).status, 202 );
	assert.equal( ( await beacon( { metric: 'form_start', job: String( jobs.a ), source: '', referrer: '' }, { as: 'text' } ) ).status, 202 );
	// Free text, which may name a person, is counted as `other`.
	assert.equal( ( await beacon( { metric: 'job_view', job: String( jobs.a ), source: 'referred by Jane Roe' } ) ).status, 202 );
	assert.equal( ( await beacon( { metric: 'list_view', job: `${ jobs.a },${ jobs.b },${ jobs.c }`, source: 'indeed' } ) ).status, 202 );
	// The plain-permalink address of the route.
	assert.equal( ( await beacon( { metric: 'job_view', job: String( jobs.b ), source: 'xing' }, { url: `${ site.url }/?rest_route=${ NS }/careers/beacon` } ) ).status, 202 );
	assert.equal( await hits( jobs.b, 'xing', 'job_view' ), 1 );
	assert.equal( await hits( jobs.a, 'linkedin', 'job_view' ), 1 );
	assert.equal( await hits( jobs.a, 'google', 'job_view' ), 1 );
	assert.equal( await hits( jobs.a, 'direct', 'form_start' ), 1 );
	assert.equal( await hits( jobs.a, 'other', 'job_view' ), 1 );
	for ( const job of [ jobs.a, jobs.b, jobs.c ] ) {
		assert.equal( await hits( job, 'indeed', 'list_view' ), 1 );
	}
	assert.equal( await counted(), 8 );
} );

test( 'refused and left out: nothing counted for a missing or draft job, a 10 KB source, a bad metric, bots, DNT/GPC with the setting on, over the cap', { timeout: TIMEOUT }, async () => {
	await clearCounters();
	const refused = [
		[ { metric: 'job_view', job: '999999' }, 404 ],
		[ { metric: 'job_view', job: String( jobs.draft ) }, 404 ],
		[ { metric: 'list_view', job: `${ jobs.a },999999` }, 404 ],
		[ { metric: 'job_view', job: String( jobs.a ), source: 'x'.repeat( 10240 ) }, 400 ],
		[ { metric: 'job_view', job: String( jobs.a ), source: 'y'.repeat( 101 ) }, 400 ],
		[ { metric: 'job_view', job: String( jobs.a ), referrer: `https://example.org/${ 'r'.repeat( 3000 ) }` }, 400 ],
		[ { metric: 'submission', job: String( jobs.a ) }, 400 ],
		[ { metric: 'job_view', job: `${ jobs.a },${ jobs.b }` }, 400 ],
		[ { metric: 'job_view', job: 'abc' }, 400 ],
		[ { metric: 'job_view' }, 400 ],
	];
	for ( const [ fields, status ] of refused ) {
		const answer = await beacon( fields );
		assert.equal( answer.status, status, `${ JSON.stringify( fields ).slice( 0, 80 ) }: ${ answer.text.slice( 0, 300 ) }` );
		assert.equal( answer.json.code, status === 404 ? 'resource_not_found' : 'rest_invalid_param' );
	}
	const view = { metric: 'job_view', job: String( jobs.a ), source: 'linkedin' };
	for ( const agent of [ 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36', 'curl/8.5.0', '' ] ) {
		assert.deepEqual( ( await beacon( view, { agent } ) ).json, { counted: false, reason: 'bot' }, agent );
	}
	// The filter extends the list (recruiting-test-careers.php adds the option's value).
	await php( "update_option( 'recruiting_test_bot_agent', 'rr-test-crawler' );" );
	try {
		assert.deepEqual( ( await beacon( view, { agent: 'Mozilla/5.0 rr-test-crawler/1.0' } ) ).json, { counted: false, reason: 'bot' } );
	} finally {
		await php( "delete_option( 'recruiting_test_bot_agent' );" );
	}
	for ( const headers of [ { DNT: '1' }, { 'Sec-GPC': '1' } ] ) {
		assert.deepEqual( ( await beacon( view, { headers } ) ).json, { counted: false, reason: 'dnt' }, JSON.stringify( headers ) );
	}
	assert.equal( await counted(), 0, 'nothing counted' );
	// With the setting off, DNT and GPC visitors are counted.
	await setSettings( { careers_honour_dnt: false } );
	try {
		assert.equal( ( await beacon( view, { headers: { DNT: '1' } } ) ).status, 202 );
	} finally {
		await setSettings( { careers_honour_dnt: true } );
	}
	assert.equal( await counted(), 1 );
	// The cap per address and hour: 3 counted, then left out.
	await clearCounters();
	await setSettings( { careers_beacon_limit: 3 } );
	try {
		const answers = [];
		for ( let i = 0; i < 5; i++ ) {
			answers.push( ( await beacon( view ) ).json );
		}
		assert.deepEqual( answers.map( ( a ) => a.reason ?? 'counted' ), [ 'counted', 'counted', 'counted', 'limit', 'limit' ] );
		assert.equal( await counted(), 3 );
		// Only a hashed key is stored for the address.
		assert.equal( await phpValue( `(int) $GLOBALS['wpdb']->get_var( 'SELECT COUNT(*) FROM ' . RecruitingReports\\Data\\Schema::table( 'rate_limits' ) . ' WHERE key_id > 4611686018427387904' )` ), 1 );
	} finally {
		await setSettings( { careers_beacon_limit: 1000000 } );
	}
} );

test( '1,000 beacons in parallel (50 at a time): every one counted', { timeout: TIMEOUT }, async () => {
	await clearCounters();
	const plan = Array.from( { length: 1000 }, ( _, i ) => ( { metric: [ 'job_view', 'form_start', 'list_view' ][ i % 3 ], job: String( [ jobs.a, jobs.b ][ i % 2 ] ), source: [ 'linkedin', 'indeed', 'direct', 'xing', 'google' ][ i % 5 ] } ) );
	const answers = await pool( plan, 50, ( fields ) => beacon( fields ) );
	assert.deepEqual( answers.filter( ( a ) => a.status !== 202 ).map( ( a ) => a.text.slice( 0, 200 ) ), [] );
	assert.equal( await counted(), 1000 );
	const expected = {};
	for ( const e of plan ) {
		const key = `${ e.job }|${ e.source }|${ e.metric }`;
		expected[ key ] = ( expected[ key ] ?? 0 ) + 1;
	}
	const rows = JSON.parse( await php( `echo wp_json_encode( $GLOBALS['wpdb']->get_results( 'SELECT job_id, source, metric, hits FROM ' . RecruitingReports\\Data\\Schema::table( 'careers_counts' ) . ' WHERE span = 1', ARRAY_A ) );` ) );
	assert.deepEqual( Object.fromEntries( rows.map( ( r ) => [ `${ r.job_id }|${ r.source }|${ r.metric }`, Number( r.hits ) ] ) ), expected );
} );

test( 'the report: applications and hires from the period’s applications, conversions, cache hit until a count arrives, CSV', { timeout: TIMEOUT }, async () => {
	await clearCounters();
	const today = await phpValue( 'RecruitingReports\\Careers\\FunnelCounting::day( time() )' );
	const now = new Date().toISOString();
	expectStatus( await post( `${ NS }/import`, { applications: [
		{ external_id: 'funnel-app-1', job: 'funnel-a', candidate: { name: 'A', email: 'fa1@example.com' }, applied_at: now, source: 'linkedin', history: [ { status: 'hired', at: now } ] },
		{ external_id: 'funnel-app-2', job: 'funnel-a', candidate: { name: 'B', email: 'fa2@example.com' }, applied_at: now, source: 'linkedin' },
		{ external_id: 'funnel-app-3', job: 'funnel-b', candidate: { name: 'C', email: 'fa3@example.com' }, applied_at: now, source: 'referred by Jane Roe' },
	] } ), 200 );
	for ( let i = 0; i < 4; i++ ) {
		await beacon( { metric: 'job_view', job: String( jobs.a ), source: 'linkedin' } );
	}
	await beacon( { metric: 'form_start', job: String( jobs.a ), source: 'linkedin' } );
	const first = await ok( 'careers', { date_from: today, date_to: today } );
	assert.equal( first.cache, 'miss' );
	const rowA = first.by_job.find( ( r ) => r.job_id === jobs.a );
	assert.deepEqual( { ...rowA }, { job_id: jobs.a, job_title: 'Nurse A', list_views: 0, job_views: 4, form_starts: 1, submissions: 0, applications: 2, hires: 1, view_to_start: 0.25, start_to_submission: 0, view_to_submission: 0, application_to_hire: 0.5 } );
	assert.deepEqual( first.by_source.map( ( r ) => [ r.source, r.job_views, r.applications, r.hires ] ), [ [ 'linkedin', 4, 2, 1 ], [ 'other', 0, 1, 0 ] ] );
	assert.equal( first.totals.applications, 3 );
	assert.equal( ( await ok( 'careers', { date_from: today, date_to: today } ) ).cache, 'hit' );
	// A new count makes the cached answer stale at once.
	await beacon( { metric: 'job_view', job: String( jobs.a ), source: 'linkedin' } );
	const third = await ok( 'careers', { date_from: today, date_to: today } );
	assert.equal( third.cache, 'miss' );
	assert.equal( third.totals.job_views, 5 );
	// A period ending today reads the current month's row (no day after today has counts): the same figures.
	const month = await ok( 'careers', { date_from: `${ today.slice( 0, 8 ) }01`, date_to: today } );
	assert.deepEqual( [ month.totals.job_views, month.totals.form_starts, month.totals.applications ], [ 5, 1, 3 ] );
	assert.equal( month.trend.reduce( ( n, r ) => n + r.job_views, 0 ), 5 );
	// compare and CSV as for every report.
	const compared = await ok( 'careers', { date_from: today, date_to: today, compare: 'previous_period' } );
	assert.equal( compared.comparison.totals.job_views, 0 );
	const csv = await get( `${ NS }/reports/careers`, { query: { date_from: today, date_to: today, format: 'csv', section: 'by_job' } } );
	assert.equal( csv.status, 200, csv.text.slice( 0, 300 ) );
	assert.match( csv.text, /job_views/ );
	assert.match( csv.text, /Nurse A/ );
	// A period over 31 days is by month.
	const long = await ok( 'careers', { date_from: '2025-01-01', date_to: '2025-03-31' } );
	assert.deepEqual( long.trend.map( ( r ) => r.period ), [ '2025-01', '2025-02', '2025-03' ] );
} );

test( 'a submission through the apply form is counted by the server under the application’s source', { timeout: TIMEOUT }, async () => {
	await clearCounters();
	await php( "update_option( 'recruiting_test_apply_min_seconds', '0' );" );
	const link = await phpValue( `get_permalink( ${ jobs.c } )` );
	const html = await ( await fetch( link ) ).text();
	assert.match( html, /careers-beacon\.js/, 'the job page loads the beacon script' );
	const form = new FormData();
	const values = { rr_apply: String( jobs.c ), rr_token: html.match( /name="rr_token" value="([^"]+)"/ )[ 1 ], rr_name: 'Ada', rr_email: 'ada-funnel@example.com', rr_phone: '', rr_cover_letter: '', rr_consent: '1', rr_website: '', rr_utm_source: 'xing', rr_utm_medium: '', rr_utm_campaign: '', rr_referrer: '' };
	for ( const [ key, value ] of Object.entries( values ) ) {
		form.set( key, value );
	}
	form.set( 'rr_cv', new Blob( [ Buffer.from( '%PDF-1.4\n%%EOF\n' ) ], { type: 'application/pdf' } ), 'cv.pdf' );
	const response = await fetch( link, { method: 'POST', body: form, redirect: 'manual', headers: { 'User-Agent': BROWSER } } );
	assert.equal( response.status, 303, await response.text() );
	assert.equal( await hits( jobs.c, 'xing', 'submission' ), 1 );
	assert.equal( await counted(), 1 );
} );

test( 'retention: days older than the setting’s months are deleted once per day across nodes, their months kept; whole months still report', { timeout: TIMEOUT }, async () => {
	await clearCounters();
	await setSettings( { careers_daily_months: 2 } );
	await php( `$GLOBALS['wpdb']->query( "DELETE FROM {$GLOBALS['wpdb']->options} WHERE option_name LIKE 'recruiting_reports_funnel_rollup_%'" );` );
	try {
		const add = ( day, job, metric, n ) => `RecruitingReports\\Data\\CareersCounters::add( '${ day }', array( ${ job } ), 'linkedin', '${ metric }', ${ n } );`;
		await php( [ add( '2024-05-01', jobs.a, 'job_view', 3 ), add( '2024-05-31', jobs.a, 'job_view', 4 ), add( '2024-05-15', jobs.b, 'form_start', 2 ), add( '2024-06-10', jobs.a, 'job_view', 5 ) ].join( '\n' ) );
		const today = await phpValue( 'RecruitingReports\\Careers\\FunnelCounting::day( time() )' );
		await php( add( today, jobs.a, 'job_view', 7 ) );
		const before = await ok( 'careers', { date_from: '2024-05-01', date_to: '2024-06-30' } );
		assert.equal( ( await ok( 'careers', { date_from: '2024-05-02', date_to: '2024-06-30' } ) ).totals.job_views, 9, 'May 31 and June' );
		assert.equal( await phpValue( 'RecruitingReports\\Careers\\FunnelRetention::cron()' ), 4, 'the four old days deleted' );
		assert.equal( await phpValue( 'RecruitingReports\\Careers\\FunnelRetention::cron()' ), null, 'the day was claimed' );
		const rows = JSON.parse( await php( `echo wp_json_encode( $GLOBALS['wpdb']->get_results( 'SELECT span, period, job_id, metric, hits FROM ' . RecruitingReports\\Data\\Schema::table( 'careers_counts' ) . ' ORDER BY span, period, job_id', ARRAY_A ) );` ) );
		assert.deepEqual( rows.map( ( r ) => [ Number( r.span ), r.period, Number( r.job_id ), r.metric, Number( r.hits ) ] ), [
			[ 1, today, jobs.a, 'job_view', 7 ],
			[ 2, '2024-05-01', jobs.a, 'job_view', 7 ],
			[ 2, '2024-05-01', jobs.b, 'form_start', 2 ],
			[ 2, '2024-06-01', jobs.a, 'job_view', 5 ],
			[ 2, `${ today.slice( 0, 8 ) }01`, jobs.a, 'job_view', 7 ],
		] );
		const afterExpiry = await ok( 'careers', { date_from: '2024-05-01', date_to: '2024-06-30' } );
		assert.equal( afterExpiry.cache, 'miss', 'the deletion changed the data version' );
		assert.deepEqual( afterExpiry.totals, before.totals );
		assert.deepEqual( afterExpiry.trend, before.trend );
		assert.deepEqual( afterExpiry.trend.map( ( r ) => [ r.period, r.job_views, r.form_starts ] ), [ [ '2024-05', 7, 2 ], [ '2024-06', 5, 0 ] ] );
		// A period that cuts into May counts only the days still there: none.
		assert.equal( ( await ok( 'careers', { date_from: '2024-05-02', date_to: '2024-06-30' } ) ).totals.job_views, 5 );
	} finally {
		await setSettings( { careers_daily_months: 13 } );
	}
} );

test( 'the report is registered like every report: OPTIONS schema, openapi.json, the public beacon route', { timeout: TIMEOUT }, async () => {
	const openapi = expectStatus( await get( `${ NS }/openapi.json` ), 200 );
	assert.ok( openapi.paths[ '/reports/careers' ], 'the report in openapi.json' );
	assert.ok( openapi.paths[ '/careers/beacon' ], 'the beacon in openapi.json' );
	const unauthenticated = await get( `${ NS }/reports/careers`, { auth: {} } );
	assert.equal( unauthenticated.status, 401 );
} );
