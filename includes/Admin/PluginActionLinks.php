<?php
/**
 * The plugin's row on the Plugins screen: a "Settings" link next to Deactivate.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Domain\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * Adds the "Settings" action link to the plugin's row on the Plugins screen.
 */
final class PluginActionLinks {

	/** Hooks the link into the plugin's own row. */
	public static function register(): void {
		add_filter( 'plugin_action_links_' . plugin_basename( RECRUITING_REPORTS_FILE ), array( self::class, 'add' ) );
	}

	/**
	 * Puts "Settings" first, for users who may open the Settings page.
	 *
	 * @param mixed $links The row's action links (HTML), from WordPress or other plugins.
	 * @return mixed The links with "Settings" first.
	 */
	public static function add( $links ) {
		if ( ! is_array( $links ) || ! current_user_can( Capabilities::MANAGE_SETTINGS ) ) {
			return $links;
		}
		$settings = sprintf(
			'<a href="%s">%s</a>',
			esc_url( admin_url( 'admin.php?page=' . Menu::SETTINGS_SLUG ) ),
			esc_html__( 'Settings', 'recruiting-reports' )
		);
		return array( 'settings' => $settings ) + $links;
	}
}
