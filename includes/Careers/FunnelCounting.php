<?php
/**
 * The careers funnel's counting (docs/careers.md "Counting"): the beacon script on job lists, job pages and apply
 * forms reports list views, job views and form starts to POST /careers/beacon; the apply form's submissions are
 * counted here on the server when the application has been stored. Every count is an aggregate
 * (Data\CareersCounters): site-timezone day × job × source × metric, nothing about the visitor.
 *
 * Left out: bots (a user-agent list, filterable, and the beacon needs JavaScript), visitors sending DNT or Sec-GPC
 * while the setting says so, and an address's counts beyond the hourly cap (a setting; the address only as a
 * salted hash in the rate-limit windows, never stored).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Auth\RateLimiter;
use RecruitingReports\Blocks\BlockScripts;
use RecruitingReports\Data\CareersCounters;
use RecruitingReports\Data\Settings;
use RecruitingReports\Data\Source;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Rest\Controller;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Decides what is counted and counts it.
 */
final class FunnelCounting {

	/** The metrics a beacon may report (submissions are counted by the server). */
	public const BEACON_METRICS = array( 'list_view', 'job_view', 'form_start' );

	/** Most jobs one list view names: the job list block's largest page. */
	public const MAX_LIST_JOBS = 50;

	/** User-agent parts of crawlers, link previews, monitors, HTTP libraries and headless browsers. */
	private const BOTS = array( 'bot', 'crawl', 'spider', 'slurp', 'mediapartners', 'facebookexternalhit', 'embedly', 'preview', 'lighthouse', 'pingdom', 'uptime', 'headlesschrome', 'phantomjs', 'curl/', 'wget/', 'python-requests', 'python-urllib', 'go-http-client', 'java/', 'okhttp', 'libwww', 'httpclient', 'axios/', 'node-fetch' );

	/** Most characters of a referrer. */
	private const MAX_REFERRER = 2048;

	/** Hooks the script (registered by Blocks\BlockScripts) and the beacon's early answer in. */
	public static function register(): void {
		add_action( 'init', array( self::class, 'answer_early' ), 1 );
		add_action( 'wp_enqueue_scripts', array( self::class, 'enqueue_on_job_page' ) );
	}

	/**
	 * Answers a beacon that is counted or left out at the start of `init`, before WordPress registers its blocks and
	 * builds the REST server with every route: most of a REST request's cost, and beacons come by the hundred a
	 * second. The answer is the route's own (Rest\CareersBeaconController::count()). A refused beacon goes on to the
	 * route, which checks it again (nothing was counted) and answers with the API's error.
	 */
	public static function answer_early(): void {
		$route = '/' . Controller::NAMESPACE . '/careers/beacon';
		$path  = untrailingslashit( (string) wp_parse_url( sanitize_url( wp_unslash( $_SERVER['REQUEST_URI'] ?? '' ) ), PHP_URL_PATH ) );
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public beacon, without a nonce by design.
		$query  = isset( $_GET['rest_route'] ) ? untrailingslashit( sanitize_text_field( wp_unslash( $_GET['rest_route'] ) ) ) : '';
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : '';
		if ( 'POST' !== $method || ( $route !== $query && ! str_ends_with( $path, '/' . rest_get_url_prefix() . $route ) ) ) {
			return;
		}
		$type = isset( $_SERVER['CONTENT_TYPE'] ) ? sanitize_text_field( wp_unslash( $_SERVER['CONTENT_TYPE'] ) ) : '';
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a public beacon, without a nonce by design; fields() sanitises every field.
		$form   = str_starts_with( $type, 'application/x-www-form-urlencoded' ) ? wp_unslash( $_POST ) : array();
		$result = self::count_beacon( self::fields( $form, (string) file_get_contents( 'php://input' ) ) );
		if ( ! is_wp_error( $result ) ) {
			nocache_headers();
			[ $status, $body ] = self::answer( $result );
			wp_send_json( $body, $status );
		}
	}

