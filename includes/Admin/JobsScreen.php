<?php
/**
 * The Jobs screens of wp-admin (the post type's classic list and edit screens): a status box offering the
 * three job statuses (core's box knows only Draft and Pending for a custom status and re-publishes a Closed
 * job on save), Closed in Quick Edit and Bulk Edit, columns for status, applications and hires, row actions
 * to the job's applications and report, and the "Job updated." messages.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Careers\JobSummary;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\JobPostType;
use WP_Post;

defined( 'ABSPATH' ) || exit;

/**
 * Hooks of the Jobs list and edit screens.
 */
final class JobsScreen {

	/**
	 * Application counts of the jobs listed on this screen.
	 *
	 * @var array<int,array<string,int>>|null
	 */
	private static ?array $counts = null;

	/** Hooks the Jobs screens. */
	public static function register(): void {
		$type = JobPostType::POST_TYPE;
		add_action( 'add_meta_boxes_' . $type, array( self::class, 'replace_status_box' ) );
		add_filter( "manage_{$type}_posts_columns", array( self::class, 'columns' ) );
		add_action( "manage_{$type}_posts_custom_column", array( self::class, 'column' ), 10, 2 );
		add_filter( 'post_row_actions', array( self::class, 'row_actions' ), 10, 2 );
		add_filter( 'post_updated_messages', array( self::class, 'updated_messages' ) );
		add_filter( 'bulk_post_updated_messages', array( self::class, 'bulk_messages' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( self::class, 'quick_edit_statuses' ) );
	}

	/**
	 * Labels of the job statuses, as the API names them.
	 *
	 * @return array<string,string> status => label
	 */
	public static function status_labels(): array {
		return array(
			'draft'   => __( 'Draft', 'recruiting-reports' ),
			'publish' => __( 'Published', 'recruiting-reports' ),
			'closed'  => _x( 'Closed', 'job status', 'recruiting-reports' ),
		);
	}

	/** Swaps core's Publish box for one that offers exactly the job statuses. */
	public static function replace_status_box(): void {
		remove_meta_box( 'submitdiv', JobPostType::POST_TYPE, 'side' );
		add_meta_box( 'submitdiv', __( 'Status', 'recruiting-reports' ), array( self::class, 'render_status_box' ), JobPostType::POST_TYPE, 'side', 'high' );
	}

	/**
	 * The status box: a status select and one Save button. The button is named "save" (not "publish"),
	 * so WordPress stores the selected status instead of forcing "publish".
	 *
	 * @param WP_Post $post The job being edited.
	 */
	public static function render_status_box( WP_Post $post ): void {
		$current = in_array( $post->post_status, JobPostType::STATUSES, true ) ? $post->post_status : 'draft';
		echo '<div class="submitbox" id="submitpost"><div id="minor-publishing"><div class="misc-pub-section">';
		echo '<label for="recruiting-job-status">' . esc_html__( 'Job status', 'recruiting-reports' ) . '</label><br />';
		echo '<select id="recruiting-job-status" name="post_status" aria-describedby="recruiting-job-status-help">';
		foreach ( self::status_labels() as $status => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $status ), selected( $current, $status, false ), esc_html( $label ) );
		}
		echo '</select>';
		echo '<p class="description" id="recruiting-job-status-help">' . esc_html__( 'Only published jobs accept applications. Closing a job keeps its applications and reports; it can be re-opened at any time.', 'recruiting-reports' ) . '</p>';
		echo '</div></div><div id="major-publishing-actions">';
		if ( 'auto-draft' !== $post->post_status && current_user_can( 'delete_post', $post->ID ) ) {
			printf( '<div id="delete-action"><a class="submitdelete deletion" href="%s">%s</a></div>', esc_url( (string) get_delete_post_link( $post->ID ) ), esc_html__( 'Move to Trash', 'recruiting-reports' ) );
		}
		echo '<div id="publishing-action"><span class="spinner"></span>';
		submit_button( __( 'Save Job', 'recruiting-reports' ), 'primary large', 'save', false, array( 'id' => 'publish' ) );
		echo '</div><div class="clear"></div></div></div>';
	}

	/**
	 * Adds status, location, employment type, closing date, applications and hires after the title.
	 *
	 * @param array<string,string> $columns Columns of the list.
	 * @return array<string,string>
	 */
	public static function columns( array $columns ): array {
		$out = array();
		foreach ( $columns as $key => $label ) {
			$out[ $key ] = $label;
			if ( 'title' === $key ) {
				$out['recruiting_status']          = __( 'Status', 'recruiting-reports' );
				$out['recruiting_location']        = __( 'Location', 'recruiting-reports' );
				$out['recruiting_employment_type'] = __( 'Type', 'recruiting-reports' );
				$out['recruiting_valid_through']   = __( 'Apply by', 'recruiting-reports' );
				if ( current_user_can( Capabilities::READ_APPLICATIONS ) ) {
					$out['recruiting_applications'] = __( 'Applications', 'recruiting-reports' );
					$out['recruiting_hires']        = __( 'Hires', 'recruiting-reports' );
				}
			}
		}
		return $out;
	}

	/**
	 * Prints one of our columns.
	 *
	 * @param string $column  Column key.
	 * @param int    $post_id Job id.
	 */
	public static function column( $column, $post_id ): void {
		$post_id = (int) $post_id;
		if ( 'recruiting_status' === $column ) {
			$status = (string) get_post_status( $post_id );
			$object = get_post_status_object( $status );
			echo esc_html( self::status_labels()[ $status ] ?? ( $object ? $object->label : $status ) );
			return;
		}
		if ( in_array( $column, array( 'recruiting_location', 'recruiting_employment_type', 'recruiting_valid_through' ), true ) ) {
			echo esc_html( self::detail( $column, $post_id ) );
			return;
		}
		if ( 'recruiting_applications' !== $column && 'recruiting_hires' !== $column ) {
			return;
		}
		$counts = self::counts( $post_id );
		if ( 'recruiting_applications' === $column ) {
			$count = array_sum( $counts );
			/* translators: 1: number of applications, 2: job title. */
			$label = sprintf( _n( '%1$s application to %2$s', '%1$s applications to %2$s', $count, 'recruiting-reports' ), number_format_i18n( $count ), get_the_title( $post_id ) );
			$url   = Menu::applications_url( array( 'job_id' => $post_id ) );
		} else {
			$count = (int) ( $counts['hired'] ?? 0 );
			/* translators: 1: number of hires, 2: job title. */
			$label = sprintf( _n( '%1$s hire for %2$s', '%1$s hires for %2$s', $count, 'recruiting-reports' ), number_format_i18n( $count ), get_the_title( $post_id ) );
			$url   = Menu::applications_url(
				array(
					'job_id' => $post_id,
					'status' => 'hired',
				)
			);
		}
		printf( '<a href="%s" aria-label="%s">%s</a>', esc_url( $url ), esc_attr( $label ), esc_html( number_format_i18n( $count ) ) );
	}

	/**
	 * The text of a details column: where (JobSummary::place), the employment type's label, the closing date.
	 *
	 * @param string $column  Column key.
	 * @param int    $post_id Job id.
	 */
	private static function detail( string $column, int $post_id ): string {
		$post    = get_post( $post_id );
		$details = JobRepository::details( $post_id );
		if ( 'recruiting_location' === $column ) {
			return $post ? JobSummary::place( $post, $details ) : '';
		}
		if ( 'recruiting_employment_type' === $column ) {
			return JobSummary::employment_type_label( (string) get_post_meta( $post_id, JobRepository::META['employment_type'], true ) );
		}
		return null === $details['valid_through'] ? '—' : wp_date( (string) get_option( 'date_format' ), $details['valid_through'] );
	}

	/**
	 * Status counts of one listed job; the counts of every job on the page are read in one query.
	 *
	 * @param int $post_id Job id.
	 * @return array<string,int>
	 */
	private static function counts( int $post_id ): array {
		if ( null === self::$counts || ! isset( self::$counts[ $post_id ] ) ) {
			global $wp_query;
			$ids          = ( $wp_query && is_array( $wp_query->posts ) ) ? wp_list_pluck( $wp_query->posts, 'ID' ) : array();
			$ids[]        = $post_id;
			self::$counts = ApplicationRepository::counts_by_job( $ids );
		}
		return self::$counts[ $post_id ];
	}

	/**
	 * "Applications" and "Report" for each job, for users who may read them.
	 *
	 * @param array<string,string> $actions Row actions.
	 * @param WP_Post              $post    The row's post.
	 * @return array<string,string>
	 */
	public static function row_actions( $actions, $post ) {
		if ( ! $post instanceof WP_Post || JobPostType::POST_TYPE !== $post->post_type || 'trash' === $post->post_status || ! current_user_can( Capabilities::READ_APPLICATIONS ) ) {
			return $actions;
		}
		$title                              = get_the_title( $post );
		$actions['recruiting_applications'] = sprintf(
			'<a href="%s" aria-label="%s">%s</a>',
			esc_url( Menu::applications_url( array( 'job_id' => $post->ID ) ) ),
			/* translators: %s: job title. */
			esc_attr( sprintf( __( 'Applications to “%s”', 'recruiting-reports' ), $title ) ),
			esc_html__( 'Applications', 'recruiting-reports' )
		);
		$actions['recruiting_report'] = sprintf(
			'<a href="%s" aria-label="%s">%s</a>',
			esc_url( add_query_arg( 'job_id', $post->ID, admin_url( 'admin.php?page=' . Menu::REPORTS_SLUG ) ) ),
			/* translators: %s: job title. */
			esc_attr( sprintf( __( 'Report of “%s”', 'recruiting-reports' ), $title ) ),
			esc_html__( 'Report', 'recruiting-reports' )
		);
		return $actions;
	}

	/**
	 * Adds Closed to the status selects of Quick Edit and Bulk Edit (core prints them without a filter).
	 *
	 * @param string $hook_suffix Admin page.
	 */
	public static function quick_edit_statuses( $hook_suffix ): void {
		$screen = get_current_screen();
		if ( 'edit.php' !== $hook_suffix || ! $screen || JobPostType::POST_TYPE !== $screen->post_type ) {
			return;
		}
		$script = sprintf(
			'document.querySelectorAll( \'select[name="_status"]\' ).forEach( function ( select ) { var option = document.createElement( "option" ); option.value = "closed"; option.textContent = %s; select.appendChild( option ); } );',
			wp_json_encode( _x( 'Closed', 'job status', 'recruiting-reports' ) )
		);
		wp_add_inline_script( 'inline-edit-post', $script );
	}

	/**
	 * "Job updated." and the other single-job messages.
	 *
	 * @param array<string,array<int,string>> $messages Messages by post type.
	 * @return array<string,array<int,string>>
	 */
	public static function updated_messages( $messages ) {
		$updated                            = __( 'Job updated.', 'recruiting-reports' );
		$messages[ JobPostType::POST_TYPE ] = array(
			0  => '',
			1  => $updated,
			2  => $updated,
			3  => $updated,
			4  => $updated,
			5  => __( 'Job restored from a revision.', 'recruiting-reports' ),
			6  => __( 'Job published.', 'recruiting-reports' ),
			7  => __( 'Job saved.', 'recruiting-reports' ),
			8  => __( 'Job submitted.', 'recruiting-reports' ),
			9  => __( 'Job scheduled.', 'recruiting-reports' ),
			10 => __( 'Job draft updated.', 'recruiting-reports' ),
		);
		return $messages;
	}

	/**
	 * "3 jobs updated." and the other bulk messages.
	 *
	 * @param array<string,array<string,string>> $messages Messages by post type.
	 * @param array<string,int>                  $counts   Counts by action.
	 * @return array<string,array<string,string>>
	 */
	public static function bulk_messages( $messages, $counts ) {
		$messages[ JobPostType::POST_TYPE ] = array(
			/* translators: %s: number of jobs. */
			'updated'   => _n( '%s job updated.', '%s jobs updated.', (int) $counts['updated'], 'recruiting-reports' ),
			/* translators: %s: number of jobs. */
			'locked'    => _n( '%s job not updated, somebody is editing it.', '%s jobs not updated, somebody is editing them.', (int) $counts['locked'], 'recruiting-reports' ),
			/* translators: %s: number of jobs. */
			'deleted'   => _n( '%s job permanently deleted.', '%s jobs permanently deleted.', (int) $counts['deleted'], 'recruiting-reports' ),
			/* translators: %s: number of jobs. */
			'trashed'   => _n( '%s job moved to the Trash.', '%s jobs moved to the Trash.', (int) $counts['trashed'], 'recruiting-reports' ),
			/* translators: %s: number of jobs. */
			'untrashed' => _n( '%s job restored from the Trash.', '%s jobs restored from the Trash.', (int) $counts['untrashed'], 'recruiting-reports' ),
		);
		return $messages;
	}
}
