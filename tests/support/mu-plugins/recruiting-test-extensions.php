<?php
/**
 * Loads the files a test installed as this site's own mu-plugins (tests/support/doc-example.mjs): each test site has
 * its own `wp-content/rr-test-mu-plugins/`, while `wp-content/mu-plugins` is this folder of the repository, shared by
 * every site the runners boot at once (CI runs the SQLite and MariaDB suites side by side). A file written here
 * would reach every one of them. Required while WordPress loads its mu-plugins, so a file behaves as one.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

foreach ( glob( WP_CONTENT_DIR . '/rr-test-mu-plugins/*.php' ) ?: array() as $recruiting_test_extension ) {
	require_once $recruiting_test_extension;
}
unset( $recruiting_test_extension );
