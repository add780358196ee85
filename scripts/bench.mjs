#!/usr/bin/env node
// npm run bench — the report benchmark of docs/targets.md#targets on the native stack (PHP 8.2 built-in server with
// OPcache + MariaDB), in one run:
//
//   1. import 100,000 applications with histories (200 jobs) through POST /import in batches of 5,000
//      (import throughput; the SPEC target is under 2 minutes);
//   2. benchmark at 100,000 applications;
//   3. bulk-seed 900,000 more with Dev\BenchmarkData::seed (seeder throughput; dev/, loaded by the bench mu-plugin);
//   4. benchmark at 1,000,000 applications.
//
// A benchmark step: for the default period, one month and one job, ROUNDS times (interleaved, so all
// requests see the same machine load), for each report (the five of docs/reports.md#definitions and §7.2, the three
// of issue #26 and the careers funnel of issue #25 — here its applications and hires, as this data has no counters: its
// counters are step 7's —, each also with compare=previous_period): a trivial authenticated REST request
// (GET /wp/v2/users/me: one before each variant, so that the trivial requests spread over the whole round as the
// reports' do, and every ratio divides by the median of all of them: one sample per variant and round, not one a round), an
// invalidation of every period (what a write that may change any period does: imports, deletions, job edits), the
// report cold (a miss), an invalidation by a write of today only (a new application, a hire: periods that ended
// before this month stay cached for the reports that declare it, see ReportCache), the report cold again (a miss,
// or a hit for such a closed period) and the same report again warm (a hit). Prints medians, ratios to the trivial request, PHP peak memory per
// request, and the time the report classes take inside PHP (no HTTP). At 100,000 applications it also
// exports them all as CSV (GET /applications?format=csv, streamed): time, rows and PHP peak memory; and measures what
// the plugin adds to every request of the site (the trivial request and the front page with and without it).
//
//   5. the careers pages (scripts/bench/careers.mjs): the job list and a job's page as a ratio to a plain page of
//      the same theme, and an apply-form submission's server time;
//   6. docs/targets.md#targets's load figure on two web nodes, without and with Redis (scripts/bench/load.mjs), on sites of
//      their own after the first one has stopped.
//   7. the careers funnel (scripts/bench/funnel.mjs): the beacon's server time and beacons per second held, and
//      GET /reports/careers cold and warm at 1,000,000 counter rows, on a site of its own.
//   8. the network report (scripts/bench/network.mjs): GET /network/reports/<report> cold and warm on a multisite
//      network of 100 sites × 10,000 applications, on a network of its own.
//
// Env: RR_PORT (default 9760), BENCH_ROUNDS (default 21), BENCH_MAX (100000 to stop after step 2),
// BENCH_REPORTS (comma-separated report variants to run, e.g. funnel,funnel+compare; default all),
// BENCH_CAREERS=0 skips step 5, BENCH_CAREERS=only runs just step 5 (on a fresh site, in a minute),
// BENCH_LOAD=0 skips step 6, BENCH_LOAD=only runs just step 6, BENCH_FUNNEL=0 skips step 7, BENCH_FUNNEL=only runs
// just step 7 (npm run bench:funnel), BENCH_NETWORK=0 skips step 8, BENCH_NETWORK=only runs just step 8 (npm run
// bench:network), RR_KEEP_SITE=1 keeps the site's files.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';

const ROUNDS = Number( process.env.BENCH_ROUNDS ?? 21 );
const WARMUP = 3;
// Misses and hits per variant and round. A step prints 48 variants' medians; with one request of each a round, the
// per-request jitter here (a standard deviation of 8–11%, from the spread of 16 medians of the same trivial
// request) put the worst of 48 medians of 21 about 0.06× above the variant's own ratio. 2 misses and 3 hits a
// round shrink that by 1/√2 and 1/√3, at 10 requests a variant and round instead of 6.
const COLD_SAMPLES = 2;
const WARM_SAMPLES = 3;
const IMPORT_TOTAL = 100000;
const IMPORT_BATCH = 5000;
const LARGE_TOTAL = Number( process.env.BENCH_MAX ?? 1000000 );
const MARK = '@@RR-BENCH@@';
const SETTLE_MS = Number( process.env.BENCH_SETTLE_MS ?? 15000 );
// Each report alone and with compare=previous_period (both periods must stay within the same targets).
const REPORT_NAMES = [ 'overview', 'time-to-hire', 'funnel', 'sources', 'time-to-fill', 'rejections', 'pipeline', 'activity', 'careers' ];
const ALL_VARIANTS = REPORT_NAMES.flatMap( ( name ) => [ { name, label: name, compare: false }, { name, label: `${ name }+compare`, compare: true } ] );
const VARIANTS = process.env.BENCH_REPORTS ? ALL_VARIANTS.filter( ( v ) => process.env.BENCH_REPORTS.split( ',' ).includes( v.label ) ) : ALL_VARIANTS;

