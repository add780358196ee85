// The network report's figures (issue #29), a step of `npm run bench` (BENCH_NETWORK=only: npm run bench:network) on
// a subdirectory network of its own: SITES sites, each bulk-seeded with APPLICATIONS applications by the benchmark
// seeder (Dev\BenchmarkData::seed, the data of the single-site benchmark), then for every report GET
// /network/reports/<report> as ratios to a trivial authenticated request (GET /wp/v2/users/me):
//
//   - cold after one site's write (the site's cache version bumped, as any write bumps it; round by round another
//     site): the network entry is recomputed, the other sites' own answers come from their caches, every site's
//     pieces (period totals, histograms) are read again;
//   - cold after every site's write (every site's version bumped): every site's report computed afresh;
//   - warm (the network entry), with the size of its answer and of the sites' parts a miss reads and writes back.
//
// Env: BENCH_NETWORK_SITES (default 100), BENCH_NETWORK_APPLICATIONS (per site, default 10000), BENCH_ROUNDS
// (default 7 here), RR_PORT (the network is on RR_PORT + 2).

import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startNativeSite } from '../lib/site-native.mjs';
import { REPO_ROOT } from '../lib/wordpress-dist.mjs';

const SITES = Number( process.env.BENCH_NETWORK_SITES ?? 100 );
const APPLICATIONS = Number( process.env.BENCH_NETWORK_APPLICATIONS ?? 10000 );
const ROUNDS = Number( process.env.BENCH_ROUNDS ?? 7 );
const JOBS = 20;
const MARK = '@@RR-NETWORK@@';

/**
 * Runs the network figures.
 * @param {(message: string) => void} log
 * @returns {Promise<string[]>} Markdown lines for the benchmark summary.
 */
