<?php
/**
 * The careers funnel's counters (table careers_counts): how often jobs were seen in a job list, their pages viewed,
 * their apply forms started and sent, per site-timezone day, job and source, and the same per month (so a report
 * over months reads a month's rows, not its days). Only counts: no visitor id, no address, nothing that tells two
 * visitors apart.
 *
 * A count is one statement, `INSERT … ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)`: atomic on MariaDB/MySQL
 * (the row's lock lasts the statement) and on SQLite (the SQLite integration turns it into `ON CONFLICT DO UPDATE`,
 * and SQLite serialises writers), so parallel beacons never lose a count and no lock outlives the request. The
 * rows of one statement are in key order, so two statements over the same rows lock them in the same order.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Counter rows: written by beacons and the apply form; old days deleted by the retention, months kept.
 */
final class CareersCounters {

	/** A job shown in a job list (one per job listed), a job page viewed, an apply form started, one sent. */
	public const METRICS = array( 'list_view', 'job_view', 'form_start', 'submission' );

	/** Rows of one day (period = YYYY-MM-DD in the site's timezone), kept for the retention's months. */
	public const DAY = 1;

	/** Rows of one month (period = its first day), written with the days and kept for good. */
	public const MONTH = 2;

	/**
	 * Counts one metric and source on a day, for each job: the day's rows and their month's, in one statement.
	 *
	 * @param string $day     YYYY-MM-DD (site timezone).
	 * @param int[]  $job_ids Jobs (distinct).
	 * @param string $source  A source category (Data\Source::category()).
	 * @param string $metric  One of METRICS.
	 * @param int    $hits    How much to add to each.
	 * @return bool Whether the statement succeeded.
	 */
	public static function add( string $day, array $job_ids, string $source, string $metric, int $hits = 1 ): bool {
		global $wpdb;
		sort( $job_ids, SORT_NUMERIC );
		$values = array();
		foreach ( array( self::DAY => $day, self::MONTH => substr( $day, 0, 8 ) . '01' ) as $span => $period ) {
			foreach ( $job_ids as $job_id ) {
				$values[] = $wpdb->prepare( '(%d, %s, %d, %s, %s, %s, %d)', $span, $period, $job_id, md5( $source ), $metric, $source, $hits );
			}
		}
		if ( ! $job_ids ) {
			return true;
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- each row prepared above.
		return false !== $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (span, period, job_id, source_key, metric, source, hits) VALUES ', Schema::table( 'careers_counts' ) ) . implode( ', ', $values ) . ' ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)' );
	}

	/**
	 * The sum of the daily counters from a day on: it grows with every count, so it tells a cached report whether
	 * counts arrived since (the retention's deletions change the report cache's data version instead).
	 *
	 * @param string $since YYYY-MM-DD.
	 */
	public static function total_since( string $since ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(SUM(hits), 0) FROM %i WHERE span = %d AND period >= %s', Schema::table( 'careers_counts' ), self::DAY, $since ) );
	}

	/**
	 * Deletes the daily rows before a day (their months' rows keep the totals).
	 *
	 * @param string $before YYYY-MM-DD.
	 * @return int Rows deleted.
	 */
	public static function delete_days_before( string $before ): int {
		global $wpdb;
		return (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE span = %d AND period < %s', Schema::table( 'careers_counts' ), self::DAY, $before ) );
	}
}