// OPcache on for the server and the CLI, as in production (see scripts/bench/php-ini).
process.env.PHP_INI_SCAN_DIR = `:${ path.join( REPO_ROOT, 'scripts/bench/php-ini' ) }`;
const { startNativeSite } = await import( './lib/site-native.mjs' );
const { careersFigures } = await import( './bench/careers.mjs' );
const CAREERS = process.env.BENCH_CAREERS;

let site;
const stop = async () => {
	if ( site ) {
		const s = site;
		site = undefined;
		await s.stop();
	}
};
for ( const signal of [ 'SIGINT', 'SIGTERM' ] ) {
	process.on( signal, () => stop().finally( () => process.exit( 130 ) ) );
}

const only = process.env.BENCH_LOAD === 'only' || process.env.BENCH_FUNNEL === 'only' || process.env.BENCH_NETWORK === 'only';
// The one step asked for alone (BENCH_<STEP>=only), if any: every other step is left out.
const alone = [ 'BENCH_CAREERS', 'BENCH_LOAD', 'BENCH_FUNNEL', 'BENCH_NETWORK' ].find( ( name ) => 'only' === process.env[ name ] );
const runs = ( name ) => '0' !== process.env[ name ] && ( undefined === alone || name === alone );
if ( ! only ) {
	try {
		site = await startNativeSite( {
			port: Number( process.env.RR_PORT ?? 9760 ),
			muPluginsDir: path.join( REPO_ROOT, 'scripts/bench/mu-plugins' ),
		} );
		if ( 'only' === CAREERS ) {
			report( await careersFigures( site, { rounds: ROUNDS, warmup: WARMUP, log } ) );
		} else {
			await main();
		}
	} finally {
		await stop();
	}
}
if ( runs( 'BENCH_LOAD' ) ) {
	const { loadFigure } = await import( './bench/load.mjs' );
	appendReport( await loadFigure( log ) );
}
if ( runs( 'BENCH_FUNNEL' ) ) {
	const { funnelFigure } = await import( './bench/funnel.mjs' );
	appendReport( await funnelFigure( log ) );
}
if ( runs( 'BENCH_NETWORK' ) ) {
	const { networkFigure } = await import( './bench/network.mjs' );
	appendReport( await networkFigure( log ) );
}
process.exit( process.exitCode ?? 0 );

