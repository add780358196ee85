// Careers step 1 (issue #24): the job details in the API, the import and the wp-admin editor, and the public job
// pages — published jobs at /<base>/<slug>/ and in the /<base>/ archive and core's sitemap, drafts 404, a closed (or
// expired) job's page 200 saying it takes no applications, the base a setting, jobs closing themselves by cron.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { del, expectError, expectStatus, get, post, put, resetSite, site, siteState } from './lib/api.mjs';
import { cookieLogin, phpValue } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;

const DETAILS = {
	street_address: '1 Quay Street',
	city: 'Leeds',
	region: 'West Yorkshire',
	postal_code: 'LS1 4AP',
	country: 'gb',
	remote: true,
	applicant_locations: [ 'gb', ' Ireland ', 'gb' ],
	salary: { min: 30000, max: 42000.5, currency: 'gbp', unit: 'year' },
	valid_through: '2099-01-31T17:00:00+01:00',
	contact_email: 'hiring@example.com',
};
const STORED = {
	...DETAILS,
	country: 'GB',
	applicant_locations: [ 'GB', 'Ireland' ],
	salary: { min: 30000, max: 42000.5, currency: 'GBP', unit: 'year' },
	valid_through: '2099-01-31T16:00:00Z',
};

/** A public page as an anonymous visitor sees it (redirects not followed). */
async function visit( path ) {
	const response = await fetch( path.startsWith( 'http' ) ? path : site.url + path, { redirect: 'manual' } );
	return { status: response.status, html: await response.text(), location: response.headers.get( 'location' ) };
}

const createJob = async ( fields ) => expectStatus( await post( `${ NS }/jobs`, { title: 'Job', status: 'publish', ...fields } ), 201 );
const permalink = ( id ) => phpValue( `get_permalink( ${ Number( id ) } )` );
const runCron = async () => expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );
const pick = ( object, keys ) => Object.fromEntries( keys.map( ( key ) => [ key, object[ key ] ] ) );

before( resetSite );

test( 'details round-trip through the API: cleaned on the way in, a partial PUT keeps the others, null clears', { timeout: TIMEOUT }, async () => {
	const created = await createJob( { title: 'Staff Nurse', ...DETAILS } );
	assert.deepEqual( pick( created, Object.keys( STORED ) ), STORED );
	assert.deepEqual( pick( expectStatus( await get( `${ NS }/jobs/${ created.id }` ), 200 ), Object.keys( STORED ) ), STORED );

	const updated = expectStatus( await put( `${ NS }/jobs/${ created.id }`, { city: '<b>York</b>', salary: null, valid_through: null } ), 200 );
	assert.deepEqual( pick( updated, Object.keys( STORED ) ), { ...STORED, city: 'York', salary: null, valid_through: null } );

	// A new job without details has empty ones; the contact is not embedded elsewhere (a team member's address).
	const bare = await createJob( { title: 'Bare' } );
	assert.deepEqual( pick( bare, Object.keys( STORED ) ), { street_address: '', city: '', region: '', postal_code: '', country: '', remote: false, applicant_locations: [], salary: null, valid_through: null, contact_email: '' } );
	const embedded = expectStatus( await get( `${ NS }/jobs/${ created.id }`, { query: { context: 'embed' } } ), 200 );
	assert.equal( embedded.city, 'York' );
	assert.ok( ! ( 'contact_email' in embedded ) );
} );

