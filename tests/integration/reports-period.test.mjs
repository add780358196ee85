// Period resolution (docs/reports.md#definitions): calendar dates in the site timezone, default and one-bound periods,
// month and period boundaries in Asia/Kolkata (+05:30) and America/New_York across both DST changes,
// and parameter validation.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { expectError, request } from './lib/api.mjs';
import { resetForReports, ok, report, importData, setTimezone, php, jobRecord, hire, app, dateIn, monthStart, monthsBetween, emptyTrend } from './lib/reports.mjs';

beforeEach( resetForReports );

// Hires k1…k4 around 1 April and 1 May 2025 in Kolkata (UTC+05:30); each takes a different number of days.
const KOLKATA = {
	jobs: [
		jobRecord( 'jk', { created_at: '2025-03-31T18:30:00Z' } ), // 1 April 00:00 IST
		jobRecord( 'jk2', { created_at: '2025-03-31T18:29:59Z' } ), // 31 March 23:59:59 IST
	],
	applications: [
		hire( 'k1', 'jk', '2025-03-31T18:29:59Z', 1 ), // 31 March 23:59:59 IST; applied 30 March
		hire( 'k2', 'jk', '2025-03-31T18:30:00Z', 2 ), // 1 April 00:00 IST; applied 30 March IST
		hire( 'k3', 'jk', '2025-04-30T18:29:59Z', 3 ), // 30 April 23:59:59 IST; applied 27 April 23:59:59 IST
		hire( 'k4', 'jk', '2025-04-30T18:30:00Z', 4 ), // 1 May 00:00 IST; applied 27 April 00:00 IST
		app( 'c1', 'jk2', '2025-03-31T18:30:00Z' ), // applied 1 April 00:00 IST
		app( 'c2', 'jk2', '2025-03-31T18:29:59Z' ), // applied 31 March 23:59:59 IST
	],
};

test( 'Asia/Kolkata: period and month bounds are local midnights (UTC+05:30)', async () => {
	await importData( KOLKATA );
	await setTimezone( 'Asia/Kolkata' );
	const april = { date_from: '2025-04-01', date_to: '2025-04-30' };
	const tth = await ok( 'time-to-hire', april );
	// k2 (2 days) and k3 (3 days) were hired in April IST; k1 on 31 March, k4 on 1 May.
	assert.deepEqual( tth.overall, { average_days: 2.5, median_days: 2.5, min_days: 2, max_days: 3 } );
	assert.deepEqual( tth.trend, [ { month: '2025-04', average_days: 2.5, hires: 2 } ] );

	const overview = await ok( 'overview', april );
	// Cohort: c1 (1 April 00:00 IST), k3 and k4 (27 April); not c2, k1, k2 (30 and 31 March).
	assert.equal( overview.applications.new_this_period, 3 );
	assert.deepEqual( overview.conversion, { application_to_screening: 0.6667, screening_to_interview: 1, interview_to_offer: 1, offer_to_hire: 1 } );
	assert.deepEqual( overview.jobs, { total: 2, active: 2, new_this_period: 1 } );
	assert.equal( overview.avg_time_to_hire_days, 2.5 );
	assert.equal( overview.avg_time_to_hire_days, tth.overall.average_days );

	const spring = await ok( 'time-to-hire', { date_from: '2025-03-01', date_to: '2025-05-31' } );
	assert.deepEqual( spring.trend, [
		{ month: '2025-03', average_days: 1, hires: 1 },
		{ month: '2025-04', average_days: 2.5, hires: 2 },
		{ month: '2025-05', average_days: 4, hires: 1 },
	] );

	// The same dates in UTC select other hires: k3 and k4 in April, k2 in March.
	await setTimezone( 'UTC' );
	const utc = await ok( 'time-to-hire', april );
	assert.deepEqual( utc.overall, { average_days: 3.5, median_days: 3.5, min_days: 3, max_days: 4 } );
	assert.deepEqual( ( await ok( 'time-to-hire', { date_from: '2025-03-01', date_to: '2025-05-31' } ) ).trend, [
		{ month: '2025-03', average_days: 1.5, hires: 2 },
		{ month: '2025-04', average_days: 3.5, hires: 2 },
		{ month: '2025-05', average_days: 0, hires: 0 },
	] );
	assert.deepEqual( ( await ok( 'overview', april ) ).jobs, { total: 2, active: 2, new_this_period: 0 } );
} );

