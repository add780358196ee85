<?php
/**
 * Webhooks\UrlGuard: which webhook URLs may be called.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Webhooks;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Which webhook URLs may be called: http(s) only, no credentials in the URL, and — unless the site's environment
 * type is `local` — a host whose every address (A and AAAA) is an ordinary public unicast address: none of the
 * IANA special-purpose ranges (loopback, private, link-local and cloud metadata, carrier-grade NAT, documentation,
 * benchmarking, multicast, reserved; for IPv6 everything outside global unicast 2000::/3, which takes in the
 * IPv4-mapped, IPv4-compatible and NAT64 forms, plus the special blocks inside it such as 6to4 and Teredo).
 * Checked when a webhook is saved and again before every delivery, and the delivery's connection is pinned to the
 * addresses vetted then (Dispatcher, CURLOPT_RESOLVE), so DNS cannot answer differently between check and send.
 *
 * The filter `recruiting_reports_webhook_allow_private_urls` (bool, default: environment type is `local`) decides
 * whether private targets are allowed; the test suites use it to exercise the refusal on their local sites.
 * `recruiting_reports_webhook_host_addresses` (string[] addresses, string host) sees every lookup, for sites whose
 * resolver PHP cannot use (and for the tests, which have no DNS of their own).
 */
final class UrlGuard {

	public const MAX_LENGTH = 2048;

	/**
	 * Whether private and special-purpose targets are allowed (local environments; filterable).
	 *
	 * @return bool
	 */
	public static function allow_private(): bool {
		return (bool) apply_filters( 'recruiting_reports_webhook_allow_private_urls', 'local' === wp_get_environment_type() );
	}

	/**
	 * IANA special-purpose IPv4 blocks (RFC 6890 registry, with multicast and the limited broadcast), CIDR.
	 */
	private const IPV4_SPECIAL = array(
		'0.0.0.0/8',
		'10.0.0.0/8',
		'100.64.0.0/10',
		'127.0.0.0/8',
		'169.254.0.0/16',
		'172.16.0.0/12',
		'192.0.0.0/24',
		'192.0.2.0/24',
		'192.31.196.0/24',
		'192.52.193.0/24',
		'192.88.99.0/24',
		'192.168.0.0/16',
		'192.175.48.0/24',
		'198.18.0.0/15',
		'198.51.100.0/24',
		'203.0.113.0/24',
		'224.0.0.0/4',
		'240.0.0.0/4',
	);

	/** Only global unicast IPv6 is routable on the internet (the rest — ::/128, ::1, ::ffff:0:0/96, 64:ff9b::/96, fc00::/7, fe80::/10, ff00::/8 … — lies outside it). */
	private const IPV6_GLOBAL = '2000::/3';

	/** IANA special-purpose blocks inside 2000::/3: IETF protocol assignments (Teredo, benchmarking, ORCHID), documentation, 6to4, AS112, documentation (2024). */
	private const IPV6_SPECIAL = array(
		'2001::/23',
		'2001:db8::/32',
		'2002::/16',
		'2620:4f:8000::/48',
		'3fff::/20',
	);

	/**
	 * Whether a URL may be a webhook's target.
	 *
	 * @param mixed $url URL to check.
	 * @return true|WP_Error rest_invalid_param (400) naming the problem.
	 */
	public static function check( $url ) {
		$vetted = self::vet( $url );
		return is_wp_error( $vetted ) ? $vetted : true;
	}

	/**
	 * Checks a URL and returns what its connection must use.
	 *
	 * @param mixed $url URL to check.
	 * @return array{host:string,port:int,addresses:string[]}|WP_Error The host, its port and the vetted addresses
	 *         to connect to (empty for an IP literal, and for a host that does not resolve where private targets are
	 *         allowed); rest_invalid_param (400) naming the problem.
	 */
	public static function vet( $url ) {
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
		$vetted    = array(
			'host'      => $host,
			'port'      => isset( $parts['port'] ) ? (int) $parts['port'] : ( 'https' === strtolower( $parts['scheme'] ) ? 443 : 80 ),
			'addresses' => array(),
		);
		$literal   = false !== filter_var( $host, FILTER_VALIDATE_IP );
		$addresses = self::resolve( $host );
		if ( ! $literal ) {
			$vetted['addresses'] = $addresses;
		}
		if ( self::allow_private() ) {
			return $vetted;
		}
		if ( ! $addresses ) {
			return self::refuse( __( 'The URL\'s host name cannot be resolved.', 'recruiting-reports' ) );
		}
		foreach ( $addresses as $ip ) {
			if ( ! self::is_public( $ip ) ) {
				return self::refuse( __( 'The URL resolves to a private, loopback or reserved address; webhooks may only call public addresses.', 'recruiting-reports' ) );
			}
		}
		return $vetted;
	}

	/**
	 * The addresses a host name resolves to (A and AAAA).
	 *
	 * @param string $host Host name or IP literal (IPv6 with or without brackets).
	 * @return string[] The host's addresses (the host itself when it is an IP literal).
	 */
	public static function resolve( string $host ): array {
		$host = trim( $host, '[]' );
		if ( false !== filter_var( $host, FILTER_VALIDATE_IP ) ) {
			return array( $host );
		}
		$addresses = array();
		if ( preg_match( '/^[a-z0-9.-]+$/i', $host ) ) {
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
		}
		$addresses = apply_filters( 'recruiting_reports_webhook_host_addresses', $addresses, $host );
		$addresses = array_filter( is_array( $addresses ) ? $addresses : array(), static fn( $ip ) => is_string( $ip ) && false !== filter_var( $ip, FILTER_VALIDATE_IP ) );
		return array_values( array_unique( $addresses ) );
	}

	/**
	 * Whether an address is an ordinary public unicast address (in no special-purpose block).
	 *
	 * @param string $ip IPv4 or IPv6 address.
	 * @return bool
	 */
	public static function is_public( string $ip ): bool {
		$packed = filter_var( $ip, FILTER_VALIDATE_IP ) ? inet_pton( $ip ) : false;
		if ( false === $packed ) {
			return false;
		}
		if ( 4 === strlen( $packed ) ) {
			foreach ( self::IPV4_SPECIAL as $block ) {
				if ( self::in_block( $packed, $block ) ) {
					return false;
				}
			}
			return true;
		}
		if ( ! self::in_block( $packed, self::IPV6_GLOBAL ) ) {
			return false;
		}
		foreach ( self::IPV6_SPECIAL as $block ) {
			if ( self::in_block( $packed, $block ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether a packed address lies in a CIDR block of the same family.
	 *
	 * @param string $packed Address as inet_pton() returns it.
	 * @param string $block  "network/prefix length".
	 * @return bool
	 */
	private static function in_block( string $packed, string $block ): bool {
		[ $network, $bits ] = explode( '/', $block );
		$network            = (string) inet_pton( $network );
		if ( strlen( $network ) !== strlen( $packed ) ) {
			return false;
		}
		$bits  = (int) $bits;
		$bytes = intdiv( $bits, 8 );
		if ( substr( $packed, 0, $bytes ) !== substr( $network, 0, $bytes ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xFF << ( 8 - $rest ) ) & 0xFF;
		return ( ord( $packed[ $bytes ] ) & $mask ) === ( ord( $network[ $bytes ] ) & $mask );
	}

	/**
	 * The 400 error naming the problem with the URL.
	 *
	 * @param string $message Problem.
	 * @return WP_Error
	 */
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
