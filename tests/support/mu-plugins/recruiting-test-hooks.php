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
