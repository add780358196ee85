<?php
/**
 * One normalised report query (docs/reports.md#definitions): the resolved period as calendar dates in the site's timezone,
 * its UTC bounds, the calendar months it overlaps (for the trend) and the optional job.
 *
 * Built from raw arguments (REST query, block attributes, widget settings) by from_args(), which applies
 * the period rules and validates everything. Pure value object afterwards: the report classes only read it.
 *
 * Bounds are half-open UTC intervals [start, end) in unix seconds: start is the first instant of
 * date_from in the site's timezone, end the first instant of the day after date_to. They come from
 * PHP's timezone database, so daylight-saving changes, half-hour and 45-minute offsets are exact;
 * a day whose midnight does not exist (DST at 00:00) starts at its first existing instant.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use DateTimeImmutable;
use DateTimeZone;
use RecruitingReports\Data\JobRepository;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * One normalised report query (docs/reports.md#definitions): the resolved period as calendar dates in the site's timezone, its UTC bounds, the calendar months it overlaps (for the trend) and the optional job.
 */
final class ReportQuery {

	/** Most calendar months a period may overlap (100 years): keeps the trend and its SQL bounded. */
	public const MAX_MONTHS = 1200;

	/** Comparison periods (docs/reports.md#comparison). */
	public const PREVIOUS_PERIOD = 'previous_period';
	public const PREVIOUS_YEAR   = 'previous_year';

	/** Months of the default period and of the one-bound rule ("the last 12 months"). */
	private const DEFAULT_MONTHS = 12;

	/**
	 * Resolved first day, YYYY-MM-DD (site timezone).
	 *
	 * @var string
	 */
	public readonly string $from;

	/**
	 * Resolved last day, YYYY-MM-DD (site timezone), inclusive.
	 *
	 * @var string
	 */
	public readonly string $to;

	/**
	 * Job filter.
	 *
	 * @var int|null
	 */
	public readonly ?int $job_id;

	/**
	 * The site timezone the dates are in (name or ±hh:mm offset).
	 *
	 * @var string
	 */
	public readonly string $timezone;

	/**
	 * First instant of the period, unix seconds (inclusive).
	 *
	 * @var int
	 */
	public readonly int $start;

	/**
	 * First instant after the period, unix seconds (exclusive).
	 *
	 * @var int
	 */
	public readonly int $end;

	/**
	 * Months overlapping the period, oldest first, bounds clipped to the period.
	 *
	 * @var array<int,array{month:string,start:int,end:int}>
	 */
	public readonly array $months;

	/**
	 * Sets up the instance.
	 *
	 * @param string       $from     From.
	 * @param string       $to       To.
	 * @param int|null     $job_id   Job id.
	 * @param DateTimeZone $timezone Timezone.
	 */
	private function __construct( string $from, string $to, ?int $job_id, DateTimeZone $timezone ) {
		$this->from       = $from;
		$this->to         = $to;
		$this->job_id     = $job_id;
		$this->timezone   = $timezone->getName();
		[ $fy, $fm, $fd ] = array_map( 'intval', explode( '-', $from ) );
		[ $ty, $tm, $td ] = array_map( 'intval', explode( '-', $to ) );
		$this->start      = self::day_start( $fy, $fm, $fd, $timezone );
		$this->end        = self::day_start( $ty, $tm, $td + 1, $timezone );

		$months = array();
		for ( $index = self::month_index( $from ), $last = self::month_index( $to ); $index <= $last; $index++ ) {
			$year     = intdiv( $index, 12 );
			$month    = $index - 12 * $year + 1;
			$months[] = array(
				'month' => sprintf( '%04d-%02d', $year, $month ),
				'start' => max( $this->start, self::day_start( $year, $month, 1, $timezone ) ),
				'end'   => min( $this->end, self::day_start( $year, $month + 1, 1, $timezone ) ),
			);
		}
		$this->months = $months;
	}

