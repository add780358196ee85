<?php
/**
 * "New application" alerts (opt-in, `alert_new_applications`): a subscriber whose e-mail address is a job's contact
 * e-mail hears of that job's new applications, batched — one e-mail per run listing each job's new ones, and runs
 * at least 5 minutes apart. A new application schedules the run (WP-Cron) for 5 minutes after the previous one, or
 * at once when that is past; the e-mail names the jobs and counts and links to the Applications list, not the
 * candidates (no personal data in the mailbox beyond what the team notification already sends). Each e-mail's
 * dedupe key is `alert:<user>:<last application id>`, so two nodes running the same batch queue it once.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use RecruitingReports\Admin\Menu;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\DigestSubscriptions;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Domain\CronEvent;
use RecruitingReports\Domain\Events;
use RecruitingReports\Mail\Outbox;

defined( 'ABSPATH' ) || exit;

/**
 * New-application alerts (the daily stale-candidate one: StaleCandidateAlerts).
 */
final class Alerts {

	/** WP-Cron hook of a batch. */
	public const CRON_HOOK = 'recruiting_reports_digest_alerts';

	/** Seconds between two batches at least. */
	public const BATCH_SECONDS = 300;

	/** When the last batch ran (unix seconds). */
	public const LAST_RUN_OPTION = 'recruiting_reports_alerts_last_run';

	/** Applications listed per job and batch at most (the count is exact beyond). */
	private const PER_JOB = 500;

	/** Hooks the batch and the new-application event. */
	public static function register(): void {
		add_action( self::CRON_HOOK, array( self::class, 'run' ) );
		add_action( Events::EVENT_ACTION, array( self::class, 'on_event' ), 10, 2 );
	}

	/**
	 * A new application schedules the next batch (no sooner than 5 minutes after the last).
	 *
	 * @param string $event   Domain event.
	 * @param array  $payload Its payload.
	 */
	public static function on_event( string $event, array $payload ): void {
		unset( $payload );
		if ( Events::APPLICATION_CREATED === $event ) {
			CronEvent::ensure_by( self::CRON_HOOK, max( time(), (int) get_option( self::LAST_RUN_OPTION, 0 ) + self::BATCH_SECONDS ) );
		}
	}

	/**
	 * WP-Cron: one e-mail per subscriber with new applications for the jobs they are the contact of.
	 *
	 * @return int E-mails queued.
	 */
	public static function run(): int {
		update_option( self::LAST_RUN_OPTION, time(), false );
		$queued = 0;
		foreach ( DigestSubscriptions::user_ids() as $user_id ) {
			$subscription = Subscription::of( $user_id );
			if ( ! $subscription['alert_new_applications'] || ! Subscription::allowed( $user_id ) ) {
				continue;
			}
			$jobs = array();
			$last = $subscription['alert_after'];
			foreach ( JobRepository::ids_with_contact( get_userdata( $user_id )->user_email ) as $job_id ) {
				$ids = ApplicationRepository::ids_matching( array( 'job_id' => $job_id ), $subscription['alert_after'], self::PER_JOB );
				if ( $ids ) {
					$jobs[ $job_id ] = count( $ids );
					$last            = max( $last, max( $ids ) );
				}
			}
			if ( $jobs && self::queue( $user_id, $jobs, $last ) ) {
				Subscription::mark_alerted( $user_id, $last );
				++$queued;
			}
		}
		return $queued;
	}

	/**
	 * Queues one alert.
	 *
	 * @param int   $user_id User id.
	 * @param array $jobs    Job id => new applications.
	 * @param int   $last    The last application it covers.
	 */
	private static function queue( int $user_id, array $jobs, int $last ): bool {
		$switched = switch_to_user_locale( $user_id );
		$lines    = array();
		$items    = '';
		foreach ( $jobs as $job_id => $count ) {
			$job   = JobRepository::get( $job_id );
			$title = $job ? $job->post_title : (string) $job_id;
			$url   = Menu::applications_url( array( 'job_id' => $job_id ) );
			/* translators: 1: job title, 2: number of new applications. */
			$line    = sprintf( _n( '%1$s: %2$s new application', '%1$s: %2$s new applications', $count, 'recruiting-reports' ), $title, number_format_i18n( $count ) );
			$lines[] = $line . "\n  " . $url;
			$items  .= '<li style="margin:0 0 8px;"><a href="' . esc_url( $url ) . '" style="color:#2271b1;">' . esc_html( $line ) . '</a></li>';
		}
		$subscription = Subscription::of( $user_id );
		$unsubscribe  = Unsubscribe::url( $user_id, $subscription );
		/* translators: %s: site name. */
		$subject = sprintf( __( '[%s] New applications', 'recruiting-reports' ), wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ) );
		$message = self::message( $user_id, $unsubscribe, 'alert:' . $user_id . ':' . $last, $subject, '<ul style="padding-left:20px;">' . $items . '</ul>', implode( "\n", $lines ) );
		if ( $switched ) {
			restore_previous_locale();
		}
		return (bool) Outbox::queue( $message );
	}

	/**
	 * An alert as the outbox takes it: the body in the alerts' frame, with the unsubscribe link in both parts and the
	 * one-click headers (RFC 8058). Called in the recipient's locale.
	 *
	 * @param int    $user_id     Recipient.
	 * @param string $unsubscribe Their signed unsubscribe URL.
	 * @param string $dedupe_key  Outbox key: what makes the alert once only.
	 * @param string $subject     Subject.
	 * @param string $body_html   The HTML body, escaped.
	 * @param string $body_text   The plain-text body.
	 */
	public static function message( int $user_id, string $unsubscribe, string $dedupe_key, string $subject, string $body_html, string $body_text ): array {
		/* translators: %s: unsubscribe URL. */
		$footer = sprintf( __( 'Unsubscribe: %s', 'recruiting-reports' ), $unsubscribe );
		return array(
			'kind'           => 'digest_alert',
			'dedupe_key'     => $dedupe_key,
			'application_id' => 0,
			'recipients'     => array( get_userdata( $user_id )->user_email ),
			'subject'        => $subject,
			'html'           => '<div style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:14px;color:#1e1e1e;">' . $body_html
				. '<p style="font-size:12px;color:#50575e;"><a href="' . esc_url( $unsubscribe ) . '" style="color:#2271b1;">' . esc_html__( 'Unsubscribe', 'recruiting-reports' ) . '</a></p></div>',
			'text'           => $body_text . "\n\n-- \n" . $footer . "\n",
			'headers'        => array(
				'List-Unsubscribe: <' . $unsubscribe . '>',
				'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
			),
		);
	}

	/** Deactivation: no batch left scheduled (the next application schedules one). */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
	}
}
