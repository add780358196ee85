<?php
/**
 * The report block (root block.json): registration, editor configuration and the server render.
 *
 * Who sees what: with "only users with Read Applications" (the default), a visitor without that
 * capability gets no report data in the HTML at all (the report is never even computed for them)
 * and sees a neutral message or nothing, as the block says. With "everyone" (honoured only as
 * Visibility allows: the post's author and last editor hold Read Applications, never in the editor's
 * preview route), the server computes the report through ReportService (same queries and cache as the
 * REST API) and embeds it.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Admin\Assets;
use RecruitingReports\Data\Capabilities;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Plugin;

defined( 'ABSPATH' ) || exit;

/**
 * The report block (root block.json): registration, editor configuration and the server render.
 */
final class ReportBlock {

	public const NAME = 'recruiting-reports/report';

	/**
	 * Hooks the block in.
	 */
	public static function register(): void {
		add_action( 'init', array( self::class, 'register_block' ) );
		Visibility::register();
	}

	/**
	 * Registers the block from block.json, with its scripts' translations.
	 */
	public static function register_block(): void {
		if ( ! file_exists( RECRUITING_REPORTS_DIR . '/build/block-editor.asset.php' ) ) {
			return; // Not built (npm run build): registering would point at missing scripts.
		}
		$block = register_block_type( RECRUITING_REPORTS_DIR );
		if ( ! $block ) {
			return;
		}
		foreach ( $block->editor_script_handles as $handle ) {
			wp_set_script_translations( $handle, Plugin::TEXT_DOMAIN, RECRUITING_REPORTS_DIR . '/languages' );
			// Today's date in the site's timezone for the period presets of the preview.
			add_action(
				'enqueue_block_editor_assets',
				static function () use ( $handle ) {
					Assets::add_config( $handle );
				}
			);
		}
	}

	/**
	 * What the block's markup may contain when render.php escapes it on output: post HTML plus the
	 * chart data element (<script type="application/json">, encoded with JSON_HEX_* in ReportMarkup).
	 *
	 * @return array<string,array<string,bool>> wp_kses() allowed HTML.
	 */
	public static function allowed_html(): array {
		$allowed           = wp_kses_allowed_html( 'post' );
		$allowed['script'] = array(
			'type'  => true,
			'class' => true,
		);
		return $allowed;
	}

	/**
	 * The block's front-end markup (block.json "render").
	 *
	 * @param mixed $attributes Block attributes.
	 */
	public static function render( $attributes ): string {
		$attributes = Attributes::sanitize( $attributes );
		$public     = $attributes['public'] && Visibility::public_allowed( get_post() );

		if ( ! $public && ! current_user_can( Capabilities::READ_APPLICATIONS ) ) {
			if ( 'nothing' === $attributes['denied_display'] ) {
				return '';
			}
			return sprintf(
				'<div %s><p class="rr-report__denied">%s</p></div>',
				self::wrapper_attributes( array( 'class' => 'rr-report rr-report--denied' ) ),
				esc_html__( 'This recruiting report is only available to signed-in team members.', 'recruiting-reports' )
			);
		}

		// Bad settings or a deleted job: the editor explains (through its preview); the page stays intact.
		if ( $attributes['problems'] || ! class_exists( \RecruitingReports\Reports\ReportService::class ) ) {
			return '';
		}
		$job_title = '';
		if ( $attributes['job_id'] > 0 ) {
			$job = JobRepository::get( $attributes['job_id'] );
			if ( ! $job ) {
				return '';
			}
			$job_title = get_the_title( $job );
		}
		$result = \RecruitingReports\Reports\ReportService::run( $attributes['report'], Attributes::report_args( $attributes ) );
		if ( is_wp_error( $result ) || ! is_array( $result['data'] ?? null ) ) {
			return '';
		}

		return sprintf(
			'<div %s>%s</div>',
			self::wrapper_attributes(
				array(
					'class'          => 'rr-report rr-report--' . $attributes['report'],
					'data-rr-report' => $attributes['report'],
				)
			),
			ReportMarkup::render( $attributes, $result['data'], $job_title )
		);
	}

	/**
	 * The wrapper's attributes with the block supports (alignment, spacing). Outside a block render
	 * (a direct call), WordPress has no block to apply supports from: plain attributes then.
	 *
	 * @param array<string,string> $extra Attributes to add.
	 */
	private static function wrapper_attributes( array $extra ): string {
		if ( class_exists( \WP_Block_Supports::class ) && ! empty( \WP_Block_Supports::$block_to_render ) ) {
			return get_block_wrapper_attributes( $extra );
		}
		$extra['class'] = 'wp-block-recruiting-reports-report ' . ( $extra['class'] ?? '' );
		$html           = array();
		foreach ( $extra as $name => $value ) {
			$html[] = sprintf( '%s="%s"', esc_attr( $name ), esc_attr( trim( $value ) ) );
		}
		return implode( ' ', $html );
	}
}
