// The apply form's data in WordPress's privacy tools (issue #24, step 6): Tools › Export Personal Data's archive —
// built by core (wp_privacy_process_personal_data_export_page → wp_privacy_generate_personal_data_export_file)
// and downloaded from its URL as the candidate gets it — holds the form's data (consent time and policy version,
// the campaign, the cover letter, the CV's record) and the CV file itself, byte for byte; the eraser removes
// the CV file and the form's row.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { expectStatus, post, resetSite } from './lib/api.mjs';
import { php, phpString, phpValue } from './lib/credentials.mjs';
import { PDF, submitApplication } from './lib/apply-form.mjs';
import { eraseFor } from './lib/privacy.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;
const EMAIL = 'export.candidate@example.com';
// A CV no other test uploads: its bytes must come back exactly.
const CV = Buffer.concat( [ PDF, crypto.randomBytes( 4096 ) ] );

let job;
let workDir;

/**
 * Runs an export request for an address as Tools › Export Personal Data does (each exporter page by page through
 * core's wp_privacy_process_personal_data_export_page, which writes the archive after the last one) and returns
 * the archive's URL.
 */
const exportArchiveUrl = ( email ) =>
	phpValue( `( function () {
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		wp_set_current_user( 1 );
		$request_id = wp_create_user_request( ${ phpString( email ) }, 'export_personal_data', array(), 'confirmed' );
		$exporters  = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$keys       = array_keys( $exporters );
		foreach ( $keys as $index => $key ) {
			for ( $page = 1; $page < 100; $page++ ) {
				$response = call_user_func( $exporters[ $key ]['callback'], ${ phpString( email ) }, $page );
				$response = wp_privacy_process_personal_data_export_page( $response, $index + 1, ${ phpString( email ) }, $page, $request_id, false, $key );
				if ( $response['done'] ) { break; }
			}
		}
		// Completed, as the admin marks it, so the next request for the address is not a duplicate.
		_wp_privacy_completed_request( $request_id );
		return $response['url'];
	} )()` );

/** A file of a zip archive, as bytes. */
const unzip = ( zip, name ) => execFileSync( 'unzip', [ '-p', zip, name ], { maxBuffer: 64 * 1024 * 1024 } );

before( async () => {
	await resetSite();
	const created = expectStatus( await post( `${ NS }/import`, { jobs: [ { external_id: 'privacy-apply', title: 'Night Porter', status: 'publish' } ] } ), 200 );
	job = { id: created.jobs.ids[ 'privacy-apply' ] };
	job.link = await phpValue( `get_permalink( ${ job.id } )` );
	await php( `update_option( 'recruiting_test_apply_min_seconds', '0' ); update_option( 'recruiting_test_apply_rate_limit', '1000' );` );
	// A privacy policy page, so the consent has a version.
	await php( `update_option( 'wp_page_for_privacy_policy', wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Privacy Policy' ) ) );` );
	workDir = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-export-' ) );
} );

after( async () => {
	await php( `delete_option( 'recruiting_test_apply_min_seconds' ); delete_option( 'recruiting_test_apply_rate_limit' );` );
	fs.rmSync( workDir, { recursive: true, force: true } );
} );

test( 'Export Personal Data: the form’s data in the report and the CV file itself in the archive', { timeout: TIMEOUT }, async () => {
	const sent = await submitApplication( job.link, { rr_email: EMAIL, rr_cover_letter: 'I know the night shift.\nReferences on request.', rr_utm_source: 'newsletter', rr_utm_medium: 'email', rr_utm_campaign: 'winter' }, { file: CV, name: 'My CV.pdf', jobId: job.id } );
	assert.equal( sent.status, 303, sent.html.slice( 0, 300 ) );
	const [ id ] = await phpValue( `RecruitingReports\\Data\\ApplicationEraser::ids_for_email( ${ phpString( EMAIL ) }, 10 )` );
	const form = await phpValue( `RecruitingReports\\Data\\ApplicationForms::find( ${ id } )` );

	const url = await exportArchiveUrl( EMAIL );
	const download = await fetch( url );
	assert.equal( download.status, 200, url );
	const zip = path.join( workDir, 'export.zip' );
	fs.writeFileSync( zip, Buffer.from( await download.arrayBuffer() ) );
	const listing = execFileSync( 'unzip', [ '-Z1', zip ], { encoding: 'utf8' } ).trim().split( '\n' ).sort();
	const cvName = `recruiting-cvs/application-${ id }-My-CV.pdf`;
	assert.deepEqual( listing, [ 'export.json', 'index.html', cvName ] );
	assert.ok( unzip( zip, cvName ).equals( CV ), 'the CV in the archive is the uploaded file, byte for byte' );

	const report = Object.values( JSON.parse( unzip( zip, 'export.json' ).toString( 'utf8' ) ) )[ 0 ];
	const [ item ] = Object.values( report[ 'recruiting-applications' ].items );
	const fields = Object.fromEntries( item.map( ( { name, value } ) => [ name, value ] ) );
	assert.equal( fields[ 'E-mail' ], EMAIL );
	assert.equal( fields.Source, 'newsletter' );
	assert.equal( fields[ 'Campaign medium (utm_medium)' ], 'email' );
	assert.equal( fields[ 'Campaign (utm_campaign)' ], 'winter' );
	// A form's line breaks arrive as CRLF (the multipart encoding); exported as stored.
	assert.match( form.cover_letter, /^I know the night shift\.\r\nReferences on request\.$/ );
	assert.equal( fields[ 'Cover letter' ], form.cover_letter );
	assert.match( form.policy_version, /^\d+@\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ );
	assert.equal( fields[ 'Privacy policy version agreed to' ], form.policy_version );
	assert.equal( fields[ 'Consent to processing given' ], await phpValue( `wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), ${ form.consent_at } )` ) );
	assert.equal( fields.CV, `My-CV.pdf (${ await phpValue( `size_format( ${ CV.length } )` ) }), the file itself: ${ cvName } in this archive` );
	// The HTML report says the same.
	assert.match( unzip( zip, 'index.html' ).toString( 'utf8' ), /<th>Cover letter<\/th><td>I know the night shift\./ );
} );

test( 'Erase Personal Data: the CV file and the form’s row go with the application', { timeout: TIMEOUT }, async () => {
	const [ id ] = await phpValue( `RecruitingReports\\Data\\ApplicationEraser::ids_for_email( ${ phpString( EMAIL ) }, 10 )` );
	const file = await phpValue( `RecruitingReports\\Careers\\CvStore::path( RecruitingReports\\Data\\ApplicationForms::find( ${ id } )['cv_file'] )` );
	assert.ok( file, 'the CV is stored' );
	const calls = await eraseFor( EMAIL );
	assert.equal( calls.at( -1 ).done, true );
	assert.ok( calls.some( ( call ) => call.items_removed ) );
	assert.equal( await phpValue( `file_exists( ${ phpString( file ) } )` ), false, 'the CV file is deleted' );
	assert.equal( await phpValue( `RecruitingReports\\Data\\ApplicationForms::find( ${ id } )` ), null );
	// A new export finds nothing of it: no CV in the archive.
	const zip = path.join( workDir, 'after.zip' );
	fs.writeFileSync( zip, Buffer.from( await ( await fetch( await exportArchiveUrl( EMAIL ) ) ).arrayBuffer() ) );
	assert.deepEqual( execFileSync( 'unzip', [ '-Z1', zip ], { encoding: 'utf8' } ).trim().split( '\n' ).sort(), [ 'export.json', 'index.html' ] );
} );
