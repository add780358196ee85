<?php
/**
 * Test support for the integration suites, loaded only in the test sites (never shipped in the plugin):
 * routes that reset the site, inspect stored rows and run queued cron work, so tests can set up and
 * observe state over HTTP. Administrators only.
 *
 * @package RecruitingReports
 */

use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

// The benchmark dataset (RecruitingReports\Dev\BenchmarkData) and `wp recruiting seed benchmark` are
// development tools in the plugin's dev/ folder, which the release zip leaves out (a site installed from the
// zip runs the suites that do not need them).
if ( is_readable( WP_PLUGIN_DIR . '/recruiting-reports/dev/load.php' ) ) {
	require_once WP_PLUGIN_DIR . '/recruiting-reports/dev/load.php';
}

// Another plugin setting WordPress's scripts up early (Blocks\BlockScripts must still add the plugin's): header
// X-Recruiting-Test-Scripts-Early: muplugins_loaded (before this plugin is loaded) or plugins_loaded (after).
$rr_test_scripts_early = (string) ( $_SERVER['HTTP_X_RECRUITING_TEST_SCRIPTS_EARLY'] ?? '' );
if ( in_array( $rr_test_scripts_early, array( 'muplugins_loaded', 'plugins_loaded' ), true ) ) {
	add_action( $rr_test_scripts_early, 'wp_scripts', 0 );
}

