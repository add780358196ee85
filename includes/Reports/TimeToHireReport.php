<?php
/**
 * GET /reports/time-to-hire (docs/reports.md#definitions) over the hires H: applications whose hired_at is in the period
 * (and job). A bounded number of queries whatever the data size; the scope is the job, or 0 for all:
 *
 * 1. months (summary): SUM of hires, hire_seconds and the stage-pair sums/counts from report_buckets
 *    for the whole UTC months and days of each calendar month of the period (PeriodParts), grouped by
 *    month with a CASE over the months' UTC bounds (computed in PHP from the site timezone, nested as
 *    a binary search).
 * 2. months (edges): the same figures over hires in the partial days (hire_timeline / job_hire_timeline,
 *    covering), grouped by month with the same CASE on hired_at.
 *    1 + 2 give overall.average_days, by_stage and trend.
 * 3. by_job (all jobs): report_buckets rows of every job for the whole UTC months and days of the period,
 *    GROUP BY job_id (bucket_job, covering), plus 4. the hires in the partial days GROUP BY job_id
 *    (hire_timeline); 5. post titles (one IN query).
 * 6. median, min, max: report_hire_days gives how many hires (of the job, or of all jobs: job_id 0) took 0, 1, 2…
 *    whole days (plus the partial days' hires grouped the same way); PHP finds the whole-day bin of the minimum,
 *    the middle one(s) and the maximum, and 7. reads exactly those rows from the hire_duration index
 *    (hire_seconds, hired_at), or job_hire_duration (job_id, hire_seconds, hired_at) for one job, within their bins: a
 *    UNION ALL of LIMIT 1|2 OFFSET <position in the bins>, counted from whichever end of the bins is nearer. Before
 *    schema 14 one job's were read in order of duration over all the job's hires, a walk that grew with its history.
 * For one job, by_job is the job's hires and seconds from its months; its months come from its month and day rows like
 * all jobs'.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * GET /reports/time-to-hire (docs/reports.md#definitions) over the hires H: applications whose hired_at is in the period (and job).
 */
final class TimeToHireReport {

