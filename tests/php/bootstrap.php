<?php
/**
 * Bootstrap of the PHP unit tests: the plugin's pure classes (rules, arithmetic, date resolution, validation) run
 * without WordPress. Only the handful of WordPress functions those classes call are defined here, each trivially
 * (translation returns the text, the site timezone and environment type are test settings, sanitisers trim, a filter
 * runs the one callback a test set for it); anything that needs WordPress for real
 * (the database, hooks, users) belongs in the integration suites, which run against a real WordPress.
 *
 * @package RecruitingReports
 */

define( 'ABSPATH', __DIR__ . '/' );
define( 'DAY_IN_SECONDS', 86400 );

require dirname( __DIR__, 2 ) . '/includes/Autoloader.php';
RecruitingReports\Autoloader::register( dirname( __DIR__, 2 ) . '/includes' );

/** The site timezone of wp_timezone() (tests set it). */
$GLOBALS['rr_test_timezone'] = 'UTC';

/**
 * Translation: the text itself.
 *
 * @param string $text Text.
 * @return string
 */
function __( $text ) {
	return $text;
}

/**
 * Plural translation: English rules.
 *
 * @param string $single Singular.
 * @param string $plural Plural.
 * @param int    $number Count.
 * @return string
 */
function _n( $single, $plural, $number ) {
	return 1 === (int) $number ? $single : $plural;
}

/**
 * Number formatting in the site's locale, reduced to English (the rules tested here choose the decimals).
 *
 * @param float $number   Number.
 * @param int   $decimals Decimals.
 * @return string
 */
function number_format_i18n( $number, $decimals = 0 ) {
	return number_format( (float) $number, (int) $decimals );
}

/**
 * A time formatted in a timezone, in English.
 *
 * @param string            $format    PHP date format.
 * @param int               $timestamp Unix time.
 * @param DateTimeZone|null $timezone  Timezone (UTC when null).
 * @return string
 */
function wp_date( $format, $timestamp, $timezone = null ) {
	return ( new DateTimeImmutable( '@' . $timestamp ) )->setTimezone( $timezone ?? new DateTimeZone( 'UTC' ) )->format( $format );
}

/**
 * The site's timezone, as a test set it.
 *
 * @return DateTimeZone
 */
function wp_timezone() {
	return new DateTimeZone( $GLOBALS['rr_test_timezone'] );
}

/**
 * WordPress's e-mail check, reduced to PHP's validator (the rules tested here only need valid vs. invalid).
 *
 * @param string $email Address.
 * @return string|false
 */
function is_email( $email ) {
	return false !== filter_var( $email, FILTER_VALIDATE_EMAIL ) ? $email : false;
}

/**
 * WordPress's text sanitiser, reduced to what the validator tests feed it (plain one-line text): trimmed, tags
 * stripped. Markup handling is WordPress's and is tested through the integration suites.
 *
 * @param string $text Text.
 * @return string
 */
function sanitize_text_field( $text ) {
	return trim( strip_tags( (string) $text ) );
}

/**
 * WordPress's e-mail sanitiser, reduced to trimming (the tests give well-formed or plainly invalid addresses).
 *
 * @param string $email Address.
 * @return string
 */
function sanitize_email( $email ) {
	return trim( (string) $email );
}

/** The environment type wp_get_environment_type() answers (tests set it). */
$GLOBALS['rr_test_environment'] = 'production';

/**
 * Filters the tests hook: hook name => callback (one per hook is all the classes under test need).
 *
 * @var array<string,callable>
 */
$GLOBALS['rr_test_filters'] = array();

/**
 * WordPress's filter call: the test's callback for the hook when it set one, else the value unchanged.
 *
 * @param string $hook  Hook name.
 * @param mixed  $value Value.
 * @param mixed  ...$args Further arguments.
 * @return mixed
 */
function apply_filters( $hook, $value, ...$args ) {
	return isset( $GLOBALS['rr_test_filters'][ $hook ] ) ? $GLOBALS['rr_test_filters'][ $hook ]( $value, ...$args ) : $value;
}

/**
 * WordPress's check for a hook's callbacks: whether the test set one.
 *
 * @param string $hook Hook name.
 */
function has_filter( $hook ) {
	return isset( $GLOBALS['rr_test_filters'][ $hook ] );
}

/**
 * WordPress's JSON encoder, as the code under test calls it (json_encode() without its fallbacks).
 *
 * @param mixed $value Value.
 * @param int   $flags json_encode() flags.
 * @param int   $depth Depth.
 * @return string|false
 */
function wp_json_encode( $value, $flags = 0, $depth = 512 ) {
	return json_encode( $value, $flags, $depth ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- this is the stand-in for it.
}

/** The site get_current_blog_id() answers (tests switch it). */
$GLOBALS['rr_test_blog_id'] = 1;

/**
 * The current site's id, as a test set it.
 *
 * @return int
 */
function get_current_blog_id() {
	return $GLOBALS['rr_test_blog_id'];
}

/**
 * The site's environment type, as a test set it.
 *
 * @return string
 */
function wp_get_environment_type() {
	return $GLOBALS['rr_test_environment'];
}

/**
 * WordPress's URL parser, reduced to PHP's: WordPress adds only the parsing of scheme-relative (//host) and
 * root-relative (/path) URLs, which have no scheme and are refused either way.
 *
 * @param string $url       URL.
 * @param int    $component Component, or -1 for all.
 * @return mixed
 */
function wp_parse_url( $url, $component = -1 ) {
	return parse_url( $url, $component ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- this is the stub of wp_parse_url.
}

/**
 * Whether a value is a WP_Error.
 *
 * @param mixed $thing Value.
 * @return bool
 */
function is_wp_error( $thing ) {
	return $thing instanceof WP_Error;
}

/**
 * WordPress's error object: the code, message and data the classes under test return.
 */
class WP_Error {

	/**
	 * Code.
	 *
	 * @var string
	 */
	private $code;

	/**
	 * Message.
	 *
	 * @var string
	 */
	private $message;

	/**
	 * Data.
	 *
	 * @var mixed
	 */
	private $data;

	/**
	 * An error.
	 *
	 * @param string $code    Code.
	 * @param string $message Message.
	 * @param mixed  $data    Data.
	 */
	public function __construct( $code = '', $message = '', $data = '' ) {
		$this->code    = $code;
		$this->message = $message;
		$this->data    = $data;
	}

	/**
	 * The code.
	 *
	 * @return string
	 */
	public function get_error_code() {
		return $this->code;
	}

	/**
	 * The message.
	 *
	 * @return string
	 */
	public function get_error_message() {
		return $this->message;
	}

	/**
	 * The data.
	 *
	 * @return mixed
	 */
	public function get_error_data() {
		return $this->data;
	}
}
