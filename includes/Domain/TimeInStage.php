<?php
/**
 * Time in stage: how many days an open application has waited in its current status, and when it is stale.
 *
 * A day is a calendar day of the site's timezone, counted on the wall clock: an application that entered its stage
 * on the 26th at 10:00 has waited 3 days from the 29th at 10:00, whether those days held 72 hours or, across a
 * daylight-saving change, 71 or 73. So a threshold is crossed at the time of day the stage was entered, as people
 * count days; `cutoff()` is the one rule, and `days()` is defined from it, so the list, the reports and the stale
 * alerts can never disagree. Pure logic: no WordPress, no database.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

use DateTimeImmutable;
use DateTimeZone;

defined( 'ABSPATH' ) || exit;

/**
 * Days in stage and stale thresholds.
 */
final class TimeInStage {

	/** The statuses an application waits in (hired is final; rejected and withdrawn have left the pipeline). */
	public const OPEN = array( 'new', 'screening', 'interview', 'offer' );

	/**
	 * The latest instant a stage may have been entered for the application to have waited at least $days days at
	 * $now: $now's wall-clock time, $days calendar days earlier (a time skipped by a DST change moves forward).
	 *
	 * @param int          $days     Days (0 or more).
	 * @param int          $now      Unix seconds.
	 * @param DateTimeZone $timezone The site's timezone.
	 * @return int Unix seconds.
	 */
	public static function cutoff( int $days, int $now, DateTimeZone $timezone ): int {
		return ( new DateTimeImmutable( '@' . $now ) )->setTimezone( $timezone )->modify( '-' . $days . ' days' )->getTimestamp();
	}

	/**
	 * Whole days waited at $now since a stage was entered at $since: the largest d with $since ≤ cutoff( d ).
	 *
	 * @param int          $since    When the stage was entered (unix seconds).
	 * @param int          $now      Unix seconds.
	 * @param DateTimeZone $timezone The site's timezone.
	 */
	public static function days( int $since, int $now, DateTimeZone $timezone ): int {
		return self::counter( $now, $timezone )( $since );
	}

	/**
	 * days() for many applications at one $now: each cutoff is computed once (a report counts thousands).
	 *
	 * @param int          $now      Unix seconds.
	 * @param DateTimeZone $timezone The site's timezone.
	 * @return \Closure fn( int $since ): int
	 */
	public static function counter( int $now, DateTimeZone $timezone ): \Closure {
		$steady_since = self::steady_since( $now, $timezone );
		$cutoff       = self::cutoffs( $now, $timezone, $steady_since );
		return static function ( int $since ) use ( $cutoff, $now, $steady_since ): int {
			if ( $since >= $now ) {
				return 0;
			}
			// A calendar day lasts 23 to 25 hours, so the count in 24-hour days is off by at most one either way.
			$days = intdiv( $now - $since, 86400 );
			if ( $now - 86400 * ( $days + 1 ) >= $steady_since ) {
				// cutoff( d ) is $now - d × 86,400 for d up to $days + 1 (cutoffs()): exactly $days. Without a closure call
				// per cutoff, a pipeline report's thousands of waits count in a third of the time.
				return $days;
			}
			if ( $since <= $cutoff( $days + 1 ) ) {
				return $days + 1;
			}
			while ( $days > 0 && $since > $cutoff( $days ) ) {
				--$days;
			}
			return $days;
		};
	}

	/** How far back cutoffs() looks for the timezone's last change of UTC offset. */
	private const STEADY_LOOKBACK = 400 * 86400;

	/**
	 * cutoff() for many day counts at one $now, each computed once. While the timezone's UTC offset has not changed
	 * since the cutoff, the wall clock moved with UTC, so cutoff( d ) is $now - d × 86,400 with no date arithmetic;
	 * the older ones (across a DST change) are computed as cutoff() does. A pipeline report counts thousands of waits
	 * over a year of days, and one DateTimeImmutable::modify() per day was most of its time.
	 *
	 * @param int          $now          Unix seconds.
	 * @param DateTimeZone $timezone     The site's timezone.
	 * @param int|null     $steady_since steady_since() when the caller has it.
	 * @return \Closure fn( int $days ): int
	 */
	public static function cutoffs( int $now, DateTimeZone $timezone, ?int $steady_since = null ): \Closure {
		$steady_since ??= self::steady_since( $now, $timezone );
		$cutoffs        = array();
		return static function ( int $days ) use ( &$cutoffs, $now, $timezone, $steady_since ): int {
			$steady = $now - 86400 * $days;
			return $steady >= $steady_since ? $steady : ( $cutoffs[ $days ] ??= self::cutoff( $days, $now, $timezone ) );
		};
	}

	/**
	 * The earliest instant from which the timezone's UTC offset has been the same up to $now (looking back
	 * STEADY_LOOKBACK; PHP_INT_MIN for a fixed offset such as "+05:30", which has no transitions).
	 *
	 * @param int          $now      Unix seconds.
	 * @param DateTimeZone $timezone The timezone.
	 */
	private static function steady_since( int $now, DateTimeZone $timezone ): int {
		// To $now + 1: a change at $now itself must be seen (getTransitions() leaves out one at its end).
		$from        = $now - self::STEADY_LOOKBACK;
		$transitions = $timezone->getTransitions( $from, $now + 1 );
		if ( ! $transitions ) {
			return PHP_INT_MIN;
		}
		// The first entry is the offset in force at $from; any later one is a change, the last one the latest.
		return count( $transitions ) > 1 ? (int) end( $transitions )['ts'] : $from;
	}

	/**
	 * Per open status, the latest entry instant that is stale at $now (entered at or before it).
	 *
	 * @param array<string,int> $thresholds Days per open status (the setting stale_days).
	 * @param int               $now        Unix seconds.
	 * @param DateTimeZone      $timezone   The site's timezone.
	 * @return array<string,int> status => unix seconds.
	 */
	public static function stale_cutoffs( array $thresholds, int $now, DateTimeZone $timezone ): array {
		$cutoffs = array();
		foreach ( self::OPEN as $status ) {
			$cutoffs[ $status ] = self::cutoff( max( 1, (int) ( $thresholds[ $status ] ?? 1 ) ), $now, $timezone );
		}
		return $cutoffs;
	}
}
