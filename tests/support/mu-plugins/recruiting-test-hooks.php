<?php
/**
 * Test support for the extension points (docs/hooks.md), loaded only in the test sites: a request that sends the
 * header `X-Recruiting-Test-Hooks: 1` runs with a third-party plugin's hooks on every filter and action the plugin
 * offers, each leaving a visible trace (a response field or header), so the integration suite proves each hook is
 * called, with the arguments it documents, and that what it returns is used. Without the header nothing is hooked.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

if ( empty( $_SERVER['HTTP_X_RECRUITING_TEST_HOOKS'] ) ) {
	return;
}

/** Headers the hooks want on the response. */
$GLOBALS['recruiting_test_hook_headers'] = array();

// Checks of the plugin's capabilities made before the route's callback starts (the permission phase; WordPress
// itself checks capabilities later, inside wp_insert_post and the like): the gate must run each check once.
$GLOBALS['recruiting_test_capability_checks'] = 0;
add_filter(
	'map_meta_cap',
	static function ( $caps, $cap ) {
		if ( str_starts_with( (string) $cap, 'recruiting_' ) ) {
			++$GLOBALS['recruiting_test_capability_checks'];
		}
		return $caps;
	},
	10,
	2
);
add_filter(
	'rest_dispatch_request',
	static function ( $result ) {
		$GLOBALS['recruiting_test_hook_headers']['X-Test-Capability-Checks'] = (string) $GLOBALS['recruiting_test_capability_checks'];
		return $result;
	}
);

// register_rest_field() on a resource: it must show in OPTIONS and in every response (core's additional fields).
add_action(
	'rest_api_init',
	static function () {
		register_rest_field(
			'recruiting-job',
			'test_badge',
			array(
				'get_callback' => static fn( $job ) => 'badge-' . $job['id'],
				'schema'       => array(
					'description' => 'Added by the test hooks.',
					'type'        => 'string',
					'context'     => array( 'view', 'edit' ),
				),
			)
		);
	}
);

// recruiting_reports_rest_prepare_{type}: the response of every item passes through it.
foreach ( array( 'job', 'application', 'note', 'rating', 'webhook', 'webhook_delivery', 'api_key', 'settings' ) as $recruiting_test_type ) {
	add_filter(
		'recruiting_reports_rest_prepare_' . $recruiting_test_type,
		static function ( $response, $item, $request ) use ( $recruiting_test_type ) {
			$response->header( 'X-Test-Prepared', $recruiting_test_type . ':' . ( $request instanceof WP_REST_Request ? $request->get_method() : '?' ) );
			return $response;
		},
		10,
		3
	);
}

// Reports: a sentinel date_from is replaced (the filtered arguments are used), results gain a field, and the
// header X-Test-No-Cache turns the cache off.
add_filter(
	'recruiting_reports_report_query_args',
	static function ( $args, $report ) {
		$GLOBALS['recruiting_test_hook_headers']['X-Test-Report-Args'] = $report;
		if ( '1999-01-01' === ( $args['date_from'] ?? null ) ) {
			$args['date_from'] = '2020-01-01';
		}
		return $args;
	},
	10,
	2
);
add_filter(
	'recruiting_reports_report_results',
	static function ( $data, $report, $query ) {
		$data['test_filtered'] = $report . ':' . $query->from;
		return $data;
	},
	10,
	3
);
add_filter(
	'recruiting_reports_use_report_cache',
	static function ( $use_cache, $report ) {
		$GLOBALS['recruiting_test_hook_headers']['X-Test-Cache-Asked'] = $report;
		return empty( $_SERVER['HTTP_X_TEST_NO_CACHE'] ) ? $use_cache : false;
	},
	10,
	2
);

// Webhooks: the payload's data gains a field naming the event and the webhook.
add_filter(
	'recruiting_reports_webhook_payload',
	static function ( $data, $event, $webhook_id ) {
		$data['test_hooked'] = $event . ':' . $webhook_id;
		return $data;
	},
	10,
	3
);

// Actions after a status change and after an import.
add_action(
	'recruiting_reports_application_status_changed',
	static function ( $application_id, $from, $to, $user_id ) {
		$GLOBALS['recruiting_test_hook_headers']['X-Test-Status-Changed'] = "$application_id:$from:$to:$user_id";
	},
	10,
	4
);
add_action(
	'recruiting_reports_after_import',
	static function ( $summary, $user_id ) {
		$GLOBALS['recruiting_test_hook_headers']['X-Test-Imported'] = $summary['applications']['created'] . ':' . $user_id;
	},
	10,
	2
);

// A job page's JobPosting: one property added, with the job's id to prove the post argument.
add_filter(
	'recruiting_reports_job_posting',
	static function ( array $posting, WP_Post $post ) {
		$posting['experienceRequirements'] = 'hooked for job ' . $post->ID;
		return $posting;
	},
	10,
	2
);

add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		if ( $response instanceof WP_REST_Response ) {
			foreach ( $GLOBALS['recruiting_test_hook_headers'] as $name => $value ) {
				$response->header( $name, $value );
			}
		}
		return $response;
	},
	100
);

// A plugin that changes a report's schema (recruiting_reports_reports) without adding or removing a route: the
// OpenAPI document must show it at once (its cache key follows the schemas' content).
if ( ! empty( $_SERVER['HTTP_X_TEST_REPORT_SCHEMA'] ) ) {
	add_filter(
		'recruiting_reports_reports',
		static function ( array $reports ) {
			return array_map(
				static fn( $report ) => 'overview' !== $report->name ? $report : new RecruitingReports\Reports\ReportDefinition(
					name: $report->name,
					title: $report->title,
					description: $report->description,
					run: $report->run,
					schema: $report->schema + array( 'test_schema_field' => RecruitingReports\Reports\ReportSchema::integer( 'Added by a test plugin.' ) ),
					figures: $report->figures,
					block: $report->block,
				),
				$reports
			);
		}
	);
}
