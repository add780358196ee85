<?php
/**
 * The writes of the plugin's two work queues (webhook_deliveries and mail_outbox) that cron runs on several web nodes
 * make at the same time: a run claims a row as it read it, writes the outcome only while its claim still holds, ends
 * claims whose sender died, and deletes finished rows.
 *
 * Every one of them reaches its rows through the primary key, which locks those rows alone. Left to itself, MariaDB
 * read a claim's or an outcome's UPDATE through the status_due index, whose columns it changes, and a range read of
 * that index locks the gaps next to the rows it reads. One node's claim and the other's outcome then each waited to
 * insert into a gap the other held, and InnoDB rolled one back as a deadlock: an outcome lost, and the message sent
 * again once the claim expired (seen in the cluster suite, docs/scaling.md). The range writes that ended expired
 * claims and deleted finished rows deadlocked with an outcome or with each other the same way. So a single row is
 * named with FORCE INDEX (PRIMARY), and a range is first read without locks and then written by id. SQLite, which
 * has no such locks, ignores the hint (the SQLite Database Integration drops index hints).
 *
 * Every change of a queue row's status sets its updated_at to the time of the change (claim, settle, restart, and the
 * insert); only the privacy eraser's redaction of a payload leaves it.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Claim, settle, end and delete queue rows.
 */
final class QueueRows {

	/** How many finished rows a purge deletes per statement. */
	private const PURGE_BATCH = 500;

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
	 * @param array  $columns Column => value, updated_at among them; null writes NULL.
	 * @param array  $formats One %d/%s per column, in the same order.
	 * @return bool Whether the outcome was written.
	 */
	public static function settle( string $table, array $claimed, array $columns, array $formats ): bool {
		global $wpdb;
		$assignments = array();
		$args        = array( $table );
		foreach ( array_keys( $columns ) as $index => $column ) {
			$args[] = $column;
			if ( null === $columns[ $column ] ) {
				$assignments[] = '%i = NULL';
			} else {
				$assignments[] = '%i = ' . $formats[ $index ];
				$args[]        = $columns[ $column ];
			}
		}
		array_push( $args, (int) $claimed['id'], (int) $claimed['next_attempt_at'] );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the SET list is built above from %i, %d and %s placeholders only.
		return 1 === (int) $wpdb->query( $wpdb->prepare( 'UPDATE %i FORCE INDEX (PRIMARY) SET ' . implode( ', ', $assignments ) . " WHERE id = %d AND status = 'sending' AND next_attempt_at = %d", $args ) );
	}

	/**
	 * Claims whose lease ran out before their outcome was written (read without locks; each to be settled).
	 *
	 * @param string $table Full table name.
	 * @param int    $now   Unix seconds.
	 * @return array[] Rows as claimed (id, status, next_attempt_at = the lease).
	 */
	public static function expired_claims( string $table, int $now ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, status, next_attempt_at FROM %i WHERE status = 'sending' AND next_attempt_at < %d ORDER BY id", $table, $now ), ARRAY_A );
		return $rows ? $rows : array();
	}

	/**
	 * Deletes finished rows last touched before an instant, a batch at a time: each batch is read without locks,
	 * then deleted by id. A row queued again since it was read has a newer updated_at and stays; updated_at
	 * is in no index, so the DELETE can only find its rows by key.
	 *
	 * @param string        $table    Full table name.
	 * @param string[]      $finished The two finished statuses.
	 * @param int           $before   Unix seconds (a day or more ago).
	 * @param callable|null $deleted  Called with each batch's deleted ids (rows of other tables that go with them).
	 */
	public static function delete_finished_before( string $table, array $finished, int $before, ?callable $deleted = null ): void {
		global $wpdb;
		do {
			$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i WHERE status IN (%s, %s) AND updated_at < %d ORDER BY id LIMIT %d', $table, $finished[0], $finished[1], $before, self::PURGE_BATCH ) ) );
			if ( ! $ids ) {
				return;
			}
			$in = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is a list of %d placeholders.
			$wpdb->query( $wpdb->prepare( "DELETE FROM %i WHERE id IN ($in) AND updated_at < %d", array_merge( array( $table ), $ids, array( $before ) ) ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is a list of %d placeholders.
			$kept = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM %i WHERE id IN ($in)", array_merge( array( $table ), $ids ) ) ) );
			$gone = array_values( array_diff( $ids, $kept ) );
			if ( ! $gone ) {
				return; // Nothing could be deleted (a failed statement): the next run tries again.
			}
			if ( null !== $deleted ) {
				$deleted( $gone );
			}
			$more = self::PURGE_BATCH === count( $ids );
		} while ( $more );
	}
}
