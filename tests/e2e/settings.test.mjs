// Recruiting › Settings in Chromium: the API key flow end to end (create in the UI → shown once →
// listed with hint and badges → works for what it may do, 403 for what it may not → revoked in the
// UI → 401), webhooks (add, secret once, send test, delivery log) and general settings; the lists on
// DataViews (table at 1280 px, labelled list at 360 px), the ConfirmDialog flows, where focus goes after
// each dialog (#17 defect 1: every focus test failed on the code before, focus fell to <body>), axe-core
// on every tab, and screenshots with several keys, webhooks and deliveries.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	BASE_URL,
	NARROW,
	SLOW,
	DESKTOP,
	TARGET,
	assertAccessible,
	screenshot,
	screenshotBoth,
} from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { adminClient, keyClient, runPhp } from './lib/api.mjs';

const SETTINGS = `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-settings`;

setUpAdminPage();

/** A list's row (a table row at 1280 px, a DataViews list row at 360 px) holding `text`. */
function listRow( text ) {
	return page.locator( 'tr, [role="row"]', { hasText: text } ).last();
}

/** The text of a table row's cell in the column named `column`. */
function cellText( row, column ) {
	return row.evaluate( ( tr, name ) => {
		const headers = [
			...tr.closest( 'table' ).querySelectorAll( 'thead th' ),
		].map( ( th ) => th.textContent.trim() );
		return tr.children[ headers.indexOf( name ) ]?.textContent.trim();
	}, column );
}

/** What has focus: tag, text, and the text of its row if it is in one. */
function focused() {
	return page.evaluate( () => {
		const element = document.activeElement;
		return {
			tag: element?.tagName.toLowerCase(),
			// <body>'s text is the whole page: not worth printing.
			text:
				element === document.body
					? ''
					: element?.textContent.trim().slice( 0, 200 ),
			row: element?.closest( 'tr, [role="row"]' )?.textContent ?? '',
		};
	} );
}

/**
 * Waits (up to 5 s) until focus is where `expected` says, then asserts it, so a failure names what
 * has focus instead (<body> before #17 defect 1 was fixed).
 */
async function assertFocus( expected, where ) {
	const matches = ( at ) =>
		( ! expected.tag || at.tag === expected.tag ) &&
		at.text === expected.text &&
		( ! expected.row || at.row.includes( expected.row ) );
	let at = await focused();
	for ( let tries = 0; tries < 50 && ! matches( at ); tries++ ) {
		await page.waitForTimeout( 100 );
		at = await focused();
	}
	assert.ok(
		matches( at ),
		`focus after ${ where }: expected ${ JSON.stringify(
			expected
		) }, found ${ JSON.stringify( at ) }`
	);
}

async function openTab( name ) {
	await page.goto( SETTINGS );
	if ( name !== 'API keys' ) {
		await page.getByRole( 'tab', { name } ).click();
	}
	await page.getByRole( 'heading', { name, exact: true } ).waitFor();
}

/** Screenshots of what the viewport shows (an open dialog) at 1280 and at 360 px. */
async function screenshotViewport( name ) {
	await screenshot( page, `${ name }-desktop`, { fullPage: false } );
	await page.setViewportSize( NARROW );
	await screenshot( page, `${ name }-360`, { fullPage: false } );
	await page.setViewportSize( DESKTOP );
}

/**
 * axe-core on the open tab and a screenshot, at 1280 px and then at 360 px (once `narrowReady`, if
 * given, is there: the layout DataViews switches to).
 */
async function checkTabAtBothWidths( shot, where, narrowReady ) {
	await assertAccessible( page, '.rr-wrap', `${ where } (1280 px)` );
	await screenshot( page, `${ shot }-1280` );
	await page.setViewportSize( NARROW );
	await narrowReady?.waitFor();
	await assertAccessible( page, '.rr-wrap', `${ where } (360 px)` );
	await screenshot( page, `${ shot }-360` );
	await page.setViewportSize( DESKTOP );
}

