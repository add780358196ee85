<?php
/**
 * `wp recruiting seed …` (`seed benchmark` is added by the development tools
 * in dev/, absent from the release).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Seed\DemoData;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Seeds sample data.
 */
final class SeedCommand {

	/**
	 * Seeds the demo data: 12 jobs and their applications over 18 months.
	 *
	 * The data is deterministic for a given day, and external ids are fixed
	 * (demo-job-1…, demo-application-1…), so running it again updates the records
	 * in place instead of adding more.
	 *
	 * ## OPTIONS
	 *
	 * [--applications=<n>]
	 * : How many applications.
	 * ---
	 * default: 600
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting seed demo
	 *     Success: Demo data: 12 jobs (12 created, 0 updated), 600 applications (600 created, 0 updated), 1533 history entries.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function demo( array $args, array $assoc_args ): void {
		unset( $args );
		$count  = Input::count( $assoc_args, 'applications', 1, \RecruitingReports\Import\ImportValidator::MAX_APPLICATIONS );
		$result = DemoData::seed( $count );
		if ( is_wp_error( $result ) ) {
			Commands::fail( $result );
		}
		WP_CLI::success(
			sprintf(
				/* translators: 1: jobs, 2: created, 3: updated, 4: applications, 5: created, 6: updated, 7: history entries. */
				__( 'Demo data: %1$d jobs (%2$d created, %3$d updated), %4$d applications (%5$d created, %6$d updated), %7$d history entries.', 'recruiting-reports' ),
				$result['jobs']['created'] + $result['jobs']['updated'],
				$result['jobs']['created'],
				$result['jobs']['updated'],
				$result['applications']['created'] + $result['applications']['updated'],
				$result['applications']['created'],
				$result['applications']['updated'],
				$result['history_entries']
			)
		);
	}
}
