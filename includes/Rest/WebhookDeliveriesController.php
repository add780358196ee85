<?php
/**
 * A webhook's delivery log (Settings permission): GET /webhooks/{id}/deliveries (every attempt of each delivery),
 * POST /webhooks/{id}/test (queues a test delivery) and POST /webhooks/{id}/deliveries/{delivery_id}/retry.
 *
 * A payload's `data.application` is shown whole only to callers that also hold Read Applications; the others
 * (a Settings-only key or user) get Presenter::application_without_candidate() of it: the log is for debugging
 * deliveries, not a way around the permission that guards candidates.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\DeliveryRepository;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Data\WebhookRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Webhooks\Dispatcher;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * Webhook deliveries.
 */
final class WebhookDeliveriesController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'webhooks';

	protected const ITEM_TYPE = 'webhook_delivery';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::MANAGE_SETTINGS,
		'create' => Capabilities::MANAGE_SETTINGS,
	);

	public const STATUSES = array( 'pending', 'sending', 'delivered', 'failed' );

	/**
	 * Attempts of the deliveries being prepared (one query per page), by delivery id.
	 *
	 * @var array<int,array[]>
	 */
	private array $attempts = array();

	/**
	 * Registers the delivery routes of a webhook.
	 */
	public function register_routes(): void {
		$id_arg = self::id_arg( __( 'Webhook id.', 'recruiting-reports' ) );
		$this->route( '/' . $this->rest_base . '/' . self::ID . '/test', array( $this->endpoint( WP_REST_Server::CREATABLE, 'send_test', 'create', array(), array( 'status' => 202 ) ) ), $id_arg );
		$this->route( '/' . $this->rest_base . '/' . self::ID . '/deliveries', $this->endpoints( 'list' ), $id_arg );
		$this->route(
			'/' . $this->rest_base . '/' . self::ID . '/deliveries/(?P<delivery_id>[\d]+)/retry',
			array( $this->endpoint( WP_REST_Server::CREATABLE, 'retry', 'create', array(), array( 'status' => 202 ) ) ),
			$id_arg + self::id_arg( __( 'Delivery id.', 'recruiting-reports' ), 'delivery_id' )
		);
	}

	/**
	 * Queues a `webhook.test` event for this webhook (whatever its events and even when inactive). Like every
	 * delivery it is sent by WP-Cron, not in this request: 202, then follow it in the delivery log.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function send_test( $request ) {
		// Under the webhook's lock: a concurrent delete cannot leave a delivery without its webhook behind.
		$delivery = WebhookRepository::with_lock(
			(int) $request['id'],
			static function ( array $row ) {
				$delivery_id = Dispatcher::enqueue(
					(int) $row['id'],
					Dispatcher::TEST_EVENT,
					array(
						'webhook_id' => (int) $row['id'],
						'message'    => __( 'This is a test delivery from Recruiting Reports.', 'recruiting-reports' ),
					)
				);
				return null === $delivery_id ? self::internal_error() : DeliveryRepository::find( $delivery_id );
			}
		);
		return $this->accepted( $delivery, $request );
	}

	/**
	 * GET /webhooks/{id}/deliveries.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_items( $request ) {
		$row = WebhookRepository::find( (int) $request['id'] );
		if ( ! $row ) {
			return WebhooksController::webhook_not_found();
		}
		$result = DeliveryRepository::query( (int) $row['id'], $request['status'] ? (string) $request['status'] : null, (int) $request['page'], (int) $request['per_page'] );
		if ( rest_is_field_included( 'attempt_log', $this->get_fields_for_response( $request ) ) ) {
			$this->attempts = DeliveryRepository::attempts( array_map( static fn( $row ) => (int) $row['id'], $result['rows'] ) );
		}
		return $this->collection( $result['rows'], $result['total'], $request );
	}

	/**
	 * Sends a delivery that failed or was delivered once more (202: WP-Cron sends it).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function retry( $request ) {
		// Under the webhook's lock: a concurrent delete of the webhook (and its deliveries) waits or has won.
		$delivery = WebhookRepository::with_lock(
			(int) $request['id'],
			static function ( array $row ) use ( $request ) {
				$delivery = DeliveryRepository::find( (int) $request['delivery_id'] );
				if ( ! $delivery || (int) $delivery['webhook_id'] !== (int) $row['id'] ) {
					return self::not_found( __( 'Delivery not found.', 'recruiting-reports' ) );
				}
				if ( ! Dispatcher::retry( (int) $delivery['id'] ) ) {
					return self::invalid( 'delivery_id', __( 'The delivery is still being attempted.', 'recruiting-reports' ) );
				}
				return DeliveryRepository::find( (int) $delivery['id'] );
			}
		);
		return $this->accepted( $delivery, $request );
	}

	/**
	 * 202 with a queued delivery.
	 *
	 * @param array|WP_Error|null $delivery The delivery's row; an error; null when the webhook is gone.
	 * @param WP_REST_Request     $request  Request.
	 * @return WP_REST_Response|WP_Error
	 */
	private function accepted( $delivery, WP_REST_Request $request ) {
		if ( null === $delivery ) {
			return WebhooksController::webhook_not_found();
		}
		if ( is_wp_error( $delivery ) ) {
			return $delivery;
		}
		$response = $this->prepare_item_for_response( $delivery, $request );
		$response->set_status( 202 );
		return $response;
	}

	/**
	 * A delivery's fields; the attempt log (a query) only when included.
	 *
	 * @param array           $item    Row of the deliveries table.
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		$id      = (int) $item['id'];
		$payload = json_decode( (string) $item['payload'], true );
		$data    = array(
			'id'                 => $id,
			'webhook_id'         => (int) $item['webhook_id'],
			'delivery_id'        => (string) $item['delivery_uuid'],
			'event'              => (string) $item['event'],
			'status'             => (string) $item['status'],
			'attempts'           => (int) $item['attempts'],
			'max_attempts'       => Dispatcher::max_attempts(),
			'next_attempt_at'    => null === $item['next_attempt_at'] || 'delivered' === $item['status'] || 'failed' === $item['status'] ? null : Iso8601::format( (int) $item['next_attempt_at'] ),
			'last_response_code' => null === $item['last_response_code'] ? null : (int) $item['last_response_code'],
			'last_error'         => null === $item['last_error'] ? null : (string) $item['last_error'],
			'created_at'         => Iso8601::format( (int) $item['created_at'] ),
			'updated_at'         => Iso8601::format( (int) $item['updated_at'] ),
			'payload'            => is_array( $payload ) ? self::payload_for( $payload, $request ) : null,
		);
		if ( rest_is_field_included( 'attempt_log', $fields ) ) {
			$attempts            = $this->attempts[ $id ] ?? DeliveryRepository::attempts( array( $id ) )[ $id ] ?? array();
			$data['attempt_log'] = array_map(
				static fn( $attempt ) => array(
					'attempted_at'  => Iso8601::format( (int) $attempt['attempted_at'] ),
					'response_code' => null === $attempt['response_code'] ? null : (int) $attempt['response_code'],
					'error'         => null === $attempt['error'] ? null : (string) $attempt['error'],
					'duration_ms'   => (int) $attempt['duration_ms'],
				),
				$attempts
			);
		}
		return $data;
	}

	/**
	 * A delivery's payload as this caller may see it: without the candidate unless it holds Read Applications.
	 *
	 * @param array           $payload Decoded payload.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	private static function payload_for( array $payload, WP_REST_Request $request ): array {
		if ( is_array( $payload['data']['application'] ?? null ) && ! Access::can( $request, Capabilities::READ_APPLICATIONS ) ) {
			$payload['data']['application'] = Presenter::application_without_candidate( $payload['data']['application'] );
		}
		return $payload;
	}

	/**
	 * The webhook (embeddable) and the log it belongs to.
	 *
	 * @param array $item Row of the deliveries table.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		$webhook = $this->rest_base . '/' . (int) $item['webhook_id'];
		return array(
			'collection' => array( 'href' => self::url( $webhook . '/deliveries' ) ),
			'webhook'    => array(
				'href'       => self::url( $webhook ),
				'embeddable' => true,
			),
		);
	}

	/**
	 * Arguments of GET /webhooks/{id}/deliveries.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		return array_merge(
			parent::get_collection_params(),
			array(
				'status' => array(
					'description' => __( 'Limit results to deliveries in one state.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => self::STATUSES,
				),
			)
		);
	}

	/**
	 * The delivery schema's properties.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		$instant      = array(
			'type'   => 'string',
			'format' => 'date-time',
		);
		$next_instant = array(
			'type'   => array( 'string', 'null' ),
			'format' => 'date-time',
		);
		return array(
			'id'                 => array(
				'type'    => 'integer',
				'context' => self::ALL_CONTEXTS,
			),
			'webhook_id'         => array(
				'type'    => 'integer',
				'context' => self::ALL_CONTEXTS,
			),
			'delivery_id'        => array(
				'description' => __( 'The X-Recruiting-Delivery header (stable across retries).', 'recruiting-reports' ),
				'type'        => 'string',
				'context'     => self::ALL_CONTEXTS,
			),
			'event'              => array(
				'type'    => 'string',
				'context' => self::ALL_CONTEXTS,
			),
			'status'             => array(
				'type'    => 'string',
				'enum'    => self::STATUSES,
				'context' => self::ALL_CONTEXTS,
			),
			'attempts'           => array(
				'type'    => 'integer',
				'context' => self::ALL_CONTEXTS,
			),
			'max_attempts'       => array(
				'type'    => 'integer',
				'context' => self::ALL_CONTEXTS,
			),
			'next_attempt_at'    => $next_instant + array( 'context' => self::ALL_CONTEXTS ),
			'last_response_code' => array(
				'type'    => array( 'integer', 'null' ),
				'context' => self::ALL_CONTEXTS,
			),
			'last_error'         => array(
				'type'    => array( 'string', 'null' ),
				'context' => self::ALL_CONTEXTS,
			),
			'created_at'         => $instant + array( 'context' => self::ALL_CONTEXTS ),
			'updated_at'         => $instant + array( 'context' => self::ALL_CONTEXTS ),
			'payload'            => array(
				'description' => __( 'The JSON body sent.', 'recruiting-reports' ),
				'type'        => array( 'object', 'null' ),
				'context'     => self::OWN_CONTEXTS,
			),
			'attempt_log'        => array(
				'description' => __( 'Every attempt, oldest first.', 'recruiting-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type'       => 'object',
					'properties' => array(
						'attempted_at'  => $instant,
						'response_code' => array( 'type' => array( 'integer', 'null' ) ),
						'error'         => array( 'type' => array( 'string', 'null' ) ),
						'duration_ms'   => array( 'type' => 'integer' ),
					),
				),
				'context'     => self::OWN_CONTEXTS,
			),
		);
	}
}
