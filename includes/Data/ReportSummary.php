<?php
/**
 * Summary tables for the reports, maintained by every writer of applications (ApplicationWriter, the
 * importer, the benchmark seeder, migrations) in the same transaction as the rows they summarise, so
 * that a report reads a few hundred summary rows instead of every application in the period.
 *
 * Three tables (see Schema):
 * - report_buckets: per UTC month and per UTC day (span 1 = day, 2 = month), for each job and for all jobs
 *   (job_id 0), and per SPAN_WEEK, SPAN_QUARTER and SPAN_YEAR for each job (what by_job reads), the additive figures of
 *   docs/reports.md#definitions: applications applied in the bucket and how many of them reached each stage (the
 *   cohort), hires in the bucket (by hired_at) with the sum of their times to hire and, per consecutive stage pair,
 *   the sum and count of the times between entering the two stages.
 * - report_hire_days: per UTC day, month, SPAN_WEEK, SPAN_QUARTER and SPAN_YEAR, for each job and for all jobs (job_id 0), how
 *   many hires took N whole days (a histogram), so the median over any period is found without sorting every hire
 *   (TimeToHireReport).
 * - report_statuses: current status counts per job and for all jobs.
 * - report_sources: the cohort per source in the buckets of report_buckets: applications, how many of
 *   them have been hired and the sum of their times to hire (the sources report).
 * apply() also keeps the exits summary (ExitSummary) and the waiting summary (WaitingSummary, the only one that is
 * not a sum: its rows are rewritten).
 * The cohort figures of report_buckets include how many of the cohort are now at offer, rejected or
 * withdrawn (the funnel's outcomes): a status change moves the application between those counters.
 *
 * Only sums and counts live here, so a change is a delta: apply() takes the rows before and after a
 * write and adds the difference with INSERT … ON DUPLICATE KEY UPDATE x = x + VALUES(x) (atomic under
 * concurrent writers; translated to ON CONFLICT on SQLite). Periods in any timezone are assembled from
 * whole UTC months and days plus the partial days at their edges, read from the applications table
 * (Reports\PeriodParts). rebuild() recomputes everything from the applications table.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * Summary tables for the reports, maintained by every writer of applications (ApplicationWriter, the importer, the benchmark seeder, migrations) in the same transaction as the rows they summarise, so that a report reads a few hundred summary rows instead of every application in the period.
 */
final class ReportSummary {

	public const SPAN_DAY   = 1;
	public const SPAN_MONTH = 2;

	/**
	 * The third span of the per-job rows of report_buckets and report_exit_jobs, and of report_hire_days: the UTC
	 * month's days 1–7, 8–14, 15–21 and 22–28 (bucket: the first day's start; days 29–31 only as days). A period's
	 * days outside whole months are then read a week at a time, about a quarter of the day rows (at 1,000,000
	 * applications nearly every job has applications, hires and exits every day).
	 */
	public const SPAN_WEEK = 3;

	/** Days per week of SPAN_WEEK. */
	public const WEEK_DAYS = 7;

	/**
	 * The fourth span of the same rows: a UTC calendar quarter (bucket: its first month's start). A period's whole
	 * months are then read a quarter at a time where a quarter fits: a year's by_job in half the month rows.
	 */
	public const SPAN_QUARTER = 4;

	/**
	 * The fifth span of the same rows (since schema 17): a UTC calendar year (bucket: its January's start). A period's
	 * whole months are then read as a year, or a year less the months of it outside the period, where that is fewer rows
	 * (PeriodParts::coarse_buckets()): a default period's by_job reads two rows a job instead of six.
	 */
	public const SPAN_YEAR = 5;

	public const DAY = 86400;

	/** Hires that took this many days or more share the histogram's last bin. */
	public const MAX_BIN = 3650;

	/** The columns of an application row the summaries are computed from. */
	public const ROW_COLUMNS = array( 'id', 'job_id', 'source', 'status', 'max_stage', 'applied_at', 'screening_at', 'interview_at', 'offer_at', 'hired_at', 'status_since', 'exit_reason', 'reopen_status' );

	/** The cohort's reached(stage) counters: column => stage rank. */
	public const REACHED = array(
		'reached_screening' => 1,
		'reached_interview' => 2,
		'reached_offer'     => 3,
		'reached_hired'     => 4,
	);