	/**
	 * Resolves and validates raw arguments.
	 *
	 * Omitted means missing, null or ''. Errors: 400 rest_invalid_param with data.params naming every
	 * bad field; 404 resource_not_found for a job_id that names no job (checked only when $check_job).
	 *
	 * @param array                  $args      date_from, date_to (YYYY-MM-DD), job_id (positive integer), raw.
	 * @param DateTimeImmutable|null $now       "Today" (tests); defaults to the current time.
	 * @param bool                   $check_job Whether to look the job up (ReportService checks it after the cache).
	 * @return self|WP_Error
	 */
	public static function from_args( array $args, ?DateTimeImmutable $now = null, bool $check_job = true ) {
		$timezone = wp_timezone();
		$errors   = array();

		$from = self::date_arg( $args['date_from'] ?? null );
		$to   = self::date_arg( $args['date_to'] ?? null );
		$job  = self::job_arg( $args['job_id'] ?? null );
		foreach ( array(
			'date_from' => $from,
			'date_to'   => $to,
			'job_id'    => $job,
		) as $field => $value ) {
			if ( $value instanceof WP_Error ) {
				$errors[ $field ] = $value->get_error_message();
			}
		}
		if ( $errors ) {
			return self::invalid( $errors );
		}

		$today = ( $now ?? new DateTimeImmutable( 'now' ) )->setTimezone( $timezone )->format( 'Y-m-d' );
		if ( null === $from && null === $to ) {
			$to   = $today;
			$from = self::add_months( $today, 1 - self::DEFAULT_MONTHS );
		} elseif ( null === $to ) {
			$to = $today;
		} elseif ( null === $from ) {
			$from = self::add_months( $to, 1 - self::DEFAULT_MONTHS );
		}

		if ( $from > $to ) {
			$message = isset( $args['date_to'] ) && '' !== $args['date_to']
				/* translators: 1: date_from, 2: date_to. */
				? sprintf( __( 'date_from (%1$s) is after date_to (%2$s).', 'recruiting-reports' ), $from, $to )
				/* translators: 1: date_from, 2: today's date. */
				: sprintf( __( 'date_from (%1$s) is after today (%2$s), where the period ends when date_to is omitted.', 'recruiting-reports' ), $from, $to );
			return self::invalid(
				array(
					'date_from' => $message,
					'date_to'   => $message,
				)
			);
		}
		if ( self::month_index( $to ) - self::month_index( $from ) + 1 > self::MAX_MONTHS ) {
			/* translators: %d: number of years. */
			$message = sprintf( __( 'The period may span at most %d years.', 'recruiting-reports' ), self::MAX_MONTHS / 12 );
			return self::invalid(
				array(
					'date_from' => $message,
					'date_to'   => $message,
				)
			);
		}

		if ( null !== $job && $check_job && ! JobRepository::get( $job ) ) {
			return self::job_not_found( $job );
		}

		return new self( $from, $to, $job, $timezone );
	}

	/**
	 * The same query for the comparison period (docs/reports.md#comparison): previous_period is the same number of days
	 * ending the day before date_from; previous_year the same dates one year earlier (29 February → 28).
	 *
	 * @param string $mode PREVIOUS_PERIOD or PREVIOUS_YEAR.
	 */
	public function comparison( string $mode ): self {
		$utc  = new DateTimeZone( 'UTC' );
		$from = new DateTimeImmutable( $this->from, $utc );
		$to   = new DateTimeImmutable( $this->to, $utc );
		if ( self::PREVIOUS_PERIOD === $mode ) {
			$days = (int) $from->diff( $to )->days;
			$to   = $from->modify( '-1 day' );
			$from = $to->modify( "-$days days" );
		} else {
			$year = static fn( DateTimeImmutable $date ) => $date->setDate( (int) $date->format( 'Y' ) - 1, (int) $date->format( 'n' ), '02-29' === $date->format( 'm-d' ) ? 28 : (int) $date->format( 'j' ) );
			$from = $year( $from );
			$to   = $year( $to );
		}
		return new self( $from->format( 'Y-m-d' ), $to->format( 'Y-m-d' ), $this->job_id, new DateTimeZone( $this->timezone ) );
	}

	/**
	 * The 404 for a job_id that names no job (not a job, trashed, or never existed).
	 *
	 * @param int $job_id Job id.
	 */
	public static function job_not_found( int $job_id ): WP_Error {
		return new WP_Error(
			'resource_not_found',
			/* translators: %d: job id. */
			sprintf( __( 'No job with id %d.', 'recruiting-reports' ), $job_id ),
			array(
				'status' => 404,
				'params' => array( 'job_id' => __( 'No such job.', 'recruiting-reports' ) ),
			)
		);
	}

	/**
	 * Validates one date argument as the REST layer sees it (for args' validate_callback).
	 *
	 * @param mixed $value Raw value.
	 * @return true|WP_Error
	 */
	public static function validate_date( $value ) {
		$date = self::date_arg( $value );
		return $date instanceof WP_Error ? $date : true;
	}

	/** Stable identity of the query for caches: everything the result depends on besides the data. */
	public function cache_key(): string {
		return implode( '|', array( $this->from, $this->to, (string) $this->job_id, $this->timezone, (string) $this->start, (string) $this->end ) );
	}

	/**
	 * The query as a network report's kept part stores it (docs/multisite.md "The network report"): the dates, job and
	 * timezone, and the period's bounds with the months' bounds between them, not the months as rows with their names
	 * (which the dates give): 1.2 KB serialized was half of an overview's part.
	 *
	 * @return array{0:string,1:string,2:int|null,3:string,4:int[]}
	 */
	public function __serialize(): array {
		return array( $this->from, $this->to, $this->job_id, $this->timezone, array_merge( array( $this->start ), array_column( $this->months, 'end' ) ) );
	}

