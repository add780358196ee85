<?php
/**
 * The "Recruiting" dashboard widget, for users with Read Applications. The title names the
 * default period; the script renames it when the user picks another one.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * The "Recruiting" dashboard widget, for users with Read Applications.
 */
final class DashboardWidget {

	public const ID = 'recruiting_reports_dashboard';

	/**
	 * Hooks the widget into the dashboard.
	 */
	public static function register(): void {
		add_action( 'wp_dashboard_setup', array( self::class, 'add' ) );
		add_action( 'admin_enqueue_scripts', array( self::class, 'enqueue' ) );
	}

	/**
	 * Adds the widget for users who may read applications.
	 */
	public static function add(): void {
		if ( ! current_user_can( Capabilities::READ_APPLICATIONS ) ) {
			return;
		}
		// High priority: at the top of the first column, where the figures are seen first.
		wp_add_dashboard_widget( self::ID, self::title(), array( self::class, 'render' ), null, null, 'normal', 'high' );
	}

	/**
	 * Enqueues the widget's script on the dashboard only.
	 *
	 * @param string $hook_suffix Hook suffix.
	 */
	public static function enqueue( string $hook_suffix ): void {
		if ( 'index.php' !== $hook_suffix || ! current_user_can( Capabilities::READ_APPLICATIONS ) ) {
			return;
		}
		wp_enqueue_style( 'wp-components' );
		if ( Assets::enqueue( 'dashboard' ) ) {
			Preload::dashboard();
		}
	}

	/**
	 * The widget's title, naming its default period.
	 */
	public static function title(): string {
		$labels = Settings::period_labels();
		$period = Preload::dashboard_period();
		/* translators: %s: report period, e.g. "Last 90 days". */
		return sprintf( __( 'Recruiting: %s', 'recruiting-reports' ), $labels[ $period ] ?? $labels['last_12_months'] );
	}

	/**
	 * Prints the widget's root element (the script renders into it).
	 */
	public static function render(): void {
		if ( null === Assets::asset( 'dashboard' ) ) {
			Assets::print_missing_build_notice();
			return;
		}
		echo '<div id="recruiting-reports-dashboard-root" class="rr-widget-root"></div>';
		echo '<noscript><p>' . esc_html__( 'The recruiting figures need JavaScript.', 'recruiting-reports' ) . '</p></noscript>';
	}
}
