<?php
/**
 * GET /applications?format=csv (docs/reports.md#comparison): the filtered applications, streamed. Rows are read in chunks
 * by id (keyset pagination: each chunk is an index range read, whatever the offset) with the job's
 * title joined in, and handed to a callback chunk by chunk, so memory stays constant whatever the count.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Domain\TimeInStage;

defined( 'ABSPATH' ) || exit;

/**
 * The applications export: shared filter condition and chunked reads.
 */
final class ApplicationExport {

	/** The columns of the export, in order. */
	public const COLUMNS = array( 'id', 'job_id', 'job_title', 'candidate_name', 'candidate_email', 'source', 'status', 'reason', 'status_since', 'days_in_stage', 'applied_at', 'screening_at', 'interview_at', 'offer_at', 'hired_at' );

	/** Rows per query: large enough to amortise the round trip, small enough to stay a few hundred KB. */
	private const CHUNK = 2000;

	/**
	 * The SQL condition of the list filters (shared by the list and the export, so both select the same
	 * applications).
	 *
	 * @param array  $filters job_id, status (list), applied_after, applied_before, hired_after, hired_before
	 *                        (ISO 8601), reached (a stage), entered (stages), search, source (normalised),
	 *                        updated_before (ISO 8601), anonymised (bool), reason (the current exit reason's id),
	 *                        stale (bool: open and past the stage's threshold, or open and not);
	 *                        absent or null = no filter. Validated by the route's schema.
	 * @param string $alias   The applications table's alias in the query, if any.
	 * @return array{0:string,1:array} A condition with placeholders, and its values.
	 */
	public static function where( array $filters, string $alias = '' ): array {
		global $wpdb;
		$a      = '' === $alias ? '' : $alias . '.';
		$where  = array( '1=1' );
		$params = array();
		if ( null !== ( $filters['job_id'] ?? null ) ) {
			$where[]  = $a . 'job_id = %d';
			$params[] = (int) $filters['job_id'];
		}
		if ( ! empty( $filters['status'] ) ) {
			$statuses = array_values( array_intersect( Pipeline::STATUSES, (array) $filters['status'] ) );
			$where[]  = $a . 'status IN (' . implode( ',', array_fill( 0, max( 1, count( $statuses ) ), '%s' ) ) . ')';
			$params   = array_merge( $params, $statuses ? $statuses : array( '' ) );
		}
		if ( null !== ( $filters['applied_after'] ?? null ) ) {
			$where[]  = $a . 'applied_at >= %d';
			$params[] = Iso8601::parse( $filters['applied_after'] );
		}
		if ( null !== ( $filters['applied_before'] ?? null ) ) {
			$where[]  = $a . 'applied_at < %d';
			$params[] = Iso8601::parse( $filters['applied_before'] );
		}
		// The report drill-downs (docs/ui.md): hires in a range, the cohort's reached(stage), stages entered.
		if ( null !== ( $filters['hired_after'] ?? null ) ) {
			$where[]  = $a . 'hired_at >= %d';
			$params[] = Iso8601::parse( $filters['hired_after'] );
		}
		if ( null !== ( $filters['hired_before'] ?? null ) ) {
			$where[]  = $a . 'hired_at < %d';
			$params[] = Iso8601::parse( $filters['hired_before'] );
		}
		if ( null !== ( $filters['reached'] ?? null ) ) {
			$where[]  = $a . 'max_stage >= %d';
			$params[] = Pipeline::rank( (string) $filters['reached'] );
		}
		foreach ( array_intersect( Pipeline::STAGES, (array) ( $filters['entered'] ?? array() ) ) as $stage ) {
			// A column name from Pipeline::STAGES, not from the request.
			$where[] = $a . ( 'new' === $stage ? 'applied_at' : $stage . '_at' ) . ' IS NOT NULL';
		}
		// The retention rules' selections (Privacy\Retention): last changed before an instant; anonymised or not.
		if ( null !== ( $filters['updated_before'] ?? null ) ) {
			$where[]  = $a . 'updated_at < %d';
			$params[] = Iso8601::parse( $filters['updated_before'] );
		}
		if ( null !== ( $filters['anonymised'] ?? null ) ) {
			$where[]  = $a . 'candidate_email ' . ( $filters['anonymised'] ? '=' : '<>' ) . ' %s';
			$params[] = wp_privacy_anonymize_data( 'email' );
		}
		if ( null !== ( $filters['source'] ?? null ) ) {
			$where[]  = $a . 'source = %s';
			$params[] = (string) $filters['source'];
		}
		if ( null !== ( $filters['reason'] ?? null ) ) {
			$where[]  = $a . 'exit_reason = %s';
			$params[] = (string) $filters['reason'];
		}
		if ( null !== ( $filters['stale'] ?? null ) ) {
			// Stale: in an open status, entered at or before that status's cutoff (Domain\TimeInStage).
			$stale  = array();
			$values = array();
			foreach ( TimeInStage::stale_cutoffs( (array) Settings::get( 'stale_days' ), time(), wp_timezone() ) as $status => $cutoff ) {
				$stale[] = "({$a}status = %s AND {$a}status_since <= %d)";
				array_push( $values, $status, $cutoff );
			}
			$stale   = '(' . implode( ' OR ', $stale ) . ')';
			$open    = implode( ',', array_fill( 0, count( TimeInStage::OPEN ), '%s' ) );
			$where[] = $filters['stale'] ? $stale : "({$a}status IN ($open) AND NOT $stale)";
			$params  = array_merge( $params, $filters['stale'] ? array() : TimeInStage::OPEN, $values );
		}
		$search = trim( (string) ( $filters['search'] ?? '' ) );
		if ( '' !== $search ) {
			$like     = '%' . $wpdb->esc_like( $search ) . '%';
			$where[]  = "({$a}candidate_name LIKE %s OR {$a}candidate_email LIKE %s)";
			$params[] = $like;
			$params[] = $like;
		}
		return array( implode( ' AND ', $where ), $params );
	}

