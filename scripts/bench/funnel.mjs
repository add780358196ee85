// The careers funnel's figures (issue #25), part of `npm run bench` (its last step) on a native site of its own:
//
//   1. the beacon's server time (X-Recruiting-Server-Ms: from PHP's request start to the answer) p50 and p99 over
//      BEACON_SAMPLES sequential beacons;
//   2. beacons per second held: BEACON_TOTAL beacons from BEACON_CLIENTS concurrent clients, every one checked
//      (202) and the counters' sum compared with the number sent (no count lost);
//   3. GET /reports/careers cold (after an invalidation) and warm at COUNTER_ROWS day rows (bulk-seeded: about 13
//      months of days × jobs × sources × the four metrics, plus their month rows), as ratios to a trivial request,
//      for the default period, one month and one job.
//
// Env: BEACON_SAMPLES (default 500), BEACON_TOTAL (default 3000), BEACON_CLIENTS (default 16), COUNTER_ROWS (default
// 1000000), BENCH_ROUNDS (default 11 here).

import path from 'node:path';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startNativeSite } from '../lib/site-native.mjs';
import { REPO_ROOT } from '../lib/wordpress-dist.mjs';

const SAMPLES = Number( process.env.BEACON_SAMPLES ?? 500 );
const TOTAL = Number( process.env.BEACON_TOTAL ?? 3000 );
const CLIENTS = Number( process.env.BEACON_CLIENTS ?? 16 );
const ROWS = Number( process.env.COUNTER_ROWS ?? 1000000 );
const ROUNDS = Number( process.env.BENCH_ROUNDS ?? 11 );
const JOBS = 50;
const SOURCES = [ 'direct', 'linkedin', 'indeed', 'google', 'xing', 'stepstone', 'facebook', 'twitter', 'bing', 'glassdoor', 'monster', 'jobs.example.org', 'other' ];
const MARK = '@@RR-CAREERS@@';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/**
 * Runs the careers figures.
 * @param {(message: string) => void} log
 * @returns {Promise<string[]>} Markdown lines for the benchmark summary.
 */
