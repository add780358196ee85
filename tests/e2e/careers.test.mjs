// The careers pages as a visitor sees them in Chromium (issue #24, steps 1–3), on Twenty Twenty-Four: the job list
// at /jobs/ (the plugin's archive template with the job list block), filtered through its form (a plain GET form:
// no script of the plugin runs on these pages), and a job's page with its details and JobPosting. axe-core finds no
// violation in the list, the form or the details; screenshots at 1280 and 360 px, without horizontal scrolling.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, assertAccessible, launch, screenshotBoth, watchConsole } from './lib/browser.mjs';
import { runPhp } from './lib/api.mjs';

let browser;
let page;
let problems;

const auth = { Authorization: 'Basic ' + Buffer.from( `${ process.env.RR_ADMIN_USER || 'admin' }:${ process.env.RR_ADMIN_APP_PASSWORD }` ).toString( 'base64' ) };

async function rest( method, route, body ) {
	const response = await fetch( `${ BASE_URL }/wp-json${ route }`, { method, headers: { ...auth, 'Content-Type': 'application/json' }, body: body ? JSON.stringify( body ) : undefined } );
	assert.ok( response.ok, `${ method } ${ route }: ${ response.status } ${ await response.clone().text() }` );
	return response.json();
}

before( async () => {
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	const job = ( id, title, fields ) => ( { external_id: id, title, status: 'publish', description: '<p>Join a friendly team. You will work with patients and colleagues across the hospital, on a rota planned four weeks ahead.</p><ul><li>Registered nurse (NMC)</li><li>Two years’ experience</li></ul>', ...fields } );
	await rest( 'POST', '/recruiting/v1/import', {
		jobs: [
			job( 'e2e-1', 'Staff Nurse, Ward 3 (Nights)', { created_at: '2025-03-01T09:00:00Z', department: 'Nursing', employment_type: 'full_time', street_address: '1 Quay Street', city: 'Leeds', region: 'West Yorkshire', postal_code: 'LS1 4AP', country: 'GB', salary: { min: 30000, max: 42000, currency: 'GBP', unit: 'year' }, valid_through: '2099-04-30T17:00:00Z' } ),
			job( 'e2e-2', 'Kitchen Porter', { created_at: '2025-03-02T09:00:00Z', department: 'Catering', employment_type: 'part_time', city: 'York', country: 'GB', salary: { min: 11.5, currency: 'GBP', unit: 'hour' } } ),
			job( 'e2e-3', 'Payroll Administrator', { created_at: '2025-03-03T09:00:00Z', department: 'Finance', employment_type: 'contract', remote: true, applicant_locations: [ 'GB', 'IE' ], country: 'GB' } ),
			job( 'e2e-4', 'Closed Porter', { status: 'closed', department: 'Catering' } ),
		],
	} );
	browser = await launch();
	page = await browser.context.newPage();
	problems = watchConsole( page );
} );

// The files after this one read the demo data the runner seeded (test-e2e.mjs): put it back in place of this
// file's four jobs, or their Reports pages open on the empty site.
after( async () => {
	await browser?.close();
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	await runPhp( '$result = \\RecruitingReports\\Seed\\DemoData::seed(); if ( is_wp_error( $result ) ) { throw new Exception( $result->get_error_message() ); }' );
} );

test( 'the job list: three open jobs, filtered by its form, accessible, at 1280 and 360 px', async () => {
	await page.goto( `${ BASE_URL }/jobs/` );
	const list = page.locator( '.rr-job-list' );
	await assert.doesNotReject( list.waitFor() );
	assert.equal( await page.locator( '.rr-job-list__count' ).textContent(), '3 open jobs' );
	assert.deepEqual( await page.locator( '.rr-job-list__title' ).allTextContents(), [ 'Payroll Administrator', 'Kitchen Porter', 'Staff Nurse, Ward 3 (Nights)' ] );
	await assertAccessible( page, '.rr-job-list', 'the job list' );
	const { overflow } = await screenshotBoth( page, 'careers-job-list' );
	assert.equal( overflow, 0, 'no horizontal scrolling at 360 px' );

	await page.getByLabel( 'Department' ).selectOption( 'Catering' );
	await page.getByRole( 'button', { name: 'Show jobs' } ).click();
	await page.waitForURL( /job_department=Catering/ );
	assert.equal( await page.locator( '.rr-job-list__count' ).textContent(), '1 open job matches your filters.' );
	assert.deepEqual( await page.locator( '.rr-job-list__title' ).allTextContents(), [ 'Kitchen Porter' ] );
	assert.equal( await page.getByLabel( 'Department' ).inputValue(), 'Catering', 'the form keeps the choice' );

	await page.getByLabel( 'Keyword' ).fill( 'astronaut' );
	await page.getByRole( 'button', { name: 'Show jobs' } ).click();
	await page.waitForURL( /job_search=astronaut/ );
	assert.match( await page.locator( '.rr-job-list__empty' ).textContent(), /No open jobs match these filters\./ );
	await assertAccessible( page, '.rr-job-list', 'the empty job list' );
	await page.getByRole( 'link', { name: 'Show all jobs' } ).click();
	await page.waitForURL( `${ BASE_URL }/jobs/` );
	assert.equal( await page.locator( '.rr-job-list__count' ).textContent(), '3 open jobs' );
	assert.deepEqual( problems, [] );
} );

test( 'a job page: title, description, details and JobPosting, accessible, at 1280 and 360 px', async () => {
	await page.goto( `${ BASE_URL }/jobs/` );
	await page.getByRole( 'link', { name: 'Staff Nurse, Ward 3 (Nights)' } ).click();
	await page.waitForURL( /\/jobs\/staff-nurse-ward-3-nights\/$/ );
	assert.equal( await page.getByRole( 'heading', { level: 1 } ).textContent(), 'Staff Nurse, Ward 3 (Nights)' );
	const details = page.locator( '.recruiting-job-details' );
	assert.match( await details.textContent(), /Salary\s*30,000–42,000 GBP per year/ );
	const posting = JSON.parse( await page.locator( 'script[type="application/ld+json"]' ).textContent() );
	assert.equal( posting.title, 'Staff Nurse, Ward 3 (Nights)' );
	await assertAccessible( page, [ '.wp-block-post-title', '.wp-block-post-content' ], 'a job page' );
	const { overflow } = await screenshotBoth( page, 'careers-job-page' );
	assert.equal( overflow, 0, 'no horizontal scrolling at 360 px' );

	await page.goto( `${ BASE_URL }/jobs/closed-porter/` );
	assert.equal( await page.locator( '.recruiting-job-closed' ).textContent(), 'This job no longer takes applications.' );
	assert.equal( await page.locator( 'script[type="application/ld+json"]' ).count(), 0 );
	await assertAccessible( page, '.wp-block-post-content', 'a closed job page' );
	assert.deepEqual( problems, [] );
} );
