<?php
/**
 * The mail outbox's rows (table mail_outbox): the queue Mail\Outbox fills in a request and works off in WP-Cron,
 * and the log GET /mail-log shows.
 *
 * No message is sent twice: a run claims a message with a compare-and-swap on the row as it read it (claim()) and
 * writes the outcome only while it still holds that claim (record()); a claim whose sender died is never taken
 * again by another run but ended as failed (abandon_interrupted()), because whether it left cannot be known.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Rows of mail_outbox.
 */
final class MailRepository {

	/**
	 * Queues a message, due at once. A message whose dedupe_key is queued already is not queued again.
	 *
	 * @param array $message kind, dedupe_key (or null), application_id, recipients (string[]), subject, html, text, headers (string[]).
	 * @param int   $now     Unix seconds.
	 * @return int|null The message's id (the earlier one for a known dedupe_key), null when the insert failed.
	 */
	public static function insert( array $message, int $now ): ?int {
		global $wpdb;
		$key     = $message['dedupe_key'] ?? null;
		$earlier = null === $key ? null : self::id_of_key( $key );
		if ( null !== $earlier ) {
			return $earlier;
		}
		$inserted = $wpdb->insert(
			Schema::table( 'mail_outbox' ),
			array(
				'kind'            => (string) $message['kind'],
				'dedupe_key'      => $key,
				'application_id'  => (int) ( $message['application_id'] ?? 0 ),
				'recipients'      => implode( ', ', (array) $message['recipients'] ),
				'subject'         => (string) $message['subject'],
				'html'            => (string) $message['html'],
				'text'            => (string) $message['text'],
				'headers'         => (string) wp_json_encode( array_values( (array) ( $message['headers'] ?? array() ) ) ),
				'status'          => 'pending',
				'attempts'        => 0,
				'next_attempt_at' => $now,
				'created_at'      => $now,
				'updated_at'      => $now,
			),
			array( '%s', '%s', '%d', '%s', '%s', '%s', '%s', '%s', '%s', '%d', '%d', '%d', '%d' )
		);
		if ( $inserted ) {
			return (int) $wpdb->insert_id;
		}
		// A concurrent request may have queued the same key between the look-up and the insert (the unique key refused it).
		return null === $key ? null : self::id_of_key( $key );
	}

	/**
	 * The id of the message with a dedupe key.
	 *
	 * @param string $key Dedupe key.
	 */
	private static function id_of_key( string $key ): ?int {
		global $wpdb;
		$id = $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE dedupe_key = %s', Schema::table( 'mail_outbox' ), $key ) );
		return null === $id ? null : (int) $id;
	}

	/**
	 * Pending messages whose attempt is due, oldest due first.
	 *
	 * @param int $now   Unix seconds.
	 * @param int $limit At most this many.
	 * @return array[]
	 */
	public static function due( int $now, int $limit ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE status = 'pending' AND next_attempt_at <= %d ORDER BY next_attempt_at, id LIMIT %d", Schema::table( 'mail_outbox' ), $now, $limit ), ARRAY_A );
		return $rows ? $rows : array();
	}

	/**
	 * When the queue next needs a run: the earliest due attempt, or the end of a claim (to end it if its sender died).
	 *
	 * @return int|null Unix seconds, null when nothing is pending or being sent.
	 */
	public static function next_due_at(): ?int {
		global $wpdb;
		$next = $wpdb->get_var( $wpdb->prepare( "SELECT MIN(next_attempt_at) FROM %i WHERE status IN ('pending','sending')", Schema::table( 'mail_outbox' ) ) );
		return null === $next ? null : (int) $next;
	}

	/**
	 * Claims a pending message: compare-and-swap on the row as read, so that two runs never send it both.
	 *
	 * @param array $message The row as read.
	 * @param int   $lease   Until when the claim holds (unix seconds; stored in next_attempt_at).
	 * @param int   $now     Unix seconds.
	 * @return bool Whether this run claimed it.
	 */
	public static function claim( array $message, int $lease, int $now ): bool {
		return QueueRows::claim( Schema::table( 'mail_outbox' ), $message, $lease, $now );
	}

