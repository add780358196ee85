#!/usr/bin/env node
// Measures the Applications page at scale on the native stack (docs/ui.md: it must work at 100,000 applications):
//
//   node scripts/measure-applications.mjs [--applications=100000] [--runs=5] [--port=9741]
//
// Boots a native site (PHP 8.2 + MariaDB) with the bench mu-plugin (dev/ seeder), bulk-seeds the applications,
// then in Chromium (logged in as the admin) loads Recruiting › Applications cold `runs` times — unfiltered, filtered
// by status + applied period + job, and a candidate search — and reports the median time from navigation start to
// the first row in the table ("time to first rows"), with when the page's DOM was ready (wp-admin and the scripts)
// and when the list's GET /applications answer arrived, next to the server time of the GET /applications request the
// page makes (median of 20, over HTTP with an application password). Prints one JSON line per measurement.

import path from 'node:path';
import { startNativeSite } from './lib/site-native.mjs';
import { freePort } from './lib/site-common.mjs';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';

const arg = ( name, fallback ) => {
	const found = process.argv.find( ( a ) => a.startsWith( `--${ name }=` ) );
	return found ? found.slice( name.length + 3 ) : fallback;
};
const COUNT = Number( arg( 'applications', 100000 ) );
const RUNS = Number( arg( 'runs', 5 ) );
const port =
	Number( arg( 'port', process.env.RR_PORT || 0 ) ) || ( await freePort() );

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = sorted.length >> 1;
	return sorted.length % 2
		? sorted[ mid ]
		: ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
};

process.env.RR_BASE_URL ||= `http://127.0.0.1:${ port }`;
const site = await startNativeSite( {
	port,
	muPluginsDir: path.join( REPO_ROOT, 'scripts/bench/mu-plugins' ),
} );
process.env.RR_BASE_URL = site.url;
// The browser helpers read RR_BASE_URL when imported, so they load after the site is up.
const { launch, login } = await import( '../tests/e2e/lib/browser.mjs' );
let browser;
try {
	const seeded = await site.runPhp(
		`echo wp_json_encode( \\RecruitingReports\\Dev\\BenchmarkData::seed( ${ COUNT }, 1, null ) );`
	);
	console.log(
		JSON.stringify( {
			seeded: JSON.parse( seeded.slice( seeded.indexOf( '{' ) ) ),
		} )
	);
	const job = Number(
		(
			await site.runPhp(
				'global $wpdb; echo (int) $wpdb->get_var( "SELECT job_id FROM {$wpdb->prefix}recruiting_applications GROUP BY job_id ORDER BY COUNT(*) DESC LIMIT 1" );'
			)
		).trim()
	);
	const year = new Date().getUTCFullYear() - 1;
	const cases = {
		unfiltered: { page: '', api: {} },
		filtered: {
			page: `&status=interview,offer&job_id=${ job }&applied_from=${ year }-01-01&applied_to=${ year }-12-31`,
			api: {
				status: 'interview,offer',
				job_id: job,
				applied_after: `${ year }-01-01T00:00:00Z`,
				applied_before: `${ year + 1 }-01-01T00:00:00Z`,
			},
		},
		search: { page: '&s=lovelace', api: { search: 'lovelace' } },
	};
	const auth = {
		Authorization:
			'Basic ' +
			Buffer.from( `${ site.adminUser }:${ site.appPassword }` ).toString(
				'base64'
			),
	};
	browser = await launch();
	const page = await browser.context.newPage();
	await login( page, site.adminUser, site.adminPassword );
	for ( const [ name, { page: query, api } ] of Object.entries( cases ) ) {
		const url = new URL(
			`${ site.url }/wp-json/recruiting/v1/applications`
		);
		for ( const [ key, value ] of Object.entries( {
			per_page: 20,
			...api,
		} ) ) {
			url.searchParams.set( key, String( value ) );
		}
		const server = [];
		let total = 0;
		for ( let i = 0; i < 21; i++ ) {
			const started = process.hrtime.bigint();
			const response = await fetch( url, { headers: auth } );
			await response.arrayBuffer();
			total = Number( response.headers.get( 'x-wp-total' ) );
			if ( i > 0 ) {
				server.push(
					Number( process.hrtime.bigint() - started ) / 1e6
				);
			}
		}
		const firstRows = [];
		const domReady = [];
		const listAnswered = [];
		for ( let i = 0; i <= RUNS; i++ ) {
			await page.goto( 'about:blank' );
			await page.goto(
				`${ site.url }/wp-admin/admin.php?page=recruiting-reports-applications${ query }`,
				{ waitUntil: 'commit' }
			);
			await page
				.locator( '.dataviews-view-table tbody tr' )
				.first()
				.waitFor( { timeout: 60000 } );
			const ms = await page.evaluate( () => ( {
				rows: performance.now(),
				dom: performance.getEntriesByType( 'navigation' )[ 0 ]
					.domContentLoadedEventEnd,
				list: Math.max(
					...performance
						.getEntriesByType( 'resource' )
						.filter( ( entry ) =>
							entry.name.includes( 'recruiting/v1/applications' )
						)
						.map( ( entry ) => entry.responseEnd )
				),
			} ) );
			if ( i > 0 ) {
				// The first load warms opcache and the browser cache.
				firstRows.push( ms.rows );
				domReady.push( ms.dom );
				listAnswered.push( ms.list );
			}
		}
		console.log(
			JSON.stringify( {
				case: name,
				applications: COUNT,
				matching: total,
				time_to_first_rows_ms: Math.round( median( firstRows ) ),
				dom_content_loaded_ms: Math.round( median( domReady ) ),
				list_response_end_ms: Math.round( median( listAnswered ) ),
				get_applications_ms: Math.round( median( server ) * 10 ) / 10,
			} )
		);
	}
} finally {
	await browser?.close();
	await site.stop();
}
