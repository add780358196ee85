<?php
/**
 * Data\ApplicationEraser: deleting or anonymising an application.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Events;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Removing a candidate's application (docs/api.md#resources "Deleting an application", §12): deletion with everything that
 * hangs off it, or anonymisation that keeps the timeline for the reports. DELETE /applications/{id} and the
 * privacy eraser both come here.
 *
 * Reports stay consistent either way: a deletion subtracts the row's contribution from the report summaries
 * (ReportSummary::apply( [ row ], [] ), the same difference every writer applies) in the transaction that
 * deletes it, guarded by a compare-and-swap on the timeline as read, so a concurrent status change cannot make
 * the subtraction wrong; an anonymisation changes no column a report reads but `source`, which it replaces by its
 * category (Source::category(): a channel name stays, free text becomes `other`) and moves in the summaries the
 * same guarded way.
 */
final class ApplicationEraser {

	/** The columns a deletion or anonymisation must find unchanged (those the summaries were computed from). */
	private const GUARDED = array( 'job_id', 'source', 'status', 'max_stage', 'applied_at', 'screening_at', 'interview_at', 'offer_at', 'hired_at' );

	/**
	 * Deletes an application with its status history, notes and ratings, takes it out of the report summaries
	 * and emits `application.deleted` (its id and job only: the external id is another system's handle on the
	 * person, and receivers that need it kept it from application.created).
	 *
	 * @param int $id Application id.
	 * @return true|WP_Error resource_not_found (404), internal_error (500; nothing is deleted).
	 */
	public static function delete( int $id ) {
		return Transaction::run(
			static function () use ( $id ) {
				global $wpdb;
				// Read while the application is there (its job is read with its activity).
				$activity = ActivitySummary::rows_for( array( $id ) );
				$row      = self::guarded_write(
					$id,
					static function ( array $where, array $format ) use ( $wpdb ) {
						return $wpdb->delete( Schema::table( 'applications' ), $where, $format );
					},
					false
				);
				if ( ! is_array( $row ) ) {
					return $row;
				}
				foreach ( array( 'status_history', 'notes', 'ratings' ) as $name ) {
					if ( false === $wpdb->delete( Schema::table( $name ), array( 'application_id' => $id ), array( '%d' ) ) ) {
						return self::failed();
					}
				}
				if ( ! ActivitySummary::apply( $activity, array() ) ) {
					return self::failed();
				}
				if ( ! ReportSummary::apply( array( array_intersect_key( $row, array_flip( ReportSummary::ROW_COLUMNS ) ) ), array() ) ) {
					return self::failed();
				}
				Events::emit(
					Events::APPLICATION_DELETED,
					array(
						'application_id' => $id,
						'job_id'         => (int) $row['job_id'],
						'application'    => array(
							'id'     => $id,
							'job_id' => (int) $row['job_id'],
						),
					)
				);
				Events::data_changed();
				self::removed( $id, 'deleted' );
				return true;
			}
		);
	}

	/**
	 * Tells add-ons that an application's personal data is gone, so that what they keep about it (a CV file, an
	 * interview recording) goes too; the apply form's own CV files go this way as well (Careers\CvLifecycle).
	 *
	 * @param int    $id  Application id.
	 * @param string $how deleted or anonymised.
	 */
	private static function removed( int $id, string $how ): void {
		/**
		 * Fires when an application was deleted or anonymised (DELETE /applications/{id}, the privacy eraser, the
		 * retention rules), inside its transaction.
		 *
		 * @param int    $id  Application id.
		 * @param string $how deleted or anonymised.
		 */
		do_action( 'recruiting_reports_application_removed', $id, $how );
	}

