<?php
/**
 * `wp recruiting webhooks run|list|retry`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Data\DeliveryRepository;
use RecruitingReports\Data\WebhookRepository;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Webhooks\Dispatcher;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Runs and inspects webhook deliveries.
 */
final class WebhooksCommand {

	private const FIELDS = array( 'id', 'webhook_id', 'event', 'status', 'attempts', 'next_attempt_at', 'last_response_code', 'last_error', 'created_at' );

	/**
	 * Sends every delivery that is due now, as WP-Cron would.
	 *
	 * Failed attempts are rescheduled with the usual back-off, so they are not
	 * retried by this run.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting webhooks run
	 *     Success: 3 delivery attempts made; 0 deliveries pending.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function run( array $args, array $assoc_args ): void {
		unset( $args, $assoc_args );
		$attempts = 0;
		// Dispatcher::run() stops after ~20 s or 200 attempts (a cron request's budget); the CLI has none.
		do {
			$made      = Dispatcher::run();
			$attempts += $made;
		} while ( $made > 0 );
		$pending = DeliveryRepository::query( 0, 'pending', 1, 1 )['total'];
		/* translators: 1: attempts, 2: pending deliveries. */
		WP_CLI::success( sprintf( __( '%1$d delivery attempts made; %2$d deliveries pending.', 'recruiting-reports' ), $attempts, $pending ) );
	}

	/**
	 * Lists webhook deliveries, newest first.
	 *
	 * ## OPTIONS
	 *
	 * [--webhook=<id>]
	 * : Only the deliveries of this webhook.
	 *
	 * [--status=<status>]
	 * : Only deliveries in this state.
	 * ---
	 * options:
	 *   - pending
	 *   - sending
	 *   - delivered
	 *   - failed
	 * ---
	 *
	 * [--limit=<n>]
	 * : At most this many.
	 * ---
	 * default: 50
	 * ---
	 *
	 * [--fields=<fields>]
	 * : Fields to show (default: all of id, webhook_id, event, status, attempts, next_attempt_at, last_response_code, last_error, created_at).
	 *
	 * [--format=<format>]
	 * : Output format.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 *   - count
	 *   - ids
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting webhooks list --status=failed --format=ids
	 *
	 * @subcommand list
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function list_( array $args, array $assoc_args ): void {
		unset( $args );
		$webhook = 0;
		if ( isset( $assoc_args['webhook'] ) ) {
			$webhook = Input::count( $assoc_args, 'webhook', 1, PHP_INT_MAX );
			if ( ! WebhookRepository::find( $webhook ) ) {
				/* translators: %d: webhook id. */
				WP_CLI::error( sprintf( __( 'No webhook with id %d.', 'recruiting-reports' ), $webhook ) );
			}
		}
		$limit  = Input::count( $assoc_args, 'limit', 1, 10000 );
		$rows   = DeliveryRepository::query( $webhook, $assoc_args['status'] ?? null, 1, $limit )['rows'];
		$format = (string) \WP_CLI\Utils\get_flag_value( $assoc_args, 'format', 'table' );
		$items  = array_map( array( self::class, 'item' ), $rows );
		$fields = isset( $assoc_args['fields'] ) ? Input::list( (string) $assoc_args['fields'] ) : self::FIELDS;
		Commands::print_items( $format, $items, $fields );
	}

	/**
	 * Sends a delivered or failed delivery again, with a fresh cycle of attempts.
	 *
	 * It is queued for WP-Cron; add `wp recruiting webhooks run` to send it at
	 * once.
	 *
	 * ## OPTIONS
	 *
	 * <delivery-id>
	 * : The delivery's id (the id column of `wp recruiting webhooks list`).
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting webhooks retry 42 && wp recruiting webhooks run
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function retry( array $args, array $assoc_args ): void {
		unset( $assoc_args );
		$id       = ctype_digit( $args[0] ) ? (int) $args[0] : 0;
		$delivery = DeliveryRepository::find( $id );
		if ( ! $delivery ) {
			/* translators: %s: the id given. */
			WP_CLI::error( sprintf( __( 'No webhook delivery with id "%s".', 'recruiting-reports' ), $args[0] ) );
		}
		if ( ! Dispatcher::retry( $id ) ) {
			WP_CLI::error( __( 'The delivery is still being attempted.', 'recruiting-reports' ) );
		}
		/* translators: %d: delivery id. */
		WP_CLI::success( sprintf( __( 'Delivery %d is queued again.', 'recruiting-reports' ), $id ) );
	}

	/**
	 * A delivery row as a list item (times ISO 8601 UTC, as in the API).
	 *
	 * @param array $row A row of the webhook_deliveries table.
	 */
	private static function item( array $row ): array {
		$time = static fn( $value ) => null === $value ? '' : Iso8601::format( (int) $value );
		return array(
			'id'                 => (int) $row['id'],
			'webhook_id'         => (int) $row['webhook_id'],
			'event'              => (string) $row['event'],
			'status'             => (string) $row['status'],
			'attempts'           => (int) $row['attempts'],
			'next_attempt_at'    => in_array( $row['status'], array( 'pending', 'sending' ), true ) ? $time( $row['next_attempt_at'] ) : '',
			'last_response_code' => null === $row['last_response_code'] ? '' : (int) $row['last_response_code'],
			'last_error'         => (string) $row['last_error'],
			'created_at'         => $time( $row['created_at'] ),
		);
	}
}
