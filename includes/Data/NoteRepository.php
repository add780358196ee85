<?php
/**
 * Notes on applications in the plugin's tables.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Notes.
 */
final class NoteRepository {

	/**
	 * The row of a note.
	 *
	 * @param int $id Note id.
	 * @return array|null
	 */
	public static function find( int $id ): ?array {
		global $wpdb;
		if ( $id <= 0 ) {
			return null;
		}
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'notes' ), $id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * One page of an application's notes by creation time.
	 *
	 * @param int    $application_id Application id.
	 * @param string $order          'asc' (oldest first) or 'desc'.
	 * @param int    $page           Page (from 1).
	 * @param int    $per_page       Items per page.
	 * @return array{rows:array[],total:int}
	 */
	public static function for_application( int $application_id, string $order, int $page, int $per_page ): array {
		global $wpdb;
		$table     = Schema::table( 'notes' );
		$direction = 'asc' === $order ? 'ASC' : 'DESC';
		$total     = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE application_id = %d', $table, $application_id ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $direction is ASC or DESC.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE application_id = %d ORDER BY created_at $direction, id $direction LIMIT %d OFFSET %d", $table, $application_id, $per_page, ( $page - 1 ) * $per_page ), ARRAY_A );
		return array(
			'rows'  => $rows ? $rows : array(),
			'total' => $total,
		);
	}

	/**
	 * Adds a note.
	 *
	 * @param int    $application_id Application id.
	 * @param int    $user_id        Author.
	 * @param string $content        Plain text.
	 * @return int|null The note id.
	 */
	public static function create( int $application_id, int $user_id, string $content ): ?int {
		// With the activity summary, in one transaction.
		$id = Transaction::run(
			static fn() => ActivitySummary::around(
				array( $application_id ),
				static function () use ( $application_id, $user_id, $content ) {
					global $wpdb;
					$inserted = $wpdb->insert(
						Schema::table( 'notes' ),
						array(
							'application_id' => $application_id,
							'user_id'        => $user_id,
							'content'        => $content,
							'created_at'     => time(),
						),
						array( '%d', '%d', '%s', '%d' )
					);
					return $inserted ? (int) $wpdb->insert_id : false;
				}
			)
		);
		if ( ! is_int( $id ) ) {
			return null;
		}
		ActivitySummary::changed();
		return $id;
	}

	/**
	 * Deletes a note.
	 *
	 * @param int $id Note id.
	 * @return bool Whether this call deleted it (false when a concurrent delete was first).
	 */
	public static function delete( int $id ): bool {
		$note = self::find( $id );
		if ( ! $note ) {
			return false;
		}
		// With the activity summary, in one transaction.
		$deleted = true === Transaction::run(
			static fn() => ActivitySummary::around(
				array( (int) $note['application_id'] ),
				static function () use ( $id ) {
					global $wpdb;
					return 1 === (int) $wpdb->delete( Schema::table( 'notes' ), array( 'id' => $id ), array( '%d' ) );
				}
			)
		);
		if ( $deleted ) {
			ActivitySummary::changed();
		}
		return $deleted;
	}
}
