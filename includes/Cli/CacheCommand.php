<?php
/**
 * `wp recruiting cache flush`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Reports\ReportCache;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Manages the report cache.
 */
final class CacheCommand {

	/**
	 * Invalidates every cached report (and the job titles kept for them); each is
	 * computed afresh when next asked.
	 *
	 * Writes through the plugin invalidate the cache by themselves; this is for
	 * changes made behind its back (SQL by hand, a restored backup).
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting cache flush
	 *     Success: The report cache was flushed.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function flush( array $args, array $assoc_args ): void {
		unset( $args, $assoc_args );
		ReportCache::bump_jobs();
		WP_CLI::success( __( 'The report cache was flushed.', 'recruiting-reports' ) );
	}
}
