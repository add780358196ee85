<?php
/**
 * GET /recruiting/v1/reports/overview and /reports/time-to-hire (SPEC §7): HTTP only; the figures come
 * from Reports\ReportService, shared with the dashboard widget and the blocks.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Data\Capabilities;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Reports\ReportQuery;
use RecruitingReports\Reports\ReportService;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * Reports.
 */
final class ReportsController extends Controller {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'reports';

	protected const PERMISSIONS = array(
		'read' => Capabilities::READ_APPLICATIONS,
	);

	public const CACHE_HEADER = 'X-Recruiting-Cache';

	/**
	 * Registers /reports/{report} for every report.
	 */
	public function register_routes(): void {
		foreach ( ReportService::REPORTS as $report ) {
			$this->route(
				'/' . $this->rest_base . '/' . $report,
				array(
					array(
						'methods'             => WP_REST_Server::READABLE,
						'callback'            => fn( WP_REST_Request $request ) => $this->report( $report, $request ),
						'permission_callback' => $this->permission( 'read' ),
						'args'                => $this->get_collection_params(),
					),
					'schema' => fn() => $this->schema_for( $report ),
				)
			);
		}
	}

	/**
	 * Route callback of one report.
	 *
	 * @param string          $report  Report name (ReportService::REPORTS).
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|\WP_Error
	 */
	private function report( string $report, WP_REST_Request $request ) {
		$result = ReportService::run(
			$report,
			array(
				'date_from' => $request->get_param( 'date_from' ),
				'date_to'   => $request->get_param( 'date_to' ),
				'job_id'    => $request->get_param( 'job_id' ),
			)
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$response = new WP_REST_Response( $result['data'], 200 );
		$response->header( self::CACHE_HEADER, $result['cache'] );
		return $response;
	}

	/**
	 * Arguments of every report: the period and the job.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		$date = static function ( string $description ): array {
			return array(
				'description'       => $description,
				'type'              => 'string',
				'format'            => 'date',
				'pattern'           => '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
				// ReportQuery's rules, not the pattern alone: '' means "not given", 2025-02-30 is refused.
				'validate_callback' => static fn( $value ) => ReportQuery::validate_date( $value ),
				'sanitize_callback' => static fn( $value ) => $value,
			);
		};
		return array(
			'date_from' => $date( __( 'First day of the period (YYYY-MM-DD, site timezone), inclusive. Default: the first day of the month eleven months before date_to\'s month (or the current month).', 'recruiting-reports' ) ),
			'date_to'   => $date( __( 'Last day of the period (YYYY-MM-DD, site timezone), inclusive. Default: today.', 'recruiting-reports' ) ),
			'job_id'    => array(
				'description' => __( 'Restrict the report to one job.', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
		);
	}

	/**
	 * The response schema of a report.
	 *
	 * @param string $report Report name.
	 * @return array
	 */
	private function schema_for( string $report ): array {
		$number  = static fn( string $description, array $extra = array() ) => array_merge(
			array(
				'description' => $description,
				'type'        => 'number',
				'context'     => array( 'view' ),
				'readonly'    => true,
			),
			$extra
		);
		$integer = static fn( string $description ) => array(
			'description' => $description,
			'type'        => 'integer',
			'minimum'     => 0,
			'context'     => array( 'view' ),
			'readonly'    => true,
		);
		$object  = static fn( string $description, array $properties ) => array(
			'description' => $description,
			'type'        => 'object',
			'context'     => array( 'view' ),
			'readonly'    => true,
			'properties'  => $properties,
		);
		$period  = $object(
			__( 'The resolved period (calendar dates in the site timezone, inclusive).', 'recruiting-reports' ),
			array(
				'from' => array(
					'type'    => 'string',
					'format'  => 'date',
					'context' => array( 'view' ),
				),
				'to'   => array(
					'type'    => 'string',
					'format'  => 'date',
					'context' => array( 'view' ),
				),
			)
		);
		$days    = __( 'Days, rounded to 1 decimal; 0 when there is nothing to average.', 'recruiting-reports' );
		$rate    = static fn( string $description ) => $number(
			$description,
			array(
				'minimum' => 0,
				'maximum' => 1,
			)
		);

		if ( ReportService::OVERVIEW === $report ) {
			$by_status = array();
			foreach ( Pipeline::STATUSES as $status ) {
				$by_status[ $status ] = $integer( $status );
			}
			$properties = array(
				'period'                => $period,
				'jobs'                  => $object(
					__( 'Job counts.', 'recruiting-reports' ),
					array(
						'total'           => $integer( __( 'Jobs that are not trashed.', 'recruiting-reports' ) ),
						'active'          => $integer( __( 'Jobs published now.', 'recruiting-reports' ) ),
						'new_this_period' => $integer( __( 'Jobs created in the period.', 'recruiting-reports' ) ),
					)
				),
				'applications'          => $object(
					__( 'Application counts.', 'recruiting-reports' ),
					array(
						'total'           => $integer( __( 'All applications ever.', 'recruiting-reports' ) ),
						'new_this_period' => $integer( __( 'Applications received in the period (the cohort).', 'recruiting-reports' ) ),
						'by_status'       => $object( __( 'Current status counts over all applications.', 'recruiting-reports' ), $by_status ),
					)
				),
				'conversion'            => $object(
					__( 'Stage-to-stage conversion over the cohort, 0 to 1, rounded to 4 decimals.', 'recruiting-reports' ),
					array(
						'application_to_screening' => $rate( __( 'Reached screening / cohort.', 'recruiting-reports' ) ),
						'screening_to_interview'   => $rate( __( 'Reached interview / reached screening.', 'recruiting-reports' ) ),
						'interview_to_offer'       => $rate( __( 'Reached offer / reached interview.', 'recruiting-reports' ) ),
						'offer_to_hire'            => $rate( __( 'Reached hired / reached offer.', 'recruiting-reports' ) ),
					)
				),
				'avg_time_to_hire_days' => $number( __( 'Mean days from application to hire over the hires in the period (equals time-to-hire overall.average_days).', 'recruiting-reports' ) ),
			);
		} else {
			$properties = array(
				'period'   => $period,
				'overall'  => $object(
					__( 'Days from application to hire over the hires in the period.', 'recruiting-reports' ),
					array(
						'average_days' => $number( $days ),
						'median_days'  => $number( $days ),
						'min_days'     => $number( $days ),
						'max_days'     => $number( $days ),
					)
				),
				'by_stage' => $object(
					__( 'Mean days between entering consecutive stages, over the hires that entered both.', 'recruiting-reports' ),
					array(
						'new_to_screening'       => $number( $days ),
						'screening_to_interview' => $number( $days ),
						'interview_to_offer'     => $number( $days ),
						'offer_to_hire'          => $number( $days ),
					)
				),
				'by_job'   => array(
					'description' => __( 'Jobs with at least one hire in the period, by hires descending then job_id.', 'recruiting-reports' ),
					'type'        => 'array',
					'context'     => array( 'view' ),
					'readonly'    => true,
					'items'       => array(
						'type'       => 'object',
						'properties' => array(
							'job_id'       => $integer( __( 'Job id.', 'recruiting-reports' ) ),
							'job_title'    => array(
								'type'    => 'string',
								'context' => array( 'view' ),
							),
							'average_days' => $number( $days ),
							'hires'        => $integer( __( 'Hires in the period.', 'recruiting-reports' ) ),
						),
					),
				),
				'trend'    => array(
					'description' => __( 'One row per calendar month overlapping the period, oldest first.', 'recruiting-reports' ),
					'type'        => 'array',
					'context'     => array( 'view' ),
					'readonly'    => true,
					'items'       => array(
						'type'       => 'object',
						'properties' => array(
							'month'        => array(
								'type'    => 'string',
								'pattern' => '^[0-9]{4}-[0-9]{2}$',
								'context' => array( 'view' ),
							),
							'average_days' => $number( $days ),
							'hires'        => $integer( __( 'Hires in that month.', 'recruiting-reports' ) ),
						),
					),
				),
			);
		}
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-report-' . $report,
			'type'       => 'object',
			'properties' => $properties,
		);
	}
}
