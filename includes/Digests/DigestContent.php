<?php
/**
 * What a digest says, as data (DigestMail renders it): for the period, each chosen report's headline figures with the
 * previous period's value (the reports' own `compare=previous_period`, so every figure equals what the Reports page
 * and GET /reports/{name} answer for the same period), new applications by job, offers pending, the period's
 * hires and the stale candidates now; each with the wp-admin address of its drill-down (the Reports page or the filtered Applications list, as
 * src/reports/drilldown.ts builds them).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use DateTimeImmutable;
use RecruitingReports\Admin\Menu;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Reports\ReportFigures;
use RecruitingReports\Reports\ReportRegistry;
use RecruitingReports\Reports\ReportService;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * A digest's content.
 */
final class DigestContent {

	/**
	 * The digest of one period.
	 *
	 * @param array $subscription Subscription::of().
	 * @param array $period       from, to (YYYY-MM-DD, site timezone).
	 * @return array|WP_Error period, previous, figures, jobs, offers_pending, hires, stale; an error when a report fails
	 *                        (the job was deleted).
	 */
	public static function build( array $subscription, array $period ) {
		$args    = array(
			'date_from' => $period['from'],
			'date_to'   => $period['to'],
			'job_id'    => $subscription['job_id'],
			'compare'   => 'previous_period',
		);
		$figures = array();
		$reports = array();
		foreach ( array_unique( array_merge( $subscription['reports'], array( ReportService::OVERVIEW, ReportService::TIME_TO_HIRE ) ) ) as $name ) {
			$result = ReportService::run( $name, $args );
			if ( $result instanceof WP_Error ) {
				return $result;
			}
			$reports[ $name ] = $result['data'];
		}
		foreach ( $subscription['reports'] as $name ) {
			foreach ( ReportRegistry::get( $name )->figures as $figure ) {
				$figures[] = self::figure( $name, $figure, $reports[ $name ], $args );
			}
		}
		$previous = $reports[ ReportService::OVERVIEW ]['comparison']['period'];
		$scope    = null === $subscription['job_id'] ? array() : array( 'job_id' => $subscription['job_id'] );
		$hires    = array_values( array_filter( ReportRegistry::get( ReportService::TIME_TO_HIRE )->figures, static fn( $figure ) => 'hires' === $figure['id'] ) )[0];
		return array(
			'period'         => array(
				'from' => $period['from'],
				'to'   => $period['to'],
			),
			'previous'       => array(
				'from' => $previous['from'],
				'to'   => $previous['to'],
			),
			'figures'        => $figures,
			'jobs'           => self::jobs( $period, $subscription['job_id'] ),
			'offers_pending' => array(
				'value' => (int) ( $reports[ ReportService::OVERVIEW ]['applications']['by_status']['offer'] ?? 0 ),
				'url'   => Menu::applications_url( $scope + array( 'status' => 'offer' ) ),
			),
			'hires'          => self::figure( ReportService::TIME_TO_HIRE, $hires, $reports[ ReportService::TIME_TO_HIRE ], $args )
				+ array( 'list_url' => Menu::applications_url( $scope + array( 'hired_from' => $period['from'], 'hired_to' => $period['to'] ) ) ),
			'stale'          => self::stale( $scope ),
		);
	}

	/**
	 * The stale candidates now (not in the period: waiting is a state), with the Applications list of them, waiting
	 * longest first — the dashboard widget's count and link (src/dashboard/StaleLink.tsx).
	 *
	 * @param array $scope The subscription's job filter, if any.
	 * @return array{value:int,url:string}
	 */
	public static function stale( array $scope ): array {
		return array(
			'value' => ApplicationRepository::count_matching( $scope + array( 'stale' => true ) ),
			'url'   => Menu::applications_url(
				$scope + array(
					'stale'   => 'true',
					'orderby' => 'status_since',
					'order'   => 'asc',
				)
			),
		);
	}

	/**
	 * One headline figure with its previous value and its link (the report on the Reports page for the period).
	 *
	 * @param string $report Report name.
	 * @param array  $figure The declaration (ReportFigures).
	 * @param array  $data   The report, with its comparison.
	 * @param array  $args   The report's arguments.
	 */
	private static function figure( string $report, array $figure, array $data, array $args ): array {
		$empty = isset( $figure['count'] ) && 0 == ReportFigures::value( $figure['count'], $data ); // phpcs:ignore Universal.Operators.StrictComparisons.LooseEqual -- 0 and 0.0 alike.
		return array(
			'report'   => $report,
			'id'       => $figure['id'],
			'label'    => $figure['label'],
			'format'   => $figure['format'],
			'value'    => $empty ? null : ReportFigures::value( $figure['value'], $data ),
			'previous' => isset( $figure['count'] ) && 0 == ReportFigures::value( $figure['count'], $data['comparison'] ) ? null : ReportFigures::value( $figure['value'], $data['comparison'] ), // phpcs:ignore Universal.Operators.StrictComparisons.LooseEqual -- as above.
			'empty'    => $empty ? (string) $figure['empty'] : '',
			'url'      => self::report_url( $report, $args ),
		);
	}

	/**
	 * The Reports page for a period, job and comparison (the page's own URL filters), at the report's section.
	 *
	 * @param string $report Report name.
	 * @param array  $args   date_from, date_to, job_id, compare.
	 */
	private static function report_url( string $report, array $args ): string {
		$query = array(
			'period'    => 'custom',
			'date_from' => $args['date_from'],
			'date_to'   => $args['date_to'],
			'compare'   => $args['compare'],
		);
		if ( null !== $args['job_id'] ) {
			$query['job_id'] = (string) $args['job_id'];
		}
		// The fragment is the report's section heading on the page (`<name>-title`).
		return add_query_arg( array_map( 'rawurlencode', $query ), admin_url( 'admin.php?page=' . Menu::REPORTS_SLUG ) ) . '#' . rawurlencode( $report ) . '-title';
	}

	/**
	 * New applications in the period by job (most first), each with the Applications list of them.
	 *
	 * @param array    $period from, to.
	 * @param int|null $job_id The subscription's job, if any.
	 * @return array[] job_id, title, value, url
	 */
	private static function jobs( array $period, ?int $job_id ): array {
		$timezone = wp_timezone();
		$counts   = ApplicationRepository::count_matching_by_job(
			array(
				'job_id'         => $job_id,
				'applied_after'  => Iso8601::format( ( new DateTimeImmutable( $period['from'], $timezone ) )->getTimestamp() ),
				'applied_before' => Iso8601::format( ( new DateTimeImmutable( $period['to'], $timezone ) )->modify( '+1 day' )->getTimestamp() ),
			)
		);
		$rows     = array();
		foreach ( $counts as $id => $count ) {
			$job    = JobRepository::get( $id );
			$rows[] = array(
				'job_id' => $id,
				'title'  => $job ? $job->post_title : sprintf( /* translators: %d: job id. */ __( 'Job %d', 'recruiting-reports' ), $id ),
				'value'  => $count,
				'url'    => Menu::applications_url(
					array(
						'job_id'       => $id,
						'applied_from' => $period['from'],
						'applied_to'   => $period['to'],
					)
				),
			);
		}
		return $rows;
	}
}
