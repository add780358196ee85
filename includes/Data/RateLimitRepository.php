<?php
/**
 * The rate_limits table: one row per API key and one-hour window, counting the requests admitted in it
 * (Auth\RateLimiter decides; the statements that keep the count exact under concurrency are here).
 *
 * The counter is a conditional increment, `UPDATE … SET hits = hits + 1 WHERE … AND hits < limit`: the check and
 * the increment are one atomic statement on MySQL/MariaDB and SQLite alike, so with N parallel requests over
 * the limit exactly `limit` of them are admitted (refused requests do not count).
 *
 * The count an increment reached comes from the increment itself, not from a later read (which would see other
 * requests' increments too, so parallel requests would repeat values): on MySQL/MariaDB the UPDATE stores the new
 * count in LAST_INSERT_ID(expr), which the same connection reads back; on SQLite (no LAST_INSERT_ID(expr), and the
 * MySQL dialect the integration parses has no UPDATE … RETURNING) the increment and the read share one
 * transaction, and SQLite lets no other writer in before it ends.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Request counts per key and window.
 */
final class RateLimitRepository {

	/**
	 * The conditional increment.
	 *
	 * @param int $key_id API key id.
	 * @param int $window Start of the window (unix seconds).
	 * @param int $limit  Requests allowed in the window.
	 * @return int|null The count this request brought the window to, null when not counted (no row, or full).
	 */
	public static function increment( int $key_id, int $window, int $limit ): ?int {
		global $wpdb;
		$table = Schema::table( 'rate_limits' );
		if ( defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE ) {
			return Transaction::run(
				static function () use ( $wpdb, $table, $key_id, $window, $limit ) {
					if ( 1 !== (int) $wpdb->query( $wpdb->prepare( 'UPDATE %i SET hits = hits + 1 WHERE key_id = %d AND window_start = %d AND hits < %d', $table, $key_id, $window, $limit ) ) ) {
						return null;
					}
					return self::hits( $key_id, $window );
				}
			);
		}
		if ( 1 !== (int) $wpdb->query( $wpdb->prepare( 'UPDATE %i SET hits = LAST_INSERT_ID(hits + 1) WHERE key_id = %d AND window_start = %d AND hits < %d', $table, $key_id, $window, $limit ) ) ) {
			return null;
		}
		return (int) $wpdb->get_var( 'SELECT LAST_INSERT_ID()' );
	}

	/**
	 * The count of a key's window.
	 *
	 * @param int $key_id API key id.
	 * @param int $window Start of the window.
	 * @return int|null Null when the window has no row yet.
	 */
	public static function hits( int $key_id, int $window ): ?int {
		global $wpdb;
		$hits = $wpdb->get_var( $wpdb->prepare( 'SELECT hits FROM %i WHERE key_id = %d AND window_start = %d', Schema::table( 'rate_limits' ), $key_id, $window ) );
		return null === $hits ? null : (int) $hits;
	}

	/**
	 * Creates a window's row with its first request counted; a concurrent first request that created it already
	 * makes this one fail (primary key), quietly. On success the key's older windows are deleted (of no further use).
	 *
	 * @param int $key_id API key id.
	 * @param int $window Start of the window.
	 * @return bool Whether this request created the row.
	 */
	public static function open_window( int $key_id, int $window ): bool {
		global $wpdb;
		$table    = Schema::table( 'rate_limits' );
		$suppress = $wpdb->suppress_errors( true );
		$inserted = $wpdb->insert(
			$table,
			array(
				'key_id'       => $key_id,
				'window_start' => $window,
				'hits'         => 1,
			),
			array( '%d', '%d', '%d' )
		);
		$wpdb->suppress_errors( $suppress );
		if ( ! $inserted ) {
			return false;
		}
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE key_id = %d AND window_start < %d', $table, $key_id, $window ) );
		return true;
	}

	/**
	 * Deletes every key's windows that started before $window.
	 *
	 * @param int $window Start of the current window.
	 */
	public static function delete_before( int $window ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE window_start < %d', Schema::table( 'rate_limits' ), $window ) );
	}
}
