<?php
/**
 * Base of the plugin's REST controllers: the namespace and the permission callbacks.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use WP_REST_Controller;

defined( 'ABSPATH' ) || exit;

abstract class Controller extends WP_REST_Controller {

	public const NAMESPACE = 'recruiting/v1';

	/** @var string */
	protected $namespace = self::NAMESPACE;

	/** A permission_callback requiring one capability. */
	protected function requires( string $capability ): callable {
		return static fn( \WP_REST_Request $request ) => Access::authorize( $request, $capability );
	}
}
