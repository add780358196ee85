// Careers step 3 (issue #24): the job list block as a visitor gets it (no JavaScript: plain GET forms and links) —
// open jobs only, newest first, the count, pages, filters by keyword, department, location, employment type and
// remote, the empty states, escaping — and the job pages' templates on a block theme (Twenty Twenty-Four) and a
// classic theme (Twenty Twenty-One, where the WordPress tree has it).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectStatus, post, resetSite, site } from './lib/api.mjs';
import { php, phpValue } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;

let listUrl;

/** A page as a visitor gets it. */
async function visit( url, query = {} ) {
	const target = new URL( url );
	for ( const [ key, value ] of Object.entries( query ) ) {
		target.searchParams.set( key, value );
	}
	const response = await fetch( target, { redirect: 'manual' } );
	return { status: response.status, html: await response.text() };
}

/** The titles listed by the (first) job list block of a page, in order. */
const listed = ( html ) => [ ...html.matchAll( /<h2 class="rr-job-list__title"><a href="[^"]+">([^<]*)<\/a><\/h2>/g ) ].map( ( m ) => m[ 1 ] );
const count = ( html ) => html.match( /<p class="rr-job-list__count" id="[^"]+">([^<]*)<\/p>/ )?.[ 1 ];
const options = ( html, name ) => [ ...( html.match( new RegExp( `<select id="[^"]+" name="${ name }">([\\s\\S]*?)</select>` ) )?.[ 1 ] ?? '' ).matchAll( /<option value="([^"]*)"/g ) ].map( ( m ) => m[ 1 ] );

before( async () => {
	await resetSite();
	// 12 open jobs, one a day (newest last), across departments, places, types and remote; plus jobs that are not open.
	const departments = [ 'Nursing', 'Kitchen', 'Admin' ];
	const jobs = Array.from( { length: 12 }, ( _, i ) => ( {
		external_id: `list-${ i }`,
		title: `Job ${ String( i ).padStart( 2, '0' ) }${ i === 4 ? ' Night Sister' : '' }`,
		status: 'publish',
		created_at: new Date( Date.UTC( 2025, 0, 1 + i ) ).toISOString(),
		department: departments[ i % 3 ],
		employment_type: i % 2 ? 'part_time' : 'full_time',
		...( i % 4 === 0 ? { location: 'Leeds or remote' } : { city: i % 4 === 1 ? 'York' : 'Hull' } ),
		remote: i % 4 === 0,
	} ) );
	jobs.push(
		{ external_id: 'list-closed', title: 'Closed Job', status: 'closed', department: 'Closed Dept' },
		{ external_id: 'list-draft', title: 'Draft Job', status: 'draft', department: 'Draft Dept' },
		{ external_id: 'list-expired', title: 'Expired Job', status: 'publish', valid_through: '2020-01-01T00:00:00Z', created_at: '2025-02-01T00:00:00Z' }
	);
	expectStatus( await post( `${ NS }/import`, { jobs } ), 200 );
	listUrl = await phpValue( `get_permalink( wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Open positions', 'post_content' => '<!-- wp:recruiting-reports/job-list {"perPage":5} /-->' ) ) )` );
} );

test( 'the list shows open jobs only, newest first, with their count and page links', { timeout: TIMEOUT }, async () => {
	const first = await visit( listUrl );
	assert.equal( first.status, 200 );
	assert.equal( count( first.html ), '12 open jobs' );
	assert.deepEqual( listed( first.html ), [ 'Job 11', 'Job 10', 'Job 09', 'Job 08', 'Job 07' ] );
	assert.doesNotMatch( first.html, /Closed Job|Draft Job|Expired Job/ );
	assert.match( first.html, /<nav class="rr-job-list__pages" aria-label="Job list pages">/ );
	const third = await visit( listUrl, { job_page: '3' } );
	assert.deepEqual( listed( third.html ), [ 'Job 01', 'Job 00' ] );
	assert.match( third.html, /aria-current="page"[^>]*>3</ );
	// A line of details under each title; the link goes to the job's page.
	assert.match( first.html, /<a href="[^"]+\/jobs\/job-11\/">Job 11<\/a><\/h2><p class="rr-job-list__meta">Admin · Part time · Hull<\/p>/ );
} );

test( 'filters by keyword, department, location (free text or city), employment type and remote, alone and together', { timeout: TIMEOUT }, async () => {
	const cases = [
		[ { job_search: 'Night Sister' }, [ 'Job 04 Night Sister' ], '1 open job matches your filters.' ],
		[ { job_department: 'Nursing' }, [ 'Job 09', 'Job 06', 'Job 03', 'Job 00' ], '4 open jobs match your filters.' ],
		[ { job_location: 'York' }, [ 'Job 09', 'Job 05', 'Job 01' ], '3 open jobs match your filters.' ],
		[ { job_location: 'Leeds or remote' }, [ 'Job 08', 'Job 04 Night Sister', 'Job 00' ], '3 open jobs match your filters.' ],
		[ { job_type: 'part_time', job_location: 'York' }, [ 'Job 09', 'Job 05', 'Job 01' ], '3 open jobs match your filters.' ],
		[ { job_remote: '1', job_department: 'Nursing' }, [ 'Job 00' ], '1 open job matches your filters.' ],
	];
	for ( const [ query, titles, text ] of cases ) {
		const { html } = await visit( listUrl, { per_page_ignored: '', ...query } );
		assert.deepEqual( listed( html ), titles, JSON.stringify( query ) );
		assert.equal( count( html ), text, JSON.stringify( query ) );
	}
	// The form keeps what was chosen and offers only values of published jobs.
	const { html } = await visit( listUrl, { job_department: 'Kitchen', job_remote: '1', job_search: 'Job "x"' } );
	assert.match( html, /<option value="Kitchen" selected='selected'>Kitchen<\/option>/ );
	assert.match( html, /name="job_remote" value="1" checked="checked"/ );
	assert.match( html, /name="job_search" value="Job &quot;x&quot;"/ );
	assert.deepEqual( options( html, 'job_department' ), [ '', 'Admin', 'Kitchen', 'Nursing' ] );
	assert.deepEqual( options( html, 'job_location' ), [ '', 'Hull', 'Leeds or remote', 'York' ] );
	assert.deepEqual( options( html, 'job_type' ), [ '', 'full_time', 'part_time' ] );
} );

test( 'empty state when nothing matches, with a way back to every job', { timeout: TIMEOUT }, async () => {
	const none = await visit( listUrl, { job_search: 'astronaut' } );
	assert.equal( count( none.html ), '0 open jobs match your filters.' );
	assert.match( none.html, /<p class="rr-job-list__empty">No open jobs match these filters\. <a href="[^"]*\/open-positions\/">Show all jobs<\/a><\/p>/ );
	assert.ok( ! /class="rr-job-list__(items|pages)"/.test( none.html ), 'no list and no page links' );
} );

test( 'every control is labelled and the form is a plain GET form to this page (works without JavaScript)', { timeout: TIMEOUT }, async () => {
	const { html } = await visit( listUrl, { job_page: '2' } );
	const form = html.match( /<form class="rr-job-list__filters" method="get" action="([^"]*)" role="search" aria-label="Filter jobs">([\s\S]*?)<\/form>/ );
	assert.ok( form, 'the filter form' );
	assert.equal( new URL( form[ 1 ], site.url ).pathname, new URL( listUrl ).pathname, 'the form goes to this page, without the page number' );
	const ids = [ ...form[ 2 ].matchAll( /<(?:input|select) [^>]*id="([^"]+)"/g ) ].map( ( m ) => m[ 1 ] );
	assert.equal( ids.length, 5 );
	for ( const id of ids ) {
		assert.match( form[ 2 ], new RegExp( `<label for="${ id }">[^<]+</label>` ), id );
	}
	assert.match( form[ 2 ], /<button type="submit" class="wp-element-button">Show jobs<\/button>/ );
} );