/**
 * Adds a key through the UI and closes the once-shown key; returns the key. `inForm( form )` and
 * `inShown( dialog )` run while the form and the shown key are open (screenshots, assertions).
 */
async function addKeyInUi(
	name,
	{ test: isTest = false, permissions = [ 'Read Jobs' ], inForm, inShown } = {}
) {
	await page.getByRole( 'button', { name: 'Add key' } ).click();
	const form = page.getByRole( 'dialog', { name: 'Add API key' } );
	await form.getByLabel( 'Name', { exact: true } ).fill( name );
	if ( isTest ) {
		await form.getByRole( 'radio', { name: 'Test' } ).check();
	}
	for ( const permission of permissions ) {
		await form.getByRole( 'checkbox', { name: permission } ).check();
	}
	await inForm?.( form );
	await form.getByRole( 'button', { name: 'Create key' } ).click();
	const shown = page.getByRole( 'dialog', { name: 'Your new API key' } );
	await shown.waitFor();
	const key = await shown.locator( '#rr-secret-value' ).inputValue();
	await inShown?.( shown );
	await shown.getByRole( 'button', { name: 'I have copied it' } ).click();
	await shown.waitFor( { state: 'detached' } );
	return key;
}

/** A key that may read jobs, made through the API. */
function createReadJobsKey( name ) {
	return adminClient().apiKeys.create( {
		name,
		permissions: [ 'recruiting_read_jobs' ],
	} );
}

/** Adds Read Applications to the key in `row` (named `name`) through its "Edit permissions" dialog. */
async function addReadApplications( row, name ) {
	await row.getByRole( 'button', { name: /^Edit permissions/ } ).click();
	const edit = page.getByRole( 'dialog', { name: `Edit “${ name }”` } );
	await edit.getByRole( 'checkbox', { name: 'Read Applications' } ).check();
	await edit.getByRole( 'button', { name: 'Save changes' } ).click();
	await edit.waitFor( { state: 'detached' } );
}

/** The confirmation a key's Revoke opens. */
function revokeDialog() {
	return page.getByRole( 'dialog', { name: 'Revoke API key?' } );
}

/** Confirms the open revoke dialog and waits until it is gone. */
async function confirmRevoke() {
	const confirm = revokeDialog();
	await confirm.getByRole( 'button', { name: 'Revoke key' } ).click();
	await confirm.waitFor( { state: 'detached' } );
}

/**
 * Adds a webhook to `url` through the UI (`inForm( form )` runs before it is submitted) and closes
 * the once-shown signing secret; returns the secret.
 */
async function addWebhookInUi( url, inForm ) {
	await page.getByRole( 'button', { name: 'Add webhook' } ).click();
	const form = page.getByRole( 'dialog', { name: 'Add webhook' } );
	await form.getByLabel( 'Payload URL' ).fill( url );
	await inForm?.( form );
	await form.getByRole( 'button', { name: 'Add webhook' } ).click();
	const secret = page.getByRole( 'dialog', {
		name: 'Webhook added: its signing secret',
	} );
	await secret.waitFor();
	const value = await secret.locator( '#rr-secret-value' ).inputValue();
	await secret.getByRole( 'button', { name: 'I have copied it' } ).click();
	await secret.waitFor( { state: 'detached' } );
	return value;
}

/** Saves the General tab with `period` as the Reports page's default and `rate` requests per key. */
async function saveGeneralSettings( period, rate ) {
	await openTab( 'General' );
	await page.getByLabel( 'Reports open with' ).selectOption( period );
	await page.getByLabel( 'Requests per API key per hour' ).fill( rate );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await page.locator( '.components-notice.is-success' ).waitFor();
}