	/**
	 * A beacon's fields, sanitised as text: a form's (application/x-www-form-urlencoded), else the body as JSON or as a
	 * query string (text/plain, what sendBeacon sends for a string).
	 *
	 * @param array  $form The parsed, unslashed form fields ([] when the body is not a form).
	 * @param string $body The raw body.
	 */
	public static function fields( array $form, string $body ): array {
		$fields = $form ? $form : json_decode( $body, true );
		if ( ! is_array( $fields ) ) {
			$fields = array();
			parse_str( $body, $fields );
		}
		// Strings stay strings (count_beacon() refuses anything else): plain text, whatever the body's kind.
		return map_deep( $fields, static fn( $value ) => is_string( $value ) ? sanitize_text_field( $value ) : $value );
	}

	/**
	 * The answer to a beacon that was not refused: 202 {counted: true}, or 200 {counted: false, reason}.
	 *
	 * @param true|string $result What count_beacon() returned.
	 * @return array{0:int,1:array}
	 */
	public static function answer( $result ): array {
		return true === $result ? array( 202, array( 'counted' => true ) ) : array(
			200,
			array(
				'counted' => false,
				'reason'  => $result,
			),
		);
	}

	/** A job's page counts its view (and its form's start). */
	public static function enqueue_on_job_page(): void {
		if ( is_singular( JobPostType::POST_TYPE ) ) {
			self::enqueue();
		}
	}

	/**
	 * Loads the beacon script on this page (the job list and apply form blocks call it when they render), with where it
	 * sends its counts: added here, not where the script is registered, which may be before WordPress can build a URL.
	 */
	public static function enqueue(): void {
		if ( ! wp_scripts()->get_data( BlockScripts::CAREERS_BEACON, 'before' ) ) {
			wp_add_inline_script( BlockScripts::CAREERS_BEACON, 'var recruitingReportsBeacon = ' . wp_json_encode( array( 'url' => rest_url( Controller::NAMESPACE . '/careers/beacon' ) ) ) . ';', 'before' );
		}
		wp_enqueue_script( BlockScripts::CAREERS_BEACON );
	}

	/**
	 * Counts one beacon.
	 *
	 * @param array $fields metric, job (an id; for list_view a comma-separated list), source (the landing page's
	 *                      utm_source), referrer (the landing page's external referrer).
	 * @return true|string|WP_Error True when counted; the reason when left out (bot, dnt, limit); an error when
	 *                              refused (nothing counted).
	 */
	public static function count_beacon( array $fields ) {
		$metric = is_string( $fields['metric'] ?? null ) ? $fields['metric'] : '';
		if ( ! in_array( $metric, self::BEACON_METRICS, true ) ) {
			/* translators: %s: list of metrics. */
			return Controller::invalid( 'metric', sprintf( __( 'metric must be one of: %s.', 'recruiting-reports' ), implode( ', ', self::BEACON_METRICS ) ) );
		}
		$jobs = self::job_ids( $fields['job'] ?? null, 'list_view' === $metric ? self::MAX_LIST_JOBS : 1 );
		if ( null === $jobs ) {
			return Controller::invalid( 'job', __( 'job must be a job id (for list_view: up to 50 ids separated by commas).', 'recruiting-reports' ) );
		}
		$source = self::source( $fields['source'] ?? '', $fields['referrer'] ?? '' );
		if ( $source instanceof WP_Error ) {
			return $source;
		}
		$left_out = self::left_out();
		if ( null !== $left_out ) {
			return $left_out;
		}
		foreach ( $jobs as $job_id ) {
			if ( 'publish' !== get_post_status( $job_id ) || JobPostType::POST_TYPE !== get_post_type( $job_id ) ) {
				/* translators: %d: job id. */
				return Controller::not_found( sprintf( __( 'No published job with id %d.', 'recruiting-reports' ), $job_id ) );
			}
		}
		if ( ! RateLimiter::hit( RateLimiter::address_key( 'rr-beacon-address' ), (int) Settings::get( 'careers_beacon_limit' ) )['allowed'] ) {
			return 'limit';
		}
		return CareersCounters::add( self::day( time() ), $jobs, $source, $metric ) ? true : Controller::internal_error();
	}

