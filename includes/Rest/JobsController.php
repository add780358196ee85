<?php
/**
 * /recruiting/v1/jobs — list, create, read, update, delete (trash) jobs (docs/api.md#resources).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\ExternalIdClaims;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\JobChangeListener;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Domain\TextFields;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * Jobs.
 */
final class JobsController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'jobs';

	protected const ITEM_TYPE = 'job';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::READ_JOBS,
		'create' => Capabilities::WRITE_JOBS,
		'update' => Capabilities::WRITE_JOBS,
		'delete' => Capabilities::WRITE_JOBS,
	);

	public const TEXT_FIELDS = array( 'department', 'location', 'employment_type' );

	/**
	 * Application counts of the jobs of the list being prepared (one query per page), by job id.
	 *
	 * @var array<int,array<string,int>>
	 */
	private array $counts = array();

	/**
	 * Registers /jobs and /jobs/{id}.
	 */
	public function register_routes(): void {
		$this->register_item_routes( self::id_arg( __( 'Job id.', 'recruiting-reports' ) ) );
	}

	/**
	 * GET /jobs.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$result = JobRepository::query(
			array(
				'statuses' => $request['status'] ? (array) $request['status'] : JobPostType::STATUSES,
				'search'   => (string) $request['search'],
				'orderby'  => (string) $request['orderby'],
				'order'    => (string) $request['order'],
			),
			(int) $request['page'],
			(int) $request['per_page']
		);
		$posts  = $result['posts'];
		if ( rest_is_field_included( 'application_counts', $this->get_fields_for_response( $request ) ) ) {
			$this->counts = ApplicationRepository::counts_by_job( wp_list_pluck( $posts, 'ID' ) );
		}
		try {
			return $this->collection( $posts, $result['total'], $request );
		} finally {
			// The counts are this list's: a later request in the same PHP process (a batch, a preload, WP-CLI)
			// counts afresh.
			$this->counts = array();
		}
	}

	/**
	 * GET /jobs/{id}.
	 *
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
	 * POST /jobs.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$fields = $this->fields_from_request( $request, true );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		$result = self::unique_external_id(
			$fields,
			0,
			static fn() => Transaction::run(
				static function () use ( $fields ) {
					$id = JobChangeListener::suppress( static fn() => JobRepository::save( $fields + array( 'author' => Access::user_id() ) ) );
					if ( is_wp_error( $id ) ) {
						return self::internal_error();
					}
					Events::emit(
						Events::JOB_CREATED,
						array(
							'job_id' => $id,
							'job'    => Presenter::job( get_post( $id ) ),
						)
					);
					Events::data_changed();
					return $id;
				}
			)
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return $this->created( get_post( $result ), $request );
	}

	/**
	 * PUT /jobs/{id}: changes the fields given.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$post = JobRepository::get( (int) $request['id'] );
		if ( ! $post ) {
			return self::job_not_found();
		}
		$fields = $this->fields_from_request( $request, false );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		if ( ! $fields ) {
			return $this->prepare_item_for_response( $post, $request );
		}
		$result = self::unique_external_id(
			$fields,
			(int) $post->ID,
			static fn() => Transaction::run(
				static function () use ( $fields, $post ) {
					// save() locks the job and checks again that it exists: a concurrent delete may have won.
					$id = JobChangeListener::suppress( static fn() => JobRepository::save( $fields, (int) $post->ID ) );
					if ( is_wp_error( $id ) ) {
						return 'resource_not_found' === $id->get_error_code() ? self::job_not_found() : self::internal_error();
					}
					clean_post_cache( $id );
					Events::emit(
						Events::JOB_UPDATED,
						array(
							'job_id'  => $id,
							'job'     => Presenter::job( get_post( $id ) ),
							'changed' => array_keys( $fields ),
						)
					);
					Events::data_changed();
					return $id;
				}
			)
		);
		return is_wp_error( $result ) ? $result : $this->prepare_item_for_response( get_post( $result ), $request );
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
		$result = Transaction::run(
			function () use ( $post, $request ) {
				// trash() locks the job and checks again that it exists: a concurrent delete may have won.
				$trashed = JobChangeListener::suppress( static fn() => JobRepository::trash( (int) $post->ID ) );
				if ( is_wp_error( $trashed ) ) {
					return 'resource_not_found' === $trashed->get_error_code() ? self::job_not_found() : self::internal_error();
				}
				$job = Presenter::job( $trashed );
				Events::emit(
					Events::JOB_DELETED,
					array(
						'job_id' => (int) $post->ID,
						'job'    => $job,
					)
				);
				Events::data_changed();
				return $this->prepare_item_for_response( $trashed, $request );
			}
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return $this->deleted( $result );
	}

	/**
	 * A job's fields; the application counts (a query) only when included.
	 *
	 * @param WP_Post         $item    Job.
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		$data = Presenter::job_fields( $item );
		if ( rest_is_field_included( 'application_counts', $fields ) ) {
			$id                         = (int) $item->ID;
			$data['application_counts'] = Presenter::counts( $this->counts[ $id ] ?? ApplicationRepository::counts_by_job( array( $id ) )[ $id ] );
		}
		return $data;
	}

	/**
	 * Self, the collection, and the job's applications (embeddable).
	 *
	 * @param WP_Post $item Job.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		return $this->own_links( (int) $item->ID ) + array(
			'applications' => array(
				'href'       => add_query_arg( 'job_id', (int) $item->ID, self::url( 'applications' ) ),
				'embeddable' => true,
			),
		);
	}

	/**
	 * The writable fields a request gives, sanitised, for JobRepository::save().
	 *
	 * @param WP_REST_Request $request  Request.
	 * @param bool            $creating Whether the job is being created.
	 * @return array|WP_Error
	 */
	private function fields_from_request( WP_REST_Request $request, bool $creating ) {
		$fields = array();
		$params = $request->get_params();
		if ( $creating || array_key_exists( 'title', $params ) ) {
			$title = TextFields::clean( 'title', (string) $request['title'] );
			if ( '' === $title ) {
				return self::invalid( 'title', __( 'The title must not be empty.', 'recruiting-reports' ) );
			}
			$fields['title'] = $title;
		}
		if ( array_key_exists( 'description', $params ) ) {
			$fields['description'] = TextFields::clean( 'description', (string) $request['description'] );
		}
		if ( array_key_exists( 'status', $params ) || $creating ) {
			$fields['status'] = $request['status'] ? (string) $request['status'] : 'draft';
		}
		foreach ( self::TEXT_FIELDS as $field ) {
			if ( array_key_exists( $field, $params ) ) {
				$fields[ $field ] = TextFields::clean( $field, (string) $request[ $field ] );
			}
		}
		foreach ( JobDetails::FIELDS as $field ) {
			if ( array_key_exists( $field, $params ) ) {
				$value = JobDetails::clean( $field, $request[ $field ] );
				if ( is_wp_error( $value ) ) {
					return self::invalid( $field, $value->get_error_message() );
				}
				$fields[ $field ] = $value;
			}
		}
		if ( array_key_exists( 'external_id', $params ) ) {
			$fields['external_id'] = trim( (string) $request['external_id'] ); // null clears it; unique_external_id() checks it.
		}
		return $fields;
	}

	/**
	 * Runs a job write once no other job has the external_id it gives: the check and the committed write happen
	 * while this request holds the external_id's claim (Data\ExternalIdClaims), so of concurrent writes with one
	 * external_id one succeeds and the others answer 400 (post meta can hold no unique key).
	 *
	 * @param array    $fields The write's fields (fields_from_request()).
	 * @param int      $id     The job being updated (0 when creating).
	 * @param callable $write  The write (its transaction inside); its result is returned.
	 * @return mixed|WP_Error
	 */
	private static function unique_external_id( array $fields, int $id, callable $write ) {
		$external_id = (string) ( $fields['external_id'] ?? '' );
		if ( '' === $external_id ) {
			return $write();
		}
		return ExternalIdClaims::hold(
			'job',
			array( $external_id ),
			static function () use ( $external_id, $id, $write ) {
				$owner = JobRepository::ids_for_external_ids( array( $external_id ) )[ ExternalId::key( $external_id ) ] ?? null;
				if ( null !== $owner && $owner !== $id ) {
					return self::invalid( 'external_id', __( 'Another job already has this external_id.', 'recruiting-reports' ) );
				}
				return $write();
			}
		);
	}

	/**
	 * 404 for a job.
	 *
	 * @return WP_Error
	 */
	public static function job_not_found(): WP_Error {
		return self::not_found( __( 'Job not found.', 'recruiting-reports' ) );
	}

	/**
	 * Arguments of GET /jobs.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		return array_merge(
			parent::get_collection_params(),
			array(
				'search' => array(
					'description' => __( 'Limit results to jobs matching a string (title and description).', 'recruiting-reports' ),
					'type'        => 'string',
					'maxLength'   => 200,
				),
				'status' => array(
					'description' => __( 'Limit results to jobs with one or more statuses (list or comma-separated).', 'recruiting-reports' ),
					'type'        => 'array',
					'items'       => array(
						'type' => 'string',
						'enum' => JobPostType::STATUSES,
					),
					'maxItems'    => 3,
				),
			),
			self::sort_args( array( 'created_at', 'updated_at', 'title', 'id' ) )
		);
	}

	/**
	 * The job schema's properties: jobs hold no personal data, so every field but the costly counts can be embedded.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		$text    = static fn( string $description, int $max ) => array(
			'description' => $description,
			'type'        => 'string',
			'maxLength'   => $max,
			'context'     => self::ALL_CONTEXTS,
		);
		$details = array();
		foreach ( JobDetails::schema() as $field => $property ) {
			// The contact is a team member's address: like external_id, never in embeds.
			$details[ $field ] = $property + array( 'context' => 'contact_email' === $field ? self::OWN_CONTEXTS : self::ALL_CONTEXTS );
		}
		return array(
			'id'                 => array(
				'description' => __( 'Job id.', 'recruiting-reports' ),
				'type'        => 'integer',
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'title'              => array_merge( $text( __( 'Job title (plain text).', 'recruiting-reports' ), 200 ), array( 'required' => true ) ),
			'description'        => $text( __( 'Job description (HTML as allowed in post content).', 'recruiting-reports' ), 20000 ),
			'status'             => array(
				'description' => __( 'draft, publish (active: accepts applications) or closed.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => JobPostType::STATUSES,
				'default'     => 'draft',
				'context'     => self::ALL_CONTEXTS,
			),
			'department'         => $text( __( 'Department.', 'recruiting-reports' ), 100 ),
			'location'           => $text( __( 'Location as candidates read it (free text, such as "Leeds or remote"); search engines get the address fields.', 'recruiting-reports' ), 100 ),
			'employment_type'    => $text( __( 'Employment type: full_time, part_time, contract, temporary, internship, volunteer, per_diem or other (free text is kept; Google for Jobs gets the nearest of its types, else OTHER).', 'recruiting-reports' ), 100 ),
		) + $details + array(
			'external_id'        => array(
				'description' => __( 'Identifier in another system (unique, case-insensitive; the import matches jobs by it).', 'recruiting-reports' ),
				'type'        => array( 'string', 'null' ),
				'maxLength'   => 191,
				'context'     => self::OWN_CONTEXTS,
			),
			'created_at'         => self::readonly_instant( __( 'When the job was created (UTC).', 'recruiting-reports' ), false, self::ALL_CONTEXTS ),
			'updated_at'         => self::readonly_instant( __( 'When the job was last changed (UTC).', 'recruiting-reports' ), false, self::ALL_CONTEXTS ),
			'application_counts' => array(
				'description' => __( 'Applications to this job: total and by current status.', 'recruiting-reports' ),
				'type'        => 'object',
				'readonly'    => true,
				'context'     => self::OWN_CONTEXTS,
				'properties'  => array(
					'total'     => array( 'type' => 'integer' ),
					'by_status' => array(
						'type'       => 'object',
						'properties' => array_fill_keys( Pipeline::STATUSES, array( 'type' => 'integer' ) ),
					),
				),
			),
		);
	}
}
