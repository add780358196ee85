// First figures without a REST round trip (docs/targets.md#targets): the dashboard widget and the Reports page
// render their first reports from data the page carries (rest_preload_api_request + api-fetch's
// preloading middleware). Asserts that no recruiting/v1 request leaves the browser before the
// first figures are shown, and lists the requests each page makes. Time to first figures is
// printed (median of three loads) for the record; it is never asserted (see `npm run bench`).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, SLOW, TARGET } from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';

setUpAdminPage( {
	// The moment the first figure value is in the DOM, in ms since navigation start.
	ready: () =>
		page.addInitScript( () => {
			new MutationObserver( ( _records, observer ) => {
				if ( document.querySelector( '.rr-figure__value' ) ) {
					window.rrFirstFigures = performance.now();
					observer.disconnect();
				}
			} ).observe( document, { childList: true, subtree: true } );
		} ),
} );

/** recruiting/v1 requests, pretty (/wp-json/…) or plain (?rest_route=…) permalinks. */
function recruitingPath( url ) {
	const parsed = new URL( url );
	const route =
		parsed.searchParams.get( 'rest_route' ) ??
		parsed.pathname.replace( /^.*\/wp-json/, '' );
	for ( const key of [ 'rest_route', '_locale' ] ) {
		parsed.searchParams.delete( key );
	}
	const query = parsed.searchParams.toString();
	return route.startsWith( '/recruiting/v1' )
		? `${ route }${ query ? `?${ query }` : '' }`
		: null;
}

async function load( url, root ) {
	const requests = [];
	const onRequest = ( request ) => {
		const route = recruitingPath( request.url() );
		if ( route ) {
			requests.push( { route, at: Date.now() } );
		}
	};
	page.on( 'request', onRequest );
	await page.goto( url );
	await page.locator( `${ root } .rr-figure__value` ).first().waitFor();
	const shownAt = Date.now();
	const { firstFigures, domReady } = await page.evaluate( () => ( {
		firstFigures: window.rrFirstFigures,
		domReady:
			performance.getEntriesByType( 'navigation' )[ 0 ]
				?.domContentLoadedEventEnd ?? 0,
	} ) );
	// Give anything the page still starts after its first figures time to show up in the list.
	await page.waitForTimeout( 1000 * SLOW );
	page.off( 'request', onRequest );
	return {
		firstFigures: Math.round( firstFigures ),
		domReady: Math.round( domReady ),
		before: requests.filter( ( r ) => r.at <= shownAt ).map( ( r ) => r.route ),
		all: requests.map( ( r ) => r.route ),
	};
}

function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted[ Math.floor( sorted.length / 2 ) ];
}

for ( const [ name, path, root ] of [
	[ 'dashboard widget', '/wp-admin/index.php', '#recruiting_reports_dashboard' ],
	[
		'Reports page',
		'/wp-admin/admin.php?page=recruiting-reports',
		'.rr-page',
	],
	[
		'Reports page with a comparison',
		'/wp-admin/admin.php?page=recruiting-reports&period=last_90_days&compare=previous_year',
		'.rr-page',
	],
] ) {
	test(
		`${ name }: first figures come from the page, no REST round trip`,
		{ timeout: 240_000 * SLOW },
		async () => {
			const runs = [];
			for ( let i = 0; i < 3; i++ ) {
				runs.push( await load( `${ BASE_URL }${ path }`, root ) );
			}
			const ms = median( runs.map( ( run ) => run.firstFigures ) );
			const dom = median( runs.map( ( run ) => run.domReady ) );
			console.log(
				`[first-figures] ${ TARGET } ${ name }: ${ ms } ms after navigation start, DOMContentLoaded at ${ dom } ms (runs: ${ runs
					.map( ( run ) => run.firstFigures )
					.join( ', ' ) }); recruiting/v1 requests: ${
					runs[ 0 ].all.length
				} ${ JSON.stringify( runs[ 0 ].all ) }`
			);
			for ( const run of runs ) {
				assert.deepEqual(
					run.before,
					[],
					`${ name }: REST requests before the first figures`
				);
			}
			assertNoConsoleErrors( name );
		}
	);
}