test(
	'API key: created in the UI, shown once, listed, scoped, revoked',
	{ timeout: 240_000 * SLOW },
	async () => {
		await openTab( 'API keys' );
		await page
			.locator( '[data-state="loading"]' )
			.waitFor( { state: 'detached' } );
		await screenshotBoth( page, 'settings-api-keys-empty' );

		const key = await addKeyInUi( 'E2E reporting client', {
			test: true,
			permissions: [ 'Read Jobs', 'Read Applications' ],
			inForm: () => screenshotViewport( 'settings-add-key-dialog' ),
			inShown: async ( shown ) => {
				assert.match(
					await shown.innerText(),
					/It will not be shown again/
				);
				await screenshotViewport( 'settings-key-shown-once' );
			},
		} );
		assert.match( key, /^rp_test_[0-9A-Za-z]{32,}$/ );

		// Listed with its hint and badges; the key itself is nowhere in the page any more, nor after a reload.
		const row = listRow( 'E2E reporting client' );
		await row.waitFor();
		const hint = ( await row.locator( '.rr-hint' ).innerText() ).trim();
		assert.equal( hint, `rp_test_…${ key.slice( -4 ) }` );
		assert.equal(
			( await row.locator( '.rr-badge--test' ).innerText() )
				.trim()
				.toLowerCase(),
			'test'
		);
		assert.deepEqual( await row.locator( '.rr-tag' ).allInnerTexts(), [
			'Read Jobs',
			'Read Applications',
		] );
		assert.match( await row.innerText(), /admin/ );
		assert.match( await row.innerText(), /Active/ );
		assert.ok(
			! ( await page.content() ).includes( key ),
			'the key is gone from the page once the dialog closes'
		);
		await page.reload();
		await row.waitFor();
		assert.ok(
			! ( await page.content() ).includes( key ),
			'the key is not in the page after a reload'
		);
		await screenshotBoth( page, 'settings-api-keys-list' );

		// What the key may and may not do, through the typed client from Node.
		const client = keyClient( key );
		const overview = await client.reports.overview( {} );
		assert.equal( typeof overview.applications.total, 'number' );
		await assert.rejects(
			client.jobs.create( { title: 'Not allowed' } ),
			( error ) => {
				assert.equal( error.status, 403 );
				assert.equal( error.code, 'insufficient_permissions' );
				return true;
			}
		);

		// The list now shows when it was last used.
		await page.reload();
		await row.waitFor();
		assert.doesNotMatch( await cellText( row, 'Last used' ), /Never/ );
		assert.equal( await cellText( row, 'Expires' ), 'Never' );

		// Revoke in the UI, with confirmation.
		await row.getByRole( 'button', { name: /^Revoke/ } ).click();
		assert.match(
			await revokeDialog().innerText(),
			new RegExp( hint.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) )
		);
		await screenshot( page, 'settings-revoke-dialog-desktop', {
			fullPage: false,
		} );
		await confirmRevoke();
		await listRow( 'E2E reporting client' )
			.locator( '.rr-status--revoked' )
			.waitFor();
		await assert.rejects( client.reports.overview( {} ), ( error ) => {
			assert.equal( error.status, 401 );
			assert.equal( error.code, 'invalid_api_key' );
			return true;
		} );
		await screenshotBoth( page, 'settings-api-keys-revoked' );
		assertNoConsoleErrors( 'the API keys screen' );
	}
);

test(
	'webhooks: add with events, secret once, send test, delivery log',
	{ timeout: 180_000 * SLOW },
	async () => {
		await openTab( 'Webhooks' );
		// The site's environment type is "local", so a loopback receiver is allowed (docs/api.md#resources).
		const value = await addWebhookInUi(
			`${ BASE_URL }/e2e-webhook-receiver`,
			async ( form ) => {
				await form
					.getByRole( 'checkbox', { name: 'job.deleted' } )
					.uncheck();
				await screenshot( page, 'settings-add-webhook-dialog-desktop', {
					fullPage: false,
				} );
			}
		);
		assert.ok( value.length >= 16, 'a signing secret is shown' );

		const hook = listRow( '/e2e-webhook-receiver' );
		await hook.waitFor();
		assert.match( await hook.innerText(), /application\.status_changed/ );
		assert.doesNotMatch( await hook.innerText(), /job\.deleted/ );
		assert.ok(
			! ( await page.content() ).includes( value ),
			'the secret is gone once the dialog closes'
		);
		await hook.getByRole( 'button', { name: 'Send test' } ).click();
		await page
			.getByText( /Test event queued/ )
			.first()
			.waitFor();
		const log = page.getByRole( 'region', {
			name: `Deliveries to ${ BASE_URL }/e2e-webhook-receiver`,
		} );
		await log.locator( 'table' ).waitFor();
		assert.match( await log.innerText(), /webhook\.test/ );
		await screenshotBoth( page, 'settings-webhooks' );
		assertNoConsoleErrors( 'the webhooks screen' );
	}
);

