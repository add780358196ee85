<?php
/**
 * The e-mail log (Settings permission): GET /mail-log lists the outbox's messages, newest first, with their state
 * and last error; POST /mail-log/{id}/retry sends a failed one again (202: WP-Cron sends it).
 *
 * A message about an application names its candidate (recipients, subject): those two fields are shown only to
 * callers that also hold Read Applications, as the webhook log does with its payloads.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\MailRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Mail\Outbox;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * The e-mail log.
 */
final class MailLogController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'mail-log';

	protected const ITEM_TYPE = 'mail';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::MANAGE_SETTINGS,
		'create' => Capabilities::MANAGE_SETTINGS,
	);

	public const STATUSES = array( 'pending', 'sending', 'sent', 'failed' );

	/** Registers /mail-log and /mail-log/{id}/retry. */
	public function register_routes(): void {
		$this->route( '/' . $this->rest_base, $this->endpoints( 'list' ) );
		$this->route(
			'/' . $this->rest_base . '/' . self::ID . '/retry',
			array( $this->endpoint( WP_REST_Server::CREATABLE, 'retry', 'create', array(), array( 'status' => 202 ) ) ),
			self::id_arg( __( 'Message id.', 'recruiting-reports' ) )
		);
	}

	/**
	 * GET /mail-log.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$result = MailRepository::query( (string) $request['status'], (int) $request['page'], (int) $request['per_page'] );
		return $this->collection( $result['rows'], $result['total'], $request );
	}

	/**
	 * POST /mail-log/{id}/retry: a failed message gets a fresh cycle of attempts.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function retry( $request ) {
		$id = (int) $request['id'];
		if ( ! MailRepository::find( $id ) ) {
			return self::not_found( __( 'Message not found.', 'recruiting-reports' ) );
		}
		if ( ! Outbox::retry( $id ) ) {
			return self::invalid( 'id', __( 'Only a failed message can be sent again.', 'recruiting-reports' ) );
		}
		$response = $this->prepare_item_for_response( MailRepository::find( $id ), $request );
		$response->set_status( 202 );
		return $response;
	}

	/**
	 * A message's fields.
	 *
	 * @param array           $item    Row of mail_outbox.
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		$finished   = in_array( $item['status'], array( 'sent', 'failed' ), true );
		$may_see    = 0 === (int) $item['application_id'] || Access::can( $request, Capabilities::READ_APPLICATIONS );
		$recipients = array_values( array_filter( array_map( 'trim', explode( ',', (string) $item['recipients'] ) ) ) );
		return array(
			'id'              => (int) $item['id'],
			'kind'            => (string) $item['kind'],
			'application_id'  => (int) $item['application_id'] ? (int) $item['application_id'] : null,
			'recipients'      => $may_see ? $recipients : null,
			'subject'         => $may_see ? (string) $item['subject'] : null,
			'status'          => (string) $item['status'],
			'attempts'        => (int) $item['attempts'],
			'max_attempts'    => Outbox::max_attempts(),
			'next_attempt_at' => $finished || null === $item['next_attempt_at'] ? null : Iso8601::format( (int) $item['next_attempt_at'] ),
			'last_error'      => null === $item['last_error'] ? null : (string) $item['last_error'],
			'created_at'      => Iso8601::format( (int) $item['created_at'] ),
			'updated_at'      => Iso8601::format( (int) $item['updated_at'] ),
			'sent_at'         => null === $item['sent_at'] ? null : Iso8601::format( (int) $item['sent_at'] ),
		);
	}

	/**
	 * The log it belongs to.
	 *
	 * @param array $item Row.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		return array( 'collection' => array( 'href' => self::url( $this->rest_base ) ) );
	}

	/**
	 * Arguments of GET /mail-log.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		return array_merge(
			parent::get_collection_params(),
			array(
				'status' => array(
					'description' => __( 'Limit results to messages in one state.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => self::STATUSES,
				),
			)
		);
	}

	/**
	 * The message schema's properties.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		$field   = static fn( $type, string $description = '' ) => array_filter(
			array(
				'description' => $description,
				'type'        => $type,
				'context'     => self::ALL_CONTEXTS,
			)
		);
		$instant = static fn( bool $nullable ) => array(
			'type'    => $nullable ? array( 'string', 'null' ) : 'string',
			'format'  => 'date-time',
			'context' => self::ALL_CONTEXTS,
		);
		return array(
			'id'              => $field( 'integer' ),
			'kind'            => $field( 'string', __( 'What the message is: application_confirmation (to the candidate) or application_notification (to the team).', 'recruiting-reports' ) ),
			'application_id'  => $field( array( 'integer', 'null' ) ),
			'recipients'      => $field( array( 'array', 'null' ), __( 'The addresses (null without Read Applications for a message about an application).', 'recruiting-reports' ) ) + array( 'items' => array( 'type' => 'string' ) ),
			'subject'         => $field( array( 'string', 'null' ), __( 'The subject (null without Read Applications for a message about an application).', 'recruiting-reports' ) ),
			'status'          => $field( 'string' ) + array( 'enum' => self::STATUSES ),
			'attempts'        => $field( 'integer' ),
			'max_attempts'    => $field( 'integer' ),
			'next_attempt_at' => $instant( true ),
			'last_error'      => $field( array( 'string', 'null' ), __( 'Why the last attempt failed.', 'recruiting-reports' ) ),
			'created_at'      => $instant( false ),
			'updated_at'      => $instant( false ),
			'sent_at'         => $instant( true ),
		);
	}
}