	/**
	 * Anonymises an application: the candidate's name, e-mail address and phone number are replaced, the external
	 * id (another system's handle on the person) and the notes about them are removed, the notes on status changes
	 * are cleared and a free-text source becomes its category. The timeline (statuses, times, who changed them), the
	 * job and the ratings stay, so every report keeps its figures.
	 *
	 * @param int $id Application id.
	 * @return true|WP_Error resource_not_found (404), invalid_status_transition (409), internal_error (500; nothing is changed).
	 */
	public static function anonymise( int $id ) {
		return Transaction::run(
			static function () use ( $id ) {
				global $wpdb;
				$source = '';
				$row    = self::guarded_write(
					$id,
					static function ( array $where, array $format, array $row ) use ( $wpdb, &$source ) {
						$source = Source::category( (string) $row['source'] );
						return $wpdb->update(
							Schema::table( 'applications' ),
							array(
								'candidate_name'  => wp_privacy_anonymize_data( 'text' ),
								'candidate_email' => wp_privacy_anonymize_data( 'email' ),
								'candidate_phone' => '',
								'external_id'     => null,
								'external_key'    => null,
								'source'          => $source,
								'updated_at'      => time(),
							),
							$where,
							array( '%s', '%s', '%s', '%s', '%s', '%s', '%d' ),
							$format
						);
					},
					true
				);
				if ( ! is_array( $row ) ) {
					return $row;
				}
				$before = array_intersect_key( $row, array_flip( ReportSummary::ROW_COLUMNS ) );
				if ( $source !== $row['source'] ) {
					if ( ! ReportSummary::apply( array( $before ), array( array( 'source' => $source ) + $before ) ) ) {
						return self::failed();
					}
					Events::data_changed();
				}
				$history = Schema::table( 'status_history' );
				if ( false === ActivitySummary::around( array( $id ), static fn() => $wpdb->delete( Schema::table( 'notes' ), array( 'application_id' => $id ), array( '%d' ) ) )
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
					|| false === $wpdb->query( $wpdb->prepare( "UPDATE $history SET note = NULL WHERE application_id = %d", $id ) ) ) {
					return self::failed();
				}
				self::removed( $id, 'anonymised' );
				return true;
			}
		);
	}

	/**
	 * Deletes or updates an application's row only while the columns the summaries were computed from are as read
	 * (a compare-and-swap; read again up to three times when a concurrent write changed them).
	 *
	 * @param int      $id     Application id.
	 * @param callable $write  fn( array $where, array $where_format, array $row ): int|false, rows affected.
	 * @param bool     $update Whether $write updates (0 rows may then mean "already so") rather than deletes.
	 * @return array|WP_Error The row as read before the write; resource_not_found (404), invalid_status_transition
	 *                        (409) when it kept changing, internal_error (500).
	 */
	private static function guarded_write( int $id, callable $write, bool $update ) {
		for ( $attempt = 0; $attempt < 3; $attempt++ ) {
			$row = self::find( $id );
			if ( ! $row ) {
				return new WP_Error( 'resource_not_found', __( 'Application not found.', 'recruiting-reports' ), array( 'status' => 404 ) );
			}
			$where  = array( 'id' => $id );
			$format = array( '%d' );
			foreach ( self::GUARDED as $column ) {
				$where[ $column ] = $row[ $column ];
				$format[]         = in_array( $column, array( 'status', 'source' ), true ) ? '%s' : '%d';
			}
			$written = $write( $where, $format, $row );
			if ( false === $written ) {
				return self::failed();
			}
			// 0 rows: changed since it was read, or (an update) already exactly so; reading again tells which.
			if ( 1 === $written || ( 0 === $written && $update && self::guarded_values( self::find( $id ) ) === self::guarded_values( $row ) ) ) {
				return $row;
			}
		}
		return new WP_Error( 'invalid_status_transition', __( 'The application was changed by another request; reload and try again.', 'recruiting-reports' ), array( 'status' => 409 ) );
	}

	/**
	 * An application's row as stored now.
	 *
	 * @param int $id Application id.
	 * @return array|null
	 */
	private static function find( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'applications' ), $id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * The GUARDED columns' values of a row, in GUARDED order (empty for no row).
	 *
	 * @param array|null $row Row of the applications table.
	 * @return array
	 */
	private static function guarded_values( ?array $row ): array {
		return $row ? array_map( static fn( $column ) => $row[ $column ], self::GUARDED ) : array();
	}

	/**
	 * Ids of the applications made with an e-mail address (compared case-insensitively on every database).
	 *
	 * @param string $email  Address.
	 * @param int    $limit  At most this many, lowest ids first.
	 * @param int    $offset Skip this many.
	 * @return int[]
	 */
	public static function ids_for_email( string $email, int $limit, int $offset = 0 ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM $table WHERE LOWER(candidate_email) = %s ORDER BY id LIMIT %d OFFSET %d", strtolower( trim( $email ) ), $limit, $offset ) );
		return array_map( 'intval', $ids );
	}

	/**
	 * The error of a failed statement (the transaction rolls back).
	 *
	 * @return WP_Error internal_error (500).
	 */
	private static function failed(): WP_Error {
		return new WP_Error( 'internal_error', __( 'The application could not be removed.', 'recruiting-reports' ), array( 'status' => 500 ) );
	}
}
