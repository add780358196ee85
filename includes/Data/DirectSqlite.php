<?php
/**
 * Multi-row writes straight to SQLite when the site runs on the SQLite Database Integration drop-in (Playground,
 * WordPress on SQLite), instead of through its MySQL emulation (docs/reports.md "Summary tables").
 *
 * The drop-in parses every MySQL statement with a MySQL grammar written in PHP before it translates it, and a
 * multi-row INSERT is thousands of tokens: at 1,500 applications a summary rebuild spent 17 of its 18 seconds parsing
 * its 109 statements (about 150–300 µs per row of four values). Its driver hands out its SQLite connection for this
 * (`WP_MySQL_On_SQLite::get_sqlite_pdo()`, "for advanced use, bypassing MySQL emulation"): the same rows as one
 * prepared native statement per chunk, values bound, take a few µs each. Only plain INSERT and INSERT … ON CONFLICT
 * of integers, text and NULL into the plugin's own tables go this way, so the emulation has nothing to add.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Multi-row writes straight to SQLite under the SQLite Database Integration drop-in.
 */
final class DirectSqlite {

	/** What a conflicting row's column becomes: itself plus the new value, or the new value. */
	public const ADD     = 'add';
	public const REPLACE = 'replace';

	/** Bound values per statement: SQLite's smallest SQLITE_MAX_VARIABLE_NUMBER (999 before 3.32). */
	private const MAX_VALUES = 999;

	/**
	 * The drop-in's SQLite connection, or null on MySQL/MariaDB (or a drop-in without that driver).
	 */
	public static function connection(): ?\PDO {
		global $wpdb;
		$driver = $wpdb->dbh ?? null; // wpdb::__get() reads its protected connection.
		return is_object( $driver ) && method_exists( $driver, 'get_sqlite_pdo' ) ? $driver->get_sqlite_pdo() : null;
	}

	/**
	 * Inserts rows, updating the rows whose key exists already as $update says (none: a conflict is an error).
	 *
	 * @param \PDO                 $connection The SQLite connection (connection()).
	 * @param string               $table      Full table name (ours).
	 * @param string[]             $columns    Column names (ours).
	 * @param array[]              $rows       Lists of values in column order: integers, strings or null.
	 * @param string[]             $key        The table's primary key columns (with $update).
	 * @param array<string,string> $update     Column => ADD or REPLACE, for rows whose key exists; empty: keep them.
	 * @return bool false when a statement failed ($wpdb->last_error says why).
	 */
	public static function insert( \PDO $connection, string $table, array $columns, array $rows, array $key = array(), array $update = array() ): bool {
		global $wpdb;
		$quote    = static fn( string $name ): string => '"' . str_replace( '"', '""', $name ) . '"';
		$into     = 'INSERT INTO ' . $quote( $table ) . ' (' . implode( ',', array_map( $quote, $columns ) ) . ') VALUES ';
		$conflict = '';
		if ( $key ) {
			$sets = array();
			foreach ( $update as $column => $how ) {
				$sets[] = $quote( $column ) . ' = ' . ( self::ADD === $how ? $quote( $column ) . ' + ' : '' ) . 'excluded.' . $quote( $column );
			}
			$conflict = ' ON CONFLICT (' . implode( ',', array_map( $quote, $key ) ) . ') DO ' . ( $sets ? 'UPDATE SET ' . implode( ', ', $sets ) : 'NOTHING' );
		}
		$tuple = '(' . implode( ',', array_fill( 0, count( $columns ), '?' ) ) . ')';
		try {
			foreach ( array_chunk( $rows, max( 1, intdiv( self::MAX_VALUES, count( $columns ) ) ) ) as $chunk ) {
				$statement = $connection->prepare( $into . implode( ',', array_fill( 0, count( $chunk ), $tuple ) ) . $conflict );
				$position  = 0;
				foreach ( $chunk as $row ) {
					foreach ( $row as $value ) {
						$statement->bindValue( ++$position, $value, match ( true ) {
							null === $value => \PDO::PARAM_NULL,
							is_int( $value ) => \PDO::PARAM_INT,
							default => \PDO::PARAM_STR,
						} );
					}
				}
				$statement->execute();
			}
		} catch ( \PDOException $error ) {
			$wpdb->last_error = $error->getMessage();
			if ( $wpdb instanceof \wpdb ) { // Logged as wpdb logs a failed query.
				$wpdb->last_query = $into . '…' . $conflict;
				$wpdb->print_error();
			}
			return false;
		}
		return true;
	}
}
