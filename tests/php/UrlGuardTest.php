<?php
/**
 * Which webhook URLs may be called (docs/api.md#resources, Webhooks\UrlGuard): schemes, credentials, host syntax, ports, every
 * IANA special-purpose IPv4 and IPv6 block, and host names judged by every address they resolve to.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Webhooks\UrlGuard;

/**
 * UrlGuard without WordPress: names are resolved through the guard's own filter
 * (recruiting_reports_webhook_host_addresses); the .invalid names used never resolve in DNS (RFC 6761), so the
 * filter's answer is the only one.
 */
final class UrlGuardTest extends TestCase {

	/**
	 * Strict mode (a production site) and no resolver answer, before each test.
	 */
	protected function setUp(): void {
		$GLOBALS['rr_test_environment'] = 'production';
		$GLOBALS['rr_test_filters']     = array();
	}

	/**
	 * No filter survives a test.
	 */
	protected function tearDown(): void {
		$GLOBALS['rr_test_filters'] = array();
	}

	/**
	 * Lets the resolver answer $addresses for $host (and nothing for any other name).
	 *
	 * @param string   $host      Host name.
	 * @param string[] $addresses Its addresses.
	 */
	private function resolves( string $host, array $addresses ): void {
		$GLOBALS['rr_test_filters']['recruiting_reports_webhook_host_addresses'] = static fn( $found, $name ) => $name === $host ? $addresses : $found;
	}

	/**
	 * Asserts that the guard refuses a URL with a 400 naming the url parameter, and that the message says why.
	 *
	 * @param mixed  $url     URL.
	 * @param string $because Part of the expected message.
	 */
	private function assertRefused( $url, string $because ): void {
		$vetted = UrlGuard::vet( $url );
		$this->assertInstanceOf( WP_Error::class, $vetted, 'refused: ' . ( is_scalar( $url ) ? (string) $url : gettype( $url ) ) );
		$this->assertSame( 'rest_invalid_param', $vetted->get_error_code() );
		$this->assertSame( 400, $vetted->get_error_data()['status'] );
		$this->assertSame( $vetted->get_error_message(), $vetted->get_error_data()['params']['url'] );
		$this->assertStringContainsString( $because, $vetted->get_error_message() );
		$this->assertSame( $vetted->get_error_message(), UrlGuard::check( $url )->get_error_message() );
	}

	/**
	 * Only absolute http and https URLs (any case of the scheme).
	 */
	public function test_schemes(): void {
		foreach ( array( 'http://8.8.8.8/hook', 'https://8.8.8.8/hook', 'HTTPS://8.8.8.8/' ) as $url ) {
			$this->assertTrue( UrlGuard::check( $url ), $url );
		}
		foreach ( array( 'ftp://8.8.8.8/', 'file:///etc/passwd', 'gopher://8.8.8.8/', 'javascript:alert(1)', '//8.8.8.8/hook', '/hook', 'hook', 'https:///hook' ) as $url ) {
			$this->assertRefused( $url, 'absolute http or https URL' );
		}
	}

	/**
	 * Empty, non-string and over-long values.
	 */
	public function test_type_and_length(): void {
		foreach ( array( '', null, 42, array( 'https://8.8.8.8/' ) ) as $url ) {
			$this->assertRefused( $url, 'at most 2048 characters' );
		}
		$base = 'https://8.8.8.8/';
		$this->assertTrue( UrlGuard::check( $base . str_repeat( 'a', UrlGuard::MAX_LENGTH - strlen( $base ) ) ) );
		$this->assertRefused( $base . str_repeat( 'a', UrlGuard::MAX_LENGTH - strlen( $base ) + 1 ), 'at most 2048 characters' );
	}

	/**
	 * A user name or password in the URL is refused (it would be sent to the receiver, and hides the real host).
	 */
	public function test_userinfo(): void {
		foreach ( array( 'https://user:secret@8.8.8.8/', 'https://user@8.8.8.8/', 'https://:secret@8.8.8.8/' ) as $url ) {
			$this->assertRefused( $url, 'user name or password' );
		}
	}

	/**
	 * Host syntax and characters outside a URL's alphabet.
	 */
	public function test_host_and_characters(): void {
		foreach ( array( 'https://exa_mple.invalid/', 'https://-leading.invalid/', 'https://trailing-.invalid/', 'https://a..b.invalid/', 'https://' . str_repeat( 'a', 254 ) . '/' ) as $url ) {
			$this->assertRefused( $url, 'not a valid host name or IP address' );
		}
		foreach ( array( 'https://8.8.8.8/a b', 'https://8.8.8.8/<x>', 'https://8.8.8.8/"', 'https://8.8.8.8/{x}', 'https://8.8.8.8/a|b', 'https://8.8.8.8/a\\b' ) as $url ) {
			$this->assertRefused( $url, 'characters that are not allowed' );
		}
	}

