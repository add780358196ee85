<?php
/**
 * GET /reports/overview (SPEC §7): job counts, application counts, the cohort's conversion rates and
 * the average time to hire. Five queries whatever the data size (the scope is the job, or 0 for all):
 *
 * 1. jobs:      COUNT / SUM(CASE …) over recruiting_job posts that are not trashed (type_status_date).
 * 2. by_status: report_statuses rows of the scope (at most seven).
 * 3. summary:   SUM of applied, reached_*, hires, hire_seconds over the report_buckets of the period's
 *               whole UTC months and days (PeriodParts), for the scope.
 * 4. cohort edges: COUNT(*) … GROUP BY max_stage over applications applied in the period's partial days
 *               (applied_stage / job_applied_stage, covering); reached(s) ⇔ max_stage ≥ rank(s).
 * 5. hire edges: COUNT(*), SUM(hired_at - applied_at) over hires in the partial days (hire_timeline).
 *
 * The average time to hire is the same exact sum over the same hires as TimeToHireReport's
 * overall.average_days, so the two are equal by construction.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

final class OverviewReport {

	public function run( ReportQuery $query ): array {
		$totals   = $this->period_totals( $query );
		$reached  = array( $totals['applied'], $totals['reached_screening'], $totals['reached_interview'], $totals['reached_offer'], $totals['reached_hired'] );
		$statuses = $this->statuses( $query );
		return array(
			'period'                => $query->period(),
			'jobs'                  => $this->jobs( $query ),
			'applications'          => array(
				'total'           => $statuses['total'],
				'new_this_period' => $reached[0],
				'by_status'       => $statuses['by_status'],
			),
			'conversion'            => array(
				'application_to_screening' => Figures::rate( $reached[1], $reached[0] ),
				'screening_to_interview'   => Figures::rate( $reached[2], $reached[1] ),
				'interview_to_offer'       => Figures::rate( $reached[3], $reached[2] ),
				'offer_to_hire'            => Figures::rate( $reached[4], $reached[3] ),
			),
			'avg_time_to_hire_days' => Figures::mean_days( $totals['hire_seconds'], $totals['hires'] ),
		);
	}

	private function jobs( ReportQuery $query ): array {
		global $wpdb;
		// post_date_gmt is the job's creation instant (always set, see JobPostType::keep_creation_date),
		// compared as 'Y-m-d H:i:s' UTC strings, which order like the instants on MySQL and SQLite.
		$job = $query->job_id ?? 0; // 0: every job.
		$row = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT COUNT(*) AS total,
					SUM(CASE WHEN post_status = 'publish' THEN 1 ELSE 0 END) AS active,
					SUM(CASE WHEN post_date_gmt >= %s AND post_date_gmt < %s THEN 1 ELSE 0 END) AS created
				FROM %i
				WHERE post_type = %s AND post_status NOT IN ('trash', 'auto-draft') AND (%d = 0 OR ID = %d)",
				gmdate( 'Y-m-d H:i:s', $query->start ),
				gmdate( 'Y-m-d H:i:s', $query->end ),
				$wpdb->posts,
				JobPostType::POST_TYPE,
				$job,
				$job
			),
			ARRAY_A
		);
		return array(
			'total'           => (int) ( $row['total'] ?? 0 ),
			'active'          => (int) ( $row['active'] ?? 0 ),
			'new_this_period' => (int) ( $row['created'] ?? 0 ),
		);
	}

	/** @return array{total:int,by_status:array<string,int>} Over all applications of the scope. */
	private function statuses( ReportQuery $query ): array {
		global $wpdb;
		$table = Schema::table( 'report_statuses' );
		$rows      = $wpdb->get_results( $wpdb->prepare( 'SELECT status, applications FROM %i WHERE job_id = %d', $table, $query->job_id ?? 0 ), ARRAY_A );
		$by_status = array_fill_keys( Pipeline::STATUSES, 0 );
		foreach ( $rows as $row ) {
			if ( isset( $by_status[ $row['status'] ] ) ) {
				$by_status[ $row['status'] ] = (int) $row['applications'];
			}
		}
		return array(
			'total'     => array_sum( $by_status ),
			'by_status' => $by_status,
		);
	}

	/**
	 * The cohort's size and reached() counts, and the hires' count and total seconds, over the period.
	 *
	 * @return array<string,int>
	 */
	private function period_totals( ReportQuery $query ): array {
		global $wpdb;
		$measures = array( 'applied', 'reached_screening', 'reached_interview', 'reached_offer', 'reached_hired', 'hires', 'hire_seconds' );
		$totals   = array_fill_keys( $measures, 0 );
		$parts    = array( PeriodParts::of( $query->start, $query->end, null === $query->job_id ) );
		$job      = $query->job_id ?? 0; // 0: every job.

		$buckets = PeriodParts::bucket_condition( $parts );
		if ( null !== $buckets ) {
			$table = Schema::table( 'report_buckets' );
			$sums  = implode( ', ', array_map( static fn( $m ) => "SUM($m) AS $m", $measures ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only bucket condition from PeriodParts, constant SUM columns.
			$row = $wpdb->get_row( $wpdb->prepare( 'SELECT ' . $sums . ' FROM %i WHERE job_id = %d AND ' . $buckets, $table, $job ), ARRAY_A );
			foreach ( $measures as $measure ) {
				$totals[ $measure ] += (int) ( $row[ $measure ] ?? 0 );
			}
		}

		$applications = Schema::table( 'applications' );
		$applied      = PeriodParts::raw_condition( $parts, 'applied_at' );
		if ( null !== $applied ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only condition from PeriodParts.
			foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT max_stage, COUNT(*) AS n FROM %i WHERE ' . $applied . ' AND (%d = 0 OR job_id = %d) GROUP BY max_stage', $applications, $job, $job ), ARRAY_A ) as $row ) {
				$totals['applied'] += (int) $row['n'];
				foreach ( ReportSummary::REACHED as $column => $rank ) {
					if ( (int) $row['max_stage'] >= $rank ) {
						$totals[ $column ] += (int) $row['n'];
					}
				}
			}
		}
		$hired = PeriodParts::raw_condition( $parts, 'hired_at' );
		if ( null !== $hired ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only condition from PeriodParts.
			$row                     = $wpdb->get_row( $wpdb->prepare( 'SELECT COUNT(*) AS hires, SUM(hired_at - applied_at) AS total FROM %i WHERE ' . $hired . ' AND (%d = 0 OR job_id = %d)', $applications, $job, $job ), ARRAY_A );
			$totals['hires']        += (int) ( $row['hires'] ?? 0 );
			$totals['hire_seconds'] += (int) ( $row['total'] ?? 0 );
		}
		return $totals;
	}
}
