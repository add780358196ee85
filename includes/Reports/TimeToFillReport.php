<?php
/**
 * GET /reports/time-to-fill (docs/reports.md#funnel-sources-time-to-fill): a job is filled at its first hire (filled_at, the earliest
 * hired_at of its applications); time to fill is filled_at − the job's creation, in days. Over the jobs
 * F filled in the period (and job): overall mean/median/min/max, by_job, the monthly trend; and the jobs
 * published now without any hire (open_jobs, independent of the period).
 *
 * Two queries whatever the number of applications; what PHP holds is one row per job:
 *
 * 1. jobs:  ID, title, status and creation (post_date_gmt) of the recruiting_job posts that are not
 *    trashed (a job deleted or trashed has no creation date to measure from, as in jobs.total).
 * 2. fills: SELECT job_id, MIN(hired_at) … WHERE hired_at IS NOT NULL GROUP BY job_id. MariaDB answers it
 *    from the covering hire_timeline index, reading every hire ever (about 60 ms at 100,000 applications on
 *    the loaded benchmark machine): the one part of the reports that grows with the data. A correlated
 *    MIN per job was measured slower (its ref access reads the job's unhired rows first); a per-job
 *    first-hire summary would make it constant (not done yet).
 * Neither depends on the period: with `compare` both periods use the same two reads (PieceReads::read_of_job()).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

/**
 * The TimeToFill report.
 */
final class TimeToFillReport {

