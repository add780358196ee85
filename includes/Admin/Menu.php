<?php
/**
 * The "Recruiting" admin menu: Reports (the top-level page), Applications, Jobs (the post type's list, added
 * by WordPress because the post type's show_in_menu names this menu) and Settings.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Domain\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * The "Recruiting" admin menu: Reports (the top-level page), Applications, Jobs (the post type's list, added by WordPress because the post type's show_in_menu names this menu) and Settings.
 */
final class Menu {

	public const REPORTS_SLUG      = 'recruiting-reports';
	public const APPLICATIONS_SLUG = 'recruiting-reports-applications';
	public const SETTINGS_SLUG     = 'recruiting-reports-settings';

	/**
	 * Hook suffix of each of our pages => its script entry.
	 *
	 * @var array<string,string>
	 */
	private static array $hooks = array();

	/**
	 * Hooks the admin pages in.
	 */
	public static function register(): void {
		// Before the post type submenus (priority 10), so Jobs lands under our menu; Settings after them.
		add_action( 'admin_menu', array( self::class, 'add_reports' ), 9 );
		add_action( 'admin_menu', array( self::class, 'add_settings' ), 11 );
		add_action( 'admin_enqueue_scripts', array( self::class, 'enqueue' ) );
	}

	/**
	 * Adds the Recruiting menu with its Reports page.
	 */
	public static function add_reports(): void {
		$hook                          = add_menu_page(
			__( 'Recruiting Reports', 'recruiting-reports' ),
			__( 'Recruiting', 'recruiting-reports' ),
			Capabilities::READ_APPLICATIONS,
			self::REPORTS_SLUG,
			array( self::class, 'render_reports' ),
			'dashicons-groups',
			26
		);
		self::$hooks[ (string) $hook ] = 'reports';
		// The first submenu item repeats the top-level page under the name "Reports".
		$hook = add_submenu_page(
			self::REPORTS_SLUG,
			__( 'Recruiting Reports', 'recruiting-reports' ),
			__( 'Reports', 'recruiting-reports' ),
			Capabilities::READ_APPLICATIONS,
			self::REPORTS_SLUG,
			array( self::class, 'render_reports' )
		);
		if ( $hook ) {
			self::$hooks[ (string) $hook ] = 'reports';
		}
		$hook = add_submenu_page(
			self::REPORTS_SLUG,
			__( 'Applications', 'recruiting-reports' ),
			__( 'Applications', 'recruiting-reports' ),
			Capabilities::READ_APPLICATIONS,
			self::APPLICATIONS_SLUG,
			array( self::class, 'render_applications' )
		);
		if ( $hook ) {
			self::$hooks[ (string) $hook ] = 'applications';
		}
	}

	/**
	 * The Applications page, filtered by the given query arguments (the page's URL filters, see docs/ui.md).
	 *
	 * @param array<string,string|int> $filters For example job_id, status.
	 */
	public static function applications_url( array $filters = array() ): string {
		return add_query_arg( array_map( 'rawurlencode', array_map( 'strval', $filters ) ), admin_url( 'admin.php?page=' . self::APPLICATIONS_SLUG ) );
	}

	/**
	 * Adds the Settings page under Recruiting.
	 */
	public static function add_settings(): void {
		$hook = add_submenu_page(
			self::REPORTS_SLUG,
			__( 'Recruiting Settings', 'recruiting-reports' ),
			__( 'Settings', 'recruiting-reports' ),
			Capabilities::MANAGE_SETTINGS,
			self::SETTINGS_SLUG,
			array( self::class, 'render_settings' )
		);
		if ( $hook ) {
			self::$hooks[ (string) $hook ] = 'settings';
		}
	}

	/**
	 * Enqueues a page's script on that page only.
	 *
	 * @param string $hook_suffix Hook suffix.
	 */
	public static function enqueue( string $hook_suffix ): void {
		if ( ! isset( self::$hooks[ $hook_suffix ] ) ) {
			return;
		}
		wp_enqueue_style( 'wp-components' );
		if ( Assets::enqueue( self::$hooks[ $hook_suffix ] ) && 'reports' === self::$hooks[ $hook_suffix ] ) {
			Preload::reports_page();
		}
	}

	/**
	 * Prints the Reports page.
	 */
	public static function render_reports(): void {
		self::render_page( __( 'Recruiting Reports', 'recruiting-reports' ), 'reports', 'reports' );
	}

	/**
	 * Prints the Applications page.
	 */
	public static function render_applications(): void {
		self::render_page( __( 'Applications', 'recruiting-reports' ), 'applications', 'applications' );
	}

	/**
	 * Prints the Settings page.
	 */
	public static function render_settings(): void {
		self::render_page( __( 'Recruiting Settings', 'recruiting-reports' ), 'settings', 'settings' );
	}

	/**
	 * Prints a page's frame: title, missing-build notice, the script's root element.
	 *
	 * @param string $title Title.
	 * @param string $entry Entry.
	 * @param string $root  Root.
	 */
	private static function render_page( string $title, string $entry, string $root ): void {
		echo '<div class="wrap rr-wrap">';
		echo '<h1>' . esc_html( $title ) . '</h1>';
		if ( null === Assets::asset( $entry ) ) {
			Assets::print_missing_build_notice();
		}
		printf( '<div id="recruiting-reports-%s-root"></div>', esc_attr( $root ) );
		echo '<noscript><div class="notice notice-warning inline"><p>' . esc_html__( 'This page needs JavaScript.', 'recruiting-reports' ) . '</p></div></noscript>';
		echo '</div>';
	}
}
