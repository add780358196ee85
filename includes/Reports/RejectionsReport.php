<?php
/**
 * GET /reports/rejections (issue #26): why candidates leave. Over the applications now rejected or withdrawn whose
 * exit (status_since, the time they entered that status) falls in the period, and job: counts by reason (a share of
 * their status; "no reason given" is a row of its own), by the stage they left from (reopen_status: the stage held
 * before the exit), by job and by month.
 *
 * "Now": an application rejected and reopened is not counted (its reason stays in its history); the reason is the one
 * of its current exit (applications.exit_reason), labelled as the lists read now, so a reason renamed in the middle
 * of a period is one row under its new label. Read from the exits summary (Data\ExitSummary) for the whole UTC months
 * and days of each month of the period, and from the applications (the covering index status_since) for the partial
 * days; by_job of every job from report_exit_jobs (whole quarters, months, weeks and days per job) and the
 * applications of the partial days.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Reasons;
use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Domain\TimeInStage;

defined( 'ABSPATH' ) || exit;

/**
 * The Rejections report.
 */
final class RejectionsReport {

	public const NAME = 'rejections';

	/** The report's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		$counts = array(
			'rejected'  => ReportSchema::integer( __( 'Now rejected, rejected in the period.', 'recruiting-reports' ) ),
			'withdrawn' => ReportSchema::integer( __( 'Now withdrawn, withdrawn in the period.', 'recruiting-reports' ) ),
		);
		return new ReportDefinition(
			name: self::NAME,
			title: __( 'Rejections and withdrawals', 'recruiting-reports' ),
			description: __( 'Why candidates leave: rejections and withdrawals by reason, by the stage they left from, by job and by month.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query ),
			schema: array(
				'totals'    => ReportSchema::object( __( 'Applications now rejected or withdrawn whose exit falls in the period.', 'recruiting-reports' ), $counts ),
				'by_reason' => ReportSchema::rows(
					__( 'One row per status and reason (reason "" is no reason given), rejected first, then by count descending and label.', 'recruiting-reports' ),
					array(
						'status' => array(
							'type'    => 'string',
							'enum'    => Pipeline::EXITS,
							'context' => array( 'view' ),
						),
						'reason' => ReportSchema::text( __( 'The reason\'s id; "" for no reason given.', 'recruiting-reports' ) ),
						'label'  => ReportSchema::text( __( 'The reason\'s label as it reads now.', 'recruiting-reports' ) ),
						'count'  => ReportSchema::integer( __( 'Applications.', 'recruiting-reports' ) ),
						'share'  => ReportSchema::rate( __( 'count ÷ that status\'s total (4 decimals).', 'recruiting-reports' ) ),
					)
				),
				'by_stage'  => ReportSchema::rows(
					__( 'The stage held before the exit: new, screening, interview, offer (every one, in order).', 'recruiting-reports' ),
					array(
						'stage' => array(
							'type'    => 'string',
							'enum'    => TimeInStage::OPEN,
							'context' => array( 'view' ),
						),
					) + $counts
				),
				'by_job'    => ReportSchema::rows(
					__( 'Jobs with an exit, by exits descending then job_id.', 'recruiting-reports' ),
					array(
						'job_id'    => ReportSchema::integer( __( 'Job id.', 'recruiting-reports' ) ),
						'job_title' => ReportSchema::text( __( 'Job title.', 'recruiting-reports' ) ),
					) + $counts
				),
				'trend'     => ReportSchema::rows(
					__( 'One row per calendar month overlapping the period (by the exit), oldest first.', 'recruiting-reports' ),
					array( 'month' => ReportSchema::month() ) + $counts
				),
			),
			figures: array(
				ReportFigures::count( 'rejected', __( 'Rejected', 'recruiting-reports' ), 'totals.rejected' ),
				ReportFigures::count( 'withdrawn', __( 'Withdrawn', 'recruiting-reports' ), 'totals.withdrawn' ),
			),
			charts: self::charts(),
			block: array(
				'icon'     => 'dismiss',
				'keywords' => array( 'recruiting', 'rejection', 'withdrawal', 'reasons' ),
			),
			merge: static fn( array $sites ) => self::merge( $sites ),
		);
	}

	/**
	 * The report's charts (ReportCharts): by reason, by the stage left from, by job, by month.
	 *
	 * @return array[]
	 */
	private static function charts(): array {
		$statuses = ReportCharts::status_labels();
		$exits    = array(
			ReportCharts::series( $statuses['rejected'], 'rejected', 'count', ReportPalette::RED ),
			ReportCharts::series( $statuses['withdrawn'], 'withdrawn', 'count', ReportPalette::GRAY ),
		);
		$empty    = ReportCharts::empty_text( __( 'No rejections or withdrawals in this period. They are counted when an application is set to Rejected or Withdrawn — on the application, through the REST API or by an import — with one of the reasons of Settings › Pipeline, or none.', 'recruiting-reports' ) );
		return array(
			// One row per status and reason: "No reason given" is a row of each status.
			ReportCharts::over_rows(
				'by_reason',
				__( 'Rejections and withdrawals by reason', 'recruiting-reports' ),
				__( 'Reason', 'recruiting-reports' ),
				'by_reason',
				'label',
				array(
					ReportCharts::series( __( 'Applications', 'recruiting-reports' ), 'count', 'count', ReportPalette::BLUE ),
					ReportCharts::series( __( 'Share of the status', 'recruiting-reports' ), 'share', 'percent', ReportPalette::BLUE, array( 'chart' => false ) ),
				),
				array(
					'detail'     => ReportCharts::detail( 'status', $statuses ),
					'horizontal' => true,
					'limit'      => ReportCharts::LIMIT,
					'row_height' => 28,
					'empty'      => $empty,
					'section'    => __( 'By reason', 'recruiting-reports' ),
				)
			),
			ReportCharts::over_rows(
				'by_stage',
				__( 'Stage left from', 'recruiting-reports' ),
				__( 'Stage', 'recruiting-reports' ),
				'by_stage',
				'stage',
				$exits,
				array(
					'labels'     => $statuses,
					'horizontal' => true,
					// Two bars (rejected, withdrawn) per stage, as tall as the four stages need.
					'row_height' => 40,
					'empty'      => $empty,
				)
			),
			ReportCharts::over_rows(
				'by_job',
				__( 'Rejections and withdrawals by job', 'recruiting-reports' ),
				__( 'Job', 'recruiting-reports' ),
				'by_job',
				'job_title',
				$exits,
				array(
					'horizontal' => true,
					'limit'      => ReportCharts::LIMIT,
					// Two bars per job, a little tighter than the stages': the section stays under a screenful and a half.
					'row_height' => 32,
					'empty'      => $empty,
					'section'    => __( 'Per job', 'recruiting-reports' ),
				)
			),
			ReportCharts::monthly( __( 'Rejections and withdrawals by month', 'recruiting-reports' ), $exits, $empty ),
		);
	}

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The period and job.
	 */
	public function run( ReportQuery $query ): array {
		$zero   = array_fill_keys( Pipeline::EXITS, 0 );
		$totals = $zero;
		$trend  = array();
		foreach ( $query->months as $month ) {
			$trend[ $month['month'] ] = array( 'month' => $month['month'] ) + $zero;
		}
		$reasons  = array();
		$by_stage = array_fill_keys( TimeInStage::OPEN, $zero );
		foreach ( $this->exits( $query ) as [ $status, $reason, $stage, $month, $n ] ) {
			$totals[ $status ]                                     += $n;
			$reasons[ $status ][ $reason ]                          = ( $reasons[ $status ][ $reason ] ?? 0 ) + $n;
			$trend[ $query->months[ $month ]['month'] ][ $status ] += $n;
			if ( isset( $by_stage[ $stage ] ) ) {
				$by_stage[ $stage ][ $status ] += $n;
			}
		}

		$by_reason = array();
		foreach ( $reasons as $status => $counts ) {
			foreach ( $counts as $reason => $count ) {
				$reason      = (string) $reason;
				$by_reason[] = array(
					'status' => $status,
					'reason' => $reason,
					'label'  => Reasons::label( $status, $reason ) ?? __( 'No reason given', 'recruiting-reports' ),
					'count'  => $count,
				);
			}
		}
		$by_reason = self::shared( $by_reason, $totals );

		$by_job = null === $query->job_id ? $this->by_job( $query ) : ( array_sum( $totals ) ? array( $query->job_id => $totals ) : array() );
		$titles = JobTitles::of( array_keys( $by_job ) );
		$jobs   = array();
		foreach ( $by_job as $job_id => $counts ) {
			$jobs[] = array(
				'job_id'    => $job_id,
				'job_title' => $titles[ $job_id ] ?? '', // A job deleted for good keeps its exits.
			) + $counts;
		}
		$jobs = NetworkMerge::jobs_by_count( $jobs, array( self::class, 'exit_count' ) );

		return array(
			'period'    => $query->period(),
			'totals'    => $totals,
			'by_reason' => $by_reason,
			'by_stage'  => array_map( static fn( $stage, $counts ) => array( 'stage' => $stage ) + $counts, array_keys( $by_stage ), $by_stage ),
			'by_job'    => $jobs,
			'trend'     => array_values( $trend ),
		);
	}

