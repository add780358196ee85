// The network report (issue #29 item 3, docs/multisite.md "The network report") on a subdirectory network of this
// file's own (lib/network.mjs), with sites in two timezones: for every registered report and a few queries (the
// default period, a custom period, compare, a preset, CSV) the network's figures equal the report of one site that was
// given every site's data (the union: sums summed, rates and medians recomputed over all the hires, waits and jobs),
// and its by_site rows equal each site's own report (by_site=full; by default the fields of its headline figures);
// only a super admin reads it; one site's write invalidates it, and the next answer reads that site only.
//
// The data sit mid-month, days away from any period's or month's edge, so that the union site (UTC) puts each record
// in the same period and month as its own site (Pacific/Auckland, America/Los_Angeles) does.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { basicAuth, expectError, expectStatus } from './lib/api.mjs';
import { cookieLogin } from './lib/credentials.mjs';
import { application, iso, job } from './lib/fixtures.mjs';
import { skipWithoutNetwork, startNetwork } from './lib/network.mjs';
import { skipWithoutWpCli, wp } from './lib/wp-cli.mjs';

const TIMEOUT = 240_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = new Date();

/** Noon UTC on a day of the month `monthsBack` months before this one. */
const midMonth = ( monthsBack, day ) => Date.UTC( NOW.getUTCFullYear(), NOW.getUTCMonth() - monthsBack, day, 12 );
const date = ( time ) => new Date( time ).toISOString().slice( 0, 10 );

/** One site's jobs and applications: hires of varied lengths, exits with and without reasons, one open application per job and stage. */
function siteData( prefix, shift ) {
	const jobs = [ 0, 1, 2 ].map( ( i ) => job( `${ prefix }-job-${ i }`, { title: `${ prefix } job ${ i }`, created_at: iso( midMonth( 10, 12 + i ) ) } ) );
	jobs.push( job( `${ prefix }-draft`, { title: `${ prefix } draft`, status: 'draft', created_at: iso( midMonth( 10, 12 ) ) } ) );
	const sources = [ 'linkedin', 'indeed', 'direct', `referred by ${ prefix }` ];
	const applications = [];
	for ( let i = 0; i < 10 + shift; i++ ) {
		const applied = midMonth( 1 + ( i % 9 ), 3 ) + i * HOUR;
		const steps = [ { status: 'screening', at: iso( applied + DAY ) } ];
		const kind = i % 4;
		if ( 1 === kind ) {
			steps.push( { status: 'rejected', at: iso( applied + 2 * DAY ), reason: i % 8 === 1 ? 'salary' : 'experience' } );
		} else if ( 2 === kind ) {
			steps.push( { status: 'interview', at: iso( applied + 2 * DAY ) }, { status: 'withdrawn', at: iso( applied + 3 * DAY ) } );
		} else {
			steps.push(
				{ status: 'interview', at: iso( applied + 2 * DAY + shift * HOUR ) },
				{ status: 'offer', at: iso( applied + 3 * DAY ) },
				{ status: 'hired', at: iso( applied + ( 4 + i + shift ) * DAY + i * HOUR ) }
			);
		}
		applications.push( application( `${ prefix }-app-${ i }`, `${ prefix }-job-${ i % 3 }`, { applied_at: iso( applied ), source: sources[ i % 4 ], history: steps } ) );
	}
	// Waiting now: one application per job and stage, so each site's pipeline rows say exactly how long each waited.
	[ [ 0, [] ], [ 0, [ 'screening' ] ], [ 1, [ 'screening', 'interview' ] ], [ 2, [ 'screening', 'interview', 'offer' ] ] ].forEach( ( [ jobIndex, path ], i ) => {
		const applied = midMonth( 2 + i, 5 + shift );
		applications.push( application( `${ prefix }-open-${ i }`, `${ prefix }-job-${ jobIndex }`, {
			applied_at: iso( applied ),
			source: 'indeed',
			history: path.map( ( status, step ) => ( { status, at: iso( applied + ( step + 1 ) * DAY ) } ) ),
		} ) );
	} );
	// Older: only in a comparison period.
	applications.push( application( `${ prefix }-old`, `${ prefix }-job-0`, { applied_at: iso( midMonth( 14, 4 ) ), history: [ { status: 'rejected', at: iso( midMonth( 14, 6 ) ) } ] } ) );
	return { jobs, applications };
}

/**
 * A report's figures for comparing the network's with the union site's: the by_site breakdown out, rows without
 * what names a site's own records (site_id, job_id, the dates time to fill prints in the site's timezone) and in one
 * order, and what moves with the clock (the open jobs' age, counted to the request's second) out.
 */