test( 'job text is escaped in the list and its filters', { timeout: TIMEOUT }, async () => {
	const id = await phpValue( `wp_insert_post( array( 'post_type' => 'recruiting_job', 'post_status' => 'publish', 'post_title' => 'Plain', 'meta_input' => array( '_recruiting_department' => '<img src=x onerror=alert(1)>' ) ) )` );
	try {
		const { html } = await visit( listUrl );
		assert.ok( ! html.includes( '<img src=x' ), 'no markup from job text' );
		assert.match( html, /&lt;img src=x onerror=alert\(1\)&gt;/ );
	} finally {
		await php( `wp_delete_post( ${ id }, true );` );
	}
} );

test( 'a block theme (Twenty Twenty-Four) gets the plugin’s templates: the archive is the job list, a job page its title, content and details without comments', { timeout: TIMEOUT }, async () => {
	assert.equal( await phpValue( 'get_stylesheet()' ), 'twentytwentyfour' );
	const archive = await visit( `${ site.url }/jobs/` );
	assert.equal( archive.status, 200 );
	assert.match( archive.html, /<h1 class="wp-block-query-title">Jobs<\/h1>/ );
	assert.equal( count( archive.html ), '12 open jobs' );
	assert.equal( listed( archive.html ).length, 10, 'the block’s default of 10 per page' );

	const job = await visit( `${ site.url }/jobs/job-09/` );
	assert.equal( job.status, 200 );
	assert.match( job.html, /<h1 class="wp-block-post-title">Job 09<\/h1>/ );
	assert.match( job.html, /<section class="recruiting-job-details"/ );
	assert.ok( job.html.includes( "id='recruiting-reports-job-list-style" ), 'the details’ stylesheet' );
	assert.ok( ! /wp-block-comments|wp-block-post-author|Leave a Reply/.test( job.html ), 'no comments, no author' );
} );

test( 'a classic theme (Twenty Twenty-One) shows the details after the content', { timeout: TIMEOUT }, async ( t ) => {
	// The native sites link Debian's copy (scripts/lib/site-native.mjs); Playground's tree has only its assets.
	if ( ! ( await phpValue( "file_exists( get_theme_root() . '/twentytwentyone/index.php' )" ) ) ) {
		t.skip( 'no classic theme with its PHP on this target (Debian’s wordpress-theme-twentytwentyone on native sites)' );
		return;
	}
	await php( "switch_theme( 'twentytwentyone' );" );
	try {
		const job = await visit( `${ site.url }/jobs/job-09/` );
		assert.equal( job.status, 200 );
		assert.ok( job.html.includes( '<h1 class="entry-title">Job 09</h1>' ), 'the theme’s title' );
		assert.ok( /<div class="entry-content">[\s\S]*<section class="recruiting-job-details"[\s\S]*<dt>Department<\/dt><dd>Nursing<\/dd>/.test( job.html ), 'the details after the content' );
		const archive = await visit( `${ site.url }/jobs/` );
		assert.equal( archive.status, 200 );
		assert.match( archive.html, /Job 11/ );
	} finally {
		await php( "switch_theme( 'twentytwentyfour' );" );
	}
} );

test( 'empty state when no job is open', { timeout: TIMEOUT }, async () => {
	await resetSite();
	const { html } = await visit( listUrl );
	assert.equal( count( html ), '0 open jobs' );
	assert.match( html, /<p class="rr-job-list__empty">There are no open jobs at the moment\. Please check back later\.<\/p>/ );
} );
