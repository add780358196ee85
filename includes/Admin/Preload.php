<?php
/**
 * First figures without a REST round trip (docs/targets.md#targets): the dashboard widget and the Reports page
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
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Reports\ReportRegistry;
use RecruitingReports\Reports\ReportService;

defined( 'ABSPATH' ) || exit;

/**
 * Builds and prints the preloaded REST answers of the plugin's admin screens.
 */
final class Preload {

	/** Where the widget's period is remembered (core/preferences, scope and name). */
	public const PREFERENCE_SCOPE   = 'recruiting-reports';
	public const PREFERENCE_PERIOD  = 'dashboardPeriod';
	public const PREFERENCE_COMPARE = 'dashboardCompare';

	/**
	 * The widget's period: the one the user last picked, or Settings › "Reports open with".
	 *
	 * @return string One of Settings::PERIODS.
	 */
	public static function dashboard_period(): string {
		$picked = self::preference( self::PREFERENCE_PERIOD );
		return in_array( $picked, Settings::PERIODS, true ) ? $picked : Assets::default_period();
	}

	/**
	 * The widget's comparison: the one the user last picked, or none.
	 *
	 * @return string One of ReportService::COMPARE, or '' for none.
	 */
	public static function dashboard_compare(): string {
		$picked = self::preference( self::PREFERENCE_COMPARE );
		return in_array( $picked, ReportService::COMPARE, true ) ? $picked : '';
	}

	/**
	 * One of the widget's preferences, as core/preferences stores them (user meta, per site).
	 *
	 * @param string $name Preference name in the plugin's scope.
	 * @return mixed Null when never set.
	 */
	private static function preference( string $name ) {
		global $wpdb;
		$preferences = get_user_meta( get_current_user_id(), $wpdb->get_blog_prefix() . 'persisted_preferences', true );
		return is_array( $preferences ) ? ( $preferences[ self::PREFERENCE_SCOPE ][ $name ] ?? null ) : null;
	}

	/**
	 * The dashboard: the widget's reports for its period and comparison (src/dashboard/Widget.tsx
	 * asks time to fill without the comparison: it shows only its open jobs, the same in both).
	 */
	public static function dashboard(): void {
		$compare  = self::dashboard_compare();
		$compared = Attributes::report_args(
			Attributes::sanitize(
				array(
					'period'  => self::dashboard_period(),
					'compare' => '' === $compare ? 'none' : $compare,
				)
			)
		);
		$paths    = array(
			self::report_path( 'overview', $compared ),
			self::report_path( 'time-to-hire', $compared ),
			self::report_path( 'funnel', $compared ),
			self::report_path( 'time-to-fill', array_diff_key( $compared, array( 'compare' => true ) ) ),
		);
		if ( current_user_can( Capabilities::READ_APPLICATIONS ) ) {
			// The widget's count of stale candidates (src/dashboard/StaleLink.tsx): the list's total.
			$paths[] = '/recruiting/v1/applications?per_page=1&stale=true';
		}
		self::embed( $paths );
	}

	/**
	 * The Reports page: its reports for the filters in its URL (period, date_from, date_to,
	 * job_id, compare, as src/admin/reports/ReportsPage.tsx reads them) and the job picker's first page.
	 */
	public static function reports_page(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only filters of a report view, validated below.
		$raw = array(
			'period'   => isset( $_GET['period'] ) ? sanitize_key( wp_unslash( $_GET['period'] ) ) : null,
			'dateFrom' => isset( $_GET['date_from'] ) ? sanitize_text_field( wp_unslash( $_GET['date_from'] ) ) : '',
			'dateTo'   => isset( $_GET['date_to'] ) ? sanitize_text_field( wp_unslash( $_GET['date_to'] ) ) : '',
			'jobId'    => isset( $_GET['job_id'] ) ? sanitize_text_field( wp_unslash( $_GET['job_id'] ) ) : 0,
			'compare'  => isset( $_GET['compare'] ) ? sanitize_key( wp_unslash( $_GET['compare'] ) ) : 'none',
		);
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		if ( ! in_array( $raw['period'], Attributes::PERIODS, true ) ) {
			$raw['period'] = Assets::default_period();
		}
		// The page ignores an unknown comparison, so the preload does too.
		if ( ! in_array( $raw['compare'], ReportService::COMPARE, true ) ) {
			$raw['compare'] = 'none';
		}
		$attributes = Attributes::sanitize( $raw );
		$paths      = array( '/recruiting/v1/jobs?per_page=100' );
		// A range the page itself refuses to send is not preloaded either.
		if ( ! $attributes['problems'] ) {
			$query = Attributes::report_args( $attributes );
			foreach ( ReportRegistry::names() as $report ) {
				$paths[] = self::report_path( $report, $query );
			}
		}
		self::embed( $paths );
	}

	/**
	 * The request path the typed client builds (src/api/transport.ts buildPath: keys sorted).
	 *
	 * @param string $report Report name.
	 * @param array  $query  date_from, date_to, job_id, compare (any subset).
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
