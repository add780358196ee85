<?php
/**
 * The job list block (includes/Blocks/job-list/block.json): the open jobs, newest first, with a filter form (keyword,
 * department, location, employment type, remote) that is a plain GET form, the number of open jobs, pages and an
 * empty state. Everything is rendered on the server from the query string, so it works without JavaScript, behind a
 * full-page cache (the filters are in the URL) and in the editor's preview (core's block renderer route).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Careers\FunnelCounting;
use RecruitingReports\Careers\JobSummary;
use RecruitingReports\Data\JobRepository;
use WP_Post;

defined( 'ABSPATH' ) || exit;

/**
 * The job list block.
 */
final class JobListBlock {

	public const NAME = 'recruiting-reports/job-list';

	/** Query parameter => filter. Prefixed, so they never collide with WordPress's own query variables. */
	public const PARAMS = array(
		'job_search'     => 'search',
		'job_department' => 'department',
		'job_location'   => 'location',
		'job_type'       => 'employment_type',
		'job_remote'     => 'remote',
	);

	public const PAGE_PARAM = 'job_page';

	private const MAX_PER_PAGE = 50;

	/** Hooks the block in. */
	public static function register(): void {
		add_action( 'init', array( self::class, 'register_block' ) );
	}

	/** Registers the block from its block.json (its editor script: BlockScripts). */
	public static function register_block(): void {
		if ( ! file_exists( RECRUITING_REPORTS_DIR . '/build/job-list-editor.asset.php' ) ) {
			return; // Not built (npm run build): the block.json names a script that would be missing.
		}
		register_block_type( __DIR__ . '/job-list' );
	}

	/**
	 * What the markup may contain when render.php escapes it on output: post HTML plus the filter form's controls.
	 *
	 * @return array<string,array<string,bool>> wp_kses() allowed HTML.
	 */
	public static function allowed_html(): array {
		$allowed  = wp_kses_allowed_html( 'post' );
		$controls = array(
			'form'   => array( 'method', 'action', 'role', 'aria-label', 'class' ),
			'input'  => array( 'type', 'name', 'id', 'value', 'checked', 'class', 'maxlength', 'aria-describedby' ),
			'select' => array( 'name', 'id', 'class' ),
			'option' => array( 'value', 'selected' ),
			'label'  => array( 'for', 'class' ),
			'button' => array( 'type', 'class' ),
			'a'      => array( 'href', 'class', 'aria-current', 'aria-label' ),
			'span'   => array( 'class', 'aria-current', 'aria-hidden' ),
			'nav'    => array( 'class', 'aria-label' ),
		);
		foreach ( $controls as $tag => $attributes ) {
			$allowed[ $tag ] = array_merge( $allowed[ $tag ] ?? array(), array_fill_keys( $attributes, true ) );
		}
		return $allowed;
	}

	/**
	 * The filters of this request (the query string), cleaned; unknown parameters are ignored.
	 *
	 * @return array<string,string|bool>
	 */
	public static function filters(): array {
		$filters = array();
		foreach ( self::PARAMS as $param => $filter ) {
			// An array given for a parameter sanitises to ''.
			// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public, read-only GET filter.
			$value              = isset( $_GET[ $param ] ) ? sanitize_text_field( wp_unslash( $_GET[ $param ] ) ) : '';
			$filters[ $filter ] = 'remote' === $filter ? '1' === $value : mb_substr( $value, 0, 200 );
		}
		return $filters;
	}

	/**
	 * The block's markup.
	 *
	 * @param mixed $attributes Block attributes (perPage, showFilters).
	 * @return string
	 */
	public static function render( $attributes ): string {
		$attributes = is_array( $attributes ) ? $attributes : array();
		$per_page   = max( 1, min( self::MAX_PER_PAGE, (int) ( $attributes['perPage'] ?? 10 ) ) );
		$filters    = self::filters();
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public, read-only page number.
		$page     = max( 1, absint( $_GET[ self::PAGE_PARAM ] ?? 1 ) );
		$result   = JobRepository::open_jobs( $filters, $page, $per_page );
		$filtered = (bool) array_filter( $filters );
		$id       = wp_unique_id( 'rr-job-list-' );
		$html     = ( $attributes['showFilters'] ?? true ) ? JobListMarkup::filter_form( $id, $filters ) : '';
		$html    .= JobListMarkup::count( $id, $result['total'], $filtered );
		$html    .= $result['posts'] ? self::items( $result['posts'], $id ) : JobListMarkup::empty_state( $filtered );
		$html    .= JobListMarkup::pages( $page, (int) ceil( $result['total'] / $per_page ) );
		$wrapper  = class_exists( \WP_Block_Supports::class ) && null !== \WP_Block_Supports::$block_to_render ? get_block_wrapper_attributes( array( 'class' => 'rr-job-list' ) ) : 'class="rr-job-list"';
		return sprintf( '<div %s>%s</div>', $wrapper, $html );
	}

	/**
	 * The listed jobs: each with its title (a link to its page) and a line of details.
	 *
	 * @param WP_Post[] $posts Jobs.
	 * @param string    $id    The block's id (the count's id describes the list).
	 * @return string
	 */
	private static function items( array $posts, string $id ): string {
		$items = '';
		foreach ( $posts as $post ) {
			$details = JobRepository::details( (int) $post->ID );
			$meta    = array_filter(
				array(
					(string) get_post_meta( $post->ID, JobRepository::META['department'], true ),
					JobSummary::employment_type_label( (string) get_post_meta( $post->ID, JobRepository::META['employment_type'], true ) ),
					JobSummary::place( $post, $details ),
				),
				'strlen'
			);
			$items  .= sprintf(
				'<li class="rr-job-list__item"><h2 class="rr-job-list__title"><a href="%s">%s</a></h2>%s</li>',
				esc_url( (string) get_permalink( $post ) ),
				esc_html( wp_strip_all_tags( $post->post_title ) ),
				$meta ? '<p class="rr-job-list__meta">' . esc_html( implode( ' · ', $meta ) ) . '</p>' : ''
			);
		}
		// The careers funnel's beacon script counts a list view for each job listed (Careers\FunnelCounting).
		FunnelCounting::enqueue();
		return sprintf( '<ul class="rr-job-list__items" aria-labelledby="%s-count" data-rr-jobs="%s">%s</ul>', esc_attr( $id ), esc_attr( implode( ',', wp_list_pluck( $posts, 'ID' ) ) ), $items );
	}
}
