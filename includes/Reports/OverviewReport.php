<?php
/**
 * GET /reports/overview (docs/reports.md#definitions): job counts, application counts, the cohort's conversion rates and
 * the average time to hire. Five queries whatever the data size (the scope is the job, or 0 for all):
 *
 * 1. jobs:      COUNT / SUM(CASE …) over recruiting_job posts that are not trashed (type_status_date).
 * 2. by_status: report_statuses rows of the scope (at most seven).
 * 3.–5.         the cohort's and the hires' sums over the period (PeriodTotals: summary rows of the
 *               whole UTC months and days, the applications of the partial days).
 *
 * The average time to hire is the same exact sum over the same hires as TimeToHireReport's
 * overall.average_days, so the two are equal by construction.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * GET /reports/overview (docs/reports.md#definitions): job counts, application counts, the cohort's conversion rates and the average time to hire.
 */
final class OverviewReport {

	/** The overview's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		$by_status = array();
		foreach ( Pipeline::STATUSES as $status ) {
			$by_status[ $status ] = ReportSchema::integer( $status );
		}
		return new ReportDefinition(
			name: ReportService::OVERVIEW,
			title: __( 'Recruiting overview', 'recruiting-reports' ),
			description: __( 'Jobs and applications for a period: headline figures, applications by status and conversion between stages.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query ),
			schema: array(
				'jobs'                  => ReportSchema::object(
					__( 'Job counts.', 'recruiting-reports' ),
					array(
						'total'           => ReportSchema::integer( __( 'Jobs that are not trashed.', 'recruiting-reports' ) ),
						'active'          => ReportSchema::integer( __( 'Jobs published now.', 'recruiting-reports' ) ),
						'new_this_period' => ReportSchema::integer( __( 'Jobs created in the period.', 'recruiting-reports' ) ),
					)
				),
				'applications'          => ReportSchema::object(
					__( 'Application counts.', 'recruiting-reports' ),
					array(
						'total'           => ReportSchema::integer( __( 'All applications ever.', 'recruiting-reports' ) ),
						'new_this_period' => ReportSchema::integer( __( 'Applications received in the period (the cohort).', 'recruiting-reports' ) ),
						'by_status'       => ReportSchema::object( __( 'Current status counts over all applications.', 'recruiting-reports' ), $by_status ),
					)
				),
				'conversion'            => ReportSchema::object(
					__( 'Stage-to-stage conversion over the cohort, 0 to 1, rounded to 4 decimals.', 'recruiting-reports' ),
					array(
						'application_to_screening' => ReportSchema::rate( __( 'Reached screening / cohort.', 'recruiting-reports' ) ),
						'screening_to_interview'   => ReportSchema::rate( __( 'Reached interview / reached screening.', 'recruiting-reports' ) ),
						'interview_to_offer'       => ReportSchema::rate( __( 'Reached offer / reached interview.', 'recruiting-reports' ) ),
						'offer_to_hire'            => ReportSchema::rate( __( 'Reached hired / reached offer.', 'recruiting-reports' ) ),
					)
				),
				'hires_this_period'     => ReportSchema::integer( __( 'Applications hired in the period (what avg_time_to_hire_days is over).', 'recruiting-reports' ) ),
				'avg_time_to_hire_days' => ReportSchema::number( __( 'Mean days from application to hire over the hires in the period (equals time-to-hire overall.average_days).', 'recruiting-reports' ) ),
			),
			figures: array(
				ReportFigures::count( 'active_jobs', __( 'Active jobs', 'recruiting-reports' ), 'jobs.active' ),
				ReportFigures::count( 'new_jobs', __( 'New jobs', 'recruiting-reports' ), 'jobs.new_this_period' ),
				ReportFigures::count( 'new_applications', __( 'New applications', 'recruiting-reports' ), 'applications.new_this_period' ),
				ReportFigures::count( 'total_applications', __( 'All applications', 'recruiting-reports' ), 'applications.total' ),
				// Decided by the hires, not the average: hires within the same hour average 0.0 days.
				ReportFigures::days( 'avg_time_to_hire', __( 'Average time to hire', 'recruiting-reports' ), 'avg_time_to_hire_days', 'hires_this_period', __( 'No hires in this period', 'recruiting-reports' ) ),
			),
			charts: self::charts(),
			block: array(
				'icon'     => 'chart-bar',
				'keywords' => array( 'recruiting', 'applications', 'conversion', 'pipeline' ),
			),
			merge: static fn( array $sites ) => self::merge( $sites ),
		);
	}

	/**
	 * The overview's charts (ReportCharts).
	 *
	 * @return array[]
	 */
	private static function charts(): array {
		return array(
			ReportCharts::keyed(
				'by_status',
				__( 'All applications by current status', 'recruiting-reports' ),
				__( 'Status', 'recruiting-reports' ),
				ReportCharts::status_labels(),
				array( ReportCharts::series( __( 'Applications', 'recruiting-reports' ), 'applications.by_status', 'count', ReportPalette::STATUSES ) ),
				array(
					'kinds'          => array( 'bar', 'doughnut' ),
					'kind_attribute' => 'statusChart',
					'horizontal'     => true,
					'section'        => __( 'Status breakdown', 'recruiting-reports' ),
					// All applications ever, not the period's.
					'empty'          => ReportCharts::empty_text( __( 'No applications yet.', 'recruiting-reports' ) ),
				)
			),
			ReportCharts::keyed(
				'conversion',
				__( 'Conversion between stages', 'recruiting-reports' ),
				__( 'Step', 'recruiting-reports' ),
				array(
					'application_to_screening' => __( 'Application → screening', 'recruiting-reports' ),
					'screening_to_interview'   => __( 'Screening → interview', 'recruiting-reports' ),
					'interview_to_offer'       => __( 'Interview → offer', 'recruiting-reports' ),
					'offer_to_hire'            => __( 'Offer → hire', 'recruiting-reports' ),
				),
				array( ReportCharts::series( __( 'Conversion rate', 'recruiting-reports' ), 'conversion', 'percent', ReportPalette::BLUE ) ),
				array( 'horizontal' => true )
			),
		);
	}

