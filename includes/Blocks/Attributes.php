<?php
/**
 * The report block's attribute rules that block.json cannot express. Core already checks every
 * attribute's type and enum against block.json (WP_Block_Type::prepare_attributes_for_render() drops a
 * value of the wrong type or outside its enum, so its default applies; the preview route answers 400),
 * so what is left here is what depends on more than one value or on more than a type: the custom
 * period's dates (real calendar dates, start before end), the job id's range, and which sections belong
 * to the chosen report.
 *
 * Pure (no database, no hooks): tests/php/AttributesTest.php.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

defined( 'ABSPATH' ) || exit;

/**
 * The report block's attribute rules that block.json cannot express.
 */
final class Attributes {

	/** The period presets (block.json's `period` enum), also the Reports page's and the widget's. */
	public const PERIODS = array( 'last_30_days', 'last_90_days', 'last_12_months', 'year_to_date', 'custom' );

	/**
	 * The attributes as given, plus what the renderer needs from them checked and normalised: the period's
	 * dates, the job id, the sections of the report, and the problems that keep the block from showing data.
	 *
	 * @param array    $attributes Attributes whose types core has checked (block.json), camelCase keys; missing
	 *                             ones take block.json's defaults.
	 * @param string[] $available  The report's sections in display order (its variation's `sections` in
	 *                             block.json); none given: the sections are left as they are.
	 * @return array The attributes plus date_from, date_to (YYYY-MM-DD or ''), job_id (int), sections (string[],
	 *               never empty when $available is given) and problems (string[], translated sentences).
	 */
	public static function sanitize( array $attributes, array $available = array() ): array {
		$problems  = array();
		$date_from = '';
		$date_to   = '';
		if ( 'custom' === ( $attributes['period'] ?? null ) ) {
			$date_from = self::date( $attributes['dateFrom'] ?? '', __( 'The start date is not a valid date.', 'recruiting-reports' ), $problems );
			$date_to   = self::date( $attributes['dateTo'] ?? '', __( 'The end date is not a valid date.', 'recruiting-reports' ), $problems );
			if ( '' !== $date_from && '' !== $date_to && $date_from > $date_to ) {
				$problems[] = __( 'The start date is after the end date.', 'recruiting-reports' );
			}
		}

		// An integer to core is also "12" and 1e30 (rest_is_integer); a job id is a non-negative int.
		$job    = $attributes['jobId'] ?? 0;
		$job_id = 0;
		if ( is_int( $job ) || ( is_string( $job ) && ctype_digit( $job ) ) || ( is_float( $job ) && floor( $job ) === $job ) ) {
			$job_id = $job >= 0 && $job < PHP_INT_MAX ? (int) $job : -1;
		} elseif ( '' !== $job && null !== $job ) {
			$job_id = -1;
		}
		if ( $job_id < 0 ) {
			$problems[] = __( 'The job setting is not a valid job id.', 'recruiting-reports' );
			$job_id     = 0;
		}

		// Sections of another report (left from a switch of report) are ignored; none left means all.
		$sections = is_array( $attributes['sections'] ?? null ) ? $attributes['sections'] : array();
		if ( $available ) {
			$sections = array_values( array_intersect( $available, $sections ) );
			$sections = $sections ? $sections : array_values( $available );
		}

		return array_merge(
			$attributes,
			array(
				'date_from' => $date_from,
				'date_to'   => $date_to,
				'job_id'    => $job_id,
				'sections'  => $sections,
				'problems'  => $problems,
			)
		);
	}

	/**
	 * The report arguments of ReportService::run() for the block's period, job and comparison: dates in the
	 * site's timezone; "last 12 months" sends none (the reports' own default period).
	 *
	 * @param array       $attributes Result of sanitize().
	 * @param string|null $today      Today in the site's timezone (YYYY-MM-DD); null: wp_date()'s.
	 * @return array{date_from?:string,date_to?:string,job_id?:int,compare?:string}
	 */
	public static function report_args( array $attributes, ?string $today = null ): array {
		$today = $today ?? wp_date( 'Y-m-d' );
		$args  = array();
		switch ( $attributes['period'] ?? 'last_12_months' ) {
			case 'last_30_days':
				$args = array(
					'date_from' => self::shift( $today, -29 ),
					'date_to'   => $today,
				);
				break;
			case 'last_90_days':
				$args = array(
					'date_from' => self::shift( $today, -89 ),
					'date_to'   => $today,
				);
				break;
			case 'year_to_date':
				$args = array(
					'date_from' => substr( $today, 0, 4 ) . '-01-01',
					'date_to'   => $today,
				);
				break;
			case 'custom':
				$args = array_filter(
					array(
						'date_from' => $attributes['date_from'] ?? '',
						'date_to'   => $attributes['date_to'] ?? '',
					)
				);
				break;
		}
		if ( ( $attributes['job_id'] ?? 0 ) > 0 ) {
			$args['job_id'] = $attributes['job_id'];
		}
		$compare = $attributes['compare'] ?? 'none';
		if ( 'none' !== $compare ) {
			$args['compare'] = $compare;
		}
		return $args;
	}

	/**
	 * A YYYY-MM-DD calendar date, or "" with a problem recorded (core checks only that it is a string).
	 *
	 * @param mixed    $value    Value.
	 * @param string   $problem  What to record when it is not a date.
	 * @param string[] $problems Problems so far.
	 * @return string
	 */
	private static function date( $value, string $problem, array &$problems ): string {
		if ( '' === $value || null === $value ) {
			return '';
		}
		if ( is_string( $value ) && preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/D', $value, $m ) && checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			return $value;
		}
		$problems[] = $problem;
		return '';
	}

	/**
	 * A YYYY-MM-DD date moved by a number of days.
	 *
	 * @param string $date Date.
	 * @param int    $days Days.
	 * @return string
	 */
	private static function shift( string $date, int $days ): string {
		$day = new \DateTimeImmutable( $date . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		return $day->modify( sprintf( '%+d days', $days ) )->format( 'Y-m-d' );
	}
}
