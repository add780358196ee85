<?php
/**
 * GET /reports/pipeline (issue #26): who is waiting, as of now (independent of the period, like time to fill's open
 * jobs). For the open applications (new, screening, interview, offer) of every job or one: per stage how many, the
 * median and longest wait in whole days (Domain\TimeInStage: calendar days of the site's timezone, the rule of the
 * list's days_in_stage) and how many are stale (setting stale_days); the same per job and stage.
 *
 * It reads the waiting summary (Data\WaitingSummary: per job and for all jobs and per stage, when its open
 * applications entered it, sorted), a few hundred rows, not the applications: a stage's count is its length, the
 * longest wait is its earliest instant's, the median its middle one's or two's, the stale ones are found by binary
 * search at the stage's cutoff; the stages' figures come from the all-jobs rows (or the job's). The answer is cached
 * per data version like every report; the daily stale alerts (Webhooks\StaleAlerts) invalidate the cache, so the
 * days move on at least daily.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Settings;
use RecruitingReports\Data\WaitingSummary;
use RecruitingReports\Domain\SortedInstants;
use RecruitingReports\Domain\TimeInStage;

defined( 'ABSPATH' ) || exit;

/**
 * The Pipeline report.
 */
final class PipelineReport {

	public const NAME = 'pipeline';