test( 'bad details are 400 rest_invalid_param naming the field, and change nothing', { timeout: TIMEOUT }, async () => {
	const job = await createJob( { title: 'Unchanged', ...DETAILS } );
	const salary = ( fields ) => ( { salary: { min: 10, max: 20, currency: 'EUR', unit: 'year', ...fields } } );
	const cases = [
		[ { country: 'Germany' }, 'country' ],
		[ salary( { min: 50, max: 10 } ), 'salary' ],
		[ salary( { min: null, max: null } ), 'salary' ],
		[ salary( { min: -1 } ), 'salary' ],
		[ salary( { unit: 'fortnight' } ), 'salary' ],
		[ salary( { currency: 'euro' } ), 'salary' ],
		[ { salary: { min: 10, unit: 'year' } }, 'salary' ],
		[ salary( { bonus: 5 } ), 'salary' ],
		[ { valid_through: '2030-01-01T10:00:00' }, 'valid_through' ],
		[ { valid_through: 'tomorrow' }, 'valid_through' ],
		[ { contact_email: 'not-an-address' }, 'contact_email' ],
		[ { remote: 'maybe' }, 'remote' ],
		[ { applicant_locations: [ {} ] }, 'applicant_locations' ],
		[ { applicant_locations: Array.from( { length: 21 }, ( _, i ) => `Region ${ i }` ) }, 'applicant_locations' ],
		[ { postal_code: 'x'.repeat( 21 ) }, 'postal_code' ],
	];
	for ( const [ body, field ] of cases ) {
		for ( const [ method, path ] of [ [ put, `${ NS }/jobs/${ job.id }` ], [ post, `${ NS }/jobs` ] ] ) {
			const response = await method( path, { title: 'Changed', ...body } );
			assert.equal( response.status, 400, `${ JSON.stringify( body ) }: ${ response.text.slice( 0, 300 ) }` );
			const error = expectError( response, 400, 'rest_invalid_param' );
			assert.equal( typeof error.data.params?.[ field ], 'string', `${ JSON.stringify( body ) }: ${ JSON.stringify( error ) }` );
		}
	}
	const after = expectStatus( await get( `${ NS }/jobs/${ job.id }` ), 200 );
	assert.equal( after.title, 'Unchanged' );
	assert.deepEqual( pick( after, Object.keys( STORED ) ), STORED );
} );

test( 'the import takes the details by the same rules; a bad one names its path and nothing is written', { timeout: TIMEOUT }, async () => {
	const before = ( await siteState() ).jobs;
	const rejected = expectError(
		await post( `${ NS }/import`, { jobs: [
			{ external_id: 'imp-ok', title: 'Fine', ...DETAILS },
			{ external_id: 'imp-bad', title: 'Bad', salary: { min: 9, max: 1, currency: 'EUR', unit: 'year' }, country: 'DEU', valid_through: 'soon' },
		] } ),
		400,
		'rest_invalid_param'
	);
	assert.deepEqual( Object.keys( rejected.data.params ).sort(), [ 'jobs[1].country', 'jobs[1].salary', 'jobs[1].valid_through' ] );
	assert.equal( ( await siteState() ).jobs, before );

	const imported = expectStatus( await post( `${ NS }/import`, { jobs: [ { external_id: 'imp-ok', title: 'Fine', ...DETAILS } ] } ), 200 );
	const id = imported.jobs.ids[ 'imp-ok' ];
	assert.deepEqual( pick( expectStatus( await get( `${ NS }/jobs/${ id }` ), 200 ), Object.keys( STORED ) ), STORED );
	// A re-import that leaves the details out keeps them.
	expectStatus( await post( `${ NS }/import`, { jobs: [ { external_id: 'imp-ok', title: 'Fine again' } ] } ), 200 );
	const again = expectStatus( await get( `${ NS }/jobs/${ id }` ), 200 );
	assert.equal( again.title, 'Fine again' );
	assert.deepEqual( pick( again, Object.keys( STORED ) ), STORED );
} );

