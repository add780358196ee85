<?php
/**
 * Writes a validated import batch atomically: jobs through JobRepository, applications with their histories and
 * the report summaries' difference through ApplicationWriter::import(), all inside one transaction
 * (Data\Transaction).
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
use RecruitingReports\Data\ExternalIdClaims;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\JobChangeListener;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Validates import batches and writes them atomically.
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
		// No job.* events from WordPress's post hooks either (Domain\JobChangeListener). The jobs' external ids are
		// claimed for the batch (Data\ExternalIdClaims): a concurrent import or POST /jobs with one of them waits
		// and then finds the job instead of creating a second one (post meta holds no unique key; applications have one).
		$result = ExternalIdClaims::hold(
			'job',
			wp_list_pluck( $batch['jobs'], 'external_id' ),
			fn() => Transaction::run( fn() => JobChangeListener::suppress( fn() => $this->write( $batch, $user_id ) ) )
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
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

		$applications = array();
		foreach ( $batch['applications'] as $app ) {
			$applications[] = $app + array( 'job_id' => $app['job']['id'] ?? $job_ids[ ExternalId::key( $app['job']['external'] ) ] );
		}
		$written = ApplicationWriter::import( $applications, $user_id );
		if ( null === $written ) {
			return $failed;
		}

		return array(
			'jobs'            => array(
				'created' => $jobs_created,
				'updated' => count( $batch['jobs'] ) - $jobs_created,
				'ids'     => (object) $this->ids_by_external_id( $batch['jobs'], $job_ids ),
			),
			'applications'    => array(
				'created' => $written['created'],
				'updated' => $written['updated'],
				'ids'     => (object) $this->ids_by_external_id( $batch['applications'], $written['ids'] ),
			),
			'history_entries' => $written['history_entries'],
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
}
