<?php
/**
 * A transient that is a string, stored without a persistent object cache as its two options rows in one statement
 * (Reports\ReportCache's entries: docs/reports.md#cache).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * set_transient() without a persistent object cache writes an entry that already exists with five queries: for the
 * timeout and for the value, a SELECT of its autoload and an UPDATE through $wpdb->update(), whose field charset
 * check reads `SHOW FULL COLUMNS` of the options table once per request (0.4 ms). A report's miss pays all of it on
 * top of its own queries: here the two rows are one INSERT … ON DUPLICATE KEY UPDATE, as add_option() writes a row,
 * so the value need not pass a charset check as long as it is ASCII (a caller that stores JSON escapes the rest).
 * get_transient() reads the rows back as ever; with a persistent object cache core's set_transient() is used.
 *
 * A site transient (Network\NetworkReport's parts and answers) lives in `sitemeta`, which has no unique key to upsert
 * on: one its caller has just read is replaced with one UPDATE of both rows (set_site_transient(): a SELECT of the
 * timeout, two UPDATEs, and `SHOW FULL COLUMNS FROM wp_sitemeta` once per request), any other goes through core.
 */
final class TransientRows {

	/**
	 * Reads transients into this request's options cache in one query, so that get_transient() of each makes none
	 * (without a persistent object cache it makes one per transient: wp_prime_option_caches() of its two rows).
	 * With one, get_transient() reads the object cache and there is nothing to prime.
	 *
	 * @param string[] $names Transient names (as for get_transient()).
	 */
	public static function prime( array $names ): void {
		if ( wp_using_ext_object_cache() || wp_installing() ) {
			return;
		}
		$options = array();
		foreach ( $names as $name ) {
			array_push( $options, '_transient_' . $name, '_transient_timeout_' . $name );
		}
		wp_prime_option_caches( $options );
	}

	/**
	 * Stores transients (not autoloaded, as set_transient() stores one that expires) in one statement, and keeps this
	 * request's options cache in step with the rows. A report compared with an earlier period writes up to three
	 * entries (ReportService::run()): one statement is one commit instead of three.
	 *
	 * @param array<string,string> $values     Transient name (as for set_transient()) => its value; ASCII spares the
	 *                                         query the charset check.
	 * @param int                  $expiration Seconds until they expire (more than 0).
	 */
	public static function set( array $values, int $expiration ): void {
		if ( ! $values ) {
			return;
		}
		if ( wp_using_ext_object_cache() ) {
			foreach ( $values as $transient => $value ) {
				set_transient( $transient, $value, $expiration );
			}
			return;
		}
		global $wpdb;
		$expires = (string) ( time() + $expiration );
		$rows    = array();
		$fields  = array( $wpdb->options );
		foreach ( $values as $transient => $value ) {
			$rows[] = '(%s, %s, %s), (%s, %s, %s)';
			array_push( $fields, '_transient_timeout_' . $transient, $expires, 'off', '_transient_' . $transient, $value, 'off' );
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- only placeholders are joined in.
		$stored = $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (option_name, option_value, autoload) VALUES ' . implode( ', ', $rows ) . ' ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)', $fields ) );
		if ( false === $stored ) {
			return; // Not stored: the rows, and this request's cache of them, keep what they held.
		}
		$missing = wp_cache_get( 'notoptions', 'options' );
		$known   = is_array( $missing ) ? count( $missing ) : 0;
		foreach ( $values as $transient => $value ) {
			$option  = '_transient_' . $transient;
			$timeout = '_transient_timeout_' . $transient;
			wp_cache_set( $timeout, $expires, 'options' );
			wp_cache_set( $option, $value, 'options' );
			if ( $known ) {
				unset( $missing[ $option ], $missing[ $timeout ] );
			}
		}
		if ( $known && count( $missing ) < $known ) {
			wp_cache_set( 'notoptions', $missing, 'options' );
		}
	}

	/**
	 * Replaces a site transient that exists: the caller has just read it (so both its rows are there; should another
	 * request delete them meanwhile, nothing is stored and the next reader computes again, as after an expiry).
	 * Without a persistent object cache on a network it is one UPDATE of both rows; else core's set_site_transient().
	 *
	 * @param string $transient  Site transient name (as for set_site_transient()).
	 * @param mixed  $value      Its value (serialized as core serializes it).
	 * @param int    $expiration Seconds until it expires (more than 0).
	 */
	public static function replace_site( string $transient, $value, int $expiration ): void {
		if ( wp_using_ext_object_cache() || ! is_multisite() ) {
			set_site_transient( $transient, $value, $expiration );
			return;
		}
		global $wpdb;
		$network = get_current_network_id();
		$option  = '_site_transient_' . $transient;
		$timeout = '_site_transient_timeout_' . $transient;
		$expires = time() + $expiration;
		$stored  = $wpdb->query(
			$wpdb->prepare(
				'UPDATE %i SET meta_value = CASE meta_key WHEN %s THEN %s ELSE %s END WHERE site_id = %d AND meta_key IN (%s, %s)',
				$wpdb->sitemeta,
				$timeout,
				(string) $expires,
				maybe_serialize( $value ),
				$network,
				$timeout,
				$option
			)
		);
		if ( false === $stored ) {
			return; // Not stored: the rows, and this request's cache of them, keep what they held.
		}
		wp_cache_set( "$network:$timeout", $expires, 'site-options' );
		wp_cache_set( "$network:$option", $value, 'site-options' );
	}
}
