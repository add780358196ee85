<?php
/**
 * The mail outbox: e-mails are queued in the request that causes them (inside its database transaction, like
 * webhook deliveries) and sent by WP-Cron through wp_mail(), so a slow or unreachable mail server never slows that
 * request, and SMTP plugins (which hook into wp_mail) carry them.
 *
 * A message is rendered when it is queued (recipients, subject, HTML and plain-text parts, extra headers) and sent as
 * multipart/alternative. A failed wp_mail() is retried with backoff — 1 min, 5 min, 30 min, 2 h, 6 h: 6 attempts
 * over about 8.5 hours — and then ends as failed with its error, visible in GET /mail-log and Settings › E-mails
 * (POST /mail-log/{id}/retry sends it again). Two cron runs never send one message twice (MailRepository's claims);
 * a run that died while sending leaves its message failed ("may have been sent"), never sent again by itself.
 * Any feature that e-mails (the apply form now; digests later) queues through queue() with its own `kind` and a
 * `dedupe_key` that makes the message unique.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Mail;

use RecruitingReports\Data\MailRepository;
use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\CronEvent;
use RecruitingReports\Webhooks\Dispatcher;

defined( 'ABSPATH' ) || exit;

/**
 * Queues e-mails and sends them from WP-Cron.
 */
final class Outbox {

	/** WP-Cron hook that sends due messages (the test support runs every recruiting_reports* hook). */
	public const CRON_HOOK = 'recruiting_reports_send_mail';

	/** Seconds to wait after the n-th failed attempt (index n-1); its length + 1 is the number of attempts. */
	public const BACKOFF = array( 60, 300, 1800, 7200, 21600 );

	/** A claim lasts an hour: longer than any wp_mail() call, after which its sender is taken to have died. */
	private const LEASE = 3600;

	/** Hooks the queue into WP-Cron, the daily housekeeping, the log's purge and the privacy eraser. */
	public static function register(): void {
		add_action( self::CRON_HOOK, array( self::class, 'run' ) );
		add_action( Dispatcher::MAINTENANCE_HOOK, array( self::class, 'rearm' ) );
		add_action( 'init', array( self::class, 'rearm_after_activation' ), 9 );
		add_action( Dispatcher::PURGE_HOOK, array( self::class, 'purge' ) );
		add_action( 'recruiting_reports_application_removed', array( MailRepository::class, 'delete_of_application' ), 10, 1 );
	}

	/** Attempts before a message is failed. */
	public static function max_attempts(): int {
		return count( self::BACKOFF ) + 1;
	}

	/**
	 * Queues a message and makes sure the cron event will run.
	 *
	 * @param array $message kind, dedupe_key (null: none), application_id (whose personal data it carries, 0: none),
	 *                       recipients (addresses), subject, html, text, headers (extra header lines).
	 * @return int|null The message's id (the earlier one for a known dedupe_key); 0 when a filter dropped it; null
	 *                  when it could not be stored.
	 */
	public static function queue( array $message ): ?int {
		/**
		 * Filters an e-mail before it is queued: change its recipients, subject, parts or headers, or return false
		 * to send nothing (for example when another plugin sends its own).
		 *
		 * @param array|false $message kind, dedupe_key, application_id, recipients, subject, html, text, headers.
		 */
		$message = apply_filters( 'recruiting_reports_mail', $message );
		if ( ! is_array( $message ) || ! array_filter( (array) ( $message['recipients'] ?? array() ) ) ) {
			return 0;
		}
		$now = time();
		$id  = MailRepository::insert( $message, $now );
		if ( null !== $id ) {
			CronEvent::ensure_by( self::CRON_HOOK, $now );
		}
		return $id;
	}

	/**
	 * WP-Cron: ends interrupted claims, then sends due messages for up to ~20 seconds and reschedules itself.
	 *
	 * @return int Attempts made.
	 */
	public static function run(): int {
		$now = time();
		MailRepository::abandon_interrupted( $now, __( 'The sending was interrupted; the message may or may not have left, so it is not sent again by itself. Send it again if it did not arrive.', 'recruiting-reports' ) );
		$deadline = microtime( true ) + 20;
		$sent     = 0;
		while ( microtime( true ) < $deadline && $sent < 200 ) {
			$due = MailRepository::due( time(), 20 );
			if ( ! $due ) {
				break;
			}
			foreach ( $due as $message ) {
				if ( microtime( true ) >= $deadline ) {
					break;
				}
				$lease = time() + self::LEASE;
				if ( MailRepository::claim( $message, $lease, time() ) ) {
					self::attempt( array_merge( $message, array( 'next_attempt_at' => $lease ) ) );
					++$sent;
				}
			}
		}
		self::rearm();
		return $sent;
	}