function comparable( data, { keepPeriod = true, keepTrend = true } = {} ) {
	const strip = ( value ) => {
		if ( Array.isArray( value ) ) {
			return value.map( strip ).sort( ( a, b ) => JSON.stringify( a ).localeCompare( JSON.stringify( b ) ) );
		}
		if ( value && 'object' === typeof value ) {
			return Object.fromEntries( Object.entries( value )
				.filter( ( [ key ] ) => ! [ 'site_id', 'job_id', 'opened', 'filled', 'by_site', 'average_age_days' ].includes( key ) )
				.filter( ( [ key ] ) => keepPeriod || 'period' !== key )
				.filter( ( [ key ] ) => keepTrend || 'trend' !== key )
				.map( ( [ key, field ] ) => [ key, strip( field ) ] ) );
		}
		return value;
	};
	return strip( data );
}

let network;
let sites; // slug => id
let reports; // every registered report's name
let union; // query name => report => the union site's answer

const QUERIES = {
	default: {},
	custom: { date_from: date( midMonth( 6, 1 ) ), date_to: date( midMonth( 1, 0 ) ) },
	compared: { date_from: date( midMonth( 6, 1 ) ), date_to: date( midMonth( 1, 0 ) ), compare: 'previous_year' },
	previous: { compare: 'previous_period' },
};

