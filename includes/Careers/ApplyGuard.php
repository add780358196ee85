<?php
/**
 * The apply form's defences that need no nonce, so the form can sit in full-page-cached HTML: a signed time token
 * (the same for every visitor of that moment: it proves only when the form was rendered) for a minimum fill time, a
 * honeypot field, a per-address rate limit (the address kept only as a salted hash, counted in the API's
 * rate-limit windows) and a filter for CAPTCHA services.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Auth\RateLimiter;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Checks a submission before anything is stored.
 */
final class ApplyGuard {

	/** The honeypot's field name: a plausible one, so form-filling bots fill it. */
	public const HONEYPOT = 'rr_website';

	public const TOKEN = 'rr_token';

	/**
	 * A token for a form rendered now: the time and its signature (wp_hash, the site's salt).
	 *
	 * @param int|null $now Unix seconds (default: now).
	 */
	public static function token( ?int $now = null ): string {
		$now = $now ?? time();
		return $now . '.' . self::signature( $now );
	}

	/**
	 * Runs the checks in order; the first refusal wins.
	 *
	 * @param string[] $posted The form's fields (unslashed, sanitised).
	 * @return WP_Error|null Null when the submission may proceed.
	 */
	public static function check( array $posted ): ?WP_Error {
		if ( '' !== trim( (string) ( $posted[ self::HONEYPOT ] ?? '' ) ) ) {
			return self::refuse( 'rr_honeypot', __( 'Your application could not be sent. If you filled in the “Website” field, clear it and send the form again.', 'recruiting-reports' ), 400 );
		}
		$parts = explode( '.', (string) ( $posted[ self::TOKEN ] ?? '' ) );
		if ( 2 !== count( $parts ) || ! ctype_digit( $parts[0] ) || ! hash_equals( self::signature( (int) $parts[0] ), $parts[1] ) ) {
			return self::refuse( 'rr_token', __( 'The form could not be checked. Please reload the page and send it again.', 'recruiting-reports' ), 400 );
		}
		/**
		 * Seconds that must pass between rendering the apply form and submitting it (people need longer; bots often
		 * do not wait). Default 3; 0 turns the check off.
		 *
		 * @param int $seconds Minimum fill time.
		 */
		$minimum = (int) apply_filters( 'recruiting_reports_apply_min_seconds', 3 );
		if ( time() - (int) $parts[0] < $minimum ) {
			return self::refuse( 'rr_too_fast', __( 'The form was sent too quickly after the page opened. Please check your details and send it again.', 'recruiting-reports' ), 400 );
		}
		$limited = self::rate_limit();
		if ( $limited ) {
			return $limited;
		}
		/**
		 * A CAPTCHA service's (or any other) check of an apply-form submission, before anything is stored.
		 * Return a WP_Error to refuse: its message is shown to the candidate above the form.
		 *
		 * @param true|WP_Error $verdict  True so far.
		 * @param string[]      $posted   The form's fields (a service reads its own response field from $_POST).
		 */
		$verdict = apply_filters( 'recruiting_reports_apply_verify', true, $posted );
		return is_wp_error( $verdict ) ? $verdict : null;
	}

	/**
	 * Counts this submission against the address's hourly limit.
	 *
	 * @return WP_Error|null 429 when over it.
	 */
	private static function rate_limit(): ?WP_Error {
		/**
		 * Apply-form submissions (every attempt, refused or not) allowed per IP address per hour. Default 10.
		 *
		 * @param int $limit Submissions per hour.
		 */
		$limit   = (int) apply_filters( 'recruiting_reports_apply_rate_limit', 10 );
		$verdict = RateLimiter::hit( RateLimiter::address_key( 'rr-apply-address' ), $limit );
		if ( $verdict['allowed'] ) {
			return null;
		}
		return self::refuse(
			'rr_rate_limited',
			sprintf(
				/* translators: %d: minutes until the next hour's window. */
				_n( 'Too many applications were sent from your connection. Please try again in %d minute.', 'Too many applications were sent from your connection. Please try again in %d minutes.', (int) ceil( $verdict['retry_after'] / 60 ), 'recruiting-reports' ),
				(int) ceil( $verdict['retry_after'] / 60 )
			),
			429
		);
	}

	/**
	 * The signature of a token's time.
	 *
	 * @param int $time Unix seconds.
	 */
	private static function signature( int $time ): string {
		return substr( wp_hash( 'rr-apply-token|' . $time, 'nonce' ), 0, 24 );
	}

	/**
	 * A refusal.
	 *
	 * @param string $code    Code.
	 * @param string $message What the candidate reads.
	 * @param int    $status  HTTP status of the page.
	 */
	private static function refuse( string $code, string $message, int $status ): WP_Error {
		return new WP_Error( $code, $message, array( 'status' => $status ) );
	}
}
