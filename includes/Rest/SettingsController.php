<?php
/**
 * GET|PUT /recruiting/v1/settings (Settings permission). A PUT changes only the fields it gives.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\Capabilities;
use RecruitingReports\Data\Settings;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class SettingsController extends Controller {

	/** @var string */
	protected $rest_base = 'settings';

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => $this->guard( array( $this, 'get_item' ) ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => $this->guard( array( $this, 'update_item' ) ),
					'permission_callback' => array( $this, 'update_item_permissions_check' ),
					'args'                => $this->get_endpoint_args_for_item_schema( WP_REST_Server::EDITABLE ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	public function get_item_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::MANAGE_SETTINGS );
	}

	public function update_item_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::MANAGE_SETTINGS );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return new WP_REST_Response( Settings::all(), 200 );
	}

	/**
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
		return new WP_REST_Response( $values ? Settings::update( $values ) : Settings::all(), 200 );
	}

	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$properties = array();
		foreach ( Settings::schema() as $name => $property ) {
			$properties[ $name ] = $property + array( 'context' => array( 'view', 'edit' ) );
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
