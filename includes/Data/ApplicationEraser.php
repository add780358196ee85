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
 * Removing a candidate's application (SPEC §5 "Deleting an application", §12): deletion with everything that
 * hangs off it, or anonymisation that keeps the timeline for the reports. DELETE /applications/{id} and the
 * privacy eraser both come here.
 *
 * Reports stay consistent either way: a deletion subtracts the row's contribution from the report summaries
 * (ReportSummary::apply( [ row ], [] ), the same difference every writer applies) in the transaction that
 * deletes it, guarded by a compare-and-swap on the timeline as read, so a concurrent status change cannot make
 * the subtraction wrong; an anonymisation changes no column a report reads.
 */
final class ApplicationEraser {

	/** The timeline columns a deletion must find unchanged (those the summaries were computed from). */
	private const GUARDED = array( 'job_id', 'status', 'max_stage', 'applied_at', 'screening_at', 'interview_at', 'offer_at', 'hired_at' );

	/**
	 * Deletes an application with its status history, notes and ratings, takes it out of the report summaries
	 * and emits `application.deleted` (its id, job and external id: no personal data goes to receivers).
	 *
	 * @param int $id Application id.
	 * @return true|WP_Error resource_not_found (404), internal_error (500; nothing is deleted).
	 */
	public static function delete( int $id ) {
		return Transaction::run(
			static function () use ( $id ) {
				global $wpdb;
				$table = Schema::table( 'applications' );
				for ( $attempt = 0; $attempt < 3; $attempt++ ) {
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
					$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM $table WHERE id = %d", $id ), ARRAY_A );
					if ( ! $row ) {
						return new WP_Error( 'resource_not_found', __( 'Application not found.', 'recruiting-reports' ), array( 'status' => 404 ) );
					}
					$where  = array( 'id' => $id );
					$format = array( '%d' );
					foreach ( self::GUARDED as $column ) {
						$where[ $column ] = null === $row[ $column ] ? null : $row[ $column ];
						$format[]         = 'status' === $column ? '%s' : '%d';
					}
					$deleted = $wpdb->delete( $table, $where, $format );
					if ( false === $deleted ) {
						return self::failed();
					}
					if ( 1 === $deleted ) {
						break;
					}
					$row = null; // Changed since it was read: read it again.
				}
				if ( ! $row ) {
					return new WP_Error( 'invalid_status_transition', __( 'The application was changed by another request; reload and try again.', 'recruiting-reports' ), array( 'status' => 409 ) );
				}
				foreach ( array( 'status_history', 'notes', 'ratings' ) as $name ) {
					if ( false === $wpdb->delete( Schema::table( $name ), array( 'application_id' => $id ), array( '%d' ) ) ) {
						return self::failed();
					}
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
							'id'          => $id,
							'job_id'      => (int) $row['job_id'],
							'external_id' => null === $row['external_id'] ? null : (string) $row['external_id'],
						),
					)
				);
				Events::data_changed();
				return true;
			}
		);
	}

	/**
	 * Anonymises an application: the candidate's name, e-mail address and phone number are replaced, the external
	 * id (another system's handle on the person) and the notes about them are removed, and the notes on status
	 * changes are cleared. The timeline (statuses, times, who changed them) and the ratings stay, so every report
	 * keeps its figures.
	 *
	 * @param int $id Application id.
	 * @return true|WP_Error resource_not_found (404), internal_error (500; nothing is changed).
	 */
	public static function anonymise( int $id ) {
		return Transaction::run(
			static function () use ( $id ) {
				global $wpdb;
				$updated = $wpdb->update(
					Schema::table( 'applications' ),
					array(
						'candidate_name'  => wp_privacy_anonymize_data( 'text' ),
						'candidate_email' => wp_privacy_anonymize_data( 'email' ),
						'candidate_phone' => '',
						'external_id'     => null,
						'external_key'    => null,
						'updated_at'      => time(),
					),
					array( 'id' => $id ),
					array( '%s', '%s', '%s', '%s', '%s', '%d' ),
					array( '%d' )
				);
				if ( false === $updated ) {
					return self::failed();
				}
				if ( 0 === $updated ) {
					return new WP_Error( 'resource_not_found', __( 'Application not found.', 'recruiting-reports' ), array( 'status' => 404 ) );
				}
				$history = Schema::table( 'status_history' );
				if ( false === $wpdb->delete( Schema::table( 'notes' ), array( 'application_id' => $id ), array( '%d' ) )
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
					|| false === $wpdb->query( $wpdb->prepare( "UPDATE $history SET note = NULL WHERE application_id = %d", $id ) ) ) {
					return self::failed();
				}
				return true;
			}
		);
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
