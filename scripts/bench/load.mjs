// docs/targets.md#targets's load figure, part of `npm run bench`: 16 concurrent clients across two web nodes (one site, one MariaDB,
// scripts/lib/site-cluster.mjs), all with one API key, each alternating a trivial request (GET /recruiting/v1/jobs/{id}:
// key authentication, rate limit, one row) and a cached report (GET /recruiting/v1/reports/overview). Reports the
// mean latency of each, their ratio (target: the report within 1.1× of the trivial request), throughput and the
// errors (target: none), without and with the Redis object cache.
//
// Env: LOAD_APPLICATIONS (data size, default 100000), LOAD_CLIENTS (default 16), LOAD_REQUESTS (per client and kind,
// default 40).

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startClusterSite } from '../lib/site-cluster.mjs';
import { REPO_ROOT } from '../lib/wordpress-dist.mjs';

const APPLICATIONS = Number( process.env.LOAD_APPLICATIONS ?? 100000 );
const CLIENTS = Number( process.env.LOAD_CLIENTS ?? 16 );
const REQUESTS = Number( process.env.LOAD_REQUESTS ?? 40 );
const MARK = '@@RR-LOAD@@';

/**
 * Runs the load figure without and with Redis.
 * @param {(message: string) => void} log
 * @returns {Promise<string[]>} Markdown lines for the benchmark summary.
 */
export async function loadFigure( log ) {
	const rows = [];
	for ( const objectCache of [ 'none', 'redis' ] ) {
		const site = await startClusterSite( { objectCache, muPluginsDir: path.join( REPO_ROOT, 'scripts/bench/mu-plugins' ) } );
		try {
			log( `load (${ objectCache }): seeding ${ APPLICATIONS } applications…` );
			const setup = JSON.parse(
				marked(
					await site.runPhp( `
						\\RecruitingReports\\Dev\\BenchmarkData::seed( ${ APPLICATIONS }, 1, time() );
						$created = \\RecruitingReports\\Auth\\ApiKeys::create( get_current_user_id(), 'load', 'live', array( 'recruiting_read_jobs', 'recruiting_read_applications' ), null, 1000000 );
						$job     = (int) get_posts( array( 'post_type' => \\RecruitingReports\\Domain\\JobPostType::POST_TYPE, 'post_status' => 'publish', 'numberposts' => 1, 'fields' => 'ids' ) )[0];
						echo '${ MARK }' . wp_json_encode( array( 'key' => $created['key'], 'job' => $job ) );
					` )
				)
			);
			rows.push( { objectCache, ...( await measure( site.urls, setup ) ) } );
			log( `load (${ objectCache }): ${ JSON.stringify( rows.at( -1 ) ) }` );
		} finally {
			await site.stop();
		}
	}
	const lines = [
		`### Under load: ${ CLIENTS } clients across 2 web nodes, one API key (${ APPLICATIONS.toLocaleString( 'en-US' ) } applications)`,
		'',
		`Each client alternates GET /recruiting/v1/jobs/{id} (trivial) and GET /recruiting/v1/reports/overview (cached) ${ REQUESTS } times each, on one node (clients split evenly).`,
		'',
		'| object cache | trivial mean ms | cached report mean ms | ratio | requests/s | errors |',
		'|---|---:|---:|---:|---:|---:|',
	];
	for ( const row of rows ) {
		lines.push( `| ${ row.objectCache } | ${ row.trivial.toFixed( 1 ) } | ${ row.report.toFixed( 1 ) } | ${ row.ratio.toFixed( 2 ) }× | ${ row.throughput.toFixed( 0 ) } | ${ row.errors } |` );
	}
	const worst = Math.max( ...rows.map( ( row ) => row.ratio ) );
	const errors = rows.reduce( ( sum, row ) => sum + row.errors, 0 );
	lines.push( '', `worst ratio ${ worst.toFixed( 2 ) }× (target ≤ 1.1×: ${ worst <= 1.1 ? 'met' : 'MISSED' }); errors ${ errors } (target 0: ${ 0 === errors ? 'met' : 'MISSED' })`, '' );
	return lines;
}

async function measure( urls, { key, job } ) {
	const headers = { 'X-Recruiting-API-Key': key, Accept: 'application/json' };
	const trivialPath = `/wp-json/recruiting/v1/jobs/${ job }`;
	const reportPath = '/wp-json/recruiting/v1/reports/overview';
	const send = async ( url ) => {
		const started = performance.now();
		try {
			const response = await fetch( url, { headers } );
			await response.arrayBuffer();
			return { ms: performance.now() - started, ok: 200 === response.status };
		} catch {
			return { ms: performance.now() - started, ok: false };
		}
	};
	// Warm both nodes: OPcache, and the report in the cache.
	for ( const base of urls ) {
		for ( let i = 0; i < 3; i++ ) {
			await send( base + trivialPath );
			await send( base + reportPath );
		}
	}
	const samples = { trivial: [], report: [] };
	let errors = 0;
	const started = performance.now();
	await Promise.all(
		Array.from( { length: CLIENTS }, async ( _, client ) => {
			const base = urls[ client % urls.length ];
			for ( let i = 0; i < REQUESTS; i++ ) {
				// Half the clients start with the report, so neither kind always follows the other.
				const order = ( client + i ) % 2 ? [ 'trivial', 'report' ] : [ 'report', 'trivial' ];
				for ( const kind of order ) {
					const result = await send( base + ( 'trivial' === kind ? trivialPath : reportPath ) );
					samples[ kind ].push( result.ms );
					if ( ! result.ok ) errors++;
				}
			}
		} )
	);
	const seconds = ( performance.now() - started ) / 1000;
	const mean = ( values ) => values.reduce( ( sum, value ) => sum + value, 0 ) / values.length;
	const trivial = mean( samples.trivial );
	const report = mean( samples.report );
	return { trivial, report, ratio: report / trivial, throughput: ( 2 * CLIENTS * REQUESTS ) / seconds, errors };
}

function marked( stdout ) {
	const at = stdout.lastIndexOf( MARK );
	if ( at < 0 ) throw new Error( `no result from PHP: ${ stdout.slice( 0, 2000 ) }` );
	return stdout.slice( at + MARK.length ).trim();
}
