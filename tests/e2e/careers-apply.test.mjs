// The apply form in Chromium (issue #24, step 4), on Twenty Twenty-Four: a visitor lands on the home page with
// ?utm_source=linkedin, browses to the job list and a job, sends the form once without the consent (errors shown,
// focused and announced; axe finds no violation), then applies with a PDF; the application shows in wp-admin with
// source linkedin and its CV downloads for the administrator, and is refused to a visitor, a Subscriber and a guessed
// direct URL. Screenshots of the form with errors and of the thank-you state at 1280 and 360 px.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runPhp } from './lib/api.mjs';
import { BASE_URL, assertAccessible, launch, login, screenshotBoth, watchConsole } from './lib/browser.mjs';

let browser;
let page;
let problems;
let cvPath;

const auth = { Authorization: 'Basic ' + Buffer.from( `${ process.env.RR_ADMIN_USER || 'admin' }:${ process.env.RR_ADMIN_APP_PASSWORD }` ).toString( 'base64' ) };
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

async function rest( method, route, body, headers = auth ) {
	const response = await fetch( `${ BASE_URL }/wp-json${ route }`, { method, headers: { ...headers, 'Content-Type': 'application/json' }, body: body ? JSON.stringify( body ) : undefined } );
	assert.ok( response.ok, `${ method } ${ route }: ${ response.status } ${ await response.clone().text() }` );
	return response.json();
}

before( async () => {
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	await rest( 'POST', '/recruiting/v1/import', {
		jobs: [ { external_id: 'apply-e2e', title: 'Staff Nurse', status: 'publish', description: '<p>Nights on Ward 3.</p>', department: 'Nursing', city: 'Leeds', country: 'GB' } ],
	} );
	// A person takes longer than the default three seconds; the browser may not, and the test must not wait.
	await runPhp( `update_option( 'recruiting_test_apply_min_seconds', '0' ); $GLOBALS['wpdb']->query( 'DELETE FROM ' . RecruitingReports\\Data\\Schema::table( 'rate_limits' ) );` );
	cvPath = path.join( fs.mkdtempSync( path.join( os.tmpdir(), 'rr-cv-' ) ), 'ada-lovelace-cv.pdf' );
	fs.writeFileSync( cvPath, PDF );
	browser = await launch();
	page = await browser.context.newPage();
	problems = watchConsole( page );
} );

// The files after this one read the demo data the runner seeded (test-e2e.mjs): put it back, as careers.test.mjs does.
after( async () => {
	await runPhp( `delete_option( 'recruiting_test_apply_min_seconds' ); delete_option( 'recruiting_test_apply_rate_limit' );` );
	await browser?.close();
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	await runPhp( '$result = \\RecruitingReports\\Seed\\DemoData::seed(); if ( is_wp_error( $result ) ) { throw new Exception( $result->get_error_message() ); }' );
} );

