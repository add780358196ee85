<?php
/**
 * ISO 8601 instants at the REST edge: parsing client input (an offset is required, so an instant is
 * never ambiguous) and formatting stored UTC unix seconds.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * ISO 8601 instants at the REST edge: parsing client input (an offset is required, so an instant is never ambiguous) and formatting stored UTC unix seconds.
 */
final class Iso8601 {

	private const PATTERN = '/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/';

	/**
	 * Unix seconds, or null when the value is not an ISO 8601 date-time with an offset (or not a real date).
	 *
	 * @param mixed $value Value.
	 */
	public static function parse( $value ): ?int {
		if ( ! is_string( $value ) || strlen( $value ) > 40 || ! preg_match( self::PATTERN, $value, $m ) ) {
			return null;
		}
		[ , $year, $month, $day, $hour, $minute ] = $m;
		$second                                   = '' === $m[6] ? 0 : (int) $m[6];
		if ( ! checkdate( (int) $month, (int) $day, (int) $year ) || (int) $hour > 23 || (int) $minute > 59 || $second > 59 ) {
			return null;
		}
		$offset = 'Z' === $m[7] ? '+00:00' : $m[7];
		if ( abs( (int) substr( $offset, 1, 2 ) ) > 14 ) {
			return null;
		}
		$date = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i:s P', sprintf( '%s-%s-%s %s:%s:%02d %s', $year, $month, $day, $hour, $minute, $second, $offset ) );
		return $date ? $date->getTimestamp() : null;
	}

	/**
	 * Unix seconds as an ISO 8601 UTC date-time (Z), or null.
	 *
	 * @param int|null $timestamp Timestamp.
	 */
	public static function format( ?int $timestamp ): ?string {
		return null === $timestamp ? null : gmdate( 'Y-m-d\TH:i:s\Z', $timestamp );
	}
}
