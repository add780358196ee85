// What the careers e2e files share: the REST calls as the administrator, a PDF on disk to upload, the apply
// form's settings for a test (no minimum fill time: the browser is faster than a person, and the test must not
// wait) and the demo data put back afterwards (the files after them read it).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPhp } from './api.mjs';
import { BASE_URL } from './browser.mjs';

export const ADMIN_AUTH = { Authorization: 'Basic ' + Buffer.from( `${ process.env.RR_ADMIN_USER || 'admin' }:${ process.env.RR_ADMIN_APP_PASSWORD }` ).toString( 'base64' ) };

export const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/** A REST call as the administrator; fails the test on an error status. */
export async function rest( method, route, body ) {
	const response = await fetch( `${ BASE_URL }/wp-json${ route }`, { method, headers: { ...ADMIN_AUTH, 'Content-Type': 'application/json' }, body: body ? JSON.stringify( body ) : undefined } );
	assert.ok( response.ok, `${ method } ${ route }: ${ response.status } ${ await response.clone().text() }` );
	return response.json();
}

/** A file with this content under this name, in a temporary folder. */
export function tempFile( name, content ) {
	const file = path.join( fs.mkdtempSync( path.join( os.tmpdir(), 'rr-cv-' ) ), name );
	fs.writeFileSync( file, content );
	return file;
}

/** An empty site with these jobs, the form's minimum fill time off and the apply rate limit's windows cleared. */
export async function careersSite( jobs ) {
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	await rest( 'POST', '/recruiting/v1/import', { jobs } );
	await runPhp( `update_option( 'recruiting_test_apply_min_seconds', '0' ); $GLOBALS['wpdb']->query( 'DELETE FROM ' . RecruitingReports\\Data\\Schema::table( 'rate_limits' ) );` );
}

/** The demo data back in place of a careers file's jobs and applications, the test option gone. */
export async function restoreDemoData() {
	await runPhp( `delete_option( 'recruiting_test_apply_min_seconds' ); delete_option( 'recruiting_test_apply_rate_limit' );` );
	await rest( 'POST', '/recruiting-test/v1/reset', {} );
	await runPhp( '$result = \\RecruitingReports\\Seed\\DemoData::seed(); if ( is_wp_error( $result ) ) { throw new Exception( $result->get_error_message() ); }' );
}

/** The application of an address, through the API. */
export async function applicationOf( email ) {
	const found = await rest( 'GET', `/recruiting/v1/applications?search=${ encodeURIComponent( email ) }` );
	assert.equal( found.length, 1, `one application of ${ email }` );
	return found[ 0 ];
}

/**
 * Counts the page's main-frame navigations from now on, and marks the document: a reload or a new page would
 * lose the mark.
 */
export async function watchNavigations( page ) {
	const seen = [];
	page.on( 'framenavigated', ( frame ) => {
		if ( frame === page.mainFrame() ) seen.push( frame.url() );
	} );
	await page.evaluate( () => {
		window.rrSameDocument = true;
	} );
	return {
		async assertNone( where ) {
			assert.deepEqual( seen, [], `no navigation ${ where }` );
			assert.equal( await page.evaluate( () => window.rrSameDocument ), true, `the same document ${ where }` );
		},
	};
}
