<?php
/**
 * The `source` of an application (docs/reports.md#funnel-sources-time-to-fill): where the candidate came from, given by POST /applications,
 * the import or the `utm_source` of the page that submitted it. One normalisation for every path, so a
 * source counted by the reports is the same string whichever way it arrived.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Normalises and validates application sources.
 */
final class Source {

	/** What a missing or empty source means. */
	public const DIRECT = 'direct';

	/** The category of a source that is not a channel name (free text, which may name a person). */
	public const OTHER = 'other';

	/** Most characters after trimming. */
	public const MAX_LENGTH = 100;

	/**
	 * Trims white space and lower-cases; missing or empty is `direct`.
	 *
	 * @param mixed $value Raw value (null or a string; anything else is invalid).
	 * @return string|WP_Error The normalised source, or a 400 rest_invalid_param naming `source`.
	 */
	public static function normalize( $value ) {
		if ( null === $value ) {
			return self::DIRECT;
		}
		if ( ! is_string( $value ) || ! mb_check_encoding( $value, 'UTF-8' ) ) {
			return self::invalid( __( 'source must be a string.', 'recruiting-reports' ) );
		}
		// Unicode white space too (a no-break space pasted from a web page), not only ASCII.
		$value = (string) preg_replace( '/^[\s\x{00A0}\x{FEFF}]+|[\s\x{00A0}\x{FEFF}]+$/u', '', $value );
		if ( '' === $value ) {
			return self::DIRECT;
		}
		if ( mb_strlen( $value ) > self::MAX_LENGTH ) {
			/* translators: %d: maximum number of characters. */
			return self::invalid( sprintf( __( 'source may have at most %d characters.', 'recruiting-reports' ), self::MAX_LENGTH ) );
		}
		return mb_strtolower( $value );
	}

	/**
	 * The category of a stored source, which anonymisation keeps: a channel name as `utm_source` values are
	 * (`linkedin`, `jobs.example.com`, `direct`: letters, digits and . _ + - only) stays as it is; anything else is
	 * free text someone typed (`referred by Jane Roe`), which may name a person, and becomes `other`.
	 *
	 * @param string $source A normalised source (normalize()).
	 * @return string
	 */
	public static function category( string $source ): string {
		return 1 === preg_match( '/^[a-z0-9][a-z0-9._+-]*$/', $source ) ? $source : self::OTHER;
	}

	/**
	 * A 400 naming the source field.
	 *
	 * @param string $message What is wrong.
	 */
	private static function invalid( string $message ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			$message,
			array(
				'status' => 400,
				'params' => array( 'source' => $message ),
			)
		);
	}
}
