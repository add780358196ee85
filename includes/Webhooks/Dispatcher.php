<?php
/**
 * Webhook delivery (docs/api.md#resources): every domain event is queued as one delivery row per subscribed, active webhook, in
 * the request (and the database transaction) that makes the change; WP-Cron sends them later, never inside the
 * user's request.
 *
 * A delivery is a POST of a JSON body `{"id": <delivery uuid>, "event": …, "created_at": …, "data": …}` (`data` is
 * what the REST API returns for the record), signed with HMAC-SHA256 over "<timestamp>.<body>" with the webhook's
 * secret: headers X-Recruiting-Signature: sha256=<hex>, X-Recruiting-Timestamp (unix seconds of this attempt),
 * X-Recruiting-Event, X-Recruiting-Delivery (the uuid, stable across retries, for de-duplication). Any 2xx is
 * success; anything else (including redirects, which are not followed) is retried with backoff — 1 min, 5 min,
 * 30 min, 2 h, 6 h, 12 h, 24 h: 8 attempts over about two days — and every attempt is logged. A webhook is never
 * switched off by failures; a failed delivery can be sent again with POST …/deliveries/{id}/retry.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Webhooks;

use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\DeliveryRepository;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Data\SecretBox;
use RecruitingReports\Data\Settings;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Data\WebhookRepository;
use RecruitingReports\Domain\CronEvent;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\Iso8601;

defined( 'ABSPATH' ) || exit;

/**
 * Webhook delivery (docs/api.md#resources): every domain event is queued as one delivery row per subscribed, active webhook, in the request (and the database transaction) that makes the change; WP-Cron sends them later, never inside the user's request.
 */
final class Dispatcher {

	/** WP-Cron hook that sends due deliveries (the test support runs every recruiting_reports* hook). */
	public const CRON_HOOK = 'recruiting_reports_deliver_webhooks';

	/** Daily housekeeping: ended rate-limit windows, and a safety net for the queue. */
	public const MAINTENANCE_HOOK = 'recruiting_reports_maintenance';

	/** Hourly: finished deliveries older than the setting delivery_log_days are deleted (their payloads hold personal data). */
	public const PURGE_HOOK = 'recruiting_reports_purge_deliveries';

	/** Seconds to wait after the n-th failed attempt (index n-1); its length + 1 is the number of attempts. */
	public const BACKOFF = array( 60, 300, 1800, 7200, 21600, 43200, 86400 );

	public const TEST_EVENT = 'webhook.test';

	/** A claimed delivery whose sender died is picked up again after this many seconds. */
	private const LEASE = 300;

	/** Per attempt. */
	private const TIMEOUT = 10;

	/**
	 * Hooks the queue into events and WP-Cron.
	 */
	public static function register(): void {
		add_action( Events::EVENT_ACTION, array( self::class, 'on_event' ), 10, 2 );
		add_action( self::CRON_HOOK, array( self::class, 'run' ) );
		add_action( self::MAINTENANCE_HOOK, array( self::class, 'maintenance' ) );
		add_action( self::PURGE_HOOK, array( self::class, 'purge' ) );
		add_action( 'init', array( self::class, 'ensure_maintenance' ) );
	}

	/**
	 * Attempts before a delivery is failed.
	 */
	public static function max_attempts(): int {
		return count( self::BACKOFF ) + 1;
	}

	/**
	 * Listener of Events::EVENT_ACTION: queues the event for every active webhook subscribed to it.
	 *
	 * @param string $event   One of Events::ALL.
	 * @param array  $payload What the writer emitted (ids, and for jobs the job's representation).
	 * @throws \RuntimeException When a delivery cannot be queued: the writer's transaction then rolls back.
	 */
	public static function on_event( $event, $payload ): void {
		$event = (string) $event;
		if ( ! in_array( $event, Events::ALL, true ) ) {
			return;
		}
		$webhooks = WebhookRepository::subscribers( $event );
		if ( ! $webhooks ) {
			return;
		}
		$data = self::event_data( $event, is_array( $payload ) ? $payload : array() );
		if ( null === $data ) {
			return;
		}
		foreach ( $webhooks as $webhook ) {
			if ( null === self::enqueue( (int) $webhook['id'], $event, $data ) && Transaction::active() ) {
				// Inside a write's transaction the change and its deliveries are all or nothing: the controller's
				// transaction rolls back and answers 500, so a receiver never silently misses an event.
				throw new \RuntimeException( 'A webhook delivery could not be queued.' );
			}
		}
	}

