<?php
/**
 * `wp recruiting report <name>`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Reports\ReportCsv;
use RecruitingReports\Reports\ReportSections;
use RecruitingReports\Reports\ReportService;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Prints a report through ReportService, as GET /reports/<name> does.
 */
final class ReportCommand {

	/** The report's query arguments, passed to ReportService exactly as the REST route passes them. */
	private const QUERY_ARGS = array( 'date_from', 'date_to', 'job_id', 'compare' );

	/**
	 * Prints a report: the figures, validation and cache of GET /reports/<name>.
	 *
	 * The JSON (and YAML) of the whole report is the REST response's body. A
	 * table, CSV or YAML of one section (--section) flattens the report as the
	 * API's CSV export does: each list (by_job, trend, …) is a section with one
	 * row per element, each object (jobs, by_status, conversion, overall, …) a
	 * section with one row, the top-level figures the section "summary"; the first
	 * column, period, says "current" or "comparison" (with --compare). A table
	 * without --section prints every section under its name.
	 *
	 * ## OPTIONS
	 *
	 * <name>
	 * : The report: overview, time-to-hire, or any other report the REST API serves under /reports/<name>.
	 *
	 * [--date_from=<date>]
	 * : First day of the period, YYYY-MM-DD in the site's timezone. Default: as the API (the last 12 months).
	 *
	 * [--date_to=<date>]
	 * : Last day of the period, YYYY-MM-DD, inclusive. Default: today.
	 *
	 * [--job_id=<id>]
	 * : Restrict the report to one job.
	 *
	 * [--compare=<period>]
	 * : Add the same report for an earlier period: previous_period or previous_year.
	 *
	 * [--section=<section>]
	 * : Print only this section (required with --format=csv). An unknown name lists the report's sections.
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
	 *     # The overview of the first quarter, as the API's JSON.
	 *     $ wp recruiting report overview --date_from=2025-01-01 --date_to=2025-03-31 --format=json
	 *
	 *     # Time to hire per job as CSV, with last year's figures for comparison.
	 *     $ wp recruiting report time-to-hire --section=by_job --format=csv --compare=previous_year
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$format  = (string) \WP_CLI\Utils\get_flag_value( $assoc_args, 'format', 'table' );
		$section = isset( $assoc_args['section'] ) ? (string) $assoc_args['section'] : null;
		$result  = ReportService::run( $args[0], array_intersect_key( $assoc_args, array_flip( self::QUERY_ARGS ) ) );
		if ( is_wp_error( $result ) ) {
			Commands::fail( $result );
		}
		WP_CLI::debug( 'report cache: ' . $result['cache'], 'recruiting' );
		self::print_report( $args[0], $result['data'], $format, $section );
	}

	/**
	 * Prints a report's data as the options ask (`wp recruiting report` and `wp recruiting network report`).
	 *
	 * @param string      $report  Report name.
	 * @param array       $data    The report.
	 * @param string      $format  table, json, csv or yaml.
	 * @param string|null $section The section to print, or null for the whole report.
	 */
	public static function print_report( string $report, array $data, string $format, ?string $section ): void {
		if ( null === $section && 'json' === $format ) {
			WP_CLI::line( (string) wp_json_encode( $data, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
			return;
		}
		if ( null === $section && 'yaml' === $format ) {
			WP_CLI::line( \Spyc::YAMLDump( $data, 2, 0 ) );
			return;
		}

		$sections = ReportSections::of( $data );
		if ( null !== $section ) {
			if ( ! isset( $sections[ $section ] ) ) {
				/* translators: 1: section name, 2: report name, 3: list of sections. */
				WP_CLI::error( sprintf( __( 'Unknown section "%1$s" of the report %2$s. Sections: %3$s.', 'recruiting-reports' ), $section, $report, implode( ', ', array_keys( $sections ) ) ) );
			}
			if ( 'csv' === $format ) {
				// The API's own CSV (format=csv&section=…): the same bytes, formula-safe cells, a BOM for spreadsheets.
				echo ReportCsv::render( $report, $section, $data ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CSV for a terminal or file, not HTML.
				return;
			}
			self::print_rows( $format, $sections[ $section ] );
			return;
		}
		if ( 'csv' === $format ) {
			/* translators: 1: report name, 2: list of sections. */
			WP_CLI::error( sprintf( __( 'CSV holds one table: add --section=<name>. Sections of the report %1$s: %2$s.', 'recruiting-reports' ), $report, implode( ', ', array_keys( $sections ) ) ) );
		}
		WP_CLI::log( sprintf( 'period: %s … %s', $data['period']['from'] ?? '', $data['period']['to'] ?? '' ) );
		foreach ( $sections as $name => $rows ) {
			WP_CLI::log( '' );
			WP_CLI::log( WP_CLI::colorize( '%G' . $name . '%n' ) );
			self::print_rows( $format, $rows );
		}
	}

	/**
	 * Prints one section's rows.
	 *
	 * @param string  $format table, json or yaml.
	 * @param array[] $rows   One section's rows.
	 */
	private static function print_rows( string $format, array $rows ): void {
		if ( ! $rows && 'table' === $format ) {
			WP_CLI::log( __( '(no rows)', 'recruiting-reports' ) );
			return;
		}
		\WP_CLI\Utils\format_items( $format, $rows, ReportSections::columns( $rows ) );
	}
}
