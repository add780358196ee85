<?php
/**
 * The waiting summary of the pipeline report (issues #26, #28): for each job and for all jobs (job_id 0) and each
 * open stage (Domain\TimeInStage::OPEN), when its open applications entered the stage (status_since), sorted and
 * packed (Domain\SortedInstants: 5 bytes each, base64 in a text column, so it passes WordPress's SQLite integration
 * unchanged).
 *
 * One table (see Schema), report_waiting: job_id, status, bucket => entries. A job's open stages are one row (status
 * '', bucket 0; Domain\StageInstants: each stage's count, then its instants; since schema 16, one row per job and stage
 * before); all jobs' are one row per stage and UTC month of status_since (bucket: the month's start), so that a write
 * rewrites a month of every job's instants, not all of them (at 300,000 applications whole all-jobs rows made a status
 * change 2 ms slower). Read in bucket order, a stage's all-jobs rows joined are its sorted instants. The pipeline
 * report reads a few hundred rows instead of every open application, and finds each figure by position or binary
 * search (the count, the longest wait, the median, the stale ones); the all-jobs rows hold the union of every job's, so
 * the median over all jobs needs no merge or sort when it is read.
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
use RecruitingReports\Domain\StageInstants;
use RecruitingReports\Domain\TimeInStage;

defined( 'ABSPATH' ) || exit;

/**
 * The waiting summary (pipeline report).
 */
final class WaitingSummary {

	public const TABLE = 'report_waiting';

	/** About how many bytes of entries one multi-row statement carries (well under MariaDB's max_allowed_packet). */
	private const BYTES_PER_STATEMENT = 1048576;