test( 'Asia/Kolkata as a manual offset (UTC+5:30) gives the same bounds', async () => {
	await importData( KOLKATA );
	// What Settings → General stores for "UTC+5:30": no timezone name, a fractional gmt_offset.
	await php( "update_option( 'timezone_string', '' ); update_option( 'gmt_offset', 5.5 );" );
	const tth = await ok( 'time-to-hire', { date_from: '2025-04-01', date_to: '2025-04-30' } );
	assert.deepEqual( tth.overall, { average_days: 2.5, median_days: 2.5, min_days: 2, max_days: 3 } );
} );

test( 'America/New_York: a 23-hour day at the spring DST change and month bounds after the autumn change', async () => {
	await importData( {
		jobs: [ jobRecord( 'jn' ) ],
		applications: [
			// 9 March 2025 runs from 05:00Z (EST, −5) to 04:00Z next day (EDT, −4).
			hire( 'n1', 'jn', '2025-03-09T04:59:59Z', 1 ), // 8 March 23:59:59 EST
			hire( 'n2', 'jn', '2025-03-09T05:00:00Z', 2 ), // 9 March 00:00 EST
			hire( 'n3', 'jn', '2025-03-10T03:59:59Z', 3 ), // 9 March 23:59:59 EDT
			hire( 'n4', 'jn', '2025-03-10T04:00:00Z', 4 ), // 10 March 00:00 EDT (05:00Z with a fixed −5)
			// Month bounds: 1 November 00:00 EDT = 04:00Z; 1 December 00:00 EST = 05:00Z (DST ended 2 November).
			hire( 'n5', 'jn', '2025-11-01T03:59:59Z', 1 ), // 31 October
			hire( 'n6', 'jn', '2025-11-01T04:00:00Z', 2 ), // 1 November
			hire( 'n7', 'jn', '2025-12-01T04:59:59Z', 3 ), // 30 November 23:59:59 EST
			hire( 'n8', 'jn', '2025-12-01T05:00:00Z', 5 ), // 1 December
		],
	} );
	await setTimezone( 'America/New_York' );
	const dstDay = await ok( 'time-to-hire', { date_from: '2025-03-09', date_to: '2025-03-09' } );
	assert.deepEqual( dstDay.overall, { average_days: 2.5, median_days: 2.5, min_days: 2, max_days: 3 } );
	assert.deepEqual( dstDay.trend, [ { month: '2025-03', average_days: 2.5, hires: 2 } ] );
	const around = await ok( 'time-to-hire', { date_from: '2025-03-08', date_to: '2025-03-10' } );
	assert.equal( around.trend[ 0 ].hires, 4 );

	const autumn = await ok( 'time-to-hire', { date_from: '2025-10-01', date_to: '2025-12-31' } );
	assert.deepEqual( autumn.trend, [
		{ month: '2025-10', average_days: 1, hires: 1 },
		{ month: '2025-11', average_days: 2.5, hires: 2 },
		{ month: '2025-12', average_days: 5, hires: 1 },
	] );
	const overview = await ok( 'overview', { date_from: '2025-11-01', date_to: '2025-11-30' } );
	assert.equal( overview.avg_time_to_hire_days, 2.5 );
	// Cohort of November: n5 and n6 applied 30 October (EDT) → no; n7 applied 27 November 23:59:59 EST
	// → yes; n8 applied 26 November 00:00 EST → yes.
	assert.equal( overview.applications.new_this_period, 2 );
} );