	/**
	 * Rejections across a network's sites: counts summed per reason (a reason is the same when its id and its label
	 * are: sites name their own reasons), per stage and per month; every site's jobs listed; shares recomputed.
	 *
	 * @param SiteFigures[] $sites The sites.
	 */
	public static function merge( array $sites ): array {
		$totals = NetworkMerge::sum( array_map( static fn( SiteFigures $site ) => (array) ( $site->data['totals'] ?? array() ), $sites ) ) + array_fill_keys( Pipeline::EXITS, 0 );
		$trend  = NetworkMerge::sorted( NetworkMerge::keyed( $sites, 'trend', array( 'month' ) ), static fn( $a, $b ) => strcmp( $a['month'], $b['month'] ) );
		return array(
			'totals'    => $totals,
			'by_reason' => self::shared( NetworkMerge::keyed( $sites, 'by_reason', array( 'status', 'reason', 'label' ) ), $totals ),
			'by_stage'  => NetworkMerge::keyed( $sites, 'by_stage', array( 'stage' ) ),
			'by_job'    => NetworkMerge::jobs_by_count( NetworkMerge::listed( $sites, 'by_job' ), array( self::class, 'exit_count' ) ),
			'trend'     => $trend,
		);
	}

	/**
	 * The reasons' rows with their share of their status, in the report's order.
	 *
	 * @param array[]           $rows   status, reason, label, count.
	 * @param array<string,int> $totals Status => total.
	 * @return array[]
	 */
	private static function shared( array $rows, array $totals ): array {
		foreach ( $rows as &$row ) {
			$row['share'] = Rounding::rate( $row['count'], $totals[ $row['status'] ] );
		}
		unset( $row );
		$rank = array_flip( Pipeline::EXITS );
		usort( $rows, static fn( $a, $b ) => ( $rank[ $a['status'] ] <=> $rank[ $b['status'] ] ) ?: ( $b['count'] <=> $a['count'] ) ?: ( $a['label'] <=> $b['label'] ) ?: ( $a['reason'] <=> $b['reason'] ) );
		return $rows;
	}