add_action(
	'rest_api_init',
	static function () {
		$admin_only = static fn() => current_user_can( 'manage_options' );
		$route      = static function ( string $path, string $methods, callable $callback ) use ( $admin_only ) {
			register_rest_route(
				'recruiting-test/v1',
				$path,
				array(
					'methods'             => $methods,
					'callback'            => $callback,
					'permission_callback' => $admin_only,
				)
			);
		};

		// Deletes every job, application and related row; restores default settings and timezone.
		$route(
			'/reset',
			'POST',
			static function () {
				global $wpdb;
				foreach ( Schema::TABLES as $name ) {
					$wpdb->query( 'DELETE FROM ' . Schema::table( $name ) );
				}
				$ids = $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_type = %s", JobPostType::POST_TYPE ) );
				foreach ( $ids as $id ) {
					wp_delete_post( (int) $id, true );
				}
				delete_option( \RecruitingReports\Data\Settings::OPTION );
				delete_option( 'recruiting_test_webhook_strict' );
				delete_option( 'recruiting_test_dns' );
				rr_test_fail_inserts( '' );
				delete_option( 'recruiting_test_slow_sql' );
				delete_option( 'recruiting_test_retention_seconds' );
				// Retention rules, their log and the runs' claims.
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s', $wpdb->options, $wpdb->esc_like( 'recruiting_reports_retention' ) . '%' ) );
				wp_cache_delete( 'alloptions', 'options' );
				wp_cache_delete( 'notoptions', 'options' );
				wp_cache_delete( \RecruitingReports\Privacy\RetentionRules::OPTION, 'options' );
				wp_cache_delete( \RecruitingReports\Privacy\Retention::LOG_OPTION, 'options' );
				\RecruitingReports\Data\Settings::ensure_defaults();
				update_option( 'timezone_string', 'UTC' );
				update_option( 'gmt_offset', 0 );
				\RecruitingReports\Domain\Events::data_changed();
				return array( 'reset' => true );
			}
		);

		// Row counts, schema version, tables present, and the capabilities of the roles.
		$route(
			'/state',
			'GET',
			static function () {
				global $wpdb;
				$tables = array();
				foreach ( Schema::TABLES as $name ) {
					$table           = Schema::table( $name );
					$exists          = (bool) $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) );
					$tables[ $name ] = $exists ? (int) $wpdb->get_var( "SELECT COUNT(*) FROM $table" ) : null;
				}
				$roles = array();
				foreach ( array( 'administrator', 'recruiter', 'editor', 'subscriber' ) as $role_name ) {
					$role                = get_role( $role_name );
					$roles[ $role_name ] = $role ? array_keys( array_filter( $role->capabilities ) ) : null;
				}
				return array(
					'schema_version' => Schema::installed_version(),
					'tables'         => $tables,
					'jobs'           => (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = %s AND post_status <> 'trash'", JobPostType::POST_TYPE ) ),
					'roles'          => $roles,
				);
			}
		);

		// One application's stored row and history, by external id (what the importer wrote).
		$route(
			'/applications/(?P<external_id>[^/]+)',
			'GET',
			static function ( WP_REST_Request $request ) {
				global $wpdb;
				$table = Schema::table( 'applications' );
				$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM $table WHERE external_key = %s", mb_strtolower( $request['external_id'] ) ), ARRAY_A );
				if ( ! $row ) {
					return new WP_Error( 'resource_not_found', 'no such application', array( 'status' => 404 ) );
				}
				$history        = Schema::table( 'status_history' );
				$row['history'] = $wpdb->get_results( $wpdb->prepare( "SELECT from_status, to_status, changed_at, user_id FROM $history WHERE application_id = %d ORDER BY changed_at, id", $row['id'] ), ARRAY_A );
				return $row;
			}
		);

		// Simulates an install of schema version 1 (before the timeline columns existed).
		$route(
			'/simulate-schema-v1',
			'POST',
			static function () {
				global $wpdb;
				$table = Schema::table( 'applications' );
				foreach ( array( 'job_applied_stage', 'applied_stage', 'source_applied' ) as $index ) {
					$wpdb->query( "ALTER TABLE $table DROP INDEX $index" );
				}
				$wpdb->query( "ALTER TABLE $table DROP COLUMN max_stage" );
				$wpdb->query( "ALTER TABLE $table DROP COLUMN source" );
				$wpdb->query( "UPDATE $table SET status = 'new', reopen_status = NULL, screening_at = NULL, interview_at = NULL, offer_at = NULL, hired_at = NULL, status_since = 0" );
				update_option( Schema::VERSION_OPTION, 1 );
				$columns = $wpdb->get_col( "SHOW COLUMNS FROM $table" );
				return array( 'columns' => $columns );
			}
		);

		// "As if N seconds later" for the time-based queues: pending webhook deliveries and e-mails become due N
		// seconds earlier and rate-limit windows move N seconds into the past (the plugin itself reads time() only).
		$route(
			'/advance',
			'POST',
			static function ( WP_REST_Request $request ) {
				global $wpdb;
				$seconds    = max( 0, (int) $request['seconds'] );
				$deliveries = Schema::table( 'webhook_deliveries' );
				$limits     = Schema::table( 'rate_limits' );
				$wpdb->query( $wpdb->prepare( "UPDATE $deliveries SET next_attempt_at = next_attempt_at - %d WHERE next_attempt_at IS NOT NULL", $seconds ) );
				$wpdb->query( $wpdb->prepare( "UPDATE $limits SET window_start = window_start - %d", $seconds ) );
				$mail = Schema::table( 'mail_outbox' );
				$wpdb->query( $wpdb->prepare( "UPDATE $mail SET next_attempt_at = next_attempt_at - %d WHERE status = 'pending'", $seconds ) );
				return array( 'advanced' => $seconds );
			}
		);

		// Strict webhook targets: private/loopback URLs refused as on a production site (the test sites are
		// 'local', where the plugin allows them); read by the filter at the end of this file.
		$route(
			'/webhook-strict',
			'POST',
			static function ( WP_REST_Request $request ) {
				update_option( 'recruiting_test_webhook_strict', $request['strict'] ? 1 : 0 );
				return array( 'strict' => (bool) $request['strict'] );
			}
		);

		// Where a string occurs in the database: every row of WordPress's tables and the plugin's tables.
		$route(
			'/db-search',
			'POST',
			static function ( WP_REST_Request $request ) {
				global $wpdb;
				$needle = (string) $request['needle'];
				$found  = array();
				$tables = array_merge( array_values( $wpdb->tables( 'all' ) ), array_map( array( Schema::class, 'table' ), Schema::TABLES ) );
				foreach ( $tables as $table ) {
					$rows = $wpdb->get_results( "SELECT * FROM $table", ARRAY_A );
					foreach ( (array) $rows as $row ) {
						foreach ( $row as $column => $value ) {
							if ( null !== $value && '' !== $needle && false !== strpos( (string) $value, $needle ) ) {
								$found[] = "$table.$column";
							}
						}
					}
				}
				return array( 'tables' => count( $tables ), 'found' => array_values( array_unique( $found ) ) );
			}
		);

		// What this REST request set up on its way here: whether WordPress's scripts were (Blocks\BlockScripts: no REST
		// request prints one), the plugin's handles among them, the report block's script handles, and whether a plugin
		// filters the reports (while none does, the block's variations are block.json's, no definition built:
		// Blocks\ReportVariations).
		$route(
			'/request-setup',
			'GET',
			static function () {
				$type    = WP_Block_Type_Registry::get_instance()->get_registered( 'recruiting-reports/report' );
				$set_up  = did_action( 'wp_default_scripts' ) > 0;
				$handles = $set_up ? array_keys( wp_scripts()->registered ) : array();
				return array(
					'scripts_set_up'   => $set_up,
					'report_block'     => null !== $type,
					'editor_scripts'   => $type ? $type->editor_script_handles : array(),
					'view_scripts'     => $type ? $type->view_script_handles : array(),
					'reports_filtered' => has_filter( 'recruiting_reports_reports' ),
					'plugin_scripts'   => array_values( array_filter( $handles, static fn( $handle ) => str_starts_with( $handle, 'recruiting-reports-' ) ) ),
				);
			}
		);

		// The stored rows of the api_keys table.
		$route(
			'/api-keys',
			'GET',
			static function () {
				global $wpdb;
				return $wpdb->get_results( 'SELECT * FROM ' . Schema::table( 'api_keys' ) . ' ORDER BY id', ARRAY_A );
			}
		);

		// Fault injection: every INSERT into one of the plugin's tables fails ('' turns it off), to prove that a write
		// failing half-way leaves nothing behind.
		$route(
			'/fail-sql',
			'POST',
			static function ( WP_REST_Request $request ) {
				rr_test_fail_inserts( (string) $request['table'] );
				return array( 'table' => (string) $request['table'] );
			}
		);

		// Which database server (@@server_id) answers a read of this request, then a read inside a transaction that
		// locks a job's row (JobRepository::lock()), and the database errors meanwhile: the cluster's read replica test runs it
		// as a GET, whose reads go to the replica until the plugin sends them to the primary.
		$route(
			'/db-server',
			'GET',
			static function ( WP_REST_Request $request ) {
				global $wpdb, $EZSQL_ERROR;
				$before = (int) $wpdb->get_var( 'SELECT @@server_id' );
				$errors = count( (array) $EZSQL_ERROR );
				$inside = \RecruitingReports\Data\Transaction::run(
					static function () use ( $wpdb, $request ) {
						\RecruitingReports\Data\JobRepository::lock( (int) $request['job_id'] );
						return (int) $wpdb->get_var( 'SELECT @@server_id' );
					}
				);
				return array(
					'before' => $before,
					'inside' => $inside,
					'errors' => array_column( array_slice( (array) $EZSQL_ERROR, $errors ), 'error_str' ),
				);
			}
		);

		// Delay injection: every query containing `needle` waits `ms` milliseconds before it runs (null/'' turns it
		// off), to widen race windows that are too narrow to hit otherwise (between a write and its COMMIT, between
		// an increment and a read).
		$route(
			'/slow-sql',
			'POST',
			static function ( WP_REST_Request $request ) {
				$slow = array(
					'needle' => (string) $request['needle'],
					'ms'     => max( 0, min( 5000, (int) $request['ms'] ) ),
				);
				update_option( 'recruiting_test_slow_sql', $slow );
				return $slow;
			}
		);

		// Runs the plugin's cron events now (the test sites run with DISABLE_WP_CRON).
		$route(
			'/run-cron',
			'POST',
			static function () {
				$ran = array();
				foreach ( (array) _get_cron_array() as $timestamp => $hooks ) {
					foreach ( $hooks as $hook => $events ) {
						if ( ! str_starts_with( $hook, 'recruiting_reports' ) ) {
							continue;
						}
						foreach ( $events as $event ) {
							wp_unschedule_event( $timestamp, $hook, $event['args'] );
							do_action_ref_array( $hook, $event['args'] );
							$ran[] = $hook;
						}
					}
				}
				return array( 'ran' => $ran );
			}
		);

		// Fires one of the plugin's cron hooks in this request, as WP-Cron on this web node would when the event
		// is due (the cluster suite fires it on both nodes at once, as two nodes' cron spawns can).
		$route(
			'/fire-hook',
			'POST',
			static function ( WP_REST_Request $request ) {
				$hook = (string) $request['hook'];
				if ( ! str_starts_with( $hook, 'recruiting_reports_' ) ) {
					return new WP_Error( 'rest_invalid_param', 'Only the plugin\'s hooks.', array( 'status' => 400 ) );
				}
				do_action( $hook );
				return array( 'fired' => $hook );
			}
		);
	}
);

