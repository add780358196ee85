<?php
/**
 * The daily "stale candidates" alert (opt-in, `alert_stale`): how many candidates have waited in their stage past its
 * days (setting stale_days, Domain\TimeInStage) — for the subscription's job, if any — with a link to the
 * Applications list of them, the dashboard widget's. It rides on the digests' hourly event: from the subscription's
 * hour (site timezone) on, each run queues the day's alert when there are stale candidates, with the dedupe key
 * `stale:<user>:<local date>`, so each user gets at most one a day however often (and on however many nodes) the
 * event runs, and none on a day without stale candidates.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use RecruitingReports\Data\DigestSubscriptions;
use RecruitingReports\Mail\Outbox;

defined( 'ABSPATH' ) || exit;

/**
 * Daily stale-candidate alerts.
 */
final class StaleCandidateAlerts {

	/** Hooks the run into the digests' hourly event. */
	public static function register(): void {
		add_action( Digests::CRON_HOOK, array( self::class, 'run' ) );
	}

	/**
	 * WP-Cron (hourly): queues the day's alert of every subscriber whose hour has come and who has stale candidates.
	 *
	 * @return int Alerts queued (or found queued already today).
	 */
	public static function run(): int {
		$now    = ( new \DateTimeImmutable( '@' . Schedule::now() ) )->setTimezone( wp_timezone() );
		$queued = 0;
		foreach ( DigestSubscriptions::user_ids() as $user_id ) {
			$subscription = Subscription::of( $user_id );
			if ( ! $subscription['alert_stale'] || (int) $now->format( 'G' ) < $subscription['hour'] || ! Subscription::allowed( $user_id ) ) {
				continue;
			}
			$stale = DigestContent::stale( null === $subscription['job_id'] ? array() : array( 'job_id' => $subscription['job_id'] ) );
			if ( $stale['value'] > 0 && self::queue( $user_id, $subscription, $stale, $now->format( 'Y-m-d' ) ) ) {
				++$queued;
			}
		}
		return $queued;
	}

	/**
	 * Queues one user's alert of the day.
	 *
	 * @param int    $user_id      User id.
	 * @param array  $subscription Subscription::of().
	 * @param array  $stale        DigestContent::stale().
	 * @param string $day          The site's date (YYYY-MM-DD).
	 */
	private static function queue( int $user_id, array $subscription, array $stale, string $day ): bool {
		$switched    = switch_to_user_locale( $user_id );
		$unsubscribe = Unsubscribe::url( $user_id, $subscription );
		/* translators: %s: number of candidates. */
		$line = sprintf( _n( '%s candidate has waited in their stage longer than its days.', '%s candidates have waited in their stage longer than its days.', $stale['value'], 'recruiting-reports' ), number_format_i18n( $stale['value'] ) );
		/* translators: %s: site name. */
		$subject = sprintf( __( '[%s] Stale candidates', 'recruiting-reports' ), wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ) );
		$link    = __( 'See them in the Applications list', 'recruiting-reports' );
		$body    = '<p data-figure="stale" data-value="' . esc_attr( (string) $stale['value'] ) . '">' . esc_html( $line ) . '</p>'
			. '<p><a href="' . esc_url( $stale['url'] ) . '" style="color:#2271b1;">' . esc_html( $link ) . '</a></p>';
		$message = Alerts::message( $user_id, $unsubscribe, 'stale:' . $user_id . ':' . $day, $subject, $body, $line . "\n" . $link . ': ' . $stale['url'] );
		if ( $switched ) {
			restore_previous_locale();
		}
		return (bool) Outbox::queue( $message );
	}
}
