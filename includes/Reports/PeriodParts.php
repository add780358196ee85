<?php
/**
 * Splits a UTC interval [from, to) — a period or one month of a period, in whatever timezone it was
 * resolved — into the pieces the summary tables can answer and the rest:
 *
 * - whole UTC months inside it (report_buckets / report_hire_days / report_sources rows of span 2),
 * - whole UTC days inside it but outside those months (rows of span 1),
 * - at most two partial UTC days at its ends ("raw": read from the applications table by time range,
 *   through the indexes on applied_at / hired_at; under a day of data each). A reader that cannot use day
 *   rows (the careers report's per-job rows for all jobs, which have none) reads the whole days outside whole
 *   months raw as well.
 *
 * The pieces are disjoint and cover [from, to) exactly, so sums and counts over them add up to the sums
 * and counts over the interval, in any timezone: midnights at half-hour offsets or on DST days only
 * move instants between "whole day" and "raw".
 *
 * An interval that ends in the future (a period ending today) is read to the end of its last UTC month: nothing is
 * stored after now (writers stamp their own clock; imports refuse future instants, Import\ImportValidator), so the
 * current month is one month row instead of a row per day so far and a partial day (docs/reports.md#summaries).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ReportSummary;

defined( 'ABSPATH' ) || exit;

/**
 * Splits a UTC interval [from, to) — a period or one month of a period, in whatever timezone it was resolved — into the pieces the summary tables can answer and the rest.
 */
final class PeriodParts {

	/**
	 * Starts of whole UTC months.
	 *
	 * @var int[]
	 */
	public array $months = array();

	/**
	 * [first day start, end) ranges of whole UTC days.
	 *
	 * @var array<int,array{0:int,1:int}>
	 */
	public array $days = array();

	/**
	 * [from, to) instants of partial days.
	 *
	 * @var array<int,array{0:int,1:int}>
	 */
	public array $raw = array();

	/**
	 * No instant after this is stored (of()'s $stored_until): a UTC month starting later has no summary rows, so a
	 * year's row less its other months need not subtract it (coarse_buckets()).
	 *
	 * @var int
	 */
	public int $stored_until = PHP_INT_MAX;

	/**
	 * How far (seconds) another web node's clock may run ahead of this one's: an interval must end this long after now
	 * before its tail counts as empty.
	 */
	public const CLOCK_SKEW = 3600;

	/**
	 * Splits [from, to) into whole months, whole days and the partial-day rest.
	 *
	 * @param int      $from         From.
	 * @param int      $to           To.
	 * @param bool     $days         Whether the reader uses day rows; without them the whole days outside whole
	 *                               months are read from the applications table too.
	 * @param int|null $stored_until No instant after this is stored (default: now plus CLOCK_SKEW); an interval
	 *                               ending later is extended to the end of its UTC month.
	 */
	public static function of( int $from, int $to, bool $days = true, ?int $stored_until = null ): self {
		$parts               = new self();
		$parts->stored_until = $stored_until ?? time() + self::CLOCK_SKEW;
		if ( $from >= $to ) {
			return $parts;
		}
		if ( $to > $parts->stored_until && ReportSummary::month_start( $to ) < $to ) {
			$to = ReportSummary::next_month( ReportSummary::month_start( $to ) );
		}
		$first_day = ReportSummary::day_start( $from );
		$first_day = $first_day < $from ? $first_day + ReportSummary::DAY : $first_day; // First whole day.
		$end_day   = ReportSummary::day_start( $to ); // Whole days end here.
		if ( $first_day >= $end_day ) {
			$parts->raw[] = array( $from, $to );
			return $parts;
		}
		if ( $from < $first_day ) {
			$parts->raw[] = array( $from, $first_day );
		}
		if ( $end_day < $to ) {
			$parts->raw[] = array( $end_day, $to );
		}

		$month = ReportSummary::month_start( $first_day );
		$month = $month < $first_day ? ReportSummary::next_month( $month ) : $month; // First whole month.
		$day   = $first_day;
		while ( ReportSummary::next_month( $month ) <= $end_day ) {
			if ( $day < $month ) {
				$parts->days[] = array( $day, $month );
			}
			$parts->months[] = $month;
			$month           = ReportSummary::next_month( $month );
			$day             = $month;
		}
		if ( $day < $end_day ) {
			$parts->days[] = array( $day, $end_day );
		}
		if ( ! $days ) {
			// Fold the day ranges into the raw ranges next to them.
			$ranges      = array_merge( $parts->raw, $parts->days );
			$parts->days = array();
			sort( $ranges );
			$parts->raw = array();
			foreach ( $ranges as [ $start, $end ] ) {
				$last = count( $parts->raw ) - 1;
				if ( $last >= 0 && $parts->raw[ $last ][1] === $start ) {
					$parts->raw[ $last ][1] = $end;
				} else {
					$parts->raw[] = array( $start, $end );
				}
			}
		}
		return $parts;
	}

