<?php
/**
 * The compare-and-swap writes of the plugin's two work queues (webhook_deliveries and mail_outbox): a run claims a
 * row as it read it, and writes the outcome only while its claim still holds.
 *
 * Both statements name the row by its primary key and say so (FORCE INDEX): left to itself, MariaDB reads such an
 * UPDATE through the status_due index, whose columns it changes, and a range read of that index locks the gaps next
 * to the row. Two web nodes' cron runs — one claiming a row, one recording another — then each wait to insert into
 * a gap the other holds, and InnoDB rolls one back as a deadlock: an outcome lost, and the message sent again once
 * the claim expires (seen in the cluster suite, docs/scaling.md). Through the primary key only the row is locked.
 * SQLite, which has no such locks, ignores the hint (the SQLite Database Integration drops index hints).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Claim and settle a queue row.
 */
final class QueueClaims {

	/**
	 * Claims a row: moves it to `sending` with a lease, if it is still as read.
	 *
	 * @param string $table Full table name.
	 * @param array  $row   The row as read (id, status, next_attempt_at).
	 * @param int    $lease Until when the claim holds (unix seconds; stored in next_attempt_at).
	 * @param int    $now   Unix seconds.
	 * @return bool Whether this run claimed it (false: another run was first).
	 */
	public static function claim( string $table, array $row, int $lease, int $now ): bool {
		global $wpdb;
		return 1 === (int) $wpdb->query( $wpdb->prepare( "UPDATE %i FORCE INDEX (PRIMARY) SET status = 'sending', next_attempt_at = %d, updated_at = %d WHERE id = %d AND status = %s AND next_attempt_at = %d", $table, $lease, $now, (int) $row['id'], (string) $row['status'], (int) $row['next_attempt_at'] ) );
	}

	/**
	 * Writes a claimed row's outcome, only while the claim still holds (when the attempt outlasted the lease,
	 * another run has claimed the row again, and its outcome must not be overwritten).
	 *
	 * @param string $table   Full table name.
	 * @param array  $claimed The row as claimed (id, next_attempt_at = the lease).
	 * @param array  $columns Column => value; null writes NULL.
	 * @param array  $formats One %d/%s per column, in the same order.
	 * @return bool Whether the outcome was written.
	 */
	public static function settle( string $table, array $claimed, array $columns, array $formats ): bool {
		global $wpdb;
		$assignments = array();
		$args        = array( $table );
		foreach ( array_values( array_keys( $columns ) ) as $index => $column ) {
			$assignments[] = null === $columns[ $column ] ? '%i = NULL' : '%i = ' . $formats[ $index ];
			$args[]        = $column;
			if ( null !== $columns[ $column ] ) {
				$args[] = $columns[ $column ];
			}
		}
		array_push( $args, (int) $claimed['id'], (int) $claimed['next_attempt_at'] );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the SET list is built above from %i, %d and %s placeholders only.
		return 1 === (int) $wpdb->query( $wpdb->prepare( 'UPDATE %i FORCE INDEX (PRIMARY) SET ' . implode( ', ', $assignments ) . " WHERE id = %d AND status = 'sending' AND next_attempt_at = %d", $args ) );
	}
}
