<?php
/**
 * Webhook deliveries and their attempts in the plugin's tables: the queue Webhooks\Dispatcher fills and works off,
 * the log the API and WP-CLI show, and what the privacy eraser redacts.
 *
 * Two cron runs never send the same attempt: a run claims a delivery with a compare-and-swap on the row as it read
 * it (claim()), and writes the outcome only while it still holds that claim (record()); both through QueueRows,
 * like the purge.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Delivery and attempt rows.
 */
final class DeliveryRepository {

	/**
	 * Queues a delivery, due at once.
	 *
	 * @param int    $webhook_id Webhook id.
	 * @param string $uuid       Delivery uuid (stable across retries).
	 * @param string $event      Event name.
	 * @param string $payload    JSON body.
	 * @param int    $now        Unix seconds.
	 * @return int|null The delivery id, null when the insert failed.
	 */
	public static function insert( int $webhook_id, string $uuid, string $event, string $payload, int $now ): ?int {
		global $wpdb;
		$inserted = $wpdb->insert(
			Schema::table( 'webhook_deliveries' ),
			array(
				'webhook_id'      => $webhook_id,
				'delivery_uuid'   => $uuid,
				'event'           => $event,
				'payload'         => $payload,
				'status'          => 'pending',
				'attempts'        => 0,
				'next_attempt_at' => $now,
				'created_at'      => $now,
				'updated_at'      => $now,
			),
			array( '%d', '%s', '%s', '%s', '%s', '%d', '%d', '%d', '%d' )
		);
		return $inserted ? (int) $wpdb->insert_id : null;
	}

	/**
	 * Deliveries due for an attempt (pending, or sending with an expired lease), oldest due first.
	 *
	 * @param int $now   Unix seconds.
	 * @param int $limit At most this many.
	 * @return array[]
	 */
	public static function due( int $now, int $limit ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE status IN ('pending','sending') AND next_attempt_at <= %d ORDER BY next_attempt_at, id LIMIT %d", Schema::table( 'webhook_deliveries' ), $now, $limit ), ARRAY_A );
		return $rows ? $rows : array();
	}

	/**
	 * When the next attempt of any unfinished delivery is due.
	 *
	 * @return int|null Unix seconds, null when nothing is pending.
	 */
	public static function next_due_at(): ?int {
		global $wpdb;
		$next = $wpdb->get_var( $wpdb->prepare( "SELECT MIN(next_attempt_at) FROM %i WHERE status IN ('pending','sending')", Schema::table( 'webhook_deliveries' ) ) );
		return null === $next ? null : (int) $next;
	}

	/**
	 * Claims a delivery: compare-and-swap on the row as read, so that two cron runs never send the same attempt.
	 *
	 * @param array $delivery The row as read.
	 * @param int   $lease    Until when the claim holds (unix seconds; stored in next_attempt_at).
	 * @param int   $now      Unix seconds.
	 * @return bool Whether this run claimed it (false: another run was first).
	 */
	public static function claim( array $delivery, int $lease, int $now ): bool {
		return QueueRows::claim( Schema::table( 'webhook_deliveries' ), $delivery, $lease, $now );
	}