export async function funnelFigure( log ) {
	const site = await startNativeSite( { port: Number( process.env.RR_PORT ?? 9760 ) + 1, muPluginsDir: path.join( REPO_ROOT, 'scripts/bench/mu-plugins' ) } );
	try {
		const jobs = JSON.parse( marked( await site.runPhp( `
			\\RecruitingReports\\Data\\Settings::update( array( 'careers_beacon_limit' => 1000000 ) );
			$ids = array();
			for ( $i = 1; $i <= ${ JOBS }; $i++ ) {
				$ids[] = wp_insert_post( array( 'post_type' => \\RecruitingReports\\Domain\\JobPostType::POST_TYPE, 'post_status' => 'publish', 'post_title' => "Bench job $i" ) );
			}
			echo '${ MARK }' . wp_json_encode( $ids );
		` ) ) );
		const url = `${ site.url }/wp-json/recruiting/v1/careers/beacon`;
		const send = async ( i ) => {
			const started = performance.now();
			const response = await fetch( url, { method: 'POST', headers: { 'User-Agent': AGENT }, body: new URLSearchParams( { metric: [ 'job_view', 'form_start', 'list_view' ][ i % 3 ], job: String( jobs[ i % JOBS ] ), source: SOURCES[ i % SOURCES.length ] } ) } );
			await response.text();
			if ( response.status !== 202 ) {
				throw new Error( `beacon ${ i }: HTTP ${ response.status }` );
			}
			return { client: performance.now() - started, server: Number( response.headers.get( 'x-recruiting-server-ms' ) ) };
		};

		log( `careers: ${ SAMPLES } sequential beacons…` );
		const sequential = [];
		for ( let i = 0; i < SAMPLES; i++ ) {
			sequential.push( await send( i ) );
		}
		const server = sequential.map( ( s ) => s.server );

		log( `careers: ${ TOTAL } beacons from ${ CLIENTS } clients…` );
		const before = Number( marked( await site.runPhp( `echo '${ MARK }' . (int) $GLOBALS['wpdb']->get_var( 'SELECT SUM(hits) FROM ' . \\RecruitingReports\\Data\\Schema::table( 'careers_counts' ) . ' WHERE span = 1' );` ) ) );
		const load = os.loadavg()[ 0 ];
		let next = 0;
		const started = performance.now();
		await Promise.all( Array.from( { length: CLIENTS }, async () => {
			while ( next < TOTAL ) {
				await send( next++ );
			}
		} ) );
		const seconds = ( performance.now() - started ) / 1000;
		const afterSum = Number( marked( await site.runPhp( `echo '${ MARK }' . (int) $GLOBALS['wpdb']->get_var( 'SELECT SUM(hits) FROM ' . \\RecruitingReports\\Data\\Schema::table( 'careers_counts' ) . ' WHERE span = 1' );` ) ) );

		log( `careers: seeding ${ ROWS } counter rows…` );
		const seeded = JSON.parse( marked( await site.runPhp( seedSnippet( jobs ) ) ) );
		log( `careers: seeded ${ seeded.rows } rows in ${ seeded.seconds } s` );
		const reports = await reportRatios( site, jobs, log );

		const lines = [
			`### Careers funnel (issue #25): beacons and GET /reports/careers (1-minute load average ${ load.toFixed( 2 ) } on ${ os.cpus().length } CPUs)`,
			'',
			`- beacon server time over ${ SAMPLES } sequential beacons: p50 ${ percentile( server, 50 ).toFixed( 1 ) } ms, p99 ${ percentile( server, 99 ).toFixed( 1 ) } ms (client round trip p50 ${ percentile( sequential.map( ( s ) => s.client ), 50 ).toFixed( 1 ) } ms)`,
			`- held: ${ TOTAL } beacons from ${ CLIENTS } clients in ${ seconds.toFixed( 1 ) } s = ${ ( TOTAL / seconds ).toFixed( 0 ) } beacons/s (target ≥ 200/s: ${ TOTAL / seconds >= 200 ? 'met' : 'MISSED' }); counted ${ afterSum - before } of ${ TOTAL } (${ afterSum - before === TOTAL ? 'none lost' : 'LOST COUNTS' })`,
			`- GET /reports/careers at ${ seeded.rows.toLocaleString( 'en-US' ) } counter rows (seeded in ${ seeded.seconds } s), medians over ${ ROUNDS } rounds:`,
			'',
			'| query | trivial ms | cold ms | cold ratio | warm ms | warm ratio |',
			'|---|---:|---:|---:|---:|---:|',
			...reports.map( ( r ) => `| ${ r.scenario } | ${ r.trivial.toFixed( 1 ) } | ${ r.cold.toFixed( 1 ) } | ${ ( r.cold / r.trivial ).toFixed( 2 ) }× | ${ r.warm.toFixed( 1 ) } | ${ ( r.warm / r.trivial ).toFixed( 2 ) }× |` ),
			'',
		];
		return lines;
	} finally {
		await site.stop();
	}
}

/** PHP that bulk-inserts counter rows: days back from today × jobs × sources × metrics, 1,000 rows a statement. */
function seedSnippet( jobs ) {
	return `
global $wpdb;
$started = microtime( true );
$table   = \\RecruitingReports\\Data\\Schema::table( 'careers_counts' );
$jobs    = json_decode( '${ JSON.stringify( jobs ) }', true );
$sources = json_decode( '${ JSON.stringify( SOURCES ) }', true );
$metrics = \\RecruitingReports\\Data\\CareersCounters::METRICS;
$per_day = count( $jobs ) * count( $sources ) * count( $metrics );
$days    = (int) ceil( ${ ROWS } / $per_day );
$rows    = array();
$total   = 0;
$wpdb->query( 'START TRANSACTION' );
for ( $d = 1; $d <= $days; $d++ ) {
	$day = wp_date( 'Y-m-d', time() - $d * DAY_IN_SECONDS );
	foreach ( $jobs as $job ) {
		foreach ( $sources as $source ) {
			foreach ( $metrics as $m => $metric ) {
				$rows[] = $wpdb->prepare( '(1, %s, %d, %s, %s, %s, %d)', $day, $job, md5( $source ), $metric, $source, 1 + ( $d + $job + $m ) % 17 );
				if ( 1000 === count( $rows ) ) {
					$wpdb->query( $wpdb->prepare( 'INSERT IGNORE INTO %i (span, period, job_id, source_key, metric, source, hits) VALUES ', $table ) . implode( ',', $rows ) );
					$total += 1000;
					$rows   = array();
				}
			}
		}
	}
}
if ( $rows ) {
	$wpdb->query( $wpdb->prepare( 'INSERT IGNORE INTO %i (span, period, job_id, source_key, metric, source, hits) VALUES ', $table ) . implode( ',', $rows ) );
	$total += count( $rows );
}
// The seeded days' month rows, as CareersCounters::add() writes them (today's beacons wrote theirs; MariaDB only).
$wpdb->query( $wpdb->prepare( "INSERT INTO %i (span, period, job_id, source_key, metric, source, hits) SELECT 2, CONCAT(SUBSTR(period, 1, 8), '01'), job_id, source_key, metric, MIN(source), SUM(hits) FROM %i WHERE span = 1 AND period < %s GROUP BY 2, job_id, source_key, metric ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)", $table, $table, wp_date( 'Y-m-d' ) ) );
$wpdb->query( 'COMMIT' );
echo '${ MARK }' . wp_json_encode( array( 'rows' => (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $table ) ), 'seconds' => round( microtime( true ) - $started, 1 ) ) );
`;
}

