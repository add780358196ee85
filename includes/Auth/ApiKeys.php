<?php
/**
 * The plugin's API keys (docs/api.md#api-keys): generation, storage as a keyed hash, authentication, management.
 *
 * A key is `rp_live_` or `rp_test_` followed by 44 base62 characters from a CSPRNG (random_int): the first
 * 12 are the lookup part (stored hex-encoded in the indexed, unique `lookup_id` column, so that MySQL's
 * case-insensitive collations cannot fold two lookup parts together), the remaining 32 are the secret.
 * The database keeps only HMAC-SHA256( whole key ) under a key derived from the site's AUTH salts, plus a
 * hint (`rp_live_…a1b2`). Authentication is one point read by lookup_id and a constant-time comparison.
 * Rotating the site's salts therefore invalidates every key (like every login cookie). The rows live in
 * Data\ApiKeyRepository.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Auth;

use RecruitingReports\Data\ApiKeyRepository;
use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\Capabilities;
use WP_Error;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's API keys (docs/api.md#api-keys): generation, storage as a keyed hash, authentication, management.
 */
final class ApiKeys {

	public const ENVIRONMENTS = array( 'live', 'test' );

	public const LOOKUP_LENGTH = 12;
	public const SECRET_LENGTH = 32;

	/** Seconds between two writes of last_used_at, at most one write per key in that time. */
	public const LAST_USED_THROTTLE = 60;

	private const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

	private const PATTERN = '/^rp_(live|test)_([0-9A-Za-z]{12})([0-9A-Za-z]{32})$/D';

	/**
	 * The key prefix of an environment (rp_live_ or rp_test_).
	 *
	 * @param string $environment Environment.
	 */
	public static function prefix( string $environment ): string {
		return 'rp_' . $environment . '_';
	}

	/**
	 * A fresh key string (never stored).
	 *
	 * @param string $environment Environment.
	 */
	public static function generate( string $environment ): string {
		return self::prefix( $environment ) . self::random_base62( self::LOOKUP_LENGTH + self::SECRET_LENGTH );
	}

	/**
	 * Uniform base62 characters from the CSPRNG (random_int has no modulo bias).
	 *
	 * @param int $length Length.
	 */
	public static function random_base62( int $length ): string {
		$out = '';
		for ( $i = 0; $i < $length; $i++ ) {
			$out .= self::ALPHABET[ random_int( 0, 61 ) ];
		}
		return $out;
	}

	/**
	 * Keyed hash of a whole key (hex). The HMAC key is derived from the site's salts, never stored.
	 *
	 * @param string $key Key.
	 */
	public static function hash( string $key ): string {
		/**
		 * Hmac key.
		 *
		 * @var mixed
		 */
		static $hmac_key = null;
		if ( null === $hmac_key ) {
			$hmac_key = hash_hmac( 'sha256', 'recruiting-reports/api-keys/v1', wp_salt( 'auth' ), true );
		}
		return hash_hmac( 'sha256', $key, $hmac_key );
	}

	/**
	 * Splits a key into its environment and lookup id.
	 *
	 * @param string $key Key.
	 * @return array{environment:string,lookup_id:string}|null The parts of a well-formed key.
	 */
	public static function parse( string $key ): ?array {
		if ( strlen( $key ) > 100 || ! preg_match( self::PATTERN, $key, $m ) ) {
			return null;
		}
		return array(
			'environment' => $m[1],
			'lookup_id'   => bin2hex( $m[2] ),
		);
	}

	/**
	 * The displayable hint of a key: its prefix and last four characters.
	 *
	 * @param string $key Key.
	 */
	public static function hint( string $key ): string {
		$parsed = self::parse( $key );
		return self::prefix( $parsed ? $parsed['environment'] : 'live' ) . '…' . substr( $key, -4 );
	}

