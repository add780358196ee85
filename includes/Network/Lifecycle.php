<?php
/**
 * The plugin's part in a multisite network's life (docs/multisite.md): activation and deactivation for every site
 * when done network-wide, a new site set up when it is created, a deleted site's tables and CV files removed with
 * it, and the schema upgrade of every site from Network Admin › Upgrade Network (or WP-CLI / REST, see upgrade()).
 * On a single site only activate() and deactivate() do anything, for that site.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Admin\ActivationNotice;
use RecruitingReports\Careers\CvStore;
use RecruitingReports\Careers\JobExpiry;
use RecruitingReports\Careers\JobPages;
use RecruitingReports\Data\Installer;
use RecruitingReports\Data\Schema;
use RecruitingReports\Digests\Digests;
use RecruitingReports\Mail\Outbox;
use RecruitingReports\Privacy\Retention;
use RecruitingReports\Webhooks\Dispatcher;
use RecruitingReports\Webhooks\StaleAlerts;
use WP_Site;

defined( 'ABSPATH' ) || exit;

/**
 * Sites set up and cleaned up with the network.
 */
final class Lifecycle {

	/** Hooks the network's site events (nothing on a single site). */
	public static function register(): void {
		if ( ! is_multisite() ) {
			return;
		}
		// After core's own wp_initialize_site (10), which creates the site's WordPress tables and options.
		add_action( 'wp_initialize_site', array( self::class, 'initialize_site' ), 100 );
		add_filter( 'wpmu_drop_tables', array( self::class, 'drop_tables' ), 10, 2 );
		// Before core's wp_uninitialize_site (10) drops the site's options, where the CV folder's name is kept.
		add_action( 'wp_uninitialize_site', array( self::class, 'delete_files' ), 5 );
		add_action( 'wpmu_upgrade_site', array( self::class, 'upgrade_site' ) );
	}

	/**
	 * Activation hook: the current site, or every site of the network when activated network-wide.
	 *
	 * @param bool $network_wide Whether activated for the whole network.
	 */
	public static function activate( $network_wide = false ): void {
		if ( $network_wide && is_multisite() ) {
			Sites::walk( static fn() => Installer::activate() );
		} else {
			Installer::activate();
		}
		ActivationNotice::activated();
	}

	/**
	 * Deactivation hook: no scheduled event (nor stale rewrite rule) is left on the current site, or on any site when
	 * deactivated network-wide.
	 *
	 * @param bool $network_wide Whether deactivated for the whole network.
	 */
	public static function deactivate( $network_wide = false ): void {
		$work = static function () {
			Dispatcher::deactivate();
			Outbox::deactivate();
			Digests::deactivate();
			JobPages::deactivate();
			JobExpiry::deactivate();
			Retention::deactivate();
			StaleAlerts::deactivate();
		};
		if ( $network_wide && is_multisite() ) {
			Sites::walk( $work );
		} else {
			$work();
		}
	}

	/**
	 * A site created while the plugin is network-active gets its tables, roles and the network's defaults now,
	 * not from the first request that reaches it.
	 *
	 * @param WP_Site $site The new site.
	 */
	public static function initialize_site( WP_Site $site ): void {
		if ( ! Sites::plugin_network_active() ) {
			return;
		}
		Sites::in(
			(int) $site->blog_id,
			static function () {
				Installer::activate();
				NetworkSettings::apply_to_current_site();
			}
		);
	}

	/**
	 * A deleted site's tables go with WordPress's own.
	 *
	 * @param string[] $tables  Tables WordPress drops.
	 * @param int      $site_id The site.
	 * @return string[]
	 */
	public static function drop_tables( $tables, $site_id ): array {
		return array_merge( (array) $tables, Schema::tables_of_site( (int) $site_id ) );
	}

	/**
	 * A deleted site's CV files go, whether or not core's upload-folder removal would reach them.
	 *
	 * @param WP_Site $site The site being deleted.
	 */
	public static function delete_files( WP_Site $site ): void {
		Sites::in( (int) $site->blog_id, array( CvStore::class, 'delete_all' ) );
	}

	/**
	 * Network Admin › Upgrade Network runs this for each site it upgrades.
	 *
	 * @param int $site_id The site.
	 */
	public static function upgrade_site( $site_id ): void {
		Sites::in( (int) $site_id, array( Installer::class, 'maybe_upgrade' ) );
	}

	/**
	 * Upgrades the schema of up to $max_sites sites after $after (WP-CLI and the REST route call it in a loop).
	 *
	 * @param int $after     Resume after this site id.
	 * @param int $max_sites Most sites in this call.
	 * @return int|null The last site done when sites remain, null when every site is current.
	 */
	public static function upgrade( int $after = 0, int $max_sites = PHP_INT_MAX ): ?int {
		return Sites::walk( array( Installer::class, 'maybe_upgrade' ), $after, $max_sites );
	}
}
