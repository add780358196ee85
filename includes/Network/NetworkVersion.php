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
 * Each site also has a token of its own, stored the same way and replaced just before the network's version (its data,
 * name, timezone or set-up changed): a miss reads every site's token in one query (or one multi-get) and reads again
 * only the sites whose token is not the one their kept part was read under (NetworkReport), instead of every site's
 * options. Replaced before the network's version and read before any site is, a token never vouches for older data.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Data\NetworkSites;
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

	/** A site's token without a persistent object cache: a network option, this then the site id (uninstall deletes them). */
	public const SITE_OPTION_PREFIX = self::OPTION . '_site_';

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
		add_action( 'wp_initialize_site', static fn( \WP_Site $site ) => self::bump( (int) $site->blog_id ), 10, 1 );
		add_action( 'wp_delete_site', array( self::class, 'forget' ), 10, 1 );
	}

	/**
	 * Replaces a site's token, then the version: every cached network answer is stale, and that site's part too.
	 *
	 * @param int|null $site_id The site that changed (default: the current one).
	 */
	public static function bump( ?int $site_id = null ): void {
		$site_id = $site_id ?? get_current_blog_id();
		if ( ! wp_using_ext_object_cache() ) {
			update_network_option( null, self::SITE_OPTION_PREFIX . $site_id, bin2hex( random_bytes( 8 ) ) );
		} elseif ( false === wp_cache_incr( self::site_key( $site_id ), 1, self::GROUP ) ) {
			wp_cache_set( self::site_key( $site_id ), random_int( 1, PHP_INT_MAX >> 1 ), self::GROUP );
		}
		self::replace();
	}

	/**
	 * A deleted site's token goes with it; the version is replaced (the site leaves every answer).
	 *
	 * @param \WP_Site $site The site being deleted.
	 */
	public static function forget( \WP_Site $site ): void {
		if ( wp_using_ext_object_cache() ) {
			wp_cache_delete( self::site_key( (int) $site->blog_id ), self::GROUP );
		} else {
			delete_network_option( null, self::SITE_OPTION_PREFIX . $site->blog_id );
		}
		self::replace();
	}

	/**
	 * The sites' tokens, read together: one query (or one multi-get). A site never changed since the plugin set it up
	 * has none yet without a persistent object cache (''); with one, a token the cache lost is started again at a
	 * random value, so it never comes back at the value a part was kept under.
	 *
	 * @param int[] $site_ids Site ids.
	 * @return array<int,string> Site id => token.
	 */
	public static function site_tokens( array $site_ids ): array {
		if ( ! wp_using_ext_object_cache() ) {
			$stored = NetworkSites::network_options_starting( self::SITE_OPTION_PREFIX );
			return array_combine( $site_ids, array_map( static fn( int $site_id ) => (string) ( $stored[ self::SITE_OPTION_PREFIX . $site_id ] ?? '' ), $site_ids ) );
		}
		$keys   = array_map( array( self::class, 'site_key' ), $site_ids );
		$values = wp_cache_get_multiple( $keys, self::GROUP, true );
		$tokens = array();
		foreach ( $site_ids as $site_id ) {
			$value = $values[ self::site_key( $site_id ) ] ?? false;
			if ( false === $value ) {
				wp_cache_add( self::site_key( $site_id ), random_int( 1, PHP_INT_MAX >> 1 ), self::GROUP );
				$value = wp_cache_get( self::site_key( $site_id ), self::GROUP, true );
			}
			$tokens[ $site_id ] = 'c' . $value;
		}
		return $tokens;
	}

	/**
	 * The object cache key of a site's token.
	 *
	 * @param int $site_id Site id.
	 */
	private static function site_key( int $site_id ): string {
		return 'site_' . $site_id;
	}

	/** Replaces the network's version. */
	private static function replace(): void {
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
