<?php
/**
 * Base of every controller of recruiting/v1 (ItemController adds what resources with items share):
 *
 * - permissions: each controller declares one capability per action (PERMISSIONS); permission() turns an action
 *   into the route's permission_callback, run once per request (the Gate runs it ahead of argument validation, the
 *   REST server asks again: the second call gets the first answer);
 * - routes: route() registers a route of endpoint()s (a method, its callback, an action's permission, its
 *   arguments), described by the item schema unless it says otherwise;
 * - the guard: every callback registered through route() turns an unexpected exception into a plain 500 (docs/api.md#errors);
 * - the error helpers and shared argument schemas.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Domain\Iso8601;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

/**
 * The base controller.
 */
abstract class Controller extends WP_REST_Controller {

	public const NAMESPACE = 'recruiting/v1';

	/** Route pattern of a numeric id. */
	public const ID = '(?P<id>[\d]+)';

	public const MAX_PER_PAGE = 100;

	/** Ids in bodies and queries: at most 2^53 - 1, so that JavaScript clients keep them exact. */
	public const MAX_ID = 9007199254740991;

	/** Bounds page numbers so that offsets stay integers in every database. */
	public const MAX_PAGE = 10000000;

	/**
	 * The capability each action needs: action name => capability (Domain\Capabilities). Routes name the action with
	 * permission(). A `read` action asked for in the `edit` context needs the `update` action's capability too, as
	 * core's controllers do.
	 *
	 * @var array<string,string>
	 */
	protected const PERMISSIONS = array();

	/**
	 * Route namespace.
	 *
	 * @var string
	 */
	protected $namespace = self::NAMESPACE;

	/**
	 * Permission decisions already made, per request, so that a check runs once however often it is asked.
	 *
	 * @var \WeakMap<WP_REST_Request,true|WP_Error>
	 */
	private \WeakMap $decisions;

	/**
	 * Sets up the per-request permission memory.
	 */
	public function __construct() {
		$this->decisions = new \WeakMap();
	}

	/**
	 * Registers a route whose callbacks all run inside the guard. Its responses are described by the controller's
	 * item schema unless the route names another 'schema'.
	 *
	 * @param string $path      Route path after the namespace, such as '/jobs/(?P<id>[\d]+)'.
	 * @param array  $endpoints register_rest_route() arguments: the endpoints (see endpoint()), optionally 'schema'.
	 * @param array  $args      Arguments every endpoint shares: the path's parameters (see id_arg()).
	 */
	protected function route( string $path, array $endpoints, array $args = array() ): void {
		foreach ( $endpoints as $key => $endpoint ) {
			if ( is_int( $key ) && isset( $endpoint['callback'] ) ) {
				$endpoints[ $key ]['callback'] = $this->guard( $endpoint['callback'] );
			}
		}
		if ( $args ) {
			$endpoints['args'] = $args;
		}
		$endpoints += array( 'schema' => array( $this, 'get_public_item_schema' ) );
		register_rest_route( $this->namespace, $path, $endpoints );
	}

	/**
	 * One endpoint of a route: who may call it is the permission of an action declared in PERMISSIONS.
	 *
	 * @param string $methods  HTTP methods (a WP_REST_Server constant).
	 * @param string $callback The method of this controller that answers.
	 * @param string $action   Action name (a key of PERMISSIONS).
	 * @param array  $args     The endpoint's arguments.
	 * @param array  $answer   What it answers, for openapi.json (OpenApiController): `status` (200 unless given),
	 *                         `shape` (`item` by default: the route's schema; `list` of items with the pagination
	 *                         headers; `deleted`, {deleted: true, previous: item}; `file`, a download), `schema` (a
	 *                         schema of its own instead of the route's), `errors` (status => when, beyond the
	 *                         ones every route answers), `headers` (more headers its success carries, names
	 *                         of OpenApiController::HEADERS), `description` (of the success) and `also` (other
	 *                         successful statuses with the same body: status => when).
	 * @return array
	 */
	protected function endpoint( string $methods, string $callback, string $action, array $args = array(), array $answer = array() ): array {
		return array(
			'methods'             => $methods,
			'callback'            => array( $this, $callback ),
			'permission_callback' => $this->permission( $action ),
			'args'                => $args,
			'answer'              => $answer,
		);
	}

