<?php
/**
 * Webhook signing secrets at rest: needed in clear to sign, so they are encrypted (XSalsa20-Poly1305, libsodium's
 * secretbox; WordPress ships sodium_compat where the extension is missing) under a key derived from the site's
 * SECURE_AUTH salts. Changing the salts makes stored secrets unreadable: deliveries then fail with a clear error
 * until the secret is rotated.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Webhook signing secrets at rest: needed in clear to sign, so they are encrypted (XSalsa20-Poly1305, libsodium's secretbox; WordPress ships sodium_compat where the extension is missing) under a key derived from the site's SECURE_AUTH salts.
 */
final class SecretBox {

	private const VERSION     = 'v1:';
	private const NONCE_BYTES = 24;

	/** A new signing secret: whsec_ and 43 base64url characters (32 random bytes). */
	public static function new_secret(): string {
		return 'whsec_' . rtrim( strtr( base64_encode( random_bytes( 32 ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- text form of random bytes, not code.
	}

	/**
	 * Encrypts a secret for storage (libsodium secretbox, key from the site's salts).
	 *
	 * @param string $plain Plain.
	 */
	public static function seal( string $plain ): string {
		$nonce = random_bytes( self::NONCE_BYTES );
		return self::VERSION . base64_encode( $nonce . sodium_crypto_secretbox( $plain, $nonce, self::key() ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- text form of the ciphertext for the database.
	}

	/**
	 * The secret, or null when it cannot be decrypted (tampered, or the salts changed).
	 *
	 * @param string $sealed Sealed.
	 */
	public static function open( string $sealed ): ?string {
		if ( ! str_starts_with( $sealed, self::VERSION ) ) {
			return null;
		}
		$raw = base64_decode( substr( $sealed, strlen( self::VERSION ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the stored ciphertext, see seal().
		if ( false === $raw || strlen( $raw ) <= self::NONCE_BYTES ) {
			return null;
		}
		try {
			$plain = sodium_crypto_secretbox_open( substr( $raw, self::NONCE_BYTES ), substr( $raw, 0, self::NONCE_BYTES ), self::key() );
		} catch ( \Throwable $e ) {
			return null;
		}
		return false === $plain ? null : $plain;
	}

	/**
	 * The encryption key, derived from the site's salts.
	 */
	private static function key(): string {
		return hash_hmac( 'sha256', 'recruiting-reports/webhook-secrets/v1', wp_salt( 'secure_auth' ), true );
	}
}
