<?php
/**
 * A report as flat tables (docs/reports.md#comparison "sections"), for the outputs that cannot nest: CSV and the
 * terminal tables of `wp recruiting report`.
 *
 * - each list in the report is a section named after its key, one row per element (`by_job`, `trend`, …);
 * - each object is a section named after its key with one row of its scalar fields (`jobs`, `by_status`,
 *   `conversion`, `overall`, …); objects inside it are sections of their own, and an object without scalar
 *   fields is no section; an empty list is a section without rows;
 * - the report's top-level scalars form the section `summary`; `period` is not a section.
 *
 * Every row starts with the column `period`: `current`, then (with `compare`) the rows of the report's
 * `comparison` with `comparison`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Flattens a report into its sections.
 */
final class ReportSections {

	public const SUMMARY = 'summary';

	/**
	 * The sections of a report (and of its comparison).
	 *
	 * @param array $report A report's data as ReportService returns it.
	 * @return array<string,array[]> section name => rows (each an array of column => scalar), in report order.
	 */
	public static function of( array $report ): array {
		$sections = array();
		self::collect( $sections, self::SUMMARY, self::without( $report, array( 'period', 'comparison' ) ), 'current' );
		if ( is_array( $report['comparison'] ?? null ) ) {
			self::collect( $sections, self::SUMMARY, self::without( $report['comparison'], array( 'period', 'comparison' ) ), 'comparison' );
		}
		return $sections;
	}

	/**
	 * The column names of a section: the union of its rows' keys, in first-seen order.
	 *
	 * @param array[] $rows Rows of one section.
	 * @return string[]
	 */
	public static function columns( array $rows ): array {
		$columns = array();
		foreach ( $rows as $row ) {
			foreach ( array_keys( $row ) as $column ) {
				$columns[ $column ] = true;
			}
		}
		return array_keys( $columns );
	}

	/**
	 * Adds an object's row and the sections nested in it.
	 *
	 * @param array<string,array[]> $sections Sections collected so far.
	 * @param string                $name     This object's section name.
	 * @param array                 $value    An object (associative array).
	 * @param string                $period   'current' or 'comparison'.
	 */
	private static function collect( array &$sections, string $name, array $value, string $period ): void {
		$row = array( 'period' => $period );
		// Reserved first so that an object's section comes before the sections nested in it.
		$reserved            = ! isset( $sections[ $name ] );
		$sections[ $name ] ??= array();
		foreach ( $value as $key => $field ) {
			if ( ! is_array( $field ) ) {
				$row[ $key ] = $field;
			} elseif ( array_is_list( $field ) ) {
				$sections[ $key ] ??= array();
				foreach ( $field as $element ) {
					$sections[ $key ][] = array_merge( array( 'period' => $period ), is_array( $element ) ? self::scalars( $element ) : array( 'value' => $element ) );
				}
			} else {
				self::collect( $sections, (string) $key, $field, $period );
			}
		}
		if ( count( $row ) > 1 ) {
			$sections[ $name ][] = $row;
		} elseif ( $reserved ) {
			// An object of objects only (or a report without top-level figures): not a section itself.
			unset( $sections[ $name ] );
		}
	}

	/**
	 * An element's scalar fields (nested values are JSON, so that nothing is silently dropped).
	 *
	 * @param array $element A list element.
	 */
	private static function scalars( array $element ): array {
		return array_map( static fn( $field ) => is_array( $field ) ? wp_json_encode( $field ) : $field, $element );
	}

	/**
	 * The object without some keys.
	 *
	 * @param array    $value An object.
	 * @param string[] $keys  Keys to leave out.
	 */
	private static function without( array $value, array $keys ): array {
		return array_diff_key( $value, array_flip( $keys ) );
	}
}
