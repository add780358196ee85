// Careers step 4 (issue #24): the apply form as a visitor without JavaScript uses it — a multipart POST to the
// job's page — and every rule: the application through the same writer as POST /applications (webhook, source,
// Applications API), the thank-you state, the CV stored privately and downloadable only with Read Applications,
// the repeat answered as the first time, and each refusal (missing consent, a .php renamed .pdf, a file over the
// setting, a request over post_max_size, the honeypot, too fast, a closed or expired job, the rate limit) answered
// with its message and the input kept, with nothing stored.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { del, expectError, expectStatus, get, post, put, resetSite } from './lib/api.mjs';
import { php, phpValue } from './lib/credentials.mjs';
import { PDF, page, submitApplication } from './lib/apply-form.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;

let jobs;

/** Sets a test option (recruiting-test-apply.php turns it into the filter's value; '' = the plugin's default). */
const setOption = ( name, value ) => php( `update_option( 'recruiting_test_apply_${ name }', '${ value }' );` );

/** Applications stored and CV files in the private folder. */
async function stored() {
	const total = Number( ( await get( `${ NS }/applications`, { query: { per_page: 1 } } ) ).headers.get( 'x-wp-total' ) );
	// No GLOB_BRACE: Playground's PHP lacks it.
	const files = await phpValue( `count( preg_grep( '/\\/[a-f0-9]{32}\\.(pdf|docx?|odt|rtf)$/', glob( RecruitingReports\\Careers\\CvStore::base() . '/*/*' ) ?: array() ) )` );
	const rows = await phpValue( `(int) $GLOBALS['wpdb']->get_var( 'SELECT COUNT(*) FROM ' . RecruitingReports\\Data\\Schema::table( 'application_forms' ) )` );
	return { total, files, rows };
}

/** Posts the form to a page (for the open job unless told otherwise), with a token from the open job's page. */
const apply = ( url, fields = {}, options = {} ) => submitApplication( url, fields, { jobId: jobs.open.id, tokenUrl: jobs.open.link, ...options } );

