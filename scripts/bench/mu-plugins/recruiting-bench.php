<?php
/**
 * Benchmark support, mounted only into the site scripts/bench.mjs boots (never shipped in the plugin):
 * every REST response says the request's PHP peak memory, and an admin-only route invalidates the
 * report cache the way any write does (so "cold" means exactly "after a write").
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

// The benchmark dataset (RecruitingReports\Dev\BenchmarkData) and `wp recruiting seed benchmark` are
// development tools in the plugin's dev/ folder, which the release zip leaves out.
require_once WP_PLUGIN_DIR . '/recruiting-reports/dev/load.php';

add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		if ( $response instanceof WP_REST_Response ) {
			$response->header( 'X-Recruiting-Peak-Memory', (string) memory_get_peak_usage() );
		}
		return $response;
	},
	PHP_INT_MAX
);

// The server's time from the request's start to its headers, on every response (REST or not: the careers beacon is
// mostly answered before the REST server starts).
header_register_callback(
	static function () {
		header( 'X-Recruiting-Server-Ms: ' . round( ( microtime( true ) - (float) $_SERVER['REQUEST_TIME_FLOAT'] ) * 1000, 2 ) );
	}
);

// A streamed response (format=csv) is written after its headers: its peak is recorded when the request
// ends, for the benchmark to read.
add_action(
	'shutdown',
	static function () {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- benchmark only, read-only flag.
		if ( isset( $_GET['format'] ) && 'csv' === $_GET['format'] ) {
			update_option( 'recruiting_bench_csv_peak', memory_get_peak_usage(), false );
		}
	}
);

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'recruiting-bench/v1',
			'/invalidate',
			array(
				'methods'             => 'POST',
				'permission_callback' => static fn() => current_user_can( 'manage_options' ),
				// ?since=<unix time>: the invalidation of a write that changed only that day and later (a new
				// application, a hire); without it, of a write that may have changed any period.
				'callback'            => static function ( WP_REST_Request $request ) {
					\RecruitingReports\Domain\Events::data_changed( null === $request['since'] ? null : (int) $request['since'] );
					return array( 'invalidated' => true );
				},
			)
		);
	}
);

// The careers figure sends many apply-form submissions from one address (scripts/bench/careers.mjs).
add_filter( 'recruiting_reports_apply_rate_limit', static fn() => 1000000 );

// Front-end pages (and the apply form's POST, handled on template_redirect) say the server's own time and query count
// (Server-Timing: WordPress's bootstrap to shutdown), for the careers figure: the page is held in a buffer until then,
// so the header can still be sent. Not REST requests: the CSV export streams, and its peak memory is measured.
add_action(
	'template_redirect',
	static function () {
		ob_start();
		add_action(
			'shutdown',
			static function () {
				if ( ! headers_sent() ) {
					header( sprintf( 'Server-Timing: wp;dur=%.2f, queries;desc="%d"', timer_float() * 1000, get_num_queries() ) );
				}
				ob_end_flush();
			},
			0
		);
	},
	0
);
