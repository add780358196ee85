// Issue #26 in Chromium: the application view asks for the reason of a rejection (required by the setting: the button
// waits for it) and shows it in the timeline; the Applications list filtered to stale candidates, waiting longest
// first, reached from the dashboard widget's count; Settings › Pipeline. Screenshots at 1280 and 360 px.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, SLOW, TARGET, screenshotBoth } from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { adminClient } from './lib/api.mjs';

const LIST = `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-applications`;
const NATIVE_ONLY = {
	skip: TARGET === 'playground' ? 'native only' : false,
	timeout: 240_000,
};

const client = adminClient();

setUpAdminPage();

test(
	'the application view asks for the reason of a rejection and shows it in the timeline',
	NATIVE_ONLY,
	async () => {
		const target = (
			await client.applications.list( {
				status: [ 'screening' ],
				per_page: 1,
			} )
		).items[ 0 ];
		await client.settings.update( { reason_required: true } );
		try {
			await page.goto( `${ LIST }&application=${ target.id }` );
			const view = page.locator( `[data-application="${ target.id }"]` );
			await view.waitFor();
			await page.getByLabel( 'New status' ).selectOption( 'rejected' );
			const reason = page.getByLabel( 'Reason', { exact: true } );
			const offered = await reason
				.locator( 'option' )
				.evaluateAll( ( options ) =>
					options.map( ( o ) => o.value ).filter( Boolean )
				);
			const settings = await client.settings.get();
			assert.deepEqual(
				offered,
				settings.rejection_reasons
					.filter( ( r ) => ! r.retired )
					.map( ( r ) => r.id )
			);
			const submit = page.getByRole( 'button', {
				name: 'Change status',
			} );
			assert.equal(
				await submit.isDisabled(),
				true,
				'a required reason holds the button back'
			);
			await reason.selectOption( 'salary' );
			await submit.click();
			await view
				.locator( '.components-notice__content', {
					hasText: 'Status changed to Rejected.',
				} )
				.waitFor();
			await view
				.getByTestId( 'current-reason' )
				.filter( { hasText: 'Salary expectations' } )
				.waitFor();
			await page
				.locator( '.rr-timeline__reason', {
					hasText: 'Reason: Salary expectations',
				} )
				.waitFor();
			const changed = await client.applications.get( target.id );
			assert.deepEqual( changed.history.at( -1 ).reason, {
				id: 'salary',
				label: 'Salary expectations',
			} );
			await screenshotBoth( page, 'application-reason', {
				element: `[data-application="${ target.id }"]`,
			} );
			assertNoConsoleErrors( 'the application view' );
		} finally {
			await client.settings.update( { reason_required: false } );
			await client.applications
				.setStatus( target.id, { status: 'screening' } )
				.catch( () => {} );
		}
	}
);

test(
	'the widget counts the stale candidates and links to the list filtered to them, waiting longest first',
	NATIVE_ONLY,
	async () => {
		const stale = await client.applications.list( {
			stale: true,
			orderby: 'status_since',
			order: 'asc',
			per_page: 100,
		} );
		assert.ok(
			stale.total > 0,
			"the demo data has candidates waiting past their stage's days"
		);
		await page.goto( `${ BASE_URL }/wp-admin/index.php` );
		const link = page.getByTestId( 'widget-stale' );
		await link.waitFor( { timeout: 30_000 * SLOW } );
		assert.equal(
			await link.innerText(),
			`${ stale.total.toLocaleString( 'en-US' ) } stale candidate${ stale.total === 1 ? '' : 's' }`
		);
		await Promise.all( [ page.waitForURL( /stale=true/ ), link.click() ] );
		const count = page.locator(
			'.rr-apps__count[data-total]:not([data-total=""])'
		);
		await count.waitFor( { timeout: 30_000 * SLOW } );
		assert.equal(
			Number( await count.getAttribute( 'data-total' ) ),
			stale.total
		);
		// The first page is the list's, in the API's order, and every row is marked stale.
		const names = await page
			.locator( '.rr-apps__candidate a' )
			.allInnerTexts();
		assert.deepEqual(
			names,
			stale.items
				.slice( 0, names.length )
				.map( ( a ) => a.candidate.name )
		);
		assert.equal(
			await page.locator( '.rr-apps__days .rr-stale' ).count(),
			names.length
		);
		await screenshotBoth( page, 'applications-stale', {
			element: '.rr-apps',
		} );
		assertNoConsoleErrors( 'the stale list' );
	}
);

test(
	'Settings › Pipeline lists the reasons and the days per stage',
	NATIVE_ONLY,
	async () => {
		await page.goto(
			`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-settings#pipeline`
		);
		const section = page.locator( '[aria-labelledby="rr-pipeline-title"]' );
		await section.waitFor();
		await section.locator( 'input[value="Salary expectations"]' ).waitFor();
		assert.equal(
			await section.getByLabel( 'Screening' ).inputValue(),
			'7'
		);
		await screenshotBoth( page, 'settings-pipeline', {
			element: '[aria-labelledby="rr-pipeline-title"]',
		} );
		assertNoConsoleErrors( 'Settings › Pipeline' );
	}
);
