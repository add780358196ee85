<?php
/**
 * Webhooks in the plugin's table (their deliveries: DeliveryRepository).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Webhook rows.
 */
final class WebhookRepository {

	/**
	 * A webhook row by id, or null.
	 *
	 * @param int $id Id.
	 */
	public static function find( int $id ): ?array {
		global $wpdb;
		if ( $id <= 0 ) {
			return null;
		}
		$table = Schema::table( 'webhooks' );
		$row   = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', $table, $id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * Runs $work with the webhook's row locked until the transaction ends (SELECT … FOR UPDATE on MySQL/MariaDB;
	 * SQLite lets one writer in at a time), so that a concurrent delete either waits for the work or has happened
	 * before it: a write for a webhook never lands half-way through its deletion.
	 *
	 * @param int      $id   Webhook id.
	 * @param callable $work Gets the webhook's row; a WP_Error or false it returns rolls back.
	 * @return mixed What $work returned, or null when the webhook does not exist (any more).
	 */
	public static function with_lock( int $id, callable $work ) {
		return Transaction::run(
			static function () use ( $id, $work ) {
				global $wpdb;
				$row = $id > 0 ? $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d FOR UPDATE', Schema::table( 'webhooks' ), $id ), ARRAY_A ) : null;
				return $row ? $work( $row ) : null;
			}
		);
	}

	/**
	 * One page of webhooks, newest first, with the total.
	 *
	 * @param int $page     Page.
	 * @param int $per_page Per page.
	 * @return array{rows:array[],total:int}
	 */
	public static function query( int $page, int $per_page ): array {
		global $wpdb;
		$table = Schema::table( 'webhooks' );
		$total = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $table ) );
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i ORDER BY id DESC LIMIT %d OFFSET %d', $table, $per_page, ( $page - 1 ) * $per_page ), ARRAY_A );
		return array(
			'rows'  => $rows ? $rows : array(),
			'total' => $total,
		);
	}

	/**
	 * Active webhooks subscribed to an event.
	 *
	 * @param string $event Event.
	 */
	public static function subscribers( string $event ): array {
		global $wpdb;
		$table = Schema::table( 'webhooks' );
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT id, events FROM %i WHERE active = 1', $table ), ARRAY_A );
		return array_values( array_filter( $rows ? $rows : array(), static fn( $row ) => in_array( $event, self::events_of( $row ), true ) ) );
	}

	/**
	 * A webhook row's subscribed events.
	 *
	 * @param array $row Row.
	 * @return string[]
	 */
	public static function events_of( array $row ): array {
		return array_values( array_filter( explode( ',', (string) $row['events'] ) ) );
	}

	/**
	 * Creates a webhook with a new secret.
	 *
	 * @param string $url     Url.
	 * @param array  $events  Events.
	 * @param bool   $active  Active.
	 * @param int    $user_id User id.
	 * @return array{row:array,secret:string}|null
	 */
	public static function create( string $url, array $events, bool $active, int $user_id ): ?array {
		global $wpdb;
		$secret   = SecretBox::new_secret();
		$now      = time();
		$inserted = $wpdb->insert(
			Schema::table( 'webhooks' ),
			array(
				'url'              => $url,
				'events'           => implode( ',', $events ),
				'secret_encrypted' => SecretBox::seal( $secret ),
				'active'           => $active ? 1 : 0,
				'created_by'       => $user_id,
				'created_at'       => $now,
				'updated_at'       => $now,
			),
			array( '%s', '%s', '%s', '%d', '%d', '%d', '%d' )
		);
		if ( ! $inserted ) {
			return null;
		}
		return array(
			'row'    => self::find( (int) $wpdb->insert_id ),
			'secret' => $secret,
		);
	}

	/**
	 * Updates the given fields (url, events, active).
	 *
	 * @param int   $id     Webhook id.
	 * @param array $fields Fields to change.
	 * @return array|null The updated row, null when the webhook does not exist (any more).
	 */
	public static function update( int $id, array $fields ): ?array {
		return self::with_lock( $id, static fn() => self::write( $id, $fields ) );
	}

	/**
	 * The update itself, under the lock.
	 *
	 * @param int   $id     Webhook id.
	 * @param array $fields Fields to change.
	 * @return array|null The updated row.
	 */
	private static function write( int $id, array $fields ): ?array {
		global $wpdb;
		$data = array();
		if ( array_key_exists( 'url', $fields ) ) {
			$data['url'] = (string) $fields['url'];
		}
		if ( array_key_exists( 'events', $fields ) ) {
			$data['events'] = implode( ',', $fields['events'] );
		}
		if ( array_key_exists( 'active', $fields ) ) {
			$data['active'] = $fields['active'] ? 1 : 0;
		}
		if ( $data ) {
			$data['updated_at'] = time();
			$wpdb->update( Schema::table( 'webhooks' ), $data, array( 'id' => $id ) );
		}
		return self::find( $id );
	}

	/**
	 * Replaces the signing secret.
	 *
	 * @param int $id Webhook id.
	 * @return array|null The webhook's row with the new secret in `secret` (shown once), null when it does not exist.
	 */
	public static function rotate_secret( int $id ): ?array {
		return self::with_lock(
			$id,
			static function () use ( $id ) {
				global $wpdb;
				$secret = SecretBox::new_secret();
				$wpdb->update(
					Schema::table( 'webhooks' ),
					array(
						'secret_encrypted' => SecretBox::seal( $secret ),
						'updated_at'       => time(),
					),
					array( 'id' => $id )
				);
				return self::find( $id ) + array( 'secret' => $secret );
			}
		);
	}

	/**
	 * Deletes a webhook with its deliveries and their attempts (nothing more is sent to it).
	 *
	 * @param int $id Webhook id.
	 * @return array|null The deleted row, null when it did not exist (any more).
	 */
	public static function delete( int $id ): ?array {
		return self::with_lock(
			$id,
			static function ( array $row ) use ( $id ) {
				global $wpdb;
				DeliveryRepository::delete_of_webhook( $id );
				$wpdb->delete( Schema::table( 'webhooks' ), array( 'id' => $id ), array( '%d' ) );
				return $row;
			}
		);
	}
}
