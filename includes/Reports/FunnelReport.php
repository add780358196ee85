<?php
/**
 * GET /reports/funnel (docs/reports.md#funnel-sources-time-to-fill) over the cohort C (applications applied in the period, and job): how
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

	/** The funnel's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		return new ReportDefinition(
			name: ReportService::FUNNEL,
			title: __( 'Hiring funnel', 'recruiting-reports' ),
			description: __( 'Where candidates drop out: applications reaching each stage, conversion from stage to stage, outcomes and offer acceptance.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query ),
			schema: array(
				'stages'                => ReportSchema::rows(
					__( 'The pipeline stages in order, over the cohort (applications received in the period).', 'recruiting-reports' ),
					array(
						'stage'                    => array(
							'type'    => 'string',
							'enum'    => Pipeline::STAGES,
							'context' => array( 'view' ),
						),
						'reached'                  => ReportSchema::integer( __( 'Applications of the cohort that reached the stage (or a later one).', 'recruiting-reports' ) ),
						'conversion_from_previous' => ReportSchema::rate( __( 'reached ÷ the previous stage\'s reached (new: 1, or 0 for an empty cohort).', 'recruiting-reports' ) ),
					)
				),
				'outcomes'              => ReportSchema::object(
					__( 'Current status of the cohort.', 'recruiting-reports' ),
					array(
						'rejected'    => ReportSchema::integer( __( 'Now rejected.', 'recruiting-reports' ) ),
						'withdrawn'   => ReportSchema::integer( __( 'Now withdrawn.', 'recruiting-reports' ) ),
						'in_progress' => ReportSchema::integer( __( 'Now in new, screening, interview or offer.', 'recruiting-reports' ) ),
					)
				),
				'offer_acceptance_rate' => ReportSchema::rate( __( 'Reached hired ÷ (reached offer − now at offer): accepted offers over decided ones.', 'recruiting-reports' ) ),
			),
			figures: array(
				ReportFigures::count( 'applications', __( 'Applications', 'recruiting-reports' ), 'stages.0.reached' ),
				ReportFigures::percent( 'offer_acceptance_rate', __( 'Offer acceptance', 'recruiting-reports' ), 'offer_acceptance_rate' ),
				ReportFigures::count( 'in_progress', __( 'In progress', 'recruiting-reports' ), 'outcomes.in_progress' ),
				ReportFigures::count( 'rejected', __( 'Rejected', 'recruiting-reports' ), 'outcomes.rejected' ),
				ReportFigures::count( 'withdrawn', __( 'Withdrawn', 'recruiting-reports' ), 'outcomes.withdrawn' ),
			),
			charts: array(
				ReportCharts::over_rows(
					'stages',
					__( 'Applications reaching each stage', 'recruiting-reports' ),
					__( 'Stage', 'recruiting-reports' ),
					'stages',
					'stage',
					array(
						ReportCharts::series( __( 'Reached', 'recruiting-reports' ), 'reached', 'count', ReportPalette::STATUSES ),
						ReportCharts::series( __( 'Conversion from previous stage', 'recruiting-reports' ), 'conversion_from_previous', 'percent', ReportPalette::BLUE, array( 'chart' => false ) ),
					),
					array(
						'labels'     => ReportCharts::status_labels(),
						'horizontal' => true,
						'section'    => __( 'Stages', 'recruiting-reports' ),
					)
				),
			),
			block: array(
				'icon'     => 'filter',
				'keywords' => array( 'recruiting', 'funnel', 'offer acceptance', 'pipeline' ),
			),
			// Every figure comes from the period's totals: the network's are the sites' summed.
			merge: static fn( array $sites ) => self::from_totals( NetworkMerge::sum( array_map( static fn( SiteFigures $site ) => $site->in( array( PeriodTotals::class, 'of' ) ), $sites ) ) + array_fill_keys( PeriodTotals::MEASURES, 0 ) ),
		);
	}

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The period and job.
	 */
	public function run( ReportQuery $query ): array {
		return array( 'period' => $query->period() ) + self::from_totals( PeriodTotals::of( $query ) );
	}

	/**
	 * The funnel's fields from a period's totals.
	 *
	 * @param array<string,int> $totals PeriodTotals::of().
	 */
	private static function from_totals( array $totals ): array {
		$reached = array( $totals['applied'], $totals['reached_screening'], $totals['reached_interview'], $totals['reached_offer'], $totals['reached_hired'] );

		$stages = array();
		foreach ( Pipeline::STAGES as $rank => $stage ) {
			$stages[] = array(
				'stage'                    => $stage,
				'reached'                  => $reached[ $rank ],
				// new: 1 (0 for an empty cohort), as reached ÷ itself.
				'conversion_from_previous' => Rounding::rate( $reached[ $rank ], $reached[ max( 0, $rank - 1 ) ] ),
			);
		}
		// hired is final, so the cohort now at hired is exactly the cohort that reached it.
		$done = $totals['reached_hired'] + $totals['now_rejected'] + $totals['now_withdrawn'];
		return array(
			'stages'                => $stages,
			'outcomes'              => array(
				'rejected'    => $totals['now_rejected'],
				'withdrawn'   => $totals['now_withdrawn'],
				'in_progress' => $totals['applied'] - $done,
			),
			// Offers decided (accepted or not): every offer made minus those still pending.
			'offer_acceptance_rate' => Rounding::rate( $totals['reached_hired'], $totals['reached_offer'] - $totals['now_offer'] ),
		);
	}
}
