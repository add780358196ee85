<?php
/**
 * The plugin's capabilities (Domain\Capabilities) in WordPress's roles: granted to administrators and the Recruiter
 * role on activation, removed from every role and user on uninstall.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * The capabilities in roles and users.
 */
final class Roles {

	/** Idempotent: safe on every activation and upgrade. */
	public static function install(): void {
		$admin = get_role( 'administrator' );
		if ( $admin ) {
			foreach ( Capabilities::ALL as $cap ) {
				$admin->add_cap( $cap );
			}
		}
		$recruiter_caps = array( 'read' => true );
		foreach ( Capabilities::RECRUITER as $cap ) {
			$recruiter_caps[ $cap ] = true;
		}
		$role = get_role( Capabilities::RECRUITER_ROLE );
		if ( ! $role ) {
			// The name is stored untranslated, as WordPress does for its own roles; translate_user_role() shows it.
			add_role( Capabilities::RECRUITER_ROLE, 'Recruiter', $recruiter_caps );
			return;
		}
		foreach ( $recruiter_caps as $cap => $grant ) {
			$role->add_cap( $cap, $grant );
		}
	}

	/** Uninstall: the capabilities leave every role and user, and the Recruiter role (with its members' grant) goes. */
	public static function uninstall(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( Capabilities::ALL as $cap ) {
				$role->remove_cap( $cap );
			}
		}
		// Grants to single users (and the role on its members) live in each user's capabilities meta; edited there
		// directly, so that meta left behind by a user deleted outside WordPress's functions is cleaned too.
		global $wpdb;
		$key      = $wpdb->get_blog_prefix() . 'capabilities';
		$ours     = array_flip( array_merge( Capabilities::ALL, array( Capabilities::RECRUITER_ROLE ) ) );
		$user_ids = $wpdb->get_col( $wpdb->prepare( "SELECT user_id FROM {$wpdb->usermeta} WHERE meta_key = %s AND meta_value LIKE %s", $key, '%' . $wpdb->esc_like( 'recruit' ) . '%' ) );
		foreach ( $user_ids as $user_id ) {
			$caps = get_user_meta( (int) $user_id, $key, true );
			if ( is_array( $caps ) && array_intersect_key( $caps, $ours ) ) {
				update_user_meta( (int) $user_id, $key, array_diff_key( $caps, $ours ) );
			}
		}
		remove_role( Capabilities::RECRUITER_ROLE );
	}
}