test(
	'general settings: saved and used by the Reports page',
	{ timeout: 120_000 * SLOW },
	async () => {
		await saveGeneralSettings( 'last_90_days', '500' );
		await screenshotBoth( page, 'settings-general' );
		// The tab is in the URL (#general): a reload opens it again.
		await page.reload();
		assert.equal(
			await page
				.getByLabel( 'Requests per API key per hour' )
				.inputValue(),
			'500'
		);

		await page.goto(
			`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports`
		);
		assert.equal(
			await page
				.getByRole( 'combobox', { name: 'Period', exact: true } )
				.inputValue(),
			'last_90_days'
		);
		// Back to the defaults.
		await saveGeneralSettings( 'last_12_months', '1000' );
		assertNoConsoleErrors( 'the general settings' );
	}
);

test(
	'#17 defect 1: after "I have copied it", focus is on "Add key"',
	{ timeout: 120_000 * SLOW },
	async () => {
		await openTab( 'API keys' );
		await addKeyInUi( 'Focus check' );
		await assertFocus(
			{ tag: 'button', text: 'Add key' },
			'"I have copied it"'
		);
		assertNoConsoleErrors( 'focus after the new key' );
	}
);

test(
	'#17 defect 1: after saving a key’s permissions, focus is on the row’s button',
	{ timeout: 120_000 * SLOW },
	async () => {
		await createReadJobsKey( 'Focus edit' );
		await openTab( 'API keys' );
		const row = listRow( 'Focus edit' );
		await addReadApplications( row, 'Focus edit' );
		await assertFocus(
			{ tag: 'button', text: 'Edit permissions', row: 'Focus edit' },
			'saving permissions'
		);
		assert.deepEqual( await row.locator( '.rr-tag' ).allInnerTexts(), [
			'Read Jobs',
			'Read Applications',
		] );
		assertNoConsoleErrors( 'focus after editing a key' );
	}
);

test(
	'#17 defect 1: after revoking a key (ConfirmDialog), focus is on the list heading',
	{ timeout: 120_000 * SLOW },
	async () => {
		await createReadJobsKey( 'Focus revoke' );
		await openTab( 'API keys' );
		const row = listRow( 'Focus revoke' );
		await row.getByRole( 'button', { name: /^Revoke/ } ).click();
		await confirmRevoke();
		await assertFocus( { tag: 'h2', text: 'API keys' }, 'revoking' );
		await row.locator( '.rr-status--revoked' ).waitFor();
		assertNoConsoleErrors( 'focus after revoking a key' );
	}
);