	/** Every additive column of report_buckets. */
	public const MEASURES = array(
		'applied',
		'reached_screening',
		'reached_interview',
		'reached_offer',
		'reached_hired',
		'hires',
		'hire_seconds',
		'ns_seconds',
		'ns_hires',
		'si_seconds',
		'si_hires',
		'io_seconds',
		'io_hires',
		'oh_seconds',
		'oh_hires',
		'now_offer',
		'now_rejected',
		'now_withdrawn',
	);

	/** Current statuses counted per cohort bucket (the funnel's outcomes and offers still pending): status => column. */
	public const NOW = array(
		'offer'     => 'now_offer',
		'rejected'  => 'now_rejected',
		'withdrawn' => 'now_withdrawn',
	);

	/** The additive columns of report_sources. */
	public const SOURCE_MEASURES = array( 'applied', 'hires', 'hire_seconds' );

	/** Rows per upsert statement. */
	private const ROWS_PER_STATEMENT = 500;

	/**
	 * Most applications a schema upgrade rebuilds inside the web request that triggers it. A rebuild
	 * takes about 27 s per 100,000 applications on the native stack (PHP 8.2, MariaDB, a quiet 2-core machine,
	 * measured with schema 12's summaries; several times that on a busy shared host), so 10,000 (about 3 s) keeps
	 * it far inside PHP's default 30 s time limit; above it the upgrade leaves the rebuild to
	 * `wp recruiting summaries rebuild` and the admin sees a notice (Admin\SummariesNotice).
	 */
	public const REQUEST_REBUILD_LIMIT = 10000;

	/** Set (to the time) while the summaries wait for `wp recruiting summaries rebuild`. */
	public const STALE_OPTION = 'recruiting_reports_summaries_stale';

	/**
	 * The start of the earliest UTC day or month whose summary rows the last apply() changed (PHP_INT_MAX: none).
	 *
	 * @var int
	 */
	private static int $changed_since = PHP_INT_MAX;

	/**
	 * Day start => month start (memo).
	 *
	 * @var array<int,int>
	 */
	private static array $months = array();

	/**
	 * Adds the difference between application rows before and after a write to the summaries.
	 *
	 * @param array[] $before Rows as they were (ROW_COLUMNS; none for new applications).
	 * @param array[] $after  Rows as they are now (none for deleted applications).
	 * @return bool false when a statement failed (the caller rolls back).
	 */
	public static function apply( array $before, array $after ): bool {
		return self::apply_sums( $before, $after ) && WaitingSummary::apply( $before, $after );
	}

	/**
	 * apply() for the additive summaries (every one but the waiting summary, which rebuild() fills in one pass).
	 *
	 * @param array[] $before Rows as they were.
	 * @param array[] $after  Rows as they are now.
	 * @return bool false when a statement failed.
	 */
	private static function apply_sums( array $before, array $after ): bool {
		$buckets  = array();
		$bins     = array();
		$statuses = array();
		$sources  = array();
		foreach ( $before as $row ) {
			self::collect( $buckets, $bins, $statuses, $sources, $row, -1 );
		}
		foreach ( $after as $row ) {
			self::collect( $buckets, $bins, $statuses, $sources, $row, 1 );
		}
		self::$changed_since = self::earliest( $buckets, $bins, $sources );
		return self::write_buckets( $buckets ) && self::write_bins( $bins ) && self::write_statuses( $statuses ) && self::write_sources( $sources )
			&& ExitSummary::apply( $before, $after );
	}

	/**
	 * The start of the earliest UTC day or month whose figures the last apply() changed, PHP_INT_MAX when it changed
	 * none (a status change within one stage): what the report cache needs to know whether a closed period changed
	 * (Events::data_changed()). Current statuses (report_statuses) belong to no period.
	 */
	public static function changed_since(): int {
		return self::$changed_since;
	}

