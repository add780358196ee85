// The dashboard widget's comparison, the empty-site guidance (widget and Reports page), and the
// Plugins screen (Settings link, the one-time notice after activation), in Chromium. Issues #14,
// #15 and #17 (defect 12). Screens are saved at 1280 and 360 px.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	BASE_URL,
	SLOW,
	assertAccessible,
	figureValue,
	screenshotBoth,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { adminClient, runPhp } from './lib/api.mjs';

const DASHBOARD = `${ BASE_URL }/wp-admin/index.php`;
const REPORTS = `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports`;
const PLUGINS = `${ BASE_URL }/wp-admin/plugins.php`;
const WIDGET = '#recruiting_reports_dashboard';

const client = adminClient();

setUpAdminPage();

/** recruiting/v1 requests the page sends from now on. */
function recordRestRequests() {
	const seen = [];
	const listener = ( request ) => {
		const url = decodeURIComponent( request.url() );
		if ( /recruiting\/v1\//.test( url ) ) {
			seen.push( url );
		}
	};
	page.on( 'request', listener );
	return { seen, stop: () => page.off( 'request', listener ) };
}

/**
 * Picks a widget preference and waits until core/preferences has saved it (user meta).
 * @param label
 * @param value
 */
async function pickInWidget( label, value ) {
	const saved = page.waitForResponse(
		( response ) =>
			/wp\/v2\/users\/me/.test( decodeURIComponent( response.url() ) ) &&
			response.request().method() !== 'GET'
	);
	await page.locator( WIDGET ).getByLabel( label ).selectOption( value );
	await saved;
}

function expectedDirection( current, previous ) {
	if ( ! previous ) {
		return 'none';
	}
	if ( current === previous ) {
		return 'same';
	}
	return current > previous ? 'up' : 'down';
}

test(
	'widget: the comparison picker shows each period figure’s change, is remembered, preloaded and carried to the Reports page',
	{ timeout: 240_000 * SLOW },
	async () => {
		const widget = page.locator( WIDGET );
		await page.goto( DASHBOARD );
		await widget.locator( '.rr-figures' ).waitFor();
		assert.equal(
			await widget.getByLabel( 'Compare with' ).inputValue(),
			''
		);
		assert.equal( await widget.locator( '[data-change]' ).count(), 0 );

		await pickInWidget( 'Compare with', 'previous_period' );
		await widget
			.locator( '[data-figure="new_applications"] [data-change]' )
			.waitFor();

		// The same query as the widget's: the period it names (its default, unless this user picked another).
		const [ from, to ] = (
			await widget
				.locator( '.rr-widget__period' )
				.getAttribute( 'data-period' )
		).split( '/' );
		const query = { from, to, compare: 'previous_period' };
		const [ overview, funnel ] = await Promise.all( [
			client.reports.overview( query ),
			client.reports.funnel( query ),
		] );
		const change = ( id ) =>
			widget
				.locator( `[data-figure="${ id }"] [data-change]` )
				.getAttribute( 'data-change' );
		assert.equal(
			await change( 'new_applications' ),
			expectedDirection(
				overview.applications.new_this_period,
				overview.comparison.applications.new_this_period
			),
			`new applications ${ from }/${ to }: the API says ${ overview.applications.new_this_period } against ${ overview.comparison.applications.new_this_period }; the widget shows ${ await widget
				.locator( '[data-figure="new_applications"]' )
				.innerText() }`
		);
		assert.equal(
			await change( 'offer_acceptance_rate' ),
			expectedDirection(
				funnel.offer_acceptance_rate,
				funnel.comparison.offer_acceptance_rate
			)
		);
		// Figures "as of now" are the same in both periods: no change shown.
		for ( const id of [ 'active_jobs', 'open_jobs' ] ) {
			assert.equal(
				await widget
					.locator( `[data-figure="${ id }"] [data-change]` )
					.count(),
				0,
				`${ id } has no change`
			);
		}
		assert.match(
			await widget.locator( '.rr-widget__compared' ).innerText(),
			/^compared with /
		);
		// Open jobs come from the time-to-fill report.
		const timeToFill = await client.reports.timeToFill();
		assert.equal(
			await figureValue( widget, 'open_jobs' ),
			timeToFill.open_jobs.count
		);

		await assertAccessible( page, WIDGET, 'Dashboard widget (comparison)' );
		await screenshotBoth( page, 'widget-compare', { element: WIDGET } );

		// Remembered per user, and preloaded: no recruiting/v1 request before the figures.
		const requests = recordRestRequests();
		await page.reload();
		await widget.locator( '[data-change]' ).first().waitFor();
		requests.stop();
		assert.deepEqual(
			requests.seen,
			[],
			'requests before the compared figures'
		);
		assert.equal(
			await widget.getByLabel( 'Compare with' ).inputValue(),
			'previous_period'
		);

		// The pipeline toggle is a ToggleGroupControl (radio buttons).
		await widget.getByRole( 'radio', { name: 'Conversion' } ).click();
		assert.equal(
			await widget
				.getByRole( 'radio', { name: 'Conversion' } )
				.isChecked(),
			true
		);
		await widget
			.locator( 'table[data-chart-table="conversion"]' )
			.waitFor( { state: 'attached' } );

		const link = widget.getByRole( 'link', {
			name: 'Open the Reports page',
		} );
		assert.match(
			await link.getAttribute( 'href' ),
			/compare=previous_period/
		);
		await link.click();
		await page
			.locator( '[data-report="rr-overview"] [data-change]' )
			.first()
			.waitFor();
		assert.equal(
			await page
				.locator( '.rr-filters' )
				.getByLabel( 'Compare with' )
				.inputValue(),
			'previous_period'
		);

		// Back to no comparison, for the other suites.
		await page.goto( DASHBOARD );
		await widget.locator( '.rr-figures' ).waitFor();
		await pickInWidget( 'Compare with', '' );
		assertNoConsoleErrors( 'the dashboard (comparison)' );
	}
);

