<?php
/**
 * The careers funnel's retention: daily counters are kept for `careers_daily_months` months (a setting), then
 * each older month's days are added up into monthly totals (kept for good) by the daily maintenance event. A run
 * first claims the site's calendar day (Data\OptionClaims), so with several web nodes exactly one rolls up; a month
 * rolls up in one transaction, so a run that stops leaves whole months behind for the next day's run.
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
 * Rolls old days up into months.
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
	 * @return int|null Daily rows rolled up, or null when another run had claimed the day.
	 */
	public static function cron(): ?int {
		$today = FunnelCounting::day( time() );
		if ( ! OptionClaims::claim( self::CLAIM_PREFIX . $today, (string) time() ) ) {
			return null;
		}
		OptionClaims::release_before( self::CLAIM_PREFIX, self::CLAIM_PREFIX . $today );
		return self::roll_up( $today );
	}

	/**
	 * Rolls up every month that ended more than the setting's months before today's month.
	 *
	 * @param string $today YYYY-MM-DD (site timezone).
	 * @return int Daily rows rolled up.
	 */
	public static function roll_up( string $today ): int {
		$rolled = 0;
		foreach ( CareersCounters::months_with_days_before( self::keep_from( $today ) ) as $month ) {
			$rolled += CareersCounters::roll_up_month( $month );
		}
		if ( $rolled > 0 ) {
			Events::data_changed();
		}
		return $rolled;
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