	/**
	 * Calls $emit with each chunk of export rows (COLUMNS order; times as site-timezone
	 * 'Y-m-d H:i:s', '' when never entered), by id ascending.
	 *
	 * @param array    $filters As where().
	 * @param callable $emit    function( array[] $rows ): void.
	 * @return int The number of rows.
	 */
	public static function each_chunk( array $filters, callable $emit ): int {
		global $wpdb;
		[ $where, $params ] = self::where( $filters, 'a' );
		$table              = Schema::table( 'applications' );
		$timezone           = wp_timezone();
		$time               = static fn( $value ) => null === $value ? '' : ( new \DateTimeImmutable( '@' . $value ) )->setTimezone( $timezone )->format( 'Y-m-d H:i:s' );
		$now                = time();
		$last               = 0;
		$count              = 0;
		do {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- table names are ours; $where's placeholders take $params.
			$sql  = $wpdb->prepare( "SELECT a.id, a.job_id, p.post_title, a.candidate_name, a.candidate_email, a.source, a.status, a.exit_reason, a.status_since, a.applied_at, a.screening_at, a.interview_at, a.offer_at, a.hired_at FROM $table a LEFT JOIN {$wpdb->posts} p ON p.ID = a.job_id WHERE a.id > %d AND $where ORDER BY a.id LIMIT %d", array_merge( array( $last ), $params, array( self::CHUNK ) ) );
			$rows = $wpdb->get_results( $sql, ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
			$out  = array();
			foreach ( $rows as $row ) {
				$days  = in_array( $row[6], TimeInStage::OPEN, true ) ? TimeInStage::days( (int) $row[8], $now, $timezone ) : '';
				$out[] = array( (int) $row[0], (int) $row[1], (string) $row[2], $row[3], $row[4], $row[5], $row[6], (string) Reasons::label( $row[6], $row[7] ), $time( $row[8] ), $days, $time( $row[9] ), $time( $row[10] ), $time( $row[11] ), $time( $row[12] ), $time( $row[13] ) );
			}
			if ( $out ) {
				$emit( $out );
				$count += count( $out );
				$last   = (int) end( $rows )[0];
			}
			// Let go of the chunk before reading the next (wpdb keeps the last result otherwise).
			$wpdb->flush();
			$more = count( $rows ) === self::CHUNK;
		} while ( $more );
		return $count;
	}
}
