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

use RecruitingReports\Data\ReportSummary;
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
		$thresholds = (array) Settings::get( 'stale_days' );
		$stages     = array_fill_keys( TimeInStage::OPEN, array() );
		$stale      = array_fill_keys( TimeInStage::OPEN, 0 );
		$jobs       = array();
		foreach ( $this->open( $query, $now, wp_timezone() ) as [ $job_id, $status, $waited, $count ] ) {
			// Stale is entered at or before cutoff( threshold ): waited at least the threshold (TimeInStage::days()).
			$is_stale                                      = $waited >= max( 1, (int) ( $thresholds[ $status ] ?? 1 ) ) ? $count : 0;
			$stages[ $status ][ $waited ]                  = ( $stages[ $status ][ $waited ] ?? 0 ) + $count;
			$stale[ $status ]                             += $is_stale;
			$jobs[ $job_id ][ $status ]['days'][ $waited ] = ( $jobs[ $job_id ][ $status ]['days'][ $waited ] ?? 0 ) + $count;
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
	 * The open applications (of the job) counted by job, status and whole days waited: the database counts the days
	 * and sends one row per job, status and day count instead of one per application.
	 *
	 * @param ReportQuery   $query    The job.
	 * @param int           $now      Unix seconds the waits are counted to.
	 * @param \DateTimeZone $timezone The site's timezone.
	 * @return \Generator<array{0:int,1:string,2:int,3:int}> job id, status, whole days, applications.
	 */
	private function open( ReportQuery $query, int $now, \DateTimeZone $timezone ): \Generator {
		global $wpdb;
		$table  = Schema::table( 'applications' );
		$open   = TimeInStage::OPEN;
		$job    = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );
		$oldest = $wpdb->get_col( $wpdb->prepare( "SELECT MIN(status_since) FROM %i WHERE status IN (%s, %s, %s, %s)$job GROUP BY status", $table, ...$open ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $job prepared.
		if ( ! $oldest ) {
			return;
		}
		$cutoffs = TimeInStage::cutoffs( TimeInStage::days( (int) min( $oldest ), $now, $timezone ) + 1, $now, $timezone );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the CASE is prepared in day_seconds(), $job above.
		$rows = $wpdb->get_results( 'SELECT job_id, status, ' . self::day_seconds( $cutoffs ) . $wpdb->prepare( " AS waited, COUNT(*) FROM %i WHERE status IN (%s, %s, %s, %s)$job GROUP BY job_id, status, waited", $table, ...$open ), ARRAY_N );
		$wpdb->flush();
		foreach ( $rows ? $rows : array() as [ $job_id, $status, $waited, $count ] ) {
			yield array( (int) $job_id, (string) $status, intdiv( (int) $waited, ReportSummary::DAY ), (int) $count );
		}
	}

	/**
	 * SQL giving the whole days waited since status_since, times 86,400 (integers only, so MariaDB and SQLite agree:
	 * `%` is on both, integer division is not): the days are how many of $cutoffs status_since is at or before
	 * (TimeInStage::days()). Between daylight-saving changes the cutoffs are exactly 86,400 seconds apart, so a run of
	 * them is one arithmetic branch; a cutoff moved by a change gets a branch of its own. A few branches a year.
	 *
	 * @param array<int,int> $cutoffs TimeInStage::cutoffs(): d => unix seconds, d from 1, decreasing; the oldest
	 *                                status_since is after the last.
	 */
	private static function day_seconds( array $cutoffs ): string {
		global $wpdb;
		$day      = ReportSummary::DAY;
		$branches = array( $wpdb->prepare( 'CASE WHEN status_since > %d THEN 0', $cutoffs[1] ) );
		$anchor   = 1; // The first day of the current run.
		$count    = count( $cutoffs );
		for ( $days = 1; $days < $count; $days++ ) {
			if ( $cutoffs[ $days ] - $cutoffs[ $days + 1 ] === $day ) {
				continue;
			}
			if ( $anchor < $days ) {
				$branches[] = self::run_branch( $cutoffs[ $anchor ], $anchor, $cutoffs[ $days ] );
			}
			$branches[] = $wpdb->prepare( 'WHEN status_since > %d THEN %d', $cutoffs[ $days + 1 ], $days * $day );
			$anchor     = $days + 1;
		}
		return implode( ' ', $branches ) . ' ' . self::run_branch( $cutoffs[ $anchor ], $anchor, null ) . ' END';
	}

	/**
	 * A branch of day_seconds() for a run of cutoffs 86,400 seconds apart, from cutoff( $anchor ) down to $after
	 * (exclusive; null: the rest): $anchor days plus the whole days of ( cutoff( $anchor ) - status_since ).
	 *
	 * @param int      $cutoff cutoff( $anchor ).
	 * @param int      $anchor The run's first day.
	 * @param int|null $after  The run ends at status_since above this (null: ELSE).
	 */
	private static function run_branch( int $cutoff, int $anchor, ?int $after ): string {
		global $wpdb;
		$value = $wpdb->prepare( '%d - status_since - (%d - status_since) %% %d', $cutoff + $anchor * ReportSummary::DAY, $cutoff, ReportSummary::DAY );
		return null === $after ? 'ELSE ' . $value : $wpdb->prepare( 'WHEN status_since > %d THEN ', $after ) . $value;
	}
}
