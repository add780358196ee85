<?php
/**
 * Base of the plugin's REST controllers: the namespace, permission callbacks, the guard that turns an unexpected
 * exception into a plain 500, pagination headers, and shared argument schemas.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Domain\Iso8601;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

abstract class Controller extends WP_REST_Controller {

	public const NAMESPACE = 'recruiting/v1';

	/** Route pattern of a numeric id. */
	public const ID = '(?P<id>[\d]+)';

	public const MAX_PER_PAGE = 100;

	/** Ids in bodies and queries: at most 2^53 - 1, so that JavaScript clients keep them exact. */
	public const MAX_ID = 9007199254740991;

	/** Bounds page numbers so that offsets stay integers in every database. */
	public const MAX_PAGE = 10000000;

	/** @var string */
	protected $namespace = self::NAMESPACE;

	/** A permission_callback requiring one capability. */
	protected function requires( string $capability ): callable {
		return static fn( WP_REST_Request $request ) => Access::authorize( $request, $capability );
	}

	/**
	 * Wraps a route callback: an unexpected exception becomes 500 internal_error (logged without the request
	 * data), never a trace in the body.
	 */
	protected function guard( callable $callback ): callable {
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

	public static function internal_error(): WP_Error {
		return new WP_Error( 'internal_error', __( 'An unexpected error occurred; nothing was changed. Please try again.', 'recruiting-reports' ), array( 'status' => 500 ) );
	}

	public static function not_found( string $message ): WP_Error {
		return new WP_Error( 'resource_not_found', $message, array( 'status' => 404 ) );
	}

	/** 400 rest_invalid_param for one field. */
	public static function invalid( string $field, string $message ): WP_Error {
		return Gate::invalid_param( array( $field => $message ), $message );
	}

	/** page and per_page, WordPress-style (per_page at most 100). */
	protected function pagination_params(): array {
		return array(
			'page'     => array(
				'description' => __( 'Current page of the collection.', 'recruiting-reports' ),
				'type'        => 'integer',
				'default'     => 1,
				'minimum'     => 1,
				'maximum'     => self::MAX_PAGE,
			),
			'per_page' => array(
				'description' => __( 'Maximum number of items to be returned in result set.', 'recruiting-reports' ),
				'type'        => 'integer',
				'default'     => 10,
				'minimum'     => 1,
				'maximum'     => self::MAX_PER_PAGE,
			),
		);
	}

	/** X-WP-Total, X-WP-TotalPages and Link (prev/next) on a collection response. */
	protected function paginate( WP_REST_Response $response, int $total, WP_REST_Request $request ): WP_REST_Response {
		$page        = (int) $request['page'];
		$per_page    = (int) $request['per_page'];
		$total_pages = $per_page > 0 ? (int) ceil( $total / $per_page ) : 0;
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) $total_pages );
		$base  = add_query_arg( urlencode_deep( array_diff_key( $request->get_query_params(), array( 'api_key' => true ) ) ), rest_url( ltrim( $request->get_route(), '/' ) ) );
		$links = array();
		if ( $page > 1 && $page - 1 <= max( 1, $total_pages ) ) {
			$links[] = '<' . add_query_arg( 'page', $page - 1, $base ) . '>; rel="prev"';
		}
		if ( $page < $total_pages ) {
			$links[] = '<' . add_query_arg( 'page', $page + 1, $base ) . '>; rel="next"';
		}
		if ( $links ) {
			$response->header( 'Link', implode( ', ', $links ) );
		}
		return $response;
	}

	/** An ISO 8601 date-time with an offset (Iso8601::parse), as an argument schema. */
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

	/** The schema of a user reference in responses. */
	protected static function user_schema( string $description ): array {
		return array(
			'description' => $description,
			'type'        => array( 'object', 'null' ),
			'readonly'    => true,
			'context'     => array( 'view', 'edit' ),
			'properties'  => array(
				'id'   => array( 'type' => 'integer' ),
				'name' => array( 'type' => 'string' ),
			),
		);
	}

	protected static function readonly_instant( string $description, bool $nullable = false ): array {
		return array(
			'description' => $description,
			'type'        => $nullable ? array( 'string', 'null' ) : 'string',
			'format'      => 'date-time',
			'readonly'    => true,
			'context'     => array( 'view', 'edit' ),
		);
	}
}
