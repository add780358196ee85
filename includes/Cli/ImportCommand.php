<?php
/**
 * `wp recruiting import <file|->`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Import\Importer;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Imports a JSON file through the importer of POST /import.
 */
final class ImportCommand {

	/**
	 * Imports jobs and applications with their status history from a JSON file.
	 *
	 * The file is the body of POST /recruiting/v1/import (an object with "jobs"
	 * and/or "applications"), of any size. The whole file is validated first with
	 * the API's rules: when anything is wrong, every problem is listed (by path,
	 * such as applications[3].history[1].at), nothing is written and the exit code
	 * is 1. A valid file is then written in batches of the API's limits (1,000
	 * jobs, 10,000 applications), each batch atomically; jobs come first.
	 * Re-importing an external id updates that record in place, so a run stopped
	 * half-way can simply be repeated.
	 *
	 * ## OPTIONS
	 *
	 * <file>
	 * : Path to the JSON file, or - to read standard input.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting import export.json
	 *     Success: Imported 200 jobs (200 created, 0 updated) and 20000 applications (20000 created, 0 updated) with 98412 history entries in 2 batches.
	 *
	 *     $ cat export.json | wp recruiting import - --user=admin
	 *
	 * History entries record the current user (global --user) as the one who made
	 * the change.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		unset( $assoc_args );
		$body     = Input::json( $args[0] );
		$importer = new Importer();
		$batch    = $importer->validate( $body, false );
		if ( is_wp_error( $batch ) ) {
			Commands::fail( $batch );
		}

		$batches  = Importer::split( $batch );
		$progress = \WP_CLI\Utils\make_progress_bar( __( 'Importing', 'recruiting-reports' ), count( $batch['jobs'] ) + count( $batch['applications'] ) );
		$totals   = array(
			'jobs_created'         => 0,
			'jobs_updated'         => 0,
			'applications_created' => 0,
			'applications_updated' => 0,
			'history_entries'      => 0,
		);
		foreach ( $batches as $index => $part ) {
			$result = $importer->write_batch( $part, get_current_user_id() );
			if ( is_wp_error( $result ) ) {
				$progress->finish();
				WP_CLI::error(
					sprintf(
						/* translators: 1: batch number, 2: number of batches, 3: error message, 4: number of batches written. */
						__( 'Batch %1$d of %2$d failed: %3$s %4$d earlier batch(es) were written; run the import again to finish it (records are updated in place).', 'recruiting-reports' ),
						$index + 1,
						count( $batches ),
						$result->get_error_message(),
						$index
					)
				);
			}
			$totals['jobs_created']         += $result['jobs']['created'];
			$totals['jobs_updated']         += $result['jobs']['updated'];
			$totals['applications_created'] += $result['applications']['created'];
			$totals['applications_updated'] += $result['applications']['updated'];
			$totals['history_entries']      += $result['history_entries'];
			$progress->tick( count( $part['jobs'] ) + count( $part['applications'] ) );
		}
		$progress->finish();
		WP_CLI::success(
			sprintf(
				/* translators: 1: jobs, 2: jobs created, 3: jobs updated, 4: applications, 5: applications created, 6: applications updated, 7: history entries, 8: batches. */
				_n( 'Imported %1$d jobs (%2$d created, %3$d updated) and %4$d applications (%5$d created, %6$d updated) with %7$d history entries in %8$d batch.', 'Imported %1$d jobs (%2$d created, %3$d updated) and %4$d applications (%5$d created, %6$d updated) with %7$d history entries in %8$d batches.', count( $batches ), 'recruiting-reports' ),
				$totals['jobs_created'] + $totals['jobs_updated'],
				$totals['jobs_created'],
				$totals['jobs_updated'],
				$totals['applications_created'] + $totals['applications_updated'],
				$totals['applications_created'],
				$totals['applications_updated'],
				$totals['history_entries'],
				count( $batches )
			)
		);
	}
}