	/**
	 * A numeric path parameter, such as the `id` of self::ID, as a route argument.
	 *
	 * @param string $description Description.
	 * @param string $name        Parameter name.
	 * @return array
	 */
	protected static function id_arg( string $description, string $name = 'id' ): array {
		return array(
			$name => array(
				'description' => $description,
				'type'        => 'integer',
			),
		);
	}

	/**
	 * The permission_callback of an action declared in PERMISSIONS.
	 *
	 * @param string $action Action name (a key of PERMISSIONS).
	 * @return callable
	 */
	protected function permission( string $action ): callable {
		return function ( WP_REST_Request $request ) use ( $action ) {
			if ( ! isset( $this->decisions[ $request ] ) ) {
				$decision = $this->authorize( $request, static::PERMISSIONS[ $action ] );
				if ( true === $decision && 'read' === $action && 'edit' === $request['context'] && isset( static::PERMISSIONS['update'] ) ) {
					$decision = $this->authorize( $request, static::PERMISSIONS['update'] );
				}
				$this->decisions[ $request ] = $decision;
			}
			return $this->decisions[ $request ];
		};
	}

	/**
	 * Whether the request's credentials hold a capability (401/403/429 as docs/api.md#permissions and §4 say).
	 *
	 * @param WP_REST_Request $request    Request.
	 * @param string          $capability Capability.
	 * @return true|WP_Error
	 */
	protected function authorize( WP_REST_Request $request, string $capability ) {
		return Access::authorize( $request, $capability );
	}

	/**
	 * Wraps a route callback: an unexpected exception becomes 500 internal_error (logged without the request
	 * data), never a trace in the body.
	 *
	 * @param callable $callback Route callback.
	 * @return callable
	 */
	private function guard( callable $callback ): callable {
		return static function ( WP_REST_Request $request ) use ( $callback ) {
			try {
				return $callback( $request );
			} catch ( \Throwable $e ) {
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- server-side record of a 500.
				error_log( sprintf( 'Recruiting Reports: %s on %s %s: %s (%s:%d)', get_class( $e ), $request->get_method(), $request->get_route(), $e->getMessage(), basename( $e->getFile() ), $e->getLine() ) );
				return self::internal_error();
			}
		};
	}

	/**
	 * The URL of a route of the namespace.
	 *
	 * @param string $path Path after the namespace, such as 'jobs/12'.
	 * @return string
	 */
	protected static function url( string $path ): string {
		return rest_url( self::NAMESPACE . '/' . ltrim( $path, '/' ) );
	}

	/**
	 * 500 internal_error (docs/api.md#errors): nothing leaks.
	 *
	 * @return WP_Error
	 */
	public static function internal_error(): WP_Error {
		return new WP_Error( 'internal_error', __( 'An unexpected error occurred; nothing was changed. Please try again.', 'recruiting-reports' ), array( 'status' => 500 ) );
	}

	/**
	 * 404 resource_not_found.
	 *
	 * @param string $message Message.
	 * @return WP_Error
	 */
	public static function not_found( string $message ): WP_Error {
		return new WP_Error( 'resource_not_found', $message, array( 'status' => 404 ) );
	}

	/**
	 * 400 rest_invalid_param for one field.
	 *
	 * @param string $field   Field name.
	 * @param string $message Message.
	 * @return WP_Error
	 */
	public static function invalid( string $field, string $message ): WP_Error {
		return Gate::invalid_param( array( $field => $message ), $message );
	}

	/**
	 * An ISO 8601 date-time with an offset (Iso8601::parse), as an argument schema.
	 *
	 * @param string $description Description.
	 * @return array
	 */
	protected static function instant_arg( string $description ): array {
		return array(
			'description'       => $description,
			'type'              => 'string',
			'format'            => 'date-time',
			'validate_callback' => static function ( $value, $request, $param ) {
				if ( null === Iso8601::parse( $value ) ) {
					/* translators: %s: parameter name. */
					return new WP_Error( 'rest_invalid_param', sprintf( __( '%s must be an ISO 8601 date-time with an offset, such as 2025-01-31T09:00:00Z.', 'recruiting-reports' ), $param ) );
				}
				return true;
			},
		);
	}
}
