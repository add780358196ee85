<?php
/**
 * Report cache entries stored compressed (docs/reports.md#cache).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Without a persistent object cache every entry a miss writes is a database write whose cost grows with its size: an
 * UPDATE of a 127 KB network answer took 1.5 ms, of the same answer compressed 0.1 ms. Report data (rows of numbers,
 * the same field names over and over) deflates well (real data several times, the benchmark's generated sites forty
 * times), and deflating at level 1 plus inflating costs less than a tenth of what the smaller write saves. An options
 * or sitemeta row holds text, so the deflated bytes are stored as base64 after a mark; text without the mark (written
 * where zlib is missing) reads back as it is.
 */
final class CacheText {

	/** What starts a compressed entry (neither JSON nor PHP's serialize() starts so). */
	private const MARK = 'gz:';

	/**
	 * The text to store for an entry.
	 *
	 * @param string $text JSON or serialize() output.
	 */
	public static function pack( string $text ): string {
		$deflated = function_exists( 'gzdeflate' ) ? gzdeflate( $text, 1 ) : false;
		return false === $deflated ? $text : self::MARK . base64_encode( $deflated ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary kept in a text column.
	}

	/**
	 * The entry's text as it was packed, or null when it cannot be read back (a miss, computed again).
	 *
	 * @param string $stored What pack() returned.
	 */
	public static function unpack( string $stored ): ?string {
		if ( ! str_starts_with( $stored, self::MARK ) ) {
			return $stored;
		}
		$deflated = base64_decode( substr( $stored, strlen( self::MARK ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- see pack().
		$text     = false === $deflated || ! function_exists( 'gzinflate' ) ? false : @gzinflate( $deflated ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- a damaged entry makes gzinflate() warn before it returns false, and it is only a miss.
		return false === $text ? null : $text;
	}
}
