<?php
/**
 * Uninstall: removes data only when the admin opted in (Settings → "Delete data on uninstall").
 *
 * @package RecruitingReports
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/Autoloader.php';
\RecruitingReports\Autoloader::register( __DIR__ . '/includes' );

\RecruitingReports\Data\Uninstaller::run();
