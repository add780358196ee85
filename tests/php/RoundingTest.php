<?php
/**
 * docs/reports.md#definitions rounding: rates to 4 decimals, days to 1, half up, exact.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Reports\Rounding;

/**
 * Rounding.
 */
final class RoundingTest extends TestCase {

	/**
	 * Rates: 4 decimals, half up; 0 without a denominator.
	 */
	public function test_rate(): void {
		$this->assertSame( 0.3333, Rounding::rate( 1, 3 ) );
		$this->assertSame( 0.6667, Rounding::rate( 2, 3 ) );
		$this->assertSame( 0.0001, Rounding::rate( 1, 20000 ), 'exactly half rounds up' );
		$this->assertSame( 0.0, Rounding::rate( 1, 20001 ) );
		$this->assertSame( 1.0, Rounding::rate( 7, 7 ) );
		$this->assertSame( 0.0, Rounding::rate( 5, 0 ) );
	}

	/**
	 * Days: the exact ratio is rounded, so 0.15 days is 0.2 (a float division would give 0.1499…).
	 */
	public function test_days(): void {
		$this->assertSame( 0.2, Rounding::days( 12960 ) );
		$this->assertSame( 1.5, Rounding::days( 129600 ) );
		$this->assertSame( 0.0, Rounding::days( 4319 ) );
		$this->assertSame( 0.1, Rounding::days( 4320 ) );
	}

	/**
	 * Negative durations (time to fill can be negative) round symmetrically.
	 */
	public function test_negative(): void {
		$this->assertSame( -0.2, Rounding::days( -12960 ) );
		$this->assertSame( -1.5, Rounding::mean_days( -259200, 2 ) );
	}

	/**
	 * Means of durations: total seconds over a count; 0 when nothing to average.
	 */
	public function test_mean_days(): void {
		$this->assertSame( 2.5, Rounding::mean_days( 3 * 86400 + 2 * 86400, 2 ) );
		$this->assertSame( 0.0, Rounding::mean_days( 0, 0 ) );
		$this->assertSame( 10.3, Rounding::mean_days( 31 * 86400, 3 ) );
	}
}
