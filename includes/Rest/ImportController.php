<?php
/**
 * POST /recruiting/v1/import — jobs and applications with their full history (SPEC §5).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\Capabilities;
use RecruitingReports\Import\Importer;
use RecruitingReports\Domain\Pipeline;
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
		$this->route(
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => $this->permission( 'create' ),
					// The body is validated as a whole by ImportValidator so that every problem is listed,
					// not just the first one WordPress's argument validation would stop at.
					'args'                => array(),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
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
	 * The schema of the import body.
	 *
	 * @return array
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$instant      = array(
			'type'   => 'string',
			'format' => 'date-time',
		);
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-import',
			'type'       => 'object',
			'properties' => array(
				'jobs'         => array(
					'description' => __( 'Jobs to create or update, identified by external_id.', 'recruiting-reports' ),
					'type'        => 'array',
					'maxItems'    => ImportValidator::MAX_JOBS,
					'context'     => array( 'edit' ),
					'items'       => array(
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
						),
					),
				),
				'applications' => array(
					'description' => __( 'Applications with their status history, identified by external_id.', 'recruiting-reports' ),
					'type'        => 'array',
					'maxItems'    => ImportValidator::MAX_APPLICATIONS,
					'context'     => array( 'edit' ),
					'items'       => array(
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
									),
								),
							),
						),
					),
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
