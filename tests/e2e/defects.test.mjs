// The UI defects of issue #17, each as seen in Chromium: every test here failed on the code before
// the fix. Numbers in the test names are the issue's.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	BASE_URL,
	NARROW,
	DESKTOP,
	SLOW,
	assertAccessible,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { adminClient, runPhp } from './lib/api.mjs';

const REPORTS = `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports`;
const DASHBOARD = `${ BASE_URL }/wp-admin/index.php`;

const client = adminClient();

setUpAdminPage();

/** recruiting/v1 report requests the page sends from now on. */
function recordReportRequests() {
	const seen = [];
	const listener = ( request ) => {
		const url = decodeURIComponent( request.url() );
		if ( /recruiting\/v1\/reports\//.test( url ) ) seen.push( url );
	};
	page.on( 'request', listener );
	return { seen, stop: () => page.off( 'request', listener ) };
}

test(
	'2: an HTML error page is not shown as markup; a plain message and Retry instead',
	{ timeout: 120_000 * SLOW },
	async () => {
		await page.goto( `${ REPORTS }&period=last_12_months` );
		await page.locator( '[data-report="rr-overview"] .rr-figures' ).waitFor();
		// What WordPress sends when its database is down and the client asked for JSON (wp_die).
		await page.route( /reports\/overview/, ( route ) =>
			route.fulfill( {
				status: 500,
				contentType: 'application/json',
				body: JSON.stringify( {
					code: 'internal_server_error',
					message:
						'<h1>Error establishing a database connection</h1>',
					data: { status: 500 },
					additional_errors: [],
				} ),
			} )
		);
		await page.getByLabel( 'Period', { exact: true } ).selectOption(
			'last_30_days'
		);
		const error = page.locator( '[data-report="rr-overview"] .rr-error' );
		await error.waitFor();
		const text = await error.innerText();
		assert.match( text, /The server answered with an error \(HTTP 500\)\./ );
		assert.doesNotMatch( text, /<h1>|<\/h1>/ );
		await page.unroute( /reports\/overview/ );
		await error.getByRole( 'button', { name: 'Retry' } ).click();
		await page.locator( '[data-report="rr-overview"] .rr-figures' ).waitFor();
		assertNoConsoleErrors( 'Reports page (provoked 500)', /500/ );
	}
);

test(
	'6: months without hires show "—", not 0.0 days',
	{ timeout: 120_000 * SLOW },
	async () => {
		// A stretch of months with and without hires, found in the demo data through the API.
		const today = new Date().toISOString().slice( 0, 10 );
		const from = `${ Number( today.slice( 0, 4 ) ) - 4 }-01-01`;
		const report = await client.reports.timeToHire( {
			date_from: from,
			date_to: today,
		} );
		const empty = report.trend.find( ( row ) => ! row.hires );
		assert.ok( empty, 'the demo data has a month without hires' );
		await page.goto(
			`${ REPORTS }&period=custom&date_from=${ from }&date_to=${ today }`
		);
		// Time to fill has a trend table of its own further down.
		const table = page.locator(
			'[data-report="rr-time-to-hire"] table[data-chart-table="trend"]'
		);
		// Four years of months make a long table: it is in the page, collapsed (defect 5).
		await table.waitFor( { state: 'attached' } );
		const cells = await table.locator( 'tbody tr' ).evaluateAll( ( rows ) =>
			rows.map( ( row ) => ( {
				month: row.querySelector( 'th' ).textContent,
				days: row.querySelector( 'td' ).textContent,
				value: row.querySelector( 'td' ).getAttribute( 'data-value' ),
			} ) )
		);
		assert.equal( cells.length, report.trend.length );
		report.trend.forEach( ( row, i ) => {
			if ( row.hires ) {
				assert.doesNotMatch( cells[ i ].days, /—/ );
			} else {
				assert.match( cells[ i ].days, /^—/, cells[ i ].month );
				assert.doesNotMatch( cells[ i ].days, /0\.0/ );
				// The API's own value stays in the table for whoever reads data-value.
				assert.equal( Number( cells[ i ].value ), row.average_days );
			}
		} );
		assertNoConsoleErrors( 'Reports page (trend)' );
	}
);

test(
	'7: an unknown job gives one notice "This job no longer exists" with "Show all jobs", and no report its own error',
	{ timeout: 120_000 * SLOW },
	async () => {
		// Every element with a report's error the page ever adds, even one it removes a moment later.
		await page.addInitScript( () => {
			if ( ! window.location.search.includes( 'job_id=99999' ) ) return;
			window.rrErrorsShown = [];
			new MutationObserver( ( records ) => {
				for ( const record of records )
					for ( const node of record.addedNodes )
						if (
							node.nodeType === 1 &&
							( node.matches( '.rr-error' ) ||
								node.querySelector( '.rr-error' ) )
						)
							window.rrErrorsShown.push( node.textContent );
			} ).observe( document, { childList: true, subtree: true } );
		} );
		// Every report's request has been answered (or given up) before the page is judged.
		const settled = new Set();
		let names = null;
		let allSettled;
		const done = new Promise( ( resolve ) => ( allSettled = resolve ) );
		const check = () => {
			if ( names?.every( ( name ) => settled.has( name ) ) ) allSettled();
		};
		const record = ( request ) => {
			const name = /recruiting\/v1\/reports\/([a-z0-9-]+)/.exec(
				decodeURIComponent( request.url() )
			)?.[ 1 ];
			if ( name ) settled.add( name );
			check();
		};
		page.on( 'requestfinished', record );
		page.on( 'requestfailed', record );
		await page.goto( `${ REPORTS }&job_id=99999` );
		const notice = page.locator( '.rr-page .components-notice' );
		await notice.waitFor();
		names = await page.evaluate( () =>
			window.recruitingReports.reports.map( ( report ) => report.name )
		);
		assert.ok( names.includes( 'rejections' ) && names.includes( 'activity' ) );
		check();
		await done;
		page.off( 'requestfinished', record );
		page.off( 'requestfailed', record );
		assert.equal( await notice.count(), 1 );
		assert.match( await notice.innerText(), /This job no longer exists\./ );
		assert.deepEqual( await page.evaluate( () => window.rrErrorsShown ), [] );
		assert.equal(
			await page.getByRole( 'button', { name: 'Retry' } ).count(),
			0
		);
		await notice.getByRole( 'button', { name: 'Show all jobs' } ).click();
		await page.locator( '[data-report="rr-overview"] .rr-figures' ).waitFor();
		assert.doesNotMatch( page.url(), /job_id/ );
		assertNoConsoleErrors( 'Reports page (unknown job)', /404/ );
	}
);

test(
	'8: the widget remembers its period per user and its link carries it',
	{ timeout: 180_000 * SLOW },
	async () => {
		const widget = page.locator( '#recruiting_reports_dashboard' );
		const pick = async ( period ) => {
			const saved = page.waitForResponse(
				( response ) =>
					/wp\/v2\/users\/me/.test(
						decodeURIComponent( response.url() )
					) && response.request().method() !== 'GET',
				{ timeout: 30_000 * SLOW }
			);
			await widget.getByLabel( 'Report period' ).selectOption( period );
			await saved;
		};
		await page.goto( DASHBOARD );
		await widget.locator( '.rr-figures' ).waitFor();
		await pick( 'last_90_days' );

		await page.reload();
		await widget.locator( '.rr-figures' ).waitFor();
		assert.equal(
			await widget.getByLabel( 'Report period' ).inputValue(),
			'last_90_days'
		);
		assert.match(
			await widget.locator( '.hndle' ).innerText(),
			/Recruiting: Last 90 days/
		);
		const link = widget.getByRole( 'link', {
			name: 'Open the Reports page',
		} );
		assert.match( await link.getAttribute( 'href' ), /period=last_90_days/ );
		await link.click();
		await page.locator( '[data-report="rr-overview"] .rr-figures' ).waitFor();
		assert.equal(
			await page.getByLabel( 'Period', { exact: true } ).inputValue(),
			'last_90_days'
		);

		// Back to the default, for the other suites.
		await page.goto( DASHBOARD );
		await widget.locator( '.rr-figures' ).waitFor();
		await pick( 'last_12_months' );
		assertNoConsoleErrors( 'Dashboard (period preference)' );
	}
);

test(
	'9: stepping through periods with the arrow keys asks only for the last one',
	{ timeout: 120_000 * SLOW },
	async () => {
		await page.goto( `${ REPORTS }&period=last_30_days` );
		await page.locator( '[data-report="rr-overview"] .rr-figures' ).waitFor();
		const requests = recordReportRequests();
		const aborted = [];
		const onFailed = ( request ) => {
			if ( /ABORTED/i.test( request.failure()?.errorText ?? '' ) )
				aborted.push( decodeURIComponent( request.url() ) );
		};
		page.on( 'requestfailed', onFailed );
		const select = page.getByLabel( 'Period', { exact: true } );
		await select.focus();
		// Three steps as fast as a held-down arrow key sends them.
		await Promise.all( [
			page.keyboard.press( 'ArrowDown' ),
			page.keyboard.press( 'ArrowDown' ),
			page.keyboard.press( 'ArrowDown' ),
		] );
		// last_30_days → last_90_days → last_12_months → year_to_date.
		assert.equal( await select.inputValue(), 'year_to_date' );
		await page.waitForFunction(
			() =>
				! document.querySelector( '.rr-page [aria-busy="true"]' ) &&
				document.querySelector( '.rr-report-section__period' ),
			null,
			{ timeout: 30_000 * SLOW }
		);
		await page.waitForTimeout( 1000 * SLOW );
		requests.stop();
		page.off( 'requestfailed', onFailed );
		const year = new Date().getFullYear();
		const final = requests.seen.filter( ( url ) =>
			url.includes( `date_from=${ year }-01-01` )
		);
		// One request per report the page shows, for the last period only.
		const reportOf = ( url ) => new URL( url ).pathname.split( '/' ).pop();
		const shown = [ ...new Set( requests.seen.map( reportOf ) ) ].sort();
		assert.deepEqual(
			final.map( reportOf ).sort(),
			shown,
			`report requests: ${ requests.seen }`
		);
		// Anything asked for a period already left was cancelled, not left to land late.
		assert.deepEqual(
			requests.seen.filter( ( url ) => ! final.includes( url ) ),
			aborted,
			'stale requests are aborted'
		);
		assert.ok(
			requests.seen.length < 3 * shown.length,
			'not a request per report and step'
		);
		assertNoConsoleErrors( 'Reports page (arrow keys)' );
	}
);

test(
	'10: periods are written in the site’s date format, as on the front end',
	{ timeout: 120_000 * SLOW },
	async () => {
		const overview = await client.reports.overview( {} );
		const expected = await runPhp( `
			$utc = new DateTimeZone( 'UTC' );
			$format = get_option( 'date_format' );
			echo wp_date( $format, strtotime( '${ overview.period.from } 00:00:00 UTC' ), $utc ) . ' – ' . wp_date( $format, strtotime( '${ overview.period.to } 00:00:00 UTC' ), $utc );
		` );
		await page.goto( `${ REPORTS }&period=last_12_months` );
		const shown = page.locator(
			'[data-report="rr-overview"] .rr-report-section__period'
		);
		await shown.waitFor();
		assert.equal( ( await shown.innerText() ).trim(), expected.trim() );
		assertNoConsoleErrors( 'Reports page (date format)' );
	}
);

test(
	'3: below 782 px the API key cards keep their labels ("Last used", "Expires")',
	{ timeout: 120_000 * SLOW },
	async () => {
		await client.apiKeys.create( {
			name: 'Card labels',
			permissions: [ 'recruiting_read_jobs' ],
		} );
		await page.goto(
			`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-settings#api`
		);
		await page.locator( 'tr', { hasText: 'Card labels' } ).first().waitFor();
		await page.setViewportSize( NARROW );
		// Below 782 px the list is DataViews' list layout, each value after its visible label.
		const row = page.locator( '[role="row"]', { hasText: 'Card labels' } );
		await row.first().waitFor();
		const labels = await row
			.first()
			.locator( '.dataviews-view-list__field-label' )
			.evaluateAll( ( spans ) =>
				spans
					.filter( ( span ) => span.getBoundingClientRect().width > 1 )
					.map( ( span ) => span.textContent.trim() )
			);
		await page.setViewportSize( DESKTOP );
		for ( const label of [ 'Last used', 'Expires' ] ) {
			assert.ok( labels.includes( label ), `"${ label }" in ${ labels }` );
		}
		await assertAccessible( page, '.rr-wrap', 'Settings › API keys' );
		assertNoConsoleErrors( 'Settings (cards)' );
	}
);

test(
	'axe-core: no violation in the plugin’s markup on the dashboard widget and the Reports page',
	{ timeout: 120_000 * SLOW },
	async () => {
		await page.goto( DASHBOARD );
		await page
			.locator( '#recruiting_reports_dashboard .rr-figures' )
			.waitFor();
		await assertAccessible(
			page,
			'#recruiting_reports_dashboard',
			'Dashboard widget'
		);
		await page.goto( REPORTS );
		await page.locator( '[data-report="rr-time-to-hire"] .rr-figures' ).waitFor();
		await assertAccessible( page, '.rr-wrap', 'Reports page' );
		await page.goto( `${ REPORTS }&job_id=99999` );
		// Exactly one notice (a second one is a strict-mode error here).
		await page.locator( '.rr-page .components-notice' ).waitFor();
		await assertAccessible( page, '.rr-wrap', 'Reports page (unknown job)' );
		for ( const tab of [ 'webhooks', 'general' ] ) {
			await page.goto(
				`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-settings#${ tab }`
			);
			await page.locator( '.rr-wrap [role="tabpanel"]' ).waitFor();
			await page.waitForTimeout( 1000 * SLOW );
			await assertAccessible( page, '.rr-wrap', `Settings › ${ tab }` );
		}
		assertNoConsoleErrors( 'axe screens', /404/ );
	}
);