async function main() {
	const auth = 'Basic ' + Buffer.from( `${ site.adminUser }:${ site.appPassword }` ).toString( 'base64' );
	const now = Math.floor( Date.now() / 1000 );
	const opcache = await php( "echo wp_json_encode( function_exists( 'opcache_get_status' ) && false !== opcache_get_status( false ) );" );
	log( `native site at ${ site.url }; OPcache in the CLI: ${ opcache }` );

	// 1. Import throughput.
	log( `importing ${ fmt( IMPORT_TOTAL ) } applications through POST /import in batches of ${ fmt( IMPORT_BATCH ) }…` );
	let importMs = 0;
	const batchMs = [];
	for ( let first = 1; first <= IMPORT_TOTAL; first += IMPORT_BATCH ) {
		const body = marked( await php( `echo '${ MARK }' . wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::import_payload( ${ first }, ${ IMPORT_BATCH }, ${ now }, ${ first === 1 ? 'true' : 'false' } ) );` ) );
		const started = performance.now();
		const response = await fetch( `${ site.url }/wp-json/recruiting/v1/import`, {
			method: 'POST',
			headers: { Authorization: auth, 'Content-Type': 'application/json' },
			body,
		} );
		const text = await response.text();
		const ms = performance.now() - started;
		if ( response.status !== 200 ) {
			throw new Error( `import batch at ${ first } failed (${ response.status }): ${ text.slice( 0, 1000 ) }` );
		}
		importMs += ms;
		batchMs.push( ms );
	}
	const imported = await counts();
	const importLine = `POST /import: ${ fmt( IMPORT_TOTAL ) } applications (${ fmt( imported.history ) } history rows) in ${ ( importMs / 1000 ).toFixed( 1 ) } s = ${ fmt( Math.round( IMPORT_TOTAL / ( importMs / 1000 ) ) ) } applications/s (median batch of ${ fmt( IMPORT_BATCH ) }: ${ ( median( batchMs ) / 1000 ).toFixed( 2 ) } s; target: 100,000 in under 120 s)`;
	log( importLine );

	const results = [];
	results.push( await benchmark( auth, now ) );
	const exportLine = await exportBenchmark( auth );
	log( exportLine );
	const costLine = await pluginCost( auth );
	log( costLine );

	// 3. Bulk seeder throughput.
	let seedLine = '';
	if ( LARGE_TOTAL > IMPORT_TOTAL ) {
		const more = LARGE_TOTAL - IMPORT_TOTAL;
		log( `bulk-seeding ${ fmt( more ) } more applications…` );
		const seeded = JSON.parse( marked( await php( `echo '${ MARK }' . wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::seed( ${ more }, ${ IMPORT_TOTAL + 1 }, ${ now } ) );` ) ) );
		seedLine = `BenchmarkData::seed: ${ fmt( seeded.applications ) } applications (${ fmt( seeded.history_rows ) } history rows) in ${ seeded.seconds } s = ${ fmt( Math.round( seeded.applications / seeded.seconds ) ) } applications/s`;
		log( seedLine );
		results.push( await benchmark( auth, now ) );
	}

	// Summary.
	const lines = [ '', '## Recruiting Reports benchmark (native: PHP 8.2 built-in server + OPcache, MariaDB)', '' ];
	lines.push( `- ${ importLine }` );
	if ( seedLine ) lines.push( `- ${ seedLine }` );
	lines.push( `- ${ exportLine }` );
	lines.push( `- ${ costLine }` );
	lines.push( `- medians over ${ ROUNDS } rounds (after ${ WARMUP } warm-up rounds) of, per variant, one trivial request, ${ COLD_SAMPLES } cold, one after a write of today and ${ WARM_SAMPLES } warm; cold = first request after an invalidation of every period (a full miss); after a write of today = first request after the invalidation a new application or a hire makes (closed periods of time to hire, funnel and sources stay cached: hits counted in brackets); ratio = ÷ the median of the trivial request (GET /wp/v2/users/me), made before every variant in every round` );
	lines.push( '' );
	for ( const result of results ) {
		lines.push( `### ${ fmt( result.applications ) } applications, ${ fmt( result.history ) } history rows, ${ result.jobs } jobs (1-minute load average at the start: ${ result.load.toFixed( 2 ) } on ${ os.cpus().length } CPUs)` );
		lines.push( '' );
		lines.push( '| query | report | trivial ms | cold ms | cold ratio | after a write of today: ms | ratio (hits) | warm ms | warm ratio | PHP compute ms | peak memory cold / trivial |' );
		lines.push( '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|' );
		for ( const row of result.rows ) {
			lines.push( `| ${ row.scenario } | ${ row.report } | ${ row.trivial.toFixed( 1 ) } | ${ row.cold.toFixed( 1 ) } | ${ row.coldRatio.toFixed( 2 ) }× | ${ row.today.toFixed( 1 ) } | ${ row.todayRatio.toFixed( 2 ) }× (${ row.todayHits }) | ${ row.warm.toFixed( 1 ) } | ${ row.warmRatio.toFixed( 2 ) }× | ${ row.compute.toFixed( 1 ) } | ${ mb( row.memory ) } / ${ mb( row.trivialMemory ) } MB |` );
		}
		lines.push( '' );
		// docs/targets.md#targets: a miss within 1.2× at 100,000 applications and 1.5× at 1,000,000, a hit within 1.05×.
		const target = result.applications >= 1000000 ? 1.5 : 1.2;
		const worstCold = Math.max( ...result.rows.map( ( row ) => row.coldRatio ) );
		const worstToday = Math.max( ...result.rows.map( ( row ) => row.todayRatio ) );
		const worstWarm = Math.max( ...result.rows.map( ( row ) => row.warmRatio ) );
		const over = ( key, limit ) => `${ result.rows.filter( ( row ) => row[ key ] > limit ).length } of ${ result.rows.length } over`;
		// Three decimals: a ratio printed as 1.50× may be over 1.5.
		lines.push( `worst cold ratio ${ worstCold.toFixed( 3 ) }× (target ≤ ${ target }×: ${ worstCold <= target ? 'met' : 'MISSED' }, ${ over( 'coldRatio', target ) }); after a write of today ${ worstToday.toFixed( 3 ) }× (${ worstToday <= target ? 'met' : 'MISSED' }, ${ over( 'todayRatio', target ) }); worst warm ratio ${ worstWarm.toFixed( 3 ) }× (target ≤ 1.05×: ${ worstWarm <= 1.05 ? 'met' : 'MISSED' }, ${ over( 'warmRatio', 1.05 ) })` );
		lines.push( '' );
	}
	if ( '0' !== CAREERS ) {
		lines.push( ...( await careersFigures( site, { rounds: ROUNDS, warmup: WARMUP, log } ) ) );
	}
	report( lines );
}

