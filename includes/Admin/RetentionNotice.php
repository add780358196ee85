<?php
/**
 * The notice shown in wp-admin before the retention rules' first run.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Privacy\Retention;
use RecruitingReports\Privacy\RetentionRules;

defined( 'ABSPATH' ) || exit;

/**
 * Before the first run of rules that anonymise or delete applications, the admins who manage the settings are told
 * when it happens and how many applications it would take today, with a link to review the rules.
 */
final class RetentionNotice {

	/** Hooks the notice. */
	public static function register(): void {
		add_action( 'admin_notices', array( self::class, 'render' ) );
	}

	/** Prints the notice while a rule is on and no run has happened yet. */
	public static function render(): void {
		if ( ! current_user_can( Capabilities::MANAGE_SETTINGS ) || ! RetentionRules::any_on() || Retention::log_entries() ) {
			return;
		}
		$next    = wp_next_scheduled( Retention::CRON_HOOK );
		$preview = Retention::preview( time() );
		wp_admin_notice(
			sprintf(
				/* translators: 1: date and time, 2: number of applications, 3: link to the Privacy settings. */
				esc_html__( 'Recruiting retention rules are on. Their first run is on %1$s; run today, it would anonymise or delete %2$s applications, with their notes. %3$s', 'recruiting-reports' ),
				esc_html( $next ? wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $next ) : __( 'the next cron run', 'recruiting-reports' ) ),
				esc_html( number_format_i18n( array_sum( array_column( $preview, 'applications' ) ) ) ),
				sprintf( '<a href="%s">%s</a>', esc_url( admin_url( 'admin.php?page=' . Menu::SETTINGS_SLUG . '#privacy' ) ), esc_html__( 'Review the rules', 'recruiting-reports' ) )
			),
			array(
				'type'           => 'warning',
				'paragraph_wrap' => true,
				'attributes'     => array( 'data-rr-notice' => 'retention' ),
			)
		);
	}
}