	/** Time to hire's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		$none = __( 'No hires in this period', 'recruiting-reports' );
		// Hires in the period: the trend covers every month of it, so its counts add up to all hires.
		$hires    = array( 'sum' => 'trend.hires' );
		$no_hires = ReportCharts::empty_text( __( 'No hires in this period.', 'recruiting-reports' ), $hires );
		return new ReportDefinition(
			name: ReportService::TIME_TO_HIRE,
			title: __( 'Time to hire', 'recruiting-reports' ),
			description: __( 'How long hiring takes: average and median days, days between stages, per job and by month.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query ),
			schema: array(
				'overall'  => ReportSchema::spread( __( 'Days from application to hire over the hires in the period.', 'recruiting-reports' ) ),
				'by_stage' => ReportSchema::object(
					__( 'Mean days between entering consecutive stages, over the hires that entered both.', 'recruiting-reports' ),
					array(
						'new_to_screening'       => ReportSchema::days(),
						'screening_to_interview' => ReportSchema::days(),
						'interview_to_offer'     => ReportSchema::days(),
						'offer_to_hire'          => ReportSchema::days(),
					)
				),
				'by_job'   => ReportSchema::rows(
					__( 'Jobs with at least one hire in the period, by hires descending then job_id.', 'recruiting-reports' ),
					array(
						'job_id'       => ReportSchema::integer( __( 'Job id.', 'recruiting-reports' ) ),
						'job_title'    => ReportSchema::text( __( 'Job title ("" for a job deleted for good).', 'recruiting-reports' ) ),
						'average_days' => ReportSchema::days(),
						'hires'        => ReportSchema::integer( __( 'Hires in the period.', 'recruiting-reports' ) ),
					)
				),
				'trend'    => ReportSchema::rows(
					__( 'One row per calendar month overlapping the period, oldest first.', 'recruiting-reports' ),
					array(
						'month'        => ReportSchema::month(),
						'average_days' => ReportSchema::days(),
						'hires'        => ReportSchema::integer( __( 'Hires in that month.', 'recruiting-reports' ) ),
					)
				),
			),
			figures: array(
				ReportFigures::count( 'hires', __( 'Hires', 'recruiting-reports' ), $hires ),
				ReportFigures::days( 'average_days', __( 'Average time to hire', 'recruiting-reports' ), 'overall.average_days', $hires, $none ),
				ReportFigures::days( 'median_days', __( 'Median time to hire', 'recruiting-reports' ), 'overall.median_days', $hires, $none ),
				ReportFigures::days( 'min_days', __( 'Fastest hire', 'recruiting-reports' ), 'overall.min_days', $hires, $none ),
				ReportFigures::days( 'max_days', __( 'Slowest hire', 'recruiting-reports' ), 'overall.max_days', $hires, $none ),
			),
			charts: self::charts( $hires, $no_hires ),
			block: array(
				'icon'     => 'clock',
				'keywords' => array( 'recruiting', 'hiring', 'time to hire', 'trend' ),
			),
			merge: static fn( array $sites ) => self::merge( $sites ),
			// Hires by hired_at, stamped at the time of the write: a closed period changes only by imports, deletions,
			// erasure and job edits (titles).
			closed: true,
		);
	}

	/**
	 * Time to hire's charts (ReportCharts).
	 *
	 * @param array $hires    Value expression of the period's hires.
	 * @param array $no_hires What a chart says without hires.
	 * @return array[]
	 */
	private static function charts( array $hires, array $no_hires ): array {
		$no_hire = __( 'No hires', 'recruiting-reports' );
		return array(
			ReportCharts::keyed(
				'by_stage',
				__( 'Average days between stages', 'recruiting-reports' ),
				__( 'Stage', 'recruiting-reports' ),
				array(
					'new_to_screening'       => __( 'New → screening', 'recruiting-reports' ),
					'screening_to_interview' => __( 'Screening → interview', 'recruiting-reports' ),
					'interview_to_offer'     => __( 'Interview → offer', 'recruiting-reports' ),
					'offer_to_hire'          => __( 'Offer → hired', 'recruiting-reports' ),
				),
				// Without hires the API's 0s are no averages at all.
				array( ReportCharts::series( __( 'Average days', 'recruiting-reports' ), 'by_stage', 'days', ReportPalette::PURPLE, array( 'missing' => ReportCharts::missing_without( $hires, $no_hire ) ) ) ),
				array(
					'horizontal' => true,
					'empty'      => $no_hires,
					'section'    => __( 'Days between stages', 'recruiting-reports' ),
				)
			),
			// The API orders jobs by hires: the chart draws the first ones, the table lists all.
			ReportCharts::over_rows(
				'by_job',
				__( 'Time to hire by job', 'recruiting-reports' ),
				__( 'Job', 'recruiting-reports' ),
				'by_job',
				'job_title',
				array(
					ReportCharts::series( __( 'Average days', 'recruiting-reports' ), 'average_days', 'days', ReportPalette::TEAL ),
					ReportCharts::series( __( 'Hires', 'recruiting-reports' ), 'hires', 'count', ReportPalette::GREEN, array( 'chart' => false ) ),
				),
				array(
					'horizontal' => true,
					'limit'      => ReportCharts::LIMIT,
					'row_height' => 28,
					'empty'      => $no_hires,
					'section'    => __( 'Per job', 'recruiting-reports' ),
				)
			),
			// A month without hires is a gap in the chart, and "—" for the API's 0 in the table.
			ReportCharts::monthly(
				__( 'Time to hire by month', 'recruiting-reports' ),
				array(
					ReportCharts::series( __( 'Average days', 'recruiting-reports' ), 'average_days', 'days', ReportPalette::BLUE, array( 'missing' => ReportCharts::missing_where( 'hires', $no_hire ) ) ),
					ReportCharts::series( __( 'Hires', 'recruiting-reports' ), 'hires', 'count', ReportPalette::GREEN, array( 'chart' => false ) ),
				),
				$no_hires
			),
		);
	}

	/** The additive figures of H read from the summaries or computed over the partial days. */
	private const SUMS = array( 'hires', 'hire_seconds', 'ns_seconds', 'ns_hires', 'si_seconds', 'si_hires', 'io_seconds', 'io_hires', 'oh_seconds', 'oh_hires' );

