<?php
/**
 * Multi-row INSERT statements, built with $wpdb->prepare per value (NULL kept as SQL NULL).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

final class BulkInsert {

	/** Rows per statement: large enough to amortise round trips, small enough for max_allowed_packet. */
	private const CHUNK = 500;

	/**
	 * @param string   $table   Full table name (ours, never user input).
	 * @param string[] $columns Column names (ours).
	 * @param array[]  $rows    Lists of values in column order.
	 * @return bool false when a statement failed.
	 */
	public static function insert( string $table, array $columns, array $rows ): bool {
		global $wpdb;
		foreach ( array_chunk( $rows, self::CHUNK ) as $chunk ) {
			$values = array();
			foreach ( $chunk as $row ) {
				$cells = array();
				foreach ( $row as $value ) {
					if ( null === $value ) {
						$cells[] = 'NULL';
					} elseif ( is_int( $value ) ) {
						$cells[] = (string) $value;
					} else {
						$cells[] = $wpdb->prepare( '%s', (string) $value );
					}
				}
				$values[] = '(' . implode( ',', $cells ) . ')';
			}
			$sql = "INSERT INTO $table (" . implode( ',', $columns ) . ') VALUES ' . implode( ',', $values );
			if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- every value is prepared above.
				return false;
			}
		}
		return true;
	}
}
