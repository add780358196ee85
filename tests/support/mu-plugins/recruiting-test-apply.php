<?php
/**
 * Test support for the apply form (integration and e2e sites only): the minimum fill time and the per-address
 * rate limit come from options the tests set, so no test has to wait for a clock.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

foreach ( array(
	'recruiting_reports_apply_min_seconds' => 'recruiting_test_apply_min_seconds',
	'recruiting_reports_apply_rate_limit'  => 'recruiting_test_apply_rate_limit',
) as $rr_filter => $rr_option ) {
	add_filter(
		$rr_filter,
		static function ( $value ) use ( $rr_option ) {
			$set = get_option( $rr_option, '' );
			return '' === $set ? $value : (int) $set;
		}
	);
}