/** Cold and warm GET /reports/careers against a trivial request, for three queries. */
async function reportRatios( site, jobs, log ) {
	const auth = { Authorization: 'Basic ' + Buffer.from( `${ site.adminUser }:${ site.appPassword }` ).toString( 'base64' ) };
	const timed = async ( route, query = {}, method = 'GET' ) => {
		const target = new URL( `${ site.url }/wp-json${ route }` );
		for ( const [ key, value ] of Object.entries( query ) ) {
			target.searchParams.set( key, String( value ) );
		}
		const started = performance.now();
		const response = await fetch( target, { method, headers: auth } );
		const text = await response.text();
		if ( response.status !== 200 ) {
			throw new Error( `${ method } ${ target.pathname } → ${ response.status }: ${ text.slice( 0, 300 ) }` );
		}
		return { ms: performance.now() - started, cache: response.headers.get( 'x-recruiting-cache' ) };
	};
	const month = new Date( Date.now() - 31 * 86400000 );
	const from = `${ month.getUTCFullYear() }-${ String( month.getUTCMonth() + 1 ).padStart( 2, '0' ) }-01`;
	const to = new Date( Date.UTC( month.getUTCFullYear(), month.getUTCMonth() + 1, 0 ) ).toISOString().slice( 0, 10 );
	const results = [];
	for ( const [ scenario, query ] of [ [ 'default period (12 months)', {} ], [ `one month (${ from.slice( 0, 7 ) })`, { date_from: from, date_to: to } ], [ 'one job, default period', { job_id: jobs[ 0 ] } ] ] ) {
		const samples = { trivial: [], cold: [], warm: [] };
		for ( let round = 0; round < ROUNDS + 2; round++ ) {
			const trivial = await timed( '/wp/v2/users/me' );
			await timed( '/recruiting-bench/v1/invalidate', {}, 'POST' );
			const cold = await timed( '/recruiting/v1/reports/careers', query );
			const warm = await timed( '/recruiting/v1/reports/careers', query );
			if ( cold.cache !== 'miss' || warm.cache !== 'hit' ) {
				throw new Error( `careers ${ scenario }: expected miss then hit, got ${ cold.cache } then ${ warm.cache }` );
			}
			if ( round >= 2 ) {
				samples.trivial.push( trivial.ms );
				samples.cold.push( cold.ms );
				samples.warm.push( warm.ms );
			}
		}
		const row = { scenario, trivial: percentile( samples.trivial, 50 ), cold: percentile( samples.cold, 50 ), warm: percentile( samples.warm, 50 ) };
		log( `careers ${ scenario }: ${ JSON.stringify( row ) }` );
		results.push( row );
	}
	return results;
}

function percentile( values, p ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted[ Math.min( sorted.length - 1, Math.ceil( ( p / 100 ) * sorted.length ) - 1 ) ];
}

function marked( stdout ) {
	const at = stdout.lastIndexOf( MARK );
	if ( at < 0 ) {
		throw new Error( `no result in PHP output:\n${ stdout.slice( 0, 2000 ) }` );
	}
	return stdout.slice( at + MARK.length ).trim();
}
