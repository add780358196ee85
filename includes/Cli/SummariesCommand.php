<?php
/**
 * `wp recruiting summaries rebuild`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Domain\Events;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Maintains the report summary tables.
 */
final class SummariesCommand {

	/**
	 * Recomputes the report summary tables from the applications.
	 *
	 * Needed after an upgrade on a site with more than 10,000 applications (the
	 * upgrade does not rebuild them inside a web request; wp-admin shows a notice
	 * until this has run), or to repair them. Reports are incomplete while it
	 * runs; the report cache is invalidated at the end.
	 *
	 * ## OPTIONS
	 *
	 * [--batch-size=<n>]
	 * : Applications read and summarised per step.
	 * ---
	 * default: 5000
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting summaries rebuild
	 *     Success: Rebuilt the report summaries of 1000000 applications in 21.4 s.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function rebuild( array $args, array $assoc_args ): void {
		global $wpdb;
		unset( $args );
		$batch_size = Input::count( $assoc_args, 'batch-size', 1, 100000 );
		$total      = ApplicationRepository::count();
		$progress   = \WP_CLI\Utils\make_progress_bar( __( 'Rebuilding report summaries', 'recruiting-reports' ), $total );
		$started    = microtime( true );
		$done       = 0;
		$rebuilt    = ReportSummary::rebuild(
			$batch_size,
			static function ( int $rows ) use ( $progress, &$done ): void {
				$done += $rows;
				$progress->tick( $rows );
			}
		);
		$progress->finish();
		if ( ! $rebuilt ) {
			/* translators: %s: database error. */
			WP_CLI::error( sprintf( __( 'The rebuild failed: %s Run it again.', 'recruiting-reports' ), $wpdb->last_error ) );
		}
		Events::data_changed();
		/* translators: 1: applications, 2: seconds. */
		WP_CLI::success( sprintf( __( 'Rebuilt the report summaries of %1$d applications in %2$.1f s.', 'recruiting-reports' ), $done, microtime( true ) - $started ) );
	}
}
