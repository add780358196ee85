<?php
/**
 * The retention rules over REST (Settings permission): GET|PUT /retention, GET /retention/preview and
 * GET /retention/log.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Privacy\Retention;
use RecruitingReports\Privacy\RetentionRules;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * Retention rules, their preview and the log of runs.
 */
final class RetentionController extends Controller {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'retention';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::MANAGE_SETTINGS,
		'update' => Capabilities::MANAGE_SETTINGS,
	);

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$rules_arg = array(
			'rules' => array(
				'description' => __( 'Rules to change: hired, rejected, withdrawn, open, each {action: off|anonymise|delete, months: 1–120}.', 'recruiting-reports' ),
				'type'        => 'object',
				'required'    => true,
			),
		);
		$this->route(
			'/' . $this->rest_base,
			array(
				$this->endpoint( WP_REST_Server::READABLE, 'get_item', 'read' ),
				$this->endpoint( WP_REST_Server::EDITABLE, 'update_item', 'update', $rules_arg ),
			)
		);
		$this->route( '/' . $this->rest_base . '/preview', array( $this->endpoint( WP_REST_Server::READABLE, 'preview', 'read' ) ) );
		$this->route(
			'/' . $this->rest_base . '/log',
			array(
				$this->endpoint(
					WP_REST_Server::READABLE,
					'log',
					'read',
					array(),
					array(
						'schema' => array(
							'description' => __( 'The last retention runs, newest first.', 'recruiting-reports' ),
							'type'        => 'array',
							'items'       => array( 'type' => 'object' ),
						),
					)
				),
			)
		);
	}

	/**
	 * GET /retention: the rules, the months the screen suggests, the next scheduled run.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		unset( $request );
		return new WP_REST_Response( self::rules_response( RetentionRules::all() ), 200 );
	}

	/**
	 * PUT /retention: changes the rules given.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		$rules = RetentionRules::update( $request['rules'] );
		return is_wp_error( $rules ) ? $rules : new WP_REST_Response( self::rules_response( $rules ), 200 );
	}

	/**
	 * GET /retention/preview: what a run now would do, per rule that is on (counts, and the GET /applications
	 * filters that list those applications).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function preview( $request ) {
		unset( $request );
		$now   = time();
		$rules = Retention::preview( $now );
		return new WP_REST_Response(
			array(
				'at'    => Iso8601::format( $now ),
				'rules' => (object) $rules,
				'total' => array_sum( array_column( $rules, 'applications' ) ),
			),
			200
		);
	}

	/**
	 * GET /retention/log: the last runs, newest first (counts only).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function log( $request ) {
		unset( $request );
		return new WP_REST_Response( Retention::log_entries(), 200 );
	}

	/**
	 * The rules with what the screen needs around them.
	 *
	 * @param array $rules RetentionRules::all().
	 * @return array
	 */
	private static function rules_response( array $rules ): array {
		$next = wp_next_scheduled( Retention::CRON_HOOK );
		return array(
			'rules'            => $rules,
			'suggested_months' => RetentionRules::SUGGESTED_MONTHS,
			'next_run_at'      => $next ? Iso8601::format( (int) $next ) : null,
			'has_run'          => array() !== Retention::log_entries(),
		);
	}

	/**
	 * The routes' schema (OPTIONS).
	 *
	 * @return array
	 */
	public function get_item_schema(): array {
		$rule = array(
			'type'       => 'object',
			'properties' => array(
				'action' => array(
					'type' => 'string',
					'enum' => RetentionRules::ACTIONS,
				),
				'months' => array(
					'type'    => 'integer',
					'minimum' => 1,
					'maximum' => RetentionRules::MAX_MONTHS,
				),
			),
		);
		return $this->add_additional_fields_schema(
			array(
				'$schema'    => 'http://json-schema.org/draft-04/schema#',
				'title'      => 'recruiting-retention',
				'type'       => 'object',
				'properties' => array(
					'rules'            => array(
						'type'       => 'object',
						'properties' => array_fill_keys( RetentionRules::RULES, $rule ),
					),
					'suggested_months' => array(
						'type'  => 'array',
						'items' => array( 'type' => 'integer' ),
					),
					'next_run_at'      => array(
						'type'   => array( 'string', 'null' ),
						'format' => 'date-time',
					),
					'has_run'          => array( 'type' => 'boolean' ),
				),
			)
		);
	}
}
