<?php
/**
 * The response schema of every report (JSON Schema, WordPress REST style): what the routes declare (OPTIONS,
 * the OpenAPI document) and the columns of a CSV section that has no rows (ReportCsv).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * Response schemas of the reports.
 */
final class ReportSchema {

	/**
	 * The schema of a report's response; with `comparison` (the same report for the comparison period,
	 * present only when `compare` was given).
	 *
	 * @param string $report One of ReportService::REPORTS.
	 */
	public static function for( string $report ): array {
		$properties               = self::properties( $report );
		$properties['comparison'] = self::object(
			__( 'The same report for the comparison period (only with compare).', 'recruiting-reports' ),
			$properties
		);
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-report-' . $report,
			'type'       => 'object',
			'properties' => $properties,
		);
	}

	/**
	 * The report's own fields (without comparison).
	 *
	 * @param string $report One of ReportService::REPORTS.
	 */
	public static function properties( string $report ): array {
		$days   = __( 'Days, rounded to 1 decimal; 0 when there is nothing to average.', 'recruiting-reports' );
		$spread = static fn( string $description ) => self::object(
			$description,
			array(
				'average_days' => self::number( $days ),
				'median_days'  => self::number( $days ),
				'min_days'     => self::number( $days ),
				'max_days'     => self::number( $days ),
			)
		);
		$month  = array(
			'type'    => 'string',
			'pattern' => '^[0-9]{4}-[0-9]{2}$',
			'context' => array( 'view' ),
		);
		$period = self::object(
			__( 'The resolved period (calendar dates in the site timezone, inclusive).', 'recruiting-reports' ),
			array(
				'from' => self::date(),
				'to'   => self::date(),
			)
		);

		switch ( $report ) {
			case ReportService::OVERVIEW:
				$by_status = array();
				foreach ( Pipeline::STATUSES as $status ) {
					$by_status[ $status ] = self::integer( $status );
				}
				return array(
					'period'                => $period,
					'jobs'                  => self::object(
						__( 'Job counts.', 'recruiting-reports' ),
						array(
							'total'           => self::integer( __( 'Jobs that are not trashed.', 'recruiting-reports' ) ),
							'active'          => self::integer( __( 'Jobs published now.', 'recruiting-reports' ) ),
							'new_this_period' => self::integer( __( 'Jobs created in the period.', 'recruiting-reports' ) ),
						)
					),
					'applications'          => self::object(
						__( 'Application counts.', 'recruiting-reports' ),
						array(
							'total'           => self::integer( __( 'All applications ever.', 'recruiting-reports' ) ),
							'new_this_period' => self::integer( __( 'Applications received in the period (the cohort).', 'recruiting-reports' ) ),
							'by_status'       => self::object( __( 'Current status counts over all applications.', 'recruiting-reports' ), $by_status ),
						)
					),
					'conversion'            => self::object(
						__( 'Stage-to-stage conversion over the cohort, 0 to 1, rounded to 4 decimals.', 'recruiting-reports' ),
						array(
							'application_to_screening' => self::rate( __( 'Reached screening / cohort.', 'recruiting-reports' ) ),
							'screening_to_interview'   => self::rate( __( 'Reached interview / reached screening.', 'recruiting-reports' ) ),
							'interview_to_offer'       => self::rate( __( 'Reached offer / reached interview.', 'recruiting-reports' ) ),
							'offer_to_hire'            => self::rate( __( 'Reached hired / reached offer.', 'recruiting-reports' ) ),
						)
					),
					'avg_time_to_hire_days' => self::number( __( 'Mean days from application to hire over the hires in the period (equals time-to-hire overall.average_days).', 'recruiting-reports' ) ),
				);

			case ReportService::TIME_TO_HIRE:
				return array(
					'period'   => $period,
					'overall'  => $spread( __( 'Days from application to hire over the hires in the period.', 'recruiting-reports' ) ),
					'by_stage' => self::object(
						__( 'Mean days between entering consecutive stages, over the hires that entered both.', 'recruiting-reports' ),
						array(
							'new_to_screening'       => self::number( $days ),
							'screening_to_interview' => self::number( $days ),
							'interview_to_offer'     => self::number( $days ),
							'offer_to_hire'          => self::number( $days ),
						)
					),
					'by_job'   => self::rows(
						__( 'Jobs with at least one hire in the period, by hires descending then job_id.', 'recruiting-reports' ),
						array(
							'job_id'       => self::integer( __( 'Job id.', 'recruiting-reports' ) ),
							'job_title'    => self::text( __( 'Job title ("" for a job deleted for good).', 'recruiting-reports' ) ),
							'average_days' => self::number( $days ),
							'hires'        => self::integer( __( 'Hires in the period.', 'recruiting-reports' ) ),
						)
					),
					'trend'    => self::rows(
						__( 'One row per calendar month overlapping the period, oldest first.', 'recruiting-reports' ),
						array(
							'month'        => $month,
							'average_days' => self::number( $days ),
							'hires'        => self::integer( __( 'Hires in that month.', 'recruiting-reports' ) ),
						)
					),
				);

			case ReportService::FUNNEL:
				return array(
					'period'                => $period,
					'stages'                => self::rows(
						__( 'The pipeline stages in order, over the cohort (applications received in the period).', 'recruiting-reports' ),
						array(
							'stage'                    => array(
								'type'    => 'string',
								'enum'    => Pipeline::STAGES,
								'context' => array( 'view' ),
							),
							'reached'                  => self::integer( __( 'Applications of the cohort that reached the stage (or a later one).', 'recruiting-reports' ) ),
							'conversion_from_previous' => self::rate( __( 'reached ÷ the previous stage\'s reached (new: 1, or 0 for an empty cohort).', 'recruiting-reports' ) ),
						)
					),
					'outcomes'              => self::object(
						__( 'Current status of the cohort.', 'recruiting-reports' ),
						array(
							'rejected'    => self::integer( __( 'Now rejected.', 'recruiting-reports' ) ),
							'withdrawn'   => self::integer( __( 'Now withdrawn.', 'recruiting-reports' ) ),
							'in_progress' => self::integer( __( 'Now in new, screening, interview or offer.', 'recruiting-reports' ) ),
						)
					),
					'offer_acceptance_rate' => self::rate( __( 'Reached hired ÷ (reached offer − now at offer): accepted offers over decided ones.', 'recruiting-reports' ) ),
				);

			case ReportService::SOURCES:
				return array(
					'period'  => $period,
					'sources' => self::rows(
						__( 'One row per source of the cohort, by applications descending then source (byte order).', 'recruiting-reports' ),
						array(
							'source'               => self::text( __( 'Where the candidates came from (lower case; direct when not given).', 'recruiting-reports' ) ),
							'applications'         => self::integer( __( 'Applications of the cohort from this source.', 'recruiting-reports' ) ),
							'hires'                => self::integer( __( 'Of those, the ones hired (at any time up to now).', 'recruiting-reports' ) ),
							'conversion'           => self::rate( __( 'hires ÷ applications.', 'recruiting-reports' ) ),
							'average_days_to_hire' => self::number( $days ),
						)
					),
				);

			case ReportService::TIME_TO_FILL:
				$signed = __( 'Days (1 decimal) from the job\'s creation to its first hire; negative when an imported hire predates the job.', 'recruiting-reports' );
				return array(
					'period'    => $period,
					'overall'   => $spread( __( 'Days to fill over the jobs filled (first hire) in the period.', 'recruiting-reports' ) ),
					'by_job'    => self::rows(
						__( 'Jobs filled in the period, by days descending then job_id.', 'recruiting-reports' ),
						array(
							'job_id'    => self::integer( __( 'Job id.', 'recruiting-reports' ) ),
							'job_title' => self::text( __( 'Job title.', 'recruiting-reports' ) ),
							'opened'    => self::date(),
							'filled'    => self::date(),
							'days'      => self::number( $signed ),
						)
					),
					'trend'     => self::rows(
						__( 'One row per calendar month overlapping the period (by the first hire), oldest first.', 'recruiting-reports' ),
						array(
							'month'        => $month,
							'average_days' => self::number( $signed ),
							'jobs'         => self::integer( __( 'Jobs filled in that month.', 'recruiting-reports' ) ),
						)
					),
					'open_jobs' => self::object(
						__( 'Jobs published now without any hire (independent of the period).', 'recruiting-reports' ),
						array(
							'count'            => self::integer( __( 'Open jobs.', 'recruiting-reports' ) ),
							'average_age_days' => self::number( __( 'Mean days since their creation, 1 decimal.', 'recruiting-reports' ) ),
						)
					),
				);
		}
		return array();
	}

	/**
	 * A read-only number.
	 *
	 * @param string $description What it is.
	 * @param array  $extra       More schema keys.
	 */
	private static function number( string $description, array $extra = array() ): array {
		return array_merge(
			array(
				'description' => $description,
				'type'        => 'number',
				'context'     => array( 'view' ),
				'readonly'    => true,
			),
			$extra
		);
	}

	/**
	 * A rate from 0 to 1.
	 *
	 * @param string $description What it is.
	 */
	private static function rate( string $description ): array {
		return self::number(
			$description,
			array(
				'minimum' => 0,
				'maximum' => 1,
			)
		);
	}

	/**
	 * A read-only count.
	 *
	 * @param string $description What it is.
	 */
	private static function integer( string $description ): array {
		return array(
			'description' => $description,
			'type'        => 'integer',
			'minimum'     => 0,
			'context'     => array( 'view' ),
			'readonly'    => true,
		);
	}

	/**
	 * A string.
	 *
	 * @param string $description What it is.
	 */
	private static function text( string $description ): array {
		return array(
			'description' => $description,
			'type'        => 'string',
			'context'     => array( 'view' ),
		);
	}

	/** A calendar date (YYYY-MM-DD). */
	private static function date(): array {
		return array(
			'type'    => 'string',
			'format'  => 'date',
			'context' => array( 'view' ),
		);
	}

	/**
	 * An object with these properties.
	 *
	 * @param string $description What it is.
	 * @param array  $properties  Its properties.
	 */
	private static function object( string $description, array $properties ): array {
		return array(
			'description' => $description,
			'type'        => 'object',
			'context'     => array( 'view' ),
			'readonly'    => true,
			'properties'  => $properties,
		);
	}

	/**
	 * An array of objects (one CSV section with these columns).
	 *
	 * @param string $description What it is.
	 * @param array  $properties  The objects' properties.
	 */
	private static function rows( string $description, array $properties ): array {
		return array(
			'description' => $description,
			'type'        => 'array',
			'context'     => array( 'view' ),
			'readonly'    => true,
			'items'       => array(
				'type'       => 'object',
				'properties' => $properties,
			),
		);
	}
}
