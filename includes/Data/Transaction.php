<?php
/**
 * One database transaction around a write that touches several rows or tables (a job and its meta, an
 * application and its first history row, a status change and its queued webhook deliveries), so that a failure
 * leaves nothing half-written. Works on MySQL/MariaDB (InnoDB) and on SQLite (WordPress's SQLite integration
 * translates START TRANSACTION). Nested calls join the outer transaction.
 *
 * - A deadlock (InnoDB chose this transaction as the victim and rolled it back) runs the work once more from
 *   the start; the next statement after the deadlock aborts the work, because InnoDB has already ended the
 *   transaction and later statements would otherwise commit one by one.
 * - after_commit() defers side effects that other requests must not see before the data (the report cache
 *   version: with a persistent object cache, another web node would read a bumped version while the write is
 *   still uncommitted, compute the report from the old rows and store it as current).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Transactions with deadlock retry and an after-commit queue.
 */
final class Transaction {

	/** How often the work runs at most when InnoDB picks it as a deadlock victim. */
	private const ATTEMPTS = 2;

	/**
	 * Nesting depth: 0 outside a transaction, 1 inside (nested calls join it).
	 *
	 * @var int
	 */
	private static int $depth = 0;

	/**
	 * Index into $EZSQL_ERROR (wpdb's error log of this request) where the current attempt began.
	 *
	 * @var int
	 */
	private static int $errors_from = 0;

	/**
	 * Callbacks to run after the outermost COMMIT, dropped on ROLLBACK.
	 *
	 * @var callable[]
	 */
	private static array $after_commit = array();

	/**
	 * Whether a transaction is open (listeners may then abort the write by throwing).
	 *
	 * @return bool
	 */
	public static function active(): bool {
		return self::$depth > 0;
	}

	/**
	 * Runs $callback after the current transaction commits (at once outside a transaction); never when it rolls
	 * back.
	 *
	 * @param callable $callback No arguments.
	 */
	public static function after_commit( callable $callback ): void {
		if ( self::$depth > 0 ) {
			self::$after_commit[] = $callback;
			return;
		}
		$callback();
	}

	/**
	 * Runs $work inside a transaction: committed unless it returns a WP_Error or false, or throws.
	 *
	 * @param callable $work Returns the result; may run twice (after a deadlock, from a rolled-back state).
	 * @return mixed The result of $work, or a 500 WP_Error when it deadlocked on every attempt.
	 * @throws \Throwable What $work throws, after the rollback.
	 */
	public static function run( callable $work ) {
		global $wpdb;
		if ( self::$depth > 0 ) {
			return $work();
		}
		// Row locks and the reads that decide a write belong on the primary (a drop-in routing by the first word of
		// a query would send SELECT … FOR UPDATE to a replica).
		ReadReplicas::use_primary();
		for ( $attempt = 1; $attempt <= self::ATTEMPTS; $attempt++ ) {
			self::$depth        = 1;
			self::$after_commit = array();
			self::$errors_from  = self::error_count();
			add_filter( 'query', array( self::class, 'abort_after_deadlock' ) );
			$wpdb->query( 'START TRANSACTION' );
			try {
				$result = $work();
			} catch ( Deadlock $e ) {
				$result = $e;
			} catch ( \Throwable $e ) {
				self::end( 'ROLLBACK' );
				throw $e;
			}
			if ( $result instanceof Deadlock || self::deadlocked() ) {
				self::end( 'ROLLBACK' );
				continue;
			}
			$commit    = ! ( $result instanceof WP_Error || false === $result );
			$callbacks = self::$after_commit;
			self::end( $commit ? 'COMMIT' : 'ROLLBACK' );
			if ( $commit ) {
				foreach ( $callbacks as $callback ) {
					$callback();
				}
			}
			return $result;
		}
		return new WP_Error( 'internal_error', __( 'The database was busy with a conflicting change; please try again.', 'recruiting-reports' ), array( 'status' => 500 ) );
	}

	/**
	 * Filter on `query` while a transaction is open: stops the work at the first statement after a deadlock.
	 *
	 * @param string $query The next statement.
	 * @return string The statement, unchanged.
	 * @throws Deadlock When the previous statement deadlocked.
	 */
	public static function abort_after_deadlock( $query ) {
		if ( self::deadlocked() ) {
			throw new Deadlock();
		}
		return $query;
	}

	/**
	 * Ends the transaction.
	 *
	 * @param string $statement COMMIT or ROLLBACK.
	 */
	private static function end( string $statement ): void {
		global $wpdb;
		remove_filter( 'query', array( self::class, 'abort_after_deadlock' ) );
		self::$depth        = 0;
		self::$after_commit = array();
		$wpdb->query( $statement ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- COMMIT or ROLLBACK, no data.
	}

	/**
	 * Whether a statement of the current attempt failed with an InnoDB deadlock (error 1213).
	 *
	 * @return bool
	 */
	private static function deadlocked(): bool {
		global $EZSQL_ERROR;
		foreach ( array_slice( (array) $EZSQL_ERROR, self::$errors_from ) as $error ) {
			if ( str_contains( (string) ( $error['error_str'] ?? '' ), 'Deadlock found' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * How many database errors this request has had so far.
	 *
	 * @return int
	 */
	private static function error_count(): int {
		global $EZSQL_ERROR;
		return count( (array) $EZSQL_ERROR );
	}
}
