<?php
/**
 * The network report's version (docs/multisite.md "The network report"): one value for the whole network, replaced
 * whenever any site's report cache version is (Reports\ReportCache: every write that can change a report) and when
 * what the network's answer shows of a site besides its data changes (its name, its timezone, which sites are set
 * up). A cached network answer is valid while this value is what it was when the answer was computed, so a hit reads
 * one value, not every site's.
 *
 * Stored as ReportCache stores a site's version: with a persistent object cache, a counter in a global group of the
 * object cache, bumped with wp_cache_incr() (atomic; a random start, so an evicted counter never comes back at a value
 * entries were stored under); without one, a network option holding a random token. The site's version is replaced
 * first, then this one, so an answer computed after reading this value sees every site's version as it was then or
 * later: an answer computed from older data is only ever stored under a value already replaced.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Data\ReadReplicas;
use RecruitingReports\Data\Schema;
use RecruitingReports\Reports\ReportCache;

defined( 'ABSPATH' ) || exit;

/**
 * The network report's version.
 */
final class NetworkVersion {

	/** Network option holding the version without a persistent object cache (the uninstaller deletes it). */
	public const OPTION = 'recruiting_reports_network_version';

	/** Object cache key and (global) group of the counter with a persistent object cache. */
	private const KEY   = 'network_report_version';
	private const GROUP = 'recruiting_reports_network';

	/** The options of a site that its part of the network's answer shows or depends on besides its data. */
	private const SITE_OPTIONS = array( 'blogname', 'timezone_string', 'gmt_offset', Schema::VERSION_OPTION );

	/** Hooks the bumps (nothing on a single site). */
	public static function register(): void {
		if ( ! is_multisite() ) {
			return;
		}
		wp_cache_add_global_groups( array( self::GROUP ) );
		add_action( ReportCache::VERSION_REPLACED_ACTION, array( self::class, 'bump' ), 10, 0 );
		foreach ( self::SITE_OPTIONS as $option ) {
			add_action( 'add_option_' . $option, array( self::class, 'bump' ), 10, 0 );
			add_action( 'update_option_' . $option, array( self::class, 'bump' ), 10, 0 );
		}
		add_action( 'wp_initialize_site', array( self::class, 'bump' ), 10, 0 );
		add_action( 'wp_delete_site', array( self::class, 'bump' ), 10, 0 );
	}

	/** Replaces the version: every cached network answer is stale. */
	public static function bump(): void {
		if ( ! wp_using_ext_object_cache() ) {
			update_network_option( null, self::OPTION, bin2hex( random_bytes( 8 ) ) );
			return;
		}
		if ( false === wp_cache_incr( self::KEY, 1, self::GROUP ) ) {
			wp_cache_set( self::KEY, random_int( 1, PHP_INT_MAX >> 1 ), self::GROUP );
		}
	}

	/** The current version (created on first use). */
	public static function current(): string {
		if ( wp_using_ext_object_cache() ) {
			$version = wp_cache_get( self::KEY, self::GROUP, true );
			if ( false === $version ) {
				wp_cache_add( self::KEY, random_int( 1, PHP_INT_MAX >> 1 ), self::GROUP );
				$version = wp_cache_get( self::KEY, self::GROUP, true );
			}
			return 'c' . $version;
		}
		if ( ReadReplicas::in_use() ) {
			// The primary's value, not a copy read earlier in this request from a replica that may be behind a write.
			ReadReplicas::use_primary();
			wp_cache_delete( get_current_network_id() . ':' . self::OPTION, 'site-options' );
		}
		$version = get_network_option( null, self::OPTION );
		if ( ! is_string( $version ) || '' === $version ) {
			$version = bin2hex( random_bytes( 8 ) );
			add_network_option( null, self::OPTION, $version );
			$version = (string) get_network_option( null, self::OPTION, $version );
		}
		return $version;
	}
}
