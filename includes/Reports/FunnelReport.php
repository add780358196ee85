<?php
/**
 * GET /reports/funnel (SPEC §7.2) over the cohort C (applications applied in the period, and job): how
 * many reached each pipeline stage and the step conversion, the cohort's current outcomes, and the offer
 * acceptance rate. Three queries at most, shared with the overview (PeriodTotals): the cohort's current
 * statuses are summary counters of report_buckets like its reached() counts.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * The Funnel report.
 */
final class FunnelReport {

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The period and job.
	 */
	public function run( ReportQuery $query ): array {
		$totals  = PeriodTotals::of( $query );
		$reached = array( $totals['applied'], $totals['reached_screening'], $totals['reached_interview'], $totals['reached_offer'], $totals['reached_hired'] );

		$stages = array();
		foreach ( Pipeline::STAGES as $rank => $stage ) {
			$stages[] = array(
				'stage'                    => $stage,
				'reached'                  => $reached[ $rank ],
				// new: 1 (0 for an empty cohort), as reached ÷ itself.
				'conversion_from_previous' => Figures::rate( $reached[ $rank ], $reached[ max( 0, $rank - 1 ) ] ),
			);
		}
		// hired is final, so the cohort now at hired is exactly the cohort that reached it.
		$done = $totals['reached_hired'] + $totals['now_rejected'] + $totals['now_withdrawn'];
		return array(
			'period'                => $query->period(),
			'stages'                => $stages,
			'outcomes'              => array(
				'rejected'    => $totals['now_rejected'],
				'withdrawn'   => $totals['now_withdrawn'],
				'in_progress' => $totals['applied'] - $done,
			),
			// Offers decided (accepted or not): every offer made minus those still pending.
			'offer_acceptance_rate' => Figures::rate( $totals['reached_hired'], $totals['reached_offer'] - $totals['now_offer'] ),
		);
	}
}
