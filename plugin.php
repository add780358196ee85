<?php
/**
 * Plugin Name:       Recruiting Reports
 * Description:       A small applicant-tracking system with a reporting REST API (recruiting/v1), report blocks, a dashboard widget and admin pages.
 * Version:           0.1.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            Recruiting Reports contributors
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       recruiting-reports
 * Domain Path:       /languages
 * Update URI:        false
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

// Update URI is false on purpose: the plugin is installed from its zip, not from WordPress.org, so
// WordPress must never offer a WordPress.org plugin that happens to use the same slug as an update.

define( 'RECRUITING_REPORTS_VERSION', '0.1.0' );
define( 'RECRUITING_REPORTS_FILE', __FILE__ );
define( 'RECRUITING_REPORTS_DIR', __DIR__ );

require_once __DIR__ . '/includes/Autoloader.php';
\RecruitingReports\Autoloader::register( __DIR__ . '/includes' );

// Tables, roles and settings (every site's when activated network-wide), then the one-time notice that points to
// Recruiting › Reports; deactivation clears the scheduled events (every site's when network-wide).
register_activation_hook( __FILE__, array( \RecruitingReports\Network\Lifecycle::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \RecruitingReports\Network\Lifecycle::class, 'deactivate' ) );

\RecruitingReports\Plugin::boot();