	/** A stage's figures when nobody waits in it. */
	private const NONE = array(
		'open'         => 0,
		'median_days'  => 0.0,
		'longest_days' => 0,
		'stale'        => 0,
	);

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
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query, time() ),
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
	 * Computes the report.
	 *
	 * @param ReportQuery $query The job (the period does not apply).
	 * @param int         $now   Unix seconds the waits are counted to.
	 */
	public function run( ReportQuery $query, int $now ): array {
		$timezone = wp_timezone();
		$days     = TimeInStage::counter( $now, $timezone );
		$stale    = TimeInStage::stale_cutoffs( (array) Settings::get( 'stale_days' ), $now, $timezone );
		$scope    = $query->job_id ?? 0; // The rows of the stages' figures: the job's, or all jobs'.
		$rows     = WaitingSummary::read( $query->job_id );
		$stages   = array_fill_keys( TimeInStage::OPEN, self::NONE );
		$by_job   = array();
		$titles   = JobTitles::of( array_filter( array_keys( $rows ) ) );
		foreach ( $rows as $job_id => $per_stage ) {
			foreach ( TimeInStage::OPEN as $status ) {
				if ( ! isset( $per_stage[ $status ] ) ) {
					continue;
				}
				$waits = self::waits( $per_stage[ $status ], $days, $stale[ $status ] );
				if ( $scope === $job_id ) {
					$stages[ $status ] = $waits;
				}
				if ( 0 !== $job_id ) {
					$by_job[] = array(
						'job_id'    => $job_id,
						'job_title' => $titles[ $job_id ] ?? '', // A job deleted for good: its title is unknown.
						'stage'     => $status,
					) + $waits;
				}
			}
		}
		return array( 'period' => $query->period() ) + self::figures( $stages, $by_job );
	}

	/**
	 * The pipeline across a network's sites: the waits of every site counted together per stage (so the median is the
	 * union's), and every site's jobs. Each site's waits are counted to when its answer was read (SiteFigures::$read_at),
	 * not to this second: they agree with that answer's rows, and a site whose state did not change is not read again.
	 *
	 * @param SiteFigures[] $sites The sites.
	 */
	public static function merge( array $sites ): array {
		$waits  = array_map(
			static function ( SiteFigures $site ) {
				$now = $site->read_at;
				return $site->in( static fn( ReportQuery $query ) => self::histograms( $query, $now ) );
			},
			$sites
		);
		$stages = array();
		foreach ( TimeInStage::OPEN as $status ) {
			$stages[ $status ] = self::merged_waits( array_column( $waits, $status ) );
		}
		return self::figures( $stages, NetworkMerge::listed( $sites, 'by_job' ) );
	}

	/** Whole days per block of a site's wait histogram (histograms()). */
	private const BLOCK_DAYS = 128;

	/**
	 * The waits of the open applications (of the job) per stage, as what sites can add up: how many waited each number
	 * of whole days, and how many are stale. Counted from the summary's sorted instants by binary search at each day's
	 * cutoff (a day count d ≥ 1 is reached by exactly the instants at or before cutoff( d )), not per application, and
	 * only at the days someone waited: from each day straight to the next wait longer than it (a site of 10,000
	 * applications reads in 0.6 ms instead of 2.4, stepping through every day up to the longest wait).
	 *
	 * The days are kept in blocks (NetworkMerge::blocked()): a merge adds up the blocks' counts and reads the days of
	 * only the one or two blocks the median falls in. A hundred sites' histograms (60,000 counts) were summed in 2.8 ms
	 * and unserialized from their kept parts in 1.2.
	 *
	 * @param ReportQuery $query The job (the period does not apply).
	 * @param int         $now   Unix seconds the waits are counted to.
	 * @return array<string,array{days:array,longest:int,stale:int}> Stage => how many waited each number of whole days
	 *                                                              (blocked), the longest wait, how many are stale.
	 */
	private static function histograms( ReportQuery $query, int $now ): array {
		$timezone  = wp_timezone();
		$days      = TimeInStage::counter( $now, $timezone );
		$cutoff    = TimeInStage::cutoffs( $now, $timezone );
		$stale     = TimeInStage::stale_cutoffs( (array) Settings::get( 'stale_days' ), $now, $timezone );
		$per_stage = WaitingSummary::read( $query->job_id ?? 0 )[ $query->job_id ?? 0 ] ?? array();
		$waits     = array();
		foreach ( TimeInStage::OPEN as $status ) {
			$entries  = $per_stage[ $status ] ?? new SortedInstants( '' );
			$counts   = array();
			$at_least = $entries->count(); // Those that waited at least $day days: every one at the shortest wait.
			$day      = $at_least > 0 ? $days( $entries->at( $at_least - 1 ) ) : 0;
			while ( $at_least > 0 ) {
				$longer         = $entries->count_until( $cutoff( $day + 1 ) );
				$counts[ $day ] = $at_least - $longer;
				$at_least       = $longer;
				// The next day anyone waited: the shortest wait of those longer (a year of days has far fewer of them).
				$day = $longer > 0 ? $days( $entries->at( $longer - 1 ) ) : $day;
			}
			$waits[ $status ] = array(
				'days'    => NetworkMerge::blocked( $counts, self::BLOCK_DAYS ),
				'longest' => $counts ? $day : 0,
				'stale'   => $entries->count_until( $stale[ $status ] ),
			);
		}
		return $waits;
	}

	/**
	 * The report's fields from the figures per stage and the by_job rows.
	 *
	 * @param array<string,array> $stages Stage => waits() figures.
	 * @param array[]             $by_job The by_job rows.
	 */
	private static function figures( array $stages, array $by_job ): array {
		$rows = array();
		foreach ( TimeInStage::OPEN as $status ) {
			$rows[] = array( 'stage' => $status ) + $stages[ $status ];
		}
		return array(
			'totals' => array(
				'open'  => array_sum( array_column( $stages, 'open' ) ),
				'stale' => array_sum( array_column( $stages, 'stale' ) ),
			),
			'stages' => $rows,
			'by_job' => $by_job,
		);
	}

	/**
	 * A stage's figures from when its open applications entered it: the waits are whole days (the counter), longest
	 * for the earliest instant, the median from the middle one or two (a later instant never waited longer).
	 *
	 * @param SortedInstants $entries When they entered the stage.
	 * @param \Closure       $days    TimeInStage::counter().
	 * @param int            $stale   The stage's stale cutoff (TimeInStage::stale_cutoffs()).
	 * @return array{open:int,median_days:float,longest_days:int,stale:int}
	 */
	private static function waits( SortedInstants $entries, \Closure $days, int $stale ): array {
		$count = $entries->count();
		return array(
			'open'         => $count,
			'median_days'  => $count ? (float) ( ( $days( $entries->at( intdiv( $count - 1, 2 ) ) ) + $days( $entries->at( intdiv( $count, 2 ) ) ) ) / 2 ) : 0.0,
			'longest_days' => $count ? $days( $entries->at( 0 ) ) : 0,
			'stale'        => $entries->count_until( $stale ),
		);
	}

	/**
	 * A stage's figures from every site's histogram of its waits (histograms()).
	 *
	 * @param array[] $waits The sites' histograms of the stage.
	 * @return array{open:int,median_days:float,longest_days:int,stale:int}
	 */
	private static function merged_waits( array $waits ): array {
		$days  = array_column( $waits, 'days' );
		$count = NetworkMerge::blocked_count( $days );
		if ( ! $count ) {
			return array( 'stale' => array_sum( array_column( $waits, 'stale' ) ) ) + self::NONE;
		}
		$middle = NetworkMerge::blocked_at( $days, ...NetworkMerge::middle( $count ) );
		return array(
			'open'         => $count,
			'median_days'  => (float) ( array_sum( $middle ) / count( $middle ) ),
			'longest_days' => max( array_column( $waits, 'longest' ) ),
			'stale'        => array_sum( array_column( $waits, 'stale' ) ),
		);
	}
}
