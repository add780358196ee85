<?php
/**
 * A report section as CSV (docs/reports.md#comparison format=csv): the rows are ReportSections' (the same flat tables
 * `wp recruiting report` prints), the first column `period` (`current`, then `comparison` rows); a
 * section without rows (an empty list) still gets its header, from the report's schema.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Reports as CSV sections.
 */
final class ReportCsv {

	/**
	 * 400 rest_invalid_param listing the report's sections when $section is missing or unknown; true otherwise.
	 *
	 * @param mixed $section Raw value.
	 * @param array $data    The report as ReportService returns it.
	 * @return true|WP_Error
	 */
	public static function check_section( $section, array $data ) {
		$names = array_keys( ReportSections::of( $data ) );
		if ( is_string( $section ) && in_array( $section, $names, true ) ) {
			return true;
		}
		/* translators: %s: list of section names. */
		$message = sprintf( __( 'format=csv needs section, one of: %s.', 'recruiting-reports' ), implode( ', ', $names ) );
		return new WP_Error(
			'rest_invalid_param',
			$message,
			array(
				'status' => 400,
				'params' => array( 'section' => $message ),
			)
		);
	}

	/**
	 * The CSV text of one section: BOM, header row, the current period's rows, the comparison's.
	 *
	 * @param string $report  One of ReportRegistry::names().
	 * @param string $section A section of the report (check_section()).
	 * @param array  $data    The report as ReportService returns it (with comparison when compared).
	 */
	public static function render( string $report, string $section, array $data ): string {
		$rows    = ReportSections::of( $data )[ $section ] ?? array();
		$columns = $rows
			? ReportSections::columns( $rows )
			: array_merge( array( 'period' ), array_keys( ReportSchema::properties( $report )[ $section ]['items']['properties'] ?? array() ) );
		$csv     = Csv::BOM . Csv::line( $columns );
		foreach ( $rows as $row ) {
			$csv .= Csv::line( array_map( static fn( $column ) => $row[ $column ] ?? null, $columns ) );
		}
		return $csv;
	}

	/**
	 * The download's file name: report, section and period, such as recruiting-funnel-stages-2025-01-01_2025-12-31.
	 *
	 * @param string $report  Report name.
	 * @param string $section Section name.
	 * @param array  $data    The report (its period).
	 */
	public static function filename( string $report, string $section, array $data ): string {
		return sprintf( 'recruiting-%s-%s-%s_%s', $report, $section, $data['period']['from'] ?? '', $data['period']['to'] ?? '' );
	}
}