	/**
	 * Any port may be used; the vetted port is the URL's or the scheme's default.
	 */
	public function test_ports(): void {
		$this->assertSame( 443, UrlGuard::vet( 'https://8.8.8.8/' )['port'] );
		$this->assertSame( 80, UrlGuard::vet( 'http://8.8.8.8/' )['port'] );
		$this->assertSame( 8443, UrlGuard::vet( 'https://8.8.8.8:8443/hook' )['port'] );
		$this->assertSame( 1, UrlGuard::vet( 'http://8.8.8.8:1/' )['port'] );
		$this->assertSame( 65535, UrlGuard::vet( 'http://[2606:4700:4700::1111]:65535/' )['port'] );
		$this->assertRefused( 'https://8.8.8.8:99999/', 'absolute http or https URL' );
	}

	/**
	 * Special-purpose IPv4 addresses, at the edges of their blocks, and public neighbours just outside.
	 *
	 * @return array<string,array{string,bool}>
	 */
	public static function ipv4(): array {
		$cases = array(
			'this network'          => array( '0.0.0.0', false ),
			'this network (end)'    => array( '0.255.255.255', false ),
			'private 10/8'          => array( '10.0.0.1', false ),
			'private 10/8 end'      => array( '10.255.255.255', false ),
			'after 10/8'            => array( '11.0.0.0', true ),
			'shared CGNAT'          => array( '100.64.0.1', false ),
			'shared CGNAT end'      => array( '100.127.255.255', false ),
			'after CGNAT'           => array( '100.128.0.0', true ),
			'before CGNAT'          => array( '100.63.255.255', true ),
			'loopback'              => array( '127.0.0.1', false ),
			'loopback other'        => array( '127.255.255.254', false ),
			'link-local metadata'   => array( '169.254.169.254', false ),
			'private 172.16/12'     => array( '172.16.0.1', false ),
			'private 172.16/12 end' => array( '172.31.255.255', false ),
			'before 172.16/12'      => array( '172.15.255.255', true ),
			'after 172.16/12'       => array( '172.32.0.0', true ),
			'IETF 192.0.0/24'       => array( '192.0.0.8', false ),
			'TEST-NET-1'            => array( '192.0.2.1', false ),
			'6to4 relay anycast'    => array( '192.88.99.1', false ),
			'private 192.168/16'    => array( '192.168.1.1', false ),
			'benchmarking'          => array( '198.18.0.1', false ),
			'benchmarking end'      => array( '198.19.255.255', false ),
			'after benchmarking'    => array( '198.20.0.0', true ),
			'TEST-NET-2'            => array( '198.51.100.7', false ),
			'TEST-NET-3'            => array( '203.0.113.9', false ),
			'multicast'             => array( '224.0.0.1', false ),
			'multicast end'         => array( '239.255.255.255', false ),
			'reserved'              => array( '240.0.0.1', false ),
			'limited broadcast'     => array( '255.255.255.255', false ),
			'public DNS'            => array( '8.8.8.8', true ),
			'public 1.1.1.1'        => array( '1.1.1.1', true ),
			'public 223.255'        => array( '223.255.255.255', true ),
		);
		return $cases;
	}

	/**
	 * An IPv4 literal is allowed exactly when it is public.
	 *
	 * @dataProvider ipv4
	 * @param string $ip     Address.
	 * @param bool   $is_public Whether it is an ordinary public address.
	 */
	public function test_ipv4( string $ip, bool $is_public ): void {
		$this->assertSame( $is_public, UrlGuard::is_public( $ip ) );
		if ( $is_public ) {
			$this->assertTrue( UrlGuard::check( "https://$ip/hook" ) );
		} else {
			$this->assertRefused( "https://$ip/hook", 'private, loopback or reserved' );
		}
	}

	/**
	 * IPv6: only global unicast 2000::/3, without the special blocks inside it.
	 *
	 * @return array<string,array{string,bool}>
	 */
	public static function ipv6(): array {
		return array(
			'unspecified'          => array( '::', false ),
			'loopback'             => array( '::1', false ),
			'IPv4-mapped loopback' => array( '::ffff:127.0.0.1', false ),
			'IPv4-mapped public'   => array( '::ffff:8.8.8.8', false ),
			'NAT64 of private'     => array( '64:ff9b::a00:1', false ),
			'unique local fc00'    => array( 'fc00::1', false ),
			'unique local fd'      => array( 'fd12:3456::1', false ),
			'link-local'           => array( 'fe80::1', false ),
			'multicast'            => array( 'ff02::1', false ),
			'Teredo'               => array( '2001::1', false ),
			'IETF 2001::/23 end'   => array( '2001:1ff:ffff::1', false ),
			'after 2001::/23'      => array( '2001:200::1', true ),
			'documentation'        => array( '2001:db8::1', false ),
			'6to4'                 => array( '2002:c000:201::1', false ),
			'documentation 3fff'   => array( '3fff::1', false ),
			'AS112'                => array( '2620:4f:8000::1', false ),
			'outside 2000::/3'     => array( '4000::1', false ),
			'public Cloudflare'    => array( '2606:4700:4700::1111', true ),
			'public Google'        => array( '2a00:1450:4001:81d::200e', true ),
		);
	}

