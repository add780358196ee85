<?php
/**
 * Reading the commands' inputs: files (or standard input) of JSON, comma-separated lists.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Input helpers shared by the commands.
 */
final class Input {

	/**
	 * The decoded JSON of a file, or of standard input for "-"; exits with an error when unreadable or invalid.
	 *
	 * @param string $source A path or "-".
	 * @return mixed Decoded as the REST API decodes a JSON body (objects as associative arrays).
	 */
	public static function json( string $source ) {
		if ( '-' === $source ) {
			$text = stream_get_contents( STDIN );
		} elseif ( ! is_file( $source ) || ! is_readable( $source ) ) {
			/* translators: %s: file path. */
			WP_CLI::error( sprintf( __( 'Cannot read the file "%s".', 'recruiting-reports' ), $source ) );
		} else {
			$text = file_get_contents( $source ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file given by the operator.
		}
		if ( false === $text ) {
			/* translators: %s: file path or "-". */
			WP_CLI::error( sprintf( __( 'Cannot read "%s".', 'recruiting-reports' ), $source ) );
		}
		$value = json_decode( $text, true );
		if ( JSON_ERROR_NONE !== json_last_error() ) {
			WP_CLI::error(
				sprintf(
					/* translators: 1: file path or "-", 2: the JSON parser's message. */
					__( '"%1$s" is not valid JSON: %2$s. Nothing was written.', 'recruiting-reports' ),
					'-' === $source ? 'STDIN' : $source,
					json_last_error_msg()
				)
			);
		}
		return $value;
	}

	/**
	 * A comma-separated list, trimmed, without empty items.
	 *
	 * @param string $value The option's value.
	 * @return string[]
	 */
	public static function list( string $value ): array {
		return array_values( array_filter( array_map( 'trim', explode( ',', $value ) ), 'strlen' ) );
	}

	/**
	 * A whole-number option within bounds; exits with an error otherwise.
	 *
	 * @param array  $assoc_args Named arguments (defaults already applied by the synopsis).
	 * @param string $name       Option name.
	 * @param int    $min        Smallest allowed value.
	 * @param int    $max        Largest allowed value.
	 */
	public static function count( array $assoc_args, string $name, int $min, int $max ): int {
		$value = (string) ( $assoc_args[ $name ] ?? '' );
		if ( ! preg_match( '/^\d{1,10}$/', $value ) || (int) $value < $min || (int) $value > $max ) {
			/* translators: 1: option name, 2: smallest value, 3: largest value. */
			WP_CLI::error( sprintf( __( '--%1$s must be a whole number from %2$d to %3$d.', 'recruiting-reports' ), $name, $min, $max ) );
		}
		return (int) $value;
	}
}
