<?php
/**
 * The report block's attributes, validated and normalised on the server. Whatever a post's block
 * comment holds (hand-edited markup, an old version, a deleted job), the renderer gets known types
 * and a list of problems instead of warnings.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

defined( 'ABSPATH' ) || exit;

/**
 * The report block's attributes, validated and normalised on the server.
 */
final class Attributes {

	public const REPORTS = array( 'overview', 'time-to-hire' );

	public const PERIODS = array( 'last_30_days', 'last_90_days', 'last_12_months', 'year_to_date', 'custom' );

	/** Sections each report can show, in display order. */
	public const SECTIONS = array(
		'overview'     => array( 'figures', 'by_status', 'conversion' ),
		'time-to-hire' => array( 'figures', 'by_stage', 'by_job', 'trend' ),
	);

	/**
	 * The block's attributes with every value checked, defaults for bad ones, and the problems found.
	 *
	 * @param mixed $raw The attributes as WordPress passes them (defaults applied for known ones).
	 * @return array{report:string,period:string,date_from:string,date_to:string,job_id:int,sections:string[],status_chart:string,trend_chart:string,public:bool,denied_display:string,show_heading:bool,problems:string[]}
	 */
	public static function sanitize( $raw ): array {
		$raw      = is_array( $raw ) ? $raw : array();
		$problems = array();

		$report = self::choice( $raw['report'] ?? null, self::REPORTS, 'overview' );
		$period = self::choice( $raw['period'] ?? null, self::PERIODS, 'last_12_months' );

		$date_from = '';
		$date_to   = '';
		if ( 'custom' === $period ) {
			$date_from = self::date( $raw['dateFrom'] ?? '', __( 'The start date is not a valid date.', 'recruiting-reports' ), $problems );
			$date_to   = self::date( $raw['dateTo'] ?? '', __( 'The end date is not a valid date.', 'recruiting-reports' ), $problems );
			if ( '' !== $date_from && '' !== $date_to && $date_from > $date_to ) {
				$problems[] = __( 'The start date is after the end date.', 'recruiting-reports' );
			}
		}

		$job = $raw['jobId'] ?? 0;
		if ( is_int( $job ) && $job >= 0 ) {
			$job_id = $job;
		} elseif ( is_string( $job ) && ctype_digit( $job ) ) {
			$job_id = (int) $job;
		} elseif ( is_float( $job ) && $job >= 0 && floor( $job ) === $job && $job < PHP_INT_MAX ) {
			$job_id = (int) $job;
		} elseif ( null === $job || '' === $job ) {
			$job_id = 0;
		} else {
			$problems[] = __( 'The job setting is not a valid job id.', 'recruiting-reports' );
			$job_id     = 0;
		}

		$available = self::SECTIONS[ $report ];
		$given     = is_array( $raw['sections'] ?? null ) ? array_filter( $raw['sections'], 'is_string' ) : array();
		$sections  = array_values( array_intersect( $available, $given ) );
		if ( ! $sections ) {
			$sections = $available;
		}

		return array(
			'report'         => $report,
			'period'         => $period,
			'date_from'      => $date_from,
			'date_to'        => $date_to,
			'job_id'         => $job_id,
			'sections'       => $sections,
			'status_chart'   => self::choice( $raw['statusChart'] ?? null, array( 'bar', 'doughnut' ), 'bar' ),
			'trend_chart'    => self::choice( $raw['trendChart'] ?? null, array( 'line', 'bar' ), 'line' ),
			// Anything but an explicit "public" keeps the data to users with Read Applications.
			'public'         => 'public' === ( $raw['visibility'] ?? null ),
			'denied_display' => self::choice( $raw['deniedDisplay'] ?? null, array( 'message', 'nothing' ), 'message' ),
			'show_heading'   => ! array_key_exists( 'showHeading', $raw ) || true === $raw['showHeading'] || '1' === $raw['showHeading'],
			'problems'       => $problems,
		);
	}

	/**
	 * The report arguments of ReportService::run() for the block's period and job: dates in the
	 * site's timezone; "last 12 months" sends none (the reports' own default period).
	 *
	 * @param array $attributes Result of sanitize().
	 * @return array{date_from?:string,date_to?:string,job_id?:int}
	 */
	public static function report_args( array $attributes ): array {
		$today = wp_date( 'Y-m-d' );
		$args  = array();
		switch ( $attributes['period'] ) {
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
				if ( '' !== $attributes['date_from'] ) {
					$args['date_from'] = $attributes['date_from'];
				}
				if ( '' !== $attributes['date_to'] ) {
					$args['date_to'] = $attributes['date_to'];
				}
				break;
		}
		if ( $attributes['job_id'] > 0 ) {
			$args['job_id'] = $attributes['job_id'];
		}
		return $args;
	}

	/**
	 * A value from an allowed list, or the fallback.
	 *
	 * @param mixed  $value    Value.
	 * @param array  $allowed  Allowed.
	 * @param string $fallback Fallback.
	 */
	private static function choice( $value, array $allowed, string $fallback ): string {
		return is_string( $value ) && in_array( $value, $allowed, true ) ? $value : $fallback;
	}

	/**
	 * A YYYY-MM-DD date, or "" with a problem recorded.
	 *
	 * @param mixed  $value    Value.
	 * @param string $problem  Problem.
	 * @param array  $problems Problems.
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
	 */
	private static function shift( string $date, int $days ): string {
		$day = new \DateTimeImmutable( $date . ' 00:00:00', new \DateTimeZone( 'UTC' ) );
		return $day->modify( sprintf( '%+d days', $days ) )->format( 'Y-m-d' );
	}
}