add_filter(
	'recruiting_reports_webhook_allow_private_urls',
	static fn( $allow ) => get_option( 'recruiting_test_webhook_strict' ) ? false : $allow
);

// Option recruiting_test_retention_seconds, when set, is the retention cron's time budget (0: one application a part).
add_filter(
	'recruiting_reports_retention_seconds',
	static function ( $seconds ) {
		$budget = get_option( 'recruiting_test_retention_seconds' );
		return false === $budget ? $seconds : (float) $budget;
	}
);

// The test sites have no DNS of their own: option recruiting_test_dns (host => addresses) stands in for it.
add_filter(
	'recruiting_reports_webhook_host_addresses',
	static function ( $addresses, $host ) {
		$dns = get_option( 'recruiting_test_dns', array() );
		return is_array( $dns ) && isset( $dns[ strtolower( $host ) ] ) ? (array) $dns[ strtolower( $host ) ] : $addresses;
	},
	10,
	2
);

/**
 * Makes every INSERT into one of the plugin's tables fail, or none (''): a trigger in the database, so a write fails
 * whichever way it reaches it (through wpdb, or straight to SQLite: Data\DirectSqlite).
 *
 * @param string $name The table's short name (Schema::table()), or '' for none.
 */
function rr_test_fail_inserts( string $name ): void {
	global $wpdb;
	$sqlite = \RecruitingReports\Data\DirectSqlite::connection();
	$run    = static fn( string $sql ) => $sqlite ? $sqlite->exec( $sql ) : $wpdb->query( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- test support: the plugin's own table names.
	$run( 'DROP TRIGGER IF EXISTS recruiting_test_injected_failure' );
	if ( '' === $name ) {
		return;
	}
	$table = \RecruitingReports\Data\Schema::table( $name );
	$run(
		$sqlite
			? "CREATE TRIGGER recruiting_test_injected_failure BEFORE INSERT ON \"$table\" BEGIN SELECT RAISE(ABORT, 'recruiting_test_injected_failure'); END"
			: "CREATE TRIGGER recruiting_test_injected_failure BEFORE INSERT ON `$table` FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'recruiting_test_injected_failure'"
	);
}

add_filter(
	'query',
	static function ( $query ) {
		static $slow = null;
		if ( null === $slow ) {
			$slow = array( 'needle' => '' );
			$slow = (array) get_option( 'recruiting_test_slow_sql', $slow );
		}
		if ( '' !== ( $slow['needle'] ?? '' ) && is_string( $query ) && str_contains( $query, $slow['needle'] ) ) {
			usleep( 1000 * (int) $slow['ms'] );
		}
		return $query;
	}
);
