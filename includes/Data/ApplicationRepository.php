<?php
/**
 * Reads applications, their status history and the counts per job from the plugin's tables (writes go through
 * ApplicationWriter, the one writer of statuses).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * Application reads.
 */
final class ApplicationRepository {

	/** Orders a list may take: API name => column (status_since ascending: waiting longest first). */
	public const ORDERS = array(
		'applied_at'   => 'applied_at',
		'updated_at'   => 'updated_at',
		'id'           => 'id',
		'status_since' => 'status_since',
	);

	/**
	 * The row of an application.
	 *
	 * @param int $id Application id.
	 * @return array|null
	 */
	public static function find( int $id ): ?array {
		global $wpdb;
		if ( $id <= 0 ) {
			return null;
		}
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'applications' ), $id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * How many applications there are.
	 *
	 * @return int
	 */
	public static function count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'applications' ) ) );
	}

	/**
	 * Whether an application has an external id (compared as ExternalId::key).
	 *
	 * @param string $external_id External id.
	 * @return bool
	 */
	public static function external_id_exists( string $external_id ): bool {
		global $wpdb;
		return (bool) $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE external_key = %s', Schema::table( 'applications' ), ExternalId::key( $external_id ) ) );
	}

	/**
	 * Ids of existing applications by external id.
	 *
	 * @param string[] $external_ids External ids.
	 * @return array<string,int> ExternalId::key( external id ) => application id
	 */
	public static function ids_for_external_ids( array $external_ids ): array {
		global $wpdb;
		$map  = array();
		$keys = array_values( array_unique( array_map( array( ExternalId::class, 'key' ), $external_ids ) ) );
		foreach ( array_chunk( $keys, 1000 ) as $chunk ) {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT id, external_key FROM %i WHERE external_key IN (' . implode( ',', array_fill( 0, count( $chunk ), '%s' ) ) . ')',
					array_merge( array( Schema::table( 'applications' ) ), $chunk )
				),
				ARRAY_A
			);
			foreach ( $rows as $row ) {
				$map[ (string) $row['external_key'] ] = (int) $row['id'];
			}
		}
		return $map;
	}

	/**
	 * One page of applications matching the list filters.
	 *
	 * @param array $filters  ApplicationExport::where() filters (the export selects the same applications).
	 * @param array $order    orderby (a key of ORDERS) and order ('asc' or 'desc').
	 * @param int   $page     Page (from 1).
	 * @param int   $per_page Items per page.
	 * @return array{rows:array[],total:int}
	 */
	public static function query( array $filters, array $order, int $page, int $per_page ): array {
		global $wpdb;
		[ $where_sql, $params ] = ApplicationExport::where( $filters );
		$params                 = array_merge( array( Schema::table( 'applications' ) ), $params );
		$column                 = self::ORDERS[ $order['orderby'] ?? '' ] ?? 'applied_at';
		$direction              = 'asc' === ( $order['order'] ?? '' ) ? 'ASC' : 'DESC';
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $where_sql holds placeholders only, matched by $params (one array); $column and $direction come from fixed lists.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE $where_sql ORDER BY $column $direction, id $direction LIMIT %d OFFSET %d", array_merge( $params, array( $per_page, ( $page - 1 ) * $per_page ) ) ), ARRAY_A );
		return array(
			'rows'  => $rows ? $rows : array(),
			'total' => self::count_matching( $filters ),
		);
	}

	/**
	 * How many applications match the list filters.
	 *
	 * @param array $filters ApplicationExport::where() filters.
	 * @return int
	 */
	public static function count_matching( array $filters ): int {
		global $wpdb;
		[ $where_sql, $params ] = ApplicationExport::where( $filters );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where_sql holds placeholders only, matched by $params.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE $where_sql", array_merge( array( Schema::table( 'applications' ) ), $params ) ) );
	}

	/**
	 * The ids of the applications matching the list filters, in id order after a given id (keyset paging, so a
	 * batch that deletes what it read does not skip rows).
	 *
	 * @param array $filters ApplicationExport::where() filters.
	 * @param int   $after   Ids above this one.
	 * @param int   $limit   At most this many.
	 * @return int[]
	 */
	public static function ids_matching( array $filters, int $after, int $limit ): array {
		global $wpdb;
		[ $where_sql, $params ] = ApplicationExport::where( $filters );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $where_sql holds placeholders only, matched by $params (one array).
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM %i WHERE $where_sql AND id > %d ORDER BY id LIMIT %d", array_merge( array( Schema::table( 'applications' ) ), $params, array( $after, $limit ) ) ) );
		return array_map( 'intval', $ids );
	}

	/** The highest application id (0: none): where a new "new application" alert starts. */
	public static function max_id(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM %i', Schema::table( 'applications' ) ) );
	}

	/**
	 * How many applications match the list filters, per job (the digest's "new applications by job": the same
	 * filters as the Applications list it links to).
	 *
	 * @param array $filters ApplicationExport::where() filters.
	 * @return array<int,int> job id => count, most first (then by job id)
	 */
	public static function count_matching_by_job( array $filters ): array {
		global $wpdb;
		[ $where_sql, $params ] = ApplicationExport::where( $filters );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where_sql holds placeholders only, matched by $params.
		$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT job_id, COUNT(*) AS n FROM %i WHERE $where_sql GROUP BY job_id ORDER BY n DESC, job_id", array_merge( array( Schema::table( 'applications' ) ), $params ) ), ARRAY_A );
		$counts = array();
		foreach ( $rows as $row ) {
			$counts[ (int) $row['job_id'] ] = (int) $row['n'];
		}
		return $counts;
	}

	/**
	 * Current-status counts of the applications of some jobs, every status present.
	 *
	 * @param int[] $job_ids Job ids.
	 * @return array<int,array<string,int>> job id => status => count
	 */
	public static function counts_by_job( array $job_ids ): array {
		global $wpdb;
		$job_ids = array_values( array_unique( array_map( 'intval', $job_ids ) ) );
		$counts  = array_fill_keys( $job_ids, array_fill_keys( Pipeline::STATUSES, 0 ) );
		if ( ! $job_ids ) {
			return $counts;
		}
		$placeholders = implode( ',', array_fill( 0, count( $job_ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only, one per id.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT job_id, status, COUNT(*) AS n FROM %i WHERE job_id IN ($placeholders) GROUP BY job_id, status", array_merge( array( Schema::table( 'applications' ) ), $job_ids ) ), ARRAY_A );
		foreach ( $rows as $row ) {
			if ( isset( $counts[ (int) $row['job_id'] ][ $row['status'] ] ) ) {
				$counts[ (int) $row['job_id'] ][ $row['status'] ] = (int) $row['n'];
			}
		}
		return $counts;
	}

	/**
	 * The status history of an application, oldest first.
	 *
	 * @param int $application_id Application id.
	 * @return array[] Rows: id, from_status, to_status, changed_at, user_id, note, reason.
	 */
	public static function history( int $application_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT id, from_status, to_status, changed_at, user_id, note, reason FROM %i WHERE application_id = %d ORDER BY changed_at, id', Schema::table( 'status_history' ), $application_id ), ARRAY_A );
		return $rows ? $rows : array();
	}
}
