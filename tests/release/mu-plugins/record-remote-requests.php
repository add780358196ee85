<?php
/**
 * Release leg only (scripts/test-release.mjs): records every HTTP request WordPress is asked to make, with the
 * frames of the Recruiting Reports plugin that led to it, one JSON line each in wp-content/rr-remote-requests.jsonl.
 * tests/release/zip-install.test.mjs asserts that loading, activating and using the installed plugin requests
 * nothing (what Plugin Check's "no remote calls" rule is about); WordPress's own update checks are recorded too,
 * without plugin frames. The request itself goes on (WP_HTTP_BLOCK_EXTERNAL blocks external hosts anyway).
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'pre_http_request',
	static function ( $preempt, $args, $url ) {
		$plugin_dir = wp_normalize_path( WP_PLUGIN_DIR ) . '/recruiting-reports/';
		$frames     = array();
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_debug_backtrace -- which code asked for the request is what this records.
		foreach ( debug_backtrace( DEBUG_BACKTRACE_IGNORE_ARGS ) as $frame ) {
			$file = isset( $frame['file'] ) ? wp_normalize_path( $frame['file'] ) : '';
			if ( str_starts_with( $file, $plugin_dir ) ) {
				$frames[] = substr( $file, strlen( $plugin_dir ) ) . ':' . $frame['line'];
			}
		}
		$record = array(
			'url'    => $url,
			'during' => PHP_SAPI === 'cli' ? 'php-cli' : ( isset( $_SERVER['REQUEST_URI'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '' ),
			'plugin' => $frames,
		);
		file_put_contents( WP_CONTENT_DIR . '/rr-remote-requests.jsonl', wp_json_encode( $record ) . "\n", FILE_APPEND | LOCK_EX ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a test log beside the site.
		return $preempt;
	},
	PHP_INT_MAX,
	3
);