/** Prints the summary (and writes it to BENCH_OUTPUT). */
function report( lines ) {
	console.log( lines.join( '\n' ) );
	if ( process.env.BENCH_OUTPUT ) {
		fs.writeFileSync( process.env.BENCH_OUTPUT, lines.join( '\n' ) + '\n' );
	}
}

/** Benchmarks every report variant for the default period, one month and one job at the current data size. */
async function benchmark( auth, now ) {
	const data = await counts();
	// Let MariaDB finish the background work the bulk writes left (purge, change-buffer merges) so the
	// step measures the steady state, and say how busy the machine is.
	await new Promise( ( resolve ) => setTimeout( resolve, SETTLE_MS ) );
	data.load = os.loadavg()[ 0 ];
	log( `benchmarking at ${ fmt( data.applications ) } applications (load average ${ data.load.toFixed( 2 ) } on ${ os.cpus().length } CPUs)…` );
	const lastMonth = new Date( ( now - 86400 * 31 ) * 1000 ); // a whole month before the current one
	const monthFrom = `${ lastMonth.getUTCFullYear() }-${ String( lastMonth.getUTCMonth() + 1 ).padStart( 2, '0' ) }-01`;
	const monthTo = new Date( Date.UTC( lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1, 0 ) ).toISOString().slice( 0, 10 );
	const scenarios = [
		{ scenario: 'default period (12 months)', query: {} },
		{ scenario: `one month (${ monthFrom.slice( 0, 7 ) })`, query: { date_from: monthFrom, date_to: monthTo } },
		{ scenario: `one job (the largest, ${ fmt( data.largestJobApplications ) } applications), default period`, query: { job_id: data.largestJob } },
	];
	const rows = [];
	for ( const { scenario, query } of scenarios ) {
		const samples = { trivial: [], trivialMemory: [] };
		for ( const { label } of VARIANTS ) {
			samples[ label ] = { cold: [], today: [], todayHits: 0, warm: [], memory: [] };
		}
		for ( let round = 0; round < WARMUP + ROUNDS; round++ ) {
			const keep = round >= WARMUP;
			for ( const { name, label, compare } of VARIANTS ) {
				const variantQuery = compare ? { ...query, compare: 'previous_period' } : query;
				// One trivial request per variant: the denominator's median is then of as many samples, spread over the
				// round the same way, as all the reports' together (one a round left it the noisiest figure).
				const trivial = await timed( auth, '/wp/v2/users/me' );
				const colds = [];
				for ( let i = 0; i < COLD_SAMPLES; i++ ) {
					await timed( auth, '/recruiting-bench/v1/invalidate', {}, 'POST' );
					colds.push( await timed( auth, `/recruiting/v1/reports/${ name }`, variantQuery ) );
				}
				await timed( auth, '/recruiting-bench/v1/invalidate', { since: Math.floor( Date.now() / 1000 ) }, 'POST' );
				const today = await timed( auth, `/recruiting/v1/reports/${ name }`, variantQuery );
				const warms = [];
				for ( let i = 0; i < WARM_SAMPLES; i++ ) {
					warms.push( await timed( auth, `/recruiting/v1/reports/${ name }`, variantQuery ) );
				}
				const wrong = [ ...colds.filter( ( r ) => r.cache !== 'miss' ), ...warms.filter( ( r ) => r.cache !== 'hit' ) ];
				if ( wrong.length ) {
					throw new Error( `${ label } ${ JSON.stringify( query ) }: expected misses then hits, got ${ colds.map( ( r ) => r.cache ) } then ${ warms.map( ( r ) => r.cache ) }` );
				}
				if ( keep ) {
					samples.trivial.push( trivial.ms );
					samples.trivialMemory.push( trivial.memory );
					samples[ label ].cold.push( ...colds.map( ( r ) => r.ms ) );
					samples[ label ].today.push( today.ms );
					samples[ label ].todayHits += 'hit' === today.cache ? 1 : 0;
					samples[ label ].warm.push( ...warms.map( ( r ) => r.ms ) );
					samples[ label ].memory.push( ...colds.map( ( r ) => r.memory ) );
				}
			}
		}
		const compute = JSON.parse( marked( await php( computeSnippet( query ) ) ) );
		const trivial = median( samples.trivial );
		for ( const { label: report } of VARIANTS ) {
			const cold = median( samples[ report ].cold );
			const today = median( samples[ report ].today );
			const warm = median( samples[ report ].warm );
			rows.push( {
				scenario,
				report,
				trivial,
				cold,
				today,
				todayHits: samples[ report ].todayHits,
				warm,
				coldRatio: cold / trivial,
				todayRatio: today / trivial,
				warmRatio: warm / trivial,
				compute: compute[ report ],
				memory: median( samples[ report ].memory ),
				trivialMemory: median( samples.trivialMemory ),
			} );
			log( `  ${ scenario } ${ report }: trivial ${ trivial.toFixed( 1 ) } ms, cold ${ cold.toFixed( 1 ) } ms (${ ( cold / trivial ).toFixed( 2 ) }×), after a write of today ${ today.toFixed( 1 ) } ms (${ ( today / trivial ).toFixed( 2 ) }×, ${ samples[ report ].todayHits } hits), warm ${ warm.toFixed( 1 ) } ms (${ ( warm / trivial ).toFixed( 2 ) }×), PHP compute ${ compute[ report ].toFixed( 1 ) } ms` );
		}
	}
	return { ...data, rows };
}

