// Multisite lifecycle (issue #29, item 1), on a subdirectory network of this file's own (lib/network.mjs) with the
// plugin network-activated: a new site is set up at creation with the network's defaults; sites keep their data
// apart; a deleted site takes its tables and CV files with it; network deactivation leaves no scheduled event on any
// site; the schema upgrade reaches every site from one place; uninstall cleans every site that opted in (and goes
// on where a cut-short run stopped) and keeps the others whole.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectStatus } from './lib/api.mjs';
import { application, job } from './lib/fixtures.mjs';
import { SCHEMA, skipWithoutNetwork, startNetwork } from './lib/network.mjs';
import { skipWithoutWpCli, wp } from './lib/wp-cli.mjs';

const TIMEOUT = 120_000;

let network;

/** What one site holds of the plugin, read inside that site (no request reaches it). */
const siteState = ( id ) =>
	network.phpValue( `( function () {
		global $wpdb;
		switch_to_blog( ${ Number( id ) } );
		// The plugin's folder (CvStore::base()), spelled out: the plugin is not loaded while it is inactive.
		$cv_dir = wp_upload_dir( null, false )['basedir'] . '/recruiting-reports-private';
		$state  = array(
			'tables'    => count( $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->get_blog_prefix( ${ Number( id ) } ) . 'recruiting_' ) . '%' ) ) ),
			'version'   => (int) get_option( 'recruiting_reports_db_version' ),
			'recruiter' => (bool) get_role( 'recruiter' ),
			'admin_cap' => (bool) get_role( 'administrator' )->has_cap( 'recruiting_read_applications' ),
			'settings'  => get_option( 'recruiting_reports_settings' ),
			'retention' => get_option( 'recruiting_reports_retention' ),
			'options'   => $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%recruiting%' ORDER BY option_name" ),
			'cv_files'  => is_dir( $cv_dir ) ? count( glob( $cv_dir . '/*/*.pdf' ) ) : 0,
			'cv_dir'    => $cv_dir,
		);
		restore_current_blog();
		return $state;
	} )()` );

/** The plugin's scheduled events of every site: site id => hook names. */
const cronHooks = () =>
	network.phpValue( `( function () {
		$out = array();
		foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $id ) {
			switch_to_blog( $id );
			$hooks = array();
			foreach ( (array) _get_cron_array() as $events ) {
				foreach ( array_keys( (array) $events ) as $hook ) {
					if ( str_starts_with( $hook, 'recruiting_reports' ) ) { $hooks[] = $hook; }
				}
			}
			sort( $hooks );
			$out[ $id ] = array_values( array_unique( $hooks ) );
			restore_current_blog();
		}
		return $out;
	} )()` );

