<?php
/**
 * A report as CSV sections (SPEC §7.1), read from the report's own response schema (ReportSchema), so
 * every field the JSON has is in exactly one section and an empty list still has its header row:
 *
 * - every array of objects is a section (one row per element, its fields as columns): by_job, trend, …;
 * - every object's number fields form a section named after the object (one row): by_status,
 *   conversion, overall, outcomes, …; its nested objects are sections of their own;
 * - the report's top-level numbers form `summary`; `period` and `comparison` are not sections.
 *
 * The first column is `period`: `current`, then (with compare) the comparison period's rows as `comparison`.
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

	public const SUMMARY = 'summary';

	/**
	 * The sections of a report, in schema order.
	 *
	 * @param string $report One of ReportService::REPORTS.
	 * @return array<string,array{path:string[],columns:string[],list:bool}> name => where in the data, columns, whether an array.
	 */
	public static function sections( string $report ): array {
		$sections = array();
		self::collect( ReportSchema::properties( $report ), array(), self::SUMMARY, $sections );
		return $sections;
	}

	/**
	 * 400 rest_invalid_param listing the sections when $section is missing or unknown; true otherwise.
	 *
	 * @param string $report  One of ReportService::REPORTS.
	 * @param mixed  $section Raw value.
	 * @return true|WP_Error
	 */
	public static function check_section( string $report, $section ) {
		$names = array_keys( self::sections( $report ) );
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
	 * The CSV text of one section (header row, the current period's rows, the comparison's).
	 *
	 * @param string $report  One of ReportService::REPORTS.
	 * @param string $section One of sections().
	 * @param array  $data    The report as ReportService returns it (with comparison when compared).
	 */
	public static function render( string $report, string $section, array $data ): string {
		$spec = self::sections( $report )[ $section ];
		$csv  = Csv::BOM . Csv::line( array_merge( array( 'period' ), $spec['columns'] ) );
		$sets = array( 'current' => $data );
		if ( isset( $data['comparison'] ) ) {
			$sets['comparison'] = $data['comparison'];
		}
		foreach ( $sets as $label => $report_data ) {
			$value = $report_data;
			foreach ( $spec['path'] as $key ) {
				$value = $value[ $key ] ?? null;
			}
			$rows = $spec['list'] ? (array) $value : array( $spec['path'] ? (array) $value : $report_data );
			foreach ( $rows as $row ) {
				$cells = array( $label );
				foreach ( $spec['columns'] as $column ) {
					$cells[] = $row[ $column ] ?? null;
				}
				$csv .= Csv::line( $cells );
			}
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

	/**
	 * Collects the sections of an object's properties.
	 *
	 * @param array    $properties Schema properties of an object.
	 * @param string[] $path       Where that object is in the data.
	 * @param string   $name       The section its number fields form.
	 * @param array    $sections   Collected sections.
	 */
	private static function collect( array $properties, array $path, string $name, array &$sections ): void {
		$numbers = array();
		foreach ( $properties as $key => $property ) {
			if ( 'period' === $key || 'comparison' === $key ) {
				continue;
			}
			$type = $property['type'] ?? null;
			if ( 'array' === $type ) {
				$sections[ $key ] = array(
					'path'    => array_merge( $path, array( $key ) ),
					'columns' => array_keys( $property['items']['properties'] ?? array() ),
					'list'    => true,
				);
			} elseif ( 'object' === $type ) {
				self::collect( $property['properties'] ?? array(), array_merge( $path, array( $key ) ), $key, $sections );
			} else {
				$numbers[] = $key;
			}
		}
		if ( $numbers ) {
			$section = array(
				'path'    => $path,
				'columns' => $numbers,
				'list'    => false,
			);
			// The object's own section comes before the nested ones it holds (applications before by_status).
			$sections = array( $name => $section ) + $sections;
		}
	}
}
