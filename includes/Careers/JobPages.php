<?php
/**
 * The public job pages: the post type under the base the settings name (rewrite rules rebuilt once whenever that
 * base changes, also after activation and updates), the archive listing only open jobs, and what a job's page adds
 * to its description — a notice when it takes no applications and its details after the description (every theme,
 * block or classic, shows the post content), and on classic themes the apply form after them.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\JobPostType;
use WP_Post;
use WP_Query;

defined( 'ABSPATH' ) || exit;

/**
 * Public job pages.
 */
final class JobPages {

	/** The base the current rewrite rules were built with. */
	public const RULES_BASE_OPTION = 'recruiting_reports_rules_base';

	/** Hooks the job pages. */
	public static function register(): void {
		// After every plugin registered its rewrite rules on init.
		add_action( 'init', array( self::class, 'refresh_rewrite_rules' ), 99 );
		add_action( 'pre_get_posts', array( self::class, 'only_open_jobs_in_archive' ) );
		add_filter( 'the_content', array( self::class, 'content' ) );
		add_action( 'wp_enqueue_scripts', array( self::class, 'enqueue_style' ) );
	}

	/** A job's page uses the job list block's stylesheet, which styles the details too. */
	public static function enqueue_style(): void {
		if ( is_singular( JobPostType::POST_TYPE ) ) {
			wp_enqueue_style( 'recruiting-reports-job-list-style' );
			wp_enqueue_style( 'recruiting-reports-apply-form-style' );
		}
	}

	/** Registers the job post type under the base the settings name. */
	public static function register_post_type(): void {
		JobPostType::register( self::base() );
	}

	/**
	 * The job pages' base (/jobs/ unless the setting says otherwise).
	 */
	public static function base(): string {
		return (string) Settings::get( 'jobs_base' );
	}

	/**
	 * Rebuilds the rewrite rules once when the base they were built with is not the current one: after activation
	 * (nothing recorded), after an update that brought the job pages, and on the first request after the setting
	 * changed. Other requests read one autoloaded option.
	 */
	public static function refresh_rewrite_rules(): void {
		if ( get_option( self::RULES_BASE_OPTION ) !== self::base() ) {
			flush_rewrite_rules( false );
			update_option( self::RULES_BASE_OPTION, self::base(), true );
		}
	}

	/**
	 * Deactivation: WordPress rebuilds the rules on the next request, without the job pages; after a reactivation
	 * the next request rebuilds them with the job pages again.
	 */
	public static function deactivate(): void {
		delete_option( 'rewrite_rules' );
	}

	/**
	 * The /jobs/ archive lists published jobs only (a closed job's page stays, but it is no longer advertised).
	 *
	 * @param WP_Query $query Query.
	 */
	public static function only_open_jobs_in_archive( $query ): void {
		if ( ! is_admin() && $query instanceof WP_Query && $query->is_main_query() && $query->is_post_type_archive( JobPostType::POST_TYPE ) ) {
			$query->set( 'post_status', 'publish' );
		}
	}

	/**
	 * A job page's content: the notice of a job that takes no applications, the description, then the details.
	 *
	 * @param string $content The post content, filtered so far.
	 * @return string
	 */
	public static function content( $content ) {
		$post = get_post();
		if ( ! $post instanceof WP_Post || JobPostType::POST_TYPE !== $post->post_type || ! is_singular( JobPostType::POST_TYPE ) || ! in_the_loop() || ! is_main_query() ) {
			return $content;
		}
		$details = JobRepository::details( (int) $post->ID );
		$notice  = JobDetails::is_open( $post->post_status, $details['valid_through'] ) ? '' : sprintf(
			'<p class="recruiting-job-closed" role="status"><strong>%s</strong></p>',
			esc_html__( 'This job no longer takes applications.', 'recruiting-reports' )
		);
		// A block theme shows the form through the Apply form block (the plugin's Job template has it).
		$form = wp_is_block_theme() ? '' : ApplyForm::render( (int) $post->ID );
		return $notice . $content . JobSummary::render( $post, $details ) . $form;
	}
}
