<?php
/**
 * GET|PUT /recruiting/v1/settings (Settings permission). A PUT changes only the fields it gives.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Mail\Templates;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * Settings.
 */
final class SettingsController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'settings';

	protected const ITEM_TYPE = 'settings';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::MANAGE_SETTINGS,
		'update' => Capabilities::MANAGE_SETTINGS,
	);

	/**
	 * Registers /settings.
	 */
	public function register_routes(): void {
		$this->route( '/' . $this->rest_base, $this->endpoints( 'read', 'update' ) );
	}

	/**
	 * GET /settings.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->prepare_item_for_response( Settings::all(), $request );
	}

	/**
	 * PUT /settings: changes the fields given.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function update_item( $request ) {
		$values = array();
		$params = $request->get_params();
		foreach ( array_keys( Settings::schema() ) as $name ) {
			if ( array_key_exists( $name, $params ) && null !== $params[ $name ] ) {
				$values[ $name ] = $request[ $name ];
			}
		}
		if ( isset( $values['rate_limit_per_hour'] ) ) {
			$values['rate_limit_per_hour'] = (int) $values['rate_limit_per_hour'];
		}
		foreach ( array( 'delete_data_on_uninstall', 'reason_required' ) as $flag ) {
			if ( isset( $values[ $flag ] ) ) {
				$values[ $flag ] = (bool) $values[ $flag ];
			}
		}
		return $this->prepare_item_for_response( $values ? Settings::update( Templates::for_storage( $values ) ) : Settings::all(), $request );
	}

	/**
	 * The settings as stored, each e-mail template as used (the default when not customised).
	 *
	 * @param array           $item    Settings::all().
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		return Templates::for_display( $item );
	}

	/**
	 * None: the settings are one object, as core's /wp/v2/settings (a client compares them whole).
	 *
	 * @param array $item Settings.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		return array();
	}

	/**
	 * The settings schema's properties (Settings::schema()).
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		$properties = array();
		foreach ( Settings::schema() as $name => $property ) {
			$properties[ $name ] = $property + array( 'context' => self::OWN_CONTEXTS );
		}
		return $properties;
	}
}
