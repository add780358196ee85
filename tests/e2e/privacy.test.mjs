// WordPress's privacy tools in Chromium (issue #12, docs/api.md#privacy): an export request for a candidate's e-mail address
// through Tools → Export Personal Data, downloaded and its file read (the recruiting groups with the candidate's
// applications, notes and history note); then an erase request through Tools → Erase Personal Data, after which the
// API has nothing left under that address.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { BASE_URL, SLOW, screenshot } from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';

const EMAIL = 'ada.privacy@example.com';
const NS = `${ BASE_URL }/wp-json/recruiting/v1`;
const AUTH =
	'Basic ' +
	Buffer.from(
		`${ process.env.RR_ADMIN_USER || 'admin' }:${ process.env.RR_ADMIN_APP_PASSWORD }`
	).toString( 'base64' );

async function api( method, path, body ) {
	const response = await fetch( `${ NS }${ path }`, {
		method,
		headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify( body ),
	} );
	const json = await response.json();
	assert.ok(
		response.ok,
		`${ method } ${ path }: ${ response.status } ${ JSON.stringify( json ) }`
	);
	return json;
}

/**
 * Submits a request for EMAIL on a privacy tool screen, without a confirmation e-mail (the admin vouches).
 * @param screen
 */
async function requestFor( screen ) {
	await page.goto( `${ BASE_URL }/wp-admin/${ screen }` );
	await page.fill( '#username_or_email_for_privacy_request', EMAIL );
	await page.uncheck( '#send_confirmation_email' );
	await page.click( '#submit' );
	const row = page.locator( 'tbody tr', { hasText: EMAIL } );
	await row.waitFor();
	// The row is parsed before core's privacy-tools.js binds its buttons: a click before
	// then does nothing, and the erase test waited for a result that never came.
	await page.waitForLoadState( 'load' );
	return row;
}

/** The candidate (an application, a status change with a note, a note) and someone else, through the API. */
async function seedCandidate() {
	const imported = await api( 'POST', '/import', {
		jobs: [
			{
				external_id: 'e2e-priv-job',
				title: 'Lighthouse keeper',
				status: 'publish',
				created_at: '2025-01-03T09:00:00Z',
			},
		],
		applications: [
			{
				external_id: 'e2e-priv-1',
				job: 'e2e-priv-job',
				candidate: { name: 'Ada Privacy', email: EMAIL },
				applied_at: '2025-01-05T10:00:00Z',
			},
			{
				external_id: 'e2e-priv-2',
				job: 'e2e-priv-job',
				candidate: { name: 'Someone Else', email: 'else@example.com' },
				applied_at: '2025-01-06T10:00:00Z',
			},
		],
	} );
	const [ app ] = await api(
		'GET',
		`/applications?search=${ encodeURIComponent( EMAIL ) }&job_id=${ imported.jobs.ids[ 'e2e-priv-job' ] }`
	);
	await api( 'PUT', `/applications/${ app.id }/status`, {
		status: 'screening',
		note: 'Called Ada about the lamp rota',
	} );
	await api( 'POST', `/applications/${ app.id }/notes`, {
		content: 'Ada knows Morse code',
	} );
}

setUpAdminPage( {
	prepare: seedCandidate,
	setup: () => page.on( 'dialog', ( dialog ) => dialog.accept() ),
} );

test(
	'Tools → Export Personal Data: the downloaded file holds the candidate’s applications, notes and history',
	{ timeout: 240_000 * SLOW },
	async () => {
		const row = await requestFor( 'export-personal-data.php' );
		const [ download ] = await Promise.all( [
			page.waitForEvent( 'download', { timeout: 120_000 * SLOW } ),
			// The row action (shown on hover) downloads; the "Next steps" button would e-mail a link instead.
			row.hover().then( () =>
				row
					.getByRole( 'button', {
						name: 'Download personal data',
					} )
					.click()
			),
		] );
		const zip = await download.path();
		const json = JSON.parse(
			execFileSync( 'unzip', [ '-p', zip, 'export.json' ], {
				encoding: 'utf8',
			} )
		);
		const text = JSON.stringify( json );
		for ( const expected of [
			'Job applications',
			'Lighthouse keeper',
			'Ada Privacy',
			EMAIL,
			'Called Ada about the lamp rota',
			'Ada knows Morse code',
			'Application status history',
			'Notes about applications',
		] ) {
			assert.ok(
				text.includes( expected ),
				`export.json lacks ${ expected }`
			);
		}
		assert.ok(
			! text.includes( 'else@example.com' ),
			'another candidate in the export'
		);
		const html = execFileSync( 'unzip', [ '-p', zip, 'index.html' ], {
			encoding: 'utf8',
		} );
		assert.match( html, /Ada knows Morse code/ );
		await screenshot( page, 'privacy-export-done', { fullPage: false } );
		assertNoConsoleErrors( 'Tools → Export Personal Data' );
	}
);

test(
	'Tools → Erase Personal Data: the candidate’s applications are gone, the other candidate stays',
	{ timeout: 240_000 * SLOW },
	async () => {
		const row = await requestFor( 'erase-personal-data.php' );
		await row
			.locator( '.column-next_steps' )
			.getByRole( 'button', { name: 'Erase personal data' } )
			.click();
		// The "done" text is in the row from the start, hidden until the erasers have run.
		await row
			.getByText( /Erasure completed/ )
			.waitFor( { state: 'visible', timeout: 120_000 * SLOW } );
		await screenshot( page, 'privacy-erase-done', { fullPage: false } );
		assert.deepEqual(
			await api(
				'GET',
				`/applications?search=${ encodeURIComponent( EMAIL ) }`
			),
			[]
		);
		assert.equal(
			( await api( 'GET', '/applications?search=else%40example.com' ) )
				.length,
			1
		);
		assertNoConsoleErrors( 'Tools → Erase Personal Data' );
	}
);
