<?php
/**
 * `wp recruiting retention run [--dry-run]`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Privacy\Retention;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Applies the retention rules (Settings → Privacy) now: the daily cron's work, on demand.
 */
final class RetentionCommand {

	/**
	 * Anonymises or deletes the applications the retention rules say are due, and logs the run.
	 *
	 * ## OPTIONS
	 *
	 * [--dry-run]
	 * : Count what each rule would do; change and log nothing.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting retention run --dry-run
	 *     rejected: would anonymise 120 applications
	 *     Success: Dry run: 120 applications.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function run( array $args, array $assoc_args ): void {
		unset( $args );
		$dry_run = (bool) \WP_CLI\Utils\get_flag_value( $assoc_args, 'dry-run', false );
		$entry   = Retention::run( $dry_run, time(), 'cli' );
		if ( null === $entry ) {
			WP_CLI::error( __( 'Another retention run is in progress; try again when it has finished.', 'recruiting-reports' ) );
		}
		foreach ( $entry['rules'] as $name => $rule ) {
			WP_CLI::log( sprintf( '%s: %s%s %d', $name, $dry_run ? 'would ' : '', $rule['action'], $rule['applications'] ) );
		}
		$total = array_sum( array_column( $entry['rules'], 'applications' ) );
		if ( $entry['failed'] ) {
			/* translators: %d: number of applications. */
			WP_CLI::error( sprintf( __( '%d applications could not be handled; see the PHP error log, and run again.', 'recruiting-reports' ), $entry['failed'] ) );
		}
		/* translators: 1: Dry run or Done, 2: number of applications, 3: seconds. */
		WP_CLI::success( sprintf( __( '%1$s: %2$d applications in %3$.1f s.', 'recruiting-reports' ), $dry_run ? __( 'Dry run', 'recruiting-reports' ) : __( 'Done', 'recruiting-reports' ), $total, $entry['seconds'] ) );
	}
}
