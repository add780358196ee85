<?php
/**
 * A one-time notice after activation that points to Recruiting › Reports, where the first steps
 * are explained.
 *
 * Once per activation: activation records who activated the plugin (an option, since WP-CLI has
 * no user session to hang it on); the first wp-admin page that user opens shows the notice and
 * clears the record, so it never shows on a second page. Dismissing it only hides it: it is
 * already cleared. Activated with WP-CLI without --user, there is no activating user, and the
 * notice goes to the first user who may manage the plugin's settings.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Domain\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * The one-time notice after activation.
 */
final class ActivationNotice {

	/** The activating user's id (0: no user, e.g. WP-CLI) while the notice waits to be shown. */
	public const OPTION = 'recruiting_reports_activation_notice';

	/** Hooks the notice. */
	public static function register(): void {
		add_action( 'admin_notices', array( self::class, 'render' ) );
	}

	/**
	 * Activation hook: the notice waits for the activating user.
	 */
	public static function activated(): void {
		// Autoloaded: the check on every admin page reads it from the already loaded options.
		update_option( self::OPTION, get_current_user_id(), true );
	}

	/**
	 * Whether the current user is the one the waiting notice is for.
	 *
	 * @param int $activator The recorded user id (0: none).
	 */
	private static function is_for_current_user( int $activator ): bool {
		if ( 0 === $activator ) {
			return current_user_can( Capabilities::MANAGE_SETTINGS );
		}
		return get_current_user_id() === $activator;
	}

	/** Prints the notice once, to the user it waits for, and clears it. */
	public static function render(): void {
		$activator = get_option( self::OPTION );
		if ( false === $activator || ! self::is_for_current_user( (int) $activator ) ) {
			return;
		}
		// The block editor hides classic notices: keep it for a page that shows it.
		$screen = get_current_screen();
		if ( $screen && $screen->is_block_editor() ) {
			return;
		}
		delete_option( self::OPTION );
		$reports = current_user_can( Capabilities::READ_APPLICATIONS )
			? sprintf(
				'<a href="%s">%s</a>',
				esc_url( admin_url( 'admin.php?page=' . Menu::REPORTS_SLUG ) ),
				esc_html__( 'Recruiting › Reports', 'recruiting-reports' )
			)
			: esc_html__( 'Recruiting › Reports', 'recruiting-reports' );
		wp_admin_notice(
			sprintf(
				/* translators: %s: a link to the Reports page, "Recruiting › Reports". */
				esc_html__( 'Recruiting Reports is active. Open %s: it shows your figures and, until applications arrive, how to get them in.', 'recruiting-reports' ),
				$reports
			),
			array(
				'type'               => 'success',
				'dismissible'        => true,
				'paragraph_wrap'     => true,
				'id'                 => 'recruiting-reports-activated',
				'additional_classes' => array( 'rr-activation-notice' ),
			)
		);
	}
}
