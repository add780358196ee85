<?php
/**
 * Development tools of Recruiting Reports: the benchmark dataset (BenchmarkData) and its command
 * `wp recruiting seed benchmark`. This folder is not part of the release zip; the test and benchmark sites
 * load this file from their mu-plugins (tests/support/mu-plugins, scripts/bench/mu-plugins).
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/src/BenchmarkData.php';

if ( defined( 'WP_CLI' ) && WP_CLI ) {
	require_once __DIR__ . '/src/BenchmarkCommand.php';
	// After the plugin has registered `wp recruiting seed` (when it loads, before plugins_loaded).
	add_action(
		'plugins_loaded',
		static function (): void {
			if ( class_exists( \RecruitingReports\Cli\SeedCommand::class ) ) {
				WP_CLI::add_command( 'recruiting seed benchmark', \RecruitingReports\Dev\BenchmarkCommand::class );
			}
		}
	);
}
