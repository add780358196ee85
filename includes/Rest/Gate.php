<?php
/**
 * Cross-cutting REST behaviour of the recruiting/v1 namespace, hooked into WordPress's REST server:
 *
 * 1. API keys are authenticated (and rate-limited) before the route is even matched, so a bad key is a 401 and
 *    an exhausted one a 429 on every route of the namespace (rest_pre_dispatch).
 * 2. The permission check runs before argument validation: WordPress validates arguments first, which would
 *    answer an anonymous or unprivileged client with a 400 describing the route's parameters; here 401/403
 *    always win (rest_request_before_callbacks).
 * 3. Every error leaves in docs/api.md#errors's shape: WordPress's own validation codes (rest_missing_callback_param,
 *    rest_invalid_json, …) become 400 rest_invalid_param with data.params per field; anything unexpected
 *    becomes 500 internal_error with a generic message (no SQL, path or trace) (rest_post_dispatch).
 * 4. Key-authenticated responses carry X-RateLimit-Limit/Remaining/Reset (and Retry-After on 429).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * The namespace's gate.
 */
final class Gate {

	/** Error codes our routes may answer with, as they are (everything else is normalised). */
	private const OWN_CODES = array(
		'authentication_required',
		'invalid_api_key',
		'insufficient_permissions',
		'resource_not_found',
		'rest_invalid_param',
		'invalid_status_transition',
		'rate_limit_exceeded',
		'internal_error',
		// WordPress's answers that are already right and that clients know.
		'rest_no_route',
		'incorrect_password',
		'invalid_username',
		'invalid_email',
		'rest_cookie_invalid_nonce',
		'application_passwords_disabled',
		'application_passwords_disabled_for_user',
	);

	/**
	 * Requests whose JSON body was not an object.
	 *
	 * @var \WeakMap<WP_REST_Request,bool>
	 */
	private static \WeakMap $bad_bodies;