	/**
	 * One attempt and the message's next state.
	 *
	 * @param array $message The row as claimed.
	 */
	private static function attempt( array $message ): void {
		$error    = self::send( $message );
		$now      = time();
		$attempts = (int) $message['attempts'] + 1;
		$state    = self::next_state( $attempts, null === $error, $now );
		MailRepository::record(
			$message,
			array(
				'status'          => $state['status'],
				'attempts'        => $attempts,
				'next_attempt_at' => $state['next_attempt_at'],
				'last_error'      => null === $error ? null : mb_substr( wp_strip_all_tags( $error ), 0, 1000 ),
				'sent_at'         => null === $error ? $now : null,
				'updated_at'      => $now,
			)
		);
	}

	/**
	 * A message's state after an attempt: sent; pending again after the backoff; failed after the last attempt.
	 *
	 * @param int  $attempts  Attempts made, this one included.
	 * @param bool $succeeded Whether this one succeeded.
	 * @param int  $now       Unix seconds.
	 * @return array{status:string,next_attempt_at:int|null}
	 */
	public static function next_state( int $attempts, bool $succeeded, int $now ): array {
		if ( $succeeded ) {
			return array(
				'status'          => 'sent',
				'next_attempt_at' => null,
			);
		}
		$last = $attempts >= self::max_attempts();
		return array(
			'status'          => $last ? 'failed' : 'pending',
			'next_attempt_at' => $last ? null : $now + self::BACKOFF[ $attempts - 1 ],
		);
	}

	/**
	 * Sends one message through wp_mail(): HTML with its plain-text part as multipart/alternative.
	 *
	 * @param array $message The row.
	 * @return string|null Why it failed, null when wp_mail() accepted it.
	 */
	private static function send( array $message ): ?string {
		$error   = __( 'wp_mail() refused the message.', 'recruiting-reports' );
		$text    = (string) $message['text'];
		$add_alt = static function ( $phpmailer ) use ( $text ) {
			$phpmailer->AltBody = $text; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
		};
		$failed  = static function ( $wp_error ) use ( &$error ) {
			$error = is_wp_error( $wp_error ) ? $wp_error->get_error_message() : $error;
		};
		$headers = array_merge( array( 'Content-Type: text/html; charset=UTF-8' ), (array) json_decode( (string) $message['headers'], true ) );
		add_action( 'phpmailer_init', $add_alt );
		add_action( 'wp_mail_failed', $failed );
		try {
			$sent = wp_mail( array_map( 'trim', explode( ',', (string) $message['recipients'] ) ), (string) $message['subject'], (string) $message['html'], $headers );
		} finally {
			remove_action( 'phpmailer_init', $add_alt );
			remove_action( 'wp_mail_failed', $failed );
		}
		return $sent ? null : $error;
	}

	/**
	 * Sends a failed message again: a fresh cycle of attempts.
	 *
	 * @param int $id Message id.
	 * @return bool Whether it was queued again (false: no such failed message).
	 */
	public static function retry( int $id ): bool {
		$now = time();
		if ( ! MailRepository::restart( $id, $now ) ) {
			return false;
		}
		CronEvent::ensure_by( self::CRON_HOOK, $now );
		return true;
	}

	/** Schedules the run for the earliest pending message or claim, if any. */
	public static function rearm(): void {
		$next = MailRepository::next_due_at();
		if ( null !== $next ) {
			CronEvent::ensure_by( self::CRON_HOOK, max( time(), $next ) );
		}
	}

	/**
	 * Before the webhook queue re-creates its daily housekeeping (first load after activation, which deactivation
	 * had cleared, as it cleared this queue's event): messages still pending are scheduled again at once.
	 */
	public static function rearm_after_activation(): void {
		if ( ! wp_next_scheduled( Dispatcher::MAINTENANCE_HOOK ) ) {
			self::rearm();
		}
	}

	/** Deactivation: no cron event left behind (rearm_after_activation() brings it back). */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
	}

	/** Hourly: sent and failed messages (candidates' names and addresses) are kept as long as the delivery log. */
	public static function purge(): void {
		MailRepository::delete_finished_before( time() - (int) Settings::get( 'delivery_log_days' ) * DAY_IN_SECONDS );
	}
}
