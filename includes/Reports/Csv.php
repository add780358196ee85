<?php
/**
 * CSV text as docs/reports.md#comparison asks for it: RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark (so
 * spreadsheets read the encoding right), and text cells that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) prefixed with '. Numbers stay numbers.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * CSV cells and lines.
 */
final class Csv {

	public const BOM = "\xEF\xBB\xBF";

	public const CONTENT_TYPE = 'text/csv; charset=utf-8';

	/**
	 * One line, CRLF-terminated.
	 *
	 * @param array<int,mixed> $cells Strings, numbers, booleans or null (empty).
	 */
	public static function line( array $cells ): string {
		return implode( ',', array_map( array( self::class, 'cell' ), $cells ) ) . "\r\n";
	}

	/**
	 * One cell: a number as JSON writes it, text guarded against formulas and quoted when needed.
	 *
	 * @param mixed $value A cell's value.
	 */
	public static function cell( $value ): string {
		if ( null === $value ) {
			return '';
		}
		if ( is_bool( $value ) ) {
			return $value ? 'true' : 'false';
		}
		if ( is_int( $value ) || is_float( $value ) ) {
			// A number, negative included, is data, not a formula: written as JSON writes it.
			return (string) wp_json_encode( $value );
		}
		$text = (string) $value;
		if ( '' !== $text && false !== strpos( "=+-@\t\r", $text[0] ) ) {
			$text = "'" . $text;
		}
		if ( strpbrk( $text, "\",\r\n" ) !== false ) {
			$text = '"' . str_replace( '"', '""', $text ) . '"';
		}
		return $text;
	}

	/**
	 * A Content-Disposition header value: an attachment with an ASCII file name.
	 *
	 * @param string $name File name without extension (letters, digits, - and _ are kept).
	 */
	public static function disposition( string $name ): string {
		return 'attachment; filename="' . preg_replace( '/[^A-Za-z0-9_.-]+/', '-', $name ) . '.csv"';
	}
}
