// Uninstall (issue #12, defect 4): with "delete data on uninstall" on, the plugin's uninstall.php leaves no row of
// its own behind — options, transients and their expiry rows, tables, jobs, capabilities, the role, post meta; with it
// off, everything stays. uninstall.php runs here as WordPress runs it (WP_UNINSTALL_PLUGIN defined, the file
// included), without deleting the plugin's files; the site is reinstalled afterwards for the suites that follow.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectStatus, get, post, put, resetSite, siteState } from './lib/api.mjs';
import { makeUser, phpValue } from './lib/credentials.mjs';
import { application, job } from './lib/fixtures.mjs';

const TIMEOUT = 120_000;

/** Every row of WordPress's tables that names the plugin (options, post meta, user meta) and the jobs left. */
const leftovers = () =>
	phpValue( `( function () {
		global $wpdb;
		return array(
			'options'   => $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%recruiting%'" ),
			'postmeta'  => $wpdb->get_col( "SELECT DISTINCT meta_key FROM {$wpdb->postmeta} WHERE meta_key LIKE '%recruiting%'" ),
			'usermeta'  => $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT CONCAT( meta_key, '=', meta_value ) FROM {$wpdb->usermeta} WHERE meta_key LIKE '%recruiting%' OR ( meta_key = %s AND meta_value LIKE '%recruit%' )", $wpdb->get_blog_prefix() . 'capabilities' ) ),
			'jobs'      => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'recruiting_job'" ),
			'tables'    => $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'recruiting_' ) . '%' ) ),
			'recruiter' => (bool) get_role( 'recruiter' ),
		);
	} )()` );

let plugin;

/** As WordPress does it: the plugin is deactivated, then its uninstall.php runs with WP_UNINSTALL_PLUGIN defined. */
const uninstall = async () => {
	plugin = await phpValue( `( function () {
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$plugin = plugin_basename( RECRUITING_REPORTS_FILE );
		deactivate_plugins( $plugin );
		define( 'WP_UNINSTALL_PLUGIN', $plugin );
		include RECRUITING_REPORTS_DIR . '/uninstall.php';
		return $plugin;
	} )()` );
};

const ADMIN_API = "require_once ABSPATH . 'wp-admin/includes/plugin.php'";
const reactivate = () => phpValue( `( function () { ${ ADMIN_API }; return activate_plugin( ${ JSON.stringify( plugin ) } ); } )()` );

before( async () => {
	await resetSite();
	expectStatus( await post( '/recruiting/v1/import', { jobs: [ job( 'un-job' ) ], applications: [ application( 'un-1', 'un-job' ) ] } ), 200 );
	// A cached report (a transient with its expiry row) and a post saved by a logged-in user (block visibility's record).
	expectStatus( await get( '/recruiting/v1/reports/overview' ), 200 );
	expectStatus( await post( '/wp/v2/posts', { title: 'Report page', status: 'publish', content: '<!-- wp:recruiting-reports/report /-->' } ), 201 );
	// A member of the Recruiter role, and an Editor granted one capability directly.
	await makeUser( 'un-recruiter', 'recruiter' );
	const editor = await makeUser( 'un-editor', 'editor' );
	await phpValue( `get_user_by( 'id', ${ editor.id } )->add_cap( 'recruiting_read_applications' )` );
	// A CV in the apply form's private folder (as CvStore::store() leaves one).
	await phpValue( `copy( __FILE__, RecruitingReports\\Careers\\CvStore::dir() . '/' . str_repeat( 'a', 32 ) . '.pdf' )` );
} );

const cvFolderExists = () => phpValue( `is_dir( WP_CONTENT_DIR . '/uploads/recruiting-reports-private' )` );

after( async () => {
	// Back to an active plugin with default settings for the suites that follow.
	if ( plugin && ! ( await phpValue( `( function () { ${ ADMIN_API }; return is_plugin_active( ${ JSON.stringify( plugin ) } ); } )()` ) ) ) {
		await reactivate();
	}
	await resetSite();
} );

test( 'with "delete data" off, uninstall keeps everything', { timeout: TIMEOUT }, async () => {
	const before = await leftovers();
	assert.ok( before.options.some( ( name ) => name.startsWith( '_transient_timeout_recruiting_reports_' ) ), JSON.stringify( before.options ) );
	await uninstall();
	assert.deepEqual( await leftovers(), before );
	assert.equal( await cvFolderExists(), true, 'the CVs stay' );
	await reactivate();
	assert.equal( ( await siteState() ).tables.applications, 1 );
} );

test( 'with "delete data" on, uninstall leaves no option, transient (nor its expiry row), table, job, meta, capability or role', { timeout: TIMEOUT }, async () => {
	expectStatus( await put( '/recruiting/v1/settings', { delete_data_on_uninstall: true } ), 200 );
	expectStatus( await get( '/recruiting/v1/reports/time-to-hire' ), 200 );
	await uninstall();
	assert.deepEqual( await leftovers(), { options: [], postmeta: [], usermeta: [], jobs: 0, tables: [], recruiter: false } );
	assert.equal( await cvFolderExists(), false, 'the CV folder is gone' );
} );