	/**
	 * The time-to-hire report (docs/reports.md#definitions) for a resolved query.
	 *
	 * @param ReportQuery $query Query.
	 */
	public function run( ReportQuery $query ): array {
		$months = array_combine( array_column( $query->months, 'month' ), $this->months( $query ) );
		$total  = self::total( $months );
		$hires  = $total['hires'];

		$spread = array(
			'min'    => 0,
			'median' => array( 0, 1 ),
			'max'    => 0,
		);
		if ( $hires > 0 ) {
			$spread = $this->spread( $query, $hires );
		}

		if ( null === $query->job_id ) {
			$jobs = $this->jobs( $query );
		} else {
			$jobs = $hires > 0 ? array( $query->job_id => array( $hires, $total['hire_seconds'] ) ) : array();
		}
		return array( 'period' => $query->period() ) + self::figures( $months, $spread['median'], Rounding::days( $spread['min'] ), Rounding::days( $spread['max'] ), $this->by_job( $jobs ) );
	}

	/**
	 * Time to hire across a network's sites: the sums per month added up (average, by stage, trend), the median of
	 * every site's hires together (located in the sites' summed hire-day histograms, then read from the sites' hires
	 * in its whole-day bins), the fastest and slowest of any site, and every site's jobs.
	 *
	 * @param SiteFigures[] $sites The sites.
	 */
	public static function merge( array $sites ): array {
		$read   = array_map(
			static fn( SiteFigures $site ) => $site->in(
				static function ( ReportQuery $query ) {
					$report = new self();
					// Each month's sums as a list in the order of SUMS: a site's kept part holds them without their names.
					return array( array_combine( array_column( $query->months, 'month' ), array_map( 'array_values', $report->months( $query ) ) ), $report->hire_day_bins( $query ) );
				}
			),
			$sites
		);
		$months = array_map( static fn( array $sums ) => array_combine( self::SUMS, $sums ), NetworkMerge::sum( array_column( $read, 0 ) ) );
		$bins   = NetworkMerge::sum( array_column( $read, 1 ) );
		ksort( $months );
		ksort( $bins );
		$hired  = array_filter( $sites, static fn( SiteFigures $site ) => array_sum( array_column( $site->data['trend'] ?? array(), 'hires' ) ) > 0 );
		$median = self::median_of( $hired, $bins, self::total( $months )['hires'] );
		$by_job = NetworkMerge::jobs_by_count( NetworkMerge::listed( $sites, 'by_job' ), array( self::class, 'hires' ) );
		return self::figures(
			$months,
			$median,
			$hired ? min( array_map( static fn( SiteFigures $site ) => $site->data['overall']['min_days'], $hired ) ) : 0.0,
			$hired ? max( array_map( static fn( SiteFigures $site ) => $site->data['overall']['max_days'], $hired ) ) : 0.0,
			$by_job
		);
	}

	/** Whole days per block that a network median's durations are read in (median_of()). */
	private const MEDIAN_BLOCK_DAYS = 8;

