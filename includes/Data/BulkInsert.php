<?php
/**
 * Multi-row INSERT statements, built with $wpdb->prepare per value (NULL kept as SQL NULL); on SQLite, straight to it
 * (DirectSqlite).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Multi-row INSERT statements, built with $wpdb->prepare per value (NULL kept as SQL NULL).
 */
final class BulkInsert {

	/** Rows per statement: large enough to amortise round trips, small enough for max_allowed_packet. */
	private const CHUNK = 500;

	/**
	 * Inserts rows, in multi-row statements of CHUNK rows.
	 *
	 * @param string   $table   Full table name (ours, never user input).
	 * @param string[] $columns Column names (ours).
	 * @param array[]  $rows    Lists of values in column order.
	 * @return bool false when a statement failed.
	 */
	public static function insert( string $table, array $columns, array $rows ): bool {
		global $wpdb;
		$sqlite = DirectSqlite::connection();
		if ( null !== $sqlite ) {
			return DirectSqlite::insert( $sqlite, $table, $columns, $rows );
		}
		$into = 'INSERT INTO %i (' . implode( ',', array_fill( 0, count( $columns ), '%i' ) ) . ') VALUES ';
		foreach ( array_chunk( $rows, self::CHUNK ) as $chunk ) {
			$tuples = array();
			$args   = array_merge( array( $table ), $columns );
			foreach ( $chunk as $row ) {
				$cells = array();
				foreach ( $row as $value ) {
					if ( null === $value ) {
						$cells[] = 'NULL'; // prepare() has no placeholder for NULL.
					} else {
						$cells[] = is_int( $value ) ? '%d' : '%s';
						$args[]  = is_int( $value ) ? $value : (string) $value;
					}
				}
				$tuples[] = '(' . implode( ',', $cells ) . ')';
			}
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- built above from placeholders and NULL literals only, for a variable number of rows.
			if ( false === $wpdb->query( $wpdb->prepare( $into . implode( ',', $tuples ), $args ) ) ) {
				return false;
			}
		}
		return true;
	}
}