test( 'published jobs have pages and are listed; drafts and trashed jobs 404; a closed job’s page stays and says so', { timeout: TIMEOUT }, async () => {
	await resetSite();
	const open = await createJob( { title: 'Night Nurse', description: '<p>Nights on ward 3.</p>', department: 'Nursing', employment_type: 'full_time', ...DETAILS } );
	const closed = await createJob( { title: 'Closed Porter', status: 'closed' } );
	const draft = await createJob( { title: 'Secret Draft', status: 'draft' } );
	const trashed = await createJob( { title: 'Trashed Clerk' } );
	const trashedLink = await permalink( trashed.id );
	expectStatus( await del( `${ NS }/jobs/${ trashed.id }` ), 200 );

	const openLink = await permalink( open.id );
	assert.equal( openLink, `${ site.url }/jobs/night-nurse/` );
	const page = await visit( openLink );
	assert.equal( page.status, 200 );
	assert.match( page.html, /Night Nurse/ );
	assert.match( page.html, /Nights on ward 3\./ );
	assert.match( page.html, /<dt>Employment type<\/dt><dd>Full time<\/dd>/ );
	assert.match( page.html, /<dt>Department<\/dt><dd>Nursing<\/dd>/ );
	assert.match( page.html, /<dt>Location<\/dt><dd>1 Quay Street, LS1 4AP Leeds, West Yorkshire, GB or Remote \(applicants in GB, Ireland\)<\/dd>/ );
	assert.match( page.html, /<dt>Salary<\/dt><dd>30,000–42,000.50 GBP per year<\/dd>/ );
	assert.match( page.html, /<dt>Apply by<\/dt><dd>January 31, 2099<\/dd>/ );
	assert.doesNotMatch( page.html, /hiring@example\.com/, 'the contact e-mail is never public' );
	assert.doesNotMatch( page.html, /no longer takes applications/ );

	const closedPage = await visit( await permalink( closed.id ) );
	assert.equal( closedPage.status, 200 );
	assert.match( closedPage.html, /<p class="recruiting-job-closed" role="status"><strong>This job no longer takes applications\.<\/strong><\/p>/ );

	assert.equal( ( await visit( `/?post_type=recruiting_job&p=${ draft.id }` ) ).status, 404 );
	assert.equal( ( await visit( trashedLink ) ).status, 404 );

	const archive = await visit( '/jobs/' );
	assert.equal( archive.status, 200 );
	assert.match( archive.html, /Night Nurse/ );
	assert.doesNotMatch( archive.html, /Closed Porter|Secret Draft|Trashed Clerk/ );

	// Core's sitemap lists the published job only.
	const index = await visit( '/wp-sitemap.xml' );
	assert.match( index.html, /wp-sitemap-posts-recruiting_job-1\.xml/ );
	const sitemap = await visit( '/wp-sitemap-posts-recruiting_job-1.xml' );
	assert.equal( sitemap.status, 200 );
	assert.ok( sitemap.html.includes( `<loc>${ openLink }</loc>` ), sitemap.html );
	assert.doesNotMatch( sitemap.html, /closed-porter|secret-draft|trashed-clerk/ );
} );

test( 'a job past its valid_through counts as closed at once and the hourly cron closes it', { timeout: TIMEOUT }, async () => {
	const past = new Date( Date.now() - 3600_000 ).toISOString();
	const expired = await createJob( { title: 'Expired Cook', valid_through: past } );
	const future = await createJob( { title: 'Future Cook', valid_through: '2099-01-01T00:00:00Z' } );
	assert.match( ( await visit( await permalink( expired.id ) ) ).html, /This job no longer takes applications\./ );

	const ran = await runCron();
	assert.ok( ran.ran.includes( 'recruiting_reports_close_expired_jobs' ), JSON.stringify( ran ) );
	assert.equal( expectStatus( await get( `${ NS }/jobs/${ expired.id }` ), 200 ).status, 'closed' );
	assert.equal( expectStatus( await get( `${ NS }/jobs/${ future.id }` ), 200 ).status, 'publish' );
	assert.equal( ( await visit( await permalink( expired.id ) ) ).status, 200 );
	// The next request schedules the event again.
	assert.equal( typeof ( await phpValue( "wp_next_scheduled( 'recruiting_reports_close_expired_jobs' )" ) ), 'number' );
} );

test( 'the base is a setting: the pages move with it (rewrite rules rebuilt on the next request); a bad base is 400', { timeout: TIMEOUT }, async () => {
	const job = await createJob( { title: 'Moving Job' } );
	try {
		expectError( await put( `${ NS }/settings`, { jobs_base: 'Careers Page' } ), 400, 'rest_invalid_param' );
		assert.equal( expectStatus( await put( `${ NS }/settings`, { jobs_base: 'careers' } ), 200 ).jobs_base, 'careers' );
		assert.equal( ( await visit( '/careers/moving-job/' ) ).status, 200 );
		assert.equal( await permalink( job.id ), `${ site.url }/careers/moving-job/` );
		assert.equal( ( await visit( '/careers/' ) ).status, 200 );
		// The old address redirects to the new one (core's guess for a 404: the job's slug).
		const old = await visit( '/jobs/moving-job/' );
		assert.deepEqual( [ old.status, old.location ], [ 301, `${ site.url }/careers/moving-job/` ] );
		assert.equal( ( await visit( '/jobs/' ) ).status, 404 );
	} finally {
		expectStatus( await put( `${ NS }/settings`, { jobs_base: 'jobs' } ), 200 );
	}
	assert.equal( ( await visit( '/jobs/moving-job/' ) ).status, 200 );
	assert.equal( ( await visit( '/careers/' ) ).status, 404 );
} );