/** A CV in a site's private folder, under a new name, as CvStore::store() leaves one. */
const putCv = ( id ) =>
	network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ Number( id ) }, static fn() => copy( __FILE__, RecruitingReports\\Careers\\CvStore::dir() . '/' . bin2hex( random_bytes( 16 ) ) . '.pdf' ) )` );

/** Any request to a site runs its init, which schedules its events. */
const visit = async ( slug ) => expectStatus( await network.siteRequest( slug, 'GET', '/recruiting/v1/jobs' ), 200 );

const PLUGIN_API = "require_once ABSPATH . 'wp-admin/includes/plugin.php'";
// Spelled out: while the plugin is inactive its constants are not defined.
const pluginFile = "'recruiting-reports/plugin.php'";

describe( 'multisite lifecycle', { skip: skipWithoutNetwork }, () => {
	before( async () => {
		network = await startNetwork();
	}, { timeout: TIMEOUT } );

	after( async () => {
		await network?.stop();
	} );

	test( 'a new site is set up at creation, with the network\'s defaults, before any request reaches it', { timeout: TIMEOUT }, async () => {
		await network.phpValue( `RecruitingReports\\Network\\NetworkSettings::update( array(
			'settings'  => array( 'rate_limit_per_hour' => 77, 'default_period' => 'last_30_days', 'delete_data_on_uninstall' => true ),
			'retention' => array( 'rejected' => array( 'action' => 'delete', 'months' => 7 ) ),
		) )` );
		const id = await network.createSite( 'alpha' );
		const state = await siteState( id );
		assert.equal( state.tables, SCHEMA.tables );
		assert.equal( state.version, SCHEMA.version );
		assert.equal( state.recruiter, true );
		assert.equal( state.admin_cap, true );
		assert.equal( state.settings.rate_limit_per_hour, 77 );
		assert.equal( state.settings.default_period, 'last_30_days' );
		assert.equal( state.settings.delete_data_on_uninstall, true );
		assert.deepEqual( state.retention.rejected, { action: 'delete', months: 7 } );
		assert.deepEqual( state.retention.hired, { action: 'off', months: 24 }, 'rules without a network default start off' );
		// Changing a default afterwards leaves existing sites alone.
		await network.phpValue( `RecruitingReports\\Network\\NetworkSettings::update( array( 'settings' => array( 'rate_limit_per_hour' => 1000, 'delete_data_on_uninstall' => false ), 'retention' => array( 'rejected' => array( 'action' => 'off' ) ) ) )` );
		assert.equal( ( await siteState( id ) ).settings.rate_limit_per_hour, 77 );
		// A site of a network with no defaults stored yet gets a single site's defaults.
		const main = await siteState( 1 );
		assert.equal( main.settings.rate_limit_per_hour, 1000 );
	} );

	test( 'each site keeps its own applications, CVs and events', { timeout: TIMEOUT }, async () => {
		const alpha = 2;
		expectStatus( await network.siteRequest( 'alpha', 'POST', '/recruiting/v1/import', { body: { jobs: [ job( 'a-job' ) ], applications: [ application( 'a-1', 'a-job' ), application( 'a-2', 'a-job' ) ] } } ), 200 );
		await putCv( alpha );
		await visit( '' );
		const [ alphaApps, mainApps ] = await Promise.all( [ 'alpha', '' ].map( async ( slug ) => expectStatus( await network.siteRequest( slug, 'GET', '/recruiting/v1/applications' ), 200 ).length ) );
		assert.deepEqual( [ alphaApps, mainApps ], [ 2, 0 ] );
		const state = await siteState( alpha );
		assert.equal( state.cv_files, 1 );
		assert.match( state.cv_dir, /\/uploads\/sites\/2\/recruiting-reports-private$/ );
		assert.equal( ( await siteState( 1 ) ).cv_files, 0 );
		const hooks = await cronHooks();
		for ( const id of [ 1, alpha ] ) {
			assert.ok( hooks[ id ].includes( 'recruiting_reports_maintenance' ), `site ${ id }: ${ hooks[ id ] }` );
			assert.ok( hooks[ id ].includes( 'recruiting_reports_retention' ), `site ${ id }: ${ hooks[ id ] }` );
		}
	} );

	test( 'a deleted site takes its tables and CV files with it; the other sites keep theirs', { timeout: TIMEOUT }, async () => {
		const id = await network.createSite( 'doomed' );
		expectStatus( await network.siteRequest( 'doomed', 'POST', '/recruiting/v1/import', { body: { jobs: [ job( 'd-job' ) ], applications: [ application( 'd-1', 'd-job' ) ] } } ), 200 );
		await putCv( id );
		await putCv( 2 );
		const before = await siteState( id );
		assert.equal( before.cv_files, 1 );
		// Core's own removal of the site's upload folder filtered away (as a host that keeps uploads elsewhere does):
		// the CVs must go all the same.
		await network.phpValue( `( function () {
			require_once ABSPATH . 'wp-admin/includes/ms.php';
			add_filter( 'wpmu_delete_blog_upload_dir', '__return_empty_string' );
			wpmu_delete_blog( ${ id }, true );
			return true;
		} )()` );
		const leftovers = await network.phpValue( `( function () {
			global $wpdb;
			return array(
				'tables' => $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->get_blog_prefix( ${ id } ) ) . '%' ) ),
				'cv_dir' => file_exists( ${ JSON.stringify( before.cv_dir ) } ),
			);
		} )()` );
		assert.deepEqual( leftovers, { tables: [], cv_dir: false } );
		const alpha = await siteState( 2 );
		assert.equal( alpha.tables, SCHEMA.tables );
		assert.equal( alpha.cv_files, 2 );
	} );

	test( 'network deactivation clears every site\'s events; network activation sets up every site again', { timeout: TIMEOUT }, async () => {
		const id = await network.createSite( 'beta' );
		await visit( 'beta' );
		const scheduled = await cronHooks();
		assert.ok( scheduled[ id ].length >= 4, JSON.stringify( scheduled ) );
		const remaining = await network.phpValue( `( function () { ${ PLUGIN_API }; deactivate_plugins( ${ pluginFile }, false, true ); return is_plugin_active_for_network( ${ pluginFile } ); } )()` );
		assert.equal( remaining, false );
		const hooks = await cronHooks();
		assert.deepEqual( hooks, Object.fromEntries( Object.keys( hooks ).map( ( site ) => [ site, [] ] ) ) );
		assert.deepEqual( Object.keys( hooks ).sort(), [ '1', '2', String( id ) ] );
		// A site created while the plugin is inactive is not set up; network activation sets it up with the others.
		const gamma = await network.createSite( 'gamma' );
		assert.equal( ( await siteState( gamma ) ).tables, 0 );
		const active = await network.phpValue( `( function () { ${ PLUGIN_API }; $result = activate_plugin( ${ pluginFile }, '', true ); return is_wp_error( $result ) ? $result->get_error_message() : is_plugin_active_for_network( ${ pluginFile } ); } )()` );
		assert.equal( active, true );
		for ( const site of [ 1, 2, id, gamma ] ) {
			const state = await siteState( site );
			assert.deepEqual( [ site, state.tables, state.version, state.recruiter ], [ site, SCHEMA.tables, SCHEMA.version, true ] );
		}
		// Applications survive a deactivation.
		assert.equal( expectStatus( await network.siteRequest( 'alpha', 'GET', '/recruiting/v1/applications' ), 200 ).length, 2 );
	} );

	test( 'the schema upgrade reaches every site from Upgrade Network\'s hook and from the batched upgrade', { timeout: TIMEOUT }, async () => {
		await network.setSchemaVersion( 4, [ 2 ] );
		// What Network Admin › Upgrade Network does for each site (after its request to the site's upgrade.php).
		await network.phpValue( `( function () { do_action( 'wpmu_upgrade_site', 2 ); return true; } )()` );
		assert.equal( ( await network.schemaVersions() )[ 2 ], SCHEMA.version );

		const all = Object.keys( await network.schemaVersions() ).map( Number );
		await network.setSchemaVersion( SCHEMA.version - 1 );
		const first = await network.phpValue( 'RecruitingReports\\Network\\Lifecycle::upgrade( 0, 2 )' );
		assert.equal( first, all[ 1 ], 'two sites per call: it stops after the second' );
		const mid = await network.schemaVersions();
		assert.deepEqual( all.map( ( site ) => mid[ site ] ), all.map( ( site, index ) => ( index < 2 ? SCHEMA.version : SCHEMA.version - 1 ) ) );
		assert.equal( await network.phpValue( `RecruitingReports\\Network\\Lifecycle::upgrade( ${ first } )` ), null );
		assert.deepEqual( Object.values( await network.schemaVersions() ), all.map( () => SCHEMA.version ) );
	} );

	test( '`wp recruiting network upgrade` brings every site up to date', { timeout: TIMEOUT, skip: skipWithoutWpCli }, async () => {
		await network.setSchemaVersion( SCHEMA.version - 1 );
		const result = await wp( [ 'recruiting', 'network', 'upgrade' ], { path: network.wordpressPath } );
		assert.equal( result.code, 0, result.stderr );
		assert.match( result.stdout, /Success: Every site's recruiting tables are up to date\./ );
		assert.deepEqual( [ ...new Set( Object.values( await network.schemaVersions() ) ) ], [ SCHEMA.version ] );
	} );

	test( 'uninstall cleans every site that opted in, goes on where a cut-short run stopped, and keeps the others', { timeout: TIMEOUT }, async () => {
		// alpha (2) opted in at creation; gamma opts in now; beta and the main site keep the default (keep data).
		const sites = await network.phpValue( `( function () { $out = array(); foreach ( get_sites( array( 'number' => 0 ) ) as $site ) { $out[ trim( $site->path, '/' ) ] = (int) $site->blog_id; } return $out; } )()` );
		await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ sites.gamma }, static fn() => RecruitingReports\\Data\\Settings::update( array( 'delete_data_on_uninstall' => true ) ) )` );
		await putCv( sites.gamma );
		await putCv( sites.beta );
		// The network report's cached answers and sites' parts (they copy the sites' figures), and its version, go
		// whatever the sites decided.
		const cached = `( function () { global $wpdb; return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->sitemeta} WHERE meta_key LIKE '%site_transient%recruiting_reports_network%' OR meta_key = 'recruiting_reports_network_version'" ); } )()`;
		// Each site's token (NetworkVersion::SITE_OPTION_PREFIX): every site created since activation has one.
		const tokens = `( function () { global $wpdb; return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->sitemeta} WHERE meta_key LIKE 'recruiting\\\\_reports\\\\_network\\\\_version\\\\_site\\\\_%'" ); } )()`;
		const answer = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/reports/overview' ), 200 );
		assert.equal( await network.phpValue( cached ), 2 + 2 * answer.by_site.length + 1, 'the answer, each site\'s part, their timeouts and the version' );
		assert.ok( await network.phpValue( tokens ) >= answer.by_site.length - 1, 'the sites\' tokens' );
		// A first run that stopped after alpha: the next one starts after it (alpha is left as that run left it).
		await network.phpValue( `update_site_option( 'recruiting_reports_uninstall_after', ${ sites.alpha } )` );
		await network.phpValue( `( function () {
			${ PLUGIN_API };
			deactivate_plugins( ${ pluginFile }, false, true );
			define( 'WP_UNINSTALL_PLUGIN', ${ pluginFile } );
			include RECRUITING_REPORTS_DIR . '/uninstall.php';
			return true;
		} )()` );
		const gamma = await siteState( sites.gamma );
		assert.deepEqual( { tables: gamma.tables, options: gamma.options, recruiter: gamma.recruiter, admin_cap: gamma.admin_cap, cv_files: gamma.cv_files }, { tables: 0, options: [], recruiter: false, admin_cap: false, cv_files: 0 } );
		for ( const kept of [ '', 'beta', 'alpha' ] ) {
			const state = await siteState( sites[ kept ] ?? 1 );
			assert.deepEqual( [ kept, state.tables, state.recruiter ], [ kept, SCHEMA.tables, true ] );
		}
		assert.equal( ( await siteState( sites.beta ) ).cv_files, 1 );
		assert.equal( await network.phpValue( `get_site_option( 'recruiting_reports_uninstall_after', 'gone' )` ), 'gone' );
		assert.equal( ( await siteState( sites.alpha ) ).settings.delete_data_on_uninstall, true, 'alpha was skipped by the resumed run' );
		assert.equal( await network.phpValue( cached ), 0 );
		assert.equal( await network.phpValue( tokens ), 0 );
	} );
} );