	/** The status column of a job's row, which holds every open stage of the job (Domain\StageInstants). */
	private const EVERY_STAGE = '';

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
		foreach ( $changes as $key => $stages ) {
			$row = $current[ $key ];
			foreach ( $stages as $status => [ $removed, $added ] ) {
				$row[ $status ] = ( $row[ $status ] ?? new SortedInstants() )->changed( $removed, $added );
			}
			$row = array_filter( $row, static fn( SortedInstants $entries ) => $entries->count() > 0 );
			if ( $row ) {
				$rows[ $key ] = $row;
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
	 * @return array<string,array<string,array{0:int[],1:int[]}>> "job|status|bucket" => open status => [ removed,
	 *                                                             added ], in key order (job, status, bucket).
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
						$deltas[ $key ][ $row['status'] ][ $since ] = ( $deltas[ $key ][ $row['status'] ][ $since ] ?? 0 ) + $sign;
					}
				}
			}
		}
		uksort( $deltas, array( self::class, 'key_order' ) );
		$changes = array();
		foreach ( $deltas as $key => $stages ) {
			foreach ( $stages as $status => $instants ) {
				$moved = array( array(), array() ); // Removed, added.
				foreach ( array_filter( $instants ) as $since => $delta ) {
					array_push( $moved[ $delta > 0 ? 1 : 0 ], ...array_fill( 0, abs( $delta ), $since ) );
				}
				if ( $moved[0] || $moved[1] ) {
					$changes[ $key ][ $status ] = $moved;
				}
			}
		}
		return $changes;
	}

	/**
	 * The rows an open application is in: its job's, and all jobs' stage in the month it entered it.
	 *
	 * @param int    $job    Job id.
	 * @param string $status Open status.
	 * @param int    $since  When it entered it.
	 * @return string[] "job|status|bucket".
	 */
	private static function keys( int $job, string $status, int $since ): array {
		return array( "$job|" . self::EVERY_STAGE . '|0', "0|$status|" . ReportSummary::month_start( $since ) );
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
	 * @return array<string,array<string,SortedInstants>>|null Key => open status => entries (entries()); null when a
	 *                                                         statement failed.
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
			$current[ $key ] = self::entries( self::key_values( $key )[1], $row[0] );
		}
		return $current;
	}

	/**
	 * Writes rows (their keys exist or may be created) in multi-row upserts, in key order.
	 *
	 * @param array<string,array<string,SortedInstants>> $rows "job|status|bucket" => open status => entries.
	 */
	private static function write( array $rows ): bool {
		global $wpdb;
		$table  = Schema::table( self::TABLE );
		$values = array();
		foreach ( $rows as $key => $stages ) {
			$columns  = self::key_values( $key );
			$bytes    = self::EVERY_STAGE === $columns[1] ? StageInstants::pack( $stages ) : $stages[ $columns[1] ]->bytes();
			$values[] = array_merge( $columns, array( base64_encode( $bytes ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary instants stored as text (see the class comment).
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
				[ $own, $every ]               = self::keys( (int) $job, $status, (int) $since );
				$instants[ $own ][ $status ][] = (int) $since;
				$all[ $every ][ $status ][]    = (int) $since;
			}
			if ( ! self::write( self::sorted( $instants ) ) ) {
				return false;
			}
		}
		return self::write( self::sorted( $all ) );
	}

	/**
	 * Rows' instants sorted and packed.
	 *
	 * @param array<string,array<string,int[]>> $rows Key => open status => instants.
	 * @return array<string,array<string,SortedInstants>>
	 */
	private static function sorted( array $rows ): array {
		return array_map( static fn( array $stages ) => array_map( array( SortedInstants::class, 'from' ), $stages ), $rows );
	}

	/**
	 * Schema 16's step: rows written before it hold a job's stages one row each, and before schema 15 8 bytes per
	 * instant (pack( 'J' )) instead of SortedInstants' 5. A job's stage rows are joined into the job's one row and
	 * deleted; an all-jobs row in 8 bytes is rewritten in 5. An 8-byte instant of years 0000–9999 starts with byte 0x00
	 * (from 1970) or 0xFF (before), a 5-byte one with 0x71–0xBB. Rows already in the new form (a rebuild earlier in the
	 * same upgrade) are left as they are.
	 */
	public static function regroup(): bool {
		global $wpdb;
		$rows    = $wpdb->get_results( $wpdb->prepare( 'SELECT job_id, status, bucket, entries FROM %i WHERE status <> %s ORDER BY job_id, status, bucket', Schema::table( self::TABLE ), self::EVERY_STAGE ), ARRAY_N );
		$written = array();
		$old     = array();
		foreach ( (array) $rows as [ $job, $status, $bucket, $entries ] ) {
			$bytes = self::decode( $entries );
			$wide  = '' !== $bytes && 0 === strlen( $bytes ) % 8 && in_array( $bytes[0], array( "\0", "\xff" ), true );
			if ( 0 === (int) $job && ! $wide ) {
				continue; // An all-jobs row in 5 bytes is in the new form already.
			}
			$set = $wide ? SortedInstants::from( array_values( unpack( 'J*', $bytes ) ) ) : new SortedInstants( $bytes );
			if ( 0 === (int) $job ) {
				$written[ "0|$status|$bucket" ][ $status ] = $set;
			} else {
				$written[ "$job|" . self::EVERY_STAGE . '|0' ][ $status ] = $set;
				$old[] = "$job|$status|$bucket";
			}
		}
		return self::write( $written ) && self::delete( $old );
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
		$every = array(); // All jobs' stages, their rows joined.
		$read  = array();
		foreach ( (array) $rows as [ $job, $status, $entries ] ) {
			if ( self::EVERY_STAGE === $status ) {
				$read[ (int) $job ] = self::entries( $status, $entries );
			} else {
				$every[ $status ] = ( $every[ $status ] ?? '' ) . self::decode( $entries );
			}
		}
		if ( $every ) {
			$read = array( 0 => array_map( static fn( string $bytes ) => new SortedInstants( $bytes ), $every ) ) + $read;
		}
		return array_filter( $read );
	}

	/**
	 * A row's stages from its entries as stored: a job's row holds every open stage, an all-jobs row its own.
	 *
	 * @param string $status  The row's status column (EVERY_STAGE or an open status).
	 * @param string $entries Its entries column.
	 * @return array<string,SortedInstants> Open status => instants (none for a row just created).
	 */
	public static function entries( string $status, string $entries ): array {
		$bytes = self::decode( $entries );
		if ( self::EVERY_STAGE === $status ) {
			return StageInstants::unpack( $bytes );
		}
		return '' === $bytes ? array() : array( $status => new SortedInstants( $bytes ) );
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
