<?php
/**
 * The response schema of every report (JSON Schema, WordPress REST style): what the routes declare (OPTIONS,
 * the OpenAPI document) and the columns of a CSV section that has no rows (ReportCsv).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Response schemas of the reports.
 */
final class ReportSchema {

	/**
	 * The schema of a report's response; with `comparison` (the same report for the comparison period,
	 * present only when `compare` was given).
	 *
	 * @param string $report One of ReportRegistry::names().
	 */
	public static function for( string $report ): array {
		$properties               = self::properties( $report );
		$properties['comparison'] = self::object(
			__( 'The same report for the comparison period (only with compare).', 'recruiting-reports' ),
			$properties
		);
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'recruiting-report-' . $report,
			'type'       => 'object',
			'properties' => $properties,
		);
	}

	/**
	 * The report's own fields (without comparison): its period, then what its definition declares.
	 *
	 * @param string $report One of ReportRegistry::names().
	 */
	public static function properties( string $report ): array {
		return array( 'period' => self::period() ) + ( ReportRegistry::get( $report )->schema ?? array() );
	}

	/** The resolved period of a report. */
	public static function period(): array {
		return self::object(
			__( 'The resolved period (calendar dates in the site timezone, inclusive).', 'recruiting-reports' ),
			array(
				'from' => self::date(),
				'to'   => self::date(),
			)
		);
	}

	/**
	 * Days rounded to 1 decimal (0 when there is nothing to average).
	 *
	 * @param string|null $description What they are (default: the rounding rule).
	 */
	public static function days( ?string $description = null ): array {
		return self::number( $description ?? __( 'Days, rounded to 1 decimal; 0 when there is nothing to average.', 'recruiting-reports' ) );
	}

	/**
	 * A spread of days: average, median, fastest and slowest.
	 *
	 * @param string $description What they are over.
	 */
	public static function spread( string $description ): array {
		return self::object(
			$description,
			array(
				'average_days' => self::days(),
				'median_days'  => self::days(),
				'min_days'     => self::days(),
				'max_days'     => self::days(),
			)
		);
	}

	/** A calendar month (YYYY-MM). */
	public static function month(): array {
		return array(
			'type'    => 'string',
			'pattern' => '^[0-9]{4}-[0-9]{2}$',
			'context' => array( 'view' ),
		);
	}

	/**
	 * A read-only number.
	 *
	 * @param string $description What it is.
	 * @param array  $extra       More schema keys.
	 */
	public static function number( string $description, array $extra = array() ): array {
		return array_merge(
			array(
				'description' => $description,
				'type'        => 'number',
				'context'     => array( 'view' ),
				'readonly'    => true,
			),
			$extra
		);
	}

	/**
	 * A rate from 0 to 1.
	 *
	 * @param string $description What it is.
	 */
	public static function rate( string $description ): array {
		return self::number(
			$description,
			array(
				'minimum' => 0,
				'maximum' => 1,
			)
		);
	}

	/**
	 * A read-only count.
	 *
	 * @param string $description What it is.
	 */
	public static function integer( string $description ): array {
		return array(
			'description' => $description,
			'type'        => 'integer',
			'minimum'     => 0,
			'context'     => array( 'view' ),
			'readonly'    => true,
		);
	}

	/**
	 * A string.
	 *
	 * @param string $description What it is.
	 */
	public static function text( string $description ): array {
		return array(
			'description' => $description,
			'type'        => 'string',
			'context'     => array( 'view' ),
		);
	}

	/** A calendar date (YYYY-MM-DD). */
	public static function date(): array {
		return array(
			'type'    => 'string',
			'format'  => 'date',
			'context' => array( 'view' ),
		);
	}

	/**
	 * An object with these properties.
	 *
	 * @param string $description What it is.
	 * @param array  $properties  Its properties.
	 */
	public static function object( string $description, array $properties ): array {
		return array(
			'description' => $description,
			'type'        => 'object',
			'context'     => array( 'view' ),
			'readonly'    => true,
			'properties'  => $properties,
		);
	}

	/**
	 * An array of objects (one CSV section with these columns).
	 *
	 * @param string $description What it is.
	 * @param array  $properties  The objects' properties.
	 */
	public static function rows( string $description, array $properties ): array {
		return array(
			'description' => $description,
			'type'        => 'array',
			'context'     => array( 'view' ),
			'readonly'    => true,
			'items'       => array(
				'type'       => 'object',
				'properties' => $properties,
			),
		);
	}
}
