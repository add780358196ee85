<?php
/**
 * GET /reports/pipeline (issue #26): who is waiting, as of now (independent of the period, like time to fill's open
 * jobs). For the open applications (new, screening, interview, offer) of every job or one: per stage how many, the
 * median and longest wait in whole days (Domain\TimeInStage: calendar days of the site's timezone, the rule of the
 * list's days_in_stage) and how many are stale (setting stale_days); the same per job and stage.
 *
 * One query over the covering index status_since, reading (job_id, status, status_since) of the open applications;
 * PHP counts their days with one cutoff per distinct day count. The answer is cached per data version like every
 * report; the daily stale alerts (Webhooks\StaleAlerts) invalidate the cache, so the days move on at least daily.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Schema;
use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\TimeInStage;

defined( 'ABSPATH' ) || exit;

/**
 * The Pipeline report.
 */
final class PipelineReport {

	public const NAME = 'pipeline';

	/** How long (seconds) figures computed in a process may answer the same question again (see now()). */
	private const REUSE_SECONDS = 5;

	/** The report's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		$waits = array(
			'open'         => ReportSchema::integer( __( 'Open applications in the stage now.', 'recruiting-reports' ) ),
			'median_days'  => ReportSchema::number( __( 'Median whole days waited in the stage (0 when none).', 'recruiting-reports' ) ),
			'longest_days' => ReportSchema::integer( __( 'The longest wait in the stage, whole days (0 when none).', 'recruiting-reports' ) ),
			'stale'        => ReportSchema::integer( __( 'Of those, waiting at least the stage\'s days (setting stale_days).', 'recruiting-reports' ) ),
		);
		$stage = array(
			'stage' => array(
				'type'    => 'string',
				'enum'    => TimeInStage::OPEN,
				'context' => array( 'view' ),
			),
		);
		return new ReportDefinition(
			name: self::NAME,
			title: __( 'Pipeline and waiting', 'recruiting-reports' ),
			description: __( 'Who is waiting now: open applications per stage and job, the median and longest wait, and the stale candidates.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => self::now( $query ),
			schema: array(
				'totals'   => ReportSchema::object(
					__( 'Open applications now (independent of the period).', 'recruiting-reports' ),
					array(
						'open'  => ReportSchema::integer( __( 'Open applications.', 'recruiting-reports' ) ),
						'stale' => ReportSchema::integer( __( 'Of those, stale.', 'recruiting-reports' ) ),
					)
				),
				'stages'   => ReportSchema::rows( __( 'new, screening, interview, offer (every one, in order).', 'recruiting-reports' ), $stage + $waits ),
				'by_job'   => ReportSchema::rows(
					__( 'Per job and stage with open applications, by job_id then stage.', 'recruiting-reports' ),
					array(
						'job_id'    => ReportSchema::integer( __( 'Job id.', 'recruiting-reports' ) ),
						'job_title' => ReportSchema::text( __( 'Job title.', 'recruiting-reports' ) ),
					) + $stage + $waits
				),
			),
			figures: array(
				ReportFigures::count( 'open', __( 'Open applications', 'recruiting-reports' ), 'totals.open' ),
				ReportFigures::count( 'stale', __( 'Stale candidates', 'recruiting-reports' ), 'totals.stale' ),
			),
			charts: self::charts(),
			// Waits are whole calendar days of the site's timezone (Domain\TimeInStage): a cached answer is for one day.
			freshness: static fn() => wp_date( 'Y-m-d' ),
			now: true,
			block: array(
				'icon'     => 'clock',
				'keywords' => array( 'recruiting', 'pipeline', 'stale', 'waiting', 'time in stage' ),
			),
			merge: static fn( array $sites ) => self::merge( $sites ),
		);
	}

	/**
	 * The report's charts (ReportCharts): per stage and per job and stage, open and stale drawn, the waits in the
	 * tables.
	 *
	 * @return array[]
	 */
	private static function charts(): array {
		$statuses = ReportCharts::status_labels();
		$series   = array(
			ReportCharts::series( __( 'Open', 'recruiting-reports' ), 'open', 'count', ReportPalette::BLUE ),
			ReportCharts::series( __( 'Stale', 'recruiting-reports' ), 'stale', 'count', ReportPalette::AMBER ),
			ReportCharts::series( __( 'Median wait (days)', 'recruiting-reports' ), 'median_days', 'days', ReportPalette::PURPLE, array( 'chart' => false ) ),
			ReportCharts::series( __( 'Longest wait (days)', 'recruiting-reports' ), 'longest_days', 'days', ReportPalette::PURPLE, array( 'chart' => false ) ),
		);
		$empty    = ReportCharts::empty_text( __( 'No open applications now. Applications come in through the careers page, the REST API or an import, and wait here until they are hired, rejected or withdrawn.', 'recruiting-reports' ) );
		return array(
			ReportCharts::over_rows(
				'stages',
				__( 'Waiting now, by stage', 'recruiting-reports' ),
				__( 'Stage', 'recruiting-reports' ),
				'stages',
				'stage',
				$series,
				array(
					'labels' => $statuses,
					'empty'  => $empty,
					'wide'   => true,
				)
			),
			ReportCharts::over_rows(
				'by_job',
				__( 'Waiting now, by job and stage', 'recruiting-reports' ),
				__( 'Job and stage', 'recruiting-reports' ),
				'by_job',
				'job_title',
				$series,
				array(
					'detail'     => ReportCharts::detail( 'stage', $statuses ),
					'horizontal' => true,
					'limit'      => ReportCharts::LIMIT,
					'row_height' => 40,
					'empty'      => $empty,
					'wide'       => true,
					'section'    => __( 'Per job', 'recruiting-reports' ),
				)
			),
		);
	}

