<?php
/**
 * The careers funnel's retention: daily counters are kept for `careers_daily_months` months (a setting); the daily
 * maintenance event deletes older days. Their monthly totals stay for good: every count is written to its day's and
 * its month's row at once (Data\CareersCounters::add()), so the months hold the days' sums already. A run first
 * claims the site's calendar day (Data\OptionClaims), so with several web nodes exactly one runs.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use DateTimeImmutable;
use RecruitingReports\Data\CareersCounters;
use RecruitingReports\Data\OptionClaims;
use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\Events;
use RecruitingReports\Webhooks\Dispatcher;

defined( 'ABSPATH' ) || exit;

/**
 * Deletes old days.
 */
final class FunnelRetention {

	/** Options rows claimed by runs: `<prefix><Y-m-d>`, one per site day. */
	private const CLAIM_PREFIX = 'recruiting_reports_funnel_rollup_';

	/** Runs with the daily housekeeping. */
	public static function register(): void {
		add_action( Dispatcher::MAINTENANCE_HOOK, array( self::class, 'cron' ), 10, 0 );
	}

	/**
	 * The daily run: once per site day across web nodes.
	 *
	 * @return int|null Daily rows deleted, or null when another run had claimed the day.
	 */
	public static function cron(): ?int {
		$today = FunnelCounting::day( time() );
		if ( ! OptionClaims::claim( self::CLAIM_PREFIX . $today, (string) time() ) ) {
			return null;
		}
		OptionClaims::release_before( self::CLAIM_PREFIX, self::CLAIM_PREFIX . $today );
		return self::expire( $today );
	}

	/**
	 * Deletes the days before the first month that stays daily.
	 *
	 * @param string $today YYYY-MM-DD (site timezone).
	 * @return int Daily rows deleted.
	 */
	public static function expire( string $today ): int {
		$deleted = CareersCounters::delete_days_before( self::keep_from( $today ) );
		if ( $deleted > 0 ) {
			Events::data_changed(); // Reports over those days now read their months only.
		}
		return $deleted;
	}

	/**
	 * The first day whose counts stay daily: the first of the month `careers_daily_months` months before today's.
	 *
	 * @param string $today YYYY-MM-DD.
	 */
	public static function keep_from( string $today ): string {
		$months = max( 1, (int) Settings::get( 'careers_daily_months' ) );
		return ( new DateTimeImmutable( substr( $today, 0, 7 ) . '-01' ) )->modify( "-$months months" )->format( 'Y-m-d' );
	}
}
