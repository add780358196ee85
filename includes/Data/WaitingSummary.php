<?php
/**
 * The waiting summary of the pipeline report (issues #26, #28): for each job and for all jobs (job_id 0) and each
 * open stage (Domain\TimeInStage::OPEN), when its open applications entered the stage (status_since), sorted and
 * packed (Domain\SortedInstants: 5 bytes each, base64 in a text column, so it passes WordPress's SQLite integration
 * unchanged).
 *
 * One table (see Schema), report_waiting: job_id, status, bucket => entries. A job's stage is one row (bucket 0); all
 * jobs' is one row per UTC month of status_since (bucket: the month's start), so that a write rewrites a month of
 * every job's instants, not all of them (at 300,000 applications whole all-jobs rows made a status change 2 ms
 * slower). Read in bucket order, a stage's rows joined are its sorted instants. The pipeline report reads about a
 * thousand rows instead of every open application, and finds each figure by position or binary search (the count,
 * the longest wait, the median, the stale ones); the all-jobs rows hold the union of every job's, so the median over
 * all jobs needs no merge or sort when it is read.
 *
 * An application's contribution is a function of its row (job_id, status, status_since), so it is kept by
 * ReportSummary::apply(), which every writer calls with the rows before and after its write in the same
 * transaction: the rows it changes are locked in key order (created when missing), read, changed and written back
 * (deleted when empty). rebuild() recomputes the table from the open applications, job by job.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\SortedInstants;
use RecruitingReports\Domain\TimeInStage;

defined( 'ABSPATH' ) || exit;

/**
 * The waiting summary (pipeline report).
 */
final class WaitingSummary {

	public const TABLE = 'report_waiting';

	/** About how many bytes of entries one multi-row statement carries (well under MariaDB's max_allowed_packet). */
	private const BYTES_PER_STATEMENT = 1048576;

	/** The columns a row is written with. */
	private const COLUMNS = array( 'job_id', 'status', 'bucket', 'entries' );

	/**
	 * Adds the difference between application rows before and after a write.
	 *
	 * @param array[] $before Rows as they were (none for new applications).
	 * @param array[] $after  Rows as they are now (none for deleted applications).
	 * @return bool false when a statement failed (the caller rolls back).
	 */
	public static function apply( array $before, array $after ): bool {
		$changes = self::changes( $before, $after );
		if ( ! $changes ) {
			return true;
		}
		$current = self::lock( array_keys( $changes ) );
		if ( null === $current ) {
			return false;
		}
		$rows  = array();
		$empty = array();
		foreach ( $changes as $key => [ $removed, $added ] ) {
			$entries = $current[ $key ]->changed( $removed, $added );
			if ( $entries->count() ) {
				$rows[ $key ] = $entries;
			} else {
				$empty[] = $key;
			}
		}
		return self::write( $rows ) && self::delete( $empty );
	}

	/**
	 * The instants each write removes from and adds to each row, net of those it both removes and adds (a write that
	 * does not move an open application between jobs, stages or times changes nothing here).
	 *
	 * @param array[] $before Rows as they were.
	 * @param array[] $after  Rows as they are now.
	 * @return array<string,array{0:int[],1:int[]}> "job|status|bucket" => [ removed, added ], in key order (job,
	 *                                                status, bucket).
	 */
	private static function changes( array $before, array $after ): array {
		$deltas = array();
		foreach ( array(
			-1 => $before,
			1  => $after,
		) as $sign => $rows ) {
			foreach ( $rows as $row ) {
				if ( in_array( $row['status'], TimeInStage::OPEN, true ) ) {
					$since = (int) $row['status_since'];
					foreach ( self::keys( (int) $row['job_id'], $row['status'], $since ) as $key ) {
						$deltas[ $key ][ $since ] = ( $deltas[ $key ][ $since ] ?? 0 ) + $sign;
					}
				}
			}
		}
		uksort( $deltas, array( self::class, 'key_order' ) );
		$changes = array();
		foreach ( $deltas as $key => $instants ) {
			$moved = array( array(), array() ); // Removed, added.
			foreach ( array_filter( $instants ) as $since => $delta ) {
				array_push( $moved[ $delta > 0 ? 1 : 0 ], ...array_fill( 0, abs( $delta ), $since ) );
			}
			if ( $moved[0] || $moved[1] ) {
				$changes[ $key ] = $moved;
			}
		}
		return $changes;
	}

	/**
	 * The rows an open application is in: its job's stage, and all jobs' stage in the month it entered it.
	 *
	 * @param int    $job    Job id.
	 * @param string $status Open status.
	 * @param int    $since  When it entered it.
	 * @return string[] "job|status|bucket".
	 */
	private static function keys( int $job, string $status, int $since ): array {
		return array( "$job|$status|0", "0|$status|" . ReportSummary::month_start( $since ) );
	}

