// The apply form in Chromium (issue #24, step 4), on Twenty Twenty-Four. With JavaScript: a visitor lands on the
// home page with ?utm_source=linkedin, browses to the job list and a job; the form checks fields inline (nothing
// sent while they are wrong), the server's refusal of a file that only looks like a PDF comes back on its field,
// announced and accessible, without a reload; then the application is sent without a reload and exists through the
// API. Without JavaScript the same form is a plain POST: errors on a new page, then the thank-you page. In wp-admin
// the application shows source linkedin and its CV downloads for the administrator, and is refused to a visitor, a
// Subscriber and a guessed direct URL. Screenshots of the form with errors and of the thank-you state at 1280 and
// 360 px.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { runPhp } from './lib/api.mjs';
import { BASE_URL, assertAccessible, launch, login, screenshotBoth, watchConsole } from './lib/browser.mjs';
import { PDF, applicationOf, careersSite, rest, restoreDemoData, tempFile, watchNavigations } from './lib/careers.mjs';

let browser;
let page;
let problems;
let cvPath;

before( async () => {
	await careersSite( [ { external_id: 'apply-e2e', title: 'Staff Nurse', status: 'publish', description: '<p>Nights on Ward 3.</p>', department: 'Nursing', city: 'Leeds', country: 'GB' } ] );
	cvPath = tempFile( 'ada-lovelace-cv.pdf', PDF );
	browser = await launch();
	page = await browser.context.newPage();
	problems = watchConsole( page );
} );

after( async () => {
	await browser?.close();
	await restoreDemoData();
} );

/** The messages of the form's error summary. */
const summaryItems = () => page.locator( '.rr-apply__errors' ).getByRole( 'listitem' ).allTextContents();

test( 'with JavaScript: checked inline, the server’s refusal shown per field, sent without a reload', async () => {
	await page.goto( `${ BASE_URL }/?utm_source=linkedin&utm_medium=social` );
	await page.goto( `${ BASE_URL }/jobs/` );
	await page.getByLabel( 'Department' ).selectOption( 'Nursing' );
	await page.getByRole( 'button', { name: 'Show jobs' } ).click();
	await page.waitForURL( /job_department=Nursing/ );
	await page.getByRole( 'link', { name: 'Staff Nurse' } ).click();
	await page.waitForURL( /\/jobs\/staff-nurse\/$/ );
	// The landing page's source, carried in sessionStorage into the form's hidden field.
	assert.equal( await page.locator( 'input[name="rr_utm_source"]' ).inputValue(), 'linkedin' );
	const navigations = await watchNavigations( page );
	const posts = [];
	// The careers funnel's beacons (form_start, job_view) are not the form's.
	page.on( 'request', ( request ) => request.method() === 'POST' && ! request.url().includes( '/careers/beacon' ) && posts.push( request.url() ) );

	// Sent empty: every rule's message, from the browser, nothing sent.
	await page.getByRole( 'button', { name: 'Send application' } ).click();
	await page.getByRole( 'alert' ).waitFor();
	assert.deepEqual( await summaryItems(), [ 'Enter your name.', 'Enter an e-mail address like name@example.com.', 'Choose your CV (PDF, DOC, DOCX, ODT or RTF).', 'Please agree to the processing of your data, or we cannot consider your application.' ] );
	assert.equal( await page.evaluate( () => document.activeElement?.classList.contains( 'rr-apply__errors' ) ), true, 'the summary has the focus' );
	assert.deepEqual( posts, [], 'nothing is sent while a field is wrong' );

	// Each field is checked as it is corrected and left.
	const email = page.getByLabel( 'E-mail', { exact: true } );
	await page.getByLabel( 'Name', { exact: true } ).fill( 'Ada Lovelace' );
	await email.fill( 'ada@example' );
	await email.blur();
	assert.equal( await email.getAttribute( 'aria-invalid' ), 'true' );
	assert.equal( await page.locator( `#${ await email.getAttribute( 'aria-describedby' ) }` ).textContent(), 'Enter an e-mail address like name@example.com.' );
	await email.fill( 'ada@example.com' );
	assert.equal( await email.getAttribute( 'aria-invalid' ), null, 'cleared as it is corrected' );
	assert.equal( await page.getByLabel( 'Name', { exact: true } ).getAttribute( 'aria-invalid' ), null );
	await page.getByLabel( 'Cover letter' ).fill( 'I would like to work nights.' );
	await page.getByRole( 'checkbox' ).check();

	// A file named .pdf that is none: only the server can tell (from its content); its answer lands on the field.
	await page.getByLabel( 'CV', { exact: true } ).setInputFiles( tempFile( 'cv.pdf', '<?php echo "x";' ) );
	await page.getByRole( 'button', { name: 'Send application' } ).click();
	await page.locator( '#' + ( await page.getByLabel( 'CV', { exact: true } ).getAttribute( 'id' ) ) + '-error' ).waitFor();
	assert.deepEqual( await summaryItems(), [ 'The CV must be a PDF, DOC, DOCX, ODT or RTF document. This file is none of them.' ] );
	assert.equal( await page.evaluate( () => document.activeElement?.classList.contains( 'rr-apply__errors' ) ), true, 'the summary has the focus' );
	assert.equal( await page.getByLabel( 'CV', { exact: true } ).getAttribute( 'aria-invalid' ), 'true' );
	assert.equal( posts.length, 1 );
	assert.equal( await page.getByLabel( 'Name', { exact: true } ).inputValue(), 'Ada Lovelace', 'the input is kept' );
	assert.equal( await page.getByLabel( 'Cover letter' ).inputValue(), 'I would like to work nights.' );
	assert.equal( await page.getByRole( 'checkbox' ).isChecked(), true );
	await assertAccessible( page, '.rr-apply', 'the apply form with errors' );
	const errorsShot = await screenshotBoth( page, 'careers-apply-errors', { element: '.rr-apply' } );
	assert.equal( errorsShot.overflow, 0, 'no horizontal scrolling at 360 px' );

	await page.getByLabel( 'CV', { exact: true } ).setInputFiles( cvPath );
	await page.getByRole( 'button', { name: 'Send application' } ).click();
	const thanks = page.getByRole( 'status' ).filter( { hasText: 'Thank you' } );
	await thanks.waitFor();
	assert.equal( await thanks.textContent(), 'Thank you — we have received your application for Staff Nurse and will be in touch.' );
	assert.equal( await page.evaluate( () => document.activeElement?.id ), await page.locator( '.rr-apply' ).getAttribute( 'id' ), 'the focus moves to the confirmation' );
	await navigations.assertNone( 'while applying' );
	assert.equal( posts.length, 2 );
	await assertAccessible( page, '.rr-apply', 'the thank-you state' );
	const thanksShot = await screenshotBoth( page, 'careers-apply-thanks' );
	assert.equal( thanksShot.overflow, 0 );

	const application = await rest( 'GET', `/recruiting/v1/applications/${ ( await applicationOf( 'ada@example.com' ) ).id }` );
	assert.equal( application.source, 'linkedin' );
	assert.equal( application.candidate.name, 'Ada Lovelace' );
	assert.deepEqual( application.cv, { name: 'ada-lovelace-cv.pdf', type: 'application/pdf', size: PDF.length } );
	// The refused submission's answer is a 422 (Chromium logs it); nothing else.
	assert.deepEqual( problems.splice( 0 ), [ `console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity) (${ BASE_URL }/jobs/staff-nurse/)` ] );
} );

