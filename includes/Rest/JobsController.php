<?php
/**
 * /recruiting/v1/jobs — list, create, read, update, delete (trash) jobs (SPEC §5).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\Capabilities;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\JobChangeListener;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Import\ImportValidator;
use WP_Error;
use WP_Post;
use WP_Query;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class JobsController extends Controller {

	/** @var string */
	protected $rest_base = 'jobs';

	public const TEXT_FIELDS = array( 'department', 'location', 'employment_type' );

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => $this->guard( array( $this, 'get_items' ) ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
					'args'                => $this->get_collection_params(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => $this->guard( array( $this, 'create_item' ) ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/' . self::ID,
			array(
				'args'   => array(
					'id' => array(
						'description' => __( 'Job id.', 'recruiting-reports' ),
						'type'        => 'integer',
					),
				),
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
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => $this->guard( array( $this, 'delete_item' ) ),
					'permission_callback' => array( $this, 'delete_item_permissions_check' ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	public function get_items_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::READ_JOBS );
	}

	public function get_item_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::READ_JOBS );
	}

	public function create_item_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::WRITE_JOBS );
	}

	public function update_item_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::WRITE_JOBS );
	}

	public function delete_item_permissions_check( $request ) {
		return Access::authorize( $request, Capabilities::WRITE_JOBS );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$orderby = array(
			'created_at' => 'date',
			'updated_at' => 'modified',
			'title'      => 'title',
			'id'         => 'ID',
		)[ $request['orderby'] ] ?? 'date';
		$order   = 'asc' === $request['order'] ? 'ASC' : 'DESC';
		$args    = array(
			'post_type'           => JobPostType::POST_TYPE,
			'post_status'         => $request['status'] ? $request['status'] : JobPostType::STATUSES,
			's'                   => (string) $request['search'],
			'posts_per_page'      => (int) $request['per_page'],
			'paged'               => (int) $request['page'],
			'orderby'             => array(
				$orderby => $order,
				'ID'     => $order,
			),
			'ignore_sticky_posts' => true,
		);
		$query   = new WP_Query( $args );
		$total   = (int) $query->found_posts;
		if ( ! $query->posts && (int) $request['page'] > 1 ) {
			// WordPress does not count the matches when the page is past the end: count them.
			$total = (int) ( new WP_Query( array_merge( $args, array( 'paged' => 1, 'posts_per_page' => 1, 'fields' => 'ids' ) ) ) )->found_posts;
		}
		$posts   = array_values( array_filter( $query->posts, static fn( $post ) => $post instanceof WP_Post ) );
		$counts  = Present::application_counts( wp_list_pluck( $posts, 'ID' ) );
		$items   = array();
		foreach ( $posts as $post ) {
			$items[] = $this->prepare_response_for_collection( $this->prepare_item_for_response( $post, $request, $counts[ (int) $post->ID ] ) );
		}
		return $this->paginate( new WP_REST_Response( $items, 200 ), $total, $request );
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$post = JobRepository::get( (int) $request['id'] );
		if ( ! $post ) {
			return self::job_not_found();
		}
		return $this->prepare_item_for_response( $post, $request );
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
		$result = Transaction::run(
			function () use ( $fields ) {
				$id = JobChangeListener::suppress( static fn() => JobRepository::save( $fields + array( 'author' => Access::user_id() ) ) );
				if ( is_wp_error( $id ) ) {
					return self::internal_error();
				}
				$job = Present::job( get_post( $id ) );
				Events::emit(
					Events::JOB_CREATED,
					array(
						'job_id' => $id,
						'job'    => $job,
					)
				);
				Events::data_changed();
				return $job;
			}
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$response = new WP_REST_Response( $result, 201 );
		$response->header( 'Location', rest_url( sprintf( '%s/%s/%d', $this->namespace, $this->rest_base, $result['id'] ) ) );
		return $response;
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$post = JobRepository::get( (int) $request['id'] );
		if ( ! $post ) {
			return self::job_not_found();
		}
		$fields = $this->fields_from_request( $request, false, (int) $post->ID );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		if ( ! $fields ) {
			return $this->prepare_item_for_response( $post, $request );
		}
		$result = Transaction::run(
			function () use ( $fields, $post ) {
				$id = JobChangeListener::suppress( static fn() => JobRepository::save( $fields, (int) $post->ID ) );
				if ( is_wp_error( $id ) ) {
					return self::internal_error();
				}
				clean_post_cache( $id );
				$job = Present::job( get_post( $id ) );
				Events::emit(
					Events::JOB_UPDATED,
					array(
						'job_id'  => $id,
						'job'     => $job,
						'changed' => array_keys( $fields ),
					)
				);
				Events::data_changed();
				return $job;
			}
		);
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result, 200 );
	}

	/**
	 * Moves the job to the trash: it leaves the API and the job counts; its applications and their history stay
	 * (reports count every application ever made).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$post = JobRepository::get( (int) $request['id'] );
		if ( ! $post ) {
			return self::job_not_found();
		}
		$previous = Present::job( $post );
		$result   = Transaction::run(
			function () use ( $post, $previous ) {
				$trashed = JobChangeListener::suppress( static fn() => wp_trash_post( (int) $post->ID ) );
				if ( ! $trashed ) {
					return self::internal_error();
				}
				Events::emit(
					Events::JOB_DELETED,
					array(
						'job_id' => (int) $post->ID,
						'job'    => $previous,
					)
				);
				Events::data_changed();
				return true;
			}
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return new WP_REST_Response(
			array(
				'deleted'  => true,
				'previous' => $previous,
			),
			200
		);
	}

	/**
	 * @param WP_Post         $item    Job.
	 * @param WP_REST_Request $request Request.
	 * @param array|null      $counts  Application counts by status, when already known.
	 * @return WP_REST_Response
	 */
	public function prepare_item_for_response( $item, $request, ?array $counts = null ) {
		return rest_ensure_response( Present::job( $item, $counts ) );
	}

	/**
	 * The writable fields a request gives, sanitised, for JobRepository::save().
	 *
	 * @return array|WP_Error
	 */
	private function fields_from_request( WP_REST_Request $request, bool $creating, int $id = 0 ) {
		$fields = array();
		$params = $request->get_params();
		if ( $creating || array_key_exists( 'title', $params ) ) {
			$title = sanitize_text_field( (string) $request['title'] );
			if ( '' === $title ) {
				return self::invalid( 'title', __( 'The title must not be empty.', 'recruiting-reports' ) );
			}
			$fields['title'] = $title;
		}
		if ( array_key_exists( 'description', $params ) ) {
			$fields['description'] = wp_kses_post( (string) $request['description'] );
		}
		if ( array_key_exists( 'status', $params ) || $creating ) {
			$fields['status'] = $request['status'] ? (string) $request['status'] : 'draft';
		}
		foreach ( self::TEXT_FIELDS as $field ) {
			if ( array_key_exists( $field, $params ) ) {
				$fields[ $field ] = sanitize_text_field( (string) $request[ $field ] );
			}
		}
		if ( array_key_exists( 'external_id', $params ) ) {
			$external_id = trim( (string) $request['external_id'] ); // null clears it.
			$owner       = JobRepository::ids_for_external_ids( array( $external_id ) )[ ImportValidator::key( $external_id ) ] ?? null;
			if ( '' !== $external_id && null !== $owner && $owner !== $id ) {
				return self::invalid( 'external_id', __( 'Another job already has this external_id.', 'recruiting-reports' ) );
			}
			$fields['external_id'] = $external_id;
		}
		return $fields;
	}

	public static function job_not_found(): WP_Error {
		return self::not_found( __( 'Job not found.', 'recruiting-reports' ) );
	}

	public function get_collection_params(): array {
		return array_merge(
			$this->pagination_params(),
			array(
				'search'  => array(
					'description' => __( 'Limit results to jobs matching a string (title and description).', 'recruiting-reports' ),
					'type'        => 'string',
					'maxLength'   => 200,
				),
				'status'  => array(
					'description' => __( 'Limit results to jobs with one or more statuses (list or comma-separated).', 'recruiting-reports' ),
					'type'        => 'array',
					'items'       => array(
						'type' => 'string',
						'enum' => JobPostType::STATUSES,
					),
					'maxItems'    => 3,
				),
				'orderby' => array(
					'description' => __( 'Sort by this field.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => array( 'created_at', 'updated_at', 'title', 'id' ),
					'default'     => 'created_at',
				),
				'order'   => array(
					'description' => __( 'Sort direction.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => array( 'asc', 'desc' ),
					'default'     => 'desc',
				),
			)
		);
	}

	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$text         = static fn( string $description, int $max ) => array(
			'description' => $description,
			'type'        => 'string',
			'maxLength'   => $max,
			'context'     => array( 'view', 'edit' ),
		);
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-job',
			'type'       => 'object',
			'properties' => array(
				'id'                 => array(
					'description' => __( 'Job id.', 'recruiting-reports' ),
					'type'        => 'integer',
					'readonly'    => true,
					'context'     => array( 'view', 'edit' ),
				),
				'title'              => array_merge( $text( __( 'Job title (plain text).', 'recruiting-reports' ), 200 ), array( 'required' => true ) ),
				'description'        => $text( __( 'Job description (HTML as allowed in post content).', 'recruiting-reports' ), 20000 ),
				'status'             => array(
					'description' => __( 'draft, publish (active: accepts applications) or closed.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => JobPostType::STATUSES,
					'default'     => 'draft',
					'context'     => array( 'view', 'edit' ),
				),
				'department'         => $text( __( 'Department.', 'recruiting-reports' ), 100 ),
				'location'           => $text( __( 'Location.', 'recruiting-reports' ), 100 ),
				'employment_type'    => $text( __( 'Employment type, such as full_time, part_time, contract, temporary.', 'recruiting-reports' ), 100 ),
				'external_id'        => array(
					'description' => __( 'Identifier in another system (unique, case-insensitive; the import matches jobs by it).', 'recruiting-reports' ),
					'type'        => array( 'string', 'null' ),
					'maxLength'   => 191,
					'context'     => array( 'view', 'edit' ),
				),
				'created_at'         => self::readonly_instant( __( 'When the job was created (UTC).', 'recruiting-reports' ) ),
				'updated_at'         => self::readonly_instant( __( 'When the job was last changed (UTC).', 'recruiting-reports' ) ),
				'application_counts' => array(
					'description' => __( 'Applications to this job: total and by current status.', 'recruiting-reports' ),
					'type'        => 'object',
					'readonly'    => true,
					'context'     => array( 'view', 'edit' ),
					'properties'  => array(
						'total'     => array( 'type' => 'integer' ),
						'by_status' => array(
							'type'       => 'object',
							'properties' => array_fill_keys( \RecruitingReports\Domain\Pipeline::STATUSES, array( 'type' => 'integer' ) ),
						),
					),
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