test(
	'#17 defect 1 at 360 px: the list layout, actions in the row menu, focus back on that menu',
	{ timeout: 180_000 * SLOW },
	async () => {
		await createReadJobsKey( 'Narrow focus' );
		await page.setViewportSize( NARROW );
		try {
			await openTab( 'API keys' );
			const row = listRow( 'Narrow focus' );
			await row.waitFor();
			// DataViews' list layout, each value with its visible label (#17 defect 3).
			assert.equal(
				await page
					.locator( '.rr-settings-list .dataviews-view-list' )
					.count(),
				1
			);
			const labels = await row
				.locator( '.dataviews-view-list__field-label' )
				.evaluateAll( ( spans ) =>
					spans
						.filter(
							( span ) => span.getBoundingClientRect().width > 1
						)
						.map( ( span ) => span.textContent.trim() )
				);
			for ( const label of [
				'Last used',
				'Expires',
				'Owner',
				'Status',
			] ) {
				assert.ok(
					labels.includes( label ),
					`"${ label }" shown in ${ labels }`
				);
			}
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - window.innerWidth
			);
			assert.ok(
				overflow <= 0,
				`the page overflows by ${ overflow } px`
			);

			// The list shows the first action as a button, the others in the row's menu.
			await addReadApplications( row, 'Narrow focus' );
			await assertFocus(
				{
					tag: 'button',
					text: 'Edit permissions',
					row: 'Narrow focus',
				},
				'saving permissions at 360 px'
			);

			await row.getByRole( 'button', { name: 'Actions' } ).click();
			await page.getByRole( 'menuitem', { name: 'Revoke' } ).click();
			await revokeDialog().waitFor();
			await page.waitForTimeout( 400 ); // The modal's opening animation.
			await screenshot( page, 'settings-revoke-confirm-360', {
				fullPage: false,
			} );
			await confirmRevoke();
			await listRow( 'Narrow focus' )
				.locator( '.rr-status--revoked' )
				.waitFor();
			await assertFocus(
				{ tag: 'h2', text: 'API keys' },
				'revoking at 360 px'
			);
		} finally {
			await page.setViewportSize( DESKTOP );
		}
		assertNoConsoleErrors( 'the API keys at 360 px' );
	}
);

test(
	'#17 defect 1 for webhooks: after the signing secret, focus is on "Add webhook"',
	{ timeout: 120_000 * SLOW },
	async () => {
		await openTab( 'Webhooks' );
		await addWebhookInUi( `${ BASE_URL }/e2e-focus-receiver` );
		await assertFocus(
			{ tag: 'button', text: 'Add webhook' },
			'"I have copied it" (webhook)'
		);
		assertNoConsoleErrors( 'focus after the new webhook' );
	}
);

test(
	'#17 defect 1 for webhooks: after deleting (ConfirmDialog, Escape cancels), focus is on the list heading',
	{ timeout: 120_000 * SLOW },
	async () => {
		await adminClient().webhooks.create( {
			url: `${ BASE_URL }/e2e-delete-receiver`,
			events: [ 'job.created' ],
		} );
		await openTab( 'Webhooks' );
		const row = listRow( '/e2e-delete-receiver' );
		await row.getByRole( 'button', { name: 'Delete' } ).click();
		const confirm = page.getByRole( 'dialog', { name: 'Delete webhook?' } );
		assert.match( await confirm.innerText(), /e2e-delete-receiver/ );
		await page.keyboard.press( 'Escape' );
		await confirm.waitFor( { state: 'detached' } );
		await assertFocus(
			{ tag: 'button', text: 'Delete', row: '/e2e-delete-receiver' },
			'cancelling the deletion'
		);
		await row.getByRole( 'button', { name: 'Delete' } ).click();
		await confirm.getByRole( 'button', { name: 'Delete webhook' } ).click();
		await confirm.waitFor( { state: 'detached' } );
		await row.waitFor( { state: 'detached' } );
		await assertFocus( { tag: 'h2', text: 'Webhooks' }, 'deleting' );
		assertNoConsoleErrors( 'focus after deleting a webhook' );
	}
);

