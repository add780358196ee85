<?php
/**
 * Options rows used as claims that exactly one caller wins, across web nodes (Privacy\Retention's day claim and run
 * lock).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * A claim is an options row inserted with INSERT IGNORE: the primary key decides, so of two nodes inserting the same
 * name at once one inserts a row and the other gets 0 rows. add_option() cannot serve: it writes with ON DUPLICATE
 * KEY UPDATE, so both would "add" it; a transient lives in the object cache, which two nodes need not share.
 */
final class OptionClaims {

	/**
	 * Claims a name: true for the one caller whose INSERT IGNORE inserted the row.
	 *
	 * @param string $name  Option name.
	 * @param string $value Value.
	 * @return bool
	 */
	public static function claim( string $name, string $value ): bool {
		global $wpdb;
		return 1 === (int) $wpdb->query( $wpdb->prepare( 'INSERT IGNORE INTO %i (option_name, option_value, autoload) VALUES (%s, %s, %s)', $wpdb->options, $name, $value, 'off' ) );
	}

	/**
	 * The value a claim holds, read from the database (never from the options cache).
	 *
	 * @param string $name Option name.
	 * @return string|null Null when unclaimed.
	 */
	public static function value( string $name ): ?string {
		global $wpdb;
		return $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, $name ) );
	}

	/**
	 * Releases a claim only if it still holds the value read (so of two callers taking over a stale claim, one
	 * succeeds).
	 *
	 * @param string $name  Option name.
	 * @param string $value The value read.
	 * @return bool Whether this call released it.
	 */
	public static function release_if( string $name, string $value ): bool {
		global $wpdb;
		return 1 === (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name = %s AND option_value = %s', $wpdb->options, $name, $value ) );
	}

	/**
	 * Releases a claim.
	 *
	 * @param string $name Option name.
	 */
	public static function release( string $name ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name = %s', $wpdb->options, $name ) );
	}

	/**
	 * Deletes the claims whose names start with a prefix and sort before a given name (dated claims).
	 *
	 * @param string $prefix Name prefix.
	 * @param string $before Names below this one go.
	 */
	public static function release_before( string $prefix, string $before ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s AND option_name < %s', $wpdb->options, $wpdb->esc_like( $prefix ) . '%', $before ) );
	}
}
