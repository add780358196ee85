<?php
/**
 * /recruiting/v1/webhooks (Settings permission): create (the signing secret is returned once), list, read,
 * update, delete, rotate the secret (returned once), send a test event, and the delivery log with every attempt.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\Capabilities;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Webhooks\Dispatcher;
use RecruitingReports\Webhooks\UrlGuard;
use RecruitingReports\Webhooks\WebhookRepository;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class WebhooksController extends Controller {

	/** @var string */
	protected $rest_base = 'webhooks';

	public const DELIVERY_STATUSES = array( 'pending', 'sending', 'delivered', 'failed' );

	public function register_routes(): void {
		$settings = array( $this, 'settings_permissions_check' );
		$id_arg   = array(
			'id' => array(
				'description' => __( 'Webhook id.', 'recruiting-reports' ),
				'type'        => 'integer',
			),
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => $this->guard( array( $this, 'get_items' ) ),
					'permission_callback' => $settings,
					'args'                => $this->pagination_params(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => $this->guard( array( $this, 'create_item' ) ),
					'permission_callback' => $settings,
					'args'                => $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/' . self::ID,
			array(
				'args'   => $id_arg,
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => $this->guard( array( $this, 'get_item' ) ),
					'permission_callback' => $settings,
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => $this->guard( array( $this, 'update_item' ) ),
					'permission_callback' => $settings,
					'args'                => $this->get_endpoint_args_for_item_schema( WP_REST_Server::EDITABLE ),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => $this->guard( array( $this, 'delete_item' ) ),
					'permission_callback' => $settings,
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/' . self::ID . '/test',
			array(
				'args'   => $id_arg,
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => $this->guard( array( $this, 'send_test' ) ),
					'permission_callback' => $settings,
				),
				'schema' => array( $this, 'get_delivery_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/' . self::ID . '/rotate-secret',
			array(
				'args'   => $id_arg,
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => $this->guard( array( $this, 'rotate_secret' ) ),
					'permission_callback' => $settings,
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/' . self::ID . '/deliveries',
			array(
				'args'   => $id_arg,
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => $this->guard( array( $this, 'get_deliveries' ) ),
					'permission_callback' => $settings,
					'args'                => array_merge(
						$this->pagination_params(),
						array(
							'status' => array(
								'description' => __( 'Limit results to deliveries in one state.', 'recruiting-reports' ),
								'type'        => 'string',
								'enum'        => self::DELIVERY_STATUSES,
							),
						)
					),
				),
				'schema' => array( $this, 'get_delivery_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/' . self::ID . '/deliveries/(?P<delivery_id>[\d]+)/retry',
			array(
				'args'   => array_merge(
					$id_arg,
					array(
						'delivery_id' => array(
							'description' => __( 'Delivery id.', 'recruiting-reports' ),
							'type'        => 'integer',
						),
					)
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => $this->guard( array( $this, 'retry_delivery' ) ),
					'permission_callback' => $settings,
				),
				'schema' => array( $this, 'get_delivery_schema' ),
			)
		);
	}

	public function settings_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::MANAGE_SETTINGS );
	}

	public function get_items_permissions_check( $request ) {
		return $this->settings_permissions_check( $request );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$result = WebhookRepository::query( (int) $request['page'], (int) $request['per_page'] );
		$items  = array_map( array( self::class, 'present' ), $result['rows'] );
		return $this->paginate( new WP_REST_Response( $items, 200 ), $result['total'], $request );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$row = WebhookRepository::find( (int) $request['id'] );
		return $row ? new WP_REST_Response( self::present( $row ), 200 ) : self::webhook_not_found();
	}

	/**
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
		$data           = self::present( $created['row'] );
		$data['secret'] = $created['secret'];
		$response       = new WP_REST_Response( $data, 201 );
		$response->header( 'Location', rest_url( sprintf( '%s/%s/%d', $this->namespace, $this->rest_base, $data['id'] ) ) );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
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
		return new WP_REST_Response( self::present( WebhookRepository::update( $id, $fields ) ), 200 );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$row = WebhookRepository::find( (int) $request['id'] );
		if ( ! $row ) {
			return self::webhook_not_found();
		}
		WebhookRepository::delete( (int) $row['id'] );
		return new WP_REST_Response(
			array(
				'deleted'  => true,
				'previous' => self::present( $row ),
			),
			200
		);
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function rotate_secret( $request ) {
		$id     = (int) $request['id'];
		$secret = WebhookRepository::rotate_secret( $id );
		if ( null === $secret ) {
			return self::webhook_not_found();
		}
		$data           = self::present( WebhookRepository::find( $id ) );
		$data['secret'] = $secret;
		$response       = new WP_REST_Response( $data, 200 );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * Queues a `webhook.test` event for this webhook (whatever its events and even when inactive). Like every
	 * delivery it is sent by WP-Cron, not in this request: 202, then follow it in the delivery log.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function send_test( $request ) {
		$row = WebhookRepository::find( (int) $request['id'] );
		if ( ! $row ) {
			return self::webhook_not_found();
		}
		$delivery_id = Dispatcher::enqueue(
			(int) $row['id'],
			Dispatcher::TEST_EVENT,
			array(
				'webhook_id' => (int) $row['id'],
				'message'    => __( 'This is a test delivery from Recruiting Reports.', 'recruiting-reports' ),
			)
		);
		if ( null === $delivery_id ) {
			return self::internal_error();
		}
		return new WP_REST_Response( self::present_deliveries( array( WebhookRepository::find_delivery( $delivery_id ) ) )[0], 202 );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_deliveries( $request ) {
		$row = WebhookRepository::find( (int) $request['id'] );
		if ( ! $row ) {
			return self::webhook_not_found();
		}
		$result = WebhookRepository::deliveries( (int) $row['id'], $request['status'] ? (string) $request['status'] : null, (int) $request['page'], (int) $request['per_page'] );
		return $this->paginate( new WP_REST_Response( self::present_deliveries( $result['rows'] ), 200 ), $result['total'], $request );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function retry_delivery( $request ) {
		$delivery = WebhookRepository::find_delivery( (int) $request['delivery_id'] );
		if ( ! $delivery || (int) $delivery['webhook_id'] !== (int) $request['id'] ) {
			return self::not_found( __( 'Delivery not found.', 'recruiting-reports' ) );
		}
		if ( in_array( $delivery['status'], array( 'pending', 'sending' ), true ) ) {
			return self::invalid( 'delivery_id', __( 'The delivery is still being attempted.', 'recruiting-reports' ) );
		}
		Dispatcher::retry( (int) $delivery['id'] );
		return new WP_REST_Response( self::present_deliveries( array( WebhookRepository::find_delivery( (int) $delivery['id'] ) ) )[0], 202 );
	}

	/**
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

	/** A webhook as the API shows it: never its secret. */
	public static function present( array $row ): array {
		return array(
			'id'         => (int) $row['id'],
			'url'        => (string) $row['url'],
			'events'     => WebhookRepository::events_of( $row ),
			'active'     => (bool) (int) $row['active'],
			'created_by' => Present::user( (int) $row['created_by'] ),
			'created_at' => Iso8601::format( (int) $row['created_at'] ),
			'updated_at' => Iso8601::format( (int) $row['updated_at'] ),
		);
	}

	/**
	 * @param array[] $rows Delivery rows.
	 * @return array[]
	 */
	public static function present_deliveries( array $rows ): array {
		$attempts = WebhookRepository::attempts( array_map( static fn( $row ) => (int) $row['id'], $rows ) );
		return array_map(
			static function ( $row ) use ( $attempts ) {
				$payload = json_decode( (string) $row['payload'], true );
				return array(
					'id'                 => (int) $row['id'],
					'webhook_id'         => (int) $row['webhook_id'],
					'delivery_id'        => (string) $row['delivery_uuid'],
					'event'              => (string) $row['event'],
					'status'             => (string) $row['status'],
					'attempts'           => (int) $row['attempts'],
					'max_attempts'       => Dispatcher::max_attempts(),
					'next_attempt_at'    => null === $row['next_attempt_at'] || 'delivered' === $row['status'] || 'failed' === $row['status'] ? null : Iso8601::format( (int) $row['next_attempt_at'] ),
					'last_response_code' => null === $row['last_response_code'] ? null : (int) $row['last_response_code'],
					'last_error'         => null === $row['last_error'] ? null : (string) $row['last_error'],
					'created_at'         => Iso8601::format( (int) $row['created_at'] ),
					'updated_at'         => Iso8601::format( (int) $row['updated_at'] ),
					'payload'            => is_array( $payload ) ? $payload : null,
					'attempt_log'        => array_map(
						static fn( $attempt ) => array(
							'attempted_at'  => Iso8601::format( (int) $attempt['attempted_at'] ),
							'response_code' => null === $attempt['response_code'] ? null : (int) $attempt['response_code'],
							'error'         => null === $attempt['error'] ? null : (string) $attempt['error'],
							'duration_ms'   => (int) $attempt['duration_ms'],
						),
						$attempts[ (int) $row['id'] ] ?? array()
					),
				);
			},
			$rows
		);
	}

	private static function webhook_not_found(): WP_Error {
		return self::not_found( __( 'Webhook not found.', 'recruiting-reports' ) );
	}

	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$view         = array( 'view', 'edit' );
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-webhook',
			'type'       => 'object',
			'properties' => array(
				'id'         => array(
					'description' => __( 'Webhook id.', 'recruiting-reports' ),
					'type'        => 'integer',
					'readonly'    => true,
					'context'     => $view,
				),
				'url'        => array(
					'description' => __( 'Receiver URL (http or https; private and loopback addresses are refused unless the site is a local environment).', 'recruiting-reports' ),
					'type'        => 'string',
					'maxLength'   => UrlGuard::MAX_LENGTH,
					'required'    => true,
					'context'     => $view,
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
					'context'     => $view,
				),
				'active'     => array(
					'description' => __( 'Whether events are queued for it.', 'recruiting-reports' ),
					'type'        => 'boolean',
					'default'     => true,
					'context'     => $view,
				),
				'created_by' => self::user_schema( __( 'Who created it.', 'recruiting-reports' ) ),
				'created_at' => self::readonly_instant( __( 'Creation time (UTC).', 'recruiting-reports' ) ),
				'updated_at' => self::readonly_instant( __( 'Last change (UTC).', 'recruiting-reports' ) ),
				'secret'     => array(
					'description' => __( 'Signing secret: only in the responses of creation and rotate-secret.', 'recruiting-reports' ),
					'type'        => 'string',
					'readonly'    => true,
					'context'     => $view,
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	public function get_delivery_schema(): array {
		$instant = array(
			'type'   => array( 'string', 'null' ),
			'format' => 'date-time',
		);
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-webhook-delivery',
			'type'       => 'object',
			'properties' => array(
				'id'                 => array( 'type' => 'integer' ),
				'webhook_id'         => array( 'type' => 'integer' ),
				'delivery_id'        => array(
					'description' => __( 'The X-Recruiting-Delivery header (stable across retries).', 'recruiting-reports' ),
					'type'        => 'string',
				),
				'event'              => array( 'type' => 'string' ),
				'status'             => array(
					'type' => 'string',
					'enum' => self::DELIVERY_STATUSES,
				),
				'attempts'           => array( 'type' => 'integer' ),
				'max_attempts'       => array( 'type' => 'integer' ),
				'next_attempt_at'    => $instant,
				'last_response_code' => array( 'type' => array( 'integer', 'null' ) ),
				'last_error'         => array( 'type' => array( 'string', 'null' ) ),
				'created_at'         => $instant,
				'updated_at'         => $instant,
				'payload'            => array(
					'description' => __( 'The JSON body sent.', 'recruiting-reports' ),
					'type'        => array( 'object', 'null' ),
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
				),
			),
		);
	}
}
