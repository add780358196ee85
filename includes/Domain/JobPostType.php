<?php
/**
 * Jobs are a custom post type with the statuses draft, publish ("active") and closed.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

use RecruitingReports\Data\Capabilities;

defined( 'ABSPATH' ) || exit;

final class JobPostType {

	public const POST_TYPE = 'recruiting_job';

	public const STATUSES = array( 'draft', 'publish', 'closed' );

	/**
	 * WordPress leaves post_date_gmt empty on drafts; jobs always keep their creation instant because
	 * the reports count jobs created in a period by it (also for jobs added in the classic admin screen).
	 */
	public static function keep_creation_date( array $data ): array {
		if ( self::POST_TYPE === ( $data['post_type'] ?? '' ) && '0000-00-00 00:00:00' === ( $data['post_date_gmt'] ?? '' ) ) {
			$data['post_date_gmt'] = get_gmt_from_date( $data['post_date'] );
		}
		return $data;
	}

	public static function register(): void {
		register_post_type(
			self::POST_TYPE,
			array(
				'labels'          => array(
					'name'          => __( 'Jobs', 'recruiting-reports' ),
					'singular_name' => __( 'Job', 'recruiting-reports' ),
					'add_new_item'  => __( 'Add New Job', 'recruiting-reports' ),
					'edit_item'     => __( 'Edit Job', 'recruiting-reports' ),
					'all_items'     => __( 'Jobs', 'recruiting-reports' ),
				),
				'public'          => false,
				'show_ui'         => true,
				'show_in_menu'    => 'recruiting-reports',
				// Our own REST routes (recruiting/v1/jobs) are the API; core's would bypass our permissions.
				'show_in_rest'    => false,
				'supports'        => array( 'title', 'editor' ),
				'capability_type' => 'recruiting_job',
				'map_meta_cap'    => false,
				'capabilities'    => array(
					'read'                   => Capabilities::READ_JOBS,
					'read_post'              => Capabilities::READ_JOBS,
					'read_private_posts'     => Capabilities::READ_JOBS,
					'edit_post'              => Capabilities::WRITE_JOBS,
					'edit_posts'             => Capabilities::WRITE_JOBS,
					'edit_others_posts'      => Capabilities::WRITE_JOBS,
					'edit_published_posts'   => Capabilities::WRITE_JOBS,
					'edit_private_posts'     => Capabilities::WRITE_JOBS,
					'publish_posts'          => Capabilities::WRITE_JOBS,
					'delete_post'            => Capabilities::WRITE_JOBS,
					'delete_posts'           => Capabilities::WRITE_JOBS,
					'delete_others_posts'    => Capabilities::WRITE_JOBS,
					'delete_published_posts' => Capabilities::WRITE_JOBS,
					'delete_private_posts'   => Capabilities::WRITE_JOBS,
					'create_posts'           => Capabilities::WRITE_JOBS,
				),
			)
		);

		register_post_status(
			'closed',
			array(
				'label'                     => _x( 'Closed', 'job status', 'recruiting-reports' ),
				'public'                    => false,
				'internal'                  => false,
				'protected'                 => true,
				'show_in_admin_all_list'    => true,
				'show_in_admin_status_list' => true,
				/* translators: %s: number of closed jobs. */
				'label_count'               => _n_noop( 'Closed <span class="count">(%s)</span>', 'Closed <span class="count">(%s)</span>', 'recruiting-reports' ),
			)
		);
	}
}
