// Several REST requests in one PHP process (a batch, a preload, WP-CLI): what a list primed for its own items
// (jobs' application counts, applications' ratings) does not answer a later request after a write.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { resetSite } from './lib/api.mjs';
import { php } from './lib/reports.mjs';

before( resetSite );

/** Runs REST requests in one PHP process as the admin; returns each one's data. */
async function inOneProcess( steps ) {
	const out = await php( `
		wp_set_current_user( get_user_by( 'login', 'admin' )->ID );
		$answers = array();
		$do = static function ( $method, $path, $body = null ) use ( &$answers ) {
			$request = new WP_REST_Request( $method, $path );
			if ( null !== $body ) {
				$request->set_header( 'Content-Type', 'application/json' );
				$request->set_body( wp_json_encode( $body ) );
			}
			$response  = rest_do_request( $request );
			$answers[] = rest_get_server()->response_to_data( $response, false );
			return $answers[ count( $answers ) - 1 ];
		};
		${ steps }
		echo wp_json_encode( $answers );
	` );
	return JSON.parse( out );
}

test( 'a job read after a listing and a new application counts it', async () => {
	const answers = await inOneProcess( `
		$job = $do( 'POST', '/recruiting/v1/jobs', array( 'title' => 'Counted', 'status' => 'publish' ) );
		$do( 'GET', '/recruiting/v1/jobs' );
		$do( 'POST', '/recruiting/v1/applications', array( 'job_id' => $job['id'], 'candidate' => array( 'name' => 'A', 'email' => 'a@example.com' ) ) );
		$do( 'GET', '/recruiting/v1/jobs/' . $job['id'] );
	` );
	assert.equal( answers[ 1 ][ 0 ].application_counts.total, 0 );
	assert.equal( answers[ 3 ].application_counts.total, 1 );
} );

test( 'an application read after a listing and a new rating shows it', async () => {
	const answers = await inOneProcess( `
		$job = $do( 'POST', '/recruiting/v1/jobs', array( 'title' => 'Rated', 'status' => 'publish' ) );
		$application = $do( 'POST', '/recruiting/v1/applications', array( 'job_id' => $job['id'], 'candidate' => array( 'name' => 'B', 'email' => 'b@example.com' ) ) );
		$do( 'GET', '/recruiting/v1/applications' );
		$do( 'PUT', '/recruiting/v1/applications/' . $application['id'] . '/rating', array( 'score' => 4 ) );
		$do( 'GET', '/recruiting/v1/applications/' . $application['id'] );
	` );
	assert.equal( answers[ 2 ][ 0 ].rating.count, 0 );
	assert.equal( answers[ 4 ].rating.count, 1, JSON.stringify( answers[ 4 ] ).slice( 0, 500 ) );
} );
