<?php
/**
 * Test double of HyperDB and LudicrousDB (the database drop-ins that send reads to replicas), written for the
 * cluster leg (scripts/lib/site-cluster.mjs copies it to wp-content/db.php): not their code, their routing rules as
 * docs/scaling.md asks sites to configure them, which are what the plugin relies on (RecruitingReports\Data\
 * ReadReplicas):
 *
 * - the reads of a GET request go to the replica READ_REPLICA_DB_HOST (one connection per request), everything else to
 *   the primary DB_HOST: every write, and every read after a write or after send_reads_to_masters() in the same
 *   request (the drop-ins' method of that name);
 * - other requests (POST, PUT, DELETE …), WP-Cron and the PHP CLI (WP-CLI, the test harness) never connect to the
 *   replica;
 * - a read is what begins with SELECT, SHOW, DESCRIBE or EXPLAIN, as in the drop-ins — so SELECT … FOR UPDATE is a
 *   read (the replica runs read_only and refuses it: a locking read not pinned to the primary fails loudly);
 *   transaction control (START TRANSACTION, BEGIN, COMMIT, ROLLBACK, SAVEPOINT) goes to the primary without counting
 *   as a write, as in HyperDB, whose read-after-write rule covers only the tables written.
 *
 * Reads go to the replica only while the file wp-content/read-replica.enabled exists: tests/cluster/read-replica.
 * test.mjs switches it on; the other cluster tests check read-your-writes on plain GET requests (lists, logs), which
 * no lagging replica gives. Each REST response says how many queries each server ran (X-Test-Db-Queries:
 * primary=N, replica=M), so the tests can tell where a report was computed.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

/**
 * A wpdb that splits reads and writes between a primary and one replica.
 */
final class Recruiting_Read_Replica_Test_Double extends wpdb {

	/**
	 * The replica's connection: null until the first read sent there, false when it could not connect.
	 *
	 * @var mysqli|false|null
	 */
	private $replica = null;

	/**
	 * Whether every further query of this request goes to the primary.
	 *
	 * @var bool
	 */
	private bool $primary_only;

	/**
	 * Queries run per server in this request.
	 *
	 * @var array{primary:int,replica:int}
	 */
	public array $queries_by_server = array(
		'primary' => 0,
		'replica' => 0,
	);

	/**
	 * Connects to the primary, as wpdb does; decides whether this request may read from the replica at all.
	 *
	 * @param string $dbuser     Database user.
	 * @param string $dbpassword Database password.
	 * @param string $dbname     Database name.
	 * @param string $dbhost     The primary's host.
	 */
	public function __construct( $dbuser, $dbpassword, $dbname, $dbhost ) {
		$this->primary_only = ! defined( 'READ_REPLICA_DB_HOST' )
			|| 'cli' === PHP_SAPI
			|| 'GET' !== ( $_SERVER['REQUEST_METHOD'] ?? '' )
			|| ( defined( 'DOING_CRON' ) && DOING_CRON )
			|| ! file_exists( WP_CONTENT_DIR . '/read-replica.enabled' );
		parent::__construct( $dbuser, $dbpassword, $dbname, $dbhost );
		add_filter( 'rest_post_dispatch', array( $this, 'add_queries_header' ) );
	}

	/** From now on, every query of this request goes to the primary (HyperDB's and LudicrousDB's name). */
	public function send_reads_to_masters() {
		$this->primary_only = true;
	}

	/**
	 * Runs a query on the server its kind and the request's history call for.
	 *
	 * @param string $query SQL.
	 * @return int|bool As wpdb::query().
	 */
	public function query( $query ) {
		$statement = ltrim( (string) $query, "\r\n\t (" );
		$is_read   = (bool) preg_match( '/^(?:SELECT|SHOW|DESCRIBE|DESC|EXPLAIN)\s/i', $statement );
		if ( ! $is_read && ! preg_match( '/^(?:START\s+TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE\s+SAVEPOINT)\b/i', $statement ) ) {
			$this->primary_only = true;
		}
		$replica = $is_read && ! $this->primary_only ? $this->replica_connection() : null;
		if ( ! $replica ) {
			++$this->queries_by_server['primary'];
			return parent::query( $query );
		}
		++$this->queries_by_server['replica'];
		// wpdb runs every query on $this->dbh: the replica's for this one (queries wpdb runs on its way, such as a
		// table's charset lookup, route themselves and restore what they found).
		$primary   = $this->dbh;
		$this->dbh = $replica;
		try {
			return parent::query( $query );
		} finally {
			$this->dbh = $primary;
		}
	}

	/**
	 * Adds X-Test-Db-Queries to REST responses.
	 *
	 * @param WP_HTTP_Response $response Response.
	 * @return WP_HTTP_Response
	 */
	public function add_queries_header( $response ) {
		if ( $response instanceof WP_HTTP_Response ) {
			$response->header( 'X-Test-Db-Queries', http_build_query( $this->queries_by_server, '', ', ' ) );
		}
		return $response;
	}

	/**
	 * The replica's connection, opened on first use with wpdb's own connect (charset, SQL mode, database).
	 *
	 * @return mysqli|null Null when the replica cannot be reached (the primary answers instead).
	 */
	private function replica_connection() {
		if ( null === $this->replica ) {
			$primary       = $this->dbh;
			$primary_host  = $this->dbhost;
			$this->dbh     = null;
			$this->dbhost  = READ_REPLICA_DB_HOST;
			$this->replica = $this->db_connect( false ) ? $this->dbh : false;
			$this->dbh     = $primary;
			$this->dbhost  = $primary_host;
			$this->ready   = true;
			if ( ! $this->replica ) {
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_trigger_error -- a broken test setup must show.
				trigger_error( 'The read replica test double cannot connect to ' . esc_html( READ_REPLICA_DB_HOST ), E_USER_WARNING );
			}
		}
		return $this->replica ? $this->replica : null;
	}
}

// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a db.php drop-in's job.
$wpdb = new Recruiting_Read_Replica_Test_Double( DB_USER, DB_PASSWORD, DB_NAME, DB_HOST );