/** PHP that runs each report variant cold 7 times inside one process and prints the median milliseconds. */
function computeSnippet( query ) {
	const variants = VARIANTS.map( ( { name, label, compare } ) => [ label, name, compare ? 'previous_period' : null ] );
	return `
$args = json_decode( ${ phpString( JSON.stringify( query ) ) }, true );
$out  = array();
foreach ( json_decode( ${ phpString( JSON.stringify( variants ) ) }, true ) as [ $label, $report, $compare ] ) {
	$times = array();
	for ( $i = 0; $i < 7; $i++ ) {
		\\RecruitingReports\\Domain\\Events::data_changed();
		$started = hrtime( true );
		$result  = \\RecruitingReports\\Reports\\ReportService::run( $report, $args + array( 'compare' => $compare ) );
		$times[] = ( hrtime( true ) - $started ) / 1e6;
		if ( is_wp_error( $result ) || 'miss' !== $result['cache'] ) { fwrite( STDERR, 'unexpected result' ); exit( 1 ); }
	}
	sort( $times );
	$out[ $label ] = $times[3];
}
echo '${ MARK }' . wp_json_encode( $out );
`;
}

/** GET /applications?format=csv of every application: time to the last byte, rows, PHP peak memory. */
async function exportBenchmark( auth ) {
	const started = performance.now();
	const response = await fetch( `${ site.url }/wp-json/recruiting/v1/applications?format=csv`, { headers: { Authorization: auth } } );
	if ( response.status !== 200 ) {
		throw new Error( `CSV export: HTTP ${ response.status }: ${ ( await response.text() ).slice( 0, 500 ) }` );
	}
	let bytes = 0;
	let lines = 0;
	for await ( const chunk of response.body ) {
		bytes += chunk.length;
		for ( const byte of chunk ) {
			lines += byte === 10 ? 1 : 0;
		}
	}
	const ms = performance.now() - started;
	const peak = Number( marked( await php( `echo '${ MARK }' . (int) get_option( 'recruiting_bench_csv_peak' );` ) ) );
	return `GET /applications?format=csv: ${ fmt( lines - 1 ) } rows (${ mb( bytes ) } MB) streamed in ${ ( ms / 1000 ).toFixed( 2 ) } s, PHP peak memory ${ mb( peak ) } MB (target: under 32 MB)`;
}

/**
 * What the plugin adds to every request of the site (docs/reports.md#the-plugins-cost-per-request): the server time of
 * the trivial REST request and of the front page, with the plugin active and with it left out of active_plugins (no
 * deactivation hook runs), interleaved round by round; medians of the bench mu-plugin's X-Recruiting-Server-Ms.
 */
