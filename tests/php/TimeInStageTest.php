<?php
/**
 * TimeInStage::cutoffs() and counter(): their shortcuts while the UTC offset is steady equal cutoff()'s date arithmetic
 * for every day count, in timezones with and without DST changes (a half-hour one too) and a fixed offset, at instants
 * around a change.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Domain\TimeInStage;

/**
 * Time in stage.
 */
final class TimeInStageTest extends TestCase {

	/** Every day count up to two years back, at several instants per timezone. */
	public function test_cutoffs_equal_cutoff(): void {
		$zones = array( 'UTC', 'Europe/Berlin', 'America/Sao_Paulo', 'Australia/Lord_Howe', 'America/New_York', '+05:30' );
		$nows  = array(
			1711846800, // 2024-03-31 01:00 UTC: the hour Berlin's clocks went forward.
			1711850400, // One hour later.
			1730595600, // 2024-11-03 01:00 UTC, hours before New York's clocks went back.
			1764150000, // 2025-11-26 09:40 UTC.
			1500000000,
		);
		foreach ( $zones as $zone ) {
			$timezone = new DateTimeZone( $zone );
			foreach ( $nows as $now ) {
				foreach ( array( $now, $now + 1800, $now + 3599 ) as $at ) {
					$cutoffs = TimeInStage::cutoffs( $at, $timezone );
					for ( $days = 0; $days <= 730; $days++ ) {
						$this->assertSame( TimeInStage::cutoff( $days, $at, $timezone ), $cutoffs( $days ), "$zone at $at, $days days" );
					}
				}
			}
		}
	}

	/** counter() is the largest d with $since ≤ cutoff( d ): at each cutoff, a second either side, and between. */
	public function test_counter_equals_the_definition(): void {
		mt_srand( 26 );
		foreach ( array( 'UTC', 'Europe/Berlin', 'Australia/Lord_Howe', 'America/New_York', '+05:30' ) as $zone ) {
			$timezone = new DateTimeZone( $zone );
			foreach ( array( 1711846800, 1730595600, 1764150000 ) as $now ) {
				$cutoff = array();
				for ( $days = 0; $days <= 731; $days++ ) {
					$cutoff[ $days ] = TimeInStage::cutoff( $days, $now, $timezone );
				}
				$counter = TimeInStage::counter( $now, $timezone );
				$sinces  = array( $now, $now + 5 );
				foreach ( array_slice( $cutoff, 0, 730 ) as $at ) {
					array_push( $sinces, $at - 1, $at, $at + 1, $at - mt_rand( 2, 86000 ) );
				}
				foreach ( $sinces as $since ) {
					$expected = 0;
					while ( $since <= $cutoff[ $expected + 1 ] ) {
						++$expected;
					}
					$this->assertSame( $expected, $counter( $since ), "$zone at $now, entered at $since" );
				}
			}
		}
	}
}
