<?php
/**
 * POST /careers/beacon: the careers funnel's beacon (Careers\FunnelCounting). Public — it only adds to aggregate
 * counters — and without a nonce, so it works from full-page-cached HTML. `navigator.sendBeacon` sends a form
 * (application/x-www-form-urlencoded, which WordPress parses) or a string (text/plain: JSON or a query string).
 * Beacons that are counted or left out are answered earlier, at the start of `init`, with this route's answer
 * (FunnelCounting::answer_early()); the route answers the refused ones, and any request that did not pass there.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Careers\FunnelCounting;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * The beacon route.
 */
final class CareersBeaconController extends Controller {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'careers/beacon';

	/** Registers POST /careers/beacon. */
	public function register_routes(): void {
		$this->route(
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'count' ),
					// Public: a beacon adds one to aggregate counters and reads nothing (the rules it passes: FunnelCounting).
					'permission_callback' => '__return_true',
					'answer'              => array(
						'status'      => 202,
						'description' => 'Counted: {counted: true}.',
						'also'        => array( 200 => 'Left out, nothing counted: {counted: false, reason: bot, dnt or limit}.' ),
						'errors'      => array(
							400 => 'Refused, nothing counted: an unknown metric, a malformed job, a source over 100 characters or a referrer over 2048 (rest_invalid_param).',
							404 => 'Refused, nothing counted: no published job with that id (resource_not_found).',
						),
					),
					'args'                => array(
						'metric'   => array(
							'description' => __( 'What happened: list_view (the jobs shown in a job list), job_view or form_start.', 'recruiting-reports' ),
							'type'        => 'string',
						),
						'job'      => array(
							'description' => __( 'The job\'s id; for list_view the listed jobs\' ids separated by commas (up to 50).', 'recruiting-reports' ),
							'type'        => 'string',
						),
						'source'   => array(
							'description' => __( 'The utm_source of the page where the visitor entered the site (up to 100 characters).', 'recruiting-reports' ),
							'type'        => 'string',
						),
						'referrer' => array(
							'description' => __( 'The external referrer of that page.', 'recruiting-reports' ),
							'type'        => 'string',
						),
					),
				),
			)
		);
	}

	/**
	 * Counts a beacon: 202 {counted: true}, or 200 {counted: false, reason} when left out (bot, dnt, limit); 400
	 * or 404 when refused.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function count( WP_REST_Request $request ) {
		$result = FunnelCounting::count_beacon( FunnelCounting::fields( $request->get_body_params() ? $request->get_body_params() : ( $request->get_json_params() ?? array() ), (string) $request->get_body() ) );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		[ $status, $body ] = FunnelCounting::answer( $result );
		$response          = new WP_REST_Response( $body, $status );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/** The answer's schema. */
	public function get_item_schema(): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'careers-beacon',
			'type'       => 'object',
			'properties' => array(
				'counted' => array(
					'description' => __( 'Whether the beacon was counted.', 'recruiting-reports' ),
					'type'        => 'boolean',
				),
				'reason'  => array(
					'description' => __( 'Why it was left out: bot, dnt or limit.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => array( 'bot', 'dnt', 'limit' ),
				),
			),
		);
	}
}
