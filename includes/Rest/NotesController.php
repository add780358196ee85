<?php
/**
 * Notes on applications: GET|POST /recruiting/v1/applications/{id}/notes, GET|DELETE /recruiting/v1/notes/{id}.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\NoteRepository;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Domain\Capabilities;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * Notes.
 */
final class NotesController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'notes';

	protected const ITEM_TYPE = 'note';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::READ_APPLICATIONS,
		'create' => Capabilities::WRITE_APPLICATIONS,
		'delete' => Capabilities::WRITE_APPLICATIONS,
	);

	public const MAX_LENGTH = 10000;

	/**
	 * Registers /applications/{id}/notes and /notes/{id}.
	 */
	public function register_routes(): void {
		$this->route( '/applications/' . self::ID . '/notes', $this->endpoints( 'list', 'create' ), self::id_arg( __( 'Application id.', 'recruiting-reports' ) ) );
		$this->route( '/' . $this->rest_base . '/' . self::ID, $this->endpoints( 'read', 'delete' ), self::id_arg( __( 'Note id.', 'recruiting-reports' ) ) );
	}

	/**
	 * Route callback: get_items.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_items( $request ) {
		$application_id = (int) $request['id'];
		if ( ! ApplicationRepository::find( $application_id ) ) {
			return ApplicationsController::application_not_found();
		}
		$result = NoteRepository::for_application( $application_id, (string) $request['order'], (int) $request['page'], (int) $request['per_page'] );
		Presenter::prime_users( array_map( static fn( $row ) => (int) $row['user_id'], $result['rows'] ) );
		return $this->collection( $result['rows'], $result['total'], $request );
	}

	/**
	 * Route callback: get_item.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$row = NoteRepository::find( (int) $request['id'] );
		return $row ? $this->prepare_item_for_response( $row, $request ) : self::note_not_found();
	}

	/**
	 * Route callback: create_item.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$application_id = (int) $request['id'];
		if ( ! ApplicationRepository::find( $application_id ) ) {
			return ApplicationsController::application_not_found();
		}
		$content = sanitize_textarea_field( (string) $request['content'] );
		if ( '' === trim( $content ) ) {
			return self::invalid( 'content', __( 'The note must not be empty.', 'recruiting-reports' ) );
		}
		$id = NoteRepository::create( $application_id, Access::user_id(), $content );
		if ( null === $id ) {
			return self::internal_error();
		}
		return $this->created( NoteRepository::find( $id ), $request );
	}

	/**
	 * Route callback: delete_item. Write Applications lets a user delete their own notes; another user's note
	 * needs Settings too (docs/api.md#resources).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$row = NoteRepository::find( (int) $request['id'] );
		if ( ! $row ) {
			return self::note_not_found();
		}
		if ( Access::user_id() !== (int) $row['user_id'] && true !== $this->authorize( $request, Capabilities::MANAGE_SETTINGS ) ) {
			return new WP_Error(
				'insufficient_permissions',
				__( 'Only the note\'s author or a user with the Settings permission can delete it.', 'recruiting-reports' ),
				array(
					'status'   => 403,
					'required' => Capabilities::MANAGE_SETTINGS,
				)
			);
		}
		$previous = $this->prepare_item_for_response( $row, $request );
		if ( ! NoteRepository::delete( (int) $row['id'] ) ) {
			return self::note_not_found(); // A concurrent delete was first.
		}
		return $this->deleted( $previous );
	}

	/**
	 * A note's fields.
	 *
	 * @param array           $item    Row of the notes table.
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		return Presenter::note( $item );
	}

	/**
	 * Self, the application's notes, and the application (embeddable).
	 *
	 * @param array $item Row of the notes table.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		$application = 'applications/' . (int) $item['application_id'];
		return array(
			'self'        => array( 'href' => self::url( $this->rest_base . '/' . (int) $item['id'] ) ),
			'collection'  => array( 'href' => self::url( $application . '/notes' ) ),
			'application' => array(
				'href'       => self::url( $application ),
				'embeddable' => true,
			),
		);
	}

	/**
	 * 404 for a note.
	 *
	 * @return WP_Error
	 */
	private static function note_not_found(): WP_Error {
		return self::not_found( __( 'Note not found.', 'recruiting-reports' ) );
	}

	/**
	 * Arguments of GET /applications/{id}/notes.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		return array_merge(
			parent::get_collection_params(),
			array(
				'order' => array(
					'description' => __( 'Sort direction by creation time.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => array( 'asc', 'desc' ),
					'default'     => 'desc',
				),
			)
		);
	}

	/**
	 * The note schema's properties.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		return array(
			'id'             => array(
				'description' => __( 'Note id.', 'recruiting-reports' ),
				'type'        => 'integer',
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'application_id' => array(
				'description' => __( 'The application the note is about.', 'recruiting-reports' ),
				'type'        => 'integer',
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'content'        => array(
				'description' => __( 'The note (plain text).', 'recruiting-reports' ),
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => self::MAX_LENGTH,
				'required'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'author'         => self::user_schema( __( 'Who wrote it (an API key writes as its owner).', 'recruiting-reports' ), self::ALL_CONTEXTS ),
			'created_at'     => self::readonly_instant( __( 'When it was written (UTC).', 'recruiting-reports' ), false, self::ALL_CONTEXTS ),
		);
	}
}
