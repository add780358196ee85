<?php
/**
 * The one place that turns a request's credentials into an answer to "may it do this?".
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Auth;

use WP_Error;
use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

final class Access {

	/**
	 * @param string $capability One of Capabilities::ALL.
	 * @return true|WP_Error 401 without credentials, 403 without the permission.
	 */
	public static function authorize( WP_REST_Request $request, string $capability ) {
		if ( ! is_user_logged_in() ) {
			return new WP_Error( 'authentication_required', __( 'Authentication required: use an application password or an API key.', 'recruiting-reports' ), array( 'status' => 401 ) );
		}
		if ( ! current_user_can( $capability ) ) {
			return self::forbidden( $capability );
		}
		return true;
	}

	public static function forbidden( string $capability ): WP_Error {
		return new WP_Error(
			'insufficient_permissions',
			/* translators: %s: capability name. */
			sprintf( __( 'Your credentials lack the permission this requires (%s).', 'recruiting-reports' ), $capability ),
			array(
				'status'   => 403,
				'required' => $capability,
			)
		);
	}
}