async function pluginCost( auth ) {
	const active = marked( await php( `echo '${ MARK }' . wp_json_encode( get_option( 'active_plugins' ) );` ) );
	const samples = { rest: { on: [], off: [] }, page: { on: [], off: [] } };
	const serverMs = async ( url, headers ) => {
		const response = await fetch( url, { headers } );
		await response.text();
		return Number( response.headers.get( 'x-recruiting-server-ms' ) );
	};
	try {
		for ( let round = 0; round < 7; round++ ) {
			for ( const state of [ 'on', 'off' ] ) {
				await php( `update_option( 'active_plugins', ${ 'on' === state ? `json_decode( ${ phpString( active ) }, true )` : 'array()' } );` );
				for ( let i = 0; i < 12; i++ ) {
					const rest = await serverMs( `${ site.url }/wp-json/wp/v2/users/me`, { Authorization: auth } );
					const page = await serverMs( `${ site.url }/`, {} );
					if ( i >= 2 ) {
						samples.rest[ state ].push( rest );
						samples.page[ state ].push( page );
					}
				}
			}
		}
	} finally {
		await php( `update_option( 'active_plugins', json_decode( ${ phpString( active ) }, true ) );` );
	}
	const added = ( kind ) => `${ median( samples[ kind ].on ).toFixed( 2 ) } ms with the plugin, ${ median( samples[ kind ].off ).toFixed( 2 ) } without (+${ ( median( samples[ kind ].on ) - median( samples[ kind ].off ) ).toFixed( 2 ) } ms)`;
	return `the plugin's cost per request (server time, medians of ${ samples.rest.on.length } each): GET /wp/v2/users/me ${ added( 'rest' ) }; the front page ${ added( 'page' ) }`;
}

async function counts() {
	return JSON.parse(
		marked(
			await php( `
global $wpdb;
$a   = \\RecruitingReports\\Data\\Schema::table( 'applications' );
$h   = \\RecruitingReports\\Data\\Schema::table( 'status_history' );
$top = $wpdb->get_row( "SELECT job_id, COUNT(*) AS n FROM $a GROUP BY job_id ORDER BY n DESC LIMIT 1" );
echo '${ MARK }' . wp_json_encode( array(
	'applications'           => (int) $wpdb->get_var( "SELECT COUNT(*) FROM $a" ),
	'history'                => (int) $wpdb->get_var( "SELECT COUNT(*) FROM $h" ),
	'jobs'                   => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'recruiting_job'" ),
	'largestJob'             => (int) $top->job_id,
	'largestJobApplications' => (int) $top->n,
) );
` )
		)
	);
}

async function timed( auth, route, query = {}, method = 'GET' ) {
	const url = new URL( `${ site.url }/wp-json${ route }` );
	for ( const [ key, value ] of Object.entries( query ) ) {
		url.searchParams.set( key, String( value ) );
	}
	const started = performance.now();
	const response = await fetch( url, { method, headers: { Authorization: auth } } );
	const text = await response.text();
	const ms = performance.now() - started;
	if ( response.status !== 200 ) {
		throw new Error( `${ method } ${ url.pathname }${ url.search } → ${ response.status }: ${ text.slice( 0, 500 ) }` );
	}
	return { ms, cache: response.headers.get( 'x-recruiting-cache' ), memory: Number( response.headers.get( 'x-recruiting-peak-memory' ) ) };
}

async function php( code ) {
	return site.runPhp( code );
}

function marked( stdout ) {
	const at = stdout.lastIndexOf( MARK );
	if ( at < 0 ) throw new Error( `no result in PHP output:\n${ stdout.slice( 0, 2000 ) }` );
	return stdout.slice( at + MARK.length ).trim();
}

function phpString( value ) {
	return `'${ String( value ).replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) }'`;
}

function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2 ? sorted[ middle ] : ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
}

function fmt( n ) {
	return Number( n ).toLocaleString( 'en-US' );
}

function mb( bytes ) {
	return ( bytes / 1048576 ).toFixed( 1 );
}

/** Prints a later step's summary lines (and appends them to BENCH_OUTPUT). */
function appendReport( lines ) {
	console.log( lines.join( '\n' ) );
	if ( process.env.BENCH_OUTPUT ) {
		fs.appendFileSync( process.env.BENCH_OUTPUT, lines.join( '\n' ) + '\n' );
	}
}

function log( message ) {
	process.stderr.write( `[bench] ${ message }\n` );
}
