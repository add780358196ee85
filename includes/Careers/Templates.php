<?php
/**
 * Block templates for the job pages, for block themes that have none of their own: "Job" (single-recruiting_job:
 * the title, then the post content, which holds the description and the details) and "Job list"
 * (archive-recruiting_job: the archive's title and the job list block). A theme's own file or a template edited in
 * the Site Editor wins (core lists those first; these are only added when their slug is missing). Classic themes use
 * their own single and archive templates; the details come with the content there too (JobPages::content()).
 * WordPress 6.6 has no register_block_template(), so the templates join core's lists through its filters.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Domain\JobPostType;
use WP_Block_Template;

defined( 'ABSPATH' ) || exit;

/**
 * The job pages' block templates.
 */
final class Templates {

	/** Hooks the templates into core's template lists. */
	public static function register(): void {
		add_filter( 'get_block_templates', array( self::class, 'add_templates' ), 10, 3 );
		add_filter( 'pre_get_block_file_template', array( self::class, 'file_template' ), 10, 3 );
	}

	/**
	 * Slug => title, description and content of each template.
	 *
	 * @return array<string,array{title:string,description:string,content:string}>
	 */
	private static function definitions(): array {
		$main = static fn( string $inner ) => '<!-- wp:template-part {"slug":"header","area":"header","tagName":"header"} /-->'
			. '<!-- wp:group {"tagName":"main","align":"full","layout":{"type":"constrained"},"style":{"spacing":{"padding":{"top":"var:preset|spacing|50","bottom":"var:preset|spacing|50"}}}} --><main class="wp-block-group alignfull" style="padding-top:var(--wp--preset--spacing--50);padding-bottom:var(--wp--preset--spacing--50)">'
			. $inner
			. '</main><!-- /wp:group -->'
			. '<!-- wp:template-part {"slug":"footer","area":"footer","tagName":"footer"} /-->';
		return array(
			'single-' . JobPostType::POST_TYPE  => array(
				'title'       => __( 'Job', 'recruiting-reports' ),
				'description' => __( 'A job’s page: its title, description, details and apply form (Recruiting Reports).', 'recruiting-reports' ),
				'content'     => $main( '<!-- wp:post-title {"level":1} /--><!-- wp:post-content {"layout":{"type":"constrained"}} /--><!-- wp:group {"layout":{"type":"constrained"}} --><div class="wp-block-group"><!-- wp:recruiting-reports/apply-form /--></div><!-- /wp:group -->' ),
			),
			'archive-' . JobPostType::POST_TYPE => array(
				'title'       => __( 'Job list', 'recruiting-reports' ),
				'description' => __( 'The open jobs with filters (Recruiting Reports).', 'recruiting-reports' ),
				'content'     => $main( '<!-- wp:query-title {"type":"archive","showPrefix":false} /--><!-- wp:recruiting-reports/job-list /-->' ),
			),
		);
	}

	/**
	 * One template as core's object.
	 *
	 * @param string $slug Template slug.
	 */
	private static function template( string $slug ): WP_Block_Template {
		$definition               = self::definitions()[ $slug ];
		$template                 = new WP_Block_Template();
		$template->type           = 'wp_template';
		$template->theme          = get_stylesheet();
		$template->slug           = $slug;
		$template->id             = get_stylesheet() . '//' . $slug;
		$template->title          = $definition['title'];
		$template->description    = $definition['description'];
		$template->content        = $definition['content'];
		$template->source         = 'plugin';
		$template->origin         = 'plugin';
		$template->status         = 'publish';
		$template->has_theme_file = false;
		$template->is_custom      = false;
		$template->author         = null;
		return $template;
	}

	/**
	 * Adds the job templates a block theme lacks to core's list (the front end resolves templates through it).
	 *
	 * @param WP_Block_Template[] $templates     Templates found.
	 * @param array               $query         The query (slug__in, post_type, …).
	 * @param string              $template_type wp_template or wp_template_part.
	 * @return WP_Block_Template[]
	 */
	public static function add_templates( $templates, $query, $template_type ) {
		if ( 'wp_template' !== $template_type || ! wp_is_block_theme() || ! empty( $query['post_type'] ) ) {
			return $templates;
		}
		$have = wp_list_pluck( (array) $templates, 'slug' );
		foreach ( array_keys( self::definitions() ) as $slug ) {
			$wanted = empty( $query['slug__in'] ) || in_array( $slug, (array) $query['slug__in'], true );
			$skip   = ! empty( $query['slug__not_in'] ) && in_array( $slug, (array) $query['slug__not_in'], true );
			if ( $wanted && ! $skip && ! in_array( $slug, $have, true ) ) {
				$templates[] = self::template( $slug );
			}
		}
		return $templates;
	}

	/**
	 * A job template by id (theme//slug) when the theme has no file for it (the Site Editor opens it so).
	 *
	 * @param WP_Block_Template|null $template      Found so far.
	 * @param string                 $id            theme//slug.
	 * @param string                 $template_type wp_template or wp_template_part.
	 * @return WP_Block_Template|null
	 */
	public static function file_template( $template, $id, $template_type ) {
		$slug = substr( (string) $id, strlen( get_stylesheet() . '//' ) );
		if ( null !== $template || 'wp_template' !== $template_type || ! wp_is_block_theme() || ! str_starts_with( (string) $id, get_stylesheet() . '//' )
			|| ! isset( self::definitions()[ $slug ] ) || _get_block_template_file( 'wp_template', $slug ) ) {
			return $template;
		}
		return self::template( $slug );
	}
}