export async function networkFigure( log ) {
	const site = await startNativeSite( { port: Number( process.env.RR_PORT ?? 9760 ) + 2, multisite: true, muPluginsDir: path.join( REPO_ROOT, 'scripts/bench/mu-plugins' ) } );
	try {
		const value = async ( code ) => {
			const out = await site.runPhp( code );
			const at = out.lastIndexOf( MARK );
			if ( at < 0 ) {
				throw new Error( `no result in PHP output:\n${ out.slice( 0, 2000 ) }` );
			}
			return JSON.parse( out.slice( at + MARK.length ).trim() );
		};
		log( `network: creating ${ SITES - 1 } sites (and the main one), ${ APPLICATIONS } applications each…` );
		const started = performance.now();
		let ids = [ 1 ];
		for ( let first = 2; first <= SITES; first += 10 ) {
			const batch = Math.min( 10, SITES - first + 1 );
			ids = ids.concat( await value( `
				require_once ABSPATH . 'wp-admin/includes/ms.php';
				$ids = array();
				for ( $i = ${ first }; $i < ${ first + batch }; $i++ ) {
					$ids[] = wpmu_create_blog( get_network()->domain, "/site$i/", "Site $i", get_current_user_id() );
				}
				echo '${ MARK }' . wp_json_encode( $ids );
			` ) );
		}
		let seededRows = 0;
		for ( const id of ids ) {
			const seeded = await value( `
				switch_to_blog( ${ id } );
				$result = \\RecruitingReports\\Dev\\BenchmarkData::seed( ${ APPLICATIONS }, 1, null, ${ JOBS } );
				restore_current_blog();
				echo '${ MARK }' . wp_json_encode( $result );
			` );
			seededRows += seeded.applications;
			if ( 0 === ids.indexOf( id ) % 10 ) {
				log( `network: seeded site ${ id } (${ seededRows } applications so far)` );
			}
		}
		const setupSeconds = ( performance.now() - started ) / 1000;
		log( `network: ${ ids.length } sites, ${ seededRows } applications in ${ setupSeconds.toFixed( 0 ) } s` );

		const auth = { Authorization: 'Basic ' + Buffer.from( `${ site.adminUser }:${ site.appPassword }` ).toString( 'base64' ) };
		const timed = async ( url, method = 'GET' ) => {
			const begun = performance.now();
			const response = await fetch( url, { method, headers: auth } );
			const text = await response.text();
			if ( response.status !== 200 ) {
				throw new Error( `${ method } ${ url } → ${ response.status }: ${ text.slice( 0, 300 ) }` );
			}
			return { ms: performance.now() - begun, cache: response.headers.get( 'x-recruiting-cache' ), bytes: text.length };
		};
		const invalidate = ( id ) => timed( `${ site.url }${ 1 === id ? '' : `/site${ id }` }/wp-json/recruiting-bench/v1/invalidate`, 'POST' );
		const reports = await value( `echo '${ MARK }' . wp_json_encode( \\RecruitingReports\\Reports\\ReportRegistry::names() );` );
		const load = os.loadavg()[ 0 ];
		const rows = [];
		for ( const report of reports ) {
			const url = `${ site.url }/wp-json/recruiting/v1/network/reports/${ report }`;
			const samples = { trivial: [], one: [], warm: [] };
			let answerBytes = 0;
			for ( let round = 0; round < ROUNDS + 1; round++ ) {
				const trivial = await timed( `${ site.url }/wp-json/wp/v2/users/me` );
				await invalidate( ids[ round % ids.length ] );
				const cold = await timed( url );
				const warm = await timed( url );
				if ( cold.cache !== 'miss' || warm.cache !== 'hit' ) {
					throw new Error( `network ${ report }: expected miss then hit, got ${ cold.cache } then ${ warm.cache }` );
				}
				if ( round > 0 ) {
					samples.trivial.push( trivial.ms );
					samples.one.push( cold.ms );
					samples.warm.push( warm.ms );
				}
				answerBytes = warm.bytes;
			}
			// Every site written: each site's own report computed afresh (once: it is the slow case).
			for ( const id of ids ) {
				await invalidate( id );
			}
			const every = await timed( url );
			// What a miss reads and writes back besides the sites it reads: every site's kept part (NetworkReport).
			const partsBytes = await value( `echo '${ MARK }' . array_sum( array_map( static fn( $id ) => strlen( maybe_serialize( get_site_transient( \\RecruitingReports\\Network\\NetworkReport::CACHE_PREFIX . 'part_' . md5( '${ report }|[]' ) . '_' . $id ) ) ), ${ JSON.stringify( ids ) } ) );` );
			const trivial = median( samples.trivial );
			const row = { report, trivial, one: median( samples.one ), every: every.ms, warm: median( samples.warm ), answerBytes, partsBytes };
			log( `network ${ report }: ${ JSON.stringify( row ) }` );
			rows.push( row );
		}
		return [
			`### Network report (issue #29): ${ ids.length } sites × ${ APPLICATIONS.toLocaleString( 'en-US' ) } applications (${ seededRows.toLocaleString( 'en-US' ) } in all, set up in ${ setupSeconds.toFixed( 0 ) } s; 1-minute load average ${ load.toFixed( 2 ) } on ${ os.cpus().length } CPUs)`,
			'',
			`Medians over ${ ROUNDS } rounds (the every-site case once per report); ratios to GET /wp/v2/users/me.`,
			'',
			'| report | trivial ms | cold, one site written: ms | ratio | cold, every site written: ms | ratio | warm ms | warm ratio | answer KB | kept parts KB |',
			'|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
			...rows.map( ( r ) => `| ${ r.report } | ${ r.trivial.toFixed( 1 ) } | ${ r.one.toFixed( 0 ) } | ${ ( r.one / r.trivial ).toFixed( 1 ) }× | ${ r.every.toFixed( 0 ) } | ${ ( r.every / r.trivial ).toFixed( 1 ) }× | ${ r.warm.toFixed( 1 ) } | ${ ( r.warm / r.trivial ).toFixed( 2 ) }× | ${ ( r.answerBytes / 1024 ).toFixed( 0 ) } | ${ ( r.partsBytes / 1024 ).toFixed( 0 ) } |` ),
			'',
		];
	} finally {
		await site.stop();
	}
}

function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted[ Math.floor( ( sorted.length - 1 ) / 2 ) ];
}
