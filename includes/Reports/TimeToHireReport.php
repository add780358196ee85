<?php
/**
 * GET /reports/time-to-hire (SPEC §7) over the hires H: applications whose hired_at is in the period
 * (and job). Three queries whatever the data size, all served by the covering indexes hire_timeline /
 * job_hire_timeline (hired_at or job_id first, then the stage entry times):
 *
 * 1. groups:  one pass over H grouped by (job_id, month) — COUNT, SUM, MIN, MAX of hired_at - applied_at
 *             and the SUM/COUNT of each consecutive stage pair. The month of a hire is a CASE over the
 *             months' UTC bounds (computed in PHP from the site timezone, nested as a binary search).
 *             PHP adds the groups up into overall, by_stage, by_job and trend (at most jobs × months rows).
 * 2. median:  ORDER BY hired_at - applied_at LIMIT 2 OFFSET ⌊(n-1)/2⌋ (only the middle one or two rows
 *             are returned; the database sorts).
 * 3. titles:  post_title of the jobs in by_job (one IN query).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Schema;

defined( 'ABSPATH' ) || exit;

final class TimeToHireReport {

	/** Consecutive stage pairs X→Y: by_stage key => [entered(X) column, entered(Y) column]. */
	private const PAIRS = array(
		'new_to_screening'       => array( 'applied_at', 'screening_at' ),
		'screening_to_interview' => array( 'screening_at', 'interview_at' ),
		'interview_to_offer'     => array( 'interview_at', 'offer_at' ),
		'offer_to_hire'          => array( 'offer_at', 'hired_at' ),
	);

	public function run( ReportQuery $query ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		$where = self::where( $query );

		$pairs = array();
		foreach ( array_values( self::PAIRS ) as $i => [ $x, $y ] ) {
			// NULL when the hire never entered X (or Y): SUM and COUNT skip it, as SPEC §7 asks.
			$pairs[] = "SUM($y - $x) AS s$i, COUNT($y - $x) AS c$i";
		}
		$month = self::month_case( $query->months, 0, count( $query->months ) - 1 );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table ours, $where prepared, $month integers.
		$groups = $wpdb->get_results(
			"SELECT job_id, $month AS month_index, COUNT(*) AS hires,
				SUM(hired_at - applied_at) AS total, MIN(hired_at - applied_at) AS shortest, MAX(hired_at - applied_at) AS longest, "
			. implode( ', ', $pairs )
			. " FROM $table WHERE $where GROUP BY job_id, month_index",
			ARRAY_A
		);

		$hires    = 0;
		$total    = 0;
		$shortest = null;
		$longest  = null;
		$stages   = array_fill( 0, count( self::PAIRS ), array( 0, 0 ) );
		$jobs     = array();
		$months   = array_fill( 0, count( $query->months ), array( 0, 0 ) );
		foreach ( $groups as $group ) {
			$n        = (int) $group['hires'];
			$sum      = (int) $group['total'];
			$hires   += $n;
			$total   += $sum;
			$shortest = null === $shortest ? (int) $group['shortest'] : min( $shortest, (int) $group['shortest'] );
			$longest  = null === $longest ? (int) $group['longest'] : max( $longest, (int) $group['longest'] );
			foreach ( $stages as $i => $stage ) {
				$stages[ $i ] = array( $stage[0] + (int) $group[ "s$i" ], $stage[1] + (int) $group[ "c$i" ] );
			}
			$job                 = (int) $group['job_id'];
			$jobs[ $job ]        = array( ( $jobs[ $job ][0] ?? 0 ) + $n, ( $jobs[ $job ][1] ?? 0 ) + $sum );
			$index               = (int) $group['month_index'];
			$months[ $index ][0] += $n;
			$months[ $index ][1] += $sum;
		}

		$by_stage = array();
		foreach ( array_keys( self::PAIRS ) as $i => $key ) {
			$by_stage[ $key ] = Figures::mean_days( $stages[ $i ][0], $stages[ $i ][1] );
		}

		$trend = array();
		foreach ( $query->months as $i => $month_bounds ) {
			$trend[] = array(
				'month'        => $month_bounds['month'],
				'average_days' => Figures::mean_days( $months[ $i ][1], $months[ $i ][0] ),
				'hires'        => $months[ $i ][0],
			);
		}

		return array(
			'period'   => $query->period(),
			'overall'  => array(
				'average_days' => Figures::mean_days( $total, $hires ),
				'median_days'  => $this->median_days( $query, $hires ),
				'min_days'     => Figures::days( $shortest ?? 0 ),
				'max_days'     => Figures::days( $longest ?? 0 ),
			),
			'by_stage' => $by_stage,
			'by_job'   => $this->by_job( $jobs ),
			'trend'    => $trend,
		);
	}

	/**
	 * Number of hires and their total time to hire, for the overview (the same figures the groups query
	 * adds up, so overview.avg_time_to_hire_days equals overall.average_days by construction).
	 *
	 * @return array{hires:int,total_seconds:int}
	 */
	public static function hire_totals( ReportQuery $query ): array {
		global $wpdb;
		$table = Schema::table( 'applications' );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$row = $wpdb->get_row( "SELECT COUNT(*) AS hires, SUM(hired_at - applied_at) AS total FROM $table WHERE " . self::where( $query ), ARRAY_A );
		return array(
			'hires'         => (int) ( $row['hires'] ?? 0 ),
			'total_seconds' => (int) ( $row['total'] ?? 0 ),
		);
	}

	/** The hires H of a query: hired_at in [start, end), optionally one job (prepared). */
	private static function where( ReportQuery $query ): string {
		global $wpdb;
		$where = $wpdb->prepare( 'hired_at >= %d AND hired_at < %d', $query->start, $query->end );
		if ( null !== $query->job_id ) {
			$where .= $wpdb->prepare( ' AND job_id = %d', $query->job_id );
		}
		return $where;
	}

	/**
	 * SQL giving the index (into $months) of the month a hire falls in, as nested CASEs that halve the
	 * months at each level: about log2(months) comparisons per row. Only integers from ReportQuery.
	 *
	 * @param array<int,array{month:string,start:int,end:int}> $months Contiguous months.
	 */
	private static function month_case( array $months, int $low, int $high ): string {
		if ( $low >= $high ) {
			return (string) $low;
		}
		$middle = intdiv( $low + $high + 1, 2 );
		return sprintf(
			'(CASE WHEN hired_at < %d THEN %s ELSE %s END)',
			(int) $months[ $middle ]['start'],
			self::month_case( $months, $low, $middle - 1 ),
			self::month_case( $months, $middle, $high )
		);
	}

	/** Median of hired_at - applied_at over H (mean of the two middle values for an even count), in days. */
	private function median_days( ReportQuery $query, int $count ): float {
		if ( 0 === $count ) {
			return 0.0;
		}
		global $wpdb;
		$table  = Schema::table( 'applications' );
		$offset = intdiv( $count - 1, 2 );
		$limit  = 0 === $count % 2 ? 2 : 1;
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers and prepared $where.
		$middle = array_map( 'intval', $wpdb->get_col( "SELECT hired_at - applied_at AS duration FROM $table WHERE " . self::where( $query ) . " ORDER BY duration LIMIT $limit OFFSET $offset" ) );
		if ( ! $middle ) {
			return 0.0; // The hires changed between the two queries; the next write invalidates this result.
		}
		return Figures::ratio( array_sum( $middle ), count( $middle ) * Figures::DAY, 10 );
	}

	/**
	 * @param array<int,array{0:int,1:int}> $jobs job_id => [hires, total seconds].
	 * @return array<int,array{job_id:int,job_title:string,average_days:float,hires:int}>
	 */
	private function by_job( array $jobs ): array {
		if ( ! $jobs ) {
			return array();
		}
		global $wpdb;
		$ids    = array_keys( $jobs );
		$titles = array();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers only.
		foreach ( $wpdb->get_results( "SELECT ID, post_title FROM {$wpdb->posts} WHERE ID IN (" . implode( ',', array_map( 'intval', $ids ) ) . ')', ARRAY_A ) as $row ) {
			$titles[ (int) $row['ID'] ] = (string) $row['post_title'];
		}
		$rows = array();
		foreach ( $jobs as $job_id => [ $hires, $total ] ) {
			$rows[] = array(
				'job_id'       => $job_id,
				// A job deleted for good keeps its hires in the figures; its title is then unknown ('').
				'job_title'    => $titles[ $job_id ] ?? '',
				'average_days' => Figures::mean_days( $total, $hires ),
				'hires'        => $hires,
			);
		}
		usort( $rows, static fn( $a, $b ) => array( $b['hires'], $a['job_id'] ) <=> array( $a['hires'], $b['job_id'] ) );
		return $rows;
	}
}