	/**
	 * Logs an attempt and sets the delivery's new state — only while the claim still holds: when the send outlasted
	 * the lease, another run has claimed the delivery again, and its outcome must not be overwritten.
	 *
	 * @param array $delivery The row as claimed (id, next_attempt_at = the lease).
	 * @param array $attempt  attempted_at, response_code, error, duration_ms.
	 * @param array $state    status, attempts, next_attempt_at.
	 */
	public static function record( array $delivery, array $attempt, array $state ): void {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'webhook_attempts' ),
			array(
				'delivery_id'   => (int) $delivery['id'],
				'attempted_at'  => $attempt['attempted_at'],
				'response_code' => $attempt['response_code'],
				'error'         => $attempt['error'],
				'duration_ms'   => $attempt['duration_ms'],
			),
			array( '%d', '%d', '%d', '%s', '%d' )
		);
		QueueRows::settle(
			Schema::table( 'webhook_deliveries' ),
			$delivery,
			array(
				'status'             => $state['status'],
				'attempts'           => $state['attempts'],
				'next_attempt_at'    => $state['next_attempt_at'],
				'last_response_code' => $attempt['response_code'],
				'last_error'         => $attempt['error'],
				'updated_at'         => $attempt['attempted_at'],
			),
			array( '%s', '%d', '%d', '%d', '%s', '%d' )
		);
	}

	/**
	 * Starts a finished (delivered or failed) delivery's attempts afresh; one still pending or being sent is left
	 * alone (compare-and-swap on its status, through the primary key as QueueRows explains). The log keeps the old
	 * attempts.
	 *
	 * @param int $id  Delivery id.
	 * @param int $now Unix seconds.
	 * @return bool Whether it was queued again.
	 */
	public static function restart( int $id, int $now ): bool {
		global $wpdb;
		return 1 === (int) $wpdb->query( $wpdb->prepare( "UPDATE %i FORCE INDEX (PRIMARY) SET status = 'pending', attempts = 0, next_attempt_at = %d, updated_at = %d WHERE id = %d AND status IN ('delivered', 'failed')", Schema::table( 'webhook_deliveries' ), $now, $now, $id ) );
	}

	/**
	 * Deletes finished deliveries last touched before an instant, with their attempts (by id, in batches: the hourly
	 * purge may run on two web nodes at once, QueueRows).
	 *
	 * @param int $before Unix seconds.
	 */
	public static function delete_finished_before( int $before ): void {
		QueueRows::delete_finished_before(
			Schema::table( 'webhook_deliveries' ),
			array( 'delivered', 'failed' ),
			$before,
			static function ( array $ids ): void {
				global $wpdb;
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE delivery_id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ')', array_merge( array( Schema::table( 'webhook_attempts' ) ), $ids ) ) );
			}
		);
	}

	/**
	 * Deletes a webhook's deliveries with their attempts (inside the webhook's deletion).
	 *
	 * @param int $webhook_id Webhook id.
	 */
	public static function delete_of_webhook( int $webhook_id ): void {
		global $wpdb;
		$deliveries = Schema::table( 'webhook_deliveries' );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE delivery_id IN (SELECT id FROM %i WHERE webhook_id = %d)', Schema::table( 'webhook_attempts' ), $deliveries, $webhook_id ) );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE webhook_id = %d', $deliveries, $webhook_id ) );
	}

	/**
	 * A delivery row by id, or null.
	 *
	 * @param int $id Id.
	 */
	public static function find( int $id ): ?array {
		global $wpdb;
		$table = Schema::table( 'webhook_deliveries' );
		$row   = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', $table, $id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * One page of a webhook's deliveries, newest first, with the total.
	 *
	 * @param int         $webhook_id Webhook id.
	 * @param string|null $status     Status.
	 * @param int         $page       Page.
	 * @param int         $per_page   Per page.
	 * @return array{rows:array[],total:int} A webhook's deliveries (every webhook's for 0), newest first.
	 */
	public static function query( int $webhook_id, ?string $status, int $page, int $per_page ): array {
		global $wpdb;
		$table = Schema::table( 'webhook_deliveries' );
		// Webhook 0 and an empty status match every delivery: one literal statement with or without the filters.
		$status = (string) $status;
		$total  = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE (%d = 0 OR webhook_id = %d) AND (%s = '' OR status = %s)", $table, $webhook_id, $webhook_id, $status, $status ) );
		$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE (%d = 0 OR webhook_id = %d) AND (%s = '' OR status = %s) ORDER BY id DESC LIMIT %d OFFSET %d", $table, $webhook_id, $webhook_id, $status, $status, $per_page, ( $page - 1 ) * $per_page ), ARRAY_A );
		return array(
			'rows'  => $rows ? $rows : array(),
			'total' => $total,
		);
	}

	/**
	 * Attempts of some deliveries, oldest first.
	 *
	 * @param int[] $delivery_ids Delivery ids.
	 * @return array<int,array[]> delivery id => attempt rows
	 */
	public static function attempts( array $delivery_ids ): array {
		global $wpdb;
		$delivery_ids = array_values( array_unique( array_map( 'intval', $delivery_ids ) ) );
		$result       = array_fill_keys( $delivery_ids, array() );
		if ( ! $delivery_ids ) {
			return $result;
		}
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT * FROM %i WHERE delivery_id IN (' . implode( ',', array_fill( 0, count( $delivery_ids ), '%d' ) ) . ') ORDER BY id',
				array_merge( array( Schema::table( 'webhook_attempts' ) ), $delivery_ids )
			),
			ARRAY_A
		);
		foreach ( $rows as $row ) {
			$result[ (int) $row['delivery_id'] ][] = $row;
		}
		return $result;
	}

	/**
	 * Deliveries whose payload contains a string somewhere (an e-mail address), oldest first, with their webhook's
	 * URL: a superset to narrow what the caller decodes and compares exactly (`ann@` is inside `joann@`).
	 *
	 * @param string $needle What the payload contains (compared as LIKE does: case-insensitively for ASCII).
	 * @param int    $limit  At most this many.
	 * @param int    $after  Only ids above this one.
	 * @return array[] Delivery rows plus `url`.
	 */
	public static function mentioning( string $needle, int $limit, int $after = 0 ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT d.*, w.url FROM %i d LEFT JOIN %i w ON w.id = d.webhook_id WHERE d.id > %d AND d.payload LIKE %s ORDER BY d.id LIMIT %d', Schema::table( 'webhook_deliveries' ), Schema::table( 'webhooks' ), $after, '%' . $wpdb->esc_like( $needle ) . '%', $limit ), ARRAY_A );
		return $rows ? $rows : array();
	}

	/**
	 * Replaces a delivery's payload (the privacy eraser's redaction; a pending delivery then sends the new one).
	 *
	 * @param int    $id      Delivery id.
	 * @param string $payload New JSON body.
	 * @return bool
	 */
	public static function replace_payload( int $id, string $payload ): bool {
		global $wpdb;
		return false !== $wpdb->update( Schema::table( 'webhook_deliveries' ), array( 'payload' => $payload ), array( 'id' => $id ), array( '%s' ), array( '%d' ) );
	}
}