	/**
	 * Hooks the gate into the REST server.
	 */
	public static function register(): void {
		self::$bad_bodies = new \WeakMap();
		add_filter( 'rest_pre_dispatch', array( self::class, 'pre_dispatch' ), 5, 3 );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'before_callbacks' ), 5, 3 );
		add_filter( 'rest_post_dispatch', array( self::class, 'post_dispatch' ), 20, 3 );
		add_filter( 'rest_allowed_cors_headers', array( self::class, 'allowed_cors_headers' ) );
		add_filter( 'rest_exposed_cors_headers', array( self::class, 'exposed_cors_headers' ) );
	}

	/**
	 * A route of our namespace (the namespace index itself stays public, as WordPress's are).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return bool
	 */
	public static function is_ours( WP_REST_Request $request ): bool {
		return str_starts_with( strtolower( $request->get_route() ), '/' . Controller::NAMESPACE . '/' );
	}

	/**
	 * Authenticates a presented API key before the route is matched (rest_pre_dispatch).
	 *
	 * @param mixed           $result  Null, or a short-circuit response.
	 * @param mixed           $server  The REST server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function pre_dispatch( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof WP_REST_Request || ! self::is_ours( $request ) ) {
			return $result;
		}
		$key = Access::authenticate( $request );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		if ( self::body_is_not_an_object( $request ) ) {
			// WordPress would iterate a scalar JSON body as parameters (PHP warnings); it is answered with a 400
			// after the permission check (before_callbacks), so the route sees an empty object meanwhile.
			self::$bad_bodies[ $request ] = true;
			$request->set_body( '{}' );
		}
		return $result;
	}

	/**
	 * Runs the route's permission check ahead of WordPress's validation result, then normalises that result.
	 *
	 * @param mixed           $response Null, or the WP_Error of argument validation.
	 * @param array           $handler  Route handler.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public static function before_callbacks( $response, $handler, $request ) {
		if ( ! $request instanceof WP_REST_Request || ! self::is_ours( $request ) ) {
			return $response;
		}
		if ( ! empty( $handler['permission_callback'] ) ) {
			$permission = call_user_func( $handler['permission_callback'], $request );
			if ( is_wp_error( $permission ) ) {
				return $permission;
			}
			if ( true !== $permission ) {
				return Access::unauthenticated();
			}
		}
		if ( isset( self::$bad_bodies[ $request ] ) ) {
			return self::invalid_param( array( 'body' => __( 'The body must be a JSON object.', 'recruiting-reports' ) ), __( 'The body must be a JSON object.', 'recruiting-reports' ) );
		}
		$null = self::null_not_allowed( $request, (array) ( $handler['args'] ?? array() ) );
		if ( null !== $null ) {
			/* translators: %s: parameter name. */
			return self::invalid_param( array( $null => sprintf( __( '%s must not be null.', 'recruiting-reports' ), $null ) ) );
		}
		if ( is_wp_error( $response ) ) {
			return self::normalize( $response );
		}
		$bad = self::invalid_utf8( $request );
		if ( $bad ) {
			return self::invalid_param( array( $bad => __( 'Must be valid UTF-8 text.', 'recruiting-reports' ) ) );
		}
		return $response;
	}

	/**
	 * Normalises error shapes and adds the rate-limit headers (rest_post_dispatch).
	 *
	 * @param WP_REST_Response $response Response.
	 * @param mixed            $server   The REST server.
	 * @param WP_REST_Request  $request  Request.
	 * @return mixed
	 */
	public static function post_dispatch( $response, $server, $request ) {
		if ( ! $response instanceof WP_REST_Response || ! $request instanceof WP_REST_Request || ! self::is_ours( $request ) ) {
			return $response;
		}
		if ( $response->is_error() ) {
			$data = $response->get_data();
			if ( is_array( $data ) && isset( $data['code'] ) ) {
				$error = new WP_Error( (string) $data['code'], (string) ( $data['message'] ?? '' ), $data['data'] ?? array( 'status' => $response->get_status() ) );
				$clean = self::normalize( $error );
				$shape = rest_convert_error_to_response( $clean );
				$response->set_data( $shape->get_data() );
				$response->set_status( $shape->get_status() );
			}
		}
		$rate = Access::rate_limit_state();
		if ( null !== $rate && null !== Access::presented_key( $request ) ) {
			$response->header( 'X-RateLimit-Limit', (string) $rate['limit'] );
			$response->header( 'X-RateLimit-Remaining', (string) $rate['remaining'] );
			$response->header( 'X-RateLimit-Reset', (string) $rate['reset'] );
			if ( 429 === $response->get_status() ) {
				$response->header( 'Retry-After', (string) $rate['retry_after'] );
			}
		}
		return $response;
	}

	/**
	 * docs/api.md#errors's codes: WordPress's validation errors as rest_invalid_param with data.params per field; anything
	 * unexpected as a generic 500 internal_error.
	 *
	 * @param WP_Error $error Error.
	 * @return WP_Error
	 */
	public static function normalize( WP_Error $error ): WP_Error {
		$code = (string) $error->get_error_code();
		$data = $error->get_error_data();
		$data = is_array( $data ) ? $data : array();
		switch ( $code ) {
			case 'rest_missing_callback_param':
				$params = array();
				foreach ( (array) ( $data['params'] ?? array() ) as $name ) {
					/* translators: %s: parameter name. */
					$params[ (string) $name ] = sprintf( __( '%s is required.', 'recruiting-reports' ), (string) $name );
				}
				return self::invalid_param( $params, $error->get_error_message() );
			case 'rest_invalid_json':
				return self::invalid_param( array( 'body' => __( 'The body is not valid JSON.', 'recruiting-reports' ) ), __( 'Malformed JSON body.', 'recruiting-reports' ) );
			case 'rest_invalid_param':
				$params = array();
				foreach ( (array) ( $data['params'] ?? array() ) as $name => $message ) {
					$params[ (string) $name ] = is_string( $message ) ? $message : __( 'Invalid value.', 'recruiting-reports' );
				}
				return self::invalid_param( $params, $error->get_error_message() );
		}
		$status = (int) ( $data['status'] ?? 500 );
		if ( 400 === $status && ! in_array( $code, self::OWN_CODES, true ) ) {
			// Any other WordPress 400 (a sanitiser's complaint, say) keeps its message under the one code.
			return self::invalid_param( array( 'body' => $error->get_error_message() ), $error->get_error_message() );
		}
		if ( $status >= 400 && $status < 500 ) {
			return $error;
		}
		return new WP_Error( 'internal_error', __( 'An unexpected error occurred; nothing was changed. Please try again.', 'recruiting-reports' ), array( 'status' => 500 ) );
	}

	/**
	 * 400 rest_invalid_param with a message per field.
	 *
	 * @param array  $params  Field => message.
	 * @param string $message Message (default: lists the fields).
	 * @return WP_Error
	 */
	public static function invalid_param( array $params, string $message = '' ): WP_Error {
		if ( '' === $message ) {
			/* translators: %s: list of parameter names. */
			$message = sprintf( __( 'Invalid parameter(s): %s', 'recruiting-reports' ), implode( ', ', array_keys( $params ) ) );
		}
		return new WP_Error(
			'rest_invalid_param',
			$message,
			array(
				'status' => 400,
				'params' => (object) $params,
			)
		);
	}

	/**
	 * The first JSON body parameter that is null where the route's schema does not allow null, or null.
	 *
	 * WordPress validates and sanitises only parameters that are not null, so a JSON `null` would reach the
	 * route unchecked and be cast to 0, "", false or [] (a silent write); core's own controllers have the same
	 * gap. Checked here, for every route of the namespace at once, against each argument's declared type, on the
	 * raw body (by now WordPress's sanitising has already turned the null into the type's empty value).
	 *
	 * @param WP_REST_Request $request Request.
	 * @param array           $args    The route's argument schemas.
	 * @return string|null
	 */
	private static function null_not_allowed( WP_REST_Request $request, array $args ): ?string {
		$json = $request->is_json_content_type() ? json_decode( (string) $request->get_body(), true ) : null;
		if ( ! is_array( $json ) ) {
			return null;
		}
		foreach ( $args as $name => $schema ) {
			if ( array_key_exists( $name, $json ) && null === $json[ $name ] && is_array( $schema ) && isset( $schema['type'] ) && ! in_array( 'null', (array) $schema['type'], true ) ) {
				return (string) $name;
			}
		}
		return null;
	}

	/**
	 * A JSON body that parses to something else than an object (an array, a string, a number, null), on any
	 * method: WordPress reads a JSON body's parameters on GET and DELETE too.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return bool
	 */
	private static function body_is_not_an_object( WP_REST_Request $request ): bool {
		if ( ! $request->is_json_content_type() ) {
			return false;
		}
		$body = ltrim( (string) $request->get_body() );
		return '' !== $body && '{' !== $body[0];
	}

	/**
	 * The name of the first query/body parameter holding a string that is not valid UTF-8, or null.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return string|null
	 */
	private static function invalid_utf8( WP_REST_Request $request ): ?string {
		$sources = array( $request->get_query_params(), $request->get_body_params() );
		$json    = $request->get_json_params();
		if ( is_array( $json ) ) {
			$sources[] = $json;
		}
		foreach ( $sources as $params ) {
			$bad = self::first_invalid_utf8( (array) $params, '', 0 );
			if ( null !== $bad ) {
				return $bad;
			}
		}
		return null;
	}

	/**
	 * The path of the first string that is not valid UTF-8 in nested parameters, or null.
	 *
	 * @param array  $values Parameters.
	 * @param string $path   Path of $values.
	 * @param int    $depth  Nesting depth (bounded).
	 * @return string|null
	 */
	private static function first_invalid_utf8( array $values, string $path, int $depth ): ?string {
		if ( $depth > 8 ) {
			return null;
		}
		foreach ( $values as $name => $value ) {
			$here = '' === $path ? (string) $name : $path . '.' . $name;
			if ( ! mb_check_encoding( (string) $name, 'UTF-8' ) ) {
				return 'body';
			}
			if ( is_string( $value ) && ! mb_check_encoding( $value, 'UTF-8' ) ) {
				return $here;
			}
			if ( is_array( $value ) ) {
				$bad = self::first_invalid_utf8( $value, $here, $depth + 1 );
				if ( null !== $bad ) {
					return $bad;
				}
			}
		}
		return null;
	}

	/**
	 * Lets browsers send the API key header.
	 *
	 * @param string[] $headers Allowed headers.
	 * @return string[]
	 */
	public static function allowed_cors_headers( array $headers ): array {
		$headers[] = Access::KEY_HEADER;
		return $headers;
	}

	/**
	 * Lets browsers read the rate-limit and cache headers.
	 *
	 * @param string[] $headers Exposed headers.
	 * @return string[]
	 */
	public static function exposed_cors_headers( array $headers ): array {
		return array_merge( $headers, array( 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'X-Recruiting-Cache' ) );
	}
}
