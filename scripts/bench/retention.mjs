#!/usr/bin/env node
// The retention run at 100,000 applications (issue #23) on the native stack (PHP 8.2 CLI with OPcache + MariaDB):
// bulk-seeds BENCH_RETENTION_TOTAL applications with Dev\BenchmarkData::seed (the seeder `npm run bench` uses),
// turns on a rule for every final status and for untouched open applications, counts them (a dry run), then times
// the run itself (Privacy\Retention::run, the work of the daily cron and `wp recruiting retention run`) and a second
// run that finds nothing left. With BENCH_RETENTION_BUDGET (seconds) the run is the cron's instead: within that
// time budget per part, each continuation run at once in a request of its own (WP-Cron would wait a minute).
//
//   node scripts/bench/retention.mjs        (RR_PORT, default 9761; BENCH_RETENTION_TOTAL, default 100000;
//                                            BENCH_RETENTION_BUDGET, default none: the WP-CLI run)

import path from 'node:path';
import { REPO_ROOT } from '../lib/wordpress-dist.mjs';

const TOTAL = Number( process.env.BENCH_RETENTION_TOTAL ?? 100000 );
const BUDGET = process.env.BENCH_RETENTION_BUDGET ? Number( process.env.BENCH_RETENTION_BUDGET ) : null;
const MARK = '@@RR-BENCH@@';
const RULES = { hired: [ 'anonymise', 24 ], rejected: [ 'anonymise', 6 ], withdrawn: [ 'delete', 6 ], open: [ 'anonymise', 12 ] };

process.env.PHP_INI_SCAN_DIR = `:${ path.join( REPO_ROOT, 'scripts/bench/php-ini' ) }`;
const { startNativeSite } = await import( '../lib/site-native.mjs' );

const site = await startNativeSite( { port: Number( process.env.RR_PORT ?? 9761 ), muPluginsDir: path.join( REPO_ROOT, 'scripts/bench/mu-plugins' ) } );
const value = async ( expression ) => {
	const out = await site.runPhp( `echo '${ MARK }' . wp_json_encode( ${ expression } );` );
	return JSON.parse( out.slice( out.lastIndexOf( MARK ) + MARK.length ).trim() );
};
try {
	const now = Math.floor( Date.now() / 1000 );
	const seeded = await value( `\\RecruitingReports\\Dev\\BenchmarkData::seed( ${ TOTAL }, 1, ${ now } )` );
	console.log( `seeded ${ seeded.applications } applications (${ seeded.history_rows } history rows) in ${ seeded.seconds } s` );
	const rules = Object.fromEntries( Object.entries( RULES ).map( ( [ name, [ action, months ] ] ) => [ name, { action, months } ] ) );
	await value( `\\RecruitingReports\\Privacy\\RetentionRules::update( json_decode( '${ JSON.stringify( rules ) }', true ) )` );
	const dry = await value( `\\RecruitingReports\\Privacy\\Retention::run( true, ${ now }, 'cli' )` );
	let run;
	if ( BUDGET === null ) {
		run = await value( `\\RecruitingReports\\Privacy\\Retention::run( false, ${ now }, 'cli' )` );
	} else {
		const parts = [];
		run = await value( `\\RecruitingReports\\Privacy\\Retention::run( false, ${ now }, 'cron', ${ BUDGET } )` );
		parts.push( run.seconds );
		while ( run.continued && parts.length < 100 ) {
			run = await value( `( function () { add_filter( 'recruiting_reports_retention_seconds', fn() => ${ BUDGET } ); return \\RecruitingReports\\Privacy\\Retention::continue_run(); } )()` );
			parts.push( Math.round( ( run.seconds - parts.reduce( ( sum, seconds ) => sum + seconds, 0 ) ) * 10 ) / 10 );
		}
		console.log( `cron run within ${ BUDGET } s a part: ${ run.parts } parts of ${ parts.join( ', ' ) } s` );
	}
	const again = await value( `\\RecruitingReports\\Privacy\\Retention::run( false, ${ now }, 'cli' )` );
	const counts = ( entry ) => Object.entries( entry.rules ).map( ( [ name, rule ] ) => `${ name } ${ rule.action } ${ rule.applications }` ).join( ', ' );
	console.log( `dry run: ${ counts( dry ) } in ${ dry.seconds } s` );
	console.log( `retention run at ${ TOTAL } applications: ${ counts( run ) }, ${ run.failed } failed, in ${ run.seconds } s` );
	console.log( `second run (nothing left): ${ counts( again ) } in ${ again.seconds } s` );
} finally {
	await site.stop();
}
