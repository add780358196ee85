// A subdirectory multisite network of its own for one test file (docs/multisite.md): the runner's site is a single
// site, and turning it into a network would change every other file's ground. startNetwork() boots a native site with
// the network's constants and the plugin network-activated, on the run's database (RR_DATABASE), beside the runner's
// site; stop() ends it and fails when plugin code wrote PHP warnings or notices to its debug.log.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { basicAuth, request } from './api.mjs';

const MARKER = '@@RR-NETWORK-JSON@@';

/**
 * The plugin's schema as includes/Data/Schema.php declares it (version, table count), read from the source so these
 * tests follow each schema change instead of restating it.
 */
export const SCHEMA = ( () => {
	const source = fs.readFileSync( new URL( '../../../includes/Data/Schema.php', import.meta.url ), 'utf8' );
	const tables = source.match( /const TABLES = array\(([^)]*)\);/ )[ 1 ];
	return {
		version: Number( source.match( /const VERSION = (\d+);/ )[ 1 ] ),
		tables: tables.match( /'[a-z_]+'/g ).length,
	};
} )();

/** For node:test's `skip`: false on the native targets, else why a network cannot run there. */
export const skipWithoutNetwork =
	[ 'native', 'sqlite' ].includes( process.env.RR_TARGET ) ?
		false :
		`a multisite network needs a native site (--target=native or --target=sqlite); ${ process.env.RR_TARGET } cannot run one here`;

/**
 * Boots the network. Its main site is `url`; sites made by createSite() live at `${ url }/<slug>`.
 * @returns {Promise<object>} url, adminUser, adminPassword, wordpressPath, auth, php(), phpValue(), createSite(),
 *   schemaVersions(), setSchemaVersion(), siteRequest(), stop()
 */
export async function startNetwork() {
	const { startNativeSite } = await import( '../../../scripts/lib/site-native.mjs' );
	const { pluginProblems } = await import( '../../../scripts/lib/site-common.mjs' );
	const site = await startNativeSite( { multisite: true, database: process.env.RR_DATABASE } );
	const auth = basicAuth( site.adminUser, site.appPassword );

	/** The value of a PHP expression, run inside the network's main site as the super admin. */
	const phpValue = async ( expression ) => {
		const out = await site.runPhp( `$rr_value = ( ${ expression } );\necho "\\n${ MARKER }" . wp_json_encode( $rr_value ) . "\\n";` );
		const at = out.lastIndexOf( MARKER );
		if ( at < 0 ) throw new Error( `no value printed: ${ out.slice( 0, 2000 ) }` );
		return JSON.parse( out.slice( at + MARKER.length ).split( '\n' )[ 0 ] );
	};

	return {
		url: site.url,
		adminUser: site.adminUser,
		adminPassword: site.adminPassword,
		wordpressPath: site.wordpressPath,
		auth,
		php: site.runPhp,
		phpValue,

		/**
		 * A new site at /<slug>/ made as Network Admin › Sites › Add New makes it (wpmu_create_blog, so
		 * wp_initialize_site runs), with pretty permalinks; resolves with its id.
		 */
		async createSite( slug, { timezone } = {} ) {
			const id = await phpValue( `( function () {
				require_once ABSPATH . 'wp-admin/includes/ms.php';
				$id = wpmu_create_blog( get_network()->domain, '/' . ${ JSON.stringify( slug ) } . '/', ${ JSON.stringify( `Site ${ slug }` ) }, get_current_user_id() );
				if ( is_wp_error( $id ) ) { return $id->get_error_message(); }
				switch_to_blog( $id );
				update_option( 'permalink_structure', '/%postname%/' );
				${ timezone ? `update_option( 'timezone_string', ${ JSON.stringify( timezone ) } );` : '' }
				delete_option( 'rewrite_rules' );
				restore_current_blog();
				return $id;
			} )()` );
			assert.equal( typeof id, 'number', `wpmu_create_blog: ${ id }` );
			return id;
		},

		/** Every site's plugin schema version (the option Installer keeps): site id => version, 0 when not set up. */
		schemaVersions() {
			return phpValue( `( function () {
				$out = array();
				foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $id ) {
					switch_to_blog( $id );
					$out[ $id ] = (int) get_option( 'recruiting_reports_db_version' );
					restore_current_blog();
				}
				return $out;
			} )()` );
		},

		/** Makes sites look installed by an older plugin version (every site when `ids` is not given). */
		setSchemaVersion( version, ids = null ) {
			return phpValue( `( function () {
				foreach ( ${ ids ? `array( ${ ids.map( Number ).join( ', ' ) } )` : "get_sites( array( 'fields' => 'ids', 'number' => 0 ) )" } as $id ) {
					switch_to_blog( $id );
					update_option( 'recruiting_reports_db_version', ${ Number( version ) } );
					restore_current_blog();
				}
				return true;
			} )()` );
		},

		/** A REST request to one site of the network ('' is the main site), as the super admin unless `auth` says. */
		siteRequest( slug, method, path, options = {} ) {
			return request( method, path, { auth, ...options, baseUrl: slug ? `${ site.url }/${ slug }` : site.url } );
		},

		async stop() {
			const log = fs.existsSync( site.debugLogPath ) ? fs.readFileSync( site.debugLogPath, 'utf8' ) : '';
			await site.stop();
			assert.deepEqual( pluginProblems( log ), [], 'no PHP problems in plugin code on the network' );
		},
	};
}
