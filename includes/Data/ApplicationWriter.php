<?php
/**
 * The one writer of applications' statuses: every status history row and every timeline column is
 * written here, in one format, from Pipeline's rules (docs/targets.md#rules-we-keep: "one writer, one format") — by the API's writes
 * and by imports alike.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\Pipeline;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The one writer of applications' statuses: every status history row and every timeline column is written here, in one format, from Pipeline's rules (docs/targets.md#rules-we-keep: "one writer, one format").
 */
final class ApplicationWriter {

	public const HISTORY_COLUMNS = array( 'application_id', 'from_status', 'to_status', 'changed_at', 'user_id', 'note', 'reason' );

	/**
	 * Creates an application in `new`, with its first history row.
	 *
	 * @param array    $fields     job_id, candidate_name, candidate_email, candidate_phone, external_id (optional),
	 *                      source (optional, already normalised by Source::normalize(); default `direct`).
	 * @param int      $user_id    User id.
	 * @param int|null $applied_at Applied at.
	 * @return int|WP_Error Application id.
	 */
	public static function create( array $fields, int $user_id, ?int $applied_at = null ) {
		global $wpdb;
		$now        = time();
		$applied_at = $applied_at ?? $now;
		$row        = array_merge(
			array(
				'job_id'          => (int) $fields['job_id'],
				'external_id'     => $fields['external_id'] ?? null,
				'external_key'    => isset( $fields['external_id'] ) ? ExternalId::key( (string) $fields['external_id'] ) : null,
				'candidate_name'  => (string) $fields['candidate_name'],
				'candidate_email' => (string) $fields['candidate_email'],
				'candidate_phone' => (string) ( $fields['candidate_phone'] ?? '' ),
				'source'          => (string) ( $fields['source'] ?? Source::DIRECT ),
				'created_at'      => $now,
				'updated_at'      => $now,
			),
			Pipeline::timeline_columns( Pipeline::initial_state( $applied_at ) )
		);
		if ( ! $wpdb->insert( Schema::table( 'applications' ), $row ) ) {
			return new WP_Error( 'internal_error', __( 'The application could not be saved.', 'recruiting-reports' ), array( 'status' => 500 ) );
		}
		$id = (int) $wpdb->insert_id;
		if ( ! BulkInsert::insert( Schema::table( 'status_history' ), self::HISTORY_COLUMNS, array( self::history_row( $id, null, 'new', $applied_at, $user_id, null, null ) ) )
			|| ! ReportSummary::apply( array(), array( array( 'id' => $id ) + $row ) ) ) {
			// The caller's transaction (Data\Transaction) rolls the application row back.
			return new WP_Error( 'internal_error', __( 'The application could not be saved.', 'recruiting-reports' ), array( 'status' => 500 ) );
		}
		$since = ReportSummary::changed_since(); // Before any listener writes.
		Events::emit(
			Events::APPLICATION_CREATED,
			array(
				'application_id' => $id,
				'job_id'         => $row['job_id'],
			)
		);
		Events::data_changed( $since );
		return $id;
	}

