<?php
/**
 * Writes a validated import batch atomically: jobs through JobRepository, applications and their
 * histories with multi-row statements, and the report summaries' difference (ReportSummary), all
 * inside one transaction.
 *
 * Re-importing an external id updates that record in place; an imported application's status history
 * is replaced by the batch's (for migrated records the source system is the authority). Imports emit
 * no webhook events (a migration of 100,000 records must not flood receivers); they do invalidate
 * the report cache.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Import;

use RecruitingReports\Data\ApplicationWriter;
use RecruitingReports\Data\BulkInsert;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\JobChangeListener;
use RecruitingReports\Domain\Pipeline;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Writes a validated import batch atomically: jobs through JobRepository, applications and their histories with multi-row statements, and the report summaries' difference (ReportSummary), all inside one transaction.
 */
final class Importer {

	/**
	 * Validates and writes one import batch within the per-request limits (POST /import).
	 *
	 * @param mixed $body    Decoded JSON body.
	 * @param int   $user_id The user recorded on the history rows.
	 * @return array|WP_Error Summary, 400 with every problem, or 500.
	 */
	public function import( $body, int $user_id ) {
		$batch = $this->validate( $body );
		return is_wp_error( $batch ) ? $batch : $this->write_batch( $batch, $user_id );
	}

	/**
	 * Validates a whole import without writing anything.
	 *
	 * @param mixed $body    Decoded JSON body.
	 * @param bool  $limited Whether the per-request limits apply; WP-CLI validates a file of any size at once
	 *                       and writes it with split() and write_batch().
	 * @return array|WP_Error The normalised batch, or 400 listing every problem in data.params.
	 */
	public function validate( $body, bool $limited = true ) {
		$validator = new ImportValidator();
		$batch     = $validator->validate( $body, $limited );
		if ( null !== $batch ) {
			return $batch;
		}
		$errors = $validator->errors();
		return new WP_Error(
			'rest_invalid_param',
			sprintf(
				/* translators: %d: number of problems. */
				_n( 'The import was rejected and nothing was written: %d problem.', 'The import was rejected and nothing was written: %d problems.', count( $errors ), 'recruiting-reports' ),
				count( $errors )
			),
			array(
				'status' => 400,
				'params' => $errors,
			)
		);
	}

	/**
	 * Splits a validated batch of any size into batches within the per-request limits. Jobs come first (the
	 * last jobs batch carries the first applications), so every job an application refers to by external id
	 * is written before or together with it.
	 *
	 * @param array $batch A batch from validate( …, false ).
	 * @return array[] Batches for write_batch(), in order.
	 */
	public static function split( array $batch ): array {
		$batches = array();
		foreach ( array_chunk( $batch['jobs'], ImportValidator::MAX_JOBS ) as $jobs ) {
			$batches[] = array(
				'jobs'         => $jobs,
				'applications' => array(),
			);
		}
		foreach ( array_chunk( $batch['applications'], ImportValidator::MAX_APPLICATIONS ) as $index => $applications ) {
			if ( 0 === $index && $batches ) {
				$batches[ count( $batches ) - 1 ]['applications'] = $applications;
				continue;
			}
			$batches[] = array(
				'jobs'         => array(),
				'applications' => $applications,
			);
		}
		return $batches;
	}

	/**
	 * Writes one validated batch atomically (one transaction).
	 *
	 * @param array $batch   A batch from validate() or split().
	 * @param int   $user_id The user recorded on the history rows.
	 * @return array|WP_Error Summary, or 500 (nothing of this batch written).
	 */
	public function write_batch( array $batch, int $user_id ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		// No job.* events from WordPress's post hooks either (Domain\JobChangeListener).
		$result = JobChangeListener::suppress( fn() => $this->write( $batch, $user_id ) );
		if ( is_wp_error( $result ) ) {
			$wpdb->query( 'ROLLBACK' );
			return $result;
		}
		$wpdb->query( 'COMMIT' );
		Events::data_changed();
		/**
		 * Fires after an import batch was written (committed). POST /import is one batch; WP-CLI's import fires
		 * it once per batch of a file.
		 *
		 * @param array $summary The batch's summary: jobs and applications created, updated and their ids by
		 *                       external id, history rows written.
		 * @param int   $user_id The importing user.
		 */
		do_action( 'recruiting_reports_after_import', $result, $user_id );
		return $result;
	}

