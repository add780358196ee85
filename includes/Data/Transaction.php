<?php
/**
 * One database transaction around a write that touches several rows or tables (a job and its meta, an
 * application and its first history row, a status change and its queued webhook deliveries), so that a failure
 * leaves nothing half-written. Works on MySQL/MariaDB (InnoDB) and on SQLite (WordPress's SQLite integration
 * translates START TRANSACTION). Nested calls join the outer transaction.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Transaction {

	private static int $depth = 0;

	/** Whether a transaction is open (listeners may then abort the write by throwing). */
	public static function active(): bool {
		return self::$depth > 0;
	}

	/**
	 * Runs $work inside a transaction: committed unless it returns a WP_Error or false, or throws.
	 *
	 * @param callable $work Returns the result.
	 * @return mixed The result of $work.
	 */
	public static function run( callable $work ) {
		global $wpdb;
		if ( self::$depth > 0 ) {
			return $work();
		}
		++self::$depth;
		$wpdb->query( 'START TRANSACTION' );
		try {
			$result = $work();
		} catch ( \Throwable $e ) {
			$wpdb->query( 'ROLLBACK' );
			--self::$depth;
			throw $e;
		}
		--self::$depth;
		if ( $result instanceof WP_Error || false === $result ) {
			$wpdb->query( 'ROLLBACK' );
		} else {
			$wpdb->query( 'COMMIT' );
		}
		return $result;
	}
}
