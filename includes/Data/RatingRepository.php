<?php
/**
 * Ratings of applications (one score per user and application) in the plugin's tables.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Ratings.
 */
final class RatingRepository {

	/**
	 * Average score (2 decimals, null without ratings) and count per application.
	 *
	 * @param int[] $ids Application ids.
	 * @return array<int,array{average:float|null,count:int}>
	 */
	public static function aggregates( array $ids ): array {
		global $wpdb;
		$ids    = array_values( array_unique( array_map( 'intval', $ids ) ) );
		$result = array_fill_keys(
			$ids,
			array(
				'average' => null,
				'count'   => 0,
			)
		);
		if ( ! $ids ) {
			return $result;
		}
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT application_id, SUM(score) AS total, COUNT(*) AS n FROM %i WHERE application_id IN ($placeholders) GROUP BY application_id", array_merge( array( Schema::table( 'ratings' ) ), $ids ) ), ARRAY_A );
		foreach ( $rows as $row ) {
			$n = (int) $row['n'];
			if ( $n > 0 ) {
				$result[ (int) $row['application_id'] ] = array(
					'average' => round( (int) $row['total'] / $n, 2 ),
					'count'   => $n,
				);
			}
		}
		return $result;
	}

	/**
	 * Every rating of an application, newest first.
	 *
	 * @param int $application_id Application id.
	 * @return array[] Rows: user_id, score, updated_at.
	 */
	public static function for_application( int $application_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT user_id, score, updated_at FROM %i WHERE application_id = %d ORDER BY updated_at DESC, id DESC', Schema::table( 'ratings' ), $application_id ), ARRAY_A );
		return $rows ? $rows : array();
	}

	/**
	 * Sets a user's score (insert or update; the unique key (application_id, user_id) keeps one per user, also
	 * when two requests race to insert it).
	 *
	 * @param int $application_id Application id.
	 * @param int $user_id        User.
	 * @param int $score          1 to 5.
	 * @return bool Whether it was stored.
	 */
	public static function set( int $application_id, int $user_id, int $score ): bool {
		global $wpdb;
		$table    = Schema::table( 'ratings' );
		$now      = time();
		$existing = $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE application_id = %d AND user_id = %d', $table, $application_id, $user_id ) );
		if ( null === $existing ) {
			// A first rating is activity: inserted with the activity summary, in one transaction.
			$inserted = Transaction::run(
				static fn() => ActivitySummary::around(
					array( $application_id ),
					static function () use ( $table, $application_id, $user_id, $score, $now ) {
						global $wpdb;
						$suppress = $wpdb->suppress_errors( true );
						$inserted = $wpdb->insert(
							$table,
							array(
								'application_id' => $application_id,
								'user_id'        => $user_id,
								'score'          => $score,
								'created_at'     => $now,
								'updated_at'     => $now,
							),
							array( '%d', '%d', '%d', '%d', '%d' )
						);
						$wpdb->suppress_errors( $suppress );
						return (bool) $inserted;
					}
				)
			);
			if ( true === $inserted ) {
				ActivitySummary::changed(); // A first rating counts in the activity report, as a note does.
				return true;
			}
		}
		return false !== $wpdb->query( $wpdb->prepare( 'UPDATE %i SET score = %d, updated_at = %d WHERE application_id = %d AND user_id = %d', $table, $score, $now, $application_id, $user_id ) );
	}

	/**
	 * Removes a user's score (idempotent).
	 *
	 * @param int $application_id Application id.
	 * @param int $user_id        User.
	 */
	public static function remove( int $application_id, int $user_id ): void {
		// With the activity summary, in one transaction.
		$removed = Transaction::run(
			static fn() => ActivitySummary::around(
				array( $application_id ),
				static function () use ( $application_id, $user_id ) {
					global $wpdb;
					return $wpdb->delete(
						Schema::table( 'ratings' ),
						array(
							'application_id' => $application_id,
							'user_id'        => $user_id,
						),
						array( '%d', '%d' )
					);
				}
			)
		);
		if ( is_int( $removed ) && $removed > 0 ) {
			ActivitySummary::changed();
		}
	}
}
