<?php
/**
 * The one entry point to the reports, shared by the REST controller, the dashboard widget and the blocks:
 * resolves and validates the raw arguments, answers from the cache or computes and caches.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class ReportService {

	public const OVERVIEW     = 'overview';
	public const TIME_TO_HIRE = 'time-to-hire';

	public const REPORTS = array( self::OVERVIEW, self::TIME_TO_HIRE );

	/**
	 * @param string $report 'overview' or 'time-to-hire'.
	 * @param array  $args   Raw date_from, date_to (YYYY-MM-DD, site timezone) and job_id; omitted = missing, null or ''.
	 * @return array{data:array,cache:string}|WP_Error 'cache' is 'hit' or 'miss'; errors are REST-shaped
	 *                                                  (400 rest_invalid_param with data.params, 404 resource_not_found).
	 */
	public static function run( string $report, array $args ) {
		if ( ! in_array( $report, self::REPORTS, true ) ) {
			return new WP_Error(
				'rest_invalid_param',
				/* translators: %s: report name. */
				sprintf( __( 'Unknown report "%s".', 'recruiting-reports' ), $report ),
				array(
					'status' => 400,
					'params' => array( 'report' => __( 'Expected overview or time-to-hire.', 'recruiting-reports' ) ),
				)
			);
		}
		// The job is looked up only on a miss: a cached entry for a job proves it existed at this data
		// version, and deleting or trashing a job changes the version.
		$query = ReportQuery::from_args( $args, null, false );
		if ( $query instanceof WP_Error ) {
			return $query;
		}
		$version = ReportCache::version();
		$data    = ReportCache::get( $report, $query, $version );
		if ( null !== $data ) {
			return array(
				'data'  => $data,
				'cache' => 'hit',
			);
		}
		if ( null !== $query->job_id && ! \RecruitingReports\Data\JobRepository::get( $query->job_id ) ) {
			return ReportQuery::job_not_found( $query->job_id );
		}
		$data = self::OVERVIEW === $report ? ( new OverviewReport() )->run( $query ) : ( new TimeToHireReport() )->run( $query );
		ReportCache::set( $report, $query, $version, $data );
		return array(
			'data'  => $data,
			'cache' => 'miss',
		);
	}
}