/** The messages of the error summary. */
const summary = ( html ) => [ ...( html.match( /<div class="rr-apply__errors"[^>]*role="alert"[^>]*>[\s\S]*?<\/ul>/ )?.[ 0 ] ?? '' ).matchAll( /<li>(?:<a href="#[^"]+">)?([^<]+)/g ) ].map( ( m ) => m[ 1 ] );

before( async () => {
	await resetSite();
	const created = await post( `${ NS }/import`, { jobs: [
		{ external_id: 'apply-open', title: 'Staff Nurse', status: 'publish', contact_email: 'hiring@example.com' },
		{ external_id: 'apply-closed', title: 'Closed Nurse', status: 'closed' },
		{ external_id: 'apply-expired', title: 'Expired Nurse', status: 'publish', valid_through: '2020-01-01T00:00:00Z' },
	] } );
	expectStatus( created, 200 );
	jobs = {};
	for ( const key of [ 'open', 'closed', 'expired' ] ) {
		const id = await phpValue( `(int) $GLOBALS['wpdb']->get_var( "SELECT post_id FROM {$GLOBALS['wpdb']->postmeta} WHERE meta_key = '_recruiting_external_id' AND meta_value = 'apply-${ key }'" )` );
		jobs[ key ] = { id, link: await phpValue( `get_permalink( ${ id } )` ) };
	}
	await setOption( 'min_seconds', '0' );
	await setOption( 'rate_limit', '1000' );
	await php( `$GLOBALS['wpdb']->query( 'DELETE FROM ' . RecruitingReports\\Data\\Schema::table( 'rate_limits' ) );` );
} );

// Test options leave with the test (the uninstall suite checks that no recruiting option remains).
after( () => php( `delete_option( 'recruiting_test_apply_min_seconds' ); delete_option( 'recruiting_test_apply_rate_limit' );` ) );

test( 'an open job page shows the form: labelled fields, the consent with the policy, no nonce, a hidden honeypot', { timeout: TIMEOUT }, async () => {
	const { status, html, token } = await page( jobs.open.link );
	assert.equal( status, 200 );
	assert.match( html, /<form class="rr-apply__form" method="post" enctype="multipart\/form-data" novalidate>/ );
	for ( const [ field, label ] of [ [ 'rr_name', 'Name' ], [ 'rr_email', 'E-mail' ], [ 'rr_phone', 'Phone' ], [ 'rr_cv', 'CV' ], [ 'rr_cover_letter', 'Cover letter' ] ] ) {
		assert.match( html, new RegExp( `<label for="rr-apply-${ jobs.open.id }-${ field }">${ label }` ), field );
	}
	assert.match( html, /type="checkbox" id="[^"]+-rr_consent" name="rr_consent" value="1" required/ );
	assert.match( token, /^\d+\.[a-f0-9]{24}$/ );
	assert.doesNotMatch( html, /_wpnonce|wp_rest/ );
	assert.match( html, /<div class="rr-apply__trap" aria-hidden="true">[\s\S]*name="rr_website"[^>]*tabindex="-1"/ );
	// Closed and expired jobs have no form.
	for ( const key of [ 'closed', 'expired' ] ) {
		const other = await page( jobs[ key ].link );
		assert.equal( other.status, 200 );
		assert.doesNotMatch( other.html, /<form class="rr-apply__form"/, key );
	}
} );

test( 'the form shows once on a block theme (the plugin’s Job template) and after the details on a classic theme', { timeout: TIMEOUT }, async ( t ) => {
	const forms = ( html ) => html.match( /<form class="rr-apply__form"/g )?.length ?? 0;
	const blockTheme = await page( jobs.open.link );
	assert.equal( forms( blockTheme.html ), 1 );
	// Elsewhere the block applies to the job chosen in its settings.
	const other = await phpValue( `get_permalink( wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Join us', 'post_content' => '<!-- wp:recruiting-reports/apply-form {"jobId":${ jobs.open.id }} /-->' ) ) )` );
	const chosen = await page( other );
	assert.equal( forms( chosen.html ), 1 );
	assert.match( chosen.html, new RegExp( `<input type="hidden" name="rr_apply" value="${ jobs.open.id }">` ) );
	if ( ! ( await phpValue( "file_exists( get_theme_root() . '/twentytwentyone/index.php' )" ) ) ) {
		t.skip( 'no classic theme with its PHP on this target (Debian’s wordpress-theme-twentytwentyone on native sites)' );
		return;
	}
	await php( "switch_theme( 'twentytwentyone' );" );
	try {
		const classic = await page( jobs.open.link );
		assert.equal( forms( classic.html ), 1 );
		// After the content (this job has no details to show before it).
		assert.match( classic.html, /<div class="entry-content">[\s\S]*<section class="rr-apply" id="rr-apply-\d+"/ );
	} finally {
		await php( "switch_theme( 'twentytwentyfour' );" );
	}
} );

test( 'an application: 303 to the thank-you state, stored through the one writer with its source, consent and CV', { timeout: TIMEOUT }, async () => {
	await put( `${ NS }/settings`, { apply_phone: 'required' } );
	// Queued, never sent (the cron queue does not run here): only what the form's write queues is looked at.
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'https://93.184.216.34/hook', events: [ 'application.created' ] } ), 201 );
	const before = await stored();
	const sent = await apply( jobs.open.link, { rr_phone: '+44 113 496 0000', rr_utm_source: 'LinkedIn', rr_utm_medium: 'social', rr_utm_campaign: 'spring' } );
	assert.equal( sent.status, 303, sent.html.slice( 0, 500 ) );
	await put( `${ NS }/settings`, { apply_phone: 'optional' } );
	const thanksUrl = new URL( sent.location, jobs.open.link );
	assert.equal( thanksUrl.searchParams.get( 'applied' ), String( jobs.open.id ) );
	const thanks = await page( thanksUrl );
	assert.match( thanks.html, /<p class="rr-apply__thanks" role="status">Thank you — we have received your application for Staff Nurse/ );
	assert.deepEqual( await stored(), { total: before.total + 1, files: before.files + 1, rows: before.rows + 1 } );
	const list = await get( `${ NS }/applications`, { query: { job_id: jobs.open.id } } );
	const application = list.json[ 0 ];
	assert.deepEqual( application.candidate, { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 113 496 0000' } );
	assert.equal( application.source, 'linkedin' );
	assert.equal( application.status, 'new' );
	const row = await phpValue( `RecruitingReports\\Data\\ApplicationForms::find( ${ application.id } )` );
	assert.equal( row.utm_medium, 'social' );
	assert.equal( row.utm_campaign, 'spring' );
	assert.equal( row.cover_letter, 'Hello' );
	assert.ok( Math.abs( Number( row.consent_at ) - Date.now() / 1000 ) < 600 );
	assert.equal( row.cv_type, 'application/pdf' );
	// The same writer as POST /applications: its webhook event is queued.
	const deliveries = await get( `${ NS }/webhooks/${ webhook.id }/deliveries` );
	assert.deepEqual( deliveries.json.map( ( delivery ) => delivery.event ), [ 'application.created' ] );
} );

test( 'the CV downloads with Read Applications only: attachment, nosniff, the same bytes; no public URL', { timeout: TIMEOUT }, async () => {
	const [ application ] = ( await get( `${ NS }/applications`, { query: { job_id: jobs.open.id } } ) ).json;
	const url = `${ process.env.RR_BASE_URL }/wp-json${ NS }/applications/${ application.id }/cv`;
	const download = await get( `${ NS }/applications/${ application.id }/cv` );
	assert.equal( download.status, 200 );
	assert.equal( download.headers.get( 'content-type' ), 'application/pdf' );
	assert.match( download.headers.get( 'content-disposition' ), /^attachment; filename="cv\.pdf"/ );
	assert.equal( download.headers.get( 'x-content-type-options' ), 'nosniff' );
	assert.equal( download.text, PDF.toString() );
	assert.equal( ( await fetch( url ) ).status, 401 );
	expectError( await get( `${ NS }/applications/999999/cv` ), 404, 'resource_not_found' );
	// Stored under two random names, with deny rules for Apache.
	const file = await phpValue( `RecruitingReports\\Data\\ApplicationForms::find( ${ application.id } )['cv_file']` );
	assert.match( file, /^[a-f0-9]{32}\.pdf$/ );
	const htaccess = await phpValue( `file_get_contents( RecruitingReports\\Careers\\CvStore::dir() . '/.htaccess' )` );
	assert.match( htaccess, /Require all denied/ );
	const guessed = await fetch( `${ process.env.RR_BASE_URL }/wp-content/uploads/recruiting-reports-private/${ file }` );
	const body = await guessed.text();
	assert.ok( ! body.includes( '%PDF-' ), `a guessed URL never serves the file (${ guessed.status }: ${ body.slice( 0, 300 ) })` );
	assert.notEqual( guessed.headers.get( 'content-type' ), 'application/pdf' );
} );

test( 'the same address to the same job again within minutes is answered as the first time, stored once', { timeout: TIMEOUT }, async () => {
	const before = await stored();
	const again = await apply( jobs.open.link, { rr_name: 'Ada L.' } );
	assert.equal( again.status, 303 );
	assert.deepEqual( await stored(), before );
} );

test( 'each refusal: its message, the input kept, nothing stored', { timeout: TIMEOUT }, async () => {
	const before = await stored();
	const email = { rr_email: 'grace@example.com', rr_name: 'Grace <Hopper>' };
	const cases = [
		[ 'missing consent', { ...email, rr_consent: null }, {}, 422, 'Please agree to the processing of your data, or we cannot consider your application.' ],
		[ 'a .php renamed .pdf', email, { file: Buffer.from( '<?php echo "x";' ), name: 'cv.pdf' }, 422, 'The CV must be a PDF, DOC, DOCX, ODT or RTF document. This file is none of them.' ],
		[ 'a file over the setting', email, { file: Buffer.concat( [ PDF, Buffer.alloc( 5 * 1024 * 1024 ) ] ) }, 422, 'The file is too large: a CV may have at most 5 MB.' ],
		[ 'no CV', email, { file: null }, 422, 'Choose your CV (PDF, DOC, DOCX, ODT or RTF).' ],
		[ 'no name, a bad address', { rr_name: ' ', rr_email: 'nope' }, {}, 422, 'Enter your name.' ],
		[ 'an over-long name', { ...email, rr_name: 'x'.repeat( 201 ) }, {}, 422, 'This may have at most 200 characters.' ],
		[ 'the honeypot', { ...email, rr_website: 'http://spam.example' }, {}, 400, 'Your application could not be sent. If you filled in the “Website” field, clear it and send the form again.' ],
		[ 'a forged token', { ...email, rr_token: '1.abc' }, {}, 400, 'The form could not be checked. Please reload the page and send it again.' ],
		// Posted to the job's page (the form was there before the job closed), which now has no form.
		[ 'a closed job', email, { jobId: jobs.closed.id, url: jobs.closed.link }, 422, 'This job no longer takes applications.' ],
		[ 'an expired job', email, { jobId: jobs.expired.id, url: jobs.expired.link }, 422, 'This job no longer takes applications.' ],
	];
	for ( const [ label, fields, options, status, message ] of cases ) {
		const refused = await apply( options.url ?? jobs.open.link, fields, options );
		assert.equal( refused.status, status, label );
		assert.equal( summary( refused.html )[ 0 ], message.replace( '<', '&lt;' ), label );
		assert.deepEqual( await stored(), before, label );
	}
	// Errors per field, tied to it, the input kept (escaped).
	const refused = await apply( jobs.open.link, { rr_name: ' ', rr_email: 'nope', rr_cover_letter: 'Dear "team" & co', rr_consent: null } );
	const id = `rr-apply-${ jobs.open.id }`;
	assert.deepEqual( summary( refused.html ), [ 'Enter your name.', 'Enter an e-mail address like name@example.com.', 'Please agree to the processing of your data, or we cannot consider your application.' ] );
	assert.match( refused.html, new RegExp( `<a href="#${ id }-rr_email">` ) );
	assert.match( refused.html, new RegExp( `<span class="rr-apply__error" id="${ id }-rr_email-error">Enter an e-mail address like name@example.com.</span><input type="email" value="nope" id="${ id }-rr_email" name="rr_email" maxlength="200" autocomplete="email" required aria-required="true" aria-invalid="true" aria-describedby="${ id }-rr_email-error">` ) );
	assert.match( refused.html, /<textarea rows="6" [^>]*>Dear &quot;team&quot; &amp; co<\/textarea>/ );
	assert.doesNotMatch( refused.html, /name="rr_consent" value="1" required aria-required="true" checked/ );
	// 20 MB: over post_max_size on native sites (PHP drops the whole request: 413, the file named as the reason);
	// Playground's PHP takes it, and the size setting refuses it (422) with the same message.
	const postMax = await phpValue( "wp_convert_hr_to_bytes( ini_get( 'post_max_size' ) )" );
	const huge = await apply( jobs.open.link, email, { file: Buffer.alloc( 20 * 1024 * 1024 ) } );
	assert.equal( huge.status, postMax < 20 * 1024 * 1024 ? 413 : 422 );
	assert.deepEqual( summary( huge.html ), [ 'The file is too large: a CV may have at most 5 MB.' ] );
	assert.deepEqual( await stored(), before );
} );

test( 'too fast and the rate limit refuse before anything is stored', { timeout: TIMEOUT }, async () => {
	const before = await stored();
	await setOption( 'min_seconds', '3600' );
	const fast = await apply( jobs.open.link, { rr_email: 'fast@example.com' } );
	assert.equal( fast.status, 400 );
	assert.deepEqual( summary( fast.html ), [ 'The form was sent too quickly after the page opened. Please check your details and send it again.' ] );
	await setOption( 'min_seconds', '0' );
	// Every attempt of this hour from this address counted so far; a limit of 1 is therefore reached.
	await setOption( 'rate_limit', '1' );
	const limited = await apply( jobs.open.link, { rr_email: 'limit@example.com' } );
	assert.equal( limited.status, 429 );
	assert.match( summary( limited.html )[ 0 ], /^Too many applications were sent from your connection\. Please try again in \d+ minutes?\.$/ );
	assert.deepEqual( await stored(), before );
	// Only a salted hash of the address is kept.
	const keys = await phpValue( `$GLOBALS['wpdb']->get_col( 'SELECT key_id FROM ' . RecruitingReports\\Data\\Schema::table( 'rate_limits' ) )` );
	assert.ok( keys.every( ( key ) => BigInt( key ) >= 2n ** 62n ), JSON.stringify( keys ) );
	await setOption( 'rate_limit', '1000' );
} );

test( 'the view script’s submission (Accept: application/json): the same rules, answered as JSON', { timeout: TIMEOUT }, async () => {
	const json = { headers: { Accept: 'application/json' } };
	const before = await stored();
	// The field rules and the abuse checks refuse as for the page, with their status; nothing stored.
	const cases = [
		[ { rr_email: 'json@example.com', rr_consent: null }, {}, 422, { rr_consent: 'Please agree to the processing of your data, or we cannot consider your application.' } ],
		[ { rr_email: 'json@example.com' }, { file: Buffer.from( '<?php echo "x";' ) }, 422, { rr_cv: 'The CV must be a PDF, DOC, DOCX, ODT or RTF document. This file is none of them.' } ],
		[ { rr_email: 'json@example.com', rr_website: 'http://spam.example' }, {}, 400, { form: 'Your application could not be sent. If you filled in the “Website” field, clear it and send the form again.' } ],
		[ { rr_email: 'json@example.com' }, { jobId: jobs.closed.id, url: jobs.closed.link }, 422, { form: 'This job no longer takes applications.' } ],
	];
	for ( const [ fields, options, status, errors ] of cases ) {
		const refused = await apply( options.url ?? jobs.open.link, fields, { ...options, ...json } );
		assert.equal( refused.status, status, JSON.stringify( errors ) );
		assert.deepEqual( JSON.parse( refused.html ), { errors } );
	}
	const huge = await apply( jobs.open.link, { rr_email: 'json@example.com' }, { file: Buffer.alloc( 20 * 1024 * 1024 ), ...json } );
	assert.equal( JSON.parse( huge.html ).errors.rr_cv, 'The file is too large: a CV may have at most 5 MB.' );
	assert.deepEqual( await stored(), before );
	// The messages the script checks with inline are the server's.
	const rules = JSON.parse( ( await page( jobs.open.link ) ).html.match( /data-rr-rules="([^"]+)"/ )[ 1 ].replace( /&quot;/g, '"' ).replace( /&amp;/g, '&' ) );
	assert.equal( rules.messages.rr_consent, cases[ 0 ][ 3 ].rr_consent );
	assert.equal( rules.maxBytes, 5 * 1024 * 1024 );
	// Accepted: the thank-you state's markup, no redirect; stored once.
	const sent = await apply( jobs.open.link, { rr_email: 'json@example.com' }, json );
	assert.equal( sent.status, 200 );
	assert.equal( sent.location, null );
	assert.match( JSON.parse( sent.html ).thanks, new RegExp( `^<section class="rr-apply" id="rr-apply-${ jobs.open.id }"[^>]*><h2[^>]*>Application sent</h2><p class="rr-apply__thanks" role="status">Thank you — we have received your application for Staff Nurse` ) );
	assert.deepEqual( await stored(), { total: before.total + 1, files: before.files + 1, rows: before.rows + 1 } );
} );

test( 'the source: utm_source first, else the landing page’s referrer mapped, else direct', { timeout: TIMEOUT }, async () => {
	const cases = [
		[ { rr_referrer: 'https://www.linkedin.com/feed/' }, 'linkedin' ],
		[ { rr_referrer: 'https://www.google.co.uk/' }, 'google' ],
		[ { rr_referrer: 'https://de.indeed.com/jobs' }, 'indeed' ],
		[ { rr_referrer: 'https://jobs.example.org/list' }, 'jobs.example.org' ],
		[ { rr_utm_source: 'newsletter', rr_referrer: 'https://www.google.com/' }, 'newsletter' ],
		[ {}, 'direct' ],
	];
	for ( const [ index, [ fields, source ] ] of cases.entries() ) {
		const email = `source${ index }@example.com`;
		const sent = await apply( jobs.open.link, { ...fields, rr_email: email } );
		assert.equal( sent.status, 303, JSON.stringify( fields ) );
		const found = await get( `${ NS }/applications`, { query: { search: email } } );
		assert.equal( found.json[ 0 ].source, source, JSON.stringify( fields ) );
	}
} );

test( 'POST /applications refuses a job past its valid_through in the API’s error shape', { timeout: TIMEOUT }, async () => {
	const refused = await post( `${ NS }/applications`, { job_id: jobs.expired.id, candidate: { name: 'Ann', email: 'ann@example.com' } } );
	expectError( refused, 400, 'rest_invalid_param' );
	assert.deepEqual( Object.keys( refused.json.data ), [ 'status', 'params' ] );
	assert.ok( refused.json.data.params.job_id );
} );

test( 'DELETE /applications/{id} deletes the CV file and the form row', { timeout: TIMEOUT }, async () => {
	const [ application ] = ( await get( `${ NS }/applications`, { query: { search: 'ada@example.com' } } ) ).json;
	const before = await stored();
	expectStatus( await del( `${ NS }/applications/${ application.id }` ), 200 );
	assert.deepEqual( await stored(), { total: before.total - 1, files: before.files - 1, rows: before.rows - 1 } );
	expectError( await get( `${ NS }/applications/${ application.id }/cv` ), 404, 'resource_not_found' );
} );

test( 'anonymising an application (privacy eraser, retention) deletes its CV file and form row too', { timeout: TIMEOUT }, async () => {
	const sent = await apply( jobs.open.link, { rr_email: 'anon@example.com' } );
	assert.equal( sent.status, 303 );
	const [ application ] = ( await get( `${ NS }/applications`, { query: { search: 'anon@example.com' } } ) ).json;
	const before = await stored();
	await phpValue( `! is_wp_error( RecruitingReports\\Data\\ApplicationEraser::anonymise( ${ application.id } ) )` );
	assert.deepEqual( await stored(), { total: before.total, files: before.files - 1, rows: before.rows - 1 } );
} );
