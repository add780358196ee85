<?php
/**
 * The activity summary of the team activity report (issue #26): what each user did, per UTC day and month, for each
 * job and for all jobs (job_id 0); Reports\PeriodParts assembles a period from them and the partial days. Unlike
 * report_buckets it has day rows per job: a job's activity of the days outside whole months, read from the history,
 * would need a join per activity to find its job.
 *
 * An activity is a status change (a history row other than an application's first: kind to_<status>), a note (notes)
 * or a rating (ratings, at its creation), by a user other than 0. Two tables (see Schema):
 * - report_activity: span, bucket, job_id, user_id, kind => how many;
 * - report_activity_handled: the applications handled (distinct applications a user did anything on), which do not
 *   add up over buckets. For each user and application ("pair") and each bucket the pair was active in, one entry
 *   keyed by prev_day, the start of the last UTC day the pair was active before the bucket (NONE if never). A period
 *   made of consecutive buckets from the day S on counts a pair once, in its first active bucket: the one entry
 *   whose prev_day < S. So handled over whole days and months is SUM(entries) WHERE prev_day < S; the rows stay few
 *   (distinct prev days per bucket), however many applications there are.
 *
 * A pair's entries depend on all of its activity, so writers pass the activity of the applications they touch
 * before and after the write (rows_for()), read inside their transaction, and apply() adds the difference, as
 * ReportSummary does for application rows. rebuild() recomputes everything from the history, notes and ratings.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Events;

defined( 'ABSPATH' ) || exit;

/**
 * The activity summary (activity report).
 */
final class ActivitySummary {

	/** prev_day of a pair's first active bucket: before every day. */
	public const NONE = -4611686018427387904;

	/** The activity sources: table => [ time column, kind column or null, extra condition on alias t ]. */
	public const SOURCES = array(
		'status_history' => array( 'changed_at', 'to_status', ' AND t.from_status IS NOT NULL' ),
		'notes'          => array( 'created_at', null, '' ),
		'ratings'        => array( 'created_at', null, '' ),
	);

	/**
	 * After a write that changed only the activity (a note added or deleted, a first rating or its removal): the
	 * activity report's cached answers are out of date. No closed period of the reports cached by period (time to
	 * hire, funnel, sources) counts notes or ratings, so those stay (ReportCache).
	 */
	public static function changed(): void {
		Events::data_changed( PHP_INT_MAX );
	}