	/**
	 * Moves an application to a new status (docs/targets.md#statuses-and-transitions).
	 *
	 * The update is a compare-and-swap on the timeline the change was validated against, so two
	 * concurrent changes can never both apply to the same starting state (no lost or forked history).
	 *
	 * @param int         $id      Id.
	 * @param string      $target  Target.
	 * @param int         $user_id User id.
	 * @param string|null $note    Note.
	 * @param string|null $reason  The reason's id for rejected or withdrawn (checked by Reasons::check()).
	 * @return array{changed:bool,from:string,to:string}|WP_Error 404 unknown, 409 not allowed.
	 */
	public static function change_status( int $id, string $target, int $user_id, ?string $note = null, ?string $reason = null ) {
		global $wpdb;
		$table = Schema::table( 'applications' );
		for ( $attempt = 0; $attempt < 3; $attempt++ ) {
			$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', $table, $id ), ARRAY_A );
			if ( ! $row ) {
				return new WP_Error( 'resource_not_found', __( 'Application not found.', 'recruiting-reports' ), array( 'status' => 404 ) );
			}
			$now   = time();
			$state = self::state_of( $row );
			$next  = Pipeline::apply( $state, $target, $now, $reason );
			if ( null === $next ) {
				$allowed = Pipeline::allowed_targets( $state['status'], $state['reopen_status'] );
				return new WP_Error(
					'invalid_status_transition',
					sprintf(
						/* translators: 1: current status, 2: requested status, 3: allowed statuses. */
						__( 'An application in "%1$s" cannot move to "%2$s". Allowed: %3$s.', 'recruiting-reports' ),
						$state['status'],
						$target,
						$allowed ? implode( ', ', $allowed ) : __( 'none', 'recruiting-reports' )
					),
					array(
						'status'  => 409,
						'current' => $state['status'],
						'allowed' => $allowed,
					)
				);
			}
			if ( $next === $state ) {
				return array(
					'changed' => false,
					'from'    => $state['status'],
					'to'      => $target,
				);
			}
			$columns               = Pipeline::timeline_columns( $next );
			$columns['updated_at'] = $now;
			unset( $columns['applied_at'] );
			// Compare-and-swap on the whole timeline as read (not just the status), so that a concurrent
			// writer (a re-import keeping the status) can neither be overwritten nor make the summaries'
			// difference below wrong.
			$where  = array(
				'id'            => $id,
				'status'        => $state['status'],
				'reopen_status' => $row['reopen_status'],
			);
			$format = array( '%d', '%s', '%s' );
			foreach ( array( 'job_id', 'max_stage', 'applied_at', 'screening_at', 'interview_at', 'offer_at', 'hired_at' ) as $column ) {
				$where[ $column ] = null === $row[ $column ] ? null : (int) $row[ $column ];
				$format[]         = '%d';
			}
			$updated = $wpdb->update( $table, $columns, $where, null, $format );
			if ( 1 !== $updated ) {
				continue; // Someone else changed it first: re-read and validate again.
			}
			// The row, its history and the report summaries change together or not at all.
			$history = static fn() => BulkInsert::insert( Schema::table( 'status_history' ), self::HISTORY_COLUMNS, array( self::history_row( $id, $state['status'], $target, $now, $user_id, $note, $reason ) ) );
			if ( ! ActivitySummary::around( array( $id ), $history )
				|| ! ReportSummary::apply( array( $row ), array( array_merge( $row, $columns ) ) ) ) {
				// The caller's transaction (Data\Transaction) rolls the status update back.
				return new WP_Error( 'internal_error', __( 'The status change could not be saved.', 'recruiting-reports' ), array( 'status' => 500 ) );
			}
			$since = ReportSummary::changed_since(); // Before any listener writes.
			Events::emit(
				Events::APPLICATION_STATUS_CHANGED,
				array(
					'application_id' => $id,
					'job_id'         => (int) $row['job_id'],
					'from'           => $state['status'],
					'to'             => $target,
				)
			);
			Events::data_changed( $since );
			return array(
				'changed' => true,
				'from'    => $state['status'],
				'to'      => $target,
			);
		}
		return new WP_Error( 'invalid_status_transition', __( 'The application was changed by another request; reload and try again.', 'recruiting-reports' ), array( 'status' => 409 ) );
	}

	/**
	 * The Pipeline state stored in an application row.
	 *
	 * @param array $row Row.
	 */
	public static function state_of( array $row ): array {
		$entered = array( 'new' => (int) $row['applied_at'] );
		foreach ( array( 'screening', 'interview', 'offer', 'hired' ) as $stage ) {
			if ( null !== $row[ $stage . '_at' ] ) {
				$entered[ $stage ] = (int) $row[ $stage . '_at' ];
			}
		}
		return array(
			'status'        => $row['status'],
			'reopen_status' => $row['reopen_status'],
			'max_stage'     => (int) $row['max_stage'],
			'entered'       => $entered,
			'since'         => (int) $row['status_since'],
			'reason'        => $row['exit_reason'],
		);
	}

