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
				foreach ( array( 'job_applied_stage', 'applied_stage' ) as $index ) {
					$wpdb->query( "ALTER TABLE $table DROP INDEX $index" );
				}
				$wpdb->query( "ALTER TABLE $table DROP COLUMN max_stage" );
				$wpdb->query( "UPDATE $table SET status = 'new', reopen_status = NULL, screening_at = NULL, interview_at = NULL, offer_at = NULL, hired_at = NULL" );
				update_option( Schema::VERSION_OPTION, 1 );
				$columns = $wpdb->get_col( "SHOW COLUMNS FROM $table" );
				return array( 'columns' => $columns );
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
	}
);
