<?php
/**
 * Registers the built scripts (build/<entry>.js with build/<entry>.asset.php) and prints the
 * configuration they read (window.recruitingReports). Translations load through
 * wp_set_script_translations with the plugin's text domain.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Data\Reasons;
use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Plugin;
use RecruitingReports\Reports\ReportRegistry;

defined( 'ABSPATH' ) || exit;

/**
 * Registers the built scripts (build/<entry>.js with build/<entry>.asset.php) and prints the configuration they read (window.recruitingReports).
 */
final class Assets {

	public const HANDLE_PREFIX = 'recruiting-reports-';

	/**
	 * Enqueues one admin entry (dashboard, reports, settings) with its stylesheet, config and translations.
	 *
	 * @param string $entry Entry.
	 * @return bool False when the build is missing (run npm run build).
	 */
	public static function enqueue( string $entry ): bool {
		$handle = self::HANDLE_PREFIX . $entry;
		$asset  = self::asset( $entry );
		if ( null === $asset ) {
			return false;
		}
		self::register_shared( $asset['dependencies'] );
		wp_enqueue_script( $handle, self::url( $entry . '.js' ), $asset['dependencies'], $asset['version'], true );
		wp_set_script_translations( $handle, Plugin::TEXT_DOMAIN, RECRUITING_REPORTS_DIR . '/languages' );
		self::add_config( $handle );
		if ( file_exists( RECRUITING_REPORTS_DIR . '/build/' . $entry . '.css' ) ) {
			wp_enqueue_style( $handle, self::url( $entry . '.css' ), array( 'wp-components' ), $asset['version'] );
			wp_style_add_data( $handle, 'rtl', 'replace' );
		}
		return true;
	}

	/**
	 * Registers the plugin's shared scripts among an entry's dependencies (build/dataviews.js as
	 * recruiting-reports-dataviews, which the Applications and Settings pages share; see
	 * webpack.config.js), so WordPress loads each before the entries that need it.
	 *
	 * @param string[] $dependencies The entry's script dependencies (from its .asset.php).
	 */
	private static function register_shared( array $dependencies ): void {
		foreach ( $dependencies as $dependency ) {
			if ( ! str_starts_with( $dependency, self::HANDLE_PREFIX ) || wp_script_is( $dependency, 'registered' ) ) {
				continue;
			}
			$shared = substr( $dependency, strlen( self::HANDLE_PREFIX ) );
			$asset  = self::asset( $shared );
			if ( null !== $asset ) {
				wp_register_script( $dependency, self::url( $shared . '.js' ), $asset['dependencies'], $asset['version'], true );
			}
		}
	}

	/**
	 * Prints window.recruitingReports before a script (once per page).
	 *
	 * @param string $handle Handle.
	 */
	public static function add_config( string $handle ): void {
		/**
		 * Printed.
		 *
		 * @var mixed
		 */
		static $printed = false;
		if ( $printed ) {
			return;
		}
		$printed = true;
		wp_add_inline_script( $handle, 'window.recruitingReports = ' . wp_json_encode( self::config() ) . ';', 'before' );
	}

	/**
	 * Settings › "Reports open with".
	 *
	 * @return string One of Settings::PERIODS.
	 */
	public static function default_period(): string {
		$period = Settings::get( 'default_period' );
		return in_array( $period, Settings::PERIODS, true ) ? $period : 'last_12_months';
	}

	/** The configuration of src/config.ts. */
	public static function config(): array {
		return array(
			'today'            => wp_date( 'Y-m-d' ),
			'defaultPeriod'    => self::default_period(),
			// The widget opens with it, and the dashboard preloads its reports for it.
			'dashboardPeriod'  => Preload::dashboard_period(),
			'dashboardCompare' => Preload::dashboard_compare(),
			'reportsUrl'       => admin_url( 'admin.php?page=' . Menu::REPORTS_SLUG ),
			'applicationsUrl'  => Menu::applications_url(),
			'settingsUrl'      => admin_url( 'admin.php?page=' . Menu::SETTINGS_SLUG ),
			'jobsUrl'          => admin_url( 'edit.php?post_type=recruiting_job' ),
			// The reports' titles and headline figures as their definitions declare them (docs/adding-a-report.md).
			'reports'          => ReportRegistry::presentation(),
			'can'              => array(
				'readJobs'          => current_user_can( Capabilities::READ_JOBS ),
				'readApplications'  => current_user_can( Capabilities::READ_APPLICATIONS ),
				'writeApplications' => current_user_can( Capabilities::WRITE_APPLICATIONS ),
				'manageSettings'    => current_user_can( Capabilities::MANAGE_SETTINGS ),
			),
			'permissions'      => array_values( array_filter( Capabilities::ALL, 'current_user_can' ) ),
			'utcOffset'        => wp_date( 'P' ),
			// The zone's rules, so the browser turns site dates into instants with each date's own offset.
			'timezone'         => wp_timezone_string(),
			// Plain links (CSV downloads) carry the nonce themselves; api-fetch adds it to its own requests.
			'restUrl'          => rest_url( 'recruiting/v1/' ),
			'restNonce'        => wp_create_nonce( 'wp_rest' ),
			'userId'           => get_current_user_id(),
			'locale'           => str_replace( '_', '-', determine_locale() ),
			// The status change asks for a reason, the list filters by one (Data\Reasons).
			'reasons'          => array_map( array( Reasons::class, 'of' ), array_combine( array_keys( Reasons::LISTS ), array_keys( Reasons::LISTS ) ) ),
			'reasonRequired'   => (bool) Settings::get( 'reason_required' ),
		);
	}

	/**
	 * An entry's build/<entry>.asset.php (dependencies and version), or null when not built.
	 *
	 * @param string $entry Entry.
	 * @return array{dependencies:string[],version:string}|null
	 */
	public static function asset( string $entry ): ?array {
		$file = RECRUITING_REPORTS_DIR . '/build/' . $entry . '.asset.php';
		if ( ! file_exists( $file ) ) {
			return null;
		}
		$asset = require $file;
		return array(
			'dependencies' => isset( $asset['dependencies'] ) && is_array( $asset['dependencies'] ) ? $asset['dependencies'] : array(),
			'version'      => isset( $asset['version'] ) ? (string) $asset['version'] : RECRUITING_REPORTS_VERSION,
		);
	}

	/**
	 * URL of a file in build/.
	 *
	 * @param string $file File.
	 */
	public static function url( string $file ): string {
		return plugins_url( 'build/' . $file, RECRUITING_REPORTS_FILE );
	}

	/** Shown in place of a screen when build/ is missing. */
	public static function print_missing_build_notice(): void {
		wp_admin_notice(
			esc_html__( 'The plugin\'s scripts are not built. Run "npm run build" in the plugin folder.', 'recruiting-reports' ),
			array(
				'type'               => 'error',
				'additional_classes' => array( 'inline' ),
			)
		);
	}
}