	/**
	 * SQL condition selecting the summary rows of the whole months and days (columns span, bucket);
	 * null when there are none. Integers only.
	 *
	 * @param self[] $all Parts to combine.
	 */
	public static function bucket_condition( array $all ): ?string {
		$months = array();
		$days   = array();
		foreach ( $all as $parts ) {
			array_push( $months, ...$parts->months );
			foreach ( $parts->days as [ $from, $to ] ) {
				$days[] = sprintf( '(bucket >= %d AND bucket < %d)', $from, $to );
			}
		}
		$conditions = array();
		if ( $months ) {
			$conditions[] = sprintf( '(span = %d AND bucket IN (%s))', ReportSummary::SPAN_MONTH, implode( ',', array_map( 'intval', $months ) ) );
		}
		if ( $days ) {
			$conditions[] = sprintf( '(span = %d AND (%s))', ReportSummary::SPAN_DAY, implode( ' OR ', $days ) );
		}
		return $conditions ? '(' . implode( ' OR ', $conditions ) . ')' : null;
	}

	/**
	 * The summary rows of the whole months and days (bucket_condition()) in the tables that also have year, quarter and
	 * week spans (the per-job rows of report_buckets and report_exit_jobs, and report_hire_days; ReportSummary::
	 * coarse_buckets()): the whole months of a year as the year's row less its other months where that is fewer rows
	 * (years()), else a quarter at a time where a quarter fits (ReportSummary::quarters()); the whole days a week at a
	 * time where a week fits (ReportSummary::weeks()); the rest as months and days. A month's whole days are read as the
	 * month's row less the rows of its other days when that is fewer rows: a period from the 4th of a month (the
	 * comparison of a default period) reads the month less three days, 4 rows a job, instead of three weeks and seven
	 * days, 10. A default period (twelve months to today) reads two rows a job: its first month, and the year to date
	 * (the year's later months hold nothing yet). Sums over the rows are signed_sum()s. Integers only.
	 *
	 * @param self[] $all Parts to combine.
	 * @return array{0:string,1:string|null}|null [the rows' condition, the condition of those subtracted (null: none)];
	 *                                            null when there are none.
	 */
	public static function coarse_buckets( array $all ): ?array {
		$months       = array();
		$added        = array(); // Day ranges read as they are.
		$subtracted   = array(); // Day ranges subtracted from their month's row.
		$stored_until = PHP_INT_MAX;
		foreach ( $all as $parts ) {
			array_push( $months, ...$parts->months );
			$stored_until = min( $stored_until, $parts->stored_until );
			foreach ( self::within_months( $parts->days ) as [ $from, $to ] ) {
				$month  = ReportSummary::month_start( $from );
				$others = array_filter( array( array( $month, $from ), array( $to, ReportSummary::next_month( $month ) ) ), static fn( array $range ) => $range[0] < $range[1] );
				if ( 1 + self::rows( $others ) < self::rows( array( array( $from, $to ) ) ) ) {
					$months[] = $month;
					array_push( $subtracted, ...$others );
				} else {
					$added[] = array( $from, $to );
				}
			}
		}
		[ $years, $months, $other_months ] = self::years( $months, $stored_until );

		$negative   = self::coarse_condition( array(), $other_months, $subtracted );
		$conditions = array_filter( array( self::coarse_condition( $years, $months, $added ), $negative ) );
		return $conditions ? array( '(' . implode( ' OR ', $conditions ) . ')', $negative ) : null;
	}

