<?php
/**
 * Jobs are a custom post type with the statuses draft, publish ("active") and closed.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * Jobs are a custom post type with the statuses draft, publish ("active") and closed.
 */
final class JobPostType {

	public const POST_TYPE = 'recruiting_job';

	public const STATUSES = array( 'draft', 'publish', 'closed' );

	/**
	 * WordPress leaves post_date_gmt empty on drafts; jobs always keep their creation instant because
	 * the reports count jobs created in a period by it (also for jobs added in the classic admin screen).
	 *
	 * @param array $data Data.
	 */
	public static function keep_creation_date( array $data ): array {
		if ( self::POST_TYPE === ( $data['post_type'] ?? '' ) && '0000-00-00 00:00:00' === ( $data['post_date_gmt'] ?? '' ) ) {
			$data['post_date_gmt'] = get_gmt_from_date( $data['post_date'] );
		}
		return $data;
	}

	/**
	 * Registers the job post type and the Closed status.
	 *
	 * @param string $base The job pages' base (the setting jobs_base).
	 */
	public static function register( string $base = 'jobs' ): void {
		register_post_type(
			self::POST_TYPE,
			array(
				// Every label of the post type, so no screen falls back to core's "Posts" wording.
				'labels'          => self::labels(),
				// Published jobs have pages (/jobs/ and /jobs/<slug>/, the base a setting) and are in core's sitemap;
				// drafts stay private. Careers\JobPages decides what a job's page says (docs/careers.md).
				'public'          => true,
				'has_archive'     => true,
				'rewrite'         => array(
					'slug'       => $base,
					'with_front' => false,
					'feeds'      => false,
				),
				'show_ui'         => true,
				'show_in_menu'    => 'recruiting-reports',
				// Our own REST routes (recruiting/v1/jobs) are the API; core's would bypass our permissions.
				// Without core's routes the block editor cannot load a job, so jobs are edited on the classic
				// screen, whose status box Admin\JobsScreen replaces (docs/ui.md, "Jobs").
				'show_in_rest'    => false,
				'supports'        => array( 'title', 'editor' ),
				'capability_type' => 'recruiting_job',
				'map_meta_cap'    => false,
				'capabilities'    => self::capabilities(),
			)
		);

		register_post_status(
			'closed',
			array(
				'label'                     => _x( 'Closed', 'job status', 'recruiting-reports' ),
				// A closed job's page stays, saying it takes no applications; lists and the sitemap show only open jobs.
				'public'                    => true,
				'internal'                  => false,
				'protected'                 => true,
				'show_in_admin_all_list'    => true,
				'show_in_admin_status_list' => true,
				/* translators: %s: number of closed jobs. */
				'label_count'               => _n_noop( 'Closed <span class="count">(%s)</span>', 'Closed <span class="count">(%s)</span>', 'recruiting-reports' ),
			)
		);
	}

	/** The post type's labels. */
	private static function labels(): array {
		return array(
			'name'                     => __( 'Jobs', 'recruiting-reports' ),
			'singular_name'            => __( 'Job', 'recruiting-reports' ),
			'add_new'                  => __( 'Add New Job', 'recruiting-reports' ),
			'add_new_item'             => __( 'Add New Job', 'recruiting-reports' ),
			'edit_item'                => __( 'Edit Job', 'recruiting-reports' ),
			'new_item'                 => __( 'New Job', 'recruiting-reports' ),
			'view_item'                => __( 'View Job', 'recruiting-reports' ),
			'view_items'               => __( 'View Jobs', 'recruiting-reports' ),
			'search_items'             => __( 'Search Jobs', 'recruiting-reports' ),
			'not_found'                => __( 'No jobs found.', 'recruiting-reports' ),
			'not_found_in_trash'       => __( 'No jobs found in Trash.', 'recruiting-reports' ),
			'all_items'                => __( 'Jobs', 'recruiting-reports' ),
			'archives'                 => __( 'Job Archives', 'recruiting-reports' ),
			'attributes'               => __( 'Job Attributes', 'recruiting-reports' ),
			'insert_into_item'         => __( 'Insert into job', 'recruiting-reports' ),
			'uploaded_to_this_item'    => __( 'Uploaded to this job', 'recruiting-reports' ),
			'filter_items_list'        => __( 'Filter jobs list', 'recruiting-reports' ),
			'items_list_navigation'    => __( 'Jobs list navigation', 'recruiting-reports' ),
			'items_list'               => __( 'Jobs list', 'recruiting-reports' ),
			'item_published'           => __( 'Job published.', 'recruiting-reports' ),
			'item_reverted_to_draft'   => __( 'Job reverted to draft.', 'recruiting-reports' ),
			'item_updated'             => __( 'Job updated.', 'recruiting-reports' ),
			'item_link'                => __( 'Job Link', 'recruiting-reports' ),
			'item_link_description'    => __( 'A link to a job.', 'recruiting-reports' ),
			'menu_name'                => __( 'Jobs', 'recruiting-reports' ),
			'name_admin_bar'           => __( 'Job', 'recruiting-reports' ),
			'item_scheduled'           => __( 'Job scheduled.', 'recruiting-reports' ),
			'item_published_privately' => __( 'Job published privately.', 'recruiting-reports' ),
		);
	}

	/** Every capability of the post type, mapped to the plugin's own (docs/api.md#permissions): reading jobs or writing them. */
	private static function capabilities(): array {
		return array(
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
		);
	}
}