describe( 'the network report', { skip: skipWithoutNetwork }, () => {
	before( async () => {
		network = await startNetwork();
		sites = { '': 1 };
		sites.north = await network.createSite( 'north', { timezone: 'Pacific/Auckland' } );
		sites.south = await network.createSite( 'south', { timezone: 'America/Los_Angeles' } );
		const unionId = await network.createSite( 'union', { timezone: 'UTC' } );
		const data = { north: siteData( 'north', 0 ), south: siteData( 'south', 3 ) };
		for ( const slug of [ 'north', 'south' ] ) {
			expectStatus( await network.siteRequest( slug, 'POST', '/recruiting/v1/import', { body: data[ slug ] } ), 200 );
			expectStatus( await network.siteRequest( 'union', 'POST', '/recruiting/v1/import', { body: data[ slug ] } ), 200 );
		}
		reports = await network.phpValue( 'RecruitingReports\\Reports\\ReportRegistry::names()' );
		union = {};
		for ( const [ name, query ] of Object.entries( QUERIES ) ) {
			union[ name ] = {};
			for ( const report of reports ) {
				union[ name ][ report ] = expectStatus( await network.siteRequest( 'union', 'GET', `/recruiting/v1/reports/${ report }`, { query } ), 200 );
			}
		}
		// The union site leaves the network: what remains are the sites whose data it held (and the empty main site).
		await network.phpValue( `( function () { require_once ABSPATH . 'wp-admin/includes/ms.php'; wpmu_delete_blog( ${ unionId }, true ); return true; } )()` );
	}, { timeout: TIMEOUT } );

	after( async () => {
		await network?.stop();
	} );

	test( 'every report, for the default and a custom period and with compare, is the union of the sites\' data', { timeout: TIMEOUT }, async () => {
		assert.ok( reports.length >= 9, reports.join() );
		for ( const [ name, query ] of Object.entries( QUERIES ) ) {
			for ( const report of reports ) {
				const label = `${ report } (${ name })`;
				const answer = expectStatus( await network.siteRequest( '', 'GET', `/recruiting/v1/network/reports/${ report }`, { query: { ...query, by_site: 'full', by_job: true } } ), 200 );
				const headline = expectStatus( await network.siteRequest( '', 'GET', `/recruiting/v1/network/reports/${ report }`, { query } ), 200 );
				assert.deepEqual( answer.by_site.map( ( row ) => row.site_id ), [ 1, sites.north, sites.south ], label );
				for ( const [ index, row ] of answer.by_site.entries() ) {
					const slug = Object.keys( sites ).find( ( key ) => sites[ key ] === row.site_id );
					const own = expectStatus( await network.siteRequest( slug, 'GET', `/recruiting/v1/reports/${ report }`, { query } ), 200 );
					assert.deepEqual( row.figures, own, `${ label }: site ${ row.site_id }'s row is its own report` );
					if ( slug ) {
						assert.equal( row.name, `Site ${ slug }` );
					}
					// By default a row holds the period and the fields the headline figures read, as the site has them:
					// a list only summed or counted keeps its rows with just the summed fields.
					const cut = headline.by_site[ index ].figures;
					assert.ok( 'period' in cut && Object.keys( cut ).length > 1 && ! ( 'comparison' in cut ), `${ label }: ${ Object.keys( cut ) }` );
					assert.ok( 'time-to-hire' !== report || ! ( 'by_job' in cut ), `${ label }: ${ Object.keys( cut ) }` );
					for ( const [ key, value ] of Object.entries( cut ) ) {
						const rowsCut = Array.isArray( value ) && value.some( ( row, at ) => Object.keys( row ).length < Object.keys( own[ key ][ at ] ).length );
						const expected = rowsCut ? own[ key ].map( ( row, at ) => Object.fromEntries( Object.keys( value[ at ] ).map( ( field ) => [ field, row[ field ] ] ) ) ) : own[ key ];
						assert.deepEqual( value, expected, `${ label }: ${ key }` );
					}
					if ( 'time-to-hire' === report ) {
						assert.deepEqual( [ ...new Set( cut.trend.map( ( month ) => Object.keys( month ).join() ) ) ], [ 'hires' ], `${ label }: the trend's hires only` );
						assert.equal( cut.trend.length, own.trend.length );
					}
					if ( 'sources' === report ) {
						assert.deepEqual( [ ...new Set( cut.sources.map( ( row ) => Object.keys( row ).sort().join() ) ) ], own.sources.length ? [ 'applications,hires' ] : [], `${ label }: the sources' counts only` );
						assert.equal( cut.sources.length, own.sources.length );
					}
				}
				// Without by_job the network's figures are the same but for every site's job rows.
				const withoutJobs = ( { by_job: jobs, ...rest } ) => ( rest.comparison ? { ...rest, comparison: withoutJobs( rest.comparison ) } : rest );
				assert.ok( ! ( 'by_job' in headline ) && ! ( 'by_job' in ( headline.comparison ?? {} ) ), `${ label }: no job rows unless asked for` );
				assert.deepEqual( { ...headline, by_site: null }, { ...withoutJobs( answer ), by_site: null }, `${ label }: the network's figures do not depend on by_site or by_job` );
				// The default period ends on each site's own today, which differs between timezones near midnight:
				// its months and bounds are compared in the custom period.
				const options = { keepPeriod: 'default' !== name && 'previous' !== name, keepTrend: 'default' !== name && 'previous' !== name };
				if ( 'pipeline' === report ) {
					assertPipeline( answer, union[ name ][ report ], label );
				} else {
					assert.deepEqual( comparable( answer, options ), comparable( union[ name ][ report ], options ), label );
				}
				if ( 'time-to-hire' === report && 'custom' === name ) {
					// Not a vacuous equality: both sites hired in the period, and the union's median is neither site's.
					const medians = answer.by_site.slice( 1 ).map( ( row ) => row.figures.overall.median_days );
					assert.ok( answer.by_site.slice( 1 ).every( ( row ) => row.figures.trend.some( ( month ) => month.hires > 0 ) ), label );
					assert.ok( ! medians.includes( answer.overall.median_days ), `${ label }: ${ medians } vs ${ answer.overall.median_days }` );
				}
				const jobs = answer.by_job ?? [];
				assert.ok( jobs.every( ( row ) => [ sites.north, sites.south ].includes( row.site_id ) ), `${ label }: each job row names its site` );
			}
		}
	} );

	test( 'a preset period is read in each site\'s timezone; the network\'s period spans the sites\'', { timeout: TIMEOUT }, async () => {
		const answer = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/overview', { query: { period: 'last_30_days' } } ), 200 );
		const periods = [];
		for ( const row of answer.by_site ) {
			const today = await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ row.site_id }, static fn() => wp_date( 'Y-m-d' ) )` );
			assert.deepEqual( row.figures.period, { from: date( Date.parse( `${ today }T00:00:00Z` ) - 29 * DAY ), to: today } );
			periods.push( row.figures.period );
		}
		assert.deepEqual( answer.period, { from: periods.map( ( p ) => p.from ).sort()[ 0 ], to: periods.map( ( p ) => p.to ).sort().at( -1 ) } );
		assert.equal( answer.applications.new_this_period, answer.by_site.reduce( ( sum, row ) => sum + row.figures.applications.new_this_period, 0 ) );
		expectError( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/overview', { query: { period: 'yesterday' } } ), 400, 'rest_invalid_param' );
		expectError( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/overview', { query: { date_from: '2026-02-30' } } ), 400, 'rest_invalid_param' );
	} );

	test( 'CSV: a section of the network\'s figures, as the site report gives one', { timeout: TIMEOUT }, async () => {
		const query = { ...QUERIES.custom, format: 'csv' };
		const json = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/time-to-hire', { query: { ...QUERIES.custom, by_job: true } } ), 200 );
		assert.ok( json.by_job.length > 0 );
		// The job rows' section lists them without by_job=true.
		const response = await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/time-to-hire', { query: { ...query, section: 'by_job' } } );
		assert.equal( response.status, 200, response.text );
		assert.match( response.headers.get( 'content-type' ), /^text\/csv/ );
		const lines = response.text.replace( /^\uFEFF/, '' ).trim().split( /\r?\n/ );
		assert.equal( lines[ 0 ], 'period,site_id,job_id,job_title,average_days,hires' );
		assert.deepEqual( lines.slice( 1 ), json.by_job.map( ( row ) => `current,${ row.site_id },${ row.job_id },${ row.job_title },${ row.average_days },${ row.hires }` ) );
		const overall = await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/time-to-hire', { query: { ...query, section: 'overall' } } );
		assert.ok( overall.text.includes( `current,${ json.overall.average_days },${ json.overall.median_days },` ), overall.text );
		expectError( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/time-to-hire', { query } ), 400, 'rest_invalid_param' );
	} );

	test( 'Network Admin › Recruiting shows it without script: a report and a period picked, the network\'s figures and each site\'s', { timeout: TIMEOUT }, async () => {
		const login = await cookieLogin( network.adminUser, network.adminPassword, network.url );
		const html = await ( await fetch( `${ network.url }/wp-admin/network/admin.php?page=recruiting-reports-network&rr_report=funnel&rr_period=last_12_months`, { headers: { Cookie: login.cookie } } ) ).text();
		const json = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/funnel', { query: { period: 'last_12_months' } } ), 200 );
		const section = html.slice( html.indexOf( 'id="rr-network-report"' ), html.indexOf( 'id="rr-credentials"' ) );
		assert.match( section, /<form method="get" action="[^"]+\/wp-admin\/network\/admin\.php#rr-network-report">/ );
		assert.match( section, /<label for="rr-network-report-name">Report<\/label> <select id="rr-network-report-name" name="rr_report">/ );
		assert.match( section, /<option value="funnel" selected='selected'>Hiring funnel<\/option>/ );
		assert.match( section, /<option value="last_12_months" selected='selected'>/ );
		const cells = ( table ) => [ ...table.matchAll( /<tr><th scope="row">([^<]+)<\/th>((?:<td>[^<]*<\/td>)+)<\/tr>/g ) ].map( ( match ) => [ match[ 1 ], [ ...match[ 2 ].matchAll( /<td>([^<]*)<\/td>/g ) ].map( ( cell ) => cell[ 1 ] ) ] );
		const [ networkTable, sitesTable ] = section.split( '</table>' );
		assert.deepEqual( cells( networkTable ).find( ( [ label ] ) => 'Applications' === label ), [ 'Applications', [ String( json.stages[ 0 ].reached ) ] ] );
		assert.deepEqual( cells( sitesTable ).map( ( [ name, values ] ) => [ name, values[ 0 ] ] ), json.by_site.map( ( site ) => [ site.name, String( site.figures.stages[ 0 ].reached ) ] ) );
		assert.ok( json.stages[ 0 ].reached > 0 );
	} );

	test( '`wp recruiting network report` prints the route\'s answer', { timeout: TIMEOUT, skip: skipWithoutWpCli }, async () => {
		const result = await wp( [ 'recruiting', 'network', 'report', 'sources', `--date_from=${ QUERIES.custom.date_from }`, `--date_to=${ QUERIES.custom.date_to }`, '--format=json' ], { path: network.wordpressPath } );
		assert.equal( result.code, 0, result.stderr );
		const json = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/sources', { query: QUERIES.custom } ), 200 );
		assert.deepEqual( JSON.parse( result.stdout ), json );
		const csv = await wp( [ 'recruiting', 'network', 'report', 'sources', `--date_from=${ QUERIES.custom.date_from }`, `--date_to=${ QUERIES.custom.date_to }`, '--section=sources', '--format=csv' ], { path: network.wordpressPath } );
		const rest = await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/sources', { query: { ...QUERIES.custom, format: 'csv', section: 'sources' } } );
		assert.equal( csv.stdout, rest.text );
	} );

	test( 'only a super admin reads it: 403 for a site\'s administrator and an API key, 401 without credentials', { timeout: TIMEOUT }, async () => {
		const siteAdmin = await network.phpValue( `( function () {
			$id = wp_insert_user( array( 'user_login' => 'report-admin', 'user_pass' => 'pw-report-admin', 'user_email' => 'report-admin@example.com' ) );
			add_user_to_blog( ${ sites.north }, $id, 'administrator' );
			return WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'tests' ) )[0];
		} )()` );
		const key = expectStatus( await network.siteRequest( 'north', 'POST', '/recruiting/v1/api-keys', { body: { name: 'reports', permissions: [ 'recruiting_read_applications' ] } } ), 201 );
		const path = '/recruiting/v1/network/reports/overview';
		expectError( await network.siteRequest( 'north', 'GET', path, { auth: basicAuth( 'report-admin', siteAdmin ) } ), 403, 'insufficient_permissions' );
		expectError( await network.siteRequest( 'north', 'GET', path, { auth: { 'X-Recruiting-API-Key': key.key } } ), 403, 'insufficient_permissions' );
		expectError( await network.siteRequest( '', 'GET', path, { auth: {} } ), 401, 'authentication_required' );
	} );

	test( 'cached, and invalidated when one site writes', { timeout: TIMEOUT }, async () => {
		const read = () => network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/overview', { query: QUERIES.custom } );
		const first = await read();
		expectStatus( first, 200 );
		const warm = await read();
		assert.equal( warm.headers.get( 'x-recruiting-cache' ), 'hit' );
		assert.deepEqual( warm.json, first.json );
		expectStatus( await network.siteRequest( 'south', 'POST', '/recruiting/v1/import', {
			body: { applications: [ application( 'south-late', 'south-job-1', { applied_at: iso( midMonth( 3, 8 ) ) } ) ] },
		} ), 200 );
		const after = await read();
		assert.equal( after.headers.get( 'x-recruiting-cache' ), 'miss' );
		assert.equal( after.json.applications.new_this_period, first.json.applications.new_this_period + 1 );
		assert.equal( after.json.by_site.find( ( row ) => row.site_id === sites.south ).figures.applications.new_this_period, first.json.by_site.find( ( row ) => row.site_id === sites.south ).figures.applications.new_this_period + 1 );
		assert.equal( ( await read() ).headers.get( 'x-recruiting-cache' ), 'hit' );
	} );

	test( 'the entry is told stale by its first line; one of the earlier format (the whole entry deflated) is computed again', { timeout: TIMEOUT }, async () => {
		const read = () => network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/funnel', { query: QUERIES.custom } );
		const first = await read();
		expectStatus( first, 200 );
		const entry = ( code ) => network.phpValue( `( function () {
			$name   = RecruitingReports\\Network\\NetworkReport::CACHE_PREFIX . md5( 'funnel|' . wp_json_encode( array( 'date_from' => '${ QUERIES.custom.date_from }', 'date_to' => '${ QUERIES.custom.date_to }' ) ) );
			$stored = get_site_transient( $name );
			${ code }
		} )()` );
		const lines = await entry( `$version = RecruitingReports\\Network\\NetworkVersion::current();
			$entry = RecruitingReports\\Network\\NetworkReport::unpacked( $stored, $version );
			return array(
				'head'     => explode( "\\n", $stored, 3 )[0] === $version,
				'same'     => RecruitingReports\\Network\\NetworkReport::packed( $entry ) === $stored,
				'other'    => RecruitingReports\\Network\\NetworkReport::unpacked( $stored, $version . 'x' ),
				'damaged'  => RecruitingReports\\Network\\NetworkReport::unpacked( $version . "\\n" . ( time() + 60 ) . "\\ngz:not deflated", $version ),
				'answered' => $entry['data'],
			);` );
		assert.deepEqual( [ lines.head, lines.same, lines.other, lines.damaged ], [ true, true, null, null ] );
		assert.deepEqual( lines.answered, first.json );
		// What the twenty-second session's code stored: the version, until and data serialized together and deflated.
		await entry( `set_site_transient( $name, RecruitingReports\\Reports\\CacheText::pack( maybe_serialize( RecruitingReports\\Network\\NetworkReport::unpacked( $stored ) ) ), DAY_IN_SECONDS );` );
		const again = await read();
		assert.equal( again.headers.get( 'x-recruiting-cache' ), 'miss' );
		assert.deepEqual( again.json, first.json );
		assert.equal( ( await read() ).headers.get( 'x-recruiting-cache' ), 'hit' );
	} );

	/** A report across the network for the custom period, with the sites switched to while it answers (each site's kept part is read without switching). */
	const run = ( report ) => network.phpValue( `( function () {
		$switched = array();
		add_action( 'switch_blog', function ( $site_id, $previous, $context = 'switch' ) use ( &$switched ) { if ( 'switch' === $context ) { $switched[] = $site_id; } }, 10, 3 );
		$result = RecruitingReports\\Network\\NetworkReport::run( '${ report }', array( 'date_from' => '${ QUERIES.custom.date_from }', 'date_to' => '${ QUERIES.custom.date_to }' ) );
		return array( 'cache' => $result['cache'], 'switched' => array_values( array_unique( $switched ) ), 'by_site' => $result['data']['by_site'], 'data' => $result['data'] );
	} )()` );

	test( 'a hit reads no site; after one site\'s write the next answer reads that site only; a site renamed is a miss', { timeout: TIMEOUT }, async () => {
		for ( const report of [ 'overview', 'careers', 'pipeline' ] ) {
			await run( report );
			assert.deepEqual( ( ( { cache, switched } ) => ( { cache, switched } ) )( await run( report ) ), { cache: 'hit', switched: [] }, report );
		}
		const before = await run( 'overview' );
		expectStatus( await network.siteRequest( 'south', 'POST', '/recruiting/v1/import', {
			body: { applications: [ application( 'south-later', 'south-job-2', { applied_at: iso( midMonth( 3, 9 ) ) } ) ] },
		} ), 200 );
		const after = await run( 'overview' );
		assert.deepEqual( [ after.cache, after.switched ], [ 'miss', [ sites.south ] ] );
		// The pipeline counts each site's waits to when its answer was read: the other sites' are kept too.
		const pipeline = await run( 'pipeline' );
		assert.deepEqual( [ pipeline.cache, pipeline.switched ], [ 'miss', [ sites.south ] ] );
		const newApplications = ( answer, id ) => answer.by_site.find( ( row ) => row.site_id === id ).figures.applications.new_this_period;
		assert.equal( newApplications( after, sites.south ), newApplications( before, sites.south ) + 1 );
		assert.equal( newApplications( after, sites.north ), newApplications( before, sites.north ) );
		assert.deepEqual( ( await run( 'overview' ) ).switched, [] );
		await network.phpValue( `( function () { update_blog_option( ${ sites.north }, 'blogname', 'Site north renamed' ); return true; } )()` );
		const renamed = await run( 'overview' );
		assert.equal( renamed.cache, 'miss' );
		assert.equal( renamed.by_site.find( ( row ) => row.site_id === sites.north ).name, 'Site north renamed' );
		await network.phpValue( `( function () { update_blog_option( ${ sites.north }, 'blogname', 'Site north' ); return true; } )()` );
		// A timezone changed moves that site's day and periods: its part is read again, and only its.
		await run( 'overview' );
		await network.phpValue( `( function () { update_blog_option( ${ sites.south }, 'timezone_string', 'Pacific/Kiritimati' ); return true; } )()` );
		const moved = await run( 'overview' );
		await network.phpValue( `( function () { update_blog_option( ${ sites.south }, 'timezone_string', 'America/Los_Angeles' ); return true; } )()` );
		assert.deepEqual( [ moved.cache, moved.switched ], [ 'miss', [ sites.south ] ] );
		const keptTimezone = await network.phpValue( `get_site_transient( RecruitingReports\\Network\\NetworkReport::CACHE_PREFIX . 'part_' . md5( 'overview|' . wp_json_encode( array( 'date_from' => '${ QUERIES.custom.date_from }', 'date_to' => '${ QUERIES.custom.date_to }' ) ) ) . '_${ sites.south }' )['timezone']` );
		assert.equal( keptTimezone, 'Pacific/Kiritimati', 'the part was read in the timezone it was changed to' );
	} );

	test( 'time to hire: after a hire on one site, the next answer reads that site only (the median\'s reads of the other sites are kept)', { timeout: TIMEOUT }, async () => {
		// A hire applied five months back and hired some days later: in the custom period.
		const hire = ( id, job, days ) => application( id, job, {
			applied_at: iso( midMonth( 5, 2 ) ),
			history: [ { status: 'screening', at: iso( midMonth( 5, 2 ) + HOUR ) }, { status: 'hired', at: iso( midMonth( 5, 2 ) + days * DAY ) } ],
		} );
		const hires = ( answer ) => answer.data.trend.reduce( ( sum, month ) => sum + month.hires, 0 );
		let before = await run( 'time-to-hire' );
		if ( hires( before ) % 2 === 0 ) {
			// An odd number of hires: the next makes the median the mean of two, which moves its reads' positions.
			expectStatus( await network.siteRequest( 'north', 'POST', '/recruiting/v1/import', { body: { applications: [ hire( 'north-long-hire', 'north-job-0', 40 ) ] } } ), 200 );
			before = await run( 'time-to-hire' );
		}
		assert.equal( hires( before ) % 2, 1 );
		assert.deepEqual( ( await run( 'time-to-hire' ) ).switched, [], 'a hit' );
		// A quick hire: the middle moves down by one within the same 8 whole days (TimeToHireReport::MEDIAN_BLOCK_DAYS).
		expectStatus( await network.siteRequest( 'south', 'POST', '/recruiting/v1/import', { body: { applications: [ hire( 'south-quick-hire', 'south-job-1', 1 ) ] } } ), 200 );
		const after = await run( 'time-to-hire' );
		assert.deepEqual( [ after.cache, after.switched ], [ 'miss', [ sites.south ] ] );
		assert.equal( hires( after ), hires( before ) + 1 );
		// The same answer as one computed from every site afresh (no kept part, no kept read).
		await network.phpValue( `( function () { global $wpdb; return $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->sitemeta} WHERE meta_key LIKE %s", $wpdb->esc_like( '_site_transient_' ) . '%' . $wpdb->esc_like( 'recruiting_reports_network_' ) . '%' ) ); } )()` );
		const fresh = await run( 'time-to-hire' );
		assert.equal( fresh.cache, 'miss' );
		assert.ok( [ sites.north, sites.south ].every( ( id ) => fresh.switched.includes( id ) ), `every site read afresh: ${ fresh.switched }` );
		assert.deepEqual( after.data, fresh.data );
	} );

	test( 'after one site\'s write, the merge reads what that site\'s report just read: each summary query runs once', { timeout: TIMEOUT }, async () => {
		// Queries on the site's summary tables while the network answers, by statement: the merge's pieces (the period's
		// totals, time to hire's months and hire days, time to fill's parts) are those the site's own report read.
		const queried = ( report ) => network.phpValue( `( function () {
			global $wpdb;
			$site = $wpdb->get_blog_prefix( ${ sites.south } ) . 'recruiting_';
			$seen = array();
			add_filter( 'query', function ( $sql ) use ( $site, &$seen ) { if ( str_contains( $sql, $site ) && str_starts_with( ltrim( $sql ), 'SELECT' ) ) { $seen[ $sql ] = ( $seen[ $sql ] ?? 0 ) + 1; } return $sql; } );
			RecruitingReports\\Network\\NetworkReport::run( '${ report }', array( 'date_from' => '${ QUERIES.custom.date_from }', 'date_to' => '${ QUERIES.custom.date_to }' ) );
			return array( 'statements' => count( $seen ), 'repeated' => array_keys( array_filter( $seen, fn( $n ) => $n > 1 ) ) );
		} )()` );
		for ( const report of [ 'overview', 'funnel', 'sources', 'time-to-hire', 'time-to-fill' ] ) {
			await queried( report );
			await network.phpValue( `( function () { switch_to_blog( ${ sites.south } ); RecruitingReports\\Reports\\ReportCache::bump(); restore_current_blog(); return true; } )()` );
			const miss = await queried( report );
			assert.ok( miss.statements > 0, `${ report }: the site was read` );
			assert.deepEqual( miss.repeated, [], report );
		}
	} );

	test( 'with a persistent object cache the sites\' tokens live in it: a write re-reads its site only, a lost token its site only', { timeout: TIMEOUT }, async () => {
		// Core's object cache flagged as persistent for one PHP process: the tokens, versions and parts take the object
		// cache's paths (counters, multi-gets) as with Redis (the cluster leg's sites are single sites).
		const result = await network.phpValue( `( function () {
			wp_using_ext_object_cache( true );
			$switched = array();
			add_action( 'switch_blog', function ( $site_id, $previous, $context = 'switch' ) use ( &$switched ) { if ( 'switch' === $context ) { $switched[] = $site_id; } }, 10, 3 );
			$run = function () use ( &$switched ) {
				$switched = array();
				$result   = RecruitingReports\\Network\\NetworkReport::run( 'overview', array() );
				$ids      = array_values( array_unique( $switched ) );
				sort( $ids );
				return array( $result['cache'], $ids, array_sum( array_map( static fn( $row ) => $row['figures']['applications']['total'] ?? 0, $result['data']['by_site'] ) ) );
			};
			$out = array( 'first' => $run(), 'hit' => $run() );
			RecruitingReports\\Network\\Sites::in( ${ sites.south }, array( RecruitingReports\\Reports\\ReportCache::class, 'bump' ) );
			$out['write'] = $run();
			wp_cache_delete( 'site_${ sites.north }', 'recruiting_reports_network' );
			RecruitingReports\\Network\\Sites::in( 1, array( RecruitingReports\\Reports\\ReportCache::class, 'bump' ) );
			$out['lost'] = $run();
			$out['again'] = $run();
			return $out;
		} )()` );
		assert.deepEqual( result.first.slice( 0, 2 ), [ 'miss', [ 1, sites.north, sites.south ] ] );
		assert.deepEqual( result.hit.slice( 0, 2 ), [ 'hit', [] ] );
		assert.deepEqual( result.write.slice( 0, 2 ), [ 'miss', [ sites.south ] ] );
		assert.deepEqual( result.lost.slice( 0, 2 ), [ 'miss', [ 1, sites.north ].sort( ( a, b ) => a - b ) ] );
		assert.deepEqual( result.again.slice( 0, 2 ), [ 'hit', [] ] );
		assert.equal( new Set( Object.values( result ).map( ( run ) => run[ 2 ] ) ).size, 1, 'the same figures throughout' );
	} );

	test( 'the careers funnel\'s counters (no data write) reach the network\'s answer once what it was computed from is a minute old', { timeout: TIMEOUT }, async () => {
		const careers = () => network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/careers' );
		const jobViews = ( response ) => response.json.by_site.find( ( row ) => row.site_id === sites.north ).figures.totals.job_views;
		expectStatus( await careers(), 200 );
		const first = await careers();
		assert.equal( first.headers.get( 'x-recruiting-cache' ), 'hit' );
		await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ sites.north }, static fn() => RecruitingReports\\Data\\CareersCounters::add( RecruitingReports\\Careers\\FunnelCounting::day( time() ), get_posts( array( 'post_type' => RecruitingReports\\Domain\\JobPostType::POST_TYPE, 'numberposts' => 1, 'fields' => 'ids' ) ), 'direct', 'job_view' ) )` );
		const within = await careers();
		assert.deepEqual( [ within.headers.get( 'x-recruiting-cache' ), jobViews( within ) ], [ 'hit', jobViews( first ) ], 'within the minute: the answer as computed' );
		// A minute later (the answer and the parts it was computed from made 61 s older).
		await network.phpValue( `( function () {
			$name  = RecruitingReports\\Network\\NetworkReport::CACHE_PREFIX . md5( 'careers|' . wp_json_encode( array() ) );
			$entry = RecruitingReports\\Network\\NetworkReport::unpacked( get_site_transient( $name ) );
			$entry['until'] -= 61;
			set_site_transient( $name, RecruitingReports\\Network\\NetworkReport::packed( $entry ), DAY_IN_SECONDS );
			foreach ( array( 1, ${ sites.north }, ${ sites.south } ) as $site_id ) {
				$name            = RecruitingReports\\Network\\NetworkReport::CACHE_PREFIX . 'part_' . md5( 'careers|' . wp_json_encode( array() ) ) . '_' . $site_id;
				$part            = get_site_transient( $name );
				$part['read_at'] -= 61;
				set_site_transient( $name, $part, DAY_IN_SECONDS );
			}
			return true;
		} )()` );
		const later = await careers();
		assert.deepEqual( [ later.headers.get( 'x-recruiting-cache' ), jobViews( later ) ], [ 'miss', jobViews( first ) + 1 ] );
		assert.equal( later.json.totals.job_views, first.json.totals.job_views + 1 );
	} );
} );

/**
 * The pipeline counts waits in calendar days of each site's timezone, so the union site (UTC) may count a day more or
 * less: its open counts are compared, and the network's median and longest wait per stage with those of the union of
 * the sites' own waits (one open application per job and stage: each by_job row's longest_days is its wait).
 */
function assertPipeline( answer, unionAnswer, label ) {
	assert.deepEqual( answer.stages.map( ( row ) => row.open ), unionAnswer.stages.map( ( row ) => row.open ), label );
	assert.equal( answer.totals.open, unionAnswer.totals.open, label );
	for ( const stage of answer.stages ) {
		const waits = answer.by_site.flatMap( ( site ) => site.figures.by_job.filter( ( row ) => row.stage === stage.stage ) ).map( ( row ) => {
			assert.equal( row.open, 1, `${ label }: one open application per job and stage` );
			return row.longest_days;
		} ).sort( ( a, b ) => a - b );
		const middle = waits.length % 2 ? waits[ ( waits.length - 1 ) / 2 ] : ( waits[ waits.length / 2 - 1 ] + waits[ waits.length / 2 ] ) / 2;
		assert.equal( stage.median_days, waits.length ? middle : 0, `${ label }: ${ stage.stage } median of the union` );
		assert.equal( stage.longest_days, waits.length ? waits.at( -1 ) : 0, `${ label }: ${ stage.stage } longest` );
		assert.equal( stage.stale, answer.by_site.reduce( ( sum, site ) => sum + site.figures.stages.find( ( row ) => row.stage === stage.stage ).stale, 0 ) );
	}
	assert.equal( answer.by_job.length, answer.by_site.reduce( ( sum, site ) => sum + site.figures.by_job.length, 0 ) );
}
