<?php
/**
 * `wp recruiting seed benchmark` (development only, see dev/load.php).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Dev;

use RecruitingReports\Cli\Input;
use RecruitingReports\Data\Schema;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * `wp recruiting seed benchmark`.
 */
final class BenchmarkCommand {

	/**
	 * Bulk-seeds the benchmark dataset of docs/targets.md#targets (development only).
	 *
	 * Jobs and applications (about five history rows each) over the last three
	 * years, deterministic, with the summaries kept as every writer keeps them.
	 *
	 * Run it again to add more: numbering continues after the benchmark
	 * applications already there. A development tool (not in the release zip); it
	 * assumes nothing else writes meanwhile.
	 *
	 * ## OPTIONS
	 *
	 * --applications=<n>
	 * : How many applications to add.
	 *
	 * [--jobs=<n>]
	 * : How many jobs to spread them over (created when missing).
	 * ---
	 * default: 200
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting seed benchmark --applications=100000
	 *     Success: Seeded 100000 applications (498213 history rows) in 31.2 s = 3205 applications/s.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		global $wpdb;
		unset( $args );
		$count    = Input::count( $assoc_args, 'applications', 1, 10000000 );
		$jobs     = Input::count( $assoc_args, 'jobs', 1, 10000 );
		$first    = 1 + (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE external_key LIKE %s', Schema::table( 'applications' ), 'bench-app-%' ) );
		$progress = \WP_CLI\Utils\make_progress_bar( 'Seeding', $count );
		$result   = BenchmarkData::seed( $count, $first, null, $jobs, static fn( int $written ) => $progress->tick( $written ) );
		$progress->finish();
		WP_CLI::success(
			sprintf(
				'Seeded %d applications (%d history rows) in %s s = %d applications/s.',
				$result['applications'],
				$result['history_rows'],
				$result['seconds'],
				(int) round( $result['applications'] / max( 0.01, $result['seconds'] ) )
			)
		);
	}
}
