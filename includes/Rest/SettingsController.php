<?php
/**
 * GET|PUT /recruiting/v1/settings (Settings permission). A PUT changes only the fields it gives.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\Capabilities;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

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
		$this->route(
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => $this->permission( 'read' ),
					'args'                => $this->context_args(),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => $this->permission( 'update' ),
					'args'                => $this->get_endpoint_args_for_item_schema( WP_REST_Server::EDITABLE ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
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
		if ( isset( $values['delete_data_on_uninstall'] ) ) {
			$values['delete_data_on_uninstall'] = (bool) $values['delete_data_on_uninstall'];
		}
		return $this->prepare_item_for_response( $values ? Settings::update( $values ) : Settings::all(), $request );
	}

	/**
	 * The settings as stored.
	 *
	 * @param array           $item    Settings::all().
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		return $item;
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
	 * The settings schema (Settings::schema()).
	 *
	 * @return array
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$properties = array();
		foreach ( Settings::schema() as $name => $property ) {
			$properties[ $name ] = $property + array( 'context' => self::OWN_CONTEXTS );
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-settings',
			'type'       => 'object',
			'properties' => $properties,
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
