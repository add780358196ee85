<?php
/**
 * Per-key request limit over fixed one-hour windows (docs/api.md#api-keys), counted in the rate_limits table
 * (Data\RateLimitRepository, whose conditional increment admits exactly `limit` of N parallel requests).
 *
 * The first request of a window creates its row; a concurrent first request loses the primary-key race and falls
 * back to the conditional increment. No object cache is assumed (with one, this stays correct: it is not used).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Auth;

use RecruitingReports\Data\RateLimitRepository;

defined( 'ABSPATH' ) || exit;

/**
 * Per-key request limit over fixed one-hour windows (docs/api.md#api-keys), counted in the rate_limits table.
 */
final class RateLimiter {

	public const WINDOW = 3600;

	/** Windows of IP addresses (address_key()) live above this, out of reach of any API key's id. */
	private const ADDRESS_KEY_OFFSET = 4611686018427387904; // 2^62.

	/**
	 * Counts one request for a key.
	 *
	 * @param int      $key_id Key id.
	 * @param int      $limit  Limit.
	 * @param int|null $now    Now.
	 * @return array{allowed:bool,limit:int,remaining:int,reset:int,retry_after:int}
	 */
	public static function hit( int $key_id, int $limit, ?int $now = null ): array {
		$now    = $now ?? time();
		$window = self::window_start( $now );
		$limit  = max( 1, $limit );

		$allowed = false;
		$hits    = null;
		// Usually one pass; more only while concurrent first requests of a window race to create its row.
		for ( $pass = 0; $pass < 10; $pass++ ) {
			$hits = RateLimitRepository::increment( $key_id, $window, $limit );
			if ( null !== $hits ) {
				$allowed = true;
				break;
			}
			$hits = RateLimitRepository::hits( $key_id, $window );
			if ( null !== $hits && $hits >= $limit ) {
				break; // Over the limit.
			}
			if ( null === $hits && RateLimitRepository::open_window( $key_id, $window ) ) {
				// First request of the window for this key.
				$allowed = true;
				$hits    = 1;
				break;
			}
			// The row appeared (another request created it) with room left: count again.
		}
		return self::verdict( $allowed, $limit, (int) $hits, $now );
	}

	/**
	 * The rate-limit key of the requesting IP address for one purpose (the apply form, the careers beacon): a salted
	 * hash (wp_hash, the site's salt) folded into a number above 2^62, out of reach of any API key's auto-increment
	 * id, so the address itself is never stored. `REMOTE_ADDR` is used as it is (behind a proxy, the web server must
	 * set it to the client's address).
	 *
	 * @param string $purpose What the requests are counted for (part of the hash: each purpose has its own windows).
	 */
	public static function address_key( string $purpose ): int {
		$address = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
		return self::ADDRESS_KEY_OFFSET + (int) hexdec( substr( wp_hash( $purpose . '|' . $address ), 0, 15 ) );
	}

	/**
	 * The start of the fixed window that holds an instant (windows start on the hour, UTC).
	 *
	 * @param int $now Unix seconds.
	 * @return int Unix seconds.
	 */
	public static function window_start( int $now ): int {
		return $now - ( $now % self::WINDOW );
	}

	/**
	 * What a request learns about its key's limit (the X-RateLimit-* and Retry-After headers).
	 *
	 * @param bool $allowed Whether the request was admitted.
	 * @param int  $limit   Requests allowed per window.
	 * @param int  $hits    The window's count after this request (0 when it has none).
	 * @param int  $now     Unix seconds of the request.
	 * @return array{allowed:bool,limit:int,remaining:int,reset:int,retry_after:int}
	 */
	public static function verdict( bool $allowed, int $limit, int $hits, int $now ): array {
		$reset = self::window_start( $now ) + self::WINDOW;
		return array(
			'allowed'     => $allowed,
			'limit'       => $limit,
			'remaining'   => max( 0, $limit - $hits ),
			'reset'       => $reset,
			'retry_after' => max( 1, $reset - $now ),
		);
	}

	/**
	 * Removes windows that have ended (daily maintenance).
	 *
	 * @param int|null $now Now.
	 */
	public static function purge( ?int $now = null ): void {
		RateLimitRepository::delete_before( self::window_start( $now ?? time() ) );
	}
}
