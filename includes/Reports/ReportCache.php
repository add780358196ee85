<?php
/**
 * Versioned report cache (the idea of WooCommerce's WC_Cache_Helper transient versions): every cached
 * report carries the data version it was computed at; any write that can change a report replaces the
 * version, which invalidates every cached report at once without finding or deleting them.
 *
 * - Entries are transients (the object cache when the site has a persistent one, else wp_options rows),
 *   one per report and normalised query (ReportQuery::cache_key(): resolved dates, job, timezone), so
 *   the default period moves with "today" and a timezone change never serves the old bounds. A stale
 *   entry is overwritten by the next miss, so entries never pile up per version; each expires after a day.
 * - The version is read before the report is computed and replaced only after the write's COMMIT
 *   (Transaction::after_commit()), so a result computed from data older than a write can only be stored
 *   under the version that write replaced, even when another web node reads the version meanwhile.
 * - With a persistent object cache (Redis on several web nodes) the version is a counter in the object
 *   cache, bumped with wp_cache_incr() (atomic there; an option would go through the shared `alloptions`
 *   entry, where two nodes' concurrent writes can overwrite each other). It starts at a random number, so
 *   an evicted counter never comes back at a value entries were stored under. Without one it is an
 *   autoloaded option holding a random token (not a time: two writes in the same second must both
 *   invalidate).
 * - With read replicas (Data\ReadReplicas: a HyperDB/LudicrousDB-style `$wpdb`), a report is computed only where
 *   every write its version stands for has been applied, so lag costs latency, never a stale entry:
 *   with a persistent object cache the version lives outside the database and can be ahead of a replica, so each
 *   new counter value gets the primary's GTID position, read after the increment (every write counted up to it
 *   has committed by then), and a miss first waits for that position on the replica (prepare_reads()), else
 *   computes on the primary. Without one the version is a database row, and the only copy of it that is never
 *   behind a write already answered is the primary's: reports then read the version, and compute, there.
 * - Bumped on Events::DATA_CHANGED_ACTION (import, application create/status change, jobs through the
 *   REST API, reason labels and stale thresholds, the daily stale alerts) and on WordPress's own post hooks for
 *   jobs, so jobs edited, trashed, restored or deleted in wp-admin invalidate too; and when a user is deleted or
 *   changed (the activity report's names).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ReadReplicas;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

/**
 * Versioned report cache (the idea of WooCommerce's WC_Cache_Helper transient versions): every cached report carries the data version it was computed at; any write that can change a report replaces the version, which invalidates every cached report at once without finding or deleting them.
 */
final class ReportCache {

	public const VERSION_OPTION = 'recruiting_reports_cache_version';

	/** Fired once the version is replaced (after the write's COMMIT): the network report's version follows it. */
	public const VERSION_REPLACED_ACTION = 'recruiting_reports_cache_version_replaced';

	/** Object cache key and group of the version when the object cache is persistent. */
	private const VERSION_KEY   = 'report_version';
	private const VERSION_GROUP = 'recruiting_reports';

	/** Object cache key prefix of the primary's GTID position at each counter value (read replicas only). */
	private const POSITION_KEY = 'report_position_';

	/** Transient names start with this (the uninstaller deletes _transient_recruiting_reports_*). */
	private const PREFIX = 'recruiting_reports_report_';

	private const TTL = DAY_IN_SECONDS;

	/**
	 * Hooks cache invalidation into every write that can change a report.
	 */
	public static function register(): void {
		add_action( Events::DATA_CHANGED_ACTION, array( self::class, 'bump' ), 10, 0 );
		add_action( 'save_post_' . JobPostType::POST_TYPE, array( self::class, 'bump' ), 10, 0 );
		add_action( 'transition_post_status', array( self::class, 'on_transition' ), 10, 3 );
		add_action( 'deleted_post', array( self::class, 'on_post_change' ), 10, 2 );
		add_action( 'trashed_post', array( self::class, 'on_post_change' ), 10, 1 );
		add_action( 'untrashed_post', array( self::class, 'on_post_change' ), 10, 1 );
		// The activity report names users: a deleted user becomes "Deleted user #id", a renamed one reads the new name.
		add_action( 'deleted_user', array( self::class, 'bump' ), 10, 0 );
		add_action( 'profile_update', array( self::class, 'bump' ), 10, 0 );
	}

	/** Invalidates every cached report, once the current transaction (if any) has committed. */
	public static function bump(): void {
		Transaction::after_commit( array( self::class, 'replace_version' ) );
	}

	/** Replaces the version now (Transaction::after_commit() callback). */
	public static function replace_version(): void {
		self::replace_site_version();
		do_action( self::VERSION_REPLACED_ACTION );
	}