test(
	'empty site: the widget and the Reports page explain how applications get in, with links',
	{ timeout: 240_000 * SLOW },
	async () => {
		// No application and no job, as on a fresh site (API keys and settings stay).
		await runPhp( `
			global $wpdb;
			foreach ( array( 'applications', 'status_history', 'notes', 'ratings', 'report_buckets', 'report_hire_days', 'report_statuses', 'report_sources' ) as $name ) {
				$wpdb->query( 'DELETE FROM ' . \\RecruitingReports\\Data\\Schema::table( $name ) );
			}
			foreach ( get_posts( array( 'post_type' => 'recruiting_job', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) as $id ) {
				wp_delete_post( $id, true );
			}
			\\RecruitingReports\\Domain\\Events::data_changed();
		` );
		try {
			await page.goto( DASHBOARD );
			const widget = page.locator( WIDGET );
			const guidance = widget.locator( '[data-state="empty-site"]' );
			await guidance.waitFor();
			assert.equal( await widget.locator( '.rr-figures' ).count(), 0 );
			const text = await guidance.innerText();
			for ( const expected of [
				'No applications yet',
				'POST /wp-json/recruiting/v1/applications',
				'POST /wp-json/recruiting/v1/import',
				'With an API key',
			] ) {
				assert.ok(
					text.includes( expected ),
					`widget guidance says "${ expected }"`
				);
			}
			assert.match(
				await guidance
					.getByRole( 'link', { name: 'Settings › API keys' } )
					.getAttribute( 'href' ),
				/page=recruiting-reports-settings#rr-api-keys-title$/
			);
			// The API description link works for the signed-in user.
			const openapi = await guidance
				.getByRole( 'link', { name: /The API’s description/ } )
				.getAttribute( 'href' );
			const described = await page.request.get( openapi );
			assert.equal( described.status(), 200 );
			assert.match( ( await described.json() ).openapi, /^3\.1/ );
			await assertAccessible(
				page,
				WIDGET,
				'Dashboard widget (empty site)'
			);
			await screenshotBoth( page, 'empty-widget', { element: WIDGET } );

			await page.goto( REPORTS );
			const reportsGuidance = page.locator(
				'.rr-page [data-state="empty-site"]'
			);
			await reportsGuidance.waitFor();
			assert.equal(
				await page.locator( '.rr-report-section' ).count(),
				0
			);
			assert.equal( await page.locator( '.rr-figures' ).count(), 0 );
			await assertAccessible(
				page,
				'.rr-wrap',
				'Reports page (empty site)'
			);
			await screenshotBoth( page, 'empty-reports' );

			// The key link leads to the Settings page's API keys.
			await reportsGuidance
				.getByRole( 'link', { name: 'Settings › API keys' } )
				.click();
			await page.locator( '#rr-api-keys-title' ).waitFor();
			assertNoConsoleErrors( 'the empty site' );
		} finally {
			const seeded = await runPhp(
				"$r = \\RecruitingReports\\Seed\\DemoData::seed(); echo is_wp_error( $r ) ? 'ERROR ' . $r->get_error_message() : 'ok';"
			);
			assert.match( seeded.trim(), /ok$/, 'demo data back' );
		}
	}
);

