<?php
/**
 * The rows behind the daily stale alerts (Webhooks\StaleAlerts): which open applications are past their stage's
 * threshold without an alert for that stage yet, and the claim that makes each alert go out once.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * Stale alerts' reads and claims: applications.stale_notified holds one bit per stage (1 << rank).
 */
final class StaleNotices {

	/**
	 * Applications in an open status entered at or before that status's cutoff whose stage has no alert yet, by id.
	 *
	 * @param array<string,int> $cutoffs Status => latest stale entry instant (Domain\TimeInStage::stale_cutoffs()).
	 * @param int               $after   Ids above this one.
	 * @param int               $limit   At most this many.
	 * @return array<int,array{id:int,status:string}>
	 */
	public static function due( array $cutoffs, int $after, int $limit ): array {
		global $wpdb;
		$conditions = array();
		$params     = array( Schema::table( 'applications' ), $after );
		foreach ( $cutoffs as $status => $cutoff ) {
			$conditions[] = '(status = %s AND status_since <= %d AND (stale_notified & %d) = 0)';
			array_push( $params, $status, $cutoff, self::bit( $status ) );
		}
		$params[] = $limit;
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $conditions hold placeholders only, matched by $params (one array).
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT id, status FROM %i WHERE id > %d AND (' . implode( ' OR ', $conditions ) . ') ORDER BY id LIMIT %d', $params ), ARRAY_A );
		return array_map(
			static fn( $row ) => array(
				'id'     => (int) $row['id'],
				'status' => (string) $row['status'],
			),
			$rows ? $rows : array()
		);
	}

	/**
	 * Claims the alert of an application's stage: sets its bit only while the application is still in that status,
	 * entered at or before the cutoff, and the bit is unset — of two web nodes running the alerts at once, exactly
	 * one updates the row. Through the primary key, so that only the row is locked (QueueRows says why).
	 *
	 * @param int    $id     Application id.
	 * @param string $status The status it was stale in.
	 * @param int    $cutoff That status's cutoff.
	 * @return bool Whether this call claimed it.
	 */
	public static function claim( int $id, string $status, int $cutoff ): bool {
		global $wpdb;
		$bit = self::bit( $status );
		return 1 === (int) $wpdb->query( $wpdb->prepare( 'UPDATE %i FORCE INDEX (PRIMARY) SET stale_notified = stale_notified | %d WHERE id = %d AND status = %s AND status_since <= %d AND (stale_notified & %d) = 0', Schema::table( 'applications' ), $bit, $id, $status, $cutoff, $bit ) );
	}

	/**
	 * The bit of a stage in stale_notified.
	 *
	 * @param string $status An open status.
	 */
	private static function bit( string $status ): int {
		return 1 << max( 0, Pipeline::rank( $status ) );
	}
}
