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

	/** Rows of one day (period = YYYY-MM-DD in the site's timezone) per job and source, kept for the retention's months. */
	public const DAY = 1;

	/** Rows of one month (period = its first day) per job and source, written with the days and kept for good. */
	public const MONTH = 2;

	/**
	 * The rollups: each level's day span (its month span is the next one), written with the job × source rows, so
	 * that a report reads the rows of what it groups by, not every job × source row of the period (at 1,000,000
	 * rows a year's job × source rows are tens of thousands, its rows per job a few thousand, per source hundreds).
	 * A job's rows over every source have source_key ALL_SOURCES; a source's rows over every job have job_id 0.
	 */
	public const DAY_BY_JOB    = 3;
	public const DAY_BY_SOURCE = 5;
	public const DAY_ALL       = 7;

	/** The source_key of the rows over every source. */
	public const ALL_SOURCES = '';

	/** Every day span; the month span of a level is its day span + 1. */
	public const DAY_SPANS = array( self::DAY, self::DAY_BY_JOB, self::DAY_BY_SOURCE, self::DAY_ALL );

	/**
	 * Counts one metric and source on a day, for each job: the day's rows and their month's at every level, in one
	 * statement, in key order.
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
		if ( ! $job_ids ) {
			return true;
		}
		sort( $job_ids, SORT_NUMERIC );
		$every  = count( $job_ids ) * $hits;
		$levels = array(
			self::DAY           => array( $job_ids, md5( $source ), $source, $hits ),
			self::DAY_BY_JOB    => array( $job_ids, self::ALL_SOURCES, '', $hits ),
			self::DAY_BY_SOURCE => array( array( 0 ), md5( $source ), $source, $every ),
			self::DAY_ALL       => array( array( 0 ), self::ALL_SOURCES, '', $every ),
		);
		$values = array();
		foreach ( $levels as $day_span => [ $jobs, $source_key, $name, $added ] ) {
			foreach ( array( $day_span => $day, $day_span + 1 => substr( $day, 0, 8 ) . '01' ) as $span => $period ) {
				foreach ( $jobs as $job_id ) {
					$values[] = $wpdb->prepare( '(%d, %s, %d, %s, %s, %s, %d)', $span, $period, $job_id, $source_key, $metric, $name, $added );
				}
			}
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- each row prepared above.
		return false !== $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (span, period, job_id, source_key, metric, source, hits) VALUES ', Schema::table( 'careers_counts' ) ) . implode( ', ', $values ) . ' ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)' );
	}

	/**
	 * Rewrites the rollups from the job × source rows (the schema upgrade that added them; the benchmark's seeder).
	 */
	public static function rebuild_rollups(): void {
		global $wpdb;
		$table = Schema::table( 'careers_counts' );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE span > %d', $table, self::MONTH ) );
		// Each level's rows from the day and month rows (span 1 and 2: the level's spans are DAY_BY_* + span - 1).
		$wpdb->query( $wpdb->prepare( 'INSERT INTO %i (span, period, job_id, source_key, metric, source, hits) SELECT span + %d, period, job_id, %s, metric, %s, SUM(hits) FROM %i WHERE span <= %d GROUP BY span, period, job_id, metric', $table, self::DAY_BY_JOB - self::DAY, self::ALL_SOURCES, '', $table, self::MONTH ) );
		$wpdb->query( $wpdb->prepare( 'INSERT INTO %i (span, period, job_id, source_key, metric, source, hits) SELECT span + %d, period, 0, source_key, metric, MIN(source), SUM(hits) FROM %i WHERE span <= %d GROUP BY span, period, source_key, metric', $table, self::DAY_BY_SOURCE - self::DAY, $table, self::MONTH ) );
		$wpdb->query( $wpdb->prepare( 'INSERT INTO %i (span, period, job_id, source_key, metric, source, hits) SELECT span + %d, period, 0, %s, metric, %s, SUM(hits) FROM %i WHERE span <= %d GROUP BY span, period, metric', $table, self::DAY_ALL - self::DAY, self::ALL_SOURCES, '', $table, self::MONTH ) );
	}

	/**
	 * The sum of the daily counters from a day on: it grows with every count, so it tells a cached report whether
	 * counts arrived since (the retention's deletions change the report cache's data version instead).
	 *
	 * @param string $since YYYY-MM-DD.
	 */
	public static function total_since( string $since ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(SUM(hits), 0) FROM %i WHERE span = %d AND period >= %s', Schema::table( 'careers_counts' ), self::DAY_ALL, $since ) );
	}

	/**
	 * Deletes the daily rows before a day, at every level (their months' rows keep the totals).
	 *
	 * @param string $before YYYY-MM-DD.
	 * @return int Rows deleted.
	 */
	public static function delete_days_before( string $before ): int {
		global $wpdb;
		$spans = implode( ',', array_fill( 0, count( self::DAY_SPANS ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
		return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM %i WHERE span IN ($spans) AND period < %s", array_merge( array( Schema::table( 'careers_counts' ) ), self::DAY_SPANS, array( $before ) ) ) );
	}
}