	/**
	 * An IPv6 literal (in brackets in a URL) is allowed exactly when it is public.
	 *
	 * @dataProvider ipv6
	 * @param string $ip     Address.
	 * @param bool   $is_public Whether it is an ordinary public address.
	 */
	public function test_ipv6( string $ip, bool $is_public ): void {
		$this->assertSame( $is_public, UrlGuard::is_public( $ip ) );
		if ( $is_public ) {
			$this->assertTrue( UrlGuard::check( "https://[$ip]:8443/hook" ) );
		} else {
			$this->assertRefused( "https://[$ip]/hook", 'private, loopback or reserved' );
		}
	}

	/**
	 * Not an address at all.
	 */
	public function test_is_public_rejects_non_addresses(): void {
		foreach ( array( '', 'example.com', '256.1.1.1', '1.2.3', '[::1]', 'fe80::1%eth0' ) as $value ) {
			$this->assertFalse( UrlGuard::is_public( $value ), $value );
		}
	}

	/**
	 * An IP literal is connected to as given: no addresses to pin, the host without brackets.
	 */
	public function test_literal_vetting(): void {
		$this->assertSame(
			array(
				'host'      => '2606:4700:4700::1111',
				'port'      => 443,
				'addresses' => array(),
			),
			UrlGuard::vet( 'https://[2606:4700:4700::1111]/hook' )
		);
		$this->assertSame( array( '::1' ), UrlGuard::resolve( '[::1]' ) );
		$this->assertSame( array( '8.8.8.8' ), UrlGuard::resolve( '8.8.8.8' ) );
	}

	/**
	 * A host name is allowed when every address it resolves to is public; the vetted addresses are the ones the
	 * delivery then connects to.
	 */
	public function test_resolved_names(): void {
		$this->resolves( 'hooks.example.invalid', array( '8.8.8.8', '2606:4700:4700::1111' ) );
		$this->assertSame(
			array(
				'host'      => 'hooks.example.invalid',
				'port'      => 443,
				'addresses' => array( '8.8.8.8', '2606:4700:4700::1111' ),
			),
			UrlGuard::vet( 'https://hooks.example.invalid/in' )
		);

		// One private address among public ones is enough to refuse (DNS could hand out either).
		$this->resolves( 'mixed.example.invalid', array( '8.8.8.8', '10.0.0.5' ) );
		$this->assertRefused( 'https://mixed.example.invalid/in', 'private, loopback or reserved' );
		$this->resolves( 'mapped.example.invalid', array( '::ffff:169.254.169.254' ) );
		$this->assertRefused( 'https://mapped.example.invalid/in', 'private, loopback or reserved' );

		$this->resolves( 'other.example.invalid', array( '8.8.8.8' ) );
		$this->assertRefused( 'https://nothing.example.invalid/in', 'cannot be resolved' );
	}

	/**
	 * The resolver's answer is cleaned: only IP addresses, each once.
	 */
	public function test_resolver_answer_is_cleaned(): void {
		$this->resolves( 'messy.example.invalid', array( '8.8.8.8', 'not an ip', 8, '8.8.8.8', null, '1.1.1.1' ) );
		$this->assertSame( array( '8.8.8.8', '1.1.1.1' ), UrlGuard::resolve( 'messy.example.invalid' ) );
		$this->resolves( 'junk.example.invalid', array( 'localhost', '' ) );
		$this->assertSame( array(), UrlGuard::resolve( 'junk.example.invalid' ) );
		$this->assertRefused( 'https://junk.example.invalid/', 'cannot be resolved' );
		$GLOBALS['rr_test_filters']['recruiting_reports_webhook_host_addresses'] = static fn() => 'not a list';
		$this->assertSame( array(), UrlGuard::resolve( 'junk.example.invalid' ) );
	}

	/**
	 * Local environments (and the filter) allow private targets, and names that do not resolve (yet); the URL's
	 * form is still checked.
	 */
	public function test_private_targets_where_allowed(): void {
		$this->assertFalse( UrlGuard::allow_private() );
		$GLOBALS['rr_test_environment'] = 'local';
		$this->assertTrue( UrlGuard::allow_private() );
		$this->assertTrue( UrlGuard::check( 'http://127.0.0.1:8080/hook' ) );
		$this->assertTrue( UrlGuard::check( 'http://[::1]/hook' ) );
		$this->assertSame( array(), UrlGuard::vet( 'https://unknown.example.invalid/' )['addresses'] );
		$this->assertRefused( 'https://user@127.0.0.1/', 'user name or password' );
		$this->assertRefused( 'ftp://127.0.0.1/', 'absolute http or https URL' );

		$GLOBALS['rr_test_filters']['recruiting_reports_webhook_allow_private_urls'] = static fn() => false;
		$this->assertRefused( 'http://127.0.0.1:8080/hook', 'private, loopback or reserved' );
		$GLOBALS['rr_test_environment'] = 'production';

		$GLOBALS['rr_test_filters']['recruiting_reports_webhook_allow_private_urls'] = static fn() => true;
		$this->assertTrue( UrlGuard::check( 'http://10.1.2.3/hook' ) );
	}
}
