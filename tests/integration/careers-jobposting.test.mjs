// Careers step 2 (issue #24): the JSON-LD JobPosting of an open job's page, read from the page as a crawler reads
// it and checked against Google's documented required and recommended JobPosting properties
// (developers.google.com/search/docs/appearance/structured-data/job-posting); none on closed or expired jobs; no job
// text can end the script element.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectStatus, post, resetSite, site } from './lib/api.mjs';
import { php, phpValue } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;
const GOOGLE_EMPLOYMENT_TYPES = [ 'FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER' ];
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const createJob = async ( fields ) => expectStatus( await post( `${ NS }/jobs`, { status: 'publish', ...fields } ), 201 );

/** The page of a job as a visitor gets it, and every JSON-LD block in it, parsed. */
async function jobPage( id, headers = {} ) {
	const url = await phpValue( `get_permalink( ${ Number( id ) } )` );
	const response = await fetch( url, { headers } );
	const html = await response.text();
	assert.equal( response.status, 200, url );
	// As a browser does: the element ends at the first "</script" after its start, whatever the JSON holds.
	const blocks = [ ...html.matchAll( /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script/gi ) ].map( ( match ) => JSON.parse( match[ 1 ] ) );
	return { url, html, blocks };
}

/** Problems with a JobPosting by Google's list: required properties, then the recommended ones this job should have. */
function googleProblems( posting, { remote = false, address = true } = {} ) {
	const problems = [];
	const need = ( condition, message ) => condition || problems.push( message );
	need( posting[ '@context' ] === 'https://schema.org' && posting[ '@type' ] === 'JobPosting', '@context/@type' );
	need( typeof posting.title === 'string' && posting.title.trim() !== '', 'title (required)' );
	need( typeof posting.description === 'string' && posting.description.trim() !== '', 'description (required)' );
	need( ISO_INSTANT.test( posting.datePosted ?? '' ), 'datePosted (required, ISO 8601)' );
	const organization = posting.hiringOrganization ?? {};
	need( organization[ '@type' ] === 'Organization' && organization.name && /^https?:\/\//.test( organization.sameAs ?? '' ), 'hiringOrganization (required: Organization with name and sameAs)' );
	if ( address ) {
		const postal = posting.jobLocation?.address ?? {};
		need( posting.jobLocation?.[ '@type' ] === 'Place' && postal[ '@type' ] === 'PostalAddress' && /^[A-Z]{2}$/.test( postal.addressCountry ?? '' ), 'jobLocation (required unless remote: Place with PostalAddress and addressCountry)' );
	}
	if ( remote ) {
		need( posting.jobLocationType === 'TELECOMMUTE', 'jobLocationType TELECOMMUTE' );
		need( Array.isArray( posting.applicantLocationRequirements ) && posting.applicantLocationRequirements.length > 0 && posting.applicantLocationRequirements.every( ( place ) => [ 'Country', 'AdministrativeArea', 'State' ].includes( place[ '@type' ] ) && place.name ), 'applicantLocationRequirements (required with TELECOMMUTE)' );
	}
	if ( ! address && ! remote ) {
		problems.push( 'a job needs jobLocation or TELECOMMUTE' );
	}
	need( posting.validThrough === undefined || ISO_INSTANT.test( posting.validThrough ), 'validThrough ISO 8601' );
	need( GOOGLE_EMPLOYMENT_TYPES.includes( posting.employmentType ), 'employmentType in Google’s vocabulary' );
	need( posting.identifier?.[ '@type' ] === 'PropertyValue' && posting.identifier.name && posting.identifier.value, 'identifier PropertyValue' );
	// The apply form is on an open job's page (issue #24 step 4).
	need( posting.directApply === true, 'directApply true: the page carries the apply form' );
	const salary = posting.baseSalary;
	need( salary?.[ '@type' ] === 'MonetaryAmount' && /^[A-Z]{3}$/.test( salary.currency ) && salary.value?.[ '@type' ] === 'QuantitativeValue' && [ 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR' ].includes( salary.value.unitText ) && ( typeof salary.value.value === 'number' || ( typeof salary.value.minValue === 'number' && typeof salary.value.maxValue === 'number' ) ), 'baseSalary MonetaryAmount' );
	return problems;
}

before( async () => {
	await resetSite();
	// A site icon (an image attachment), the organisation's logo.
	await php( `
		$dir  = wp_upload_dir();
		$file = $dir['path'] . '/rr-icon.png';
		copy( ABSPATH . 'wp-admin/images/w-logo-blue.png', $file );
		$id = wp_insert_attachment( array( 'post_mime_type' => 'image/png', 'post_title' => 'icon', 'post_status' => 'inherit' ), $file );
		update_option( 'site_icon', $id );
	` );
} );

test( 'an open job’s page carries one JobPosting with Google’s required and recommended properties', { timeout: TIMEOUT }, async () => {
	const job = await createJob( {
		title: 'Staff Nurse',
		description: '<p>Nights on <strong>ward 3</strong>.</p><ul><li>Band 5</li></ul>',
		employment_type: 'Full-time',
		street_address: '1 Quay Street', city: 'Leeds', region: 'West Yorkshire', postal_code: 'LS1 4AP', country: 'GB',
		remote: true, applicant_locations: [ 'GB', 'Ireland' ],
		salary: { min: 30000, max: 42000, currency: 'GBP', unit: 'year' },
		valid_through: '2099-01-31T17:00:00Z',
	} );
	const { url, blocks } = await jobPage( job.id );
	assert.equal( blocks.length, 1 );
	const posting = blocks[ 0 ];
	assert.deepEqual( googleProblems( posting, { remote: true, address: true } ), [] );
	assert.equal( posting.title, 'Staff Nurse' );
	assert.equal( posting.description, '<p>Nights on <strong>ward 3</strong>.</p>\n<ul>\n<li>Band 5</li>\n</ul>\n' );
	assert.equal( posting.datePosted, job.created_at );
	assert.equal( posting.validThrough, '2099-01-31T17:00:00Z' );
	assert.equal( posting.employmentType, 'FULL_TIME' );
	assert.equal( posting.url, url );
	assert.deepEqual( posting.hiringOrganization, { '@type': 'Organization', name: 'Recruiting Reports', sameAs: `${ site.url }/`, logo: posting.hiringOrganization.logo } );
	assert.match( posting.hiringOrganization.logo, /\/rr-icon\.png$/ );
	assert.deepEqual( posting.jobLocation.address, { '@type': 'PostalAddress', streetAddress: '1 Quay Street', addressLocality: 'Leeds', addressRegion: 'West Yorkshire', postalCode: 'LS1 4AP', addressCountry: 'GB' } );
	assert.deepEqual( posting.applicantLocationRequirements, [ { '@type': 'Country', name: 'GB' }, { '@type': 'AdministrativeArea', name: 'Ireland' } ] );
	assert.deepEqual( posting.baseSalary, { '@type': 'MonetaryAmount', currency: 'GBP', value: { '@type': 'QuantitativeValue', unitText: 'YEAR', minValue: 30000, maxValue: 42000 } } );
	assert.deepEqual( posting.identifier, { '@type': 'PropertyValue', name: 'Recruiting Reports', value: String( job.id ) } );
} );

test( 'a remote-only job is TELECOMMUTE with applicant locations (the country when none are listed); one salary figure is a value', { timeout: TIMEOUT }, async () => {
	const remote = await createJob( { title: 'Remote Coder', description: 'Code.', employment_type: 'contractor', remote: true, country: 'de', salary: { max: 80, currency: 'eur', unit: 'hour' } } );
	const posting = ( await jobPage( remote.id ) ).blocks[ 0 ];
	assert.deepEqual( googleProblems( posting, { remote: true, address: true } ), [] );
	assert.deepEqual( posting.applicantLocationRequirements, [ { '@type': 'Country', name: 'DE' } ] );
	assert.deepEqual( posting.jobLocation.address, { '@type': 'PostalAddress', addressCountry: 'DE' } );
	assert.equal( posting.employmentType, 'CONTRACTOR' );
	assert.deepEqual( posting.baseSalary.value, { '@type': 'QuantitativeValue', unitText: 'HOUR', value: 80 } );

	const anywhere = await createJob( { title: 'Anywhere', description: 'x', remote: true, applicant_locations: [ 'European Union' ], employment_type: 'apprentice-ish', salary: { min: 1, currency: 'EUR', unit: 'month' } } );
	const second = ( await jobPage( anywhere.id ) ).blocks[ 0 ];
	assert.deepEqual( googleProblems( second, { remote: true, address: false } ), [] );
	assert.equal( second.jobLocation, undefined );
	assert.equal( second.employmentType, 'OTHER' );
} );

test( 'closed, expired and draft jobs carry no JobPosting', { timeout: TIMEOUT }, async () => {
	const closed = await createJob( { title: 'Closed', status: 'closed' } );
	const expired = await createJob( { title: 'Expired', valid_through: new Date( Date.now() - 60_000 ).toISOString() } );
	for ( const job of [ closed, expired ] ) {
		const { blocks, html } = await jobPage( job.id );
		assert.equal( blocks.length, 0 );
		assert.doesNotMatch( html, /JobPosting/ );
	}
	const draft = await createJob( { title: 'Draft', status: 'draft' } );
	assert.equal( await phpValue( `\\RecruitingReports\\Careers\\JobPosting::data( get_post( ${ draft.id } ) )` ), null );
} );

test( 'no job text can end the script element: </script> and <!-- arrive as \\u escapes and parse back whole', { timeout: TIMEOUT }, async () => {
	const job = await createJob( { title: 'Porter', description: 'x', city: 'Leeds' } );
	// Raw meta, as another plugin could write it (the API and the editor clean text before storing it).
	const hostile = 'Leeds</script><script>window.pwned=1</script><!--';
	await php( `update_post_meta( ${ job.id }, '_recruiting_city', ${ JSON.stringify( hostile ) } );` );
	const { html, blocks } = await jobPage( job.id );
	assert.equal( blocks.length, 1 );
	assert.equal( blocks[ 0 ].jobLocation.address.addressLocality, hostile );
	assert.ok( ! html.includes( '<script>window.pwned' ), 'the page never holds the injected element' );
	const encoded = await phpValue( `\\RecruitingReports\\Careers\\JobPosting::encode( array( 'title' => ${ JSON.stringify( hostile ) } ) )` );
	assert.doesNotMatch( encoded, /[<>]/ );
	assert.equal( JSON.parse( encoded ).title, hostile );
} );

test( 'the filter recruiting_reports_job_posting gets the JobPosting and the job, and its answer is printed', { timeout: TIMEOUT }, async () => {
	const job = await createJob( { title: 'Hooked', description: 'x', city: 'Leeds', country: 'GB' } );
	assert.equal( ( await jobPage( job.id ) ).blocks[ 0 ].experienceRequirements, undefined );
	const { blocks } = await jobPage( job.id, { 'X-Recruiting-Test-Hooks': '1' } );
	assert.equal( blocks[ 0 ].experienceRequirements, `hooked for job ${ job.id }` );
} );