	/**
	 * Creates a key. The plain key is returned here and nowhere else.
	 *
	 * @param int      $user_id     User id.
	 * @param string   $name        Name.
	 * @param string   $environment Environment.
	 * @param string[] $permissions Capabilities (subset of Capabilities::ALL).
	 * @param int|null $expires_at  Expires at.
	 * @param int|null $rate_limit  Rate limit.
	 * @return array{key:string,row:array}|WP_Error
	 */
	public static function create( int $user_id, string $name, string $environment, array $permissions, ?int $expires_at = null, ?int $rate_limit = null ) {
		if ( ! in_array( $environment, self::ENVIRONMENTS, true ) ) {
			$environment = 'live';
		}
		$permissions = self::normalize_permissions( $permissions );
		for ( $attempt = 0; $attempt < 3; $attempt++ ) {
			$key    = self::generate( $environment );
			$parsed = self::parse( $key );
			$id     = ApiKeyRepository::insert(
				array(
					'user_id'     => $user_id,
					'name'        => $name,
					'environment' => $environment,
					'lookup_id'   => $parsed['lookup_id'],
					'secret_hash' => self::hash( $key ),
					'hint'        => self::hint( $key ),
					'permissions' => implode( ',', $permissions ),
					'rate_limit'  => $rate_limit,
					'created_at'  => time(),
					'expires_at'  => $expires_at,
				)
			);
			if ( null !== $id ) {
				return array(
					'key' => $key,
					'row' => ApiKeyRepository::find( $id ),
				);
			}
			// A lookup_id collision (2^-71 per pair) or a database failure: try a new key, then give up.
		}
		return new WP_Error( 'internal_error', __( 'The API key could not be saved.', 'recruiting-reports' ), array( 'status' => 500 ) );
	}

	/**
	 * Keeps only known capabilities.
	 *
	 * @param array $permissions Permissions.
	 * @return string[] Known capabilities, unique, in Capabilities::ALL order.
	 */
	public static function normalize_permissions( array $permissions ): array {
		return array_values( array_intersect( Capabilities::ALL, $permissions ) );
	}

	/**
	 * Updates the given fields only (name, permissions, expires_at, rate_limit); omitted fields keep their value.
	 *
	 * @param int   $id     Id.
	 * @param array $fields Fields.
	 * @return array|null The updated row, null when the key does not exist.
	 */
	public static function update( int $id, array $fields ): ?array {
		if ( ! ApiKeyRepository::find( $id ) ) {
			return null;
		}
		$data = array();
		if ( array_key_exists( 'name', $fields ) ) {
			$data['name'] = (string) $fields['name'];
		}
		if ( array_key_exists( 'permissions', $fields ) ) {
			$data['permissions'] = implode( ',', self::normalize_permissions( (array) $fields['permissions'] ) );
		}
		foreach ( array( 'expires_at', 'rate_limit' ) as $nullable ) {
			if ( array_key_exists( $nullable, $fields ) ) {
				$data[ $nullable ] = null === $fields[ $nullable ] ? null : (int) $fields[ $nullable ];
			}
		}
		if ( $data ) {
			ApiKeyRepository::update( $id, $data );
		}
		return ApiKeyRepository::find( $id );
	}

	/**
	 * Authenticates a presented key string.
	 *
	 * @param string $key Key.
	 * @return array|WP_Error The key row plus `effective_permissions` (ticked ∩ owner's capabilities now), or 401.
	 */
	public static function authenticate( string $key ) {
		$parsed = self::parse( $key );
		if ( ! $parsed ) {
			return self::invalid( __( 'The API key is not valid.', 'recruiting-reports' ) );
		}
		// One query: the key, whether its owner exists, and the owner's roles and capabilities.
		$row = ApiKeyRepository::find_for_authentication( $parsed['lookup_id'] );
		// The hash is computed and compared even without a row, so that timing does not tell the two apart.
		$expected = $row ? (string) $row['secret_hash'] : str_repeat( '0', 64 );
		$matches  = hash_equals( $expected, self::hash( $key ) );
		if ( ! $row || ! $matches || $row['environment'] !== $parsed['environment'] ) {
			return self::invalid( __( 'The API key is not valid.', 'recruiting-reports' ) );
		}
		if ( null !== $row['revoked_at'] ) {
			return self::invalid( __( 'The API key has been revoked.', 'recruiting-reports' ) );
		}
		if ( null !== $row['expires_at'] && (int) $row['expires_at'] <= time() ) {
			return self::invalid( __( 'The API key has expired.', 'recruiting-reports' ) );
		}
		if ( null === $row['owner_id'] ) {
			return self::invalid( __( 'The API key is no longer valid: its owner was deleted.', 'recruiting-reports' ) );
		}
		$row['effective_permissions'] = self::owner_permissions( $row );
		unset( $row['owner_id'], $row['owner_caps'] );
		return $row;
	}