	/**
	 * Queues one delivery and makes sure the cron event will run.
	 *
	 * @param int    $webhook_id Webhook id.
	 * @param string $event      Event.
	 * @param array  $data       Data.
	 * @return int|null The delivery id.
	 */
	public static function enqueue( int $webhook_id, string $event, array $data ): ?int {
		/**
		 * Filters the `data` of a webhook delivery before it is queued (the envelope id, event and created_at stay
		 * as they are, and the body is signed as filtered): for example to add fields a receiver needs or to leave
		 * out personal data it must not get.
		 *
		 * @param array  $data       The record as the API shows it (`job`, or `application` with `from`/`to`).
		 * @param string $event      Event name (job.created, application.status_changed, webhook.test, …).
		 * @param int    $webhook_id The receiving webhook.
		 */
		$data = (array) apply_filters( 'recruiting_reports_webhook_payload', $data, $event, $webhook_id );
		$now  = time();
		$uuid = wp_generate_uuid4();
		$body = wp_json_encode(
			array(
				'id'         => $uuid,
				'event'      => $event,
				'created_at' => Iso8601::format( $now ),
				'data'       => $data,
			),
			JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
		);
		if ( false === $body ) {
			return null;
		}
		$id = DeliveryRepository::insert( $webhook_id, $uuid, $event, $body, $now );
		if ( null === $id ) {
			return null;
		}
		self::schedule( $now );
		return $id;
	}

	/**
	 * The `data` of an event's body: the API representation of the record (null when it is gone).
	 *
	 * @param string $event   Event.
	 * @param array  $payload Payload.
	 */
	private static function event_data( string $event, array $payload ): ?array {
		if ( str_starts_with( $event, 'job.' ) ) {
			if ( isset( $payload['job'] ) && is_array( $payload['job'] ) ) {
				return array( 'job' => $payload['job'] );
			}
			$post = JobRepository::get( (int) ( $payload['job_id'] ?? 0 ) );
			return $post ? array( 'job' => Presenter::job( $post ) ) : null;
		}
		if ( isset( $payload['application'] ) && is_array( $payload['application'] ) ) {
			return array( 'application' => $payload['application'] ); // Gone already (application.deleted).
		}
		$row = ApplicationRepository::find( (int) ( $payload['application_id'] ?? 0 ) );
		if ( ! $row ) {
			return null;
		}
		$data = array( 'application' => Presenter::application( $row ) );
		if ( Events::APPLICATION_STATUS_CHANGED === $event ) {
			$data['from'] = (string) ( $payload['from'] ?? '' );
			$data['to']   = (string) ( $payload['to'] ?? '' );
		}
		if ( Events::APPLICATION_STALE === $event ) {
			// The stage it waits in and that stage's threshold (StaleAlerts); the application holds days_in_stage.
			$data['stage']          = (string) ( $payload['stage'] ?? '' );
			$data['threshold_days'] = (int) ( Settings::get( 'stale_days' )[ $data['stage'] ] ?? 0 );
		}
		return $data;
	}

	/**
	 * Makes sure the delivery cron event runs at $at at the latest.
	 *
	 * @param int $at At.
	 */
	public static function schedule( int $at ): void {
		CronEvent::ensure_by( self::CRON_HOOK, $at );
	}

	/**
	 * WP-Cron (and `wp recruiting webhooks run`): sends due deliveries for up to ~20 seconds, then
	 * reschedules itself for what is left.
	 *
	 * @return int Attempts made.
	 */
	public static function run(): int {
		$deadline = microtime( true ) + 20;
		$sent     = 0;
		while ( microtime( true ) < $deadline && $sent < 200 ) {
			$due = DeliveryRepository::due( time(), 20 );
			if ( ! $due ) {
				break;
			}
			foreach ( $due as $delivery ) {
				if ( microtime( true ) >= $deadline ) {
					break;
				}
				$claimed = self::claim( $delivery );
				if ( null !== $claimed ) {
					self::attempt( $claimed );
					++$sent;
				}
			}
		}
		self::rearm();
		return $sent;
	}

	/**
	 * Compare-and-swap on the row as read, so that two cron runs never send the same attempt.
	 *
	 * @param array $delivery The row as read.
	 * @return array|null The row as claimed (its lease in next_attempt_at), null when another run was first.
	 */
	private static function claim( array $delivery ): ?array {
		$now   = time();
		$lease = $now + self::LEASE;
		if ( ! DeliveryRepository::claim( $delivery, $lease, $now ) ) {
			return null;
		}
		return array_merge(
			$delivery,
			array(
				'status'          => 'sending',
				'next_attempt_at' => $lease,
			)
		);
	}

