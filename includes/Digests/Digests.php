<?php
/**
 * Sending digests: an hourly WP-Cron event finds each subscriber's latest due period and queues its digest through
 * the mail outbox with the dedupe key `digest:<user>:<period start>`. The outbox's unique key makes the queueing
 * exactly-once even when cron runs on several web nodes at the same moment (the second insert finds the first), and
 * the outbox's retries make the sending never doubled and never lost silently. Only the latest period is looked at,
 * so after downtime the missed digest goes out once, not once per missed period; periods due before the user
 * subscribed are never sent.
 *
 * Permissions are checked when a digest is due: a user who lost Read Applications gets nothing (and the subscription
 * ends); a deleted user's subscription is deleted with the user's meta.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use RecruitingReports\Data\DigestSubscriptions;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Mail\Outbox;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The digests' schedule and queueing.
 */
final class Digests {

	/** Hourly WP-Cron event that queues due digests. */
	public const CRON_HOOK = 'recruiting_reports_digests';

	/** Registers the cron event, the unsubscribe handler and the profile fields. */
	public static function register(): void {
		add_action( self::CRON_HOOK, array( self::class, 'queue_due' ) );
		add_action( 'init', array( self::class, 'schedule' ) );
		Unsubscribe::register();
		Alerts::register();
		StaleCandidateAlerts::register();
		ProfileFields::register();
	}

	/** Makes sure the hourly event exists (activation, or a site that lost it). */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time(), 'hourly', self::CRON_HOOK );
		}
	}

	/** Deactivation: no event left behind (schedule() brings it back). */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
		Alerts::deactivate();
	}

	/**
	 * WP-Cron: queues every due digest.
	 *
	 * @return int Digests queued.
	 */
	public static function queue_due(): int {
		$now    = Schedule::now();
		$queued = 0;
		foreach ( DigestSubscriptions::user_ids() as $user_id ) {
			$subscription = Subscription::of( $user_id );
			$period       = Schedule::latest( $subscription, $now );
			if ( null === $period || $period['due'] < $subscription['since'] || $period['from'] === $subscription['last_period'] ) {
				continue;
			}
			if ( ! Subscription::allowed( $user_id ) ) {
				Subscription::end( $user_id );
				continue;
			}
			if ( null !== $subscription['job_id'] && ! JobRepository::get( $subscription['job_id'] ) ) {
				// The job was deleted: the digest goes on, for all jobs, rather than failing every hour.
				$subscription = Subscription::forget_job( $user_id );
			}
			$id = self::queue( $user_id, $subscription, $period, 'digest:' . $user_id . ':' . $period['from'] );
			if ( is_int( $id ) ) {
				Subscription::mark_queued( $user_id, $period['from'] );
				++$queued;
			}
		}
		return $queued;
	}

	/**
	 * Queues a digest now for the latest period ("Send me a test now", `wp recruiting digest send`): its own dedupe
	 * key per request, so it never stands in for the scheduled one.
	 *
	 * @param int $user_id User id.
	 * @return int|WP_Error The message's id.
	 */
	public static function send_test( int $user_id ) {
		if ( ! Subscription::allowed( $user_id ) ) {
			return new WP_Error( 'rest_forbidden', __( 'Only users who may read applications receive digests.', 'recruiting-reports' ), array( 'status' => 403 ) );
		}
		$subscription = Subscription::of( $user_id );
		$period       = Schedule::latest( array( 'frequency' => 'off' === $subscription['frequency'] ? 'weekly' : $subscription['frequency'] ) + $subscription, Schedule::now() );
		$id           = self::queue( $user_id, $subscription, $period, 'digest-test:' . $user_id . ':' . wp_generate_uuid4() );
		return $id ? $id : new WP_Error( 'internal_error', __( 'The digest could not be queued.', 'recruiting-reports' ), array( 'status' => 500 ) );
	}

	/**
	 * The digest a user would get for the latest period, rendered (the preview).
	 *
	 * @param int $user_id User id.
	 * @return array|WP_Error subject, html, text, period.
	 */
	public static function preview( int $user_id ) {
		$subscription = Subscription::of( $user_id );
		$period       = Schedule::latest( array( 'frequency' => 'off' === $subscription['frequency'] ? 'weekly' : $subscription['frequency'] ) + $subscription, Schedule::now() );
		return self::render( $user_id, $subscription, $period );
	}

	/**
	 * Renders and queues one digest.
	 *
	 * @param int    $user_id      User id.
	 * @param array  $subscription Subscription::of().
	 * @param array  $period       Schedule::latest().
	 * @param string $dedupe_key   The outbox's key.
	 * @return int|null|WP_Error The outbox's answer, or why nothing was rendered.
	 */
	private static function queue( int $user_id, array $subscription, array $period, string $dedupe_key ) {
		$message = self::render( $user_id, $subscription, $period );
		if ( $message instanceof WP_Error ) {
			return $message;
		}
		$unsubscribe = Unsubscribe::url( $user_id, $subscription );
		return Outbox::queue(
			array(
				'kind'           => 'digest',
				'dedupe_key'     => $dedupe_key,
				'application_id' => 0,
				'recipients'     => array( get_userdata( $user_id )->user_email ),
				'subject'        => $message['subject'],
				'html'           => $message['html'],
				'text'           => $message['text'],
				'headers'        => array(
					'List-Unsubscribe: <' . $unsubscribe . '>',
					'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
				),
			)
		);
	}

	/**
	 * A digest rendered in the user's language.
	 *
	 * @param int   $user_id      User id.
	 * @param array $subscription Subscription::of().
	 * @param array $period       Schedule::latest().
	 * @return array|WP_Error subject, html, text, period.
	 */
	private static function render( int $user_id, array $subscription, array $period ) {
		$switched = switch_to_user_locale( $user_id );
		try {
			$content = DigestContent::build( $subscription, $period );
			if ( $content instanceof WP_Error ) {
				return $content;
			}
			$unsubscribe = Unsubscribe::url( $user_id, $subscription );
			$profile     = admin_url( 'profile.php#recruiting-digest' );
			return array(
				'subject' => DigestMail::subject( $content ),
				'html'    => DigestMail::html( $content, $unsubscribe, $profile ),
				'text'    => DigestMail::text( $content, $unsubscribe, $profile ),
				'period'  => $content['period'],
			);
		} finally {
			if ( $switched ) {
				restore_previous_locale();
			}
		}
	}
}