	/**
	 * What by_job is listed by (NetworkMerge::jobs_by_count()): most exits first.
	 *
	 * @param array $row A by_job row.
	 */
	public static function exit_count( array $row ): int {
		return $row['rejected'] + $row['withdrawn'];
	}

	/**
	 * The exits of the period (and job), counted per status, reason, stage and month of the period: the summary rows
	 * of the months' whole UTC months and days (ExitSummary), the applications of the rest.
	 *
	 * @param ReportQuery $query The period and job.
	 * @return array<int,array{0:string,1:string,2:string,3:int,4:int}> status, reason ('' none), stage ('' none),
	 *                                                                  index into $query->months, count.
	 */
	private function exits( ReportQuery $query ): array {
		global $wpdb;
		$parts = array();
		foreach ( $query->months as $index => $month ) {
			$parts[ $index ] = PeriodParts::of( $month['start'], $month['end'], null === $query->job_id );
		}
		$exits   = array();
		$buckets = PeriodParts::bucket_condition( $parts );
		if ( null !== $buckets ) {
			$month_of = self::month_of( $parts );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT span, bucket, status, reason, stage, exits FROM %i WHERE job_id = %d AND $buckets", Schema::table( 'report_exits' ), $query->job_id ?? 0 ), ARRAY_N );
			foreach ( $rows ? $rows : array() as [ $span, $bucket, $status, $reason, $stage, $n ] ) {
				if ( ! (int) $n ) {
					continue; // A summary row whose exits have all moved on.
				}
				$exits[] = array( (string) $status, (string) $reason, (string) $stage, $month_of[ (int) $span ][ (int) $bucket ], (int) $n );
			}
		}
		$raw = PeriodParts::raw_condition( $parts, 'status_since' );
		if ( null !== $raw ) {
			$job = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- month_case() and $raw are integers of ours, $job prepared.
			$sql  = $wpdb->prepare( 'SELECT status, exit_reason, reopen_status, ' . self::month_case( $query ) . " AS month_index, COUNT(*) FROM %i WHERE status IN (%s, %s) AND $raw$job GROUP BY status, exit_reason, reopen_status, month_index", Schema::table( 'applications' ), Pipeline::EXITS[0], Pipeline::EXITS[1] );
			$rows = $wpdb->get_results( $sql, ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
			foreach ( $rows ? $rows : array() as [ $status, $reason, $stage, $month, $n ] ) {
				$exits[] = array( (string) $status, (string) $reason, (string) $stage, (int) $month, (int) $n );
			}
		}
		return $exits;
	}

	/**
	 * Exits per job over the whole period (every job): report_exit_jobs for the whole UTC quarters, months, weeks and
	 * days, the applications for the partial days at the ends.
	 *
	 * @param ReportQuery $query The period.
	 * @return array<int,array<string,int>> job id => status => count.
	 */
	private function by_job( ReportQuery $query ): array {
		global $wpdb;
		$parts   = PeriodParts::of( $query->start, $query->end );
		$buckets = PeriodParts::coarse_buckets( array( $parts ) );
		$rows    = array();
		if ( null !== $buckets ) {
			[ $where, $negative ] = $buckets;
			$sums                 = implode( ', ', array_map( static fn( string $status ) => PeriodParts::signed_sum( $status, $negative ), Pipeline::EXITS ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts, the constant exit columns.
			$rows = (array) $wpdb->get_results( $wpdb->prepare( "SELECT job_id, $sums FROM %i WHERE $where GROUP BY job_id", Schema::table( 'report_exit_jobs' ) ), ARRAY_N );
		}
		$raw = PeriodParts::raw_condition( array( $parts ), 'status_since' );
		if ( null !== $raw ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts.
			array_push( $rows, ...(array) $wpdb->get_results( $wpdb->prepare( "SELECT job_id, SUM(status = %s), SUM(status = %s) FROM %i WHERE status IN (%s, %s) AND $raw GROUP BY job_id", Pipeline::EXITS[0], Pipeline::EXITS[1], Schema::table( 'applications' ), Pipeline::EXITS[0], Pipeline::EXITS[1] ), ARRAY_N ) );
		}
		$jobs = array();
		foreach ( $rows as $row ) {
			$job_id = (int) array_shift( $row ); // Then a count per exit status, in Pipeline::EXITS' order.
			foreach ( Pipeline::EXITS as $index => $status ) {
				$jobs[ $job_id ][ $status ] = ( $jobs[ $job_id ][ $status ] ?? 0 ) + (int) $row[ $index ];
			}
		}
		return array_filter( $jobs, 'array_sum' );
	}

	/**
	 * The month of the period each summary bucket of the months' parts belongs to.
	 *
	 * @param PeriodParts[] $parts The months' parts, by index into the query's months.
	 * @return array<int,array<int,int>> span (ReportSummary::SPAN_DAY or SPAN_MONTH) => bucket => index.
	 */
	private static function month_of( array $parts ): array {
		$month_of = array(
			ReportSummary::SPAN_DAY   => array(),
			ReportSummary::SPAN_MONTH => array(),
		);
		foreach ( $parts as $index => $part ) {
			$month_of[ ReportSummary::SPAN_MONTH ] += array_fill_keys( $part->months, $index );
			foreach ( $part->days as [ $from, $to ] ) {
				for ( $day = $from; $day < $to; $day += ReportSummary::DAY ) {
					$month_of[ ReportSummary::SPAN_DAY ][ $day ] = $index;
				}
			}
		}
		return $month_of;
	}

	/**
	 * The index into $query->months of status_since, as SQL (the months' bounds are integers computed here).
	 *
	 * @param ReportQuery $query The period.
	 */
	private static function month_case( ReportQuery $query ): string {
		if ( 1 === count( $query->months ) ) {
			return '0';
		}
		$case = 'CASE';
		foreach ( array_slice( $query->months, 1, null, true ) as $index => $month ) {
			$case .= ' WHEN status_since < ' . (int) $month['start'] . ' THEN ' . ( $index - 1 );
		}
		return $case . ' ELSE ' . ( count( $query->months ) - 1 ) . ' END';
	}
}
