<?php
/**
 * GET /reports/overview (SPEC §7): job counts, application counts, the cohort's conversion rates and
 * the average time to hire. Four aggregate queries whatever the data size, each served by an index:
 *
 * 1. jobs:          COUNT / SUM(CASE …) over recruiting_job posts that are not trashed (type_status_date).
 * 2. by_status:     COUNT(*) … GROUP BY status over all applications (index status / job_status, covering).
 * 3. cohort:        COUNT(*) … WHERE applied_at in the period GROUP BY max_stage (applied_stage /
 *                   job_applied_stage, covering); reached(s) ⇔ max_stage ≥ rank(s), summed in PHP.
 * 4. time to hire:  COUNT(*), SUM(hired_at - applied_at) over the hires in the period (TimeToHireReport).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

final class OverviewReport {

	public function run( ReportQuery $query ): array {
		$reached = $this->cohort( $query );
		$hires   = TimeToHireReport::hire_totals( $query );
		return array(
			'period'                => $query->period(),
			'jobs'                  => $this->jobs( $query ),
			'applications'          => $this->applications( $query, $reached[0] ),
			'conversion'            => $this->conversion( $reached ),
			'avg_time_to_hire_days' => Figures::mean_days( $hires['total_seconds'], $hires['hires'] ),
		);
	}

	private function jobs( ReportQuery $query ): array {
		global $wpdb;
		// post_date_gmt is the job's creation instant (always set, see JobPostType::keep_creation_date),
		// compared as 'Y-m-d H:i:s' UTC strings, which order like the instants on MySQL and SQLite.
		$sql = $wpdb->prepare(
			"SELECT COUNT(*) AS total,
				SUM(CASE WHEN post_status = 'publish' THEN 1 ELSE 0 END) AS active,
				SUM(CASE WHEN post_date_gmt >= %s AND post_date_gmt < %s THEN 1 ELSE 0 END) AS created
			FROM {$wpdb->posts}
			WHERE post_type = %s AND post_status NOT IN ('trash', 'auto-draft')",
			gmdate( 'Y-m-d H:i:s', $query->start ),
			gmdate( 'Y-m-d H:i:s', $query->end ),
			JobPostType::POST_TYPE
		);
		if ( null !== $query->job_id ) {
			$sql .= $wpdb->prepare( ' AND ID = %d', $query->job_id );
		}
		$row = $wpdb->get_row( $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
		return array(
			'total'           => (int) ( $row['total'] ?? 0 ),
			'active'          => (int) ( $row['active'] ?? 0 ),
			'new_this_period' => (int) ( $row['created'] ?? 0 ),
		);
	}

	private function applications( ReportQuery $query, int $cohort_size ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		$where = null === $query->job_id ? '' : $wpdb->prepare( 'WHERE job_id = %d', $query->job_id );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours, $where prepared.
		$rows = $wpdb->get_results( "SELECT status, COUNT(*) AS n FROM $table $where GROUP BY status", ARRAY_A );

		$by_status = array_fill_keys( Pipeline::STATUSES, 0 );
		foreach ( $rows as $row ) {
			if ( isset( $by_status[ $row['status'] ] ) ) {
				$by_status[ $row['status'] ] = (int) $row['n'];
			}
		}
		return array(
			'total'           => array_sum( $by_status ),
			'new_this_period' => $cohort_size,
			'by_status'       => $by_status,
		);
	}

	/**
	 * @return array<int,int> rank => number of cohort applications that reached that stage (rank 0 = the cohort).
	 */
	private function cohort( ReportQuery $query ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		$sql   = $wpdb->prepare( "SELECT max_stage, COUNT(*) AS n FROM $table WHERE applied_at >= %d AND applied_at < %d", $query->start, $query->end ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( null !== $query->job_id ) {
			$sql .= $wpdb->prepare( ' AND job_id = %d', $query->job_id );
		}
		$rows = $wpdb->get_results( $sql . ' GROUP BY max_stage', ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared

		$at_stage = array_fill( 0, count( Pipeline::STAGES ), 0 );
		foreach ( $rows as $row ) {
			$rank = (int) $row['max_stage'];
			if ( isset( $at_stage[ $rank ] ) ) {
				$at_stage[ $rank ] = (int) $row['n'];
			}
		}
		// reached(rank) = applications whose highest stage is at or after rank.
		$reached = array();
		$running = 0;
		for ( $rank = count( $at_stage ) - 1; $rank >= 0; $rank-- ) {
			$running          += $at_stage[ $rank ];
			$reached[ $rank ] = $running;
		}
		ksort( $reached );
		return $reached;
	}

	/** @param array<int,int> $reached From cohort(). */
	private function conversion( array $reached ): array {
		return array(
			'application_to_screening' => Figures::rate( $reached[1], $reached[0] ),
			'screening_to_interview'   => Figures::rate( $reached[2], $reached[1] ),
			'interview_to_offer'       => Figures::rate( $reached[3], $reached[2] ),
			'offer_to_hire'            => Figures::rate( $reached[4], $reached[3] ),
		);
	}
}