	/**
	 * The key's ticked permissions that its owner holds, from the capabilities meta read with the key: the owner's
	 * roles' capabilities overridden by the user's own grants and denials — what WP_User::has_cap() decides for a
	 * primitive capability, without loading the user. On multisite (super admins, per-site roles) and when a plugin
	 * filters `user_has_cap`, the full user_can() check is used instead.
	 *
	 * @param array $row Row.
	 */
	private static function owner_permissions( array $row ): array {
		if ( is_multisite() || self::capabilities_are_filtered() ) {
			return self::effective_permissions( $row, get_userdata( (int) $row['user_id'] ) );
		}
		$grants = maybe_unserialize( (string) $row['owner_caps'] );
		$grants = is_array( $grants ) ? $grants : array();
		$caps   = array();
		foreach ( array_keys( $grants ) as $name ) {
			$role = wp_roles()->get_role( (string) $name );
			if ( $role ) {
				$caps = array_merge( $caps, $role->capabilities );
			}
		}
		$caps = array_merge( $caps, $grants );
		return array_values( array_filter( self::permissions_of( $row ), static fn( $cap ) => ! empty( $caps[ $cap ] ) ) );
	}

	/**
	 * The key's ticked permissions that its owner still holds.
	 *
	 * @param array $row   Row.
	 * @param mixed $owner Owner.
	 */
	public static function effective_permissions( array $row, $owner ): array {
		if ( ! $owner instanceof WP_User || ! $owner->exists() ) {
			return array();
		}
		return array_values( array_filter( self::permissions_of( $row ), static fn( $cap ) => user_can( $owner, $cap ) ) );
	}

	/** WordPress's own `user_has_cap` filters, which grant unrelated capabilities (languages, site health…). */
	private const CORE_CAP_FILTERS = array( 'wp_maybe_grant_install_languages_cap', 'wp_maybe_grant_resume_extensions_caps', 'wp_maybe_grant_site_health_caps' );

	/** Whether something besides WordPress core filters capabilities (then user_can() decides). */
	private static function capabilities_are_filtered(): bool {
		global $wp_filter;
		if ( empty( $wp_filter['user_has_cap'] ) ) {
			return false;
		}
		foreach ( $wp_filter['user_has_cap']->callbacks as $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( ! is_string( $callback['function'] ) || ! in_array( $callback['function'], self::CORE_CAP_FILTERS, true ) ) {
					return true;
				}
			}
		}
		return false;
	}

	/**
	 * A key row's stored permissions.
	 *
	 * @param array $row Row.
	 * @return string[]
	 */
	public static function permissions_of( array $row ): array {
		return self::normalize_permissions( explode( ',', (string) $row['permissions'] ) );
	}

	/**
	 * Records use, at most once per LAST_USED_THROTTLE seconds (a conditional update, no write otherwise).
	 *
	 * @param array $row Row.
	 */
	public static function touch( array $row ): void {
		$now = time();
		if ( null !== $row['last_used_at'] && (int) $row['last_used_at'] > $now - self::LAST_USED_THROTTLE ) {
			return;
		}
		ApiKeyRepository::touch( (int) $row['id'], $now, $now - self::LAST_USED_THROTTLE );
	}

	/**
	 * The key's state: active, expired, revoked, or invalid (owner deleted).
	 *
	 * @param array $row Row.
	 */
	public static function status( array $row ): string {
		if ( null !== $row['revoked_at'] ) {
			return 'revoked';
		}
		if ( null !== $row['expires_at'] && (int) $row['expires_at'] <= time() ) {
			return 'expired';
		}
		return get_userdata( (int) $row['user_id'] ) ? 'active' : 'invalid';
	}

	/**
	 * The requests per hour that apply to a key: its own limit, else the site setting.
	 *
	 * @param array $row Row.
	 */
	public static function rate_limit( array $row ): int {
		return null !== $row['rate_limit'] ? max( 1, (int) $row['rate_limit'] ) : max( 1, (int) Settings::get( 'rate_limit_per_hour' ) );
	}

	/**
	 * For `npm start`: a live key for the first administrator with all five permissions.
	 *
	 * @return string The plain key ('' when there is no administrator or the key could not be saved).
	 */
	public static function create_demo_key(): string {
		$admins = get_users(
			array(
				'role'    => 'administrator',
				'orderby' => 'ID',
				'order'   => 'ASC',
				'number'  => 1,
				'fields'  => 'ID',
			)
		);
		if ( ! $admins ) {
			return '';
		}
		$created = self::create( (int) $admins[0], 'Demo key (npm start)', 'live', Capabilities::ALL );
		return is_wp_error( $created ) ? '' : $created['key'];
	}

	/**
	 * A 400 error for bad key input.
	 *
	 * @param string $message Message.
	 */
	private static function invalid( string $message ): WP_Error {
		return new WP_Error( 'invalid_api_key', $message, array( 'status' => 401 ) );
	}
}
