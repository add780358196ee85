// Recruiting › Settings › Privacy in Chromium (issue #23): an admin turns a retention rule on, sees what a run today
// would take, follows the count to the Applications list holding exactly those applications; axe on the tab; the
// notice before the first run on the dashboard.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, assertAccessible } from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { runPhp } from './lib/api.mjs';

setUpAdminPage( {
	// Three rejected applications: two last changed 8 months ago (due under a 6-month rule), one last week.
	prepare: async () => {
		await runPhp( `global $wpdb;
			foreach ( \\RecruitingReports\\Data\\Schema::TABLES as $name ) { $wpdb->query( 'DELETE FROM ' . \\RecruitingReports\\Data\\Schema::table( $name ) ); }
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s', $wpdb->options, 'recruiting\\_reports\\_retention%' ) );
			wp_cache_flush();
			$day = DAY_IN_SECONDS;
			$apps = array();
			foreach ( array( 'ret-e2e-1' => 240, 'ret-e2e-2' => 245, 'ret-e2e-3' => 7 ) as $ref => $days ) {
				$apps[] = array( 'external_id' => $ref, 'job' => 'ret-e2e-job', 'candidate' => array( 'name' => 'Retention ' . $ref, 'email' => $ref . '@example.com' ), 'applied_at' => gmdate( 'c', time() - ( $days + 5 ) * $day ), 'history' => array( array( 'status' => 'rejected', 'at' => gmdate( 'c', time() - $days * $day ) ) ) );
			}
			$summary = ( new \\RecruitingReports\\Import\\Importer() )->import( array( 'jobs' => array( array( 'external_id' => 'ret-e2e-job', 'title' => 'Retention e2e', 'status' => 'publish' ) ), 'applications' => $apps ), 1 );
			foreach ( array( 'ret-e2e-1' => 240, 'ret-e2e-2' => 245, 'ret-e2e-3' => 7 ) as $ref => $days ) {
				$wpdb->update( \\RecruitingReports\\Data\\Schema::table( 'applications' ), array( 'updated_at' => time() - $days * $day ), array( 'id' => ( (array) $summary['applications']['ids'] )[ $ref ] ) );
			}` );
	},
} );

test( 'Privacy tab: turn a rule on, see what it would take today, open exactly those applications', { timeout: 180_000 }, async () => {
	await page.goto( `${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports-settings#privacy` );
	await page.getByText( 'No rule is on: nothing is anonymised or deleted.' ).waitFor();
	await assertAccessible( page, '.rr-settings', 'the Privacy tab' );

	const rejected = page.getByRole( 'group', { name: 'Rejected' } );
	await rejected.getByLabel( 'Action' ).selectOption( 'anonymise' );
	await rejected.getByLabel( 'After (months)' ).selectOption( '6' );
	await page.getByRole( 'button', { name: 'Save retention rules' } ).click();
	const link = page.getByRole( 'link', { name: '2 applications would be anonymised today' } );
	await link.waitFor();
	assert.equal( await page.getByText( 'No run yet.' ).count(), 1 );

	await link.click();
	await page.locator( '.rr-apps__count[data-total="2"]' ).waitFor();
	for ( const ref of [ 'ret-e2e-1', 'ret-e2e-2' ] ) {
		await page.getByText( `Retention ${ ref }` ).first().waitFor();
	}
	assert.equal( await page.getByText( 'Retention ret-e2e-3' ).count(), 0 );

	await page.goto( `${ BASE_URL }/wp-admin/index.php` );
	const notice = page.locator( '[data-rr-notice="retention"]' );
	await notice.waitFor();
	assert.match( await notice.innerText(), /it would anonymise or delete 2 applications/ );
	assertNoConsoleErrors( 'the Privacy tab and the Applications list' );
} );
