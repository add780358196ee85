<?php
/**
 * Data\CandidateRecords: what is stored about some applications.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Everything stored about some applications, for the privacy exporter: the rows, their status history, the notes
 * about them and the ratings, each in one query for a whole page of applications.
 */
final class CandidateRecords {

	/**
	 * Application rows by id.
	 *
	 * @param int[] $ids Application ids.
	 * @return array<int,array>
	 */
	public static function applications( array $ids ): array {
		return self::by_application( 'applications', 'id', $ids, 'id' );
	}

	/**
	 * The apply form's rows (Data\ApplicationForms) of the applications that have one, keyed by application id.
	 *
	 * @param int[] $ids Application ids.
	 * @return array<int,array>
	 */
	public static function forms( array $ids ): array {
		return self::by_application( 'application_forms', 'application_id', $ids, 'application_id' );
	}

	/**
	 * Status history rows per application, oldest first.
	 *
	 * @param int[] $ids Application ids.
	 * @return array<int,array[]>
	 */
	public static function history( array $ids ): array {
		return self::grouped( 'status_history', $ids, 'changed_at, id' );
	}

	/**
	 * Notes per application, oldest first.
	 *
	 * @param int[] $ids Application ids.
	 * @return array<int,array[]>
	 */
	public static function notes( array $ids ): array {
		return self::grouped( 'notes', $ids, 'created_at, id' );
	}

	/**
	 * Ratings per application.
	 *
	 * @param int[] $ids Application ids.
	 * @return array<int,array[]>
	 */
	public static function ratings( array $ids ): array {
		return self::grouped( 'ratings', $ids, 'id' );
	}

	/**
	 * Rows of a table whose application_id is one of $ids, grouped by it.
	 *
	 * @param string $name  Table (Schema name).
	 * @param int[]  $ids   Application ids.
	 * @param string $order ORDER BY columns (constants of this class).
	 * @return array<int,array[]>
	 */
	private static function grouped( string $name, array $ids, string $order ): array {
		$grouped = array_fill_keys( array_map( 'intval', $ids ), array() );
		foreach ( self::rows( $name, 'application_id', $ids, $order ) as $row ) {
			$grouped[ (int) $row['application_id'] ][] = $row;
		}
		return $grouped;
	}

	/**
	 * Rows of a table keyed by a unique column.
	 *
	 * @param string $name   Table (Schema name).
	 * @param string $column Column holding the id.
	 * @param int[]  $ids    Ids.
	 * @param string $order  ORDER BY columns.
	 * @return array<int,array>
	 */
	private static function by_application( string $name, string $column, array $ids, string $order ): array {
		$keyed = array();
		foreach ( self::rows( $name, $column, $ids, $order ) as $row ) {
			$keyed[ (int) $row[ $column ] ] = $row;
		}
		return $keyed;
	}

	/**
	 * Rows of a table whose id column is one of $ids.
	 *
	 * @param string $name   Table (Schema name).
	 * @param string $column Id column.
	 * @param int[]  $ids    Ids.
	 * @param string $order  ORDER BY columns (constants of this class).
	 * @return array[]
	 */
	private static function rows( string $name, string $column, array $ids, string $order ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_map( 'intval', $ids ) ) );
		if ( ! $ids ) {
			return array();
		}
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- one %d per id, and this class's ORDER BY constants.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE %i IN ($placeholders) ORDER BY $order", Schema::table( $name ), $column, ...$ids ), ARRAY_A );
		return $rows ? $rows : array();
	}
}