	/**
	 * The overview report (docs/reports.md#definitions) for a resolved query.
	 *
	 * @param ReportQuery $query Query.
	 */
	public function run( ReportQuery $query ): array {
		$totals   = PeriodTotals::of( $query );
		$statuses = $this->statuses( $query );
		return array( 'period' => $query->period() ) + self::from_parts(
			$this->jobs( $query ),
			array(
				'total'           => $statuses['total'],
				'new_this_period' => $totals['applied'],
				'by_status'       => $statuses['by_status'],
			),
			$totals
		);
	}

	/**
	 * The overview across a network's sites: job and application counts summed, the conversion and the average time
	 * to hire recomputed from the sites' summed period totals (PeriodTotals).
	 *
	 * @param SiteFigures[] $sites The sites.
	 */
	public static function merge( array $sites ): array {
		$totals = NetworkMerge::sum( array_map( static fn( SiteFigures $site ) => $site->in( array( PeriodTotals::class, 'of' ) ), $sites ) ) + array_fill_keys( PeriodTotals::MEASURES, 0 );
		$counts = NetworkMerge::sum( array_map( static fn( SiteFigures $site ) => array_intersect_key( $site->data, array_flip( array( 'jobs', 'applications' ) ) ), $sites ) );
		return self::from_parts( $counts['jobs'] ?? array(), $counts['applications'] ?? array(), $totals );
	}

	/**
	 * The overview's fields from its counts and the period's totals.
	 *
	 * @param array $jobs         total, active, new_this_period.
	 * @param array $applications total, new_this_period, by_status.
	 * @param array $totals       PeriodTotals::of().
	 */
	private static function from_parts( array $jobs, array $applications, array $totals ): array {
		$reached = array( $totals['applied'], $totals['reached_screening'], $totals['reached_interview'], $totals['reached_offer'], $totals['reached_hired'] );
		return array(
			'jobs'                  => $jobs,
			'applications'          => $applications,
			'conversion'            => array(
				'application_to_screening' => Rounding::rate( $reached[1], $reached[0] ),
				'screening_to_interview'   => Rounding::rate( $reached[2], $reached[1] ),
				'interview_to_offer'       => Rounding::rate( $reached[3], $reached[2] ),
				'offer_to_hire'            => Rounding::rate( $reached[4], $reached[3] ),
			),
			'hires_this_period'     => $totals['hires'],
			'avg_time_to_hire_days' => Rounding::mean_days( $totals['hire_seconds'], $totals['hires'] ),
		);
	}

	/**
	 * Job counts: all, active, created in the period.
	 *
	 * @param ReportQuery $query Query.
	 */
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

	/**
	 * Applications by current status, from the status summary.
	 *
	 * @param ReportQuery $query Query.
	 * @return array{total:int,by_status:array<string,int>} Over all applications of the scope.
	 */
	private function statuses( ReportQuery $query ): array {
		global $wpdb;
		$table = Schema::table( 'report_statuses' );
		// Current counts: with `compare` both periods use one read (PieceReads::read_of_job()).
		$rows      = PieceReads::read_of_job( __METHOD__, $query->job_id, static fn() => $wpdb->get_results( $wpdb->prepare( 'SELECT status, applications FROM %i WHERE job_id = %d', $table, $query->job_id ?? 0 ), ARRAY_A ) );
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
}
