// Recruiting › Settings in Chromium: the API key flow end to end (create in the UI → shown once →
// listed with hint and badges → works for what it may do, 403 for what it may not → revoked in the
// UI → 401), webhooks (add, secret once, send test, delivery log) and general settings.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
	BASE_URL,
	NARROW,
	SLOW,
	DESKTOP,
	launch,
	login,
	screenshot,
	screenshotBoth,
	watchConsole,
} from './lib/browser.mjs';
import { keyClient } from './lib/api.mjs';

let browser;
let page;
let errors;
const SETTINGS = `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-settings`;

before( async () => {
	browser = await launch();
	page = await browser.context.newPage();
	errors = watchConsole( page );
	await login( page );
} );

after( async () => {
	await browser?.close();
} );

function assertNoConsoleErrors( where ) {
	assert.deepEqual( errors, [], `console errors on ${ where }` );
	errors.length = 0;
}

test(
	'API key: created in the UI, shown once, listed, scoped, revoked',
	{ timeout: 240_000 * SLOW },
	async () => {
		await page.goto( SETTINGS );
		await page.getByRole( 'heading', { name: 'API keys' } ).waitFor();
		await page
			.locator( '[data-state="loading"]' )
			.waitFor( { state: 'detached' } );
		await screenshotBoth( page, 'settings-api-keys-empty' );

		await page.getByRole( 'button', { name: 'Add key' } ).click();
		const form = page.getByRole( 'dialog', { name: 'Add API key' } );
		await form
			.getByLabel( 'Name', { exact: true } )
			.fill( 'E2E reporting client' );
		await form.getByRole( 'radio', { name: 'Test' } ).check();
		await form.getByRole( 'checkbox', { name: 'Read Jobs' } ).check();
		await form
			.getByRole( 'checkbox', { name: 'Read Applications' } )
			.check();
		await screenshot( page, 'settings-add-key-dialog-desktop', {
			fullPage: false,
		} );
		await page.setViewportSize( NARROW );
		await screenshot( page, 'settings-add-key-dialog-360', {
			fullPage: false,
		} );
		await page.setViewportSize( DESKTOP );
		await form.getByRole( 'button', { name: 'Create key' } ).click();

		const shown = page.getByRole( 'dialog', { name: 'Your new API key' } );
		await shown.waitFor();
		const key = await shown.locator( '#rr-secret-value' ).inputValue();
		assert.match( key, /^rp_test_[0-9A-Za-z]{32,}$/ );
		assert.match( await shown.innerText(), /It will not be shown again/ );
		await screenshot( page, 'settings-key-shown-once-desktop', {
			fullPage: false,
		} );
		await page.setViewportSize( NARROW );
		await screenshot( page, 'settings-key-shown-once-360', {
			fullPage: false,
		} );
		await page.setViewportSize( DESKTOP );
		await shown.getByRole( 'button', { name: 'I have copied it' } ).click();
		await shown.waitFor( { state: 'detached' } );

		// Listed with its hint and badges; the key itself is nowhere in the page any more, nor after a reload.
		const row = page.locator( 'tr', { hasText: 'E2E reporting client' } );
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
		assert.doesNotMatch(
			await row.locator( 'td[data-colname="Last used"]' ).innerText(),
			/Never/
		);

		// Revoke in the UI, with confirmation.
		await row.getByRole( 'button', { name: /^Revoke/ } ).click();
		const confirm = page.getByRole( 'dialog', { name: 'Revoke API key?' } );
		assert.match(
			await confirm.innerText(),
			new RegExp( hint.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) )
		);
		await screenshot( page, 'settings-revoke-dialog-desktop', {
			fullPage: false,
		} );
		await confirm.getByRole( 'button', { name: 'Revoke key' } ).click();
		await confirm.waitFor( { state: 'detached' } );
		await page
			.locator( 'tr', { hasText: 'E2E reporting client' } )
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
		await page.goto( SETTINGS );
		await page.getByRole( 'tab', { name: 'Webhooks' } ).click();
		await page.getByRole( 'heading', { name: 'Webhooks' } ).waitFor();
		await page.getByRole( 'button', { name: 'Add webhook' } ).click();
		const form = page.getByRole( 'dialog', { name: 'Add webhook' } );
		// The site's environment type is "local", so a loopback receiver is allowed (SPEC §5).
		await form
			.getByLabel( 'Payload URL' )
			.fill( `${ BASE_URL }/e2e-webhook-receiver` );
		await form.getByRole( 'checkbox', { name: 'job.deleted' } ).uncheck();
		await screenshot( page, 'settings-add-webhook-dialog-desktop', {
			fullPage: false,
		} );
		await form.getByRole( 'button', { name: 'Add webhook' } ).click();
		const secret = page.getByRole( 'dialog', {
			name: 'Webhook added: its signing secret',
		} );
		await secret.waitFor();
		const value = await secret.locator( '#rr-secret-value' ).inputValue();
		assert.ok( value.length >= 16, 'a signing secret is shown' );
		await secret
			.getByRole( 'button', { name: 'I have copied it' } )
			.click();

		const hook = page.locator( '.rr-webhook', {
			hasText: '/e2e-webhook-receiver',
		} );
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
		const log = hook.locator( '.rr-deliveries table' );
		await log.waitFor();
		assert.match( await log.innerText(), /webhook\.test/ );
		await screenshotBoth( page, 'settings-webhooks' );
		assertNoConsoleErrors( 'the webhooks screen' );
	}
);

test(
	'general settings: saved and used by the Reports page',
	{ timeout: 120_000 * SLOW },
	async () => {
		await page.goto( SETTINGS );
		await page.getByRole( 'tab', { name: 'General' } ).click();
		const rate = page.getByLabel( 'Requests per API key per hour' );
		await rate.waitFor();
		await rate.fill( '500' );
		await page
			.getByLabel( 'Reports open with' )
			.selectOption( 'last_90_days' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await page.locator( '.components-notice.is-success' ).waitFor();
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
		await page.goto( SETTINGS );
		await page.getByRole( 'tab', { name: 'General' } ).click();
		await page
			.getByLabel( 'Reports open with' )
			.selectOption( 'last_12_months' );
		await page.getByLabel( 'Requests per API key per hour' ).fill( '1000' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await page.locator( '.components-notice.is-success' ).waitFor();
		assertNoConsoleErrors( 'the general settings' );
	}
);