	/**
	 * One attempt: sign, send, log, and set the delivery's next state.
	 *
	 * @param array $delivery Delivery.
	 */
	private static function attempt( array $delivery ): void {
		$webhook = WebhookRepository::find( (int) $delivery['webhook_id'] );
		$started = microtime( true );
		$code    = null;
		$error   = null;
		if ( ! $webhook ) {
			$error = __( 'The webhook no longer exists.', 'recruiting-reports' );
		} else {
			$secret = SecretBox::open( (string) $webhook['secret_encrypted'] );
			$vetted = UrlGuard::vet( (string) $webhook['url'] );
			if ( null === $secret ) {
				$error = __( 'The signing secret cannot be decrypted (were the site\'s salts changed?); rotate the secret.', 'recruiting-reports' );
			} elseif ( is_wp_error( $vetted ) ) {
				$error = __( 'Refused: ', 'recruiting-reports' ) . $vetted->get_error_message();
			} else {
				$response = self::send( (string) $webhook['url'], $vetted, $secret, $delivery );
				if ( is_wp_error( $response ) ) {
					$error = $response->get_error_message();
				} else {
					$code = (int) wp_remote_retrieve_response_code( $response );
					if ( $code < 200 || $code > 299 ) {
						/* translators: %d: HTTP status code. */
						$error = sprintf( __( 'The receiver answered HTTP %d.', 'recruiting-reports' ), $code );
					}
				}
			}
		}
		self::record( $delivery, $code, $error, (int) round( ( microtime( true ) - $started ) * 1000 ) );
	}

