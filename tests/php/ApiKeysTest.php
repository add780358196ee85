<?php
/**
 * The form of API keys (docs/api.md#api-keys, Auth\ApiKeys): prefix per environment, 44 base62 characters from the CSPRNG,
 * the parsing that finds a key's row (lookup part hex-encoded, so case-insensitive collations cannot fold two
 * keys together), the hint that is shown, and the permissions a row may hold.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Auth\ApiKeys;
use RecruitingReports\Domain\Capabilities;

/**
 * The pure rules of API keys (storage and authentication are covered by the integration suites).
 */
final class ApiKeysTest extends TestCase {

	/**
	 * Live and test keys have their own prefixes.
	 */
	public function test_prefix(): void {
		$this->assertSame( 'rp_live_', ApiKeys::prefix( 'live' ) );
		$this->assertSame( 'rp_test_', ApiKeys::prefix( 'test' ) );
	}

	/**
	 * A generated key: prefix, then 12 + 32 base62 characters; every key differs.
	 */
	public function test_generate(): void {
		$keys = array();
		foreach ( ApiKeys::ENVIRONMENTS as $environment ) {
			for ( $i = 0; $i < 50; $i++ ) {
				$key = ApiKeys::generate( $environment );
				$this->assertMatchesRegularExpression( '/^rp_' . $environment . '_[0-9A-Za-z]{44}$/D', $key );
				$this->assertSame( $environment, ApiKeys::parse( $key )['environment'] );
				$keys[] = $key;
			}
		}
		$this->assertCount( 100, array_unique( $keys ) );
	}

	/**
	 * Random base62 text: the length asked for, the whole alphabet in use (no character left out or favoured so
	 * strongly that 6,200 draws miss one).
	 */
	public function test_random_base62(): void {
		$this->assertSame( '', ApiKeys::random_base62( 0 ) );
		$this->assertSame( 7, strlen( ApiKeys::random_base62( 7 ) ) );
		$text = ApiKeys::random_base62( 6200 );
		$this->assertMatchesRegularExpression( '/^[0-9A-Za-z]+$/D', $text );
		$this->assertCount( 62, count_chars( $text, 1 ) );
	}

	/**
	 * A well-formed key parses into its environment and the hex of its 12-character lookup part; keys that
	 * differ only in the case of the lookup part get different lookup ids.
	 */
	public function test_parse(): void {
		$secret = str_repeat( 'S', ApiKeys::SECRET_LENGTH );
		$this->assertSame(
			array(
				'environment' => 'live',
				'lookup_id'   => bin2hex( 'AbCdEf012345' ),
			),
			ApiKeys::parse( 'rp_live_AbCdEf012345' . $secret )
		);
		$this->assertSame( 'test', ApiKeys::parse( 'rp_test_abcdef012345' . $secret )['environment'] );
		$this->assertNotSame( ApiKeys::parse( 'rp_live_ABCDEF012345' . $secret )['lookup_id'], ApiKeys::parse( 'rp_live_abcdef012345' . $secret )['lookup_id'] );
		$this->assertSame( 2 * ApiKeys::LOOKUP_LENGTH, strlen( ApiKeys::parse( ApiKeys::generate( 'live' ) )['lookup_id'] ) );
	}

	/**
	 * Anything else is not a key.
	 *
	 * @return array<string,array{string}>
	 */
	public static function malformed(): array {
		$body = str_repeat( 'a', 44 );
		return array(
			'empty'               => array( '' ),
			'no prefix'           => array( $body ),
			'unknown environment' => array( 'rp_prod_' . $body ),
			'upper-case prefix'   => array( 'RP_LIVE_' . $body ),
			'one short'           => array( 'rp_live_' . substr( $body, 1 ) ),
			'one long'            => array( 'rp_live_' . $body . 'a' ),
			'not base62'          => array( 'rp_live_' . substr( $body, 1 ) . '-' ),
			'underscore inside'   => array( 'rp_live_' . substr( $body, 1 ) . '_' ),
			'trailing newline'    => array( 'rp_live_' . $body . "\n" ),
			'leading space'       => array( ' rp_live_' . $body ),
			'non-ASCII'           => array( 'rp_live_' . substr( $body, 2 ) . 'é' ),
			'very long'           => array( 'rp_live_' . str_repeat( 'a', 200 ) ),
		);
	}

	/**
	 * Malformed keys parse to null.
	 *
	 * @dataProvider malformed
	 * @param string $key Key.
	 */
	public function test_parse_refuses( string $key ): void {
		$this->assertNull( ApiKeys::parse( $key ) );
	}

	/**
	 * The hint: the key's prefix and its last four characters (a malformed key shows the live prefix).
	 */
	public function test_hint(): void {
		$key = 'rp_test_' . str_repeat( 'x', 40 ) . 'a1B2';
		$this->assertSame( 'rp_test_…a1B2', ApiKeys::hint( $key ) );
		$this->assertSame( 'rp_live_…a1B2', ApiKeys::hint( 'rp_live_' . str_repeat( 'x', 40 ) . 'a1B2' ) );
		$this->assertSame( 'rp_live_…wxyz', ApiKeys::hint( 'garbage-wxyz' ) );
	}

	/**
	 * Permissions: only the five capabilities, each once, in their canonical order.
	 */
	public function test_permissions(): void {
		$this->assertSame(
			array( Capabilities::READ_JOBS, Capabilities::WRITE_APPLICATIONS ),
			ApiKeys::normalize_permissions( array( Capabilities::WRITE_APPLICATIONS, 'manage_options', Capabilities::READ_JOBS, Capabilities::WRITE_APPLICATIONS, '' ) )
		);
		$this->assertSame( Capabilities::ALL, ApiKeys::normalize_permissions( array_reverse( Capabilities::ALL ) ) );
		$this->assertSame( array(), ApiKeys::normalize_permissions( array( 'administrator' ) ) );
		$this->assertSame( array( Capabilities::MANAGE_SETTINGS ), ApiKeys::permissions_of( array( 'permissions' => 'edit_posts,recruiting_manage_settings' ) ) );
		$this->assertSame( array(), ApiKeys::permissions_of( array( 'permissions' => '' ) ) );
	}
}
