<?php
/**
 * A report's headline figures as its definition declares them, and their values in a report's data. A value
 * expression is a path into the data ('jobs.active', 'stages.0.reached'), or one of: array( 'sum' =>
 * 'rows.field' ) (the field added up over an array of rows), array( 'rows' => 'field' ) (how many rows),
 * array( 'rate' => array( numerator, denominator ) ) (a rate of two expressions, rounded like the API's rates).
 * src/reports/figures.ts reads the same declarations for the Reports page.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Headline figures: declarations and values.
 */
final class ReportFigures {

	/**
	 * A count.
	 *
	 * @param string       $id    Id (stable: comparisons match figures by it).
	 * @param string       $label Translated label.
	 * @param string|array $value Value expression.
	 */
	public static function count( string $id, string $label, $value ): array {
		return array(
			'id'     => $id,
			'label'  => $label,
			'value'  => $value,
			'format' => 'count',
		);
	}

	/**
	 * A rate shown as a percentage; with a count, one that exists only when the count is above 0 (a rate of no
	 * applications is none, not 0%).
	 *
	 * @param string            $id    Id.
	 * @param string            $label Translated label.
	 * @param string|array      $value Value expression (0 to 1).
	 * @param string|array|null $count Value expression of what the rate is over.
	 * @param string            $empty Translated note shown instead when it is 0.
	 */
	public static function percent( string $id, string $label, $value, $count = null, string $empty = '' ): array {
		$figure = array(
			'id'     => $id,
			'label'  => $label,
			'value'  => $value,
			'format' => 'percent',
		);
		return null === $count ? $figure : $figure + array(
			'count' => $count,
			'empty' => $empty,
		);
	}

	/**
	 * A figure that names the rows behind a negative number: e.g. the fastest fill is negative when a job has a
	 * hire dated before its creation (imports allow it); the figure stays, with a note naming those jobs.
	 *
	 * @param array  $figure The figure.
	 * @param string $rows   Path of the rows.
	 * @param string $field  The rows' field that may be negative.
	 * @param string $name   The rows' field naming them.
	 * @param string $note   Translated note, %s standing for the names.
	 */
	public static function naming_negative( array $figure, string $rows, string $field, string $name, string $note ): array {
		return $figure + array(
			'negative' => array(
				'rows'  => $rows,
				'field' => $field,
				'name'  => $name,
				'note'  => $note,
			),
		);
	}

	/**
	 * The note of a figure declared with naming_negative(), or null when no row is negative.
	 *
	 * @param array $figure The figure's declaration.
	 * @param array $data   The report's data.
	 */
	public static function negative_note( array $figure, array $data ): ?string {
		$negative = $figure['negative'] ?? null;
		if ( ! is_array( $negative ) ) {
			return null;
		}
		$names = array();
		foreach ( self::rows( (string) $negative['rows'], $data ) as $row ) {
			if ( self::number( $row[ $negative['field'] ] ?? 0 ) < 0 ) {
				$names[] = (string) ( $row[ $negative['name'] ] ?? '' );
			}
		}
		return $names ? sprintf( (string) $negative['note'], implode( ', ', $names ) ) : null;
	}

	/**
	 * Figures the Reports page lists apart from the report's others (under their own label), e.g. figures "as of
	 * now" beside a period's; the block lists them after the others.
	 *
	 * @param string $group      Group id.
	 * @param string $title      Translated title the Reports page shows above them.
	 * @param array  ...$figures The figures.
	 * @return array[]
	 */
	public static function grouped( string $group, string $title, array ...$figures ): array {
		return array_map(
			static fn( array $figure ) => $figure + array(
				'group'       => $group,
				'group_title' => $title,
			),
			$figures
		);
	}

	/**
	 * A number of days that exists only when something was counted (an average without hires is none, not 0).
	 *
	 * @param string       $id    Id.
	 * @param string       $label Translated label.
	 * @param string|array $value Value expression.
	 * @param string|array $count Value expression of what the days are over; 0 means there is no figure.
	 * @param string       $empty Translated note shown instead.
	 */
	public static function days( string $id, string $label, $value, $count, string $empty ): array {
		return array(
			'id'     => $id,
			'label'  => $label,
			'value'  => $value,
			'format' => 'days',
			'count'  => $count,
			'empty'  => $empty,
		);
	}

	/**
	 * The number a value expression stands for in a report's data (0 for what is missing).
	 *
	 * @param string|array $expression Value expression.
	 * @param array        $data       The report's data.
	 * @return int|float
	 */
	public static function value( $expression, array $data ) {
		if ( is_array( $expression ) && isset( $expression['sum'] ) ) {
			[ $rows, $field ] = array_pad( explode( '.', (string) $expression['sum'], 2 ), 2, '' );
			return array_sum( array_map( static fn( $row ) => self::number( $row[ $field ] ?? 0 ), self::rows( $rows, $data ) ) );
		}
		if ( is_array( $expression ) && isset( $expression['rows'] ) ) {
			return count( self::rows( (string) $expression['rows'], $data ) );
		}
		if ( is_array( $expression ) && isset( $expression['rate'] ) ) {
			return Rounding::rate( (int) self::value( $expression['rate'][0], $data ), (int) self::value( $expression['rate'][1], $data ) );
		}
		return self::number( self::value_at( (string) $expression, $data ) );
	}

	/**
	 * What is at a path of a report's data ('jobs.active', 'stages.0.reached'), null when nothing is.
	 *
	 * @param string $path Path.
	 * @param array  $data The report's data.
	 * @return mixed
	 */
	public static function value_at( string $path, array $data ) {
		$value = $data;
		foreach ( explode( '.', $path ) as $key ) {
			$value = is_array( $value ) ? ( $value[ $key ] ?? null ) : null;
		}
		return $value;
	}

	/**
	 * The rows of an array field (none when it is missing).
	 *
	 * @param string $path Path of the field.
	 * @param array  $data The report's data.
	 */
	public static function rows( string $path, array $data ): array {
		$rows = self::value_at( $path, $data );
		return is_array( $rows ) ? array_values( array_filter( $rows, 'is_array' ) ) : array();
	}

	/**
	 * A JSON number as a number (anything else counts 0).
	 *
	 * @param mixed $value Value.
	 * @return int|float
	 */
	private static function number( $value ) {
		return is_int( $value ) || is_float( $value ) ? $value : 0;
	}
}
