<?php
/**
 * The rounding rules of docs/reports.md#definitions, in exact integer arithmetic.
 *
 * A figure is a ratio of two non-negative integers (a count of applications, or a sum of seconds and a
 * number of days' seconds) rounded half up to a fixed number of decimals. Rounding the exact ratio
 * (instead of a float produced by a division) gives the same answer on every PHP version and database:
 * 0.15 days is 0.2, never 0.1 because 12960 / 86400 happens to be stored as 0.1499….
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * The rounding rules of docs/reports.md#definitions, in exact integer arithmetic.
 */
final class Rounding {

	public const DAY = 86400;

	/**
	 * Conversion rates: 4 decimals; 0 when the denominator is 0.
	 *
	 * @param int $numerator   Numerator.
	 * @param int $denominator Denominator.
	 */
	public static function rate( int $numerator, int $denominator ): float {
		return self::ratio( $numerator, $denominator, 10000 );
	}

	/**
	 * Mean of durations in days, 1 decimal: total seconds over a count; 0 when there is nothing to average.
	 *
	 * @param int $total_seconds Total seconds.
	 * @param int $count         Count.
	 */
	public static function mean_days( int $total_seconds, int $count ): float {
		return self::ratio( $total_seconds, $count * self::DAY, 10 );
	}

	/**
	 * A duration in days, 1 decimal.
	 *
	 * @param int $seconds Seconds.
	 */
	public static function days( int $seconds ): float {
		return self::ratio( $seconds, self::DAY, 10 );
	}

	/**
	 * The quotient numerator / denominator rounded half up to 1/scale (both non-negative); 0 when the denominator is 0.
	 * Integers stay below 2^63 for any realistic sum (2 × 10^13 seconds × 10,000 would not, and is not one).
	 *
	 * @param int $numerator   Numerator.
	 * @param int $denominator Denominator.
	 * @param int $scale       Scale.
	 */
	public static function ratio( int $numerator, int $denominator, int $scale ): float {
		if ( $denominator <= 0 ) {
			return 0.0;
		}
		$negative  = $numerator < 0;
		$numerator = abs( $numerator );
		$units     = intdiv( 2 * $numerator * $scale + $denominator, 2 * $denominator );
		return ( $negative ? -$units : $units ) / $scale;
	}
}
