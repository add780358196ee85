<?php
/**
 * `wp recruiting network upgrade`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Blocks\ReportContent;
use RecruitingReports\Network\Lifecycle;
use RecruitingReports\Network\NetworkReport;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin on a multisite network.
 */
final class NetworkCommand {

	/** Sites per batch (each batch reports its progress). */
	private const BATCH = 50;

	/**
	 * Brings every site's recruiting tables up to date, and sets up sites that have none yet — what Network Admin ›
	 * Updates › Upgrade Network does, without a request to each site.
	 *
	 * ## OPTIONS
	 *
	 * [--after=<site-id>]
	 * : Go on after this site id (an upgrade cut short says where it stopped).
	 * ---
	 * default: 0
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting network upgrade
	 *     Success: Every site's recruiting tables are up to date.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function upgrade( array $args, array $assoc_args ): void {
		unset( $args );
		if ( ! is_multisite() ) {
			WP_CLI::error( __( 'This is not a multisite network.', 'recruiting-reports' ) );
		}
		$after = absint( $assoc_args['after'] ?? 0 );
		do {
			$after = Lifecycle::upgrade( $after, self::BATCH );
			if ( null !== $after ) {
				/* translators: %d: site id. */
				WP_CLI::log( sprintf( __( 'Up to date through site %d…', 'recruiting-reports' ), $after ) );
			}
		} while ( null !== $after );
		WP_CLI::success( __( 'Every site\'s recruiting tables are up to date.', 'recruiting-reports' ) );
	}

	/**
	 * Prints a report across every site of the network (GET /network/reports/<name>): the network's figures, each
	 * site's period read in its own timezone.
	 *
	 * JSON is the REST response's body (by_site with each site's headline figures' fields; --by_site=full: each site's
	 * whole report). A table prints the network's sections
	 * (as `wp recruiting report` does), then each site's headline figures; --section picks one of the network's.
	 *
	 * ## OPTIONS
	 *
	 * <name>
	 * : The report: overview, time-to-hire, or any other report of /reports/<name>.
	 *
	 * [--period=<period>]
	 * : A preset period, read in each site's timezone: last_30_days, last_90_days, last_12_months or year_to_date.
	 *
	 * [--date_from=<date>]
	 * : First day of the period, YYYY-MM-DD (each site's own day). Default: as the API (the last 12 months).
	 *
	 * [--date_to=<date>]
	 * : Last day of the period, YYYY-MM-DD, inclusive. Default: today.
	 *
	 * [--compare=<period>]
	 * : Add the same report for an earlier period: previous_period or previous_year.
	 *
	 * [--by_site=<what>]
	 * : What each site's row of by_site holds: figures (the fields of its headline figures) or full (its whole report).
	 * ---
	 * default: figures
	 * options:
	 *   - figures
	 *   - full
	 * ---
	 *
	 * [--by_job]
	 * : List every site's jobs in the network's figures (by_job; --section=by_job implies it).
	 *
	 * [--section=<section>]
	 * : Print only this section of the network's figures (required with --format=csv).
	 *
	 * [--format=<format>]
	 * : Output format.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting network report overview --period=last_30_days
	 *     $ wp recruiting network report time-to-hire --section=by_job --format=csv
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function report( array $args, array $assoc_args ): void {
		if ( ! is_multisite() ) {
			WP_CLI::error( __( 'This is not a multisite network.', 'recruiting-reports' ) );
		}
		$format  = (string) \WP_CLI\Utils\get_flag_value( $assoc_args, 'format', 'table' );
		$section = isset( $assoc_args['section'] ) ? (string) $assoc_args['section'] : null;
		$given   = array_intersect_key( $assoc_args, array_flip( array( 'period', 'date_from', 'date_to', 'compare', 'by_site' ) ) );
		$result  = NetworkReport::run( $args[0], array( 'by_job' => NetworkReport::JOB_ROWS === $section || \WP_CLI\Utils\get_flag_value( $assoc_args, 'by_job', false ) ) + $given );
		if ( is_wp_error( $result ) ) {
			Commands::fail( $result );
		}
		$data = $result['data'];
		if ( null === $section && in_array( $format, array( 'json', 'yaml' ), true ) ) {
			ReportCommand::print_report( $args[0], $data, $format, null );
			return;
		}
		ReportCommand::print_report( $args[0], array_diff_key( $data, array( 'by_site' => true ) ), $format, $section );
		if ( null === $section ) {
			WP_CLI::log( '' );
			WP_CLI::log( WP_CLI::colorize( '%Gby_site%n' ) );
			$rows = array();
			foreach ( $data['by_site'] as $site ) {
				$row = array(
					'site_id' => $site['site_id'],
					'name'    => $site['name'],
				);
				foreach ( ReportContent::figures( $args[0], $site['figures'] ) as $figure ) {
					$row[ $figure['id'] ] = $figure['value'];
				}
				$rows[] = $row;
			}
			\WP_CLI\Utils\format_items( $format, $rows, $rows ? array_keys( $rows[0] ) : array( 'site_id', 'name' ) );
		}
	}
}