	/**
	 * The report as of now. Its figures do not depend on the period, so a comparison (`compare`) computed in the same
	 * request, seconds later, at the same data version and settings, reuses them instead of reading every open
	 * application again.
	 *
	 * @param ReportQuery $query The job.
	 */
	private static function now( ReportQuery $query ): array {
		static $memo = array();
		$now         = time();
		$key         = implode( '|', array( ReportCache::version(), (string) $query->job_id, wp_timezone_string(), wp_json_encode( Settings::get( 'stale_days' ) ) ) );
		if ( ! isset( $memo[ $key ] ) || $now - $memo[ $key ][0] > self::REUSE_SECONDS ) {
			$memo = array( $key => array( $now, ( new self() )->run( $query, $now ) ) ); // One entry: no growth in long processes.
		}
		return array( 'period' => $query->period() ) + $memo[ $key ][1];
	}

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The job (the period does not apply).
	 * @param int         $now   Unix seconds the waits are counted to.
	 */
	public function run( ReportQuery $query, int $now ): array {
		$waiting = $this->waiting( $query, $now );
		$jobs    = $waiting['jobs'];
		ksort( $jobs );
		_prime_post_caches( array_keys( $jobs ), false, false );
		$by_job = array();
		foreach ( $jobs as $job_id => $per_stage ) {
			foreach ( TimeInStage::OPEN as $status ) {
				if ( isset( $per_stage[ $status ] ) ) {
					$by_job[] = array(
						'job_id'    => $job_id,
						'job_title' => (string) get_post_field( 'post_title', $job_id, 'raw' ),
						'stage'     => $status,
					) + self::waits( $per_stage[ $status ]['days'], $per_stage[ $status ]['stale'] );
				}
			}
		}
		return array( 'period' => $query->period() ) + self::figures( $waiting['stages'], $waiting['stale'], $by_job );
	}

	/**
	 * The pipeline across a network's sites: the waits of every site counted together per stage (so the median is the
	 * union's), and every site's jobs.
	 *
	 * @param SiteFigures[] $sites The sites.
	 */
	public static function merge( array $sites ): array {
		$now     = time();
		$waiting = NetworkMerge::sum( array_map( static fn( SiteFigures $site ) => array_intersect_key( $site->in( static fn( ReportQuery $query ) => ( new self() )->waiting( $query, $now ) ), array_flip( array( 'stages', 'stale' ) ) ), $sites ) );
		return self::figures( ( $waiting['stages'] ?? array() ) + array_fill_keys( TimeInStage::OPEN, array() ), ( $waiting['stale'] ?? array() ) + array_fill_keys( TimeInStage::OPEN, 0 ), NetworkMerge::listed( $sites, 'by_job' ) );
	}