	/**
	 * The order of the primary key (job_id, status, bucket) on "job|status|bucket" keys: every writer locks rows in it.
	 *
	 * @param string $a Key.
	 * @param string $b Key.
	 */
	private static function key_order( string $a, string $b ): int {
		[ $job_a, $status_a, $bucket_a ] = explode( '|', $a, 3 );
		[ $job_b, $status_b, $bucket_b ] = explode( '|', $b, 3 );
		return array( (int) $job_a, $status_a, (int) $bucket_a ) <=> array( (int) $job_b, $status_b, (int) $bucket_b );
	}

	/**
	 * Locks the rows of some keys, creating the missing ones (empty), and reads them. The lock comes first, in key
	 * order, by an upsert that changes nothing (it takes each row's exclusive lock, as a write would), so concurrent
	 * writers queue on a row instead of deadlocking on its creation; the reads are then locking reads by primary key
	 * (SELECT … FOR UPDATE: the latest committed entries, not the transaction's snapshot; WordPress's SQLite
	 * integration drops the clause, SQLite has one writer at a time), one row each so that no other row is locked.
	 *
	 * @param string[] $keys "job|status|bucket", in key order.
	 * @return array<string,SortedInstants>|null Null when a statement failed.
	 */
	private static function lock( array $keys ): ?array {
		global $wpdb;
		$table  = Schema::table( self::TABLE );
		$sqlite = DirectSqlite::connection();
		if ( null !== $sqlite ) {
			// SQLite locks the whole database for a write: inserting the missing rows is all there is to do.
			$empty = array_map( static fn( string $key ) => array_merge( self::key_values( $key ), array( '' ) ), $keys );
			if ( ! DirectSqlite::insert( $sqlite, $table, self::COLUMNS, $empty, Schema::primary_key( self::TABLE ) ) ) {
				return null;
			}
		} else {
			$tuples = array();
			$args   = array( $table );
			foreach ( $keys as $key ) {
				$tuples[] = "(%d, %s, %d, '')";
				array_push( $args, ...self::key_values( $key ) );
			}
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- placeholders only, one tuple per key.
			if ( false === $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (job_id, status, bucket, entries) VALUES ' . implode( ',', $tuples ) . ' ON DUPLICATE KEY UPDATE entries = entries', $args ) ) ) {
				return null;
			}
		}
		$current = array();
		foreach ( $keys as $key ) {
			// get_row(), not get_var(): get_var() answers null for the empty entries of a row just created.
			$row = $wpdb->get_row( $wpdb->prepare( 'SELECT entries FROM %i WHERE job_id = %d AND status = %s AND bucket = %d FOR UPDATE', $table, ...self::key_values( $key ) ), ARRAY_N );
			if ( null === $row ) {
				return null;
			}
			$current[ $key ] = new SortedInstants( self::decode( $row[0] ) );
		}
		return $current;
	}