test(
	'lists on DataViews with several keys, webhooks and deliveries; axe-core on every tab; screenshots',
	{ timeout: 300_000 * SLOW },
	async () => {
		const client = adminClient();
		const inAMonth = new Date( Date.now() + 30 * 86400_000 )
			.toISOString()
			.replace( /\.\d+Z$/, '+00:00' );
		for ( const [ name, environment, permissions, expires ] of [
			[
				'Careers site',
				'live',
				[ 'recruiting_read_jobs', 'recruiting_write_applications' ],
				null,
			],
			[
				'BI dashboard (staging)',
				'test',
				[ 'recruiting_read_jobs', 'recruiting_read_applications' ],
				inAMonth,
			],
			[
				'HR system sync',
				'live',
				[
					'recruiting_read_jobs',
					'recruiting_write_jobs',
					'recruiting_read_applications',
					'recruiting_write_applications',
				],
				inAMonth,
			],
			[ 'Old importer', 'live', [ 'recruiting_manage_settings' ], null ],
		] ) {
			const key = await client.apiKeys.create( {
				name,
				environment,
				permissions,
				expires_at: expires,
			} );
			if ( name === 'Careers site' ) {
				await keyClient( key.key ).jobs.list( {} );
			}
			if ( name === 'Old importer' ) {
				await client.apiKeys.revoke( key.id );
			}
		}
		const hooks = [];
		for ( const [ url, events ] of [
			// wp-login.php answers a POST with 200: a delivered delivery.
			[
				`${ BASE_URL }/wp-login.php`,
				[ 'application.created', 'application.status_changed' ],
			],
			// No page there: 404, a failed attempt with a next try.
			[
				`${ BASE_URL }/e2e-missing-receiver/with/a/rather/long/path?source=recruiting-reports`,
				[
					'job.created',
					'job.updated',
					'job.deleted',
					'application.created',
					'application.status_changed',
					'application.deleted',
				],
			],
		] ) {
			hooks.push( await client.webhooks.create( { url, events } ) );
		}
		for ( const hook of hooks ) {
			await client.webhooks.test( hook.id );
			await client.webhooks.test( hook.id );
		}
		await runPhp(
			"do_action( 'recruiting_reports_deliver_webhooks' ); echo 'ok';"
		);
		await client.webhooks.test( hooks[ 0 ].id );

		// API keys: a table at 1280 px, the labelled list at 360 px.
		await openTab( 'API keys' );
		await listRow( 'HR system sync' ).waitFor();
		assert.equal(
			await page
				.locator( '.rr-settings-list .dataviews-view-table' )
				.count(),
			1
		);
		assert.match(
			await cellText( listRow( 'Careers site' ), 'Last used' ),
			/\d/
		);
		await checkTabAtBothWidths(
			'settings-api-keys',
			'Settings › API keys',
			page.locator( '.rr-settings-list .dataviews-view-list' )
		);

		// The revoke confirmation, checked by axe too.
		await listRow( 'HR system sync' )
			.getByRole( 'button', { name: 'Revoke' } )
			.click();
		const confirm = revokeDialog();
		await confirm.waitFor();
		// Core's ConfirmDialog: the plugin's class is on its modal.
		assert.equal(
			await page.locator( '.rr-confirm[role="dialog"]' ).count(),
			1
		);
		await assertAccessible(
			page,
			'.rr-confirm',
			'the revoke ConfirmDialog'
		);
		await page.waitForTimeout( 400 ); // The modal's opening animation.
		await screenshot( page, 'settings-revoke-confirm-1280', {
			fullPage: false,
		} );
		await confirm.getByRole( 'button', { name: 'Cancel' } ).click();
		await confirm.waitFor( { state: 'detached' } );

		// Webhooks with the delivery log of the first one open.
		await openTab( 'Webhooks' );
		const row = listRow( '/wp-login.php' );
		await row.getByRole( 'button', { name: 'Deliveries' } ).click();
		const log = page.getByRole( 'region', {
			name: `Deliveries to ${ BASE_URL }/wp-login.php`,
		} );
		await log.locator( '.dataviews-view-table' ).waitFor();
		await assertFocus(
			{ tag: 'h3', text: `Deliveries to ${ BASE_URL }/wp-login.php` },
			'opening the delivery log'
		);
		assert.match( await log.innerText(), /Delivered/ );
		await checkTabAtBothWidths(
			'settings-webhooks',
			'Settings › Webhooks',
			log.locator( '.dataviews-view-list' )
		);
		// The failing receiver's log: a 404 with the next try.
		await listRow( '/e2e-missing-receiver' )
			.getByRole( 'button', { name: 'Deliveries' } )
			.click();
		const failing = page.getByRole( 'region', {
			name: /e2e-missing-receiver/,
		} );
		await failing.locator( '.dataviews-view-table' ).waitFor();
		// Natively WordPress answers the missing page with 404; Playground's server answers 200.
		if ( TARGET === 'native' ) {
			assert.match( await failing.innerText(), /404/ );
			assert.match( await failing.innerText(), /next try/ );
		} else {
			assert.match( await failing.innerText(), /webhook\.test/ );
		}
		await screenshot( page, 'settings-webhooks-failing-1280' );

		await openTab( 'General' );
		await page.getByLabel( 'Requests per API key per hour' ).waitFor();
		await checkTabAtBothWidths( 'settings-general', 'Settings › General' );
		assertNoConsoleErrors( 'the Settings tabs with data' );
	}
);

