<?php
/**
 * First figures without a REST round trip (SPEC §10): the dashboard widget and the Reports page
 * embed the answers to their first requests in the page, and api-fetch's preloading middleware
 * serves them to the recruiting-reports store as if they had come from the server.
 *
 * The requests must be exactly the ones the scripts make (same route, same query, keys sorted):
 * the periods are resolved here as in src/reports/periods.ts, through the block attributes'
 * own resolver, so the two cannot drift apart.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Blocks\Attributes;
use RecruitingReports\Data\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Builds and prints the preloaded REST answers of the plugin's admin screens.
 */
final class Preload {

	/** Where the widget's period is remembered (core/preferences, scope and name). */
	public const PREFERENCE_SCOPE  = 'recruiting-reports';
	public const PREFERENCE_PERIOD = 'dashboardPeriod';

	/** The reports the Reports page shows first (src/admin/reports/ReportsPage.tsx), in its order. */
	private const REPORTS_PAGE_REPORTS = array( 'overview', 'time-to-hire', 'funnel', 'sources', 'time-to-fill' );

	/**
	 * The widget's period: the one the user last picked, or Settings › "Reports open with".
	 *
	 * @return string One of Settings::PERIODS.
	 */
	public static function dashboard_period(): string {
		global $wpdb;
		$preferences = get_user_meta( get_current_user_id(), $wpdb->get_blog_prefix() . 'persisted_preferences', true );
		$picked      = is_array( $preferences ) ? ( $preferences[ self::PREFERENCE_SCOPE ][ self::PREFERENCE_PERIOD ] ?? null ) : null;
		return is_string( $picked ) && in_array( $picked, Settings::PERIODS, true ) ? $picked : Assets::default_period();
	}

	/** The dashboard: both reports of the widget for its period. */
	public static function dashboard(): void {
		$query = Attributes::report_args( Attributes::sanitize( array( 'period' => self::dashboard_period() ) ) );
		self::embed( array( self::report_path( 'overview', $query ), self::report_path( 'time-to-hire', $query ) ) );
	}

	/**
	 * The Reports page: its reports for the filters in its URL (period, date_from, date_to,
	 * job_id, as src/admin/reports/ReportsPage.tsx reads them) and the job picker's first page.
	 */
	public static function reports_page(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only filters of a report view, validated below.
		$raw = array(
			'period'   => isset( $_GET['period'] ) ? sanitize_key( wp_unslash( $_GET['period'] ) ) : null,
			'dateFrom' => isset( $_GET['date_from'] ) ? sanitize_text_field( wp_unslash( $_GET['date_from'] ) ) : '',
			'dateTo'   => isset( $_GET['date_to'] ) ? sanitize_text_field( wp_unslash( $_GET['date_to'] ) ) : '',
			'jobId'    => isset( $_GET['job_id'] ) ? sanitize_text_field( wp_unslash( $_GET['job_id'] ) ) : 0,
		);
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		if ( ! in_array( $raw['period'], Attributes::PERIODS, true ) ) {
			$raw['period'] = Assets::default_period();
		}
		$attributes = Attributes::sanitize( $raw );
		$paths      = array( '/recruiting/v1/jobs?per_page=100' );
		// A range the page itself refuses to send is not preloaded either.
		if ( ! $attributes['problems'] ) {
			$query = Attributes::report_args( $attributes );
			foreach ( self::REPORTS_PAGE_REPORTS as $report ) {
				$paths[] = self::report_path( $report, $query );
			}
		}
		self::embed( $paths );
	}

	/**
	 * The request path the typed client builds (src/api/transport.ts buildPath: keys sorted).
	 *
	 * @param string $report Report name.
	 * @param array  $query  date_from, date_to, job_id (any subset).
	 * @return string
	 */
	private static function report_path( string $report, array $query ): string {
		ksort( $query );
		$path = '/recruiting/v1/reports/' . $report;
		return $query ? $path . '?' . http_build_query( $query ) : $path;
	}

	/**
	 * Runs the requests now and hands their answers to api-fetch. Errors are left out: the
	 * middleware would serve them as successful answers, while the screens must show the error
	 * the live request gives (a deleted job, a lost permission).
	 *
	 * @param string[] $paths Request paths below /wp-json.
	 */
	private static function embed( array $paths ): void {
		$preloaded = array_filter(
			array_reduce( $paths, 'rest_preload_api_request', array() ),
			static function ( $answer ) {
				$body = $answer['body'] ?? null;
				return ! ( is_array( $body ) && isset( $body['code'], $body['data']['status'] ) && $body['data']['status'] >= 400 );
			}
		);
		if ( ! $preloaded ) {
			return;
		}
		wp_add_inline_script(
			'wp-api-fetch',
			sprintf( 'wp.apiFetch.use( wp.apiFetch.createPreloadingMiddleware( %s ) );', wp_json_encode( $preloaded ) ),
			'after'
		);
	}
}
