<?php
/**
 * The report block (root block.json): registration, editor configuration and the server render.
 *
 * Who sees what: with "only users with Read Applications" (the default), a visitor without that
 * capability gets no report data in the HTML at all (the report is never even computed for them)
 * and sees a neutral message or nothing, as the block says. With "everyone" (honoured only as
 * Visibility allows: the published post's author and last editor hold Read Applications, never in a
 * preview of any kind), the server computes the report through ReportService (same queries and cache as the
 * REST API) and embeds it — the Sources report with every free-text source counted as `other` (personal data).
 *
 * This render is the block's only one: the editor previews it through core's block renderer route
 * (src/blocks/Edit.tsx), where it also says what is wrong (bad settings, a deleted job) instead of the
 * empty block visitors get; TypeScript only draws the charts from the specs it embeds.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Admin\Assets;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Reports\ReportService;
use RecruitingReports\Reports\SourcesReport;
use WP_Block_Type;

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
	 * Registers the block from block.json (its scripts: BlockScripts).
	 */
	public static function register_block(): void {
		if ( ! file_exists( RECRUITING_REPORTS_DIR . '/build/block-editor.asset.php' ) ) {
			return; // Not built (npm run build): registering would point at missing scripts.
		}
		if ( register_block_type( RECRUITING_REPORTS_DIR ) ) {
			// The user's capabilities for the visibility settings.
			add_action( 'enqueue_block_editor_assets', static fn() => Assets::add_config( BlockScripts::REPORT_EDITOR ) );
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
	 * The block's markup (block.json "render"), on the front end and in the editor's preview alike: the editor
	 * shows what this returns for the block renderer route (src/blocks/Edit.tsx).
	 *
	 * @param mixed $attributes Block attributes: as core prepared them (render.php), or any value (a direct call).
	 * @return string
	 */
	public static function render( $attributes ): string {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( self::NAME );
		if ( ! $type ) {
			return '';
		}
		// Core's checks of types, enums and defaults (block.json), for a direct call; a no-op on what core prepared.
		$attributes = $type->prepare_attributes_for_render( is_array( $attributes ) ? $attributes : array() );
		$attributes = Attributes::sanitize( $attributes, self::sections_of( $type, (string) $attributes['report'] ) );
		$public     = 'public' === $attributes['visibility'] && Visibility::public_allowed( get_post() );

		if ( ! $public && ! current_user_can( Capabilities::READ_APPLICATIONS ) ) {
			$denied = '<p class="rr-report__denied">' . esc_html__( 'This recruiting report is only available to signed-in team members.', 'recruiting-reports' ) . '</p>';
			if ( Visibility::in_preview_route() ) {
				$why = __( 'You cannot preview this report: it needs the Read Applications permission. What visitors see does not depend on your permissions.', 'recruiting-reports' );
				return self::wrap( 'rr-report rr-report--denied', ReportMarkup::notice( $why ) . $denied );
			}
			return 'nothing' === $attributes['deniedDisplay'] ? '' : self::wrap( 'rr-report rr-report--denied', $denied );
		}

		// Bad settings, a deleted job, a failed report: the editor's preview says why; the page stays intact.
		if ( $attributes['problems'] ) {
			return self::problem( __( 'This block shows nothing until its settings are fixed:', 'recruiting-reports' ), $attributes['problems'] );
		}
		$job_title = '';
		if ( $attributes['job_id'] > 0 ) {
			$job = JobRepository::get( $attributes['job_id'] );
			if ( ! $job ) {
				return self::problem( __( 'The selected job no longer exists. Choose another job or “All jobs”; until then visitors see nothing here.', 'recruiting-reports' ) );
			}
			$job_title = get_the_title( $job );
		}
		$result = ReportService::run( (string) $attributes['report'], Attributes::report_args( $attributes ) );
		if ( is_wp_error( $result ) || ! is_array( $result['data'] ?? null ) ) {
			return self::problem( __( 'The report could not be loaded.', 'recruiting-reports' ), is_wp_error( $result ) ? array( $result->get_error_message() ) : array() );
		}

		$data = $result['data'];
		if ( ReportService::SOURCES === $attributes['report'] && ! current_user_can( Capabilities::READ_APPLICATIONS ) ) {
			// Public: free-text sources may name people; visitors see them counted as `other`.
			$data = SourcesReport::without_free_text( $data );
		}

		return self::wrap( 'rr-report rr-report--' . $attributes['report'], ReportMarkup::render( $attributes, $data, $job_title ), (string) $attributes['report'] );
	}

	/**
	 * The sections of a report in display order: its variation's `sections` in block.json.
	 *
	 * @param WP_Block_Type $type   The block type.
	 * @param string        $report Report name.
	 * @return string[]
	 */
	private static function sections_of( WP_Block_Type $type, string $report ): array {
		foreach ( (array) $type->variations as $variation ) {
			$attributes = $variation['attributes'] ?? array();
			if ( isset( $attributes['report'], $attributes['sections'] ) && $attributes['report'] === $report ) {
				return (array) $attributes['sections'];
			}
		}
		return array();
	}

	/**
	 * A problem: in the editor's preview, a notice saying it; elsewhere nothing.
	 *
	 * @param string   $message What is wrong.
	 * @param string[] $details Details, if any.
	 * @return string
	 */
	private static function problem( string $message, array $details = array() ): string {
		return Visibility::in_preview_route() ? self::wrap( 'rr-report rr-report--problem', ReportMarkup::notice( $message, $details ) ) : '';
	}

	/**
	 * The block's wrapper around its content.
	 *
	 * @param string $classes Classes.
	 * @param string $inner   Content (HTML).
	 * @param string $report  Report name, for data-rr-report (only around report data).
	 * @return string
	 */
	private static function wrap( string $classes, string $inner, string $report = '' ): string {
		$attributes = array( 'class' => $classes );
		if ( '' !== $report ) {
			$attributes['data-rr-report'] = $report;
		}
		return sprintf( '<div %s>%s</div>', self::wrapper_attributes( $attributes ), $inner );
	}

	/**
	 * The wrapper's attributes with the block supports (alignment, spacing). Outside a block render
	 * (a direct call), WordPress has no block to apply supports from: plain attributes then.
	 *
	 * @param array<string,string> $extra Attributes to add.
	 * @return string
	 */
	private static function wrapper_attributes( array $extra ): string {
		// The editor's preview sits inside the editor's own block wrapper, which applies the supports already.
		if ( Visibility::in_preview_route() ) {
			return self::plain_attributes( $extra );
		}
		if ( class_exists( \WP_Block_Supports::class ) && ! empty( \WP_Block_Supports::$block_to_render ) ) {
			return get_block_wrapper_attributes( $extra );
		}
		$extra['class'] = 'wp-block-recruiting-reports-report ' . ( $extra['class'] ?? '' );
		return self::plain_attributes( $extra );
	}

	/**
	 * HTML attributes, escaped.
	 *
	 * @param array<string,string> $extra Attributes.
	 * @return string
	 */
	private static function plain_attributes( array $extra ): string {
		$html = array();
		foreach ( $extra as $name => $value ) {
			$html[] = sprintf( '%s="%s"', esc_attr( $name ), esc_attr( trim( $value ) ) );
		}
		return implode( ' ', $html );
	}
}
