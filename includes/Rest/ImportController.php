<?php
/**
 * POST /recruiting/v1/import — jobs and applications with their full history (docs/api.md#resources).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Import\Importer;
use RecruitingReports\Import\ImportValidator;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * Import.
 */
final class ImportController extends Controller {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'import';

	protected const PERMISSIONS = array(
		'create' => Capabilities::MANAGE_SETTINGS,
	);

	/**
	 * Registers /import.
	 */
	public function register_routes(): void {
		$this->route( '/' . $this->rest_base, array( $this->endpoint( WP_REST_Server::CREATABLE, 'create_item', 'create', $this->body_args() ) ) );
	}

	/**
	 * POST /import: all or nothing; a 400 lists every problem.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|\WP_Error
	 */
	public function create_item( $request ) {
		$result = ( new Importer() )->import( $request->get_json_params(), Access::user_id() );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return new WP_REST_Response( $result, 200 );
	}

	/**
	 * The schema of the response: what the import created and updated.
	 *
	 * @return array
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$counts       = static fn( string $description ) => array(
			'description' => $description,
			'type'        => 'object',
			'context'     => array( 'view', 'edit' ),
			'readonly'    => true,
			'properties'  => array(
				'created' => array( 'type' => 'integer' ),
				'updated' => array( 'type' => 'integer' ),
				'ids'     => array(
					'description'          => __( 'Each record\'s id by the external_id it was given.', 'recruiting-reports' ),
					'type'                 => 'object',
					'additionalProperties' => array( 'type' => 'integer' ),
				),
			),
		);
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-import-result',
			'type'       => 'object',
			'properties' => array(
				'jobs'            => $counts( __( 'Jobs created and updated.', 'recruiting-reports' ) ),
				'applications'    => $counts( __( 'Applications created and updated.', 'recruiting-reports' ) ),
				'history_entries' => array(
					'description' => __( 'Status history rows written.', 'recruiting-reports' ),
					'type'        => 'integer',
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * The body's arguments, declared for OPTIONS and clients. WordPress does not validate them one by one:
	 * ImportValidator checks the body as a whole so that a 400 lists every problem, not just the first one
	 * WordPress's argument validation would stop at.
	 *
	 * @return array
	 */
	private function body_args(): array {
		$instant = array(
			'type'   => 'string',
			'format' => 'date-time',
		);
		$args    = array(
			'jobs'         => array(
				'description' => __( 'Jobs to create or update, identified by external_id.', 'recruiting-reports' ),
				'type'        => 'array',
				'maxItems'    => ImportValidator::MAX_JOBS,
				'items'       => self::job_item( $instant ),
			),
			'applications' => array(
				'description' => __( 'Applications with their status history, identified by external_id.', 'recruiting-reports' ),
				'type'        => 'array',
				'maxItems'    => ImportValidator::MAX_APPLICATIONS,
				'items'       => self::application_item( $instant ),
			),
		);
		foreach ( $args as $name => $arg ) {
			$args[ $name ] = $arg + array(
				'validate_callback' => null,
				'sanitize_callback' => null,
			);
		}
		return $args;
	}

	/**
	 * An imported job's schema.
	 *
	 * @param array $instant The schema of a date-time.
	 */
	private static function job_item( array $instant ): array {
		return array(
			'type'       => 'object',
			'required'   => array( 'external_id', 'title' ),
			'properties' => array(
				'external_id'     => array( 'type' => 'string' ),
				'title'           => array( 'type' => 'string' ),
				'description'     => array( 'type' => 'string' ),
				'status'          => array(
					'type' => 'string',
					'enum' => array( 'draft', 'publish', 'closed' ),
				),
				'department'      => array( 'type' => 'string' ),
				'location'        => array( 'type' => 'string' ),
				'employment_type' => array( 'type' => 'string' ),
				'created_at'      => $instant,
			) + JobDetails::schema(),
		);
	}

	/**
	 * An imported application's schema, with its status history.
	 *
	 * @param array $instant The schema of a date-time.
	 */
	private static function application_item( array $instant ): array {
		return array(
			'type'       => 'object',
			'required'   => array( 'external_id', 'candidate', 'applied_at' ),
			'properties' => array(
				'external_id' => array( 'type' => 'string' ),
				'job'         => array(
					'description' => __( 'External id of a job in this or an earlier import.', 'recruiting-reports' ),
					'type'        => 'string',
				),
				'job_id'      => array(
					'description' => __( 'Id of an existing job (instead of job).', 'recruiting-reports' ),
					'type'        => 'integer',
				),
				'candidate'   => array(
					'type'       => 'object',
					'properties' => array(
						'name'  => array( 'type' => 'string' ),
						'email' => array(
							'type'   => 'string',
							'format' => 'email',
						),
						'phone' => array( 'type' => 'string' ),
					),
				),
				'applied_at'  => $instant,
				'history'     => array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'status' => array(
								'type' => 'string',
								'enum' => Pipeline::STATUSES,
							),
							'at'     => $instant,
							'reason' => array(
								'description' => __( 'On an entry to rejected or withdrawn: the id of a reason of that list (retired ones too).', 'recruiting-reports' ),
								'type'        => array( 'string', 'null' ),
							),
						),
					),
				),
			),
		);
	}
}