	/**
	 * Counts an apply-form submission once its application is stored (by the server: a beacon cannot be trusted to
	 * arrive after the form's POST). Left out like a beacon for bots and DNT, so the funnel's steps count the same
	 * visitors; the form has its own per-address limit.
	 *
	 * @param int    $job_id The job applied to.
	 * @param string $source The application's source.
	 */
	public static function count_submission( int $job_id, string $source ): void {
		if ( null === self::left_out() ) {
			CareersCounters::add( self::day( time() ), array( $job_id ), Source::category( $source ), 'submission' );
		}
	}

	/**
	 * The calendar day of an instant in the site's timezone: the day a count belongs to.
	 *
	 * @param int $instant Unix seconds.
	 */
	public static function day( int $instant ): string {
		return wp_date( 'Y-m-d', $instant );
	}

	/**
	 * Why this request is not counted (bot, dnt), or null.
	 *
	 * @return string|null
	 */
	private static function left_out(): ?string {
		$agent = isset( $_SERVER['HTTP_USER_AGENT'] ) ? strtolower( sanitize_text_field( wp_unslash( $_SERVER['HTTP_USER_AGENT'] ) ) ) : '';
		if ( '' === $agent ) {
			return 'bot';
		}
		/**
		 * Parts of user agents that are bots (compared in lower case): their beacons are not counted.
		 *
		 * @param string[] $bots The list.
		 */
		foreach ( (array) apply_filters( 'recruiting_reports_bot_user_agents', self::BOTS ) as $bot ) {
			if ( '' !== (string) $bot && str_contains( $agent, strtolower( (string) $bot ) ) ) {
				return 'bot';
			}
		}
		$dnt = '1' === sanitize_text_field( wp_unslash( $_SERVER['HTTP_DNT'] ?? '' ) );
		$gpc = '1' === sanitize_text_field( wp_unslash( $_SERVER['HTTP_SEC_GPC'] ?? '' ) );
		return ( $dnt || $gpc ) && Settings::get( 'careers_honour_dnt' ) ? 'dnt' : null;
	}

	/**
	 * The job ids of a beacon: distinct positive integers, at most $most.
	 *
	 * @param mixed $value The `job` field.
	 * @param int   $most  Most ids.
	 * @return int[]|null Null when malformed.
	 */
	private static function job_ids( $value, int $most ): ?array {
		$value = is_int( $value ) ? (string) $value : $value;
		if ( ! is_string( $value ) || ! preg_match( '/^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/D', $value ) ) {
			return null;
		}
		$ids = array_values( array_unique( array_map( 'intval', explode( ',', $value ) ) ) );
		return count( $ids ) <= $most ? $ids : null;
	}

	/**
	 * The source a beacon counts under: the apply form's rule (ApplicantSource) over the landing page's utm_source
	 * and referrer, as a category (Data\Source::category(): free text, which may name a person, is `other`).
	 *
	 * @param mixed $utm_source The landing page's utm_source.
	 * @param mixed $referrer   The landing page's external referrer.
	 * @return string|WP_Error
	 */
	private static function source( $utm_source, $referrer ) {
		$normalised = is_string( $utm_source ) ? Source::normalize( $utm_source ) : Source::normalize( 1 );
		if ( $normalised instanceof WP_Error ) {
			return $normalised;
		}
		if ( ! is_string( $referrer ) || strlen( $referrer ) > self::MAX_REFERRER ) {
			/* translators: %d: most characters. */
			return Controller::invalid( 'referrer', sprintf( __( 'referrer must be a URL of at most %d characters.', 'recruiting-reports' ), self::MAX_REFERRER ) );
		}
		return Source::category( ApplicantSource::resolve( Source::DIRECT === $normalised ? '' : $normalised, $referrer ) );
	}
}
