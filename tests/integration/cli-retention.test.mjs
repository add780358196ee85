// `wp recruiting retention run [--dry-run]` (issue #23): the same run as the daily cron (Privacy\Retention::run,
// covered over REST by retention.test.mjs), from the command line. Needs the real WP-CLI: skipped unless RR_WP_CLI
// names a wp-cli.phar (no WP-CLI can be installed on these machines), and on Playground (lib/wp-cli.mjs).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, get, post, put, resetSite } from './lib/api.mjs';
import { php } from './lib/credentials.mjs';
import { application, iso, job } from './lib/fixtures.mjs';
import { wp, skipWithoutWpCli } from './lib/wp-cli.mjs';

const NS = '/recruiting/v1';
const skip = skipWithoutWpCli;

before( async () => {
	if ( skip ) {
		return;
	}
	await resetSite();
	const summary = expectStatus(
		await post( `${ NS }/import`, {
			jobs: [ job( 'cli-ret-job' ) ],
			applications: [ 'cli-ret-1', 'cli-ret-2' ].map( ( ref ) => application( ref, 'cli-ret-job', { history: [ { status: 'rejected', at: iso( Date.now() - 86400000 ) } ] } ) ),
		} ),
		200
	);
	await php( `global $wpdb; $wpdb->query( $wpdb->prepare( 'UPDATE %i SET updated_at = %d', \\RecruitingReports\\Data\\Schema::table( 'applications' ), time() - 400 * DAY_IN_SECONDS ) );` );
	expectStatus( await put( `${ NS }/retention`, { rules: { rejected: { action: 'anonymise', months: 6 } } } ), 200 );
	assert.equal( Object.keys( summary.applications.ids ).length, 2 );
} );

test( 'wp recruiting retention run --dry-run counts and changes nothing; run anonymises and logs', { skip }, async () => {
	const dry = await wp( [ 'recruiting', 'retention', 'run', '--dry-run' ] );
	assert.equal( dry.code, 0, dry.stderr );
	assert.match( dry.stdout, /rejected: would anonymise 2/ );
	assert.deepEqual( expectStatus( await get( `${ NS }/retention/log` ), 200 ), [] );

	const run = await wp( [ 'recruiting', 'retention', 'run' ] );
	assert.equal( run.code, 0, run.stderr );
	assert.match( run.stdout, /Success: Done: 2 applications/ );
	const [ entry ] = expectStatus( await get( `${ NS }/retention/log` ), 200 );
	assert.equal( entry.trigger, 'cli' );
	assert.equal( entry.rules.rejected.applications, 2 );
	const list = expectStatus( await get( `${ NS }/applications` ), 200 );
	assert.ok( list.every( ( row ) => row.candidate.name === '[deleted]' ) );
} );