	/**
	 * The earliest bucket start among pending deltas that are not all zero.
	 *
	 * @param array<string,array<string,int>> $buckets "span|bucket|job" => measure => delta.
	 * @param array<string,int>               $bins    "span|bucket|job|days" => delta.
	 * @param array<string,array>             $sources "span|bucket|job|source key" => [source, applied, hires, seconds].
	 */
	private static function earliest( array $buckets, array $bins, array $sources ): int {
		$changed  = array_merge(
			array_keys( array_filter( $buckets, static fn( $measures ) => (bool) array_filter( $measures ) ) ),
			array_keys( array_filter( $bins ) ),
			array_keys( array_filter( $sources, static fn( $sums ) => 0 !== $sums[1] || 0 !== $sums[2] || 0 !== $sums[3] ) )
		);
		$earliest = PHP_INT_MAX;
		foreach ( $changed as $key ) {
			[ $span, $bucket ] = explode( '|', $key, 3 );
			// A job's year, quarter and week rows start before the changed day and month, which have rows of their own.
			if ( (int) $span <= self::SPAN_MONTH ) {
				$earliest = min( $earliest, (int) $bucket );
			}
		}
		return $earliest;
	}

	/**
	 * The summary-relevant columns of applications, for apply()'s $before (read before a write), locked until the
	 * caller's transaction ends (SELECT … FOR UPDATE on MySQL/MariaDB; WordPress's SQLite integration drops the
	 * clause, SQLite has one writer at a time): a plain read would see the transaction's snapshot, so a status change
	 * committed between it and the write would be counted twice, once by its own writer and once in this difference.
	 *
	 * @param int[] $ids Application ids.
	 * @return array[]
	 */
	public static function rows_for( array $ids ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		$rows  = array();
		foreach ( array_chunk( array_map( 'intval', $ids ), 1000 ) as $chunk ) {
			$found = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT ' . implode( ',', array_fill( 0, count( self::ROW_COLUMNS ), '%i' ) ) . ' FROM %i WHERE id IN (' . implode( ',', array_fill( 0, count( $chunk ), '%d' ) ) . ') FOR UPDATE',
					array_merge( self::ROW_COLUMNS, array( $table ), $chunk )
				),
				ARRAY_A
			);
			array_push( $rows, ...$found );
		}
		return $rows;
	}

	/**
	 * A schema upgrade's rebuild: done now when the site is small or the upgrade runs under WP-CLI;
	 * otherwise marked as pending for the operator, so that no web request runs for minutes.
	 */
	public static function rebuild_after_upgrade(): void {
		if ( ApplicationRepository::count() > self::REQUEST_REBUILD_LIMIT && ! ( defined( 'WP_CLI' ) && WP_CLI ) ) {
			update_option( self::STALE_OPTION, time(), false );
			return;
		}
		self::rebuild();
	}

	/**
	 * The SPAN_YEAR rows of the tables that have them (schema 17), added up from their SPAN_QUARTER rows, which hold the
	 * same figures four to a year: a read and a write of each table's quarter and year rows, one job at a time, instead
	 * of a rebuild of every summary. Year rows already there (a rebuild earlier in the same upgrade wrote them) are
	 * replaced by the same sums.
	 */
	public static function add_years(): void {
		global $wpdb;
		foreach ( array(
			'report_buckets'   => array( array( 'job_id' ), self::MEASURES ),
			'report_hire_days' => array( array( 'job_id', 'days' ), array( 'hires' ) ),
			'report_exit_jobs' => array( array( 'job_id' ), Pipeline::EXITS ),
		) as $name => [ $keys, $measures ] ) {
			$table   = Schema::table( $name );
			$columns = array_merge( array( 'bucket' ), $keys, $measures ); // Of a quarter row, as read.
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE span = %d', $table, self::SPAN_YEAR ) );
			foreach ( array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT job_id FROM %i WHERE span = %d', $table, self::SPAN_QUARTER ) ) ) as $job ) {
				$years = array();
				// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- one array of replacements (columns, table, span, job); the sniff cannot count array_merge().
				foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT ' . implode( ',', array_fill( 0, count( $columns ), '%i' ) ) . ' FROM %i WHERE span = %d AND job_id = %d', array_merge( $columns, array( $table, self::SPAN_QUARTER, $job ) ) ), ARRAY_A ) as $row ) {
					$year = array( self::SPAN_YEAR, self::year_start( (int) $row['bucket'] ) );
					foreach ( $keys as $key ) {
						$year[] = (int) $row[ $key ];
					}
					$id             = implode( '|', $year );
					$years[ $id ] ??= array_merge( $year, array_fill( 0, count( $measures ), 0 ) );
					foreach ( $measures as $i => $measure ) {
						$years[ $id ][ count( $year ) + $i ] += (int) $row[ $measure ];
					}
				}
				self::upsert( $name, array_merge( array( 'span', 'bucket' ), $keys, $measures ), $measures, $years );
			}
		}
	}

	/**
	 * Recomputes every summary from the applications table (migrations, repair, `wp recruiting summaries
	 * rebuild`), in chunks.
	 *
	 * @param int           $batch_size Applications read and applied per chunk.
	 * @param callable|null $progress   Called after each chunk with the number of applications it held.
	 */
	public static function rebuild( int $batch_size = 5000, ?callable $progress = null ): bool {
		global $wpdb;
		foreach ( array_merge( array( 'report_buckets', 'report_hire_days', 'report_statuses', 'report_sources' ), ExitSummary::TABLES ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', Schema::table( $name ) ) );
		}
		$table   = Schema::table( 'applications' );
		$last_id = 0;
		do {
			$rows = $wpdb->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- one array of replacements (columns, table, last id, batch size); the sniff cannot count array_merge().
				$wpdb->prepare(
					'SELECT ' . implode( ',', array_fill( 0, count( self::ROW_COLUMNS ), '%i' ) ) . ' FROM %i WHERE id > %d ORDER BY id LIMIT %d',
					array_merge( self::ROW_COLUMNS, array( $table, $last_id, max( 1, $batch_size ) ) )
				),
				ARRAY_A
			);
			if ( ! $rows ) {
				// The activity summary is computed from the history, notes and ratings, not from these rows; the waiting
				// summary from the open applications, each of its rows written once (apply() per chunk would rewrite
				// them all every chunk).
				if ( ! ActivitySummary::rebuild() || ! WaitingSummary::rebuild( $batch_size ) ) {
					return false;
				}
				delete_option( self::STALE_OPTION );
				return true;
			}
			if ( ! self::apply_sums( array(), $rows ) ) {
				return false;
			}
			if ( $progress ) {
				$progress( count( $rows ) );
			}
			$last_id = (int) end( $rows )['id'];
		} while ( true );
	}

	/**
	 * Start (unix seconds) of the UTC day of an instant.
	 *
	 * @param int $time Time.
	 */
	public static function day_start( int $time ): int {
		return intdiv( $time, self::DAY ) * self::DAY - ( $time < 0 && 0 !== $time % self::DAY ? self::DAY : 0 );
	}

	/**
	 * Start (unix seconds) of the UTC month of an instant.
	 *
	 * @param int $time Time.
	 */
	public static function month_start( int $time ): int {
		$day = self::day_start( $time );
		if ( ! isset( self::$months[ $day ] ) ) {
			if ( count( self::$months ) > 20000 ) {
				self::$months = array();
			}
			self::$months[ $day ] = (int) gmmktime( 0, 0, 0, (int) gmdate( 'n', $day ), 1, (int) gmdate( 'Y', $day ) );
		}
		return self::$months[ $day ];
	}

	/**
	 * Start of the UTC month after the one starting at $month_start.
	 *
	 * @param int $month_start Month start.
	 */
	public static function next_month( int $month_start ): int {
		return (int) gmmktime( 0, 0, 0, (int) gmdate( 'n', $month_start ) + 1, 1, (int) gmdate( 'Y', $month_start ) );
	}

	/**
	 * The start of the SPAN_WEEK bucket of a UTC day; null for the days 29–31 of a month.
	 *
	 * @param int $day A UTC day's start.
	 */
	public static function week_start( int $day ): ?int {
		$day_of_month = (int) gmdate( 'j', $day );
		return $day_of_month > 4 * self::WEEK_DAYS ? null : $day - ( ( $day_of_month - 1 ) % self::WEEK_DAYS ) * self::DAY;
	}

	/**
	 * The start of the UTC quarter of a UTC month.
	 *
	 * @param int $month A UTC month's start.
	 */
	public static function quarter_start( int $month ): int {
		return (int) gmmktime( 0, 0, 0, 1 + 3 * intdiv( (int) gmdate( 'n', $month ) - 1, 3 ), 1, (int) gmdate( 'Y', $month ) );
	}

	/**
	 * The start of the UTC year of a UTC month.
	 *
	 * @param int $month A UTC month's start.
	 */
	public static function year_start( int $month ): int {
		return (int) gmmktime( 0, 0, 0, 1, 1, (int) gmdate( 'Y', $month ) );
	}

	/**
	 * The SPAN_YEAR, SPAN_QUARTER and SPAN_WEEK buckets of an instant (no week for the days 29–31 of a month): the coarse
	 * rows a change at that instant also goes to (PeriodParts::coarse_buckets() reads them).
	 *
	 * @param int $time Time.
	 * @return array<int,int> Span => bucket start.
	 */
	public static function coarse_buckets( int $time ): array {
		$month   = self::month_start( $time );
		$buckets = array(
			self::SPAN_YEAR    => self::year_start( $month ),
			self::SPAN_QUARTER => self::quarter_start( $month ),
		);
		$week    = self::week_start( self::day_start( $time ) );
		if ( null !== $week ) {
			$buckets[ self::SPAN_WEEK ] = $week;
		}
		return $buckets;
	}

	/**
	 * Splits whole UTC months into the quarters they complete and the months left.
	 *
	 * @param int[] $months Month starts (PeriodParts::$months).
	 * @return array{0:int[],1:int[]} Quarter starts, and the months outside them.
	 */
	public static function quarters( array $months ): array {
		$by_quarter = array();
		foreach ( $months as $month ) {
			$by_quarter[ self::quarter_start( $month ) ][] = $month;
		}
		$quarters = array();
		$rest     = array();
		foreach ( $by_quarter as $quarter => $in_quarter ) {
			if ( 3 === count( $in_quarter ) ) {
				$quarters[] = $quarter;
			} else {
				array_push( $rest, ...$in_quarter );
			}
		}
		return array( $quarters, $rest );
	}

	/**
	 * Splits ranges of whole UTC days into the SPAN_WEEK buckets inside them and the days left.
	 *
	 * @param array<int,array{0:int,1:int}> $days [first day start, end) ranges (PeriodParts::$days).
	 * @return array{0:int[],1:array<int,array{0:int,1:int}>} Week starts, and the ranges of days outside them.
	 */
	public static function weeks( array $days ): array {
		$weeks = array();
		$rest  = array();
		foreach ( $days as [ $from, $to ] ) {
			$day = $from;
			while ( $day < $to ) {
				$week_end = $day + self::WEEK_DAYS * self::DAY;
				if ( self::week_start( $day ) === $day && $week_end <= $to ) {
					$weeks[] = $day;
					$day     = $week_end;
					continue;
				}
				$last = count( $rest ) - 1;
				if ( $last >= 0 && $rest[ $last ][1] === $day ) {
					$rest[ $last ][1] += self::DAY; // The day after the range before it.
				} else {
					$rest[] = array( $day, $day + self::DAY );
				}
				$day += self::DAY;
			}
		}
		return array( $weeks, $rest );
	}

	/**
	 * The histogram bin of a time to hire: whole days, capped.
	 *
	 * @param int $seconds Seconds.
	 */
	public static function bin( int $seconds ): int {
		return min( self::MAX_BIN, intdiv( max( 0, $seconds ), self::DAY ) );
	}

	/**
	 * Adds one row's contributions, times $sign, to the pending deltas.
	 *
	 * @param array<string,array<string,int>> $buckets  "span|bucket|job" => measure => delta.
	 * @param array<string,int>               $bins     "span|bucket|job|days" => delta.
	 * @param array<string,int>               $statuses "job|status" => delta.
	 * @param array<string,array>             $sources  "span|bucket|job|source key" => [source, measure => delta].
	 * @param array                           $row      Row.
	 * @param int                             $sign     Sign.
	 */
	private static function collect( array &$buckets, array &$bins, array &$statuses, array &$sources, array $row, int $sign ): void {
		$job = (int) $row['job_id'];
		foreach ( array( $job, 0 ) as $scope ) {
			$key              = $scope . '|' . $row['status'];
			$statuses[ $key ] = ( $statuses[ $key ] ?? 0 ) + $sign;
		}

		$applied = (int) $row['applied_at'];
		$cohort  = array( 'applied' => $sign );
		foreach ( self::REACHED as $column => $rank ) {
			if ( (int) $row['max_stage'] >= $rank ) {
				$cohort[ $column ] = $sign;
			}
		}
		if ( isset( self::NOW[ $row['status'] ] ) ) {
			$cohort[ self::NOW[ $row['status'] ] ] = $sign;
		}
		self::add( $buckets, $applied, $job, $cohort );

		// Rows written before the source existed (the benchmark seeder's) came in directly.
		$source = (string) ( $row['source'] ?? Source::DIRECT );
		$hired  = null === $row['hired_at'] ? null : (int) $row['hired_at'] - $applied;
		foreach ( self::keys( $applied, $job ) as $key ) {
			$key                = $key . '|' . md5( $source );
			$sources[ $key ][0] = $source;
			$sources[ $key ][1] = ( $sources[ $key ][1] ?? 0 ) + $sign;
			$sources[ $key ][2] = ( $sources[ $key ][2] ?? 0 ) + ( null === $hired ? 0 : $sign );
			$sources[ $key ][3] = ( $sources[ $key ][3] ?? 0 ) + ( null === $hired ? 0 : $sign * $hired );
		}

		if ( null === $row['hired_at'] ) {
			return;
		}
		$hired   = (int) $row['hired_at'];
		$seconds = $hired - $applied;
		$hire    = array(
			'hires'        => $sign,
			'hire_seconds' => $sign * $seconds,
		);
		foreach ( Pipeline::STEPS as [ $prefix, $from_stage, $to_stage ] ) {
			$from = Pipeline::entered_column( $from_stage );
			$to   = Pipeline::entered_column( $to_stage );
			if ( null !== $row[ $from ] && null !== $row[ $to ] ) {
				$hire[ $prefix . '_seconds' ] = $sign * ( (int) $row[ $to ] - (int) $row[ $from ] );
				$hire[ $prefix . '_hires' ]   = $sign;
			}
		}
		self::add( $buckets, $hired, $job, $hire );
		// The histogram has year, quarter and week rows too, like the per-job rows, for the job and for all jobs.
		foreach ( array(
			self::SPAN_DAY   => self::day_start( $hired ),
			self::SPAN_MONTH => self::month_start( $hired ),
		) + self::coarse_buckets( $hired ) as $span => $bucket ) {
			foreach ( array( $job, 0 ) as $scope ) {
				$key          = $span . '|' . $bucket . '|' . $scope . '|' . self::bin( $seconds );
				$bins[ $key ] = ( $bins[ $key ] ?? 0 ) + $sign;
			}
		}
	}

	/**
	 * Adds measures to the buckets of an instant: its UTC month and its UTC day, for the job and for all jobs. The
	 * job's day rows let a one-job report read a period's whole days outside whole months from the summaries too
	 * (before schema 11 it read them from the applications table, a month of the job's rows at each end of a
	 * default period: most of a one-job report's time at 1,000,000 applications).
	 *
	 * @param array $buckets  Buckets.
	 * @param int   $time     Time.
	 * @param int   $job      Job.
	 * @param array $measures Measures.
	 */
	private static function add( array &$buckets, int $time, int $job, array $measures ): void {
		$keys = self::keys( $time, $job );
		if ( 0 !== $job ) {
			// The job's year, quarter and week too (by_job reads them).
			foreach ( self::coarse_buckets( $time ) as $span => $bucket ) {
				$keys[] = $span . '|' . $bucket . '|' . $job;
			}
		}
		foreach ( $keys as $key ) {
			foreach ( $measures as $measure => $delta ) {
				$buckets[ $key ][ $measure ] = ( $buckets[ $key ][ $measure ] ?? 0 ) + $delta;
			}
		}
	}

	/**
	 * The "span|bucket|job" keys of an instant's buckets (see add()).
	 *
	 * @param int $time Time.
	 * @param int $job  Job.
	 */
	private static function keys( int $time, int $job ): array {
		$month = self::month_start( $time );
		$day   = self::day_start( $time );
		return array(
			self::SPAN_MONTH . '|' . $month . '|' . $job,
			self::SPAN_MONTH . '|' . $month . '|0',
			self::SPAN_DAY . '|' . $day . '|' . $job,
			self::SPAN_DAY . '|' . $day . '|0',
		);
	}

	/**
	 * Adds bucket deltas.
	 *
	 * @param array $buckets Buckets.
	 */
	private static function write_buckets( array $buckets ): bool {
		$rows = array();
		foreach ( $buckets as $key => $measures ) {
			if ( ! array_filter( $measures ) ) {
				continue; // Nothing changed in this bucket (for example a status change within one stage).
			}
			$row = array_map( 'intval', explode( '|', $key ) );
			foreach ( self::MEASURES as $measure ) {
				$row[] = $measures[ $measure ] ?? 0;
			}
			$rows[ $key ] = $row;
		}
		return self::upsert( 'report_buckets', array_merge( array( 'span', 'bucket', 'job_id' ), self::MEASURES ), self::MEASURES, $rows );
	}

	/**
	 * Adds hire-day histogram deltas.
	 *
	 * @param array $bins Bins.
	 */
	private static function write_bins( array $bins ): bool {
		$rows = array();
		foreach ( array_filter( $bins ) as $key => $delta ) {
			$rows[ $key ] = array_merge( array_map( 'intval', explode( '|', $key ) ), array( $delta ) );
		}
		return self::upsert( 'report_hire_days', array( 'span', 'bucket', 'job_id', 'days', 'hires' ), array( 'hires' ), $rows );
	}

	/**
	 * Adds per-status count deltas.
	 *
	 * @param array $statuses Statuses.
	 */
	private static function write_statuses( array $statuses ): bool {
		$rows = array();
		foreach ( array_filter( $statuses ) as $key => $delta ) {
			[ $job, $status ] = explode( '|', $key, 2 );
			$rows[ $key ]     = array( (int) $job, (string) $status, $delta );
		}
		return self::upsert( 'report_statuses', array( 'job_id', 'status', 'applications' ), array( 'applications' ), $rows );
	}

	/**
	 * Adds per-source count deltas.
	 *
	 * @param array $sources Sources.
	 */
	private static function write_sources( array $sources ): bool {
		$rows = array();
		foreach ( $sources as $key => [ $source, $applied, $hires, $seconds ] ) {
			if ( 0 === $applied && 0 === $hires && 0 === $seconds ) {
				continue; // A status change that did not touch a hire: nothing to add.
			}
			[ $span, $bucket, $job, $source_key ] = explode( '|', $key );
			$rows[ $key ]                         = array( (int) $span, (int) $bucket, (int) $job, $source_key, $source, $applied, $hires, $seconds );
		}
		return self::upsert( 'report_sources', array_merge( array( 'span', 'bucket', 'job_id', 'source_key', 'source' ), self::SOURCE_MEASURES ), self::SOURCE_MEASURES, $rows );
	}

	/**
	 * INSERT … ON DUPLICATE KEY UPDATE column = column + VALUES(column), in key order (so concurrent
	 * writers lock shared rows in the same order).
	 *
	 * @param string              $name    Name.
	 * @param array               $columns Columns.
	 * @param array               $added   Added.
	 * @param array<string,array> $rows    Key => values in $columns order (integers, or strings: status names, sources).
	 */
	public static function upsert( string $name, array $columns, array $added, array $rows ): bool {
		global $wpdb;
		if ( ! $rows ) {
			return true;
		}
		ksort( $rows, SORT_STRING );
		$table  = Schema::table( $name );
		$sqlite = DirectSqlite::connection();
		if ( null !== $sqlite ) {
			return DirectSqlite::insert( $sqlite, $table, $columns, array_values( $rows ), Schema::primary_key( $name ), array_fill_keys( $added, DirectSqlite::ADD ) );
		}
		$into = 'INSERT INTO %i (' . implode( ',', array_fill( 0, count( $columns ), '%i' ) ) . ') VALUES ';
		// column = column + VALUES(column) for each added column: three identifiers each.
		$update      = ' ON DUPLICATE KEY UPDATE ' . implode( ', ', array_fill( 0, count( $added ), '%i = %i + VALUES(%i)' ) );
		$update_args = array();
		foreach ( $added as $column ) {
			array_push( $update_args, $column, $column, $column );
		}
		foreach ( array_chunk( $rows, self::ROWS_PER_STATEMENT ) as $chunk ) {
			$tuples = array();
			$args   = array_merge( array( $table ), $columns );
			foreach ( $chunk as $row ) {
				$tuples[] = '(' . implode( ',', array_map( static fn( $value ) => is_int( $value ) ? '%d' : '%s', $row ) ) . ')';
				array_push( $args, ...array_values( $row ) );
			}
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- built above from placeholders only, for a variable number of rows and columns.
			if ( false === $wpdb->query( $wpdb->prepare( $into . implode( ',', $tuples ) . $update, array_merge( $args, $update_args ) ) ) ) {
				return false;
			}
		}
		return true;
	}
}