test( 'wp-admin: the editor’s Job details box saves by the same rules (a refused value is named, not saved) and the list shows the details', { timeout: TIMEOUT }, async () => {
	const job = await createJob( { title: 'Admin Edited', ...DETAILS } );
	const admin = await cookieLogin();
	const editUrl = `${ site.url }/wp-admin/post.php?post=${ job.id }&action=edit`;
	const screen = await ( await fetch( editUrl, { headers: { Cookie: admin.cookie } } ) ).text();
	assert.match( screen, /id="recruiting-job-city" name="recruiting_job\[city\]" value="Leeds"/ );
	const field = ( name ) => screen.match( new RegExp( `name="${ name }" value="([^"]*)"` ) )?.[ 1 ];
	const form = new URLSearchParams( {
		_wpnonce: field( '_wpnonce' ),
		recruiting_job_details_nonce: field( 'recruiting_job_details_nonce' ),
		action: 'editpost',
		post_ID: String( job.id ),
		post_type: 'recruiting_job',
		original_post_status: 'publish',
		post_status: 'publish',
		post_title: 'Admin Edited',
		content: '',
		save: 'Save Job',
		'recruiting_job[department]': 'Kitchen',
		'recruiting_job[employment_type]': 'part_time',
		'recruiting_job[location]': '',
		'recruiting_job[city]': 'Hull',
		'recruiting_job[country]': 'Britain',
		'recruiting_job[applicant_locations]': 'GB, IE',
		'recruiting_job[salary_min]': '11.5',
		'recruiting_job[salary_max]': '',
		'recruiting_job[salary_currency]': 'gbp',
		'recruiting_job[salary_unit]': 'hour',
		'recruiting_job[valid_through]': '2099-03-01T09:30',
		'recruiting_job[contact_email]': 'kitchen@example.com',
	} );
	const saved = await fetch( `${ site.url }/wp-admin/post.php`, { method: 'POST', redirect: 'manual', headers: { Cookie: admin.cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: form } );
	assert.equal( saved.status, 302 );
	const after = expectStatus( await get( `${ NS }/jobs/${ job.id }` ), 200 );
	assert.deepEqual( pick( after, [ 'department', 'employment_type', 'city', 'country', 'remote', 'applicant_locations', 'salary', 'valid_through', 'contact_email', 'street_address' ] ), {
		department: 'Kitchen',
		employment_type: 'part_time',
		city: 'Hull',
		country: 'GB', // "Britain" was refused: the stored value stays.
		remote: false, // The box was unticked.
		applicant_locations: [ 'GB', 'IE' ],
		salary: { min: 11.5, max: null, currency: 'GBP', unit: 'hour' },
		valid_through: '2099-03-01T09:30:00Z', // The site's time zone is UTC.
		contact_email: 'kitchen@example.com',
		street_address: '',
	} );
	const next = await ( await fetch( new URL( saved.headers.get( 'location' ), site.url ), { headers: { Cookie: admin.cookie } } ) ).text();
	assert.match( next, /These job details were not saved:<\/p><ul><li><strong>country<\/strong>: / );

	const list = await ( await fetch( `${ site.url }/wp-admin/edit.php?post_type=recruiting_job`, { headers: { Cookie: admin.cookie } } ) ).text();
	const row = list.match( new RegExp( `<tr id="post-${ job.id }"[\\s\\S]*?</tr>` ) )?.[ 0 ] ?? '';
	assert.match( row, /data-colname="Location">Hull, GB</ );
	assert.match( row, /data-colname="Type">Part time</ );
	assert.match( row, /data-colname="Apply by">March 1, 2099</ );
} );