	/** Replaces this site's version (the option, or the object cache's counter with its primary position). */
	private static function replace_site_version(): void {
		if ( ! wp_using_ext_object_cache() ) {
			update_option( self::VERSION_OPTION, bin2hex( random_bytes( 8 ) ), true );
			return;
		}
		$counter = wp_cache_incr( self::VERSION_KEY, 1, self::VERSION_GROUP );
		if ( false === $counter ) {
			// No counter (first use, or evicted): a fresh random start invalidates as well.
			$counter = random_int( 1, PHP_INT_MAX >> 1 );
			wp_cache_set( self::VERSION_KEY, $counter, self::VERSION_GROUP );
		}
		// Read after the increment: every write counted up to this value has committed, so the position covers it
		// (a position read before could miss a write that committed and counted in between).
		$position = ReadReplicas::primary_position();
		if ( '' !== $position ) {
			wp_cache_set( self::POSITION_KEY . $counter, $position, self::VERSION_GROUP, self::TTL );
		}
	}

	/**
	 * Before a report is computed at $version: makes the reads that follow see every write the version stands for
	 * (see the class comment). Nothing to do without read replicas.
	 *
	 * @param string $version What version() returned.
	 */
	public static function prepare_reads( string $version ): void {
		if ( ! ReadReplicas::in_use() ) {
			return;
		}
		// No position (without a persistent object cache, or not recorded: the counter was just created or its
		// position evicted) means the primary.
		$position = str_starts_with( $version, 'c' ) ? wp_cache_get( self::POSITION_KEY . substr( $version, 1 ), self::VERSION_GROUP, true ) : false;
		ReadReplicas::read_at_least( is_string( $position ) ? $position : '' );
	}

	/**
	 * Invalidates when a job's status changes.
	 *
	 * @param string   $new_status New status.
	 * @param string   $old_status Old status.
	 * @param \WP_Post $post       Post.
	 */
	public static function on_transition( $new_status, $old_status, $post ): void {
		if ( $new_status !== $old_status && $post instanceof \WP_Post && JobPostType::POST_TYPE === $post->post_type ) {
			self::bump();
		}
	}

	/**
	 * On post change.
	 *
	 * @param int           $post_id Post id.
	 * @param \WP_Post|null $post    The post (deleted_post passes it; it is gone from the database by then).
	 */
	public static function on_post_change( $post_id, $post = null ): void {
		$type = $post instanceof \WP_Post ? $post->post_type : get_post_type( (int) $post_id );
		if ( JobPostType::POST_TYPE === $type ) {
			self::bump();
		}
	}

	/** The current data version (created on first use). */
	public static function version(): string {
		if ( wp_using_ext_object_cache() ) {
			$version = wp_cache_get( self::VERSION_KEY, self::VERSION_GROUP, true );
			if ( false === $version ) {
				wp_cache_add( self::VERSION_KEY, random_int( 1, PHP_INT_MAX >> 1 ), self::VERSION_GROUP );
				$version = wp_cache_get( self::VERSION_KEY, self::VERSION_GROUP, true );
			}
			return 'c' . $version;
		}
		$version = ReadReplicas::in_use() ? self::primary_version() : get_option( self::VERSION_OPTION );
		if ( ! is_string( $version ) || '' === $version ) {
			$version = bin2hex( random_bytes( 8 ) );
			add_option( self::VERSION_OPTION, $version, '', true );
			$version = (string) get_option( self::VERSION_OPTION, $version );
		}
		return $version;
	}

	/**
	 * The version option as the primary has it (not the copy WordPress loaded with the autoloaded options, which
	 * came from a replica on a GET request); the rest of the request reads from the primary as well.
	 *
	 * @return string|null
	 */
	private static function primary_version(): ?string {
		global $wpdb;
		ReadReplicas::use_primary();
		return $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, self::VERSION_OPTION ) );
	}

	/**
	 * The cached data of a report at a version, or null.
	 *
	 * @param string      $report  Report.
	 * @param ReportQuery $query   Query.
	 * @param string      $version Version.
	 */
	public static function get( string $report, ReportQuery $query, string $version ): ?array {
		$entry = get_transient( self::name( $report, $query ) );
		return is_array( $entry ) && ( $entry['version'] ?? null ) === $version && is_array( $entry['data'] ?? null ) ? $entry['data'] : null;
	}

	/**
	 * Stores a report's data for a query at a data version.
	 *
	 * @param string      $report  Report.
	 * @param ReportQuery $query   Query.
	 * @param string      $version Version.
	 * @param array       $data    Data.
	 */
	public static function set( string $report, ReportQuery $query, string $version, array $data ): void {
		set_transient(
			self::name( $report, $query ),
			array(
				'version' => $version,
				'data'    => $data,
			),
			self::TTL
		);
	}

	/**
	 * The cache key of a report and query.
	 *
	 * @param string      $report Report.
	 * @param ReportQuery $query  Query.
	 */
	private static function name( string $report, ReportQuery $query ): string {
		return self::PREFIX . md5( $report . '|' . $query->cache_key() );
	}
}