	/**
	 * Sets a claimed message's state after its attempt, while the claim still holds.
	 *
	 * @param array $message The row as claimed (id, next_attempt_at = the lease).
	 * @param array $state   status, attempts, next_attempt_at, last_error, sent_at, updated_at.
	 */
	public static function record( array $message, array $state ): void {
		QueueRows::settle( Schema::table( 'mail_outbox' ), $message, $state, array( '%s', '%d', '%d', '%s', '%d', '%d' ) );
	}

	/**
	 * Ends as failed every claim that expired: its sender died during the attempt (the message may have left), so
	 * it is not attempted again automatically. Each by id, while still expired (QueueRows).
	 *
	 * @param int    $now   Unix seconds.
	 * @param string $error What the log says.
	 * @return int How many.
	 */
	public static function abandon_interrupted( int $now, string $error ): int {
		$table = Schema::table( 'mail_outbox' );
		$ended = 0;
		foreach ( QueueRows::expired_claims( $table, $now ) as $claim ) {
			$ended += (int) QueueRows::settle(
				$table,
				$claim,
				array(
					'status'          => 'failed',
					'next_attempt_at' => null,
					'last_error'      => $error,
					'updated_at'      => $now,
				),
				array( '%s', '%d', '%s', '%d' )
			);
		}
		return $ended;
	}

	/**
	 * Queues a failed message again with a fresh cycle of attempts (compare-and-swap on its status, through the
	 * primary key as QueueRows explains).
	 *
	 * @param int $id  Message id.
	 * @param int $now Unix seconds.
	 * @return bool Whether it was queued again.
	 */
	public static function restart( int $id, int $now ): bool {
		global $wpdb;
		return 1 === (int) $wpdb->query( $wpdb->prepare( "UPDATE %i FORCE INDEX (PRIMARY) SET status = 'pending', attempts = 0, next_attempt_at = %d, updated_at = %d WHERE id = %d AND status = 'failed'", Schema::table( 'mail_outbox' ), $now, $now, $id ) );
	}

	/**
	 * Deletes sent and failed messages last touched before an instant (by id, in batches: QueueRows).
	 *
	 * @param int $before Unix seconds.
	 */
	public static function delete_finished_before( int $before ): void {
		QueueRows::delete_finished_before( Schema::table( 'mail_outbox' ), array( 'sent', 'failed' ), $before );
	}

	/**
	 * Deletes every message carrying an application's personal data, queued or not (its personal data was removed).
	 *
	 * @param int $application_id Application id.
	 */
	public static function delete_of_application( int $application_id ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE application_id = %d', Schema::table( 'mail_outbox' ), $application_id ) );
	}

	/**
	 * The messages of some applications, oldest first (the privacy exporter).
	 *
	 * @param int[] $application_ids Application ids.
	 * @return array<int,array[]> application id => rows
	 */
	public static function of_applications( array $application_ids ): array {
		global $wpdb;
		$application_ids = array_values( array_unique( array_map( 'intval', $application_ids ) ) );
		$result          = array_fill_keys( $application_ids, array() );
		if ( ! $application_ids ) {
			return $result;
		}
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT * FROM %i WHERE application_id IN (' . implode( ',', array_fill( 0, count( $application_ids ), '%d' ) ) . ') ORDER BY id',
				array_merge( array( Schema::table( 'mail_outbox' ) ), $application_ids )
			),
			ARRAY_A
		);
		foreach ( $rows as $row ) {
			$result[ (int) $row['application_id'] ][] = $row;
		}
		return $result;
	}

	/**
	 * A message by id, or null.
	 *
	 * @param int $id Id.
	 */
	public static function find( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'mail_outbox' ), $id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * One page of the log, newest first, with the total (an empty status matches every message).
	 *
	 * @param string $status   Status, or ''.
	 * @param int    $page     Page.
	 * @param int    $per_page Per page.
	 * @return array{rows:array[],total:int}
	 */
	public static function query( string $status, int $page, int $per_page ): array {
		global $wpdb;
		$table = Schema::table( 'mail_outbox' );
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE (%s = '' OR status = %s)", $table, $status, $status ) );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT id, kind, application_id, recipients, subject, status, attempts, next_attempt_at, last_error, created_at, updated_at, sent_at FROM %i WHERE (%s = '' OR status = %s) ORDER BY id DESC LIMIT %d OFFSET %d", $table, $status, $status, $per_page, ( $page - 1 ) * $per_page ), ARRAY_A );
		return array(
			'rows'  => $rows ? $rows : array(),
			'total' => $total,
		);
	}
}
