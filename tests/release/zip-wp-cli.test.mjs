// WP-CLI on the plugin as installed from recruiting-reports.zip (after zip-install.test.mjs installed and
// activated it): the operator's commands work from the release, and the development-only command
// (`seed benchmark`, in dev/) is not there. The commands' full behaviour is covered by
// tests/integration/cli.test.mjs on a checkout. Neither npm nor Debian serves WP-CLI: this runs only with
// RR_WP_CLI=/path/to/wp-cli.phar and is otherwise reported as skipped, with that reason.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { job, application } from '../integration/lib/fixtures.mjs';
import { skipWithoutWpCli, wp, wpOk, WP_PATH } from '../integration/lib/wp-cli.mjs';

const installed = path.join( WP_PATH, 'wp-content/plugins/recruiting-reports/plugin.php' );
const skip =
	skipWithoutWpCli ||
	( ! fs.existsSync( installed ) && 'the zip is not installed (zip-install.test.mjs installs it)' ) ||
	false;

test( 'the release zip\'s install has the operator commands and not the development seeder', { skip }, async () => {
	const help = await wpOk( [ 'help', 'recruiting' ] );
	for ( const command of [ 'import', 'report', 'seed', 'summaries', 'webhooks', 'cache', 'keys' ] ) {
		assert.match( help, new RegExp( `^\\s+${ command }\\s+\\S`, 'm' ) );
	}
	assert.doesNotMatch( await wpOk( [ 'help', 'recruiting', 'seed' ] ), /benchmark/ );
	const benchmark = await wp( [ 'recruiting', 'seed', 'benchmark', '--applications=10' ] );
	assert.equal( benchmark.code, 1 );
	assert.match( benchmark.stderr, /'benchmark' is not a registered subcommand of 'recruiting seed'/ );

	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-zip-cli-' ) );
	try {
		const file = path.join( dir, 'import.json' );
		fs.writeFileSync(
			file,
			JSON.stringify( {
				jobs: [ job( 'zip-job' ) ],
				applications: [ application( 'zip-app', 'zip-job', { history: [ { status: 'screening', at: '2025-01-06T10:00:00Z' } ] } ) ],
			} )
		);
		assert.match( await wpOk( [ 'recruiting', 'import', file, '--user=admin' ] ), /Success: Imported 1 jobs \(1 created, 0 updated\) and 1 applications \(1 created, 0 updated\) with 2 history entries in 1 batch\./ );
	} finally {
		fs.rmSync( dir, { recursive: true, force: true } );
	}
	const report = JSON.parse( await wpOk( [ 'recruiting', 'report', 'overview', '--date_from=2025-01-01', '--date_to=2025-01-31', '--format=json' ] ) );
	assert.equal( report.applications.new_this_period, 1 );
	assert.equal( report.applications.by_status.screening, 1 );
	assert.match( await wpOk( [ 'recruiting', 'summaries', 'rebuild' ] ), /Rebuilt the report summaries of 1 applications/ );
	assert.match( await wpOk( [ 'recruiting', 'keys', 'create', '--user=admin', '--name=Release', '--permissions=recruiting_read_applications', '--porcelain' ] ), /^rp_live_[0-9A-Za-z]{44}\n$/ );
	assert.match( await wpOk( [ 'recruiting', 'cache', 'flush' ] ), /Success/ );
} );