test( 'default period: the first day of the month eleven months ago to today, in the site timezone', async () => {
	for ( const timezone of [ 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago' ] ) {
		await setTimezone( timezone );
		const today = dateIn( timezone );
		const from = monthStart( today, -11 );
		const tth = await ok( 'time-to-hire' );
		assert.deepEqual( tth.period, { from, to: today }, timezone );
		assert.deepEqual( tth.trend, emptyTrend( monthsBetween( from, today ) ), timezone );
		assert.equal( tth.trend.length, 12 );
		assert.deepEqual( ( await ok( 'overview' ) ).period, { from, to: today }, timezone );
	}
} );

test( 'default period counts recent hires and leaves out those before it', async () => {
	const now = Date.now();
	const recent = new Date( now - 2 * 3600 * 1000 ).toISOString();
	const old = new Date( Date.parse( monthStart( dateIn( 'UTC' ), -11 ) + 'T00:00:00Z' ) - 1000 ).toISOString();
	await importData( {
		jobs: [ jobRecord( 'jd' ) ],
		applications: [ hire( 'recent', 'jd', recent, 3 ), hire( 'old', 'jd', old, 5 ) ],
	} );
	const tth = await ok( 'time-to-hire' );
	assert.deepEqual( tth.overall, { average_days: 3, median_days: 3, min_days: 3, max_days: 3 } );
	const month = dateIn( 'UTC', new Date( recent ) ).slice( 0, 7 );
	assert.deepEqual( tth.trend.filter( ( row ) => row.hires ), [ { month, average_days: 3, hires: 1 } ] );
	assert.equal( ( await ok( 'overview' ) ).avg_time_to_hire_days, 3 );
} );

test( 'only date_from: to today; only date_to: from the first day of the month eleven months before', async () => {
	const today = dateIn( 'UTC' );
	const onlyFrom = await ok( 'time-to-hire', { date_from: '2025-01-15' } );
	assert.deepEqual( onlyFrom.period, { from: '2025-01-15', to: today } );
	assert.deepEqual( onlyFrom.trend.map( ( row ) => row.month ), monthsBetween( '2025-01-15', today ) );

	const onlyTo = await ok( 'time-to-hire', { date_to: '2025-06-10' } );
	assert.deepEqual( onlyTo.period, { from: '2024-07-01', to: '2025-06-10' } );
	assert.deepEqual( onlyTo.trend.map( ( row ) => row.month ), monthsBetween( '2024-07-01', '2025-06-10' ) );
	assert.equal( onlyTo.trend.length, 12 );
	assert.deepEqual( ( await ok( 'overview', { date_to: '2025-01-31' } ) ).period, { from: '2024-02-01', to: '2025-01-31' } );

	// A one-day period, and hires on its first and last second.
	await importData( {
		jobs: [ jobRecord( 'jo' ) ],
		applications: [
			hire( 'o1', 'jo', '2025-06-10T00:00:00Z', 1 ),
			hire( 'o2', 'jo', '2025-06-10T23:59:59Z', 2 ),
			hire( 'o3', 'jo', '2025-06-11T00:00:00Z', 4 ),
			hire( 'o4', 'jo', '2025-06-09T23:59:59Z', 4 ),
		],
	} );
	const day = await ok( 'time-to-hire', { date_from: '2025-06-10', date_to: '2025-06-10' } );
	assert.deepEqual( day.overall, { average_days: 1.5, median_days: 1.5, min_days: 1, max_days: 2 } );
	assert.deepEqual( ( await ok( 'time-to-hire', { date_to: '2025-06-10' } ) ).trend.at( -1 ), { month: '2025-06', average_days: 2.3, hires: 3 } );
} );

test( 'bad parameters are 400 rest_invalid_param naming the field; an unknown job is 404', async () => {
	const cases = [
		[ { date_from: '2025-13-01' }, [ 'date_from' ] ],
		[ { date_from: '2025-02-30' }, [ 'date_from' ] ],
		[ { date_from: '2025-2-3' }, [ 'date_from' ] ],
		[ { date_from: 'yesterday' }, [ 'date_from' ] ],
		[ { date_from: '2025-01-01T00:00:00Z' }, [ 'date_from' ] ],
		[ { date_to: '31/12/2025' }, [ 'date_to' ] ],
		[ { date_to: '0999-12-31' }, [ 'date_to' ] ],
		[ { job_id: 'abc' }, [ 'job_id' ] ],
		[ { job_id: '0' }, [ 'job_id' ] ],
		[ { job_id: '-4' }, [ 'job_id' ] ],
		[ { job_id: '1.5' }, [ 'job_id' ] ],
		[ { date_from: '2025-06-02', date_to: '2025-06-01' }, [ 'date_from', 'date_to' ] ],
		[ { date_from: '2999-01-01' }, [ 'date_from' ] ], // after today, where the period then ends
		[ { date_from: '1900-01-01', date_to: '2025-01-01' }, [ 'date_from' ] ], // more than 100 years
	];
	for ( const name of [ 'overview', 'time-to-hire' ] ) {
		for ( const [ query, fields ] of cases ) {
			const response = await report( name, query );
			const error = expectError( response, 400, 'rest_invalid_param' );
			for ( const field of fields ) {
				assert.ok( error.data.params?.[ field ], `${ name } ${ JSON.stringify( query ) } names ${ field }: ${ response.text }` );
			}
		}
		// Arrays where a scalar is expected.
		const array = await request( 'GET', `/recruiting/v1/reports/${ name }?date_from[]=2025-01-01` );
		assert.ok( expectError( array, 400, 'rest_invalid_param' ).data.params.date_from );

		expectError( await report( name, { job_id: 999999 } ), 404, 'resource_not_found' );
	}
	// Dates at the edges of the calendar still work.
	assert.deepEqual( ( await ok( 'time-to-hire', { date_from: '9999-12-01', date_to: '9999-12-31' } ) ).trend, emptyTrend( [ '9999-12' ] ) );
	assert.deepEqual( ( await ok( 'overview', { date_to: '1000-01-31' } ) ).period, { from: '0999-02-01', to: '1000-01-31' } );
	// Empty values mean "not given".
	assert.deepEqual( ( await ok( 'overview', { date_from: '', date_to: '2025-06-10' } ) ).period, { from: '2024-07-01', to: '2025-06-10' } );
} );

test( 'reports need Read Applications: 401 without credentials, 403 without the capability', async () => {
	const anonymous = await report( 'overview', {}, { auth: {} } );
	assert.equal( anonymous.status, 401 );
	assert.equal( anonymous.body.code, 'authentication_required' );

	const password = ( await php( `
		$id = username_exists( 'report-subscriber' ) ?: wp_insert_user( array( 'user_login' => 'report-subscriber', 'user_pass' => wp_generate_password(), 'role' => 'subscriber', 'user_email' => 'sub@example.com' ) );
		echo WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'reports-test-' . wp_rand() ) )[0];
	` ) ).trim();
	const auth = { Authorization: 'Basic ' + Buffer.from( `report-subscriber:${ password }` ).toString( 'base64' ) };
	for ( const name of [ 'overview', 'time-to-hire' ] ) {
		const forbidden = await report( name, {}, { auth } );
		assert.equal( forbidden.status, 403, forbidden.text );
		assert.equal( forbidden.body.code, 'insufficient_permissions' );
	}
} );

test( 'the routes declare their arguments and response schema (OPTIONS)', async () => {
	for ( const name of [ 'overview', 'time-to-hire', 'funnel', 'sources', 'time-to-fill' ] ) {
		const options = await request( 'OPTIONS', `/recruiting/v1/reports/${ name }` );
		assert.equal( options.status, 200 );
		const args = options.json.endpoints[ 0 ].args;
		assert.deepEqual( Object.keys( args ).sort(), [ 'compare', 'date_from', 'date_to', 'format', 'job_id', 'section' ] );
		assert.deepEqual( args.compare.enum, [ 'previous_period', 'previous_year' ] );
		assert.ok( options.json.schema.properties.comparison );
		assert.equal( args.job_id.type, 'integer' );
		assert.ok( options.json.schema.properties.period );
	}
	const tth = await request( 'OPTIONS', '/recruiting/v1/reports/time-to-hire' );
	assert.deepEqual( Object.keys( tth.json.schema.properties.trend.items.properties ), [ 'month', 'average_days', 'hires' ] );
} );
