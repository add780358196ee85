<?php
/**
 * Ratings: GET|PUT|DELETE /recruiting/v1/applications/{id}/rating — one score (1–5) per user and application;
 * the application shows the average. A key-authenticated request rates as the key's owner.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Data\RatingRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * Ratings.
 */
final class RatingsController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'rating';

	protected const ITEM_TYPE = 'rating';

	protected const DELETE_SHAPE = 'item';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::READ_APPLICATIONS,
		'update' => Capabilities::WRITE_APPLICATIONS,
		'delete' => Capabilities::WRITE_APPLICATIONS,
	);

	/**
	 * Registers /applications/{id}/rating.
	 */
	public function register_routes(): void {
		$this->route(
			'/applications/' . self::ID . '/rating',
			array(
				...$this->endpoints( 'read' ),
				$this->endpoint(
					WP_REST_Server::EDITABLE,
					'update_item',
					'update',
					array(
						'score' => array(
							'description' => __( 'Your score for the application, 1 to 5.', 'recruiting-reports' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => 5,
							'required'    => true,
						),
					)
				),
				...$this->endpoints( 'delete' ),
			),
			self::id_arg( __( 'Application id.', 'recruiting-reports' ) )
		);
	}

	/**
	 * Route callback: get_item.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|\WP_Error
	 */
	public function get_item( $request ) {
		return $this->summary_after( $request );
	}

	/**
	 * Sets the acting user's score (insert or update; the unique key (application_id, user_id) keeps one per user).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		return $this->summary_after( $request, static fn( int $application_id ) => RatingRepository::set( $application_id, Access::user_id(), (int) $request['score'] ) );
	}

	/**
	 * Removes the acting user's score (idempotent).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|\WP_Error
	 */
	public function delete_item( $request ) {
		return $this->summary_after(
			$request,
			static function ( int $application_id ): bool {
				RatingRepository::remove( $application_id, Access::user_id() );
				return true;
			}
		);
	}

	/**
	 * The rating summary of the request's application, after a change to its ratings: 404 without the
	 * application, 500 when the change fails.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param callable|null   $change  Gets the application id, returns whether the change was made.
	 * @return WP_REST_Response|\WP_Error
	 */
	private function summary_after( WP_REST_Request $request, ?callable $change = null ) {
		$application = ApplicationRepository::find( (int) $request['id'] );
		if ( ! $application ) {
			return ApplicationsController::application_not_found();
		}
		if ( $change && ! $change( (int) $application['id'] ) ) {
			return self::internal_error();
		}
		return $this->prepare_item_for_response( $application, $request );
	}

	/**
	 * Average, count, the acting user's score and every rating of an application.
	 *
	 * @param array           $item    Row of the applications table.
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		return self::summary( (int) $item['id'] );
	}

	/**
	 * Self and the application (embeddable).
	 *
	 * @param array $item Row of the applications table.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		$application = 'applications/' . (int) $item['id'];
		return array(
			'self'        => array( 'href' => self::url( $application . '/rating' ) ),
			'application' => array(
				'href'       => self::url( $application ),
				'embeddable' => true,
			),
		);
	}

	/**
	 * The rating summary of an application.
	 *
	 * @param int $application_id Application id.
	 * @return array
	 */
	private static function summary( int $application_id ): array {
		$rows = RatingRepository::for_application( $application_id );
		Presenter::prime_users( array_map( static fn( $row ) => (int) $row['user_id'], $rows ) );
		$aggregate = RatingRepository::aggregates( array( $application_id ) )[ $application_id ];
		$mine      = null;
		$ratings   = array();
		foreach ( $rows as $row ) {
			if ( Access::user_id() === (int) $row['user_id'] ) {
				$mine = (int) $row['score'];
			}
			$ratings[] = array(
				'user'       => Presenter::user( (int) $row['user_id'] ),
				'score'      => (int) $row['score'],
				'updated_at' => Iso8601::format( (int) $row['updated_at'] ),
			);
		}
		return array(
			'application_id' => $application_id,
			'average'        => $aggregate['average'],
			'count'          => $aggregate['count'],
			'your_score'     => $mine,
			'ratings'        => $ratings,
		);
	}

	/**
	 * The rating summary schema's properties.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		return array(
			'application_id' => array(
				'type'     => 'integer',
				'readonly' => true,
				'context'  => self::ALL_CONTEXTS,
			),
			'average'        => array(
				'description' => __( 'Average score (2 decimals), null without ratings.', 'recruiting-reports' ),
				'type'        => array( 'number', 'null' ),
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'count'          => array(
				'type'     => 'integer',
				'readonly' => true,
				'context'  => self::ALL_CONTEXTS,
			),
			'your_score'     => array(
				'description' => __( 'The acting user\'s score (the key owner\'s for an API key), null when none.', 'recruiting-reports' ),
				'type'        => array( 'integer', 'null' ),
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'score'          => array(
				'description' => __( 'Your score, 1 to 5 (PUT).', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 5,
				'context'     => array( 'edit' ),
			),
			'ratings'        => array(
				'description' => __( 'Every rating, newest first.', 'recruiting-reports' ),
				'type'        => 'array',
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
				'items'       => array(
					'type'       => 'object',
					'properties' => array(
						'user'       => array( 'type' => array( 'object', 'null' ) ),
						'score'      => array( 'type' => 'integer' ),
						'updated_at' => array(
							'type'   => 'string',
							'format' => 'date-time',
						),
					),
				),
			),
		);
	}
}
