// The careers flow on a classic theme (issue #24, Tests): Debian's Twenty Twenty-One (wordpress-theme-twentytwentyone,
// linked into native sites by scripts/lib/site-native.mjs; skipped where it is missing, as on Playground). A
// visitor lands on the home page with ?utm_source=linkedin, opens a page with the Job list block, filters it, opens
// a job — the theme's own single.php, with the details and the form after the content — and applies with a PDF
// (without a reload); the application shows in wp-admin with source linkedin. axe-core finds no violation in the
// list, the job page, the form with errors and the thank-you state; screenshots at 1280 and 360 px.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runPhp } from './lib/api.mjs';
import { BASE_URL, assertAccessible, launch, login, screenshotBoth, watchConsole } from './lib/browser.mjs';
import { PDF, applicationOf, careersSite, restoreDemoData, tempFile, watchNavigations } from './lib/careers.mjs';

const classicTheme = ( await runPhp( "echo wp_get_theme( 'twentytwentyone' )->exists() && ! wp_get_theme( 'twentytwentyone' )->is_block_theme() ? 'yes' : 'no';" ) ).trim().endsWith( 'yes' );
const skip = classicTheme ? false : 'no classic theme on this site (Debian’s wordpress-theme-twentytwentyone on native sites)';

let browser;
let page;
let problems;

before( async () => {
	if ( skip ) return;
	const job = ( id, title, fields ) => ( { external_id: id, title, status: 'publish', description: '<p>Join a friendly team on a rota planned four weeks ahead.</p>', ...fields } );
	await careersSite( [
		job( 'classic-1', 'Staff Nurse', { created_at: '2025-03-01T09:00:00Z', department: 'Nursing', employment_type: 'full_time', city: 'Leeds', country: 'GB', salary: { min: 30000, max: 42000, currency: 'GBP', unit: 'year' } } ),
		job( 'classic-2', 'Kitchen Porter', { created_at: '2025-03-02T09:00:00Z', department: 'Catering', employment_type: 'part_time', city: 'York', country: 'GB' } ),
	] );
	await runPhp( `switch_theme( 'twentytwentyone' );
		wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => 'work-with-us', 'post_title' => 'Work with us', 'post_content' => '<!-- wp:recruiting-reports/job-list /-->' ) );` );
	browser = await launch();
	page = await browser.context.newPage();
	problems = watchConsole( page );
} );

after( async () => {
	if ( skip ) return;
	await browser?.close();
	await runPhp( "switch_theme( 'twentytwentyfour' );" );
	await restoreDemoData();
} );

test( 'Twenty Twenty-One: from LinkedIn through the job list to a job, applied with a PDF', { skip }, async () => {
	await page.goto( `${ BASE_URL }/?utm_source=linkedin` );
	await page.goto( `${ BASE_URL }/work-with-us/` );
	assert.equal( await page.locator( '#twenty-twenty-one-style-css' ).count(), 1, 'the classic theme renders the page' );
	assert.equal( await page.locator( '.rr-job-list__count' ).textContent(), '2 open jobs' );
	await assertAccessible( page, '.rr-job-list', 'the job list on a classic theme' );
	const listShot = await screenshotBoth( page, 'careers-classic-job-list' );
	assert.equal( listShot.overflow, 0, 'no horizontal scrolling at 360 px' );

	await page.getByLabel( 'Department' ).selectOption( 'Nursing' );
	await page.getByRole( 'button', { name: 'Show jobs' } ).click();
	await page.waitForURL( /job_department=Nursing/ );
	assert.deepEqual( await page.locator( '.rr-job-list__title' ).allTextContents(), [ 'Staff Nurse' ] );
	await page.getByRole( 'link', { name: 'Staff Nurse' } ).click();
	await page.waitForURL( /\/jobs\/staff-nurse\/$/ );

	// The theme's single.php: the description, then the details, then the form, inside its entry content.
	const order = await page.locator( '.entry-content' ).evaluate( ( content ) => [ ...content.querySelectorAll( 'p, .recruiting-job-details, .rr-apply' ) ].map( ( element ) => element.className || element.textContent.slice( 0, 20 ) ) );
	assert.deepEqual( [ order[ 0 ], ...order.filter( ( name ) => /recruiting-job-details|^rr-apply$/.test( name ) ) ], [ 'Join a friendly team', 'recruiting-job-details', 'rr-apply' ] );
	assert.match( await page.locator( '.recruiting-job-details' ).textContent(), /Salary\s*30,000–42,000 GBP per year/ );
	assert.equal( await page.locator( 'input[name="rr_utm_source"]' ).inputValue(), 'linkedin' );
	await assertAccessible( page, '.entry-content', 'a job page on a classic theme' );
	const jobShot = await screenshotBoth( page, 'careers-classic-job-page' );
	assert.equal( jobShot.overflow, 0, 'no horizontal scrolling at 360 px' );

	const navigations = await watchNavigations( page );
	await page.getByLabel( 'Name', { exact: true } ).fill( 'Mary Seacole' );
	await page.getByRole( 'button', { name: 'Send application' } ).click();
	await page.getByRole( 'alert' ).waitFor();
	assert.deepEqual( await page.locator( '.rr-apply__errors' ).getByRole( 'listitem' ).allTextContents(), [ 'Enter an e-mail address like name@example.com.', 'Choose your CV (PDF, DOC, DOCX, ODT or RTF).', 'Please agree to the processing of your data, or we cannot consider your application.' ] );
	await assertAccessible( page, '.rr-apply', 'the form with errors on a classic theme' );
	const errorsShot = await screenshotBoth( page, 'careers-classic-apply-errors', { element: '.rr-apply' } );
	assert.equal( errorsShot.overflow, 0 );

	await page.getByLabel( 'E-mail', { exact: true } ).fill( 'mary@example.com' );
	await page.getByLabel( 'CV', { exact: true } ).setInputFiles( tempFile( 'mary-seacole-cv.pdf', PDF ) );
	await page.getByRole( 'checkbox' ).check();
	await page.getByRole( 'button', { name: 'Send application' } ).click();
	await page.getByRole( 'status' ).filter( { hasText: 'Thank you' } ).waitFor();
	await navigations.assertNone( 'while applying' );
	await assertAccessible( page, '.rr-apply', 'the thank-you state on a classic theme' );
	const thanksShot = await screenshotBoth( page, 'careers-classic-apply-thanks' );
	assert.equal( thanksShot.overflow, 0 );
	assert.deepEqual( problems, [] );
} );

test( 'Twenty Twenty-One: the application in wp-admin with source linkedin and its CV', { skip }, async () => {
	const application = await applicationOf( 'mary@example.com' );
	assert.equal( application.source, 'linkedin' );
	await login( page );
	await page.goto( `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-applications&application=${ application.id }` );
	await page.getByRole( 'link', { name: /mary-seacole-cv\.pdf/ } ).waitFor();
	assert.match( await page.locator( '.rr-app__facts' ).textContent(), /Source\s*linkedin/ );
	assert.deepEqual( problems, [] );
} );
