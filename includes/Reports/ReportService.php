<?php
/**
 * The one entry point to the reports, shared by the REST controller, the dashboard widget, the blocks and
 * WP-CLI: resolves and validates the raw arguments, answers from the cache or computes and caches.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The reports' registry and entry point.
 */
final class ReportService {

	public const OVERVIEW     = 'overview';
	public const TIME_TO_HIRE = 'time-to-hire';
	public const FUNNEL       = 'funnel';
	public const SOURCES      = 'sources';
	public const TIME_TO_FILL = 'time-to-fill';

	/** The registry: every report name (REST route /reports/<name>, `wp recruiting report <name>`), in menu order. */
	public const REPORTS = array( self::OVERVIEW, self::TIME_TO_HIRE, self::FUNNEL, self::SOURCES, self::TIME_TO_FILL );

	/** The class computing each report (each has run( ReportQuery ): array). */
	private const CLASSES = array(
		self::OVERVIEW     => OverviewReport::class,
		self::TIME_TO_HIRE => TimeToHireReport::class,
		self::FUNNEL       => FunnelReport::class,
		self::SOURCES      => SourcesReport::class,
		self::TIME_TO_FILL => TimeToFillReport::class,
	);

	/** Values of the `compare` argument (SPEC §7.1). */
	public const COMPARE = array( ReportQuery::PREVIOUS_PERIOD, ReportQuery::PREVIOUS_YEAR );

	/**
	 * Runs a report (and its comparison) from the cache or computes it.
	 *
	 * @param string $report One of REPORTS.
	 * @param array  $args   Raw date_from, date_to (YYYY-MM-DD, site timezone), job_id and compare
	 *                       (previous_period or previous_year); omitted = missing, null or ''.
	 * @return array{data:array,cache:string}|WP_Error 'cache' is 'hit' or 'miss' (with compare: whether the
	 *                                                  compared answer was cached); errors are REST-shaped
	 *                                                  (400 rest_invalid_param with data.params, 404 resource_not_found).
	 */
	public static function run( string $report, array $args ) {
		if ( ! isset( self::CLASSES[ $report ] ) ) {
			return new WP_Error(
				'rest_invalid_param',
				/* translators: %s: report name. */
				sprintf( __( 'Unknown report "%s".', 'recruiting-reports' ), $report ),
				array(
					'status' => 400,
					/* translators: %s: list of report names. */
					'params' => array( 'report' => sprintf( __( 'Expected one of: %s.', 'recruiting-reports' ), implode( ', ', self::REPORTS ) ) ),
				)
			);
		}
		$compare = $args['compare'] ?? null;
		if ( null !== $compare && '' !== $compare && ! in_array( $compare, self::COMPARE, true ) ) {
			/* translators: %s: allowed values. */
			$message = sprintf( __( 'compare must be one of: %s.', 'recruiting-reports' ), implode( ', ', self::COMPARE ) );
			return new WP_Error(
				'rest_invalid_param',
				$message,
				array(
					'status' => 400,
					'params' => array( 'compare' => $message ),
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
		$compare = null === $compare || '' === $compare ? null : $compare;
		// With a comparison the whole answer has its own entry (the key includes compare), so a warm
		// request reads one entry like any other report.
		$entry = null === $compare ? $report : $report . '+' . $compare;
		$data  = ReportCache::get( $entry, $query, $version );
		if ( null !== $data ) {
			return array(
				'data'  => $data,
				'cache' => 'hit',
			);
		}
		if ( null !== $query->job_id && ! \RecruitingReports\Data\JobRepository::get( $query->job_id ) ) {
			return ReportQuery::job_not_found( $query->job_id );
		}
		$data = null === $compare ? self::fresh( $report, $query, $version ) : self::cached( $report, $query, $version );
		if ( null !== $compare ) {
			// Each period is also the entry of that report asked for directly, so `comparison` always
			// equals it and a period already cached is not computed again.
			$data['comparison'] = self::cached( $report, $query->comparison( $compare ), $version );
			ReportCache::set( $entry, $query, $version, $data );
		}
		return array(
			'data'  => $data,
			'cache' => 'miss',
		);
	}

	/**
	 * One report for one period from its cache entry, else computed and cached.
	 *
	 * @param string      $report  One of REPORTS.
	 * @param ReportQuery $query   The period and job.
	 * @param string      $version The data version read before computing.
	 */
	private static function cached( string $report, ReportQuery $query, string $version ): array {
		return ReportCache::get( $report, $query, $version ) ?? self::fresh( $report, $query, $version );
	}

	/**
	 * One report for one period, computed and cached.
	 *
	 * @param string      $report  One of REPORTS.
	 * @param ReportQuery $query   The period and job.
	 * @param string      $version The data version read before computing.
	 */
	private static function fresh( string $report, ReportQuery $query, string $version ): array {
		$class = self::CLASSES[ $report ];
		$data  = ( new $class() )->run( $query );
		ReportCache::set( $report, $query, $version, $data );
		return $data;
	}
}
