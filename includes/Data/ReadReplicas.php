<?php
/**
 * What the plugin needs from a database drop-in that sends reads to replicas (HyperDB, LudicrousDB or one in their
 * style; docs/scaling.md, "Read replicas for reports"), and nothing more:
 *
 * - `$wpdb->send_reads_to_masters()`: from the call on, every query of the request goes to the primary. Both drop-ins
 *   have it under this name; its presence is how the plugin knows reads may go to replicas. The plugin calls it
 *   before every transaction (its row locks, SELECT … FOR UPDATE, must be taken on the primary, and a drop-in that
 *   routes by the first word of a query would send them to a replica), in WP-Cron and WP-CLI, after a write that
 *   changes reports (to read the primary's position), and whenever a report cannot be proven fresh on a replica.
 * - A query through `$wpdb` goes, until that call, to the server the request's next reads go to (the drop-ins keep
 *   one read connection per dataset and request; the plugin's tables and queries without a table in one dataset).
 *   So `SELECT MASTER_GTID_WAIT(…)` waits on the replica the report is then computed on.
 * - MariaDB GTIDs (log_bin and server_id on the primary, replicas replicating with MASTER_USE_GTID): the primary's
 *   position after a write, @@gtid_binlog_pos, is what a replica must have applied before it may answer. Without
 *   them (MySQL) nothing is waited for and reports that must be computed are computed on the primary; on a site
 *   without such a drop-in (one database, SQLite) none of this runs.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Read replicas behind a HyperDB/LudicrousDB-style `$wpdb`.
 */
final class ReadReplicas {

	/**
	 * How long a read waits for a replica to catch up before it goes to the primary instead. Replicas are normally
	 * milliseconds behind; waiting longer than computing on the primary would take buys nothing.
	 */
	private const WAIT_SECONDS = 0.25;

	/**
	 * Whether the database speaks MariaDB's GTIDs (null: not asked yet in this request).
	 *
	 * @var bool|null
	 */
	private static ?bool $gtids = null;

	/** Keeps background work on the primary (called at boot). */
	public static function register(): void {
		if ( wp_doing_cron() || ( defined( 'WP_CLI' ) && WP_CLI ) ) {
			self::use_primary();
		}
	}

	/** Whether `$wpdb` may send reads to replicas: it has the drop-ins' send_reads_to_masters(). */
	public static function in_use(): bool {
		global $wpdb;
		return method_exists( $wpdb, 'send_reads_to_masters' );
	}

	/** Sends every later query of this request to the primary (nothing to do without replicas). */
	public static function use_primary(): void {
		global $wpdb;
		if ( method_exists( $wpdb, 'send_reads_to_masters' ) ) {
			$wpdb->send_reads_to_masters();
		}
	}

	/**
	 * The primary's GTID position now, read on the primary (the rest of the request stays there: it has just
	 * written); '' without replicas or GTIDs.
	 *
	 * @return string A MariaDB GTID list, e.g. "0-1-1234".
	 */
	public static function primary_position(): string {
		global $wpdb;
		if ( ! self::in_use() || ! self::has_gtids() ) {
			return '';
		}
		self::use_primary();
		return (string) $wpdb->get_var( 'SELECT @@gtid_binlog_pos' );
	}

	/**
	 * Makes the reads that follow see every write up to $position: waits until the server they go to has applied
	 * it (at once on the primary), or sends them to the primary when that does not happen within WAIT_SECONDS or
	 * when the position is unknown ('').
	 *
	 * @param string $position A position from primary_position(), or ''.
	 */
	public static function read_at_least( string $position ): void {
		global $wpdb;
		if ( ! self::in_use() ) {
			return;
		}
		if ( '' === $position ) {
			self::use_primary();
			return;
		}
		// A position comes from primary_position(), so the database is MariaDB. MASTER_GTID_WAIT() waits for the
		// replication position (@@gtid_slave_pos), which a primary that never replicated does not have: it would
		// always time out there. A writable server without one is the primary and has every write already; anything
		// else waits.
		$reached = $wpdb->get_var( $wpdb->prepare( "SELECT IF( @@read_only = 0 AND @@gtid_slave_pos = '', 0, MASTER_GTID_WAIT( %s, %f ) )", $position, self::WAIT_SECONDS ) );
		if ( '0' !== $reached ) {
			// -1: timed out; null: the server could not wait (an error). Either way the primary has the data.
			self::use_primary();
		}
	}

	/** Whether the database is MariaDB (GTID positions and MASTER_GTID_WAIT()). */
	private static function has_gtids(): bool {
		global $wpdb;
		self::$gtids ??= str_contains( (string) $wpdb->get_var( 'SELECT VERSION()' ), 'MariaDB' );
		return self::$gtids;
	}
}