	/**
	 * Writes imported applications (inside the importer's transaction): new ones in multi-row statements, existing
	 * ones (same external id) updated in place with their status history replaced by the batch's — for migrated
	 * records the source system is the authority — and the report summaries moved by the difference.
	 *
	 * @param array[] $applications Validated applications (ImportValidator), each with `job_id` set.
	 * @param int     $user_id      The user recorded on the history rows.
	 * @return array{ids:array<string,int>,created:int,updated:int,history_entries:int}|null Ids by
	 *         ExternalId::key( external id ) and counts; null when a statement failed (the caller rolls back).
	 */
	public static function import( array $applications, int $user_id ): ?array {
		global $wpdb;
		$table    = Schema::table( 'applications' );
		$external = wp_list_pluck( $applications, 'external_id' );
		$existing = ApplicationRepository::ids_for_external_ids( $external );
		// What the report summaries counted for the records about to be replaced.
		$before   = $existing ? ReportSummary::rows_for( array_values( $existing ) ) : array();
		$activity = $existing ? ActivitySummary::rows_for( array_values( $existing ) ) : array();
		$now      = time();
		$new_rows = array();
		$columns  = null;
		$updated  = 0;
		foreach ( $applications as $app ) {
			$state = Pipeline::replay( $app['applied_at'], $app['history'] )['state'];
			$row   = array_merge(
				array(
					'job_id'          => $app['job_id'],
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
				if ( false === $wpdb->update( $table, $row, array( 'id' => $existing[ $key ] ) ) ) {
					return null;
				}
				++$updated;
				continue;
			}
			$row['created_at'] = $now;
			$columns           = array_keys( $row );
			$new_rows[]        = array_values( $row );
		}
		if ( $new_rows && ! BulkInsert::insert( $table, $columns, $new_rows ) ) {
			return null;
		}

		$ids = ApplicationRepository::ids_for_external_ids( $external );
		if ( count( $ids ) !== count( $applications ) ) {
			return null;
		}
		if ( $existing && ! self::delete_history( array_values( $existing ) ) ) {
			return null;
		}
		$history_rows = array();
		$new_jobs     = array(); // Application id => job id, of the applications created here.
		foreach ( $applications as $app ) {
			$id = $ids[ ExternalId::key( $app['external_id'] ) ];
			array_push( $history_rows, ...self::history_rows( $id, $app['applied_at'], $app['history'], $user_id ) );
			if ( ! isset( $existing[ ExternalId::key( $app['external_id'] ) ] ) ) {
				$new_jobs[ $id ] = (int) $app['job_id'];
			}
		}
		if ( ! BulkInsert::insert( Schema::table( 'status_history' ), self::HISTORY_COLUMNS, $history_rows ) ) {
			return null;
		}
		// A new application's activity is its history rows just built; a re-imported one's is read back (its notes and
		// ratings stay, and may have moved to another job with it).
		$new_activity = ActivitySummary::from_history( array_filter( $history_rows, static fn( $row ) => isset( $new_jobs[ $row[0] ] ) ), $new_jobs );
		if ( ! ReportSummary::apply( $before, ReportSummary::rows_for( array_values( $ids ) ) )
			|| ! ActivitySummary::apply( $activity, array_merge( ActivitySummary::rows_for( array_values( $existing ) ), $new_activity ) ) ) {
			return null;
		}
		return array(
			'ids'             => $ids,
			'created'         => count( $new_rows ),
			'updated'         => $updated,
			'history_entries' => count( $history_rows ),
		);
	}

	/**
	 * Deletes the status history of applications being re-imported.
	 *
	 * @param int[] $application_ids Application ids.
	 * @return bool false when a statement failed.
	 */
	private static function delete_history( array $application_ids ): bool {
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

	/**
	 * History rows for a whole replayed history (the initial `new` row included, no-ops skipped).
	 *
	 * @param int                                                    $application_id Application id.
	 * @param int                                                    $applied_at     Applied at.
	 * @param array<int,array{status:string,at:int,reason?:?string}> $history        Chronological, already validated.
	 * @param int                                                    $user_id        User id.
	 * @return array[] Rows in HISTORY_COLUMNS order.
	 */
	public static function history_rows( int $application_id, int $applied_at, array $history, int $user_id ): array {
		$rows    = array( self::history_row( $application_id, null, 'new', $applied_at, $user_id, null, null ) );
		$current = 'new';
		foreach ( $history as $change ) {
			if ( $change['status'] === $current ) {
				continue;
			}
			$rows[]  = self::history_row( $application_id, $current, $change['status'], $change['at'], $user_id, null, $change['reason'] ?? null );
			$current = $change['status'];
		}
		return $rows;
	}

	/**
	 * A status_history row in HISTORY_COLUMNS order.
	 *
	 * @param int         $application_id Application id.
	 * @param string|null $from           From.
	 * @param string      $to             To.
	 * @param int         $at             At.
	 * @param int         $user_id        User id.
	 * @param string|null $note           Note.
	 * @param string|null $reason         Reason id (rejected or withdrawn).
	 */
	private static function history_row( int $application_id, ?string $from, string $to, int $at, int $user_id, ?string $note, ?string $reason ): array {
		return array( $application_id, $from, $to, $at, $user_id, $note, $reason );
	}
}
