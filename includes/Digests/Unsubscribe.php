<?php
/**
 * The unsubscribe link of a digest: needs no login, works for exactly one user and subscription, and cannot be
 * forged. Its token is an HMAC (wp_salt('auth') as the key) over the user id and the subscription's `since`, so a
 * changed user id or token is refused, and a link from before the user subscribed again no longer works.
 *
 * Served by admin-post.php (action recruiting_reports_unsubscribe, logged in or not): GET shows a confirmation page
 * with a button (mail scanners that follow links unsubscribe nobody); POST unsubscribes — the button, and the
 * one-click POST of RFC 8058 that mail clients send to the List-Unsubscribe address with
 * `List-Unsubscribe=One-Click` in the body.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use RecruitingReports\Data\DigestSubscriptions;

defined( 'ABSPATH' ) || exit;

/**
 * Signed unsubscribe links and their handler.
 */
final class Unsubscribe {

	public const ACTION = 'recruiting_reports_unsubscribe';

	/** Hooks the handler for visitors and logged-in users alike. */
	public static function register(): void {
		add_action( 'admin_post_nopriv_' . self::ACTION, array( self::class, 'handle' ) );
		add_action( 'admin_post_' . self::ACTION, array( self::class, 'handle' ) );
	}

	/**
	 * The token for a user's current subscription.
	 *
	 * @param int   $user_id      User id.
	 * @param array $subscription Subscription::of().
	 */
	public static function token( int $user_id, array $subscription ): string {
		return hash_hmac( 'sha256', 'digest-unsubscribe|' . $user_id . '|' . (int) $subscription['since'], wp_salt( 'auth' ) );
	}

	/**
	 * The signed link for a user's current subscription.
	 *
	 * @param int   $user_id      User id.
	 * @param array $subscription Subscription::of().
	 */
	public static function url( int $user_id, array $subscription ): string {
		return add_query_arg(
			array(
				'action' => self::ACTION,
				'user'   => $user_id,
				'token'  => self::token( $user_id, $subscription ),
			),
			admin_url( 'admin-post.php' )
		);
	}

	/** GET: the confirmation page; POST: unsubscribes. Either way a page that says what happened. */
	public static function handle(): void {
		// phpcs:disable WordPress.Security.NonceVerification -- the HMAC token is the proof (no login, no nonce possible).
		$user_id = isset( $_REQUEST['user'] ) ? absint( $_REQUEST['user'] ) : 0;
		$token   = isset( $_REQUEST['token'] ) ? sanitize_text_field( wp_unslash( $_REQUEST['token'] ) ) : '';
		// phpcs:enable WordPress.Security.NonceVerification
		$method       = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
		$subscription = DigestSubscriptions::get( $user_id );
		nocache_headers();
		header( 'X-Robots-Tag: noindex' );
		// One answer for a wrong token and for a user without a subscription (a link used again after
		// unsubscribing), so the page does not tell a stranger who is subscribed.
		if ( null === $subscription || '' === $token || ! hash_equals( self::token( $user_id, Subscription::of( $user_id ) ), $token ) ) {
			self::page( __( 'This unsubscribe link is not valid, or you are not subscribed any more. To change what you receive, open your profile.', 'recruiting-reports' ), 403 );
		}
		$subscription = Subscription::of( $user_id );
		if ( 'POST' === strtoupper( $method ) ) {
			Subscription::end( $user_id );
			self::page( __( 'You are unsubscribed: no more digests or alerts will be sent to you.', 'recruiting-reports' ), 200 );
		}
		self::page( __( 'Stop the recruiting digests and alerts?', 'recruiting-reports' ), 200, self::url( $user_id, $subscription ) );
	}

	/**
	 * A minimal page and the end of the request.
	 *
	 * @param string      $message What happened.
	 * @param int         $status  HTTP status.
	 * @param string|null $action  The confirmation form's address (GET only).
	 */
	private static function page( string $message, int $status, ?string $action = null ): void {
		$form = '';
		if ( null !== $action ) {
			$form = '<form method="post" action="' . esc_url( $action ) . '"><p><button type="submit">' . esc_html__( 'Unsubscribe', 'recruiting-reports' ) . '</button></p></form>';
		}
		wp_die(
			'<h1>' . esc_html__( 'Recruiting digest', 'recruiting-reports' ) . '</h1><p>' . esc_html( $message ) . '</p>' . $form, // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts above.
			esc_html__( 'Recruiting digest', 'recruiting-reports' ),
			array( 'response' => $status )
		);
	}
}