	/**
	 * The median of the hires of several sites: [sum of the middle durations, their count].
	 *
	 * @param SiteFigures[]  $sites The sites with hires.
	 * @param array<int,int> $bins  Their summed hire-day histogram (whole days => hires), ascending.
	 * @param int            $hires Their hires.
	 * @return array{0:int,1:int}
	 */
	private static function median_of( array $sites, array $bins, int $hires ): array {
		if ( $hires < 1 ) {
			return array( 0, 1 );
		}
		[ $position, $count ] = NetworkMerge::middle( $hires );
		// The whole-day bins of the middle position(s), widened to blocks of MEDIAN_BLOCK_DAYS, and how many hires come
		// before the first of them. A site's first offset + count durations in those bins hold every one of the union's
		// middle values it has; more do no harm (the union's first offset + count are all still there). So the bins are
		// widened and the limit rounded up to a power of two: a hire that moves the middle by one then leaves every
		// other site's read as it was (SiteFigures keeps a read by its arguments), where the exact bins and limit made
		// each hire re-read all the sites.
		$block     = self::MEDIAN_BLOCK_DAYS;
		$days      = NetworkMerge::at( $bins, $position, $count );
		$first_day = $days[0];
		$last_day  = end( $days );
		$first     = intdiv( $first_day, $block ) * $block;
		$last      = min( ReportSummary::MAX_BIN, ( intdiv( $last_day, $block ) + 1 ) * $block - 1 );
		$offset    = $position - NetworkMerge::count_below( $bins, $first );
		$limit     = max( 16, 1 << (int) ceil( log( $offset + $count, 2 ) ) );
		// Only the durations in the middle position(s)' own days are sorted: a site's read holds the whole block (a
		// hundred sites' were about 39,000 durations, and sorting them all was most of the merge). Each read is the
		// site's shortest durations in the block, so its durations in those days that come before the union's middle
		// ones are all there, and the union's middle ones are found among them.
		$low     = $first_day * Rounding::DAY;
		$high    = ReportSummary::MAX_BIN === $last_day ? PHP_INT_MAX : ( $last_day + 1 ) * Rounding::DAY;
		$in_days = array();
		foreach ( $sites as $site ) {
			$packed = (string) base64_decode( $site->in( static fn( ReportQuery $query ) => ( new self() )->packed_durations( $query, $first, $last, $limit ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- see packed_durations().
			$from   = self::count_before( $packed, $low );
			$to     = self::count_before( $packed, $high );
			if ( $to > $from ) {
				$in_days[] = array_values( unpack( 'N*', substr( $packed, $from * self::DURATION_BYTES, ( $to - $from ) * self::DURATION_BYTES ) ) );
			}
		}
		$values = array_merge( ...$in_days ); // Once: merging site by site copied the growing list a hundred times.
		sort( $values );
		$middle = array_slice( $values, $position - NetworkMerge::count_below( $bins, $first_day ), $count );
		return array( array_sum( $middle ), max( 1, count( $middle ) ) );
	}

	/** Bytes per duration in packed_durations(). */
	private const DURATION_BYTES = 4;

	/**
	 * How many of some packed ascending durations are below a value (binary search).
	 *
	 * @param string $packed Durations as packed_durations() packs them, decoded.
	 * @param int    $value  The value.
	 */
	private static function count_before( string $packed, int $value ): int {
		$low  = 0;
		$high = intdiv( strlen( $packed ), self::DURATION_BYTES );
		while ( $low < $high ) {
			$middle = ( $low + $high ) >> 1;
			if ( unpack( 'N', $packed, $middle * self::DURATION_BYTES )[1] < $value ) {
				$low = $middle + 1;
			} else {
				$high = $middle;
			}
		}
		return $low;
	}

	/**
	 * The sums of every month.
	 *
	 * @param array<string,array<string,int>> $months Month => SUMS.
	 * @return array<string,int> SUMS.
	 */
	private static function total( array $months ): array {
		return NetworkMerge::sum( array_values( $months ) ) + array_fill_keys( self::SUMS, 0 );
	}

	/**
	 * The report's fields from its sums per month and its spread.
	 *
	 * @param array<string,array<string,int>> $months   Month (YYYY-MM) => SUMS, oldest first.
	 * @param array{0:int,1:int}              $median   Sum of the middle durations (seconds), their count.
	 * @param float                           $min_days Fastest hire, days.
	 * @param float                           $max_days Slowest hire, days.
	 * @param array[]                         $by_job   The by_job rows.
	 */
	private static function figures( array $months, array $median, float $min_days, float $max_days, array $by_job ): array {
		$total    = self::total( $months );
		$by_stage = array();
		foreach ( Pipeline::STEPS as $key => [ $prefix ] ) {
			$by_stage[ $key ] = Rounding::mean_days( $total[ $prefix . '_seconds' ], $total[ $prefix . '_hires' ] );
		}
		$trend = array();
		foreach ( $months as $month => $sums ) {
			$trend[] = array(
				'month'        => (string) $month,
				'average_days' => Rounding::mean_days( $sums['hire_seconds'], $sums['hires'] ),
				'hires'        => $sums['hires'],
			);
		}
		return array(
			'overall'  => array(
				'average_days' => Rounding::mean_days( $total['hire_seconds'], $total['hires'] ),
				'median_days'  => Rounding::ratio( $median[0], $median[1] * Rounding::DAY, 10 ),
				'min_days'     => $min_days,
				'max_days'     => $max_days,
			),
			'by_stage' => $by_stage,
			'by_job'   => $by_job,
			'trend'    => $trend,
		);
	}

	/**
	 * What by_job is listed by (NetworkMerge::jobs_by_count()): most hires first.
	 *
	 * @param array $row A by_job row.
	 */
	public static function hires( array $row ): int {
		return $row['hires'];
	}

	/**
	 * The additive figures of H per calendar month of the period (queries 1 and 2).
	 *
	 * @param ReportQuery $query Query.
	 * @return array<int,array<string,int>> month index => SUMS.
	 */
	public function months( ReportQuery $query ): array {
		return PieceReads::read( __METHOD__, $query, fn() => $this->read_months( $query ) );
	}

	/**
	 * The read itself (PieceReads keeps it during a network report's computation).
	 *
	 * @param ReportQuery $query The period and job.
	 */
	private function read_months( ReportQuery $query ): array {
		global $wpdb;
		$months = array_fill( 0, count( $query->months ), array_fill_keys( self::SUMS, 0 ) );
		$parts  = array_map( static fn( $month ) => PeriodParts::of( $month['start'], $month['end'] ), $query->months );
		$last   = count( $query->months ) - 1;

		$rows    = array();
		$buckets = PeriodParts::bucket_condition( $parts );
		if ( null !== $buckets ) {
			$table = Schema::table( 'report_buckets' );
			$case  = self::month_case( 'bucket', $query->months, 0, $last );
			$sums  = implode( ', ', array_map( static fn( $column ) => "SUM($column) AS $column", self::SUMS ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only CASE and bucket condition (month_case, PeriodParts) and the constant SUMS columns.
			$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT ' . $case . ' AS month_index, ' . $sums . ' FROM %i WHERE job_id = %d AND ' . $buckets . ' GROUP BY month_index', $table, $query->job_id ?? 0 ), ARRAY_A );
		}
		$edges = PeriodParts::raw_condition( $parts, 'hired_at' );
		if ( null !== $edges ) {
			$table = Schema::table( 'applications' );
			$case  = self::month_case( 'hired_at', $query->months, 0, $last );
			$sums  = array( 'COUNT(*) AS hires', 'SUM(hired_at - applied_at) AS hire_seconds' );
			foreach ( Pipeline::STEPS as [ $prefix, $from_stage, $to_stage ] ) {
				$from = Pipeline::entered_column( $from_stage );
				$to   = Pipeline::entered_column( $to_stage );
				// NULL when the hire never entered one of the two stages: SUM and COUNT skip it (docs/reports.md#definitions).
				$sums[] = "SUM($to - $from) AS {$prefix}_seconds, COUNT($to - $from) AS {$prefix}_hires";
			}
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only CASE and edge condition (month_case, PeriodParts), constant column expressions.
			$rows = array_merge( $rows, $wpdb->get_results( $wpdb->prepare( 'SELECT ' . $case . ' AS month_index, ' . implode( ', ', $sums ) . ' FROM %i WHERE ' . $edges . ' AND (%d = 0 OR job_id = %d) GROUP BY month_index', $table, $query->job_id ?? 0, $query->job_id ?? 0 ), ARRAY_A ) );
		}
		foreach ( $rows as $row ) {
			$index = (int) $row['month_index'];
			foreach ( self::SUMS as $column ) {
				$months[ $index ][ $column ] += (int) $row[ $column ];
			}
		}
		return $months;
	}

	/**
	 * Hires and their total seconds per job over the period, all jobs (queries 3 and 4).
	 *
	 * @param ReportQuery $query Query.
	 * @return array<int,array{0:int,1:int}> job_id => [hires, total seconds]
	 */
	private function jobs( ReportQuery $query ): array {
		global $wpdb;
		$parts = array( PeriodParts::of( $query->start, $query->end ) );
		$rows  = array();

		$buckets = PeriodParts::coarse_buckets( $parts );
		if ( null !== $buckets ) {
			[ $where, $negative ] = $buckets;
			$table                = Schema::table( 'report_buckets' );
			// hires > 0: most jobs' day and week rows count applications only, and grouping them cost a third of the read.
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only bucket conditions from PeriodParts, constant columns.
			$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, ' . PeriodParts::signed_sum( 'hires', $negative ) . ' AS hires, ' . PeriodParts::signed_sum( 'hire_seconds', $negative ) . ' AS total FROM %i WHERE job_id > 0 AND hires > 0 AND ' . $where . ' GROUP BY job_id', $table ), ARRAY_A );
		}
		$edges = PeriodParts::raw_condition( $parts, 'hired_at' );
		if ( null !== $edges ) {
			$table = Schema::table( 'applications' );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only edge condition from PeriodParts.
			$rows = array_merge( $rows, $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, COUNT(*) AS hires, SUM(hired_at - applied_at) AS total FROM %i WHERE ' . $edges . ' GROUP BY job_id', $table ), ARRAY_A ) );
		}
		$jobs = array();
		foreach ( $rows as $row ) {
			$job          = (int) $row['job_id'];
			$jobs[ $job ] = array( ( $jobs[ $job ][0] ?? 0 ) + (int) $row['hires'], ( $jobs[ $job ][1] ?? 0 ) + (int) $row['total'] );
		}
		return array_filter( $jobs, static fn( $job ) => $job[0] > 0 );
	}

	/**
	 * Minimum, median and maximum time to hire over H (queries 6 and 7), in seconds.
	 *
	 * @param ReportQuery $query Query.
	 * @param int         $hires Hires.
	 * @return array{min:int,median:array{0:int,1:int},max:int} median as [sum of the middle values, their count].
	 */
	private function spread( ReportQuery $query, int $hires ): array {
		$bins = $this->hire_day_bins( $query );
		if ( array_sum( $bins ) !== $hires ) {
			// Only if the data changed between two reads of this request: the next write bumps the cache.
			return $this->spread_in_order( $query, $hires );
		}

		$middle = intdiv( $hires - 1, 2 );
		$count  = 0 === $hires % 2 ? 2 : 1;
		$values = $this->nth( $query, $bins, array( array( 0, 1 ), array( $middle, $count ), array( $hires - 1, 1 ) ) );
		return array(
			'min'    => $values[0][0] ?? 0,
			'median' => array( array_sum( $values[1] ), max( 1, count( $values[1] ) ) ),
			'max'    => $values[2][0] ?? 0,
		);
	}

	/**
	 * How many hires of the period (of the job, or every job) took 0, 1, 2… whole days (ReportSummary::MAX_BIN and more
	 * in the last bin): report_hire_days for the whole UTC quarters, months, weeks and days, the partial days' hires
	 * grouped the same way.
	 *
	 * @param ReportQuery $query Query.
	 * @return array<int,int> Whole days => hires, ascending.
	 */
	public function hire_day_bins( ReportQuery $query ): array {
		return PieceReads::read( __METHOD__, $query, fn() => $this->read_hire_day_bins( $query ) );
	}

	/**
	 * The read itself (PieceReads keeps it during a network report's computation).
	 *
	 * @param ReportQuery $query The period and job.
	 */
	private function read_hire_day_bins( ReportQuery $query ): array {
		global $wpdb;
		$parts = array( PeriodParts::of( $query->start, $query->end ) );
		$bins  = array();

		$buckets = PeriodParts::coarse_buckets( $parts );
		if ( null !== $buckets ) {
			[ $where, $negative ] = $buckets;
			$table                = Schema::table( 'report_hire_days' );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only bucket conditions from PeriodParts, a constant column.
			foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT days, ' . PeriodParts::signed_sum( 'hires', $negative ) . ' AS n FROM %i WHERE job_id = %d AND ' . $where . ' GROUP BY days', $table, $query->job_id ?? 0 ), ARRAY_A ) as $row ) {
				if ( 0 !== (int) $row['n'] ) { // A bin of the days subtracted only.
					$bins[ (int) $row['days'] ] = ( $bins[ (int) $row['days'] ] ?? 0 ) + (int) $row['n'];
				}
			}
		}
		$edges = PeriodParts::raw_condition( $parts, 'hired_at' );
		if ( null !== $edges ) {
			$table = Schema::table( 'applications' );
			// Whole days without a division function: (s - s % 86400) / 86400 is exact on both databases.
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- integer-only edge condition from PeriodParts.
			foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT (hire_seconds - hire_seconds %% 86400) / 86400 AS days, COUNT(*) AS n FROM %i WHERE ' . $edges . ' AND (%d = 0 OR job_id = %d) GROUP BY days', $table, $query->job_id ?? 0, $query->job_id ?? 0 ), ARRAY_A ) as $row ) {
				$bin          = min( ReportSummary::MAX_BIN, (int) $row['days'] );
				$bins[ $bin ] = ( $bins[ $bin ] ?? 0 ) + (int) $row['n'];
			}
		}
		ksort( $bins );
		return $bins;
	}

	/**
	 * The shortest hire durations (seconds, ascending) of the period (of the job, or every job) within whole-day bins,
	 * packed as DURATION_BYTES each (unsigned, big-endian) in base64: what a site's kept part holds for a network median
	 * (median_of()). Packed, a hundred sites' reads are a third of the bytes they were as arrays, and they unserialize as
	 * one string each; base64 because a kept part is text in the database.
	 *
	 * @param ReportQuery $query Query.
	 * @param int         $first The first bin (whole days).
	 * @param int         $last  The last bin (ReportSummary::MAX_BIN: no upper bound).
	 * @param int         $limit Most durations.
	 */
	public function packed_durations( ReportQuery $query, int $first, int $last, int $limit ): string {
		global $wpdb;
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- bin_range() is prepared.
		$durations = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT hire_seconds FROM %i WHERE ' . self::bin_range( $query, $first, $last ) . ' ORDER BY hire_seconds LIMIT %d', Schema::table( 'applications' ), $limit ) ) );
		// bin_range() keeps hire_seconds >= 0; 32 bits hold 136 years of them.
		return base64_encode( $durations ? pack( 'N*', ...$durations ) : '' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- text for a kept part, see above.
	}

	/**
	 * The prepared condition on the period's hires (of the job, or every job) whose durations fall in whole-day bins.
	 *
	 * @param ReportQuery $query Query.
	 * @param int         $first The first bin.
	 * @param int|null    $last  The last bin (null or ReportSummary::MAX_BIN: no upper bound).
	 */
	private static function bin_range( ReportQuery $query, int $first, ?int $last ): string {
		global $wpdb;
		$where = ( null === $query->job_id ? '' : $wpdb->prepare( 'job_id = %d AND ', $query->job_id ) ) . $wpdb->prepare( 'hire_seconds >= %d AND hired_at >= %d AND hired_at < %d', $first * Rounding::DAY, $query->start, $query->end );
		if ( null !== $last && $last < ReportSummary::MAX_BIN ) {
			$where .= $wpdb->prepare( ' AND hire_seconds < %d', ( $last + 1 ) * Rounding::DAY );
		}
		return $where;
	}

	/**
	 * Hire durations (seconds, ascending) at given positions (0-based) of H's sorted durations, located
	 * with the histogram and read from the hire_duration index within their whole-day bins, in one
	 * query (a UNION ALL of one LIMIT/OFFSET read per position).
	 *
	 * @param ReportQuery                   $query     Query.
	 * @param array<int,int>                $bins      Whole days => hires, ascending.
	 * @param array<int,array{0:int,1:int}> $positions [position, count] pairs.
	 * @return array<int,int[]> per pair, the durations found.
	 */
	private function nth( ReportQuery $query, array $bins, array $positions ): array {
		global $wpdb;
		$table   = Schema::table( 'applications' );
		$selects = array();
		foreach ( $positions as $i => [ $position, $count ] ) {
			$before  = 0;
			$first   = null;
			$last    = null;
			$offset  = 0;
			$in_bins = 0; // The period's hires in the bins from $first to $last.
			foreach ( $bins as $days => $n ) {
				if ( null === $first && $position < $before + $n ) {
					$first  = $days;
					$offset = $position - $before;
				}
				if ( null !== $first ) {
					$in_bins += $n;
				}
				if ( null !== $first && $position + $count - 1 < $before + $n ) {
					$last = $days;
					break;
				}
				$before += $n;
			}
			if ( null === $first ) {
				continue;
			}
			// The read walks the bins' hires of every period (the index is by duration) up to the position: from the
			// nearer end of the bins, so it walks at most half of them (at 1,000,000 applications a median's day
			// holds about 10,000 hires).
			$from_end = $in_bins - $offset - $count;
			$order    = $from_end < $offset ? 'DESC' : 'ASC';
			$where    = self::bin_range( $query, $first, $last );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where is prepared just above, $order a constant.
			$selects[] = $wpdb->prepare( "SELECT %d AS position, hire_seconds FROM (SELECT hire_seconds FROM %i WHERE $where ORDER BY hire_seconds $order LIMIT %d OFFSET %d) AS %i", $i, $table, $count, min( $offset, $from_end ), 'p' . $i );
		}
		$values = array_fill_keys( array_keys( $positions ), array() );
		if ( $selects ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- each SELECT is prepared above.
			foreach ( $wpdb->get_results( implode( ' UNION ALL ', $selects ), ARRAY_A ) as $row ) {
				$values[ (int) $row['position'] ][] = (int) $row['hire_seconds'];
			}
		}
		foreach ( $values as &$found ) {
			sort( $found );
		}
		return $values;
	}

	/**
	 * Minimum, median and maximum over H read directly, when the histogram disagrees with the period's hires (the data
	 * changed between two reads of this request): three reads in one query, each walking the hires in order of time to
	 * hire (job_hire_duration for one job, hire_duration for all) and keeping those hired in the period.
	 *
	 * @param ReportQuery $query Query.
	 * @param int         $hires Hires.
	 * @return array{min:int,median:array{0:int,1:int},max:int}
	 */
	private function spread_in_order( ReportQuery $query, int $hires ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		// hire_seconds IS NOT NULL: the index's range starts after the job's applications without a hire (NULLs first).
		$where   = $wpdb->prepare( 'hire_seconds IS NOT NULL AND hired_at >= %d AND hired_at < %d', $query->start, $query->end ) . ( null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id ) );
		$reads   = array(
			'min'    => array( 'ASC', 1, 0 ),
			'median' => array( 'ASC', 0 === $hires % 2 ? 2 : 1, intdiv( $hires - 1, 2 ) ),
			'max'    => array( 'DESC', 1, 0 ),
		);
		$selects = array();
		foreach ( $reads as $name => [ $order, $limit, $offset ] ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where is prepared above, $order a constant.
			$selects[] = $wpdb->prepare( "SELECT %s AS part, hire_seconds FROM (SELECT hire_seconds FROM %i WHERE $where ORDER BY hire_seconds $order LIMIT %d OFFSET %d) AS %i", $name, $table, $limit, $offset, $name );
		}
		$values = array_fill_keys( array_keys( $reads ), array() );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- each SELECT is prepared above.
		foreach ( $wpdb->get_results( implode( ' UNION ALL ', $selects ), ARRAY_A ) as $row ) {
			$values[ $row['part'] ][] = (int) $row['hire_seconds'];
		}
		return array(
			'min'    => $values['min'][0] ?? 0,
			'median' => array( array_sum( $values['median'] ), max( 1, count( $values['median'] ) ) ),
			'max'    => $values['max'][0] ?? 0,
		);
	}

	/**
	 * SQL giving the index (into $months) of the month an instant column falls in, as nested CASEs that
	 * halve the months at each level: about log2(months) comparisons per row. Only integers.
	 *
	 * @param string                                           $column Column.
	 * @param array<int,array{month:string,start:int,end:int}> $months Contiguous months.
	 * @param int                                              $low    Low.
	 * @param int                                              $high   High.
	 */
	private static function month_case( string $column, array $months, int $low, int $high ): string {
		if ( $low >= $high ) {
			return (string) $low;
		}
		$middle = intdiv( $low + $high + 1, 2 );
		return sprintf(
			'(CASE WHEN %s < %d THEN %s ELSE %s END)',
			$column,
			(int) $months[ $middle ]['start'],
			self::month_case( $column, $months, $low, $middle - 1 ),
			self::month_case( $column, $months, $middle, $high )
		);
	}

	/**
	 * Average days to hire per job, most hires first.
	 *
	 * @param array<int,array{0:int,1:int}> $jobs job_id => [hires, total seconds].
	 * @return array<int,array{job_id:int,job_title:string,average_days:float,hires:int}>
	 */
	private function by_job( array $jobs ): array {
		if ( ! $jobs ) {
			return array();
		}
		$titles = JobTitles::of( array_keys( $jobs ) );
		$rows   = array();
		foreach ( $jobs as $job_id => [ $hires, $total ] ) {
			$rows[] = array(
				'job_id'       => $job_id,
				// A job deleted for good keeps its hires in the figures; its title is then unknown ('').
				'job_title'    => $titles[ $job_id ] ?? '',
				'average_days' => Rounding::mean_days( $total, $hires ),
				'hires'        => $hires,
			);
		}
		return NetworkMerge::jobs_by_count( $rows, array( self::class, 'hires' ) );
	}
}
