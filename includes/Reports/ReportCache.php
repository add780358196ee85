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
 *   An entry is its version and its data as JSON in one string (JSON_FLAGS): the text of the REST answer itself,
 *   which a hit sends as it is (Rest\ReportTextResponse) instead of decoding it and encoding it again (the
 *   pipeline's 96 KB answer at 100,000 applications: about 2 ms of PHP less per hit).
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
 * - Closed periods (ending before the current UTC month) of the reports that declare it (ReportDefinition::$closed)
 *   are cached under a second version, the closed version, so that the writes of the current month — new
 *   applications, hires (stamped now) — leave them cached: a one-month report of last month, and the comparison
 *   half of `compare`, stay hits. Every invalidation replaces both versions except one whose write says which days
 *   it changed (Events::data_changed( $since ), from ReportSummary::changed_since(): application create and status
 *   change) and changed none before the current month; the decision is taken after the commit, so a write that
 *   commits after midnight on the first of a month counts its previous month as closed. Status changes of an
 *   application that applied in a closed month change that month's cohort (funnel, sources) and replace both.
 * - Bumped on Events::DATA_CHANGED_ACTION (import, application create/status change, jobs through the
 *   REST API, reason labels and stale thresholds, the daily stale alerts) and on WordPress's own post hooks for
 *   jobs, so jobs edited, trashed, restored or deleted in wp-admin invalidate too; and when a user is deleted or
 *   changed (the activity report's names).
 * - A third version, the jobs version, is replaced only when a job changes (and by `wp recruiting cache flush`): the
 *   job titles that reports list are kept under it (JobTitles), so a miss after any other write reads them in one
 *   row instead of a query over the jobs.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ReadReplicas;
use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Data\TransientRows;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

/**
 * Versioned report cache (the idea of WooCommerce's WC_Cache_Helper transient versions): every cached report carries the data version it was computed at; any write that can change a report replaces the version, which invalidates every cached report at once without finding or deleting them.
 */
final class ReportCache {

	public const VERSION_OPTION = 'recruiting_reports_cache_version';

	/**
	 * The form of the entries, part of their names: entries of an earlier form (until 2026-11-28, lists of rows stored
	 * as their fields once and each row's values) are never read, and expire.
	 */
	private const FORMAT = 'text';

	/** The closed periods' version (see the class comment), as an option and as an object cache key. */
	public const CLOSED_OPTION = 'recruiting_reports_closed_version';
	private const CLOSED_KEY   = 'report_closed_version';

	/** The jobs version (see the class comment), as an option and as an object cache key. */
	public const JOBS_OPTION = 'recruiting_reports_jobs_version';
	private const JOBS_KEY   = 'report_jobs_version';

	/** Fired once the version is replaced (after the write's COMMIT): the network report's version follows it. */
	public const VERSION_REPLACED_ACTION = 'recruiting_reports_cache_version_replaced';

	/** Object cache key and group of the version when the object cache is persistent. */
	private const VERSION_KEY   = 'report_version';
	private const VERSION_GROUP = 'recruiting_reports';

	/**
	 * A write committed this close to the end of a month counts the month as closed already (clocks of web nodes
	 * differ by up to this much).
	 */
	private const CLOCK_MARGIN = 60;

	/** Object cache key prefix of the primary's GTID position at each counter value (read replicas only). */
	private const POSITION_KEY = 'report_position_';

	/** Transient names start with this (the uninstaller deletes _transient_recruiting_reports_*). */
	private const PREFIX = 'recruiting_reports_report_';

	private const TTL = DAY_IN_SECONDS;

	/**
	 * An entry is its version, a newline and its data as JSON (floats keep their fraction, so 3.0 reads back a float):
	 * a string, so a miss tells a stale entry by its first bytes without decoding it, and storing one, without a
	 * persistent object cache, skips update_option()'s serializing of the old and new values to compare them (at
	 * 100,000 applications 0.3 ms less per entry of time to hire with compare, 0.9 ms for the pipeline's). Text
	 * beyond ASCII is escaped, so the entry's write (Data\TransientRows) needs no charset check. The JSON is stored
	 * deflated (CacheText) after the version, which stays plain so that a stale entry is still told without decoding.
	 */
	private const JSON_FLAGS = JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES;

	/**
	 * Hooks cache invalidation into every write that can change a report.
	 */
	public static function register(): void {
		add_action( Events::DATA_CHANGED_ACTION, array( self::class, 'on_data_changed' ), 10, 1 );
		add_action( 'save_post_' . JobPostType::POST_TYPE, array( self::class, 'bump_jobs' ), 10, 0 );
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
		self::on_data_changed( null );
	}

	/**
	 * Invalidates every cached report and what is kept of the jobs (their titles), once the current transaction (if
	 * any) has committed: a job was created, edited, trashed, restored or deleted, or everything is flushed.
	 */
	public static function bump_jobs(): void {
		self::bump();
		Transaction::after_commit( static fn() => self::replace( self::JOBS_OPTION, self::JOBS_KEY ) );
	}

	/**
	 * Invalidates after a write (Events::DATA_CHANGED_ACTION), once the current transaction (if any) has committed:
	 * every cached report, or only those of periods that are not closed when the write changed no closed day.
	 *
	 * @param int|null $since The earliest day or month the write changed (Events::data_changed()); null: any.
	 */
	public static function on_data_changed( $since = null ): void {
		Transaction::after_commit(
			static function () use ( $since ) {
				self::replace_version();
				if ( null === $since || (int) $since < ReportSummary::month_start( time() + self::CLOCK_MARGIN ) ) {
					self::replace( self::CLOSED_OPTION, self::CLOSED_KEY );
				}
			}
		);
	}

	/** Replaces the version now (after a commit). */
	public static function replace_version(): void {
		self::replace_site_version();
		do_action( self::VERSION_REPLACED_ACTION );
	}

	/** Replaces this site's version (the option, or the object cache's counter with its primary position). */
	private static function replace_site_version(): void {
		$counter = self::replace( self::VERSION_OPTION, self::VERSION_KEY );
		if ( null === $counter ) {
			return;
		}
		// Read after the increment: every write counted up to this value has committed, so the position covers it
		// (a position read before could miss a write that committed and counted in between).
		$position = ReadReplicas::primary_position();
		if ( '' !== $position ) {
			wp_cache_set( self::POSITION_KEY . $counter, $position, self::VERSION_GROUP, self::TTL );
		}
	}

	/**
	 * Replaces a version: a new random token in its option, or with a persistent object cache its counter incremented.
	 *
	 * @param string $option Its option.
	 * @param string $key    Its object cache key.
	 * @return int|null The new counter value (null without a persistent object cache).
	 */
	private static function replace( string $option, string $key ): ?int {
		if ( ! wp_using_ext_object_cache() ) {
			update_option( $option, bin2hex( random_bytes( 8 ) ), true );
			return null;
		}
		$counter = wp_cache_incr( $key, 1, self::VERSION_GROUP );
		if ( false === $counter ) {
			// No counter (first use, or evicted): a fresh random start invalidates as well.
			$counter = random_int( 1, PHP_INT_MAX >> 1 );
			wp_cache_set( $key, $counter, self::VERSION_GROUP );
		}
		return $counter;
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
			self::bump_jobs();
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
			self::bump_jobs();
		}
	}

	/** The current data version (created on first use). */
	public static function version(): string {
		return self::current( self::VERSION_OPTION, self::VERSION_KEY );
	}

	/** The closed periods' version (created on first use; see the class comment). */
	public static function closed_version(): string {
		return 'closed-' . self::current( self::CLOSED_OPTION, self::CLOSED_KEY );
	}

	/** The jobs version (created on first use; see the class comment). */
	public static function jobs_version(): string {
		return 'jobs-' . self::current( self::JOBS_OPTION, self::JOBS_KEY );
	}

	/**
	 * A version's current value (created on first use).
	 *
	 * @param string $option Its option.
	 * @param string $key    Its object cache key.
	 */
	private static function current( string $option, string $key ): string {
		if ( wp_using_ext_object_cache() ) {
			$version = wp_cache_get( $key, self::VERSION_GROUP, true );
			if ( false === $version ) {
				wp_cache_add( $key, random_int( 1, PHP_INT_MAX >> 1 ), self::VERSION_GROUP );
				$version = wp_cache_get( $key, self::VERSION_GROUP, true );
			}
			return 'c' . $version;
		}
		$version = ReadReplicas::in_use() ? self::primary_version( $option ) : get_option( $option );
		if ( ! is_string( $version ) || '' === $version ) {
			$version = bin2hex( random_bytes( 8 ) );
			add_option( $option, $version, '', true );
			$version = (string) get_option( $option, $version );
		}
		return $version;
	}

	/**
	 * A version option as the primary has it (not the copy WordPress loaded with the autoloaded options, which
	 * came from a replica on a GET request); the rest of the request reads from the primary as well.
	 *
	 * @param string $option The option.
	 * @return string|null
	 */
	private static function primary_version( string $option ): ?string {
		global $wpdb;
		ReadReplicas::use_primary();
		return $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, $option ) );
	}

	/**
	 * The cached data of a report at a version, or null.
	 *
	 * @param string      $report  Report.
	 * @param ReportQuery $query   Query.
	 * @param string      $version Version.
	 */
	public static function get( string $report, ReportQuery $query, string $version ): ?array {
		$json = self::get_text( $report, $query, $version );
		return null === $json ? null : self::decode( $json );
	}

	/**
	 * Reads the entries of a report asked with `compare` in one query: the pair's and each period's (ReportService::run()).
	 * A miss of the pair then reads each period's entry (a closed period keeps one) without a round trip of its own,
	 * two fewer queries; a hit reads the period entries' rows too, a few kilobytes in the same query.
	 *
	 * @param string      $report   Report.
	 * @param string      $pair     The pair's entry name (report+compare).
	 * @param ReportQuery $query    The asked period.
	 * @param ReportQuery $compared The compared period.
	 */
	public static function prime_compared( string $report, string $pair, ReportQuery $query, ReportQuery $compared ): void {
		TransientRows::prime( array( self::name( $pair, $query ), self::name( $report, $query ), self::name( $report, $compared ) ) );
	}

	/**
	 * The cached data of a report at a version as its JSON (encode()), not decoded, or null.
	 *
	 * @param string      $report  Report.
	 * @param ReportQuery $query   Query.
	 * @param string      $version Version.
	 */
	public static function get_text( string $report, ReportQuery $query, string $version ): ?string {
		$entry  = get_transient( self::name( $report, $query ) );
		$prefix = $version . "\n";
		if ( ! is_string( $entry ) || ! str_starts_with( $entry, $prefix ) ) {
			return null; // None, or of another version: not decoded at all.
		}
		return CacheText::unpack( substr( $entry, strlen( $prefix ) ) );
	}

	/**
	 * A report's data as an entry holds it and a REST answer sends it, or null when JSON cannot hold it exactly (text
	 * that is not UTF-8: computed again each time, never stored or sent altered).
	 *
	 * @param array $data The data.
	 */
	public static function encode( array $data ): ?string {
		try {
			// Throwing, wp_json_encode() never reaches its fallback, which would convert text that is not UTF-8.
			return wp_json_encode( $data, self::JSON_FLAGS | JSON_THROW_ON_ERROR );
		} catch ( \JsonException $e ) {
			return null;
		}
	}

	/**
	 * The data of an entry's JSON (encode()), or null when it is damaged.
	 *
	 * @param string $json The JSON.
	 */
	public static function decode( string $json ): ?array {
		$data = json_decode( $json, true );
		return is_array( $data ) ? $data : null;
	}

	/**
	 * Stores reports' data, each for a query at a version, in one write (Data\TransientRows).
	 *
	 * @param array<int,array{0:string,1:ReportQuery,2:string,3:string}> $entries [report, query, version, JSON (encode())]
	 *                                                                     each.
	 */
	public static function set( array $entries ): void {
		$values = array();
		foreach ( $entries as [ $report, $query, $version, $json ] ) {
			$values[ self::name( $report, $query ) ] = $version . "\n" . CacheText::pack( $json );
		}
		TransientRows::set( $values, self::TTL );
	}

	/**
	 * The cache key of a report and query.
	 *
	 * @param string      $report Report.
	 * @param ReportQuery $query  Query.
	 */
	private static function name( string $report, ReportQuery $query ): string {
		return self::PREFIX . md5( self::FORMAT . '|' . $report . '|' . $query->cache_key() );
	}
}
