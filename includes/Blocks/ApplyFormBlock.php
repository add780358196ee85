<?php
/**
 * The apply form block (includes/Blocks/apply-form/block.json): on a job's page it applies to that job, elsewhere
 * to the job chosen in its settings (`jobId`). Rendered on the server (Careers\ApplyForm), so it works without
 * JavaScript; the view script (build/apply-form-view.js) carries the landing page's source, checks the fields
 * inline and sends the form without a reload (docs/careers.md).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Careers\ApplyForm;
use RecruitingReports\Careers\FunnelCounting;
use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

/**
 * The apply form block.
 */
final class ApplyFormBlock {

	public const NAME = 'recruiting-reports/apply-form';

	/** Hooks the block and the view script in. */
	public static function register(): void {
		add_action( 'init', array( self::class, 'register_block' ) );
		add_action( 'wp_enqueue_scripts', array( self::class, 'enqueue_source_script' ) );
	}

	/** Registers the block from its block.json (its scripts: BlockScripts). */
	public static function register_block(): void {
		register_block_type( __DIR__ . '/apply-form' );
	}

	/**
	 * Every front-end page loads the small view script: the page where a candidate enters the site records its
	 * utm_source (or referrer) in sessionStorage for the form they may reach later. No cookie.
	 */
	public static function enqueue_source_script(): void {
		wp_enqueue_script( BlockScripts::APPLY_FORM_VIEW );
	}

	/**
	 * The block's markup.
	 *
	 * @param mixed $attributes Block attributes (jobId).
	 */
	public static function render( $attributes ): string {
		$job_id = is_singular( JobPostType::POST_TYPE ) ? (int) get_queried_object_id() : absint( ( is_array( $attributes ) ? $attributes : array() )['jobId'] ?? 0 );
		// The careers funnel's beacon script counts the form's start (Careers\FunnelCounting).
		FunnelCounting::enqueue();
		return ApplyForm::render( $job_id );
	}
}
