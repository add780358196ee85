<?php
/**
 * The daily stale alerts: the webhook event `application.stale`, sent once per application and stage when an open
 * application has waited in its status the stage's days (setting stale_days, Domain\TimeInStage).
 *
 * Exactly once across web nodes: WP-Cron may fire the daily event on two nodes at once. Each alert is claimed by
 * a compare-and-swap on the application's row (Data\StaleNotices::claim(): its stage's bit in stale_notified is set
 * only where it was unset), in the same transaction that queues the deliveries, so the node whose UPDATE changed
 * the row queues the event and the other skips it; a failure to queue rolls the claim back for the next run. Once
 * per stage: an application alerted in interview, rejected and reopened to interview is not alerted again there.
 *
 * The run also invalidates the report cache, so the pipeline report's days and stale counts move on with the
 * calendar at least daily.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Webhooks;

use RecruitingReports\Data\Settings;
use RecruitingReports\Data\StaleNotices;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\TimeInStage;

defined( 'ABSPATH' ) || exit;

/**
 * Daily application.stale events.
 */
final class StaleAlerts {

	public const CRON_HOOK = 'recruiting_reports_stale_alerts';

	/** Applications read per query. */
	private const BATCH = 500;

	/** The site's local time of the daily run: before the working day, so the day starts with the alerts. */
	private const RUN_AT = '06:00';

	/** Hooks the daily event. */
	public static function register(): void {
		add_action( self::CRON_HOOK, array( self::class, 'run' ), 10, 0 );
		add_action( 'init', array( self::class, 'ensure_schedule' ) );
	}

	/** The daily event exists (re-created after deactivation cleared it). */
	public static function ensure_schedule(): void {
		if ( ! wp_next_scheduled( self::CRON_HOOK ) ) {
			$local = ( new \DateTimeImmutable( 'now', wp_timezone() ) )->modify( 'today ' . self::RUN_AT );
			$at    = $local->getTimestamp() > time() ? $local : $local->modify( '+1 day' );
			wp_schedule_event( $at->getTimestamp(), 'daily', self::CRON_HOOK );
		}
	}

	/** Deactivation: no event left behind. */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
	}

	/**
	 * Queues application.stale for every open application that has reached its stage's days without an alert there.
	 *
	 * @param int|null $now Unix seconds (tests; default now).
	 * @return int Alerts this run claimed.
	 */
	public static function run( ?int $now = null ): int {
		$now     = $now ?? time();
		$cutoffs = TimeInStage::stale_cutoffs( (array) Settings::get( 'stale_days' ), $now, wp_timezone() );
		$sent    = 0;
		$after   = 0;
		do {
			$due = StaleNotices::due( $cutoffs, $after, self::BATCH );
			foreach ( $due as $application ) {
				$after   = $application['id'];
				$claimed = Transaction::run(
					static function () use ( $application, $cutoffs ) {
						if ( ! StaleNotices::claim( $application['id'], $application['status'], $cutoffs[ $application['status'] ] ) ) {
							return null;
						}
						Events::emit(
							Events::APPLICATION_STALE,
							array(
								'application_id' => $application['id'],
								'stage'          => $application['status'],
							)
						);
						return true;
					}
				);
				$sent   += true === $claimed ? 1 : 0;
			}
			$more = count( $due ) === self::BATCH;
		} while ( $more );
		Events::data_changed();
		return $sent;
	}
}
