<?php
/**
 * The current user's digest subscription (Read Applications): GET and PUT /digest-subscription (a PUT changes the
 * fields it gives), and POST /digest-subscription/test ("Send me a test now": the latest period's digest queued for
 * the user at once, 202). Nobody reads or changes another user's subscription: there is no user parameter.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Digests\Digests;
use RecruitingReports\Digests\Schedule;
use RecruitingReports\Digests\Subscription;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Reports\ReportRegistry;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * The digest subscription.
 */
final class DigestSubscriptionController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'digest-subscription';

	protected const ITEM_TYPE = 'digest_subscription';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::READ_APPLICATIONS,
		'update' => Capabilities::READ_APPLICATIONS,
		'create' => Capabilities::READ_APPLICATIONS,
	);

	/** Registers /digest-subscription and /digest-subscription/test. */
	public function register_routes(): void {
		$this->route( '/' . $this->rest_base, $this->endpoints( 'read', 'update' ) );
		$this->route(
			'/' . $this->rest_base . '/test',
			array(
				$this->endpoint(
					WP_REST_Server::CREATABLE,
					'send_test',
					'create',
					array(),
					array(
						'status' => 202,
						'schema' => array(
							'type'       => 'object',
							'properties' => array(
								'queued'     => array( 'type' => 'boolean' ),
								'message_id' => array( 'type' => 'integer' ),
							),
						),
					)
				),
			)
		);
	}

	/**
	 * GET /digest-subscription.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->prepare_item_for_response( Subscription::of( Access::user_id() ), $request );
	}

	/**
	 * PUT /digest-subscription.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$changes = array();
		foreach ( array( 'frequency', 'weekday', 'hour', 'reports', 'job_id', 'alert_new_applications', 'alert_stale' ) as $name ) {
			if ( $request->has_param( $name ) ) {
				$changes[ $name ] = $request[ $name ];
			}
		}
		$result = Subscription::update( Access::user_id(), $changes, Schedule::now() );
		return $result instanceof WP_Error ? $result : $this->prepare_item_for_response( $result, $request );
	}

	/**
	 * POST /digest-subscription/test.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function send_test( $request ) {
		$id = Digests::send_test( Access::user_id() );
		if ( $id instanceof WP_Error ) {
			return $id;
		}
		return new WP_REST_Response(
			array(
				'queued'     => true,
				'message_id' => $id,
			),
			202
		);
	}

	/**
	 * The subscription as the API shows it.
	 *
	 * @param array           $item    Subscription::of().
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		return array(
			'frequency'              => $item['frequency'],
			'weekday'                => $item['weekday'],
			'hour'                   => $item['hour'],
			'reports'                => $item['reports'],
			'job_id'                 => $item['job_id'],
			'alert_new_applications' => $item['alert_new_applications'],
			'alert_stale'            => $item['alert_stale'],
			'timezone'               => wp_timezone_string(),
			'next_digest_at'         => Iso8601::format( Schedule::next( $item, Schedule::now() ) ),
		);
	}

	/**
	 * None: one object per user.
	 *
	 * @param array $item Subscription.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		return array();
	}

	/**
	 * The subscription's schema.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		$context = array( 'context' => self::OWN_CONTEXTS );
		return array(
			'frequency'              => array(
				'description' => __( 'How often the digest is sent; off: none.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => Subscription::FREQUENCIES,
			) + $context,
			'weekday'                => array(
				'description' => __( 'Weekly digests: the ISO weekday, 1 (Monday) to 7 (Sunday).', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 7,
			) + $context,
			'hour'                   => array(
				'description' => __( 'The hour the digest is due, 0 to 23, in the site\'s timezone.', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 23,
			) + $context,
			'reports'                => array(
				'description' => __( 'The reports whose headline figures the digest shows.', 'recruiting-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type' => 'string',
					'enum' => ReportRegistry::names(),
				),
				'minItems'    => 1,
			) + $context,
			'job_id'                 => array(
				'description' => __( 'Only this job (null: all jobs).', 'recruiting-reports' ),
				'type'        => array( 'integer', 'null' ),
				'minimum'     => 1,
			) + $context,
			'alert_new_applications' => array(
				'description' => __( 'Whether new applications for jobs whose contact e-mail is the user\'s are e-mailed (at most every 5 minutes).', 'recruiting-reports' ),
				'type'        => 'boolean',
			) + $context,
			'alert_stale'            => array(
				'description' => __( 'Whether the number of stale candidates (setting stale_days) is e-mailed daily at the hour, when there are any.', 'recruiting-reports' ),
				'type'        => 'boolean',
			) + $context,
			'timezone'               => array(
				'description' => __( 'The site\'s timezone, which the hour is in.', 'recruiting-reports' ),
				'type'        => 'string',
				'readonly'    => true,
			) + $context,
			'next_digest_at'         => self::readonly_instant( __( 'When the next digest is due (null: off).', 'recruiting-reports' ), true ),
		);
	}
}
