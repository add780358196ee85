<?php
/**
 * The API keys table (docs/api.md#api-keys): the rows Auth\ApiKeys creates, authenticates and manages.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * API key rows.
 */
final class ApiKeyRepository {

	/**
	 * Inserts a key row, quietly: a lookup_id collision is the caller's to retry with a new key.
	 *
	 * @param array $row user_id, name, environment, lookup_id, secret_hash, hint, permissions, rate_limit,
	 *                   created_at, expires_at.
	 * @return int|null The new id, null when the insert failed.
	 */
	public static function insert( array $row ): ?int {
		global $wpdb;
		$suppress = $wpdb->suppress_errors( true );
		$inserted = $wpdb->insert( Schema::table( 'api_keys' ), $row, array( '%d', '%s', '%s', '%s', '%s', '%s', '%s', '%d', '%d', '%d' ) );
		$wpdb->suppress_errors( $suppress );
		return $inserted ? (int) $wpdb->insert_id : null;
	}

	/**
	 * A key row by id, or null.
	 *
	 * @param int $id Id.
	 * @return array|null
	 */
	public static function find( int $id ): ?array {
		global $wpdb;
		if ( $id <= 0 ) {
			return null;
		}
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'api_keys' ), $id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * A key row by lookup id, with its owner's id (null when the user is gone) and capabilities meta, in one query.
	 *
	 * @param string $lookup_id Hex-encoded lookup part.
	 * @return array|null The row plus owner_id and owner_caps.
	 */
	public static function find_for_authentication( string $lookup_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT k.*, u.ID AS owner_id, m.meta_value AS owner_caps FROM %i k LEFT JOIN %i u ON u.ID = k.user_id LEFT JOIN %i m ON m.user_id = k.user_id AND m.meta_key = %s WHERE k.lookup_id = %s', Schema::table( 'api_keys' ), $wpdb->users, $wpdb->usermeta, $wpdb->get_blog_prefix() . 'capabilities', $lookup_id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * One page of keys, newest first, with the total for the status filter.
	 *
	 * @param array{status?:string,page:int,per_page:int} $args Status filter (all when absent) and page.
	 * @return array{rows:array[],total:int}
	 */
	public static function query( array $args ): array {
		global $wpdb;
		$status = $args['status'] ?? 'all';
		$now    = time();
		// One literal statement for every status filter (the table holds a handful of keys per user).
		$where  = "(%s = 'all'"
			. " OR (%s = 'active' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > %d))"
			. " OR (%s = 'expired' AND revoked_at IS NULL AND expires_at IS NOT NULL AND expires_at <= %d)"
			. " OR (%s = 'revoked' AND revoked_at IS NOT NULL))";
		$params = array( Schema::table( 'api_keys' ), $status, $status, $now, $status, $now, $status );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- $where is the literal above, placeholders only.
		$total = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE ' . $where, $params ) );
		$page  = array( $args['per_page'], ( $args['page'] - 1 ) * $args['per_page'] );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $where is the literal above (placeholders only), whose replacements the sniff cannot count.
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE ' . $where . ' ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d', array_merge( $params, $page ) ), ARRAY_A );
		return array(
			'rows'  => $rows ? $rows : array(),
			'total' => $total,
		);
	}

	/**
	 * Writes the given columns of a key.
	 *
	 * @param int   $id   Id.
	 * @param array $data Column => value (name, permissions, expires_at, rate_limit).
	 */
	public static function update( int $id, array $data ): void {
		global $wpdb;
		$wpdb->update( Schema::table( 'api_keys' ), $data, array( 'id' => $id ) );
	}

	/**
	 * Revokes a key (idempotent; the row stays for the record).
	 *
	 * @param int $id Id.
	 * @return array|null The key's row, null when it does not exist.
	 */
	public static function revoke( int $id ): ?array {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET revoked_at = %d WHERE id = %d AND revoked_at IS NULL', Schema::table( 'api_keys' ), time(), $id ) );
		return self::find( $id );
	}

	/**
	 * A deleted user's keys are revoked (authentication also refuses keys whose owner is gone).
	 *
	 * @param int $user_id User id.
	 */
	public static function revoke_all_of_user( int $user_id ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET revoked_at = %d WHERE user_id = %d AND revoked_at IS NULL', Schema::table( 'api_keys' ), time(), $user_id ) );
	}

	/**
	 * Records a key's use at $now unless it was recorded after $not_after already (a conditional update, so that
	 * parallel requests write it once).
	 *
	 * @param int $id        Id.
	 * @param int $now       Unix seconds.
	 * @param int $not_after Last use recorded after this instant leaves the row alone.
	 */
	public static function touch( int $id, int $now, int $not_after ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET last_used_at = %d WHERE id = %d AND (last_used_at IS NULL OR last_used_at <= %d)', Schema::table( 'api_keys' ), $now, $id, $not_after ) );
	}
}
