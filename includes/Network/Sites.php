<?php
/**
 * Runs work in every site of the network, one site at a time inside switch_to_blog(), a batch of ids at a time.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Data\NetworkSites;

defined( 'ABSPATH' ) || exit;

/**
 * Walks the network's sites.
 */
final class Sites {

	/** Site ids read per query. */
	public const BATCH = 100;

	/**
	 * Runs $work( $site_id ) in each site after $after, switched to it, until every site is done or $max_sites ran.
	 *
	 * @param callable $work      Gets the site's id; runs with that site current.
	 * @param int      $after     Resume after this site id (0: the first site).
	 * @param int      $max_sites Most sites in this call.
	 * @return int|null The last site id done when sites remain (pass it as $after to go on), null when all are done.
	 */
	public static function walk( callable $work, int $after = 0, int $max_sites = PHP_INT_MAX ): ?int {
		$done = 0;
		for ( ;; ) {
			$ids = NetworkSites::ids_after( $after, (int) min( self::BATCH, $max_sites - $done ) );
			if ( ! $ids ) {
				return null;
			}
			foreach ( $ids as $id ) {
				self::in( $id, static fn() => $work( $id ) );
				$after = $id;
				++$done;
			}
			if ( $done >= $max_sites ) {
				return NetworkSites::ids_after( $after, 1 ) ? $after : null;
			}
		}
	}

	/**
	 * Runs $work in one site, switched to it.
	 *
	 * @param int      $site_id Site id.
	 * @param callable $work    Runs with the site current; its value is returned.
	 * @return mixed
	 */
	public static function in( int $site_id, callable $work ) {
		switch_to_blog( $site_id );
		try {
			return $work();
		} finally {
			restore_current_blog();
		}
	}

	/** Whether the plugin is active for the whole network (Network Admin › Plugins › Network Activate). */
	public static function plugin_network_active(): bool {
		if ( ! is_multisite() ) {
			return false;
		}
		$active = get_site_option( 'active_sitewide_plugins', array() );
		return is_array( $active ) && isset( $active[ plugin_basename( RECRUITING_REPORTS_FILE ) ] );
	}
}
