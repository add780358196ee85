<?php
/**
 * The one place that turns a request's credentials into an answer to "may it do this?".
 *
 * Two kinds of credentials reach it:
 * - a WordPress user (logged-in cookie + X-WP-Nonce, or an application password over Basic auth), resolved by
 *   WordPress itself before the REST server dispatches: the user's capabilities are the permissions;
 * - a plugin API key (header X-Recruiting-API-Key, or query ?api_key=): the key's ticked permissions that its owner
 *   still holds. A presented key always decides the request: a bad key is a 401, never a fall-back to the
 *   cookie/anonymous user, and a key request never becomes "the current user" (so it cannot reach WordPress's own
 *   routes or capabilities beyond the key's permissions). The acting user of a key request (history rows, notes,
 *   ratings, post author) is the key's owner: see user_id().
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Auth;

use RecruitingReports\Domain\Capabilities;
use WP_Error;
use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

/**
 * The one place that turns a request's credentials into an answer to "may it do this?".
 */
final class Access {

	public const KEY_HEADER = 'X-Recruiting-API-Key';
	public const KEY_QUERY  = 'api_key';

	/**
	 * Authentication results per presented key string, for this PHP request (one HTTP request): the key row or a
	 * WP_Error. Rate limiting counts once per key per HTTP request.
	 *
	 * @var array<string,array|WP_Error>
	 */
	private static array $keys = array();

	/**
	 * The key that authenticated the current HTTP request (row), if any.
	 *
	 * @var array|null
	 */
	private static ?array $current_key = null;

	/**
	 * Rate-limit state of the current key request, for the X-RateLimit-* headers.
	 *
	 * @var array|null
	 */
	private static ?array $rate = null;

	/**
	 * The key a request presents ('' when presented empty or malformed as a list), or null when none.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public static function presented_key( WP_REST_Request $request ): ?string {
		$header = $request->get_header( 'x_recruiting_api_key' );
		if ( null !== $header ) {
			return trim( (string) $header );
		}
		$query = $request->get_query_params();
		if ( array_key_exists( self::KEY_QUERY, $query ) ) {
			return is_string( $query[ self::KEY_QUERY ] ) ? trim( $query[ self::KEY_QUERY ] ) : '';
		}
		return null;
	}

	/**
	 * Authenticates the API key a request presents (once per key per HTTP request, rate limit included).
	 *
	 * A request that presents no key inside an HTTP request that a key authenticated is one of its internal
	 * requests (the REST server's `_embed`): it acts with the same key, as an embedded request of a logged-in user
	 * acts as that user.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error|null The key row (with effective_permissions), 401/429, or null when no key is presented.
	 */
	public static function authenticate( WP_REST_Request $request ) {
		$key = self::presented_key( $request );
		if ( null === $key ) {
			return self::$current_key;
		}
		if ( isset( self::$keys[ $key ] ) ) {
			return self::$keys[ $key ];
		}
		$row = ApiKeys::authenticate( $key );
		if ( ! is_wp_error( $row ) ) {
			$rate              = RateLimiter::hit( (int) $row['id'], ApiKeys::rate_limit( $row ) );
			self::$rate        = $rate;
			self::$current_key = $row;
			if ( ! $rate['allowed'] ) {
				$row = new WP_Error(
					'rate_limit_exceeded',
					/* translators: %d: requests per hour. */
					sprintf( __( 'Rate limit exceeded: this API key may make %d requests per hour. Retry after the time in the Retry-After header.', 'recruiting-reports' ), $rate['limit'] ),
					array(
						'status'      => 429,
						'limit'       => $rate['limit'],
						'reset'       => $rate['reset'],
						'retry_after' => $rate['retry_after'],
					)
				);
			} else {
				ApiKeys::touch( $row );
			}
		}
		self::$keys[ $key ] = $row;
		return $row;
	}

	/**
	 * Whether the request may act with a capability (API key, or the logged-in user).
	 *
	 * @param WP_REST_Request $request    Request.
	 * @param string          $capability One of Capabilities::ALL.
	 * @return true|WP_Error 401 without (valid) credentials, 429 over the key's limit, 403 without the permission.
	 */
	public static function authorize( WP_REST_Request $request, string $capability ) {
		$key = self::authenticate( $request );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		if ( null !== $key ) {
			return in_array( $capability, $key['effective_permissions'], true ) ? true : self::forbidden( $capability );
		}
		if ( ! is_user_logged_in() ) {
			return self::presents_basic_credentials( $request ) ? self::wrong_password() : self::unauthenticated();
		}
		if ( ! current_user_can( $capability ) ) {
			return self::forbidden( $capability );
		}
		return true;
	}

	/**
	 * Whether the request may act with a capability: authorize() as a yes or no, for fields a route shows only to
	 * some of the callers it admits.
	 *
	 * @param WP_REST_Request $request    Request.
	 * @param string          $capability One of Capabilities::ALL.
	 */
	public static function can( WP_REST_Request $request, string $capability ): bool {
		return true === self::authorize( $request, $capability );
	}

	/**
	 * Managing API keys: a logged-in user with Settings; a key-authenticated request is always refused (403), so a
	 * key can never mint or widen keys.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public static function authorize_key_management( WP_REST_Request $request ) {
		$key = self::authenticate( $request );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		if ( null !== $key ) {
			return new WP_Error(
				'insufficient_permissions',
				__( 'API keys cannot manage API keys: sign in as a user with the Settings permission.', 'recruiting-reports' ),
				array(
					'status'   => 403,
					'required' => Capabilities::MANAGE_SETTINGS,
				)
			);
		}
		return self::authorize( $request, Capabilities::MANAGE_SETTINGS );
	}

	/**
	 * Whether the current user (not a key) holds a capability; used to refuse granting more than one has.
	 *
	 * @param string $capability Capability.
	 */
	public static function user_can( string $capability ): bool {
		return null === self::$current_key && current_user_can( $capability );
	}

	/** The acting user: the key's owner for a key request, else the logged-in user (0 when anonymous). */
	public static function user_id(): int {
		return null !== self::$current_key ? (int) self::$current_key['user_id'] : get_current_user_id();
	}

	/** Rate-limit state of this HTTP request's API key (null when no key authenticated it). */
	public static function rate_limit_state(): ?array {
		return self::$rate;
	}

	/** Forgets this request's credentials (tests that run several requests in one PHP process). */
	public static function reset(): void {
		self::$keys        = array();
		self::$current_key = null;
		self::$rate        = null;
	}

	/**
	 * Basic credentials that WordPress did not accept (a wrong user name or application password).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function presents_basic_credentials( WP_REST_Request $request ): bool {
		$authorization = (string) $request->get_header( 'authorization' );
		return 0 === stripos( $authorization, 'basic ' ) || isset( $_SERVER['PHP_AUTH_USER'] );
	}

	/** WordPress's own code for a rejected application password. */
	public static function wrong_password(): WP_Error {
		return new WP_Error( 'incorrect_password', __( 'The user name or application password is not valid.', 'recruiting-reports' ), array( 'status' => 401 ) );
	}

	/**
	 * The 401 error for a request without valid credentials.
	 */
	public static function unauthenticated(): WP_Error {
		return new WP_Error( 'authentication_required', __( 'Authentication required: use an application password or an API key.', 'recruiting-reports' ), array( 'status' => 401 ) );
	}

	/**
	 * The 403 error for credentials that lack a capability.
	 *
	 * @param string $capability Capability.
	 */
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
