<?php
/**
 * The single WP-Cron event a queue (webhook deliveries, the mail outbox) runs by: one event per hook, moved earlier
 * when something is due sooner, and WP-Cron asked to start right after the request that queued the work.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * A queue's cron event.
 */
final class CronEvent {

	/**
	 * Spawn registered in this request.
	 *
	 * @var bool
	 */
	private static bool $spawn_registered = false;

	/**
	 * Makes sure $hook runs at $at at the latest.
	 *
	 * @param string $hook The queue's cron hook.
	 * @param int    $at   Unix seconds.
	 */
	public static function ensure_by( string $hook, int $at ): void {
		$next = wp_next_scheduled( $hook );
		if ( false !== $next && $next <= $at ) {
			return;
		}
		if ( false !== $next ) {
			wp_unschedule_event( $next, $hook );
		}
		wp_schedule_single_event( $at, $hook );
		if ( ! self::$spawn_registered && ! ( defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON ) ) {
			// Ask WP-Cron to start right after this request (a non-blocking request to wp-cron.php), so that the
			// work does not wait for the next visitor; the work itself runs in that other request.
			self::$spawn_registered = true;
			add_action( 'shutdown', 'spawn_cron' );
		}
	}
}