	/**
	 * The activity of applications: one row per status change, note and rating by a user. A locking read (SELECT …
	 * FOR UPDATE on MySQL/MariaDB; WordPress's SQLite integration drops the clause, SQLite has one writer at a time):
	 * it reads the latest committed rows, not the transaction's snapshot, and a concurrent writer of the same
	 * applications' activity waits until this transaction ends, so two differences never start from the same state.
	 *
	 * @param int[] $ids Application ids.
	 * @return array<int,array{0:int,1:int,2:int,3:string,4:int}> application id, job id, user id, kind, time.
	 */
	public static function rows_for( array $ids ): array {
		global $wpdb;
		$rows = array();
		foreach ( array_chunk( array_map( 'intval', $ids ), 1000 ) as $chunk ) {
			$in = implode( ',', array_fill( 0, count( $chunk ), '%d' ) );
			foreach ( self::SOURCES as $table => [ $time, $kind, $extra ] ) {
				$what = null === $kind ? "''" : "t.$kind";
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $what, $time and $extra are ours; the ids are placeholders.
				$sql   = $wpdb->prepare( "SELECT t.application_id, a.job_id, t.user_id, $what, t.$time FROM %i t JOIN %i a ON a.id = t.application_id WHERE t.application_id IN ($in) AND t.user_id > 0$extra FOR UPDATE", array_merge( array( Schema::table( $table ), Schema::table( 'applications' ) ), $chunk ) );
				$found = $wpdb->get_results( $sql, ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
				foreach ( $found ? $found : array() as $row ) {
					$rows[] = array( (int) $row[0], (int) $row[1], (int) $row[2], null === $kind ? $table : 'to_' . $row[3], (int) $row[4] );
				}
			}
		}
		return $rows;
	}

	/**
	 * The activity in history rows about to be written (rows_for()'s shape without reading them back): the status
	 * changes (not an application's first row) by a user.
	 *
	 * @param array[]        $rows Rows in ApplicationWriter::HISTORY_COLUMNS order.
	 * @param array<int,int> $jobs Application id => job id.
	 * @return array[]
	 */
	public static function from_history( array $rows, array $jobs ): array {
		$activity = array();
		foreach ( $rows as [ $application, $from, $to, $at, $user ] ) {
			if ( null !== $from && $user > 0 ) {
				$activity[] = array( (int) $application, $jobs[ $application ], (int) $user, 'to_' . $to, (int) $at );
			}
		}
		return $activity;
	}

	/**
	 * Runs a write that changes the activity of applications and adds the difference (inside the caller's transaction).
	 *
	 * @param int[]    $ids   The applications it touches.
	 * @param callable $write Returns false (or null) when it failed.
	 * @return mixed What $write returned; false when it or the summary failed (the caller rolls back).
	 */
	public static function around( array $ids, callable $write ) {
		$before = self::rows_for( $ids );
		$result = $write();
		if ( false === $result || null === $result ) {
			return false;
		}
		return self::apply( $before, self::rows_for( $ids ) ) ? $result : false;
	}

	/**
	 * Adds the difference between the activity of applications before and after a write.
	 *
	 * @param array[] $before rows_for() before the write.
	 * @param array[] $after  rows_for() after it.
	 * @return bool false when a statement failed (the caller rolls back).
	 */
	public static function apply( array $before, array $after ): bool {
		$counts  = array();
		$handled = array();
		foreach ( array(
			-1 => $before,
			1  => $after,
		) as $sign => $rows ) {
			$pairs = array();
			foreach ( $rows as [ $application, $job, $user, $kind, $at ] ) {
				$day   = ReportSummary::day_start( $at );
				$month = ReportSummary::month_start( $at );
				foreach ( array( "2|$month|$job", "2|$month|0", "1|$day|$job", "1|$day|0" ) as $key ) {
					$counts[ "$key|$user|$kind" ] = ( $counts[ "$key|$user|$kind" ] ?? 0 ) + $sign;
				}
				$pairs[ "$application|$user" ]['job']          = $job;
				$pairs[ "$application|$user" ]['user']         = $user;
				$pairs[ "$application|$user" ]['days'][ $day ] = true;
			}
			foreach ( $pairs as $pair ) {
				self::entries( $handled, $pair['job'], $pair['user'], array_keys( $pair['days'] ), $sign );
			}
		}
		$count_rows = array();
		foreach ( array_filter( $counts ) as $key => $delta ) {
			[ $span, $bucket, $job, $user, $kind ] = explode( '|', $key );
			$count_rows[ $key ]                    = array( (int) $span, (int) $bucket, (int) $job, (int) $user, $kind, $delta );
		}
		$handled_rows = array();
		foreach ( array_filter( $handled ) as $key => $delta ) {
			$handled_rows[ $key ] = array_merge( array_map( 'intval', explode( '|', $key ) ), array( $delta ) );
		}
		return ReportSummary::upsert( 'report_activity', array( 'span', 'bucket', 'job_id', 'user_id', 'kind', 'n' ), array( 'n' ), $count_rows )
			&& ReportSummary::upsert( 'report_activity_handled', array( 'span', 'bucket', 'job_id', 'user_id', 'prev_day', 'n' ), array( 'n' ), $handled_rows );
	}

	/**
	 * Recomputes the activity summary from the history, notes and ratings, in chunks of applications.
	 *
	 * @param int $batch_size Applications per chunk.
	 */
	public static function rebuild( int $batch_size = 5000 ): bool {
		global $wpdb;
		foreach ( array( 'report_activity', 'report_activity_handled' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', Schema::table( $name ) ) );
		}
		$last_id = 0;
		do {
			$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i WHERE id > %d ORDER BY id LIMIT %d', Schema::table( 'applications' ), $last_id, max( 1, $batch_size ) ) ) );
			if ( ! $ids ) {
				return true;
			}
			if ( ! self::apply( array(), self::rows_for( $ids ) ) ) {
				return false;
			}
			$last_id = end( $ids );
		} while ( true );
	}

	/**
	 * Adds a pair's handled entries, times $sign: one per active UTC day and month, for its job and for all jobs,
	 * keyed by the last active day before the bucket.
	 *
	 * @param array<string,int> $handled "span|bucket|job|user|prev_day" => delta.
	 * @param int               $job     The application's job.
	 * @param int               $user    The user.
	 * @param int[]             $days    Starts of the UTC days the pair was active on.
	 * @param int               $sign    Sign.
	 */
	private static function entries( array &$handled, int $job, int $user, array $days, int $sign ): void {
		sort( $days );
		$previous   = self::NONE;
		$last_month = null;
		$before     = self::NONE; // The last active day before the current month.
		foreach ( $days as $day ) {
			$month = ReportSummary::month_start( $day );
			if ( $month !== $last_month ) {
				$before     = $previous;
				$last_month = $month;
				foreach ( array( "2|$month|$job|$user|$before", "2|$month|0|$user|$before" ) as $key ) {
					$handled[ $key ] = ( $handled[ $key ] ?? 0 ) + $sign;
				}
			}
			foreach ( array( "1|$day|$job|$user|$previous", "1|$day|0|$user|$previous" ) as $key ) {
				$handled[ $key ] = ( $handled[ $key ] ?? 0 ) + $sign;
			}
			$previous = $day;
		}
	}
}
