<?php
/**
 * The summaries' weeks (span 3 of the per-job rows of report_buckets and report_exit_jobs, and of report_hire_days):
 * the days 1–7, 8–14, 15–21 and 22–28 of a UTC month; a range of whole days splits into the weeks inside it and the
 * days left, which together cover it exactly. Their quarters (span 4): whole months split into the calendar quarters
 * they complete and the months left. An instant's coarse buckets are its quarter and, but on days 29–31, its week.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Data\ReportSummary;

/**
 * Summary spans.
 */
final class SummarySpansTest extends TestCase {

	/**
	 * A UTC day's start.
	 *
	 * @param int $month Month.
	 * @param int $day   Day of the month.
	 * @param int $year  Year.
	 */
	private static function day( int $month, int $day, int $year = 2026 ): int {
		return (int) gmmktime( 0, 0, 0, $month, $day, $year );
	}

	/** The year, quarter and week of instants in the middle of a day, on a week's last day, on the 31st and at a year's start. */
	public function test_coarse_buckets(): void {
		$this->assertSame(
			array(
				ReportSummary::SPAN_YEAR    => self::day( 1, 1 ),
				ReportSummary::SPAN_QUARTER => self::day( 4, 1 ),
				ReportSummary::SPAN_WEEK    => self::day( 5, 8 ),
			),
			ReportSummary::coarse_buckets( self::day( 5, 14 ) + 86399 )
		);
		$this->assertSame(
			array(
				ReportSummary::SPAN_YEAR    => self::day( 1, 1 ),
				ReportSummary::SPAN_QUARTER => self::day( 10, 1 ),
			),
			ReportSummary::coarse_buckets( self::day( 12, 31 ) + 43200 )
		);
		$this->assertSame(
			array(
				ReportSummary::SPAN_YEAR    => self::day( 1, 1, 2027 ),
				ReportSummary::SPAN_QUARTER => self::day( 1, 1, 2027 ),
				ReportSummary::SPAN_WEEK    => self::day( 1, 1, 2027 ),
			),
			ReportSummary::coarse_buckets( self::day( 1, 1, 2027 ) )
		);
		$this->assertSame( self::day( 1, 1, 2028 ), ReportSummary::year_start( self::day( 12, 1, 2028 ) ) );
	}

	/** Every day of a leap February and of a 31-day month belongs to the week of its first seven-day step, or none. */
	public function test_week_start(): void {
		$this->assertSame( self::day( 2, 1, 2028 ), ReportSummary::week_start( self::day( 2, 7, 2028 ) ) );
		$this->assertSame( self::day( 2, 8, 2028 ), ReportSummary::week_start( self::day( 2, 8, 2028 ) ) );
		$this->assertSame( self::day( 2, 22, 2028 ), ReportSummary::week_start( self::day( 2, 28, 2028 ) ) );
		$this->assertNull( ReportSummary::week_start( self::day( 2, 29, 2028 ) ) );
		$this->assertSame( self::day( 12, 15 ), ReportSummary::week_start( self::day( 12, 21 ) ) );
		$this->assertNull( ReportSummary::week_start( self::day( 12, 31 ) ) );
	}

	/** A default period's days: 1–25 November (three weeks, four days); a compare period's: 5–31 December. */
	public function test_weeks_of_day_ranges(): void {
		$this->assertSame(
			array(
				array( self::day( 11, 1 ), self::day( 11, 8 ), self::day( 11, 15 ) ),
				array( array( self::day( 11, 22 ), self::day( 11, 26 ) ) ),
			),
			ReportSummary::weeks( array( array( self::day( 11, 1 ), self::day( 11, 26 ) ) ) )
		);
		$this->assertSame(
			array(
				array( self::day( 12, 8, 2025 ), self::day( 12, 15, 2025 ), self::day( 12, 22, 2025 ) ),
				array( array( self::day( 12, 5, 2025 ), self::day( 12, 8, 2025 ) ), array( self::day( 12, 29, 2025 ), self::day( 1, 1 ) ) ),
			),
			ReportSummary::weeks( array( array( self::day( 12, 5, 2025 ), self::day( 1, 1 ) ) ) )
		);
	}

	/** Across a month's end (no whole month): 15 October – 14 November; and ranges too short for a week. */
	public function test_weeks_across_months_and_short_ranges(): void {
		$this->assertSame(
			array(
				array( self::day( 10, 15 ), self::day( 10, 22 ), self::day( 11, 1 ), self::day( 11, 8 ) ),
				array( array( self::day( 10, 29 ), self::day( 11, 1 ) ) ),
			),
			ReportSummary::weeks( array( array( self::day( 10, 15 ), self::day( 11, 15 ) ) ) )
		);
		$this->assertSame(
			array(
				array(),
				array( array( self::day( 3, 2 ), self::day( 3, 8 ) ), array( self::day( 3, 9 ), self::day( 3, 10 ) ) ),
			),
			ReportSummary::weeks( array( array( self::day( 3, 2 ), self::day( 3, 8 ) ), array( self::day( 3, 9 ), self::day( 3, 10 ) ) ) )
		);
	}

	/** A default period's months (December to November: three quarters and three months) and a quarter's start. */
	public function test_quarters(): void {
		$months = array();
		for ( $month = 0; $month < 12; $month++ ) {
			$months[] = self::day( 12 + $month, 1, 2025 );
		}
		$this->assertSame(
			array(
				array( self::day( 1, 1 ), self::day( 4, 1 ), self::day( 7, 1 ) ),
				array( self::day( 12, 1, 2025 ), self::day( 10, 1 ), self::day( 11, 1 ) ),
			),
			ReportSummary::quarters( $months )
		);
		$this->assertSame( array( array(), array( self::day( 2, 1 ), self::day( 3, 1 ) ) ), ReportSummary::quarters( array( self::day( 2, 1 ), self::day( 3, 1 ) ) ) );
		$this->assertSame( self::day( 10, 1 ), ReportSummary::quarter_start( self::day( 12, 1 ) ) );
		$this->assertSame( self::day( 1, 1 ), ReportSummary::quarter_start( self::day( 1, 1 ) ) );
	}
}