	/**
	 * The years whose row, less the rows of its months outside $months, is fewer rows than their months in $months a
	 * quarter at a time where a quarter fits. A month starting after $stored_until holds nothing, so it is never
	 * subtracted.
	 *
	 * @param int[] $months       Month starts.
	 * @param int   $stored_until No instant after this is stored.
	 * @return array{0:int[],1:int[],2:int[]} The years' starts, the months outside them, and the months to subtract.
	 */
	private static function years( array $months, int $stored_until ): array {
		$by_year = array();
		foreach ( array_unique( $months ) as $month ) {
			$by_year[ ReportSummary::year_start( $month ) ][] = $month;
		}
		$years = array();
		$rest  = array();
		$other = array();
		foreach ( $by_year as $year => $in_year ) {
			$outside = array();
			$month   = $year;
			while ( ReportSummary::year_start( $month ) === $year && $month <= $stored_until ) {
				if ( ! in_array( $month, $in_year, true ) ) {
					$outside[] = $month;
				}
				$month = ReportSummary::next_month( $month );
			}
			if ( 1 + self::month_rows( $outside ) < self::month_rows( $in_year ) ) {
				$years[] = $year;
				array_push( $other, ...$outside );
			} else {
				array_push( $rest, ...$in_year );
			}
		}
		return array( $years, $rest, $other );
	}

	/**
	 * How many quarter and month rows whole UTC months are read in (a quarter at a time where a quarter fits).
	 *
	 * @param int[] $months Month starts.
	 */
	private static function month_rows( array $months ): int {
		[ $quarters, $rest ] = ReportSummary::quarters( $months );
		return count( $quarters ) + count( $rest );
	}

	/**
	 * The SUM() of a column over coarse_buckets()' rows: those of its second condition subtracted.
	 *
	 * @param string      $column   A column (a constant of the caller's).
	 * @param string|null $negative coarse_buckets()' second condition.
	 */
	public static function signed_sum( string $column, ?string $negative ): string {
		return null === $negative ? "SUM($column)" : "SUM(CASE WHEN $negative THEN -$column ELSE $column END)";
	}

	/**
	 * The condition on the rows of whole UTC years, months and day ranges: the months a quarter at a time and the days a
	 * week at a time where they fit, the rest as bucket_condition() reads them; null for none.
	 *
	 * @param int[]                         $years  Year starts.
	 * @param int[]                         $months Month starts.
	 * @param array<int,array{0:int,1:int}> $days   [first day start, end) ranges of whole days.
	 */
	private static function coarse_condition( array $years, array $months, array $days ): ?string {
		$rest                        = new self();
		[ $quarters, $rest->months ] = ReportSummary::quarters( $months );
		[ $weeks, $rest->days ]      = ReportSummary::weeks( $days );
		$conditions                  = array();
		foreach ( array(
			ReportSummary::SPAN_YEAR    => $years,
			ReportSummary::SPAN_QUARTER => $quarters,
			ReportSummary::SPAN_WEEK    => $weeks,
		) as $span => $buckets ) {
			if ( $buckets ) {
				$conditions[] = sprintf( '(span = %d AND bucket IN (%s))', $span, implode( ',', array_map( 'intval', $buckets ) ) );
			}
		}
		$conditions[] = self::bucket_condition( array( $rest ) );
		$conditions   = array_filter( $conditions );
		return $conditions ? '(' . implode( ' OR ', $conditions ) . ')' : null;
	}

	/**
	 * How many week and day rows whole UTC day ranges are read in (a week at a time where a week fits).
	 *
	 * @param array<int,array{0:int,1:int}> $ranges [first day start, end) ranges.
	 */
	private static function rows( array $ranges ): int {
		[ $weeks, $days ] = ReportSummary::weeks( $ranges );
		return count( $weeks ) + array_sum( array_map( static fn( array $range ) => intdiv( $range[1] - $range[0], ReportSummary::DAY ), $days ) );
	}

	/**
	 * Whole UTC day ranges cut at the months' starts, so that each lies in one month.
	 *
	 * @param array<int,array{0:int,1:int}> $ranges [first day start, end) ranges.
	 * @return array<int,array{0:int,1:int}>
	 */
	private static function within_months( array $ranges ): array {
		$cut = array();
		foreach ( $ranges as [ $from, $to ] ) {
			while ( $from < $to ) {
				$end   = min( $to, ReportSummary::next_month( ReportSummary::month_start( $from ) ) );
				$cut[] = array( $from, $end );
				$from  = $end;
			}
		}
		return $cut;
	}

	/**
	 * SQL condition selecting the partial days on an instant column; null when there are none.
	 *
	 * @param self[] $all    Parts to combine.
	 * @param string $column applied_at or hired_at.
	 */
	public static function raw_condition( array $all, string $column ): ?string {
		$ranges = array();
		foreach ( $all as $parts ) {
			foreach ( $parts->raw as [ $from, $to ] ) {
				$ranges[] = sprintf( '(%1$s >= %2$d AND %1$s < %3$d)', $column, $from, $to );
			}
		}
		return $ranges ? '(' . implode( ' OR ', $ranges ) . ')' : null;
	}
}
