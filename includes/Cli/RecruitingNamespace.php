<?php
/**
 * The `wp recruiting` namespace's help text.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

defined( 'ABSPATH' ) || exit;

/**
 * Operates Recruiting Reports: import data, print reports, rebuild summaries, run webhooks, manage API keys.
 *
 * ## EXAMPLES
 *
 *     # Import a JSON file (the body of POST /recruiting/v1/import, any size).
 *     $ wp recruiting import export.json
 *
 *     # Mail last month's overview as JSON.
 *     $ wp recruiting report overview --date_from=2025-01-01 --date_to=2025-01-31 --format=json
 *
 *     # An API key for a BI tool, owned by the user "admin".
 *     $ wp recruiting keys create --user=admin --name="BI" --permissions=recruiting_read_applications --porcelain
 */
final class RecruitingNamespace extends \WP_CLI\Dispatcher\CommandNamespace {
}