test( 'a visitor from LinkedIn applies: errors first (announced, accessible), then the thank-you state', async () => {
	await page.goto( `${ BASE_URL }/?utm_source=linkedin&utm_medium=social` );
	await page.goto( `${ BASE_URL }/jobs/` );
	await page.getByLabel( 'Department' ).selectOption( 'Nursing' );
	await page.getByRole( 'button', { name: 'Show jobs' } ).click();
	await page.waitForURL( /job_department=Nursing/ );
	await page.getByRole( 'link', { name: 'Staff Nurse' } ).click();
	await page.waitForURL( /\/jobs\/staff-nurse\/$/ );
	// The landing page's source, carried in sessionStorage into the form's hidden field.
	assert.equal( await page.locator( 'input[name="rr_utm_source"]' ).inputValue(), 'linkedin' );
	const posting = JSON.parse( await page.locator( 'script[type="application/ld+json"]' ).textContent() );
	assert.equal( posting.directApply, true );

	await page.getByLabel( 'Name', { exact: true } ).fill( 'Ada Lovelace' );
	await page.getByLabel( 'E-mail', { exact: true } ).fill( 'ada@example' );
	await page.getByLabel( 'CV', { exact: true } ).setInputFiles( cvPath );
	await page.getByLabel( 'Cover letter' ).fill( 'I would like to work nights.' );
	await page.getByRole( 'button', { name: 'Send application' } ).click();
	const summary = page.getByRole( 'alert' );
	await summary.waitFor();
	assert.deepEqual( await summary.getByRole( 'listitem' ).allTextContents(), [ 'Enter an e-mail address like name@example.com.', 'Please agree to the processing of your data, or we cannot consider your application.' ] );
	assert.equal( await page.evaluate( () => document.activeElement?.classList.contains( 'rr-apply__errors' ) ), true, 'the summary has the focus' );
	assert.equal( await page.getByLabel( 'Name', { exact: true } ).inputValue(), 'Ada Lovelace', 'the input is kept' );
	assert.equal( await page.getByLabel( 'Cover letter' ).inputValue(), 'I would like to work nights.' );
	assert.equal( await page.getByLabel( 'E-mail', { exact: true } ).getAttribute( 'aria-invalid' ), 'true' );
	assert.equal( await page.locator( 'input[name="rr_utm_source"]' ).inputValue(), 'linkedin' );
	await assertAccessible( page, '.rr-apply', 'the apply form with errors' );
	const errorsShot = await screenshotBoth( page, 'careers-apply-errors', { element: '.rr-apply' } );
	assert.equal( errorsShot.overflow, 0, 'no horizontal scrolling at 360 px' );

	await page.getByLabel( 'E-mail', { exact: true } ).fill( 'ada@example.com' );
	await page.getByLabel( 'CV', { exact: true } ).setInputFiles( cvPath );
	await page.getByRole( 'checkbox' ).check();
	await page.getByRole( 'button', { name: 'Send application' } ).click();
	await page.waitForURL( /applied=\d+/ );
	assert.match( await page.getByRole( 'status' ).last().textContent(), /Thank you — we have received your application for Staff Nurse/ );
	await assertAccessible( page, '.rr-apply', 'the thank-you state' );
	const thanksShot = await screenshotBoth( page, 'careers-apply-thanks' );
	assert.equal( thanksShot.overflow, 0 );
	// The refused submission's page is a 422 (Chromium logs it); nothing else.
	assert.deepEqual( problems.splice( 0 ), [ `console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity) (${ BASE_URL }/jobs/staff-nurse/)` ] );
} );

test( 'in wp-admin: source linkedin, the CV downloads for the administrator and is refused to everyone else', async () => {
	const [ application ] = await rest( 'GET', '/recruiting/v1/applications?search=ada%40example.com' );
	assert.equal( application.source, 'linkedin' );
	await login( page );
	await page.goto( `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-applications&application=${ application.id }` );
	const link = page.getByRole( 'link', { name: /ada-lovelace-cv\.pdf/ } );
	await link.waitFor();
	assert.match( await page.locator( '.rr-app__facts' ).textContent(), /Source\s*linkedin/ );
	const [ download ] = await Promise.all( [ page.waitForEvent( 'download' ), link.click() ] );
	assert.equal( download.suggestedFilename(), 'ada-lovelace-cv.pdf' );
	assert.equal( fs.readFileSync( await download.path(), 'utf8' ), PDF );

	const url = `${ BASE_URL }/wp-json/recruiting/v1/applications/${ application.id }/cv`;
	assert.equal( ( await fetch( url ) ).status, 401, 'a visitor' );
	const subscriber = JSON.parse( ( await runPhp( `
		$id = username_exists( 'apply-subscriber' ) ?: wp_create_user( 'apply-subscriber', wp_generate_password(), 'apply-subscriber@example.com' );
		( new WP_User( $id ) )->set_role( 'subscriber' );
		list( $password ) = WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'e2e ' . wp_generate_password( 6, false ) ) );
		echo "\\n" . wp_json_encode( array( 'password' => $password ) );
	` ) ).trim().split( '\n' ).pop() );
	const asSubscriber = await fetch( url, { headers: { Authorization: 'Basic ' + Buffer.from( `apply-subscriber:${ subscriber.password }` ).toString( 'base64' ) } } );
	assert.equal( asSubscriber.status, 403, 'a Subscriber' );
	const guessed = await fetch( `${ BASE_URL }/wp-content/uploads/recruiting-reports-private/ada-lovelace-cv.pdf` );
	assert.equal( guessed.status, 404, 'a guessed direct URL' );
	assert.deepEqual( problems, [] );
} );
