<?php
/**
 * Activation and version upgrades: tables, capabilities, default settings.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Activation and version upgrades: tables, capabilities, default settings.
 */
final class Installer {

	/**
	 * Activation: tables, capabilities, role, default settings.
	 */
	public static function activate(): void {
		Schema::migrate();
		Roles::install();
		Settings::ensure_defaults();
	}

	/** Runs on every load; cheap when the stored schema version is current (one autoloaded option). */
	public static function maybe_upgrade(): void {
		if ( Schema::installed_version() !== Schema::VERSION ) {
			self::activate();
		}
	}
}