	/**
	 * Sends one attempt to the addresses UrlGuard vetted.
	 *
	 * @param string $url      Webhook URL.
	 * @param array  $vetted   UrlGuard::vet()'s result for it.
	 * @param string $secret   Signing secret.
	 * @param array  $delivery Delivery row.
	 * @return array|\WP_Error wp_safe_remote_post()'s result.
	 */
	private static function send( string $url, array $vetted, string $secret, array $delivery ) {
		$timestamp = time();
		$body      = (string) $delivery['payload'];
		$args      = array(
			'timeout'             => self::TIMEOUT,
			'redirection'         => 0,
			'user-agent'          => 'RecruitingReports/' . ( defined( 'RECRUITING_REPORTS_VERSION' ) ? RECRUITING_REPORTS_VERSION : '1' ) . '; ' . home_url( '/' ),
			'limit_response_size' => 65536,
			'headers'             => array(
				'Content-Type'           => 'application/json; charset=utf-8',
				'X-Recruiting-Signature' => 'sha256=' . hash_hmac( 'sha256', $timestamp . '.' . $body, $secret ),
				'X-Recruiting-Timestamp' => (string) $timestamp,
				'X-Recruiting-Event'     => (string) $delivery['event'],
				'X-Recruiting-Delivery'  => (string) $delivery['delivery_uuid'],
			),
			'body'                => $body,
		);
		// UrlGuard has vetted the address; WordPress's own safe-URL check still applies, with two relaxations: any
		// port (WordPress allows only 80, 443 and 8080), and private addresses where UrlGuard allows them (local).
		$port          = (int) wp_parse_url( $url, PHP_URL_PORT );
		$allow_port    = static fn( $ports ) => array_merge( (array) $ports, $port ? array( $port ) : array() );
		$allow_private = static fn() => true;
		// The connection goes to the addresses vetted a moment ago, not to whatever DNS answers when cURL looks the
		// name up again (DNS rebinding); TLS still verifies the certificate against the host name.
		$pin = static function ( $handle, $parsed_args, $request_url ) use ( $url, $vetted ) {
			if ( $request_url === $url && $vetted['addresses'] && defined( 'CURLOPT_RESOLVE' ) ) {
				$addresses = array_map( static fn( $ip ) => str_contains( $ip, ':' ) ? '[' . $ip . ']' : $ip, $vetted['addresses'] );
				curl_setopt( $handle, CURLOPT_RESOLVE, array( $vetted['host'] . ':' . $vetted['port'] . ':' . implode( ',', $addresses ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt -- WordPress's HTTP API hands over its own cURL handle for exactly this.
			}
		};
		add_filter( 'http_allowed_safe_ports', $allow_port );
		add_action( 'http_api_curl', $pin, 10, 3 );
		if ( UrlGuard::allow_private() ) {
			add_filter( 'http_request_host_is_external', $allow_private );
		}
		try {
			return wp_safe_remote_post( $url, $args );
		} finally {
			remove_filter( 'http_allowed_safe_ports', $allow_port );
			remove_action( 'http_api_curl', $pin, 10 );
			remove_filter( 'http_request_host_is_external', $allow_private );
		}
	}

	/**
	 * Logs the attempt and moves the delivery to delivered, pending (with its next time) or failed — only while
	 * this run still holds the claim: when the send outlasted the lease, another run has claimed the delivery
	 * again (and may have delivered it already), and its outcome must not be overwritten by this one.
	 *
	 * @param array       $delivery    The row as claimed by claim().
	 * @param int|null    $code        HTTP status of the receiver's answer.
	 * @param string|null $error       Why the attempt failed, null on success.
	 * @param int         $duration_ms Time the attempt took.
	 */
	private static function record( array $delivery, ?int $code, ?string $error, int $duration_ms ): void {
		$now   = time();
		$error = null === $error ? null : mb_substr( wp_strip_all_tags( $error ), 0, 1000 );
		DeliveryRepository::record(
			$delivery,
			array(
				'attempted_at'  => $now,
				'response_code' => $code,
				'error'         => $error,
				'duration_ms'   => max( 0, $duration_ms ),
			),
			self::next_state( (int) $delivery['attempts'] + 1, null === $error, $now )
		);
	}

	/**
	 * A delivery's state after an attempt: delivered on success; after a failure pending again with the backoff
	 * of that attempt, or failed when it was the last.
	 *
	 * @param int  $attempts  Attempts made so far, this one included.
	 * @param bool $succeeded Whether this attempt succeeded.
	 * @param int  $now       Unix seconds of this attempt.
	 * @return array{status:string,attempts:int,next_attempt_at:int|null}
	 */
	public static function next_state( int $attempts, bool $succeeded, int $now ): array {
		if ( $succeeded ) {
			$status = 'delivered';
			$next   = null;
		} elseif ( $attempts >= self::max_attempts() ) {
			$status = 'failed';
			$next   = null;
		} else {
			$status = 'pending';
			$next   = $now + self::BACKOFF[ $attempts - 1 ];
		}
		return array(
			'status'          => $status,
			'attempts'        => $attempts,
			'next_attempt_at' => $next,
		);
	}

	/**
	 * Sends a failed (or delivered) delivery again: a fresh cycle of attempts, the log keeps the old ones.
	 * A delivery still pending or being sent is left alone (compare-and-swap on its status).
	 *
	 * @param int $delivery_id Delivery id.
	 * @return bool Whether it was queued again (false: no such finished delivery).
	 */
	public static function retry( int $delivery_id ): bool {
		$now = time();
		if ( ! DeliveryRepository::restart( $delivery_id, $now ) ) {
			return false;
		}
		self::schedule( $now );
		return true;
	}

	/** On every load (one autoloaded option read): the daily event exists; when it had to be created (first run,
	 * or after deactivation cleared it) pending deliveries are re-armed too. */
	public static function ensure_maintenance(): void {
		if ( ! wp_next_scheduled( self::MAINTENANCE_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::MAINTENANCE_HOOK );
			self::rearm();
		}
		if ( ! wp_next_scheduled( self::PURGE_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', self::PURGE_HOOK );
		}
	}

	/** Schedules the delivery run for the earliest pending delivery, if any. */
	public static function rearm(): void {
		$next = DeliveryRepository::next_due_at();
		if ( null !== $next ) {
			self::schedule( max( time(), $next ) );
		}
	}

	/** Deactivation: no cron events are left behind (they are re-created on the next load after activation). */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
		wp_clear_scheduled_hook( self::MAINTENANCE_HOOK );
		wp_clear_scheduled_hook( self::PURGE_HOOK );
	}

	/** Daily: forget ended rate-limit windows; re-arm the queue if needed. */
	public static function maintenance(): void {
		self::rearm();
	}

	/**
	 * Hourly: deletes delivered and failed deliveries (with their attempts) last touched more than delivery_log_days
	 * ago, so the payloads — candidates' names and addresses among them — are kept no longer than the admin chose
	 * (give or take the hour). Pending deliveries stay until they are delivered or fail (about two days at most).
	 */
	public static function purge(): void {
		DeliveryRepository::delete_finished_before( time() - (int) Settings::get( 'delivery_log_days' ) * DAY_IN_SECONDS );
	}
}
