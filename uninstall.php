<?php
/**
 * Uninstall: removes data only when the admin opted in (Settings → "Delete data on uninstall"); on a network, each
 * site as its own setting says.
 *
 * @package RecruitingReports
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/Autoloader.php';
\RecruitingReports\Autoloader::register( __DIR__ . '/includes' );

\RecruitingReports\Data\Uninstaller::run_everywhere();