	/**
	 * The waits of the open applications: per stage and per job and stage, how many waited each number of whole days,
	 * and how many are stale.
	 *
	 * @param ReportQuery $query The job (the period does not apply).
	 * @param int         $now   Unix seconds the waits are counted to.
	 * @return array{stages:array<string,array<int,int>>,stale:array<string,int>,jobs:array} stages: stage => days => applications.
	 */
	public function waiting( ReportQuery $query, int $now ): array {
		$timezone = wp_timezone();
		$days     = TimeInStage::counter( $now, $timezone );
		$cutoffs  = TimeInStage::stale_cutoffs( (array) Settings::get( 'stale_days' ), $now, $timezone );
		$stages   = array_fill_keys( TimeInStage::OPEN, array() );
		$stale    = array_fill_keys( TimeInStage::OPEN, 0 );
		$jobs     = array();
		foreach ( $this->open( $query ) as [ $job_id, $status, $since ] ) {
			$waited                                        = $days( $since );
			$is_stale                                      = $since <= $cutoffs[ $status ] ? 1 : 0;
			$stages[ $status ][ $waited ]                  = ( $stages[ $status ][ $waited ] ?? 0 ) + 1;
			$stale[ $status ]                             += $is_stale;
			$jobs[ $job_id ][ $status ]['days'][ $waited ] = ( $jobs[ $job_id ][ $status ]['days'][ $waited ] ?? 0 ) + 1;
			$jobs[ $job_id ][ $status ]['stale']           = ( $jobs[ $job_id ][ $status ]['stale'] ?? 0 ) + $is_stale;
		}
		return array(
			'stages' => $stages,
			'stale'  => $stale,
			'jobs'   => $jobs,
		);
	}

	/**
	 * The report's fields from the waits per stage and the by_job rows.
	 *
	 * @param array<string,array<int,int>> $stages Stage => whole days => applications.
	 * @param array<string,int>            $stale  Stage => stale applications.
	 * @param array[]                      $by_job The by_job rows.
	 */
	private static function figures( array $stages, array $stale, array $by_job ): array {
		$rows = array();
		foreach ( TimeInStage::OPEN as $status ) {
			$rows[] = array( 'stage' => $status ) + self::waits( $stages[ $status ], $stale[ $status ] );
		}
		return array(
			'totals' => array(
				'open'  => array_sum( array_map( 'array_sum', $stages ) ),
				'stale' => array_sum( $stale ),
			),
			'stages' => $rows,
			'by_job' => $by_job,
		);
	}

	/**
	 * A stage's figures from its waits.
	 *
	 * @param array<int,int> $waits Whole days waited => applications.
	 * @param int            $stale How many are stale.
	 * @return array{open:int,median_days:float,longest_days:int,stale:int}
	 */
	private static function waits( array $waits, int $stale ): array {
		$count  = array_sum( $waits );
		$median = 0.0;
		if ( $count ) {
			$middle = NetworkMerge::at( $waits, ...NetworkMerge::middle( $count ) );
			$median = array_sum( $middle ) / count( $middle );
		}
		return array(
			'open'         => $count,
			'median_days'  => (float) $median,
			'longest_days' => $count ? max( array_keys( $waits ) ) : 0,
			'stale'        => $stale,
		);
	}

	/**
	 * The open applications (of the job): job id, status, status_since.
	 *
	 * @param ReportQuery $query The job.
	 * @return \Generator<array{0:int,1:string,2:int}>
	 */
	private function open( ReportQuery $query ): \Generator {
		global $wpdb;
		$open = TimeInStage::OPEN;
		$job  = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $job prepared.
		$sql  = $wpdb->prepare( "SELECT job_id, status, status_since FROM %i WHERE status IN (%s, %s, %s, %s)$job", Schema::table( 'applications' ), ...$open );
		$rows = $wpdb->get_results( $sql, ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
		$wpdb->flush();
		foreach ( $rows ? $rows : array() as $row ) {
			yield array( (int) $row[0], (string) $row[1], (int) $row[2] );
		}
	}
}
