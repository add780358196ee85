<?php
/**
 * The subscription on the user's own profile page (Users › Profile, section "Recruiting digest"): server-rendered
 * fields under WordPress's own form, saved with it (personal_options_update, with a nonce of its own), and a
 * "Send me a test now" button (the profile form's submit with a different name). Only for users with Read
 * Applications, and only on their own profile: nobody subscribes another user.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use RecruitingReports\Reports\ReportRegistry;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * The profile section.
 */
final class ProfileFields {

	private const NONCE = 'recruiting_reports_digest';

	/** Hooks the section into the own-profile screen. */
	public static function register(): void {
		add_action( 'show_user_profile', array( self::class, 'render' ) );
		add_action( 'personal_options_update', array( self::class, 'save' ) );
	}

	/**
	 * The section.
	 *
	 * @param WP_User $user The user whose profile this is (the current user).
	 */
	public static function render( WP_User $user ): void {
		if ( get_current_user_id() !== $user->ID || ! Subscription::allowed( $user->ID ) ) {
			return;
		}
		$subscription = Subscription::of( $user->ID );
		$next         = Schedule::next( $subscription, Schedule::now() );
		$frequencies  = array(
			'off'     => __( 'Off', 'recruiting-reports' ),
			'daily'   => __( 'Daily', 'recruiting-reports' ),
			'weekly'  => __( 'Weekly', 'recruiting-reports' ),
			'monthly' => __( 'Monthly (on the 1st)', 'recruiting-reports' ),
		);
		global $wp_locale;
		wp_nonce_field( self::NONCE, 'recruiting_digest_nonce' );
		echo '<h2 id="recruiting-digest">' . esc_html__( 'Recruiting digest', 'recruiting-reports' ) . '</h2><table class="form-table" role="presentation">';
		echo '<tr><th scope="row"><label for="recruiting-digest-frequency">' . esc_html__( 'E-mail me a digest', 'recruiting-reports' ) . '</label></th><td><select id="recruiting-digest-frequency" name="recruiting_digest[frequency]">';
		foreach ( $frequencies as $value => $label ) {
			echo '<option value="' . esc_attr( $value ) . '"' . selected( $subscription['frequency'], $value, false ) . '>' . esc_html( $label ) . '</option>';
		}
		echo '</select> <label for="recruiting-digest-weekday">' . esc_html__( 'on', 'recruiting-reports' ) . '</label> <select id="recruiting-digest-weekday" name="recruiting_digest[weekday]">';
		for ( $day = 1; $day <= 7; $day++ ) {
			echo '<option value="' . esc_attr( (string) $day ) . '"' . selected( $subscription['weekday'], $day, false ) . '>' . esc_html( $wp_locale->get_weekday( $day % 7 ) ) . '</option>';
		}
		echo '</select> <label for="recruiting-digest-hour">' . esc_html__( 'at', 'recruiting-reports' ) . '</label> <select id="recruiting-digest-hour" name="recruiting_digest[hour]">';
		for ( $hour = 0; $hour < 24; $hour++ ) {
			echo '<option value="' . esc_attr( (string) $hour ) . '"' . selected( $subscription['hour'], $hour, false ) . '>' . esc_html( sprintf( '%02d:00', $hour ) ) . '</option>';
		}
		echo '</select><p class="description">' . esc_html(
			null === $next
				? __( 'Times are in the site\'s timezone. The weekday applies to weekly digests.', 'recruiting-reports' )
				/* translators: %s: date and time of the next digest. */
				: sprintf( __( 'Times are in the site\'s timezone. Next digest: %s.', 'recruiting-reports' ), wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $next ) )
		) . '</p></td></tr>';
		echo '<tr><th scope="row">' . esc_html__( 'Reports', 'recruiting-reports' ) . '</th><td><fieldset><legend class="screen-reader-text">' . esc_html__( 'Reports', 'recruiting-reports' ) . '</legend>';
		foreach ( ReportRegistry::all() as $name => $report ) {
			echo '<label><input type="checkbox" name="recruiting_digest[reports][]" value="' . esc_attr( $name ) . '"' . checked( in_array( $name, $subscription['reports'], true ), true, false ) . '> ' . esc_html( $report->title ) . '</label><br>';
		}
		echo '</fieldset></td></tr>';
		echo '<tr><th scope="row"><label for="recruiting-digest-job">' . esc_html__( 'Job (optional)', 'recruiting-reports' ) . '</label></th><td><input type="number" min="0" class="small-text" id="recruiting-digest-job" name="recruiting_digest[job_id]" value="' . esc_attr( (string) ( $subscription['job_id'] ?? '' ) ) . '"><p class="description">' . esc_html__( 'A job id: the digest then covers that job only. Empty: all jobs.', 'recruiting-reports' ) . '</p></td></tr>';
		echo '<tr><th scope="row">' . esc_html__( 'Alerts', 'recruiting-reports' ) . '</th><td><label><input type="checkbox" name="recruiting_digest[alert_new_applications]" value="1"' . checked( $subscription['alert_new_applications'], true, false ) . '> ' . esc_html__( 'E-mail me new applications for jobs whose contact e-mail is mine (at most one e-mail every 5 minutes)', 'recruiting-reports' ) . '</label><br>'
			. '<label><input type="checkbox" name="recruiting_digest[alert_stale]" value="1"' . checked( $subscription['alert_stale'], true, false ) . '> ' . esc_html__( 'E-mail me daily at the hour above how many candidates are stale, when there are any', 'recruiting-reports' ) . '</label></td></tr>';
		echo '<tr><th scope="row">' . esc_html__( 'Test', 'recruiting-reports' ) . '</th><td><button type="submit" class="button" name="recruiting_digest_test" value="1">' . esc_html__( 'Save and send me a test now', 'recruiting-reports' ) . '</button></td></tr>';
		echo '</table>';
	}

	/**
	 * Saves the section with the profile (and queues the test when its button was pressed).
	 *
	 * @param int $user_id The user whose profile was saved (the current user).
	 */
	public static function save( int $user_id ): void {
		if ( get_current_user_id() !== $user_id || ! Subscription::allowed( $user_id ) ) {
			return;
		}
		// render() put the section and its nonce on every profile form this user can send.
		check_admin_referer( self::NONCE, 'recruiting_digest_nonce' );
		$fields = map_deep( wp_unslash( (array) ( $_POST['recruiting_digest'] ?? array() ) ), 'sanitize_text_field' ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- sanitised by map_deep().
		$result = Subscription::update(
			$user_id,
			array(
				'frequency'              => $fields['frequency'] ?? 'off',
				'weekday'                => $fields['weekday'] ?? 1,
				'hour'                   => $fields['hour'] ?? 8,
				'reports'                => $fields['reports'] ?? array(),
				'job_id'                 => $fields['job_id'] ?? null,
				'alert_new_applications' => ! empty( $fields['alert_new_applications'] ),
				'alert_stale'            => ! empty( $fields['alert_stale'] ),
			),
			Schedule::now()
		);
		if ( ! is_wp_error( $result ) && ! empty( $_POST['recruiting_digest_test'] ) ) {
			Digests::send_test( $user_id );
		}
		if ( is_wp_error( $result ) ) {
			add_action(
				'user_profile_update_errors',
				static function ( $errors ) use ( $result ) {
					foreach ( (array) $result->get_error_data()['params'] as $message ) {
						$errors->add( 'recruiting_digest', esc_html__( 'Recruiting digest:', 'recruiting-reports' ) . ' ' . esc_html( $message ) );
					}
				}
			);
		}
	}
}
