<?php
/**
 * The notice shown in wp-admin while the report summaries wait for `wp recruiting summaries rebuild`:
 * an upgrade on a site with more than ReportSummary::REQUEST_REBUILD_LIMIT applications leaves the
 * rebuild to WP-CLI instead of running it inside a web request.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Domain\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * Warns administrators that the report summaries need `wp recruiting summaries rebuild`.
 */
final class SummariesNotice {

	/** Hooks the notice. */
	public static function register(): void {
		add_action( 'admin_notices', array( self::class, 'render' ) );
	}

	/** Prints the notice while a rebuild is pending, to users who manage the plugin's settings. */
	public static function render(): void {
		if ( ! get_option( ReportSummary::STALE_OPTION ) || ! current_user_can( Capabilities::MANAGE_SETTINGS ) ) {
			return;
		}
		wp_admin_notice(
			sprintf(
				/* translators: 1: number of applications, 2: the command. */
				esc_html__( 'Recruiting Reports was upgraded, and its report figures must be rebuilt from the applications. This site has more than %1$s applications, too many to rebuild during a page load: until someone runs %2$s on the server, reports show incomplete figures.', 'recruiting-reports' ),
				esc_html( number_format_i18n( ReportSummary::REQUEST_REBUILD_LIMIT ) ),
				'<code>wp recruiting summaries rebuild</code>'
			),
			array(
				'type'           => 'warning',
				'paragraph_wrap' => true,
			)
		);
	}
}
