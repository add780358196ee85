<?php
/**
 * Test support for the careers funnel (integration and e2e sites only): one more bot user-agent part through the
 * filter, from an option a test sets.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'recruiting_reports_bot_user_agents',
	static function ( array $bots ): array {
		$extra = (string) get_option( 'recruiting_test_bot_agent', '' );
		return '' === $extra ? $bots : array_merge( $bots, array( $extra ) );
	}
);
