<?php
/**
 * The network's defaults for new sites (Network Admin › Recruiting): a network option, copied into each site that is
 * created while the plugin is network-active (Lifecycle::initialize_site). A site's own settings decide afterwards;
 * changing a default never touches existing sites.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Data\Settings;
use RecruitingReports\Privacy\RetentionRules;

defined( 'ABSPATH' ) || exit;

/**
 * Defaults for new sites.
 */
final class NetworkSettings {

	public const OPTION = 'recruiting_reports_network';

	/** The site settings a network default exists for. */
	public const SITE_SETTINGS = array( 'rate_limit_per_hour', 'default_period', 'delete_data_on_uninstall' );

	/**
	 * The defaults: those of a single site (Settings::defaults(), RetentionRules::defaults()).
	 *
	 * @return array{settings:array,retention:array}
	 */
	public static function defaults(): array {
		return array(
			'settings'  => array_intersect_key( Settings::defaults(), array_flip( self::SITE_SETTINGS ) ),
			'retention' => RetentionRules::defaults(),
		);
	}

	/**
	 * The stored defaults over the built-in ones, each value checked again (a value that no longer fits falls back).
	 *
	 * @return array{settings:array,retention:array}
	 */
	public static function all(): array {
		$stored = get_site_option( self::OPTION, array() );
		return self::sanitize( is_array( $stored ) ? $stored : array() );
	}

	/**
	 * Stores new defaults (values that do not fit keep the current ones).
	 *
	 * @param array $values settings: name => value; retention: rule => {action, months}.
	 * @return array{settings:array,retention:array} What is stored now.
	 */
	public static function update( array $values ): array {
		$current = self::all();
		$merged  = array(
			'settings'  => array_merge( $current['settings'], (array) ( $values['settings'] ?? array() ) ),
			'retention' => array_replace_recursive( $current['retention'], (array) ( $values['retention'] ?? array() ) ),
		);
		$clean   = self::sanitize( $merged, $current );
		update_site_option( self::OPTION, $clean );
		return $clean;
	}

	/** A new site starts with the network's defaults (runs switched to that site). */
	public static function apply_to_current_site(): void {
		$defaults = self::all();
		Settings::update( $defaults['settings'] );
		RetentionRules::update( $defaults['retention'] );
	}

	/**
	 * Keeps what fits the site settings' schema and the retention rules' bounds; anything else takes $fallback's value.
	 *
	 * @param array      $values   Candidate values.
	 * @param array|null $fallback Values to keep for what does not fit (null: the built-in defaults).
	 * @return array{settings:array,retention:array}
	 */
	private static function sanitize( array $values, ?array $fallback = null ): array {
		$fallback = $fallback ?? self::defaults();
		$schema   = Settings::schema();
		$clean    = $fallback;
		foreach ( self::SITE_SETTINGS as $name ) {
			$value = $values['settings'][ $name ] ?? null;
			if ( null !== $value && true === rest_validate_value_from_schema( $value, $schema[ $name ], $name ) ) {
				$clean['settings'][ $name ] = rest_sanitize_value_from_schema( $value, $schema[ $name ], $name );
			}
		}
		foreach ( RetentionRules::RULES as $rule ) {
			$action = $values['retention'][ $rule ]['action'] ?? null;
			$months = $values['retention'][ $rule ]['months'] ?? null;
			if ( in_array( $action, RetentionRules::ACTIONS, true ) ) {
				$clean['retention'][ $rule ]['action'] = $action;
			}
			if ( is_int( $months ) && $months >= 1 && $months <= RetentionRules::MAX_MONTHS ) {
				$clean['retention'][ $rule ]['months'] = $months;
			}
		}
		return $clean;
	}
}