	/**
	 * Writes one validated batch: jobs, then applications with their history.
	 *
	 * @param array $batch   Batch.
	 * @param int   $user_id User id.
	 * @return array|WP_Error
	 */
	private function write( array $batch, int $user_id ) {
		$failed = new WP_Error( 'internal_error', __( 'The import could not be written; nothing was saved.', 'recruiting-reports' ), array( 'status' => 500 ) );

		$job_ids      = JobRepository::ids_for_external_ids( wp_list_pluck( $batch['jobs'], 'external_id' ) );
		$jobs_created = 0;
		foreach ( $batch['jobs'] as $job ) {
			$key      = ExternalId::key( $job['external_id'] );
			$existing = $job_ids[ $key ] ?? 0;
			$id       = JobRepository::save( $job, $existing );
			if ( is_wp_error( $id ) ) {
				return $failed;
			}
			$jobs_created   += $existing ? 0 : 1;
			$job_ids[ $key ] = $id;
		}

		$referenced = array();
		foreach ( $batch['applications'] as $app ) {
			if ( isset( $app['job']['external'] ) && ! isset( $job_ids[ ExternalId::key( $app['job']['external'] ) ] ) ) {
				$referenced[] = $app['job']['external'];
			}
		}
		$job_ids += JobRepository::ids_for_external_ids( $referenced );

		$table    = Schema::table( 'applications' );
		$external = wp_list_pluck( $batch['applications'], 'external_id' );
		$existing = $this->application_ids( $external );
		// What the report summaries counted for the records about to be replaced.
		$before   = $existing ? ReportSummary::rows_for( array_values( $existing ) ) : array();
		$now      = time();
		$new_rows = array();
		$columns  = null;
		$updated  = 0;
		foreach ( $batch['applications'] as $app ) {
			$state = Pipeline::replay( $app['applied_at'], $app['history'] )['state'];
			$row   = array_merge(
				array(
					'job_id'          => $app['job']['id'] ?? $job_ids[ ExternalId::key( $app['job']['external'] ) ],
					'external_id'     => $app['external_id'],
					'external_key'    => ExternalId::key( $app['external_id'] ),
					'candidate_name'  => $app['candidate_name'],
					'candidate_email' => $app['candidate_email'],
					'candidate_phone' => $app['candidate_phone'],
					'source'          => $app['source'],
				),
				Pipeline::timeline_columns( $state ),
				array( 'updated_at' => $now )
			);
			$key   = ExternalId::key( $app['external_id'] );
			if ( isset( $existing[ $key ] ) ) {
				global $wpdb;
				if ( false === $wpdb->update( $table, $row, array( 'id' => $existing[ $key ] ) ) ) {
					return $failed;
				}
				++$updated;
				continue;
			}
			$row['created_at'] = $now;
			$columns           = array_keys( $row );
			$new_rows[]        = array_values( $row );
		}
		if ( $new_rows && ! BulkInsert::insert( $table, $columns, $new_rows ) ) {
			return $failed;
		}

		$ids = $this->application_ids( $external );
		if ( count( $ids ) !== count( $batch['applications'] ) ) {
			return $failed;
		}
		if ( $existing && ! $this->delete_history( array_values( $existing ) ) ) {
			return $failed;
		}
		$history_rows = array();
		foreach ( $batch['applications'] as $app ) {
			array_push( $history_rows, ...ApplicationWriter::history_rows( $ids[ ExternalId::key( $app['external_id'] ) ], $app['applied_at'], $app['history'], $user_id ) );
		}
		if ( ! BulkInsert::insert( Schema::table( 'status_history' ), ApplicationWriter::HISTORY_COLUMNS, $history_rows ) ) {
			return $failed;
		}
		if ( ! ReportSummary::apply( $before, ReportSummary::rows_for( array_values( $ids ) ) ) ) {
			return $failed;
		}

		return array(
			'jobs'            => array(
				'created' => $jobs_created,
				'updated' => count( $batch['jobs'] ) - $jobs_created,
				'ids'     => (object) $this->ids_by_external_id( $batch['jobs'], $job_ids ),
			),
			'applications'    => array(
				'created' => count( $new_rows ),
				'updated' => $updated,
				'ids'     => (object) $this->ids_by_external_id( $batch['applications'], $ids ),
			),
			'history_entries' => count( $history_rows ),
		);
	}

	/**
	 * Ids by external id.
	 *
	 * @param array $records    Records.
	 * @param array $ids_by_key Ids by key.
	 * @return array<string,int> each record's external id as given => its id
	 */
	private function ids_by_external_id( array $records, array $ids_by_key ): array {
		$ids = array();
		foreach ( $records as $record ) {
			$ids[ $record['external_id'] ] = $ids_by_key[ ExternalId::key( $record['external_id'] ) ];
		}
		return $ids;
	}

	/**
	 * Ids of existing applications by external id.
	 *
	 * @param array $external_ids External ids.
	 * @return array<string,int> ExternalId::key( external id ) => application id
	 */
	private function application_ids( array $external_ids ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		$map   = array();
		$keys  = array_values( array_unique( array_map( array( ExternalId::class, 'key' ), $external_ids ) ) );
		foreach ( array_chunk( $keys, 1000 ) as $chunk ) {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT id, external_key FROM %i WHERE external_key IN (' . implode( ',', array_fill( 0, count( $chunk ), '%s' ) ) . ')',
					array_merge( array( $table ), $chunk )
				),
				ARRAY_A
			);
			foreach ( $rows as $row ) {
				$map[ (string) $row['external_key'] ] = (int) $row['id'];
			}
		}
		return $map;
	}

	/**
	 * Deletes the status history of applications being re-imported.
	 *
	 * @param array $application_ids Application ids.
	 */
	private function delete_history( array $application_ids ): bool {
		global $wpdb;
		$table = Schema::table( 'status_history' );
		foreach ( array_chunk( $application_ids, 1000 ) as $chunk ) {
			$deleted = $wpdb->query(
				$wpdb->prepare(
					'DELETE FROM %i WHERE application_id IN (' . implode( ',', array_fill( 0, count( $chunk ), '%d' ) ) . ')',
					array_merge( array( $table ), $chunk )
				)
			);
			if ( false === $deleted ) {
				return false;
			}
		}
		return true;
	}
}