/** The plugin's row on the Plugins screen. */
const pluginRow = () =>
	page
		.locator( 'tr[data-plugin$="/plugin.php"]', {
			hasText: 'Recruiting Reports',
		} )
		.first();

/** Deactivates and activates the plugin through the Plugins screen, as an admin does. */
async function reactivate() {
	await page.goto( PLUGINS );
	await Promise.all( [
		page.waitForURL( /deactivate=true/ ),
		pluginRow()
			.getByRole( 'link', { name: /^Deactivate/ } )
			.click(),
	] );
	await Promise.all( [
		page.waitForURL( /activate=true/ ),
		pluginRow()
			.getByRole( 'link', { name: /^Activate/ } )
			.click(),
	] );
}

test(
	'Plugins screen: a Settings link, and after activation one notice pointing to Recruiting › Reports, shown once',
	{ timeout: 240_000 * SLOW },
	async () => {
		await page.goto( PLUGINS );
		const actions = pluginRow().locator( '.row-actions > span' );
		assert.equal(
			await actions.first().getAttribute( 'class' ),
			'settings'
		);
		const settings = pluginRow().getByRole( 'link', {
			name: 'Settings',
			exact: true,
		} );
		assert.match(
			await settings.getAttribute( 'href' ),
			/\/wp-admin\/admin\.php\?page=recruiting-reports-settings$/
		);
		assert.equal(
			await page.locator( '#recruiting-reports-activated' ).count(),
			0
		);

		await reactivate();
		const notice = page.locator( '#recruiting-reports-activated' );
		await notice.waitFor();
		assert.match(
			await notice.innerText(),
			/Recruiting Reports is active/
		);
		assert.match(
			await notice
				.getByRole( 'link', { name: 'Recruiting › Reports' } )
				.getAttribute( 'href' ),
			/\/wp-admin\/admin\.php\?page=recruiting-reports$/
		);
		await assertAccessible(
			page,
			'#recruiting-reports-activated',
			'activation notice'
		);
		await screenshotBoth( page, 'activation-notice' );

		// Once: neither the same screen again nor another page shows it.
		await page.reload();
		await pluginRow().waitFor();
		assert.equal( await notice.count(), 0, 'not on the next load' );
		await page.goto( DASHBOARD );
		await page.locator( `${ WIDGET } .rr-figures` ).waitFor();
		assert.equal( await notice.count(), 0, 'not on the dashboard' );

		// Dismissible: the close button hides it (and it stays gone).
		await reactivate();
		await notice.waitFor();
		await notice
			.getByRole( 'button', { name: 'Dismiss this notice.' } )
			.click();
		await notice.waitFor( { state: 'detached' } );
		await page.reload();
		await pluginRow().waitFor();
		assert.equal( await notice.count(), 0 );

		await settings.click();
		await page.locator( '#rr-api-keys-title' ).waitFor();
		assertNoConsoleErrors( 'the Plugins screen' );
	}
);