	/**
	 * Writes rows (their keys exist or may be created) in multi-row upserts, in key order.
	 *
	 * @param array<string,SortedInstants> $rows "job|status|bucket" => entries.
	 */
	private static function write( array $rows ): bool {
		global $wpdb;
		$table  = Schema::table( self::TABLE );
		$values = array();
		foreach ( $rows as $key => $entries ) {
			$values[] = array_merge( self::key_values( $key ), array( base64_encode( $entries->bytes() ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary instants stored as text (see the class comment).
		}
		$sqlite = DirectSqlite::connection();
		if ( null !== $sqlite ) {
			return DirectSqlite::insert( $sqlite, $table, self::COLUMNS, $values, Schema::primary_key( self::TABLE ), array( 'entries' => DirectSqlite::REPLACE ) );
		}
		$statement = static function ( array $tuples, array $args ) use ( $wpdb ): bool {
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- placeholders only, one tuple per row.
			return ! $tuples || false !== $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (job_id, status, bucket, entries) VALUES ' . implode( ',', $tuples ) . ' ON DUPLICATE KEY UPDATE entries = VALUES(entries)', $args ) );
		};
		$tuples    = array();
		$args      = array( $table );
		$bytes     = 0;
		foreach ( $values as $row ) {
			$tuples[] = '(%d, %s, %d, %s)';
			array_push( $args, ...$row );
			$bytes += strlen( $row[3] );
			if ( $bytes >= self::BYTES_PER_STATEMENT ) {
				if ( ! $statement( $tuples, $args ) ) {
					return false;
				}
				$tuples = array();
				$args   = array( $table );
				$bytes  = 0;
			}
		}
		return $statement( $tuples, $args );
	}

	/**
	 * A row's key as its column values.
	 *
	 * @param string $key "job|status|bucket".
	 * @return array{0:int,1:string,2:int}
	 */
	private static function key_values( string $key ): array {
		[ $job, $status, $bucket ] = explode( '|', $key, 3 );
		return array( (int) $job, $status, (int) $bucket );
	}

	/**
	 * Deletes emptied rows, one by primary key each (locked already).
	 *
	 * @param string[] $keys "job|status|bucket".
	 */
	private static function delete( array $keys ): bool {
		global $wpdb;
		foreach ( $keys as $key ) {
			if ( false === $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE job_id = %d AND status = %s AND bucket = %d', Schema::table( self::TABLE ), ...self::key_values( $key ) ) ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Recomputes the table from the open applications, a batch of whole jobs at a time (each job's rows are written
	 * once, sorted in PHP), the all-jobs rows at the end.
	 *
	 * @param int $batch_size About how many open applications a batch of jobs holds (a larger job is a batch alone).
	 */
	public static function rebuild( int $batch_size = 5000 ): bool {
		global $wpdb;
		$applications = Schema::table( 'applications' );
		$open         = TimeInStage::OPEN;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', Schema::table( self::TABLE ) ) );
		$jobs = $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, COUNT(*) FROM %i WHERE status IN (%s, %s, %s, %s) GROUP BY job_id ORDER BY job_id', $applications, ...$open ), ARRAY_N );
		$all  = array(); // The all-jobs rows' instants, by key.
		foreach ( self::batches( (array) $jobs, max( 1, $batch_size ) ) as $batch ) {
			$in    = implode( ',', array_fill( 0, count( $batch ), '%d' ) );
			$found = $wpdb->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is placeholders.
				$wpdb->prepare( "SELECT job_id, status, status_since FROM %i WHERE job_id IN ($in) AND status IN (%s, %s, %s, %s)", array_merge( array( $applications ), $batch, $open ) ),
				ARRAY_N
			);
			$instants = array();
			foreach ( (array) $found as [ $job, $status, $since ] ) {
				[ $own, $every ]    = self::keys( (int) $job, $status, (int) $since );
				$instants[ $own ][] = (int) $since;
				$all[ $every ][]    = (int) $since;
			}
			if ( ! self::write( array_map( array( SortedInstants::class, 'from' ), $instants ) ) ) {
				return false;
			}
		}
		return self::write( array_map( array( SortedInstants::class, 'from' ), $all ) );
	}

	/**
	 * Schema 15's step: rows written before it hold 8 bytes per instant (pack( 'J' )), rewritten here in SortedInstants'
	 * 5 bytes. An 8-byte instant of years 0000–9999 starts with byte 0x00 (from 1970) or 0xFF (before), a 5-byte one
	 * with 0x71–0xBB, so a row already in the new form (a rebuild earlier in the same upgrade) is left as it is.
	 */
	public static function repack(): bool {
		global $wpdb;
		$rows     = $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, status, bucket, entries FROM %i ORDER BY job_id, status, bucket', Schema::table( self::TABLE ) ), ARRAY_N );
		$repacked = array();
		foreach ( (array) $rows as [ $job, $status, $bucket, $entries ] ) {
			$bytes = self::decode( $entries );
			if ( '' !== $bytes && 0 === strlen( $bytes ) % 8 && in_array( $bytes[0], array( "\0", "\xff" ), true ) ) {
				$repacked[ "$job|$status|$bucket" ] = SortedInstants::from( array_values( unpack( 'J*', $bytes ) ) );
			}
		}
		return self::write( $repacked );
	}

	/**
	 * Job ids in consecutive batches of about $size open applications.
	 *
	 * @param array<int,array{0:string,1:string}> $jobs Job id and open applications, by job id.
	 * @param int                                 $size Applications per batch.
	 * @return \Generator<int[]>
	 */
	private static function batches( array $jobs, int $size ): \Generator {
		$batch = array();
		$count = 0;
		foreach ( $jobs as [ $job, $open ] ) {
			if ( $batch && $count + (int) $open > $size ) {
				yield $batch;
				$batch = array();
				$count = 0;
			}
			$batch[] = (int) $job;
			$count  += (int) $open;
		}
		if ( $batch ) {
			yield $batch;
		}
	}

	/**
	 * The stages of a job (0: of all jobs), or of every job and all jobs: each stage's rows joined in bucket order.
	 *
	 * @param int|null $job_id A job, 0 for all jobs, null for every row.
	 * @return array<int,array<string,SortedInstants>> job id => status => entries, by job id.
	 */
	public static function read( ?int $job_id ): array {
		global $wpdb;
		$table = Schema::table( self::TABLE );
		$rows  = null === $job_id
			? $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, status, entries FROM %i ORDER BY job_id, status, bucket', $table ), ARRAY_N )
			: $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, status, entries FROM %i WHERE job_id = %d ORDER BY status, bucket', $table, $job_id ), ARRAY_N );
		$wpdb->flush();
		$bytes = array();
		foreach ( (array) $rows as [ $job, $status, $entries ] ) {
			$bytes[ (int) $job ][ $status ] = ( $bytes[ (int) $job ][ $status ] ?? '' ) . self::decode( $entries );
		}
		$read = array();
		foreach ( $bytes as $job => $stages ) {
			foreach ( $stages as $status => $packed ) {
				$read[ $job ][ $status ] = new SortedInstants( $packed );
			}
		}
		return $read;
	}

	/**
	 * The packed instants of entries as stored.
	 *
	 * @param string $entries Base64 of the packed instants.
	 */
	private static function decode( string $entries ): string {
		return (string) base64_decode( $entries, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- see write().
	}
}
