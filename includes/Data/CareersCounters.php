<?php
/**
 * The careers funnel's counters (table careers_counts): how often jobs were seen in a job list, their pages viewed,
 * their apply forms started and sent, per site-timezone day, job and source. Only counts: no visitor id, no address,
 * nothing that tells two visitors apart.
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
 * Counter rows: written by beacons and the apply form, rolled up by month by the retention.
 */
final class CareersCounters {

	/** A job shown in a job list (one per job listed), a job page viewed, an apply form started, one sent. */
	public const METRICS = array( 'list_view', 'job_view', 'form_start', 'submission' );

	/** Rows of one day (period = YYYY-MM-DD in the site's timezone). */
	public const DAY = 1;

	/** Rows of one month, rolled up from its days (period = its first day). */
	public const MONTH = 2;

	/**
	 * Adds to the counters of one period, metric and source, for each job: one statement.
	 *
	 * @param int    $span    DAY or MONTH.
	 * @param string $period  YYYY-MM-DD.
	 * @param int[]  $job_ids Jobs (distinct).
	 * @param string $source  A normalised source (Data\Source).
	 * @param string $metric  One of METRICS.
	 * @param int    $hits    How much to add to each.
	 * @return bool Whether the statement succeeded.
	 */
	public static function add( int $span, string $period, array $job_ids, string $source, string $metric, int $hits = 1 ): bool {
		global $wpdb;
		sort( $job_ids, SORT_NUMERIC );
		$values = array();
		foreach ( $job_ids as $job_id ) {
			$values[] = $wpdb->prepare( '(%d, %s, %d, %s, %s, %s, %d)', $span, $period, $job_id, md5( $source ), $metric, $source, $hits );
		}
		if ( ! $values ) {
			return true;
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- each row prepared above.
		return false !== $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (span, period, job_id, source_key, metric, source, hits) VALUES ', Schema::table( 'careers_counts' ) ) . implode( ', ', $values ) . ' ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)' );
	}

	/**
	 * The sum of the daily counters from a day on: it grows with every count, so it tells a cached report whether
	 * counts arrived since (rollups and deletions change the report cache's data version instead).
	 *
	 * @param string $since YYYY-MM-DD.
	 */
	public static function total_since( string $since ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(SUM(hits), 0) FROM %i WHERE span = %d AND period >= %s', Schema::table( 'careers_counts' ), self::DAY, $since ) );
	}

	/**
	 * Rolls the daily rows of one month into its monthly rows and deletes them, in one transaction (a failure leaves
	 * the days as they were).
	 *
	 * @param string $month YYYY-MM.
	 * @return int Daily rows rolled up (0 when none, or when the transaction failed).
	 */
	public static function roll_up_month( string $month ): int {
		global $wpdb;
		$table  = Schema::table( 'careers_counts' );
		$rolled = Transaction::run(
			static function () use ( $wpdb, $table, $month ) {
				$first = $month . '-01';
				$next  = gmdate( 'Y-m-d', (int) strtotime( $first . ' +1 month' ) );
				$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, MIN(source) AS source, metric, SUM(hits) AS hits, COUNT(*) AS days FROM %i WHERE span = %d AND period >= %s AND period < %s GROUP BY job_id, source_key, metric', $table, self::DAY, $first, $next ), ARRAY_A );
				$days  = 0;
				foreach ( $rows as $row ) {
					if ( ! self::add( self::MONTH, $first, array( (int) $row['job_id'] ), (string) $row['source'], (string) $row['metric'], (int) $row['hits'] ) ) {
						return false; // Rolled back: the days stay.
					}
					$days += (int) $row['days'];
				}
				return false === $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE span = %d AND period >= %s AND period < %s', $table, self::DAY, $first, $next ) ) ? false : $days;
			}
		);
		return is_int( $rolled ) ? $rolled : 0;
	}

	/**
	 * The months (YYYY-MM) that still have daily rows before a day.
	 *
	 * @param string $before YYYY-MM-DD.
	 * @return string[]
	 */
	public static function months_with_days_before( string $before ): array {
		global $wpdb;
		return array_map( 'strval', $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT SUBSTR(period, 1, 7) FROM %i WHERE span = %d AND period < %s ORDER BY 1', Schema::table( 'careers_counts' ), self::DAY, $before ) ) );
	}
}
