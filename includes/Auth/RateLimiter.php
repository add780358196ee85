<?php
/**
 * Per-key request limit over fixed one-hour windows (SPEC §3), counted in the rate_limits table.
 *
 * The counter is a conditional increment, `UPDATE … SET hits = hits + 1 WHERE … AND hits < limit`: the check and
 * the increment are one atomic statement on MySQL/MariaDB and SQLite alike, so with N parallel requests over
 * the limit exactly `limit` of them are admitted (refused requests do not count). The first request of a
 * window inserts the row; a concurrent first request loses the primary-key race and falls back to the
 * conditional increment. No object cache is assumed (with one, this stays correct: it is not used).
 *
 * `X-RateLimit-Remaining` comes from the increment itself, not from a later read (which would see other requests'
 * increments too, so parallel requests would repeat values): on MySQL/MariaDB the UPDATE stores the new count in
 * LAST_INSERT_ID(expr), which the same connection reads back; on SQLite (no LAST_INSERT_ID(expr), and the MySQL
 * dialect the integration parses has no UPDATE … RETURNING) the increment and the read share one transaction, and
 * SQLite lets no other writer in before it ends.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Auth;

use RecruitingReports\Data\Schema;
use RecruitingReports\Data\Transaction;

defined( 'ABSPATH' ) || exit;

/**
 * Per-key request limit over fixed one-hour windows (SPEC §3), counted in the rate_limits table.
 */
final class RateLimiter {

	public const WINDOW = 3600;

	/**
	 * Counts one request for a key.
	 *
	 * @param int      $key_id Key id.
	 * @param int      $limit  Limit.
	 * @param int|null $now    Now.
	 * @return array{allowed:bool,limit:int,remaining:int,reset:int,retry_after:int}
	 */
	public static function hit( int $key_id, int $limit, ?int $now = null ): array {
		global $wpdb;
		$now    = $now ?? time();
		$window = $now - ( $now % self::WINDOW );
		$table  = Schema::table( 'rate_limits' );
		$limit  = max( 1, $limit );

		$allowed = false;
		$hits    = null;
		// Usually one pass; more only while concurrent first requests of a window race to create its row.
		for ( $pass = 0; $pass < 10; $pass++ ) {
			$hits = self::increment( $table, $key_id, $window, $limit );
			if ( null !== $hits ) {
				$allowed = true;
				break;
			}
			$hits = $wpdb->get_var( $wpdb->prepare( 'SELECT hits FROM %i WHERE key_id = %d AND window_start = %d', $table, $key_id, $window ) );
			if ( null !== $hits && (int) $hits >= $limit ) {
				break; // Over the limit.
			}
			if ( null === $hits ) {
				// First request of the window for this key.
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
				if ( $inserted ) {
					$allowed = true;
					$hits    = 1;
					// Older windows of this key are of no further use.
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE key_id = %d AND window_start < %d', $table, $key_id, $window ) );
					break;
				}
			}
			// The row appeared (another request created it) with room left: count again.
		}
		$reset = $window + self::WINDOW;
		return array(
			'allowed'     => $allowed,
			'limit'       => $limit,
			'remaining'   => max( 0, $limit - (int) $hits ),
			'reset'       => $reset,
			'retry_after' => max( 1, $reset - $now ),
		);
	}

	/**
	 * The conditional increment.
	 *
	 * @param string $table  The rate_limits table.
	 * @param int    $key_id API key id.
	 * @param int    $window Start of the window (unix seconds).
	 * @param int    $limit  Requests allowed in the window.
	 * @return int|null The count this request brought the window to, null when not counted (no row, or full).
	 */
	private static function increment( string $table, int $key_id, int $window, int $limit ): ?int {
		global $wpdb;
		if ( defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE ) {
			return Transaction::run(
				static function () use ( $wpdb, $table, $key_id, $window, $limit ) {
					if ( 1 !== (int) $wpdb->query( $wpdb->prepare( 'UPDATE %i SET hits = hits + 1 WHERE key_id = %d AND window_start = %d AND hits < %d', $table, $key_id, $window, $limit ) ) ) {
						return null;
					}
					return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT hits FROM %i WHERE key_id = %d AND window_start = %d', $table, $key_id, $window ) );
				}
			);
		}
		if ( 1 !== (int) $wpdb->query( $wpdb->prepare( 'UPDATE %i SET hits = LAST_INSERT_ID(hits + 1) WHERE key_id = %d AND window_start = %d AND hits < %d', $table, $key_id, $window, $limit ) ) ) {
			return null;
		}
		return (int) $wpdb->get_var( 'SELECT LAST_INSERT_ID()' );
	}

	/**
	 * Removes windows that have ended (daily maintenance).
	 *
	 * @param int|null $now Now.
	 */
	public static function purge( ?int $now = null ): void {
		global $wpdb;
		$now   = $now ?? time();
		$table = Schema::table( 'rate_limits' );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE window_start < %d', $table, $now - ( $now % self::WINDOW ) ) );
	}
}
