<?php
/**
 * The additive figures of a period that the overview and the funnel share, read with at most three
 * queries whatever the data size (the scope is the job, or 0 for all jobs):
 *
 * 1. summary:     SUM of the cohort's figures (applied, reached_*, now_*) and the hires' (hires,
 *                 hire_seconds) over the report_buckets of the period's whole UTC months and days.
 * 2. cohort edges: COUNT(*) … GROUP BY max_stage, status over the applications applied in the period's
 *                 partial days (applied_stage / job_applied_stage); reached(s) ⇔ max_stage ≥ rank(s).
 * 3. hire edges:  COUNT(*), SUM(hired_at - applied_at) over the hires in the partial days (hire_timeline).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Schema;

defined( 'ABSPATH' ) || exit;

/**
 * Sums of the cohort and the hires over a period.
 */
final class PeriodTotals {

	/** The figures returned: the cohort's (by applied_at) and the hires' (by hired_at). */
	public const MEASURES = array( 'applied', 'reached_screening', 'reached_interview', 'reached_offer', 'reached_hired', 'now_offer', 'now_rejected', 'now_withdrawn', 'hires', 'hire_seconds' );

	/**
	 * The figures of a period.
	 *
	 * @param ReportQuery $query The period and job.
	 * @return array<string,int> MEASURES => value.
	 */
	public static function of( ReportQuery $query ): array {
		return PieceReads::read( __METHOD__, $query, static fn() => self::read( $query ) );
	}

	/**
	 * The read itself (PieceReads keeps it during a network report's computation).
	 *
	 * @param ReportQuery $query The period and job.
	 */
	private static function read( ReportQuery $query ): array {
		global $wpdb;
		$totals = array_fill_keys( self::MEASURES, 0 );
		$parts  = array( PeriodParts::of( $query->start, $query->end ) );
		$job    = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );

		$buckets = PeriodParts::bucket_condition( $parts );
		if ( null !== $buckets ) {
			$table = Schema::table( 'report_buckets' );
			$sums  = implode( ', ', array_map( static fn( $m ) => "SUM($m) AS $m", self::MEASURES ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts.
			$row = $wpdb->get_row( $wpdb->prepare( "SELECT $sums FROM $table WHERE job_id = %d AND $buckets", $query->job_id ?? 0 ), ARRAY_A );
			foreach ( self::MEASURES as $measure ) {
				$totals[ $measure ] += (int) ( $row[ $measure ] ?? 0 );
			}
		}

		$applications = Schema::table( 'applications' );
		$applied      = PeriodParts::raw_condition( $parts, 'applied_at' );
		if ( null !== $applied ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers, prepared $job.
			foreach ( $wpdb->get_results( "SELECT max_stage, status, COUNT(*) AS n FROM $applications WHERE $applied$job GROUP BY max_stage, status", ARRAY_A ) as $row ) {
				$n                  = (int) $row['n'];
				$totals['applied'] += $n;
				foreach ( ReportSummary::REACHED as $column => $rank ) {
					if ( (int) $row['max_stage'] >= $rank ) {
						$totals[ $column ] += $n;
					}
				}
				if ( isset( ReportSummary::NOW[ $row['status'] ] ) ) {
					$totals[ ReportSummary::NOW[ $row['status'] ] ] += $n;
				}
			}
		}
		$hired = PeriodParts::raw_condition( $parts, 'hired_at' );
		if ( null !== $hired ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers, prepared $job.
			$row                     = $wpdb->get_row( "SELECT COUNT(*) AS hires, SUM(hired_at - applied_at) AS total FROM $applications WHERE $hired$job", ARRAY_A );
			$totals['hires']        += (int) ( $row['hires'] ?? 0 );
			$totals['hire_seconds'] += (int) ( $row['total'] ?? 0 );
		}
		return $totals;
	}
}