test( 'without JavaScript: the plain POST, errors on the returned page, then the thank-you page', async () => {
	const plain = await launch( { javaScriptEnabled: false } );
	try {
		const noScript = await plain.context.newPage();
		// Without a script nothing carries the landing page's source: the job page's own query string does.
		await noScript.goto( `${ BASE_URL }/jobs/staff-nurse/?utm_source=indeed` );
		await noScript.getByLabel( 'Name', { exact: true } ).fill( 'Grace Hopper' );
		await noScript.getByLabel( 'E-mail', { exact: true } ).fill( 'grace@example' );
		await noScript.getByLabel( 'CV', { exact: true } ).setInputFiles( cvPath );
		await Promise.all( [ noScript.waitForNavigation(), noScript.getByRole( 'button', { name: 'Send application' } ).click() ] );
		assert.deepEqual( await noScript.locator( '.rr-apply__errors' ).getByRole( 'listitem' ).allTextContents(), [ 'Enter an e-mail address like name@example.com.', 'Please agree to the processing of your data, or we cannot consider your application.' ] );
		assert.equal( await noScript.getByLabel( 'Name', { exact: true } ).inputValue(), 'Grace Hopper', 'the input is kept' );
		await noScript.getByLabel( 'E-mail', { exact: true } ).fill( 'grace@example.com' );
		await noScript.getByLabel( 'CV', { exact: true } ).setInputFiles( cvPath );
		await noScript.getByRole( 'checkbox' ).check();
		await noScript.getByRole( 'button', { name: 'Send application' } ).click();
		await noScript.waitForURL( /applied=\d+/ );
		assert.match( await noScript.locator( '.rr-apply__thanks' ).textContent(), /Thank you — we have received your application for Staff Nurse/ );
	} finally {
		await plain.close();
	}
	assert.equal( ( await applicationOf( 'grace@example.com' ) ).source, 'indeed' );
} );

test( 'in wp-admin: source linkedin, the CV downloads for the administrator and is refused to everyone else', async () => {
	const application = await applicationOf( 'ada@example.com' );
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
