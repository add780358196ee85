<?php
/**
 * Which webhook URLs may be called: http(s) only, no credentials in the URL, and — unless the site's environment
 * type is `local` — a host whose every address (A and AAAA) is public: no loopback, private, link-local (cloud
 * metadata), carrier-grade NAT, reserved or IPv4-mapped addresses. Checked when a webhook is saved and again
 * before every delivery (DNS can change), and the request itself goes through wp_safe_remote_post().
 *
 * The filter `recruiting_reports_webhook_allow_private_urls` (bool, default: environment type is `local`) decides
 * whether private targets are allowed; the test suites use it to exercise the refusal on their local sites.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Webhooks;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class UrlGuard {

	public const MAX_LENGTH = 2048;

	public static function allow_private(): bool {
		return (bool) apply_filters( 'recruiting_reports_webhook_allow_private_urls', 'local' === wp_get_environment_type() );
	}

	/**
	 * @return true|WP_Error rest_invalid_param (400) naming the problem.
	 */
	public static function check( $url ) {
		if ( ! is_string( $url ) || '' === $url || strlen( $url ) > self::MAX_LENGTH ) {
			return self::refuse( __( 'The URL must be an http or https URL of at most 2048 characters.', 'recruiting-reports' ) );
		}
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) || ! in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) ) {
			return self::refuse( __( 'The URL must be an absolute http or https URL.', 'recruiting-reports' ) );
		}
		if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return self::refuse( __( 'The URL must not contain a user name or password.', 'recruiting-reports' ) );
		}
		$host = trim( $parts['host'], '[]' );
		if ( false === filter_var( $host, FILTER_VALIDATE_IP ) && ! preg_match( '/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i', $host ) ) {
			return self::refuse( __( 'The URL\'s host is not a valid host name or IP address.', 'recruiting-reports' ) );
		}
		if ( preg_match( '/[\s<>"\\\\^`{|}]/', $url ) ) {
			return self::refuse( __( 'The URL contains characters that are not allowed.', 'recruiting-reports' ) );
		}
		if ( self::allow_private() ) {
			return true;
		}
		$addresses = self::resolve( $parts['host'] );
		if ( ! $addresses ) {
			return self::refuse( __( 'The URL\'s host name cannot be resolved.', 'recruiting-reports' ) );
		}
		foreach ( $addresses as $ip ) {
			if ( ! self::is_public( $ip ) ) {
				return self::refuse( __( 'The URL resolves to a private, loopback or reserved address; webhooks may only call public addresses.', 'recruiting-reports' ) );
			}
		}
		return true;
	}

	/** @return string[] The host's addresses (the host itself when it is an IP literal). */
	public static function resolve( string $host ): array {
		$host = trim( $host, '[]' );
		if ( false !== filter_var( $host, FILTER_VALIDATE_IP ) ) {
			return array( $host );
		}
		if ( ! preg_match( '/^[a-z0-9.-]+$/i', $host ) ) {
			return array();
		}
		$addresses = gethostbynamel( $host );
		$addresses = is_array( $addresses ) ? $addresses : array();
		if ( function_exists( 'dns_get_record' ) ) {
			// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a failed lookup must not raise a warning.
			$records = @dns_get_record( $host, DNS_AAAA );
			foreach ( is_array( $records ) ? $records : array() as $record ) {
				if ( ! empty( $record['ipv6'] ) ) {
					$addresses[] = $record['ipv6'];
				}
			}
		}
		return array_values( array_unique( $addresses ) );
	}

	public static function is_public( string $ip ): bool {
		if ( false === filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE ) ) {
			return false;
		}
		if ( false !== filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4 ) ) {
			$long = ip2long( $ip );
			// 100.64.0.0/10 (carrier-grade NAT) and 192.0.0.0/24 (IETF protocol assignments) are not covered above.
			return ! ( ( $long & 0xFFC00000 ) === ( ip2long( '100.64.0.0' ) & 0xFFC00000 ) || ( $long & 0xFFFFFF00 ) === ip2long( '192.0.0.0' ) );
		}
		$packed = inet_pton( $ip );
		// IPv4-mapped/compatible and NAT64 forms can smuggle a private IPv4 address.
		return false !== $packed && ! str_starts_with( bin2hex( $packed ), '00000000000000000000ffff' ) && ! str_starts_with( bin2hex( $packed ), '0064ff9b' );
	}

	private static function refuse( string $message ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			$message,
			array(
				'status' => 400,
				'params' => array( 'url' => $message ),
			)
		);
	}
}