test(
	'E-mails: a template edited, kept after a reload and reset to its default; a failed e-mail in the log with its error, sent again; axe-core; screenshots',
	{ timeout: 180_000 * SLOW },
	async () => {
		// A failed notification, as six failed attempts leave it.
		await runPhp( `$id = RecruitingReports\\Mail\\Outbox::queue( array( 'kind' => 'application_notification', 'dedupe_key' => 'e2e-failed', 'recipients' => array( 'hiring@example.com' ), 'subject' => 'New application for Staff Nurse: Ada Lovelace', 'html' => '<p>x</p>', 'text' => 'x' ) );
			global $wpdb; $wpdb->update( RecruitingReports\\Data\\Schema::table( 'mail_outbox' ), array( 'status' => 'failed', 'attempts' => 6, 'next_attempt_at' => null, 'last_error' => 'SMTP Error: Could not connect to SMTP host.' ), array( 'id' => $id ) ); echo 'ok';` );
		await openTab( 'E-mails' );
		const subject = page.getByLabel( 'Subject' ).first();
		assert.equal( await subject.inputValue(), 'We received your application: {job_title}' );
		await subject.fill( 'Thank you, {candidate_name}' );
		await page.getByLabel( 'Notify when a job has no contact e-mail' ).fill( 'team@example.com\nhr@example.com' );
		await page.getByRole( 'button', { name: 'Save e-mail settings' } ).click();
		await page.locator( '.components-notice.is-success' ).waitFor();

		await page.reload();
		await page.getByRole( 'heading', { name: 'E-mails', exact: true } ).waitFor();
		assert.equal( await page.getByLabel( 'Subject' ).first().inputValue(), 'Thank you, {candidate_name}' );
		assert.equal( await page.getByLabel( 'Notify when a job has no contact e-mail' ).inputValue(), 'team@example.com\nhr@example.com' );
		const log = page.getByRole( 'region', { name: 'Latest e-mails' } );
		const row = log.locator( 'tr', { hasText: 'New application for Staff Nurse: Ada Lovelace' } );
		await row.waitFor();
		assert.match( await row.innerText(), /Failed[\s\S]*6 of 6[\s\S]*SMTP Error: Could not connect to SMTP host\./ );
		await checkTabAtBothWidths( 'settings-mail', 'Settings › E-mails' );

		await row.getByRole( 'button', { name: 'Send again' } ).click();
		await row.getByText( 'Waiting' ).waitFor();
		await page.getByRole( 'button', { name: 'Reset to default' } ).first().click();
		await page.locator( '.components-notice.is-success', { hasText: 'The default text is back.' } ).waitFor();
		assert.equal( await page.getByLabel( 'Subject' ).first().inputValue(), 'We received your application: {job_title}' );
		await runPhp( `$s = get_option( 'recruiting_reports_settings' ); $s['mail_notify_to'] = array(); update_option( 'recruiting_reports_settings', $s ); global $wpdb; $wpdb->query( 'DELETE FROM ' . RecruitingReports\\Data\\Schema::table( 'mail_outbox' ) ); echo 'ok';` );
		assertNoConsoleErrors( 'the E-mails tab' );
	}
);
