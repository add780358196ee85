<?php
/**
 * /recruiting/v1/webhooks (Settings permission): create (the signing secret is returned once), list, read,
 * update, delete and rotate the secret (returned once). The delivery log is WebhookDeliveriesController's.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Data\WebhookRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Webhooks\UrlGuard;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * Webhooks.
 */
final class WebhooksController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'webhooks';

	protected const ITEM_TYPE = 'webhook';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::MANAGE_SETTINGS,
		'create' => Capabilities::MANAGE_SETTINGS,
		'update' => Capabilities::MANAGE_SETTINGS,
		'delete' => Capabilities::MANAGE_SETTINGS,
	);

	/**
	 * Registers /webhooks, /webhooks/{id} and /webhooks/{id}/rotate-secret.
	 */
	public function register_routes(): void {
		$id_arg = self::id_arg( __( 'Webhook id.', 'recruiting-reports' ) );
		$this->register_item_routes( $id_arg );
		$this->route(
			'/' . $this->rest_base . '/' . self::ID . '/rotate-secret',
			array( $this->endpoint( WP_REST_Server::CREATABLE, 'rotate_secret', 'update' ) ),
			$id_arg
		);
	}

	/**
	 * GET /webhooks.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$result = WebhookRepository::query( (int) $request['page'], (int) $request['per_page'] );
		Presenter::prime_users( array_map( static fn( $row ) => (int) $row['created_by'], $result['rows'] ) );
		return $this->collection( $result['rows'], $result['total'], $request );
	}

	/**
	 * GET /webhooks/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$row = WebhookRepository::find( (int) $request['id'] );
		return $row ? $this->prepare_item_for_response( $row, $request ) : self::webhook_not_found();
	}

	/**
	 * POST /webhooks: the response holds the signing secret, once.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$fields = $this->fields_from_request( $request, true );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		$created = WebhookRepository::create( $fields['url'], $fields['events'], $fields['active'] ?? true, Access::user_id() );
		if ( ! $created ) {
			return self::internal_error();
		}
		return self::no_store( $this->created( $created['row'] + array( 'secret' => $created['secret'] ), $request ) );
	}

	/**
	 * PUT /webhooks/{id}: changes the fields given.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$id = (int) $request['id'];
		if ( ! WebhookRepository::find( $id ) ) {
			return self::webhook_not_found();
		}
		$fields = $this->fields_from_request( $request, false );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		$row = WebhookRepository::update( $id, $fields );
		// Null when a concurrent request deleted the webhook after the check above.
		return $row ? $this->prepare_item_for_response( $row, $request ) : self::webhook_not_found();
	}

	/**
	 * DELETE /webhooks/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$row = WebhookRepository::delete( (int) $request['id'] );
		if ( ! $row ) {
			return self::webhook_not_found();
		}
		return $this->deleted( $this->prepare_item_for_response( $row, $request ) );
	}

	/**
	 * POST /webhooks/{id}/rotate-secret: the response holds the new secret, once.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function rotate_secret( $request ) {
		$row = WebhookRepository::rotate_secret( (int) $request['id'] );
		if ( null === $row ) {
			return self::webhook_not_found();
		}
		return self::no_store( $this->prepare_item_for_response( $row, $request ) );
	}

	/**
	 * A webhook's fields: never its secret, except right after creation or rotation (the item then carries it).
	 *
	 * @param array           $item    Row of the webhooks table (with `secret` after creation or rotation).
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		$data = array(
			'id'         => (int) $item['id'],
			'url'        => (string) $item['url'],
			'events'     => WebhookRepository::events_of( $item ),
			'active'     => (bool) (int) $item['active'],
			'created_by' => Presenter::user( (int) $item['created_by'] ),
			'created_at' => Iso8601::format( (int) $item['created_at'] ),
			'updated_at' => Iso8601::format( (int) $item['updated_at'] ),
		);
		if ( isset( $item['secret'] ) ) {
			$data['secret'] = (string) $item['secret'];
		}
		return $data;
	}

	/**
	 * Self, the collection and the delivery log.
	 *
	 * @param array $item Row of the webhooks table.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		return $this->own_links( (int) $item['id'] ) + array(
			'deliveries' => array( 'href' => self::url( $this->rest_base . '/' . (int) $item['id'] . '/deliveries' ) ),
		);
	}

	/**
	 * The writable fields a request gives, checked.
	 *
	 * @param WP_REST_Request $request  Request.
	 * @param bool            $creating Whether the webhook is being created.
	 * @return array|WP_Error
	 */
	private function fields_from_request( WP_REST_Request $request, bool $creating ) {
		$params = $request->get_params();
		$fields = array();
		if ( $creating || array_key_exists( 'url', $params ) ) {
			$url   = trim( (string) $request['url'] );
			$check = UrlGuard::check( $url );
			if ( is_wp_error( $check ) ) {
				return $check;
			}
			$fields['url'] = $url;
		}
		if ( $creating || array_key_exists( 'events', $params ) ) {
			$events = array_values( array_intersect( Events::ALL, (array) $request['events'] ) );
			if ( ! $events ) {
				return self::invalid( 'events', __( 'Subscribe to at least one event.', 'recruiting-reports' ) );
			}
			$fields['events'] = $events;
		}
		if ( array_key_exists( 'active', $params ) && null !== $request['active'] ) {
			$fields['active'] = (bool) $request['active'];
		}
		return $fields;
	}

	/**
	 * 404 for a webhook.
	 *
	 * @return WP_Error
	 */
	public static function webhook_not_found(): WP_Error {
		return self::not_found( __( 'Webhook not found.', 'recruiting-reports' ) );
	}

	/**
	 * The webhook schema's properties.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		return array(
			'id'         => array(
				'description' => __( 'Webhook id.', 'recruiting-reports' ),
				'type'        => 'integer',
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'url'        => array(
				'description' => __( 'Receiver URL (http or https; private and loopback addresses are refused unless the site is a local environment).', 'recruiting-reports' ),
				'type'        => 'string',
				'maxLength'   => UrlGuard::MAX_LENGTH,
				'required'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'events'     => array(
				'description' => __( 'Events to receive.', 'recruiting-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type' => 'string',
					'enum' => Events::ALL,
				),
				'minItems'    => 1,
				'maxItems'    => count( Events::ALL ),
				'uniqueItems' => true,
				'required'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'active'     => array(
				'description' => __( 'Whether events are queued for it.', 'recruiting-reports' ),
				'type'        => 'boolean',
				'default'     => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'created_by' => self::user_schema( __( 'Who created it.', 'recruiting-reports' ) ),
			'created_at' => self::readonly_instant( __( 'Creation time (UTC).', 'recruiting-reports' ) ),
			'updated_at' => self::readonly_instant( __( 'Last change (UTC).', 'recruiting-reports' ) ),
			'secret'     => array(
				'description' => __( 'Signing secret: only in the responses of creation and rotate-secret.', 'recruiting-reports' ),
				'type'        => 'string',
				'readonly'    => true,
				'context'     => self::OWN_CONTEXTS,
			),
		);
	}
}
