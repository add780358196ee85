<?php
/**
 * The titles of jobs for a report's by_job rows: one query for every job, without building their post objects
 * (_prime_post_caches() + get_post_field() cost a cold request 1.5–5 ms for 200 jobs, this 0.3 ms), each read once a
 * request.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Job titles by id.
 */
final class JobTitles {

	/**
	 * Titles already read in this request, per site (a report with `compare` lists the same jobs twice; the network
	 * report reads every site's); null for a job that does not exist. Forgotten whenever a post's cache is cleaned.
	 *
	 * @var array<int,array<int,string|null>>
	 */
	private static array $known = array();

	/** Forgets the titles read when a post changes (clean_post_cache: a job renamed, trashed or deleted). */
	public static function register(): void {
		add_action( 'clean_post_cache', array( self::class, 'forget' ), 10, 0 );
	}

	/** Forgets every title read so far. */
	public static function forget(): void {
		self::$known = array();
	}

	/**
	 * The raw titles of jobs (a job that no longer exists has none).
	 *
	 * @param int[] $ids Job ids.
	 * @return array<int,string> Job id => title.
	 */
	public static function of( array $ids ): array {
		global $wpdb;
		$ids     = array_map( 'intval', $ids );
		$site    = get_current_blog_id();
		$known   = self::$known[ $site ] ?? array();
		$missing = array_values( array_diff( $ids, array_keys( $known ) ) );
		if ( $missing ) {
			$known += array_fill_keys( $missing, null );
			foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT ID, post_title FROM %i WHERE ID IN (' . implode( ',', array_fill( 0, count( $missing ), '%d' ) ) . ')', array_merge( array( $wpdb->posts ), $missing ) ), ARRAY_A ) as $row ) {
				$known[ (int) $row['ID'] ] = (string) $row['post_title'];
			}
			self::$known[ $site ] = $known;
		}
		return array_filter( array_intersect_key( $known, array_flip( $ids ) ), 'is_string' );
	}
}
