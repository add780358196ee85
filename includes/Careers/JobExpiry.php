<?php
/**
 * Jobs close themselves once their valid_through has passed: an hourly WP-Cron event moves them from publish to
 * closed. Until it runs, such a job already counts as closed on its page (Domain\JobDetails::is_open). The change
 * goes through WordPress's post hooks like an edit in wp-admin, so `job.updated` webhooks and the report cache follow.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Transaction;

defined( 'ABSPATH' ) || exit;

/**
 * The hourly closing of expired jobs.
 */
final class JobExpiry {

	public const CRON_HOOK = 'recruiting_reports_close_expired_jobs';

	/** Hooks the event and makes sure it is scheduled. */
	public static function register(): void {
		add_action( self::CRON_HOOK, array( self::class, 'close_expired' ) );
		add_action( 'init', array( self::class, 'ensure_scheduled' ) );
	}

	/** Schedules the hourly event when it is missing (after activation, or cleared by deactivation). */
	public static function ensure_scheduled(): void {
		if ( ! wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', self::CRON_HOOK );
		}
	}

	/** Deactivation: no event left behind. */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
	}

	/**
	 * Closes every published job past its valid_through, each in its own transaction (a job that cannot be closed
	 * now is tried again next hour).
	 *
	 * @return int[] The jobs closed.
	 */
	public static function close_expired(): array {
		$closed = array();
		foreach ( JobRepository::expired_ids( time() ) as $id ) {
			$result = Transaction::run( static fn() => JobRepository::save( array( 'status' => 'closed' ), $id ) );
			if ( ! is_wp_error( $result ) ) {
				$closed[] = $id;
			}
		}
		return $closed;
	}
}
