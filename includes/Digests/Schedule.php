<?php
/**
 * When digests are due and which period each covers, in the site's timezone (wp_timezone(), DateTimeImmutable), so
 * a weekly digest at 08:00 arrives at 08:00 local time on both sides of a daylight-saving change:
 *
 * - daily: due each day at the hour; covers the day before;
 * - weekly: due on the weekday at the hour; covers the 7 days before (Monday's digest: last Monday to Sunday);
 * - monthly: due on the 1st at the hour; covers the month before.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use DateTimeImmutable;

defined( 'ABSPATH' ) || exit;

/**
 * Due times and periods.
 */
final class Schedule {

	/**
	 * The current time the schedule uses: time(), unless the filter says otherwise.
	 *
	 * @return int Unix seconds.
	 */
	public static function now(): int {
		/**
		 * Filters the instant digests are scheduled against (default time()). Meant for tests and staging sites that
		 * check a schedule across a date (a daylight-saving change) without changing the server's clock; the sending
		 * itself is not affected.
		 *
		 * @param int $now Unix seconds.
		 */
		return (int) apply_filters( 'recruiting_reports_digest_now', time() );
	}

	/**
	 * The latest period whose digest is due at or before $now.
	 *
	 * @param array $subscription Subscription::of().
	 * @param int   $now          Unix seconds.
	 * @return array{due:int,from:string,to:string}|null Null when the digest is off.
	 */
	public static function latest( array $subscription, int $now ): ?array {
		if ( 'off' === $subscription['frequency'] ) {
			return null;
		}
		$here = ( new DateTimeImmutable( '@' . $now ) )->setTimezone( wp_timezone() );
		$due  = self::due_on( $subscription, $here );
		if ( $due > $here ) {
			$due = self::due_on( $subscription, self::step_back( $subscription['frequency'], $due ) );
		}
		return self::period( $subscription['frequency'], $due );
	}

	/**
	 * The next due time after $now.
	 *
	 * @param array $subscription Subscription::of().
	 * @param int   $now          Unix seconds.
	 * @return int|null Unix seconds; null when the digest is off.
	 */
	public static function next( array $subscription, int $now ): ?int {
		$latest = self::latest( $subscription, $now );
		if ( null === $latest ) {
			return null;
		}
		$here = ( new DateTimeImmutable( '@' . $latest['due'] ) )->setTimezone( wp_timezone() );
		$step = array(
			'daily'   => '+1 day',
			'weekly'  => '+7 days',
			'monthly' => 'first day of next month',
		)[ $subscription['frequency'] ];
		return self::due_on( $subscription, $here->modify( $step ) )->getTimestamp();
	}

	/**
	 * The due time on $date's day (daily), on the weekday on or before it (weekly), or in its month (monthly).
	 *
	 * @param array             $subscription Subscription::of().
	 * @param DateTimeImmutable $date         A local time.
	 */
	private static function due_on( array $subscription, DateTimeImmutable $date ): DateTimeImmutable {
		if ( 'weekly' === $subscription['frequency'] ) {
			// The weekday on or before $date's day.
			$back = ( (int) $date->format( 'N' ) - (int) $subscription['weekday'] + 7 ) % 7;
			$date = $date->modify( '-' . $back . ' days' );
		} elseif ( 'monthly' === $subscription['frequency'] ) {
			$date = $date->modify( 'first day of this month' );
		}
		return $date->setTime( (int) $subscription['hour'], 0 );
	}

	/**
	 * A local time one rhythm earlier.
	 *
	 * @param string            $frequency daily, weekly or monthly.
	 * @param DateTimeImmutable $date      A due time.
	 */
	private static function step_back( string $frequency, DateTimeImmutable $date ): DateTimeImmutable {
		return $date->modify(
			array(
				'daily'   => '-1 day',
				'weekly'  => '-7 days',
				'monthly' => 'first day of last month',
			)[ $frequency ]
		);
	}

	/**
	 * The period a digest due at $due covers.
	 *
	 * @param string            $frequency daily, weekly or monthly.
	 * @param DateTimeImmutable $due       The due time (local).
	 * @return array{due:int,from:string,to:string}
	 */
	private static function period( string $frequency, DateTimeImmutable $due ): array {
		$day = $due->setTime( 0, 0 );
		return array(
			'due'  => $due->getTimestamp(),
			'from' => $day->modify( array( 'daily' => '-1 day', 'weekly' => '-7 days', 'monthly' => 'first day of last month' )[ $frequency ] )->format( 'Y-m-d' ),
			'to'   => $day->modify( '-1 day' )->format( 'Y-m-d' ),
		);
	}
}