	/** Time to fill's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		$signed = __( 'Days (1 decimal) from the job\'s creation to its first hire; negative when an imported hire predates the job.', 'recruiting-reports' );
		$none   = __( 'No jobs filled in this period', 'recruiting-reports' );
		// One by_job row per job filled in the period.
		$filled   = array( 'rows' => 'by_job' );
		$no_fills = ReportCharts::empty_text( __( 'No jobs filled in this period.', 'recruiting-reports' ) );
		return new ReportDefinition(
			name: ReportService::TIME_TO_FILL,
			title: __( 'Time to fill', 'recruiting-reports' ),
			description: __( 'How long jobs stay open: days from opening to the first hire, per job and by month, and the open jobs without a hire.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query ),
			schema: array(
				'overall'   => ReportSchema::spread( __( 'Days to fill over the jobs filled (first hire) in the period.', 'recruiting-reports' ) ),
				'by_job'    => ReportSchema::rows(
					__( 'Jobs filled in the period, by days descending then job_id.', 'recruiting-reports' ),
					array(
						'job_id'    => ReportSchema::integer( __( 'Job id.', 'recruiting-reports' ) ),
						'job_title' => ReportSchema::text( __( 'Job title.', 'recruiting-reports' ) ),
						'opened'    => ReportSchema::date(),
						'filled'    => ReportSchema::date(),
						'days'      => ReportSchema::number( $signed ),
					)
				),
				'trend'     => ReportSchema::rows(
					__( 'One row per calendar month overlapping the period (by the first hire), oldest first.', 'recruiting-reports' ),
					array(
						'month'        => ReportSchema::month(),
						'average_days' => ReportSchema::number( $signed ),
						'jobs'         => ReportSchema::integer( __( 'Jobs filled in that month.', 'recruiting-reports' ) ),
					)
				),
				'open_jobs' => ReportSchema::object(
					__( 'Jobs published now without any hire (independent of the period).', 'recruiting-reports' ),
					array(
						'count'            => ReportSchema::integer( __( 'Open jobs.', 'recruiting-reports' ) ),
						'average_age_days' => ReportSchema::number( __( 'Mean days since their creation, 1 decimal.', 'recruiting-reports' ) ),
					)
				),
			),
			figures: array(
				ReportFigures::count( 'jobs_filled', __( 'Jobs filled', 'recruiting-reports' ), $filled ),
				ReportFigures::days( 'average_days', __( 'Average time to fill', 'recruiting-reports' ), 'overall.average_days', $filled, $none ),
				ReportFigures::days( 'median_days', __( 'Median time to fill', 'recruiting-reports' ), 'overall.median_days', $filled, $none ),
				ReportFigures::naming_negative(
					ReportFigures::days( 'min_days', __( 'Fastest fill', 'recruiting-reports' ), 'overall.min_days', $filled, $none ),
					'by_job',
					'days',
					'job_title',
					/* translators: %s: job titles. */
					__( 'Negative: hired before the job was created (%s)', 'recruiting-reports' )
				),
				ReportFigures::days( 'max_days', __( 'Slowest fill', 'recruiting-reports' ), 'overall.max_days', $filled, $none ),
				// Open jobs are "as of now": the same in both periods of a comparison (docs/reports.md).
				...ReportFigures::grouped(
					'open_jobs',
					__( 'Open now', 'recruiting-reports' ),
					ReportFigures::count( 'open_jobs', __( 'Open jobs', 'recruiting-reports' ), 'open_jobs.count' ),
					ReportFigures::days( 'open_jobs_age', __( 'Average age of open jobs', 'recruiting-reports' ), 'open_jobs.average_age_days', 'open_jobs.count', __( 'No open jobs', 'recruiting-reports' ) ),
				),
			),
			charts: self::charts( $no_fills ),
			block: array(
				'icon'     => 'calendar-alt',
				'keywords' => array( 'recruiting', 'time to fill', 'open jobs', 'vacancy' ),
			),
			merge: static fn( array $sites ) => self::merge( $sites ),
		);
	}

	/**
	 * Time to fill's charts (ReportCharts).
	 *
	 * @param array $no_fills What a chart says without a job filled.
	 * @return array[]
	 */
	private static function charts( array $no_fills ): array {
		return array(
			// The API orders jobs by days, longest first: the chart draws the first ones, the table lists all.
			ReportCharts::over_rows(
				'by_job',
				__( 'Time to fill by job', 'recruiting-reports' ),
				__( 'Job', 'recruiting-reports' ),
				'by_job',
				'job_title',
				array(
					// The dates the days are counted between, then the days (the bars).
					ReportCharts::series( __( 'Opened', 'recruiting-reports' ), 'opened', 'date', ReportPalette::TEAL, array( 'chart' => false ) ),
					ReportCharts::series( __( 'Filled', 'recruiting-reports' ), 'filled', 'date', ReportPalette::TEAL, array( 'chart' => false ) ),
					ReportCharts::series( __( 'Days', 'recruiting-reports' ), 'days', 'days', ReportPalette::TEAL ),
				),
				array(
					'horizontal' => true,
					'limit'      => ReportCharts::LIMIT,
					'row_height' => 28,
					'empty'      => $no_fills,
					'section'    => __( 'Per job', 'recruiting-reports' ),
				)
			),
			// A month without a filled job is a gap, not a 0-day fill.
			ReportCharts::monthly(
				__( 'Time to fill by month', 'recruiting-reports' ),
				array(
					ReportCharts::series( __( 'Average days', 'recruiting-reports' ), 'average_days', 'days', ReportPalette::TEAL, array( 'missing' => ReportCharts::missing_where( 'jobs', __( 'No jobs filled', 'recruiting-reports' ) ) ) ),
					ReportCharts::series( __( 'Jobs filled', 'recruiting-reports' ), 'jobs', 'count', ReportPalette::GREEN, array( 'chart' => false ) ),
				),
				$no_fills
			),
		);
	}

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The period and job.
	 */
	public function run( ReportQuery $query ): array {
		$parts = $this->parts( $query );
		return array( 'period' => $query->period() ) + self::figures( $parts['filled'], $parts['open'], array_column( $query->months, 'month' ) );
	}

	/**
	 * Time to fill across a network's sites: every site's filled jobs together (so the median is the union's), their
	 * months as each site reads them, and the open jobs' counts and ages summed.
	 *
	 * @param SiteFigures[] $sites The sites.
	 */
	public static function merge( array $sites ): array {
		$filled = array();
		$open   = array( 0, 0 );
		$months = array();
		foreach ( $sites as $site ) {
			$parts  = $site->in( static fn( ReportQuery $query ) => ( new self() )->parts( $query ) );
			$filled = array_merge( $filled, array_map( static fn( array $job ) => array( 'site_id' => $site->site_id ) + $job, $parts['filled'] ) );
			$open   = array( $open[0] + $parts['open'][0], $open[1] + $parts['open'][1] );
			$months = array_merge( $months, array_column( $site->query->months, 'month' ) );
		}
		$months = array_unique( $months );
		sort( $months );
		return self::figures( $filled, $open, $months );
	}

	/**
	 * The jobs filled in the period, with their dates and month as the site reads them, and the open jobs.
	 *
	 * @param ReportQuery $query The period and job.
	 * @return array{filled:array[],open:array{0:int,1:int}} filled: id, title, seconds, opened, filled (dates), month;
	 *                                                        open: [jobs, total seconds since their creation].
	 */
	public function parts( ReportQuery $query ): array {
		return PieceReads::read( __METHOD__, $query, fn() => $this->read_parts( $query ) );
	}

	/**
	 * The read itself (PieceReads keeps it during a network report's computation).
	 *
	 * @param ReportQuery $query The period and job.
	 */
	private function read_parts( ReportQuery $query ): array {
		$fills    = $this->fills( $query );
		$filled   = array();
		$open     = array( 0, 0 );
		$now      = time();
		$timezone = wp_timezone();
		$date     = static fn( int $time ) => ( new \DateTimeImmutable( '@' . $time ) )->setTimezone( $timezone )->format( 'Y-m-d' );
		foreach ( $this->jobs( $query ) as $id => $job ) {
			$at = $fills[ $id ] ?? null;
			if ( null === $at ) {
				if ( 'publish' === $job['status'] ) {
					$open = array( $open[0] + 1, $open[1] + $now - $job['created'] );
				}
				continue;
			}
			if ( $at >= $query->start && $at < $query->end ) {
				$month    = array_values( array_filter( $query->months, static fn( $month ) => $at >= $month['start'] && $at < $month['end'] ) );
				$filled[] = array(
					'id'      => $id,
					'title'   => $job['title'],
					'seconds' => $at - $job['created'],
					'opened'  => $date( $job['created'] ),
					'filled'  => $date( $at ),
					'month'   => $month[0]['month'] ?? '',
				);
			}
		}
		return array(
			'filled' => $filled,
			'open'   => $open,
		);
	}

	/**
	 * The report's fields from its filled jobs and open jobs.
	 *
	 * @param array[]            $filled parts()' filled jobs (with site_id across a network).
	 * @param array{0:int,1:int} $open   Open jobs and their total age in seconds.
	 * @param string[]           $months The period's months (YYYY-MM), oldest first.
	 */
	private static function figures( array $filled, array $open, array $months ): array {
		// By exact seconds descending, then site and job id: also the order the median and extremes are read in.
		usort( $filled, static fn( $a, $b ) => ( $b['seconds'] <=> $a['seconds'] ) ?: ( ( $a['site_id'] ?? 0 ) <=> ( $b['site_id'] ?? 0 ) ) ?: ( $a['id'] <=> $b['id'] ) );
		$count  = count( $filled );
		$total  = array_sum( array_column( $filled, 'seconds' ) );
		$middle = $count ? array( $filled[ intdiv( $count, 2 ) ]['seconds'] ) : array( 0 );
		if ( $count && 0 === $count % 2 ) {
			$middle[] = $filled[ $count / 2 - 1 ]['seconds'];
		}

		$by_job = array();
		foreach ( $filled as $job ) {
			$by_job[] = array_intersect_key( $job, array( 'site_id' => true ) ) + array(
				'job_id'    => $job['id'],
				'job_title' => $job['title'],
				'opened'    => $job['opened'],
				'filled'    => $job['filled'],
				'days'      => Rounding::days( $job['seconds'] ),
			);
		}

		$trend = array();
		foreach ( $months as $month ) {
			$in      = array_filter( $filled, static fn( $job ) => $job['month'] === $month );
			$trend[] = array(
				'month'        => $month,
				'average_days' => Rounding::mean_days( array_sum( array_column( $in, 'seconds' ) ), count( $in ) ),
				'jobs'         => count( $in ),
			);
		}

		return array(
			'overall'   => array(
				'average_days' => Rounding::mean_days( $total, $count ),
				'median_days'  => Rounding::ratio( array_sum( $middle ), count( $middle ) * Rounding::DAY, 10 ),
				'min_days'     => $count ? Rounding::days( $filled[ $count - 1 ]['seconds'] ) : 0.0,
				'max_days'     => $count ? Rounding::days( $filled[0]['seconds'] ) : 0.0,
			),
			'by_job'    => $by_job,
			'trend'     => $trend,
			'open_jobs' => array(
				'count'            => $open[0],
				'average_age_days' => Rounding::mean_days( $open[1], $open[0] ),
			),
		);
	}

	/**
	 * The jobs that are not trashed (or the one job).
	 *
	 * @param ReportQuery $query The job filter.
	 * @return array<int,array{title:string,status:string,created:int}> job id => job.
	 */
	private function jobs( ReportQuery $query ): array {
		return PieceReads::read_of_job( __METHOD__, $query->job_id, static fn() => self::read_jobs( $query ) );
	}

	/**
	 * The read of jobs() (PieceReads keeps it for a compared period and a network's merge).
	 *
	 * @param ReportQuery $query The job filter.
	 * @return array<int,array{title:string,status:string,created:int}> job id => job.
	 */
	private static function read_jobs( ReportQuery $query ): array {
		global $wpdb;
		$sql = $wpdb->prepare( "SELECT ID, post_title, post_status, post_date_gmt FROM {$wpdb->posts} WHERE post_type = %s AND post_status NOT IN ('trash', 'auto-draft')", JobPostType::POST_TYPE );
		if ( null !== $query->job_id ) {
			$sql .= $wpdb->prepare( ' AND ID = %d', $query->job_id );
		}
		$jobs = array();
		foreach ( $wpdb->get_results( $sql, ARRAY_A ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
			$jobs[ (int) $row['ID'] ] = array(
				'title'   => (string) $row['post_title'],
				'status'  => (string) $row['post_status'],
				// post_date_gmt is the job's creation instant, always set (JobPostType::keep_creation_date).
				'created' => (int) strtotime( $row['post_date_gmt'] . ' UTC' ),
			);
		}
		return $jobs;
	}

	/**
	 * When each job was filled.
	 *
	 * @param ReportQuery $query The job filter.
	 * @return array<int,int> job id => filled_at (its earliest hired_at).
	 */
	private function fills( ReportQuery $query ): array {
		return PieceReads::read_of_job( __METHOD__, $query->job_id, static fn() => self::read_fills( $query ) );
	}

	/**
	 * The read of fills() (PieceReads keeps it for a compared period and a network's merge).
	 *
	 * @param ReportQuery $query The job filter.
	 * @return array<int,int> job id => filled_at (its earliest hired_at).
	 */
	private static function read_fills( ReportQuery $query ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		$job   = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );
		$fills = array();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours, $job prepared.
		foreach ( $wpdb->get_results( "SELECT job_id, MIN(hired_at) AS filled_at FROM $table WHERE hired_at IS NOT NULL$job GROUP BY job_id", ARRAY_A ) as $row ) {
			$fills[ (int) $row['job_id'] ] = (int) $row['filled_at'];
		}
		return $fills;
	}
}