	/**
	 * The query from __serialize()'s form, or from the properties a part written before it holds.
	 *
	 * @param array $data What was stored.
	 */
	public function __unserialize( array $data ): void {
		if ( isset( $data['months'] ) ) {
			[ $this->from, $this->to, $this->job_id, $this->timezone, $this->start, $this->end, $this->months ] = array( $data['from'], $data['to'], $data['job_id'], $data['timezone'], $data['start'], $data['end'], $data['months'] );
			return;
		}
		[ $this->from, $this->to, $this->job_id, $this->timezone, $bounds ] = $data;
		$this->start = $bounds[0];
		$this->end   = end( $bounds );
		$months      = array();
		$first       = self::month_index( $this->from );
		foreach ( array_slice( $bounds, 1 ) as $offset => $end ) {
			$index    = $first + $offset;
			$year     = intdiv( $index, 12 );
			$months[] = array(
				'month' => sprintf( '%04d-%02d', $year, $index - 12 * $year + 1 ),
				'start' => $bounds[ $offset ],
				'end'   => $end,
			);
		}
		$this->months = $months;
	}

	/** The resolved period as echoed in responses. */
	public function period(): array {
		return array(
			'from' => $this->from,
			'to'   => $this->to,
		);
	}

	/**
	 * A date parameter: YYYY-MM-DD, or null when absent.
	 *
	 * @param mixed $value Raw value.
	 * @return string|null|WP_Error YYYY-MM-DD, null when omitted.
	 */
	private static function date_arg( $value ) {
		if ( null === $value || '' === $value ) {
			return null;
		}
		if ( ! is_string( $value ) || ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/D', $value, $m ) ) {
			return new WP_Error( 'rest_invalid_param', __( 'Expected a date in the form YYYY-MM-DD.', 'recruiting-reports' ) );
		}
		if ( (int) $m[1] < 1000 ) {
			return new WP_Error( 'rest_invalid_param', __( 'Dates before the year 1000 are not supported.', 'recruiting-reports' ) );
		}
		if ( ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			/* translators: %s: the date given. */
			return new WP_Error( 'rest_invalid_param', sprintf( __( '%s is not a calendar date.', 'recruiting-reports' ), $value ) );
		}
		return $value;
	}

	/**
	 * A job_id parameter: a positive integer, or null when absent.
	 *
	 * @param mixed $value Raw value.
	 * @return int|null|WP_Error
	 */
	private static function job_arg( $value ) {
		if ( null === $value || '' === $value ) {
			return null;
		}
		if ( is_int( $value ) && $value > 0 ) {
			return $value;
		}
		if ( is_string( $value ) && preg_match( '/^[1-9]\d{0,18}$/D', $value ) && (string) (int) $value === $value ) {
			return (int) $value;
		}
		return new WP_Error( 'rest_invalid_param', __( 'Expected a job id (a positive integer).', 'recruiting-reports' ) );
	}

	/**
	 * The 400 rest_invalid_param error naming the bad parameters.
	 *
	 * @param array $params Params.
	 */
	private static function invalid( array $params ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			/* translators: %s: list of parameter names. */
			sprintf( __( 'Invalid parameter(s): %s', 'recruiting-reports' ), implode( ', ', array_keys( $params ) ) ),
			array(
				'status' => 400,
				'params' => $params,
			)
		);
	}

	/**
	 * Unix seconds of the first instant of a calendar date in a timezone (month and day may overflow:
	 * day 32 is the first of the next month). A midnight skipped by a DST change becomes the day's
	 * first existing instant.
	 *
	 * @param int          $year     Year.
	 * @param int          $month    Month.
	 * @param int          $day      Day.
	 * @param DateTimeZone $timezone Timezone.
	 */
	private static function day_start( int $year, int $month, int $day, DateTimeZone $timezone ): int {
		return ( new DateTimeImmutable( 'now', $timezone ) )->setDate( $year, $month, $day )->setTime( 0, 0, 0 )->getTimestamp();
	}

	/**
	 * The first day (YYYY-MM-DD) of the month $months after (or before) the month of $date.
	 *
	 * @param string $date   Date.
	 * @param int    $months Months.
	 */
	private static function add_months( string $date, int $months ): string {
		$index = self::month_index( $date ) + $months;
		$year  = intdiv( $index, 12 );
		return sprintf( '%04d-%02d-01', $year, $index - 12 * $year + 1 );
	}

	/**
	 * Months since year 0 of a YYYY-MM-DD date.
	 *
	 * @param string $date Date.
	 */
	private static function month_index( string $date ): int {
		return 12 * (int) substr( $date, 0, 4 ) + (int) substr( $date, 5, 2 ) - 1;
	}
}
