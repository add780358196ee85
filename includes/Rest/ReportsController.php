<?php
/**
 * GET /recruiting/v1/reports/<name> for every report of ReportService's registry (docs/reports.md#definitions, docs/reports.md#comparison, §7.2): HTTP
 * only; the figures come from Reports\ReportService, shared with the dashboard widget, the blocks and WP-CLI.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Reports\ReportCsv;
use RecruitingReports\Reports\ReportQuery;
use RecruitingReports\Reports\ReportRegistry;
use RecruitingReports\Reports\ReportSchema;
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
		foreach ( ReportRegistry::names() as $report ) {
			$this->route(
				'/' . $this->rest_base . '/' . $report,
				array(
					array(
						'methods'             => WP_REST_Server::READABLE,
						'callback'            => fn( WP_REST_Request $request ) => $this->report( $report, $request ),
						'permission_callback' => $this->permission( 'read' ),
						'args'                => $this->get_collection_params(),
						'answer'              => array( 'headers' => array( self::CACHE_HEADER ) ),
					),
					'schema' => static fn() => ReportSchema::for( $report ),
				)
			);
		}
	}

	/**
	 * Route callback of one report.
	 *
	 * @param string          $report  Report name (ReportRegistry::names()).
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|\WP_Error
	 */
	private function report( string $report, WP_REST_Request $request ) {
		$csv    = 'csv' === $request->get_param( 'format' );
		$result = ReportService::run(
			$report,
			array(
				'date_from' => $request->get_param( 'date_from' ),
				'date_to'   => $request->get_param( 'date_to' ),
				'job_id'    => $request->get_param( 'job_id' ),
				'compare'   => $request->get_param( 'compare' ),
			),
			! $csv // The JSON answer may be the cache entry's text (ReportTextResponse).
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		if ( $csv ) {
			// The sections are the report's own (ReportSections), so they are known once it has run.
			$check = ReportCsv::check_section( $request->get_param( 'section' ), $result['data'] );
			if ( is_wp_error( $check ) ) {
				return $check;
			}
			$section  = (string) $request->get_param( 'section' );
			$text     = ReportCsv::render( $report, $section, $result['data'] );
			$response = new CsvResponse(
				ReportCsv::filename( $report, $section, $result['data'] ),
				static function () use ( $text ) {
					echo $text; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CSV (text/csv), escaped by Csv::cell().
				}
			);
		} else {
			$response = isset( $result['json'] ) ? new ReportTextResponse( $result['json'] ) : new WP_REST_Response( $result['data'], 200 );
		}
		$response->header( self::CACHE_HEADER, $result['cache'] );
		return $response;
	}

	/**
	 * Arguments of every report: the period, the job, the comparison and the CSV format.
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
			'compare'   => array(
				'description'       => __( 'Add `comparison`: the same report for the previous period (same number of days, ending the day before date_from) or the same dates a year earlier.', 'recruiting-reports' ),
				'type'              => 'string',
				'enum'              => ReportService::COMPARE,
				// '' means "no comparison" (what a form's empty choice submits), as '' dates mean "not given".
				'validate_callback' => static fn( $value, $request, $param ) => '' === $value ? true : rest_validate_request_arg( $value, $request, $param ),
			),
			'format'    => array(
				'description' => __( 'json (default) or csv: one section of the report as CSV (then section is required).', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => array( 'json', 'csv' ),
				'default'     => 'json',
			),
			'section'   => array(
				'description' => __( 'With format=csv: the section to export (a list or object of the report, or summary); a missing or unknown one is answered with the list.', 'recruiting-reports' ),
				'type'        => 'string',
			),
		);
	}
}
