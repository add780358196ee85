<?php
/**
 * Where digest subscriptions live: one user option per user and site (user meta named with the site's table prefix,
 * as update_user_option() stores it), so a user of a network subscribes on each site separately and deleting the
 * user deletes the subscription with the rest of the user's meta.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Storage of digest subscriptions.
 */
final class DigestSubscriptions {

	/** The user option (update_user_option() adds the site's table prefix). */
	public const OPTION = 'recruiting_reports_digest';

	/**
	 * A user's stored subscription, or null.
	 *
	 * @param int $user_id User id.
	 */
	public static function get( int $user_id ): ?array {
		$stored = get_user_option( self::OPTION, $user_id );
		return is_array( $stored ) ? $stored : null;
	}

	/**
	 * Stores a user's subscription.
	 *
	 * @param int   $user_id      User id.
	 * @param array $subscription The validated subscription.
	 */
	public static function put( int $user_id, array $subscription ): void {
		update_user_option( $user_id, self::OPTION, $subscription );
	}

	/**
	 * Ends a user's subscription on this site.
	 *
	 * @param int $user_id User id.
	 */
	public static function delete( int $user_id ): void {
		delete_user_option( $user_id, self::OPTION );
	}

	/**
	 * The ids of the users with a subscription on this site.
	 *
	 * @return int[]
	 */
	public static function user_ids(): array {
		global $wpdb;
		$key = $wpdb->get_blog_prefix() . self::OPTION;
		return array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT user_id FROM %i WHERE meta_key = %s ORDER BY user_id', $wpdb->usermeta, $key ) ) );
	}

	/** Uninstall: every subscription on this site. */
	public static function delete_all(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE meta_key = %s', $wpdb->usermeta, $wpdb->get_blog_prefix() . self::OPTION ) );
	}
}
