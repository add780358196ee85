<?php
/**
 * The titles of jobs for a report's by_job rows: one query for every job, without building their post objects
 * (_prime_post_caches() + get_post_field() cost a cold request 1.5–5 ms for 200 jobs, this 0.3 ms), each read once a
 * request, and kept across requests under the jobs version (ReportCache::jobs_version()), which only a change of a
 * job replaces: a report's miss after any other write (a new application, an import) reads the titles of 200 jobs from
 * one row in about 0.1 ms instead of 0.4–0.5 (docs/reports.md#cache).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ReadReplicas;
use RecruitingReports\Data\TransientRows;

defined( 'ABSPATH' ) || exit;

/**
 * Job titles by id.
 */
final class JobTitles {

	/** The transient that keeps the titles read (its name starts like the plugin's others, which uninstall deletes). */
	private const KEPT = 'recruiting_reports_job_titles';

	/**
	 * At most this many jobs are kept: past it every report would read more of them than it lists, and the titles are
	 * read by a query as before.
	 */
	private const MOST_KEPT = 2000;

	/**
	 * Titles already read in this request, per site (a report with `compare` lists the same jobs twice; the network
	 * report reads every site's); null for a job that does not exist. Forgotten whenever a post's cache is cleaned.
	 *
	 * @var array<int,array<int,string|null>>
	 */
	private static array $known = array();

	/**
	 * The jobs version each site's titles of this request were read under ('' where they are not kept), read once with
	 * them: titles kept from an older version are never written back under a newer one (with a persistent object cache
	 * another web node's rename can replace the version mid-request), and the version costs one read a request.
	 *
	 * @var array<int,string>
	 */
	private static array $stamps = array();

	/** Forgets the titles read when a post changes (clean_post_cache: a job renamed, trashed or deleted). */
	public static function register(): void {
		add_action( 'clean_post_cache', array( self::class, 'forget' ), 10, 0 );
	}

	/** Forgets every title read so far. */
	public static function forget(): void {
		self::$known  = array();
		self::$stamps = array();
	}

	/**
	 * The raw titles of jobs (a job that no longer exists has none).
	 *
	 * @param int[] $ids Job ids.
	 * @return array<int,string> Job id => title.
	 */
	public static function of( array $ids ): array {
		global $wpdb;
		$ids  = array_map( 'intval', $ids );
		$site = get_current_blog_id();
		if ( ! $ids ) {
			return array();
		}
		if ( ! isset( self::$known[ $site ] ) ) {
			// Kept across requests only where every read sees the writes that replaced the jobs version: with read
			// replicas a title could be read from one that has not applied a rename yet, and be kept under the new one.
			// Read before the titles: a rename after it replaces it.
			self::$stamps[ $site ] = ReadReplicas::in_use() ? '' : ReportCache::jobs_version();
			self::$known[ $site ]  = '' === self::$stamps[ $site ] ? array() : self::kept( self::$stamps[ $site ] );
		}
		$stamp   = self::$stamps[ $site ];
		$known   = self::$known[ $site ];
		$missing = array_values( array_diff( $ids, array_keys( $known ) ) );
		if ( $missing ) {
			$known += array_fill_keys( $missing, null );
			foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT ID, post_title FROM %i WHERE ID IN (' . implode( ',', array_fill( 0, count( $missing ), '%d' ) ) . ')', array_merge( array( $wpdb->posts ), $missing ) ), ARRAY_A ) as $row ) {
				$known[ (int) $row['ID'] ] = (string) $row['post_title'];
			}
			self::$known[ $site ] = $known;
			if ( '' !== $stamp && count( $known ) <= self::MOST_KEPT ) {
				// JSON escapes every character beyond ASCII, as TransientRows needs.
				TransientRows::set( array( self::KEPT => $stamp . "\n" . wp_json_encode( $known ) ), DAY_IN_SECONDS );
			}
		}
		return array_filter( array_intersect_key( $known, array_flip( $ids ) ), 'is_string' );
	}

	/**
	 * The titles kept under the current jobs version (none when they were kept under another).
	 *
	 * @param string $stamp ReportCache::jobs_version().
	 * @return array<int,string|null>
	 */
	private static function kept( string $stamp ): array {
		$kept = get_transient( self::KEPT );
		if ( ! is_string( $kept ) || ! str_starts_with( $kept, $stamp . "\n" ) ) {
			return array();
		}
		$titles = json_decode( substr( $kept, strlen( $stamp ) + 1 ), true );
		if ( ! is_array( $titles ) ) {
			return array();
		}
		$known = array();
		foreach ( $titles as $id => $title ) {
			$known[ (int) $id ] = is_string( $title ) ? $title : null;
		}
		return $known;
	}
}
