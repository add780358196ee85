<?php
/**
 * PeriodParts: the pieces of an interval are disjoint and cover it exactly, in any timezone.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Reports\PeriodParts;

/**
 * Period parts.
 */
final class PeriodPartsTest extends TestCase {

	/**
	 * The instants [from, to) that a PeriodParts covers, as sorted, merged ranges; fails on any overlap.
	 *
	 * @param PeriodParts $parts Parts.
	 * @return array<int,array{0:int,1:int}>
	 */
	private function covered( PeriodParts $parts ): array {
		$ranges = array_merge( $parts->raw, $parts->days );
		foreach ( $parts->months as $month ) {
			$ranges[] = array( $month, ReportSummary::next_month( $month ) );
		}
		sort( $ranges );
		$merged = array();
		foreach ( $ranges as [ $start, $end ] ) {
			$this->assertLessThan( $end, $start, 'no empty piece' );
			$last = count( $merged ) - 1;
			if ( $last >= 0 ) {
				$this->assertGreaterThanOrEqual( $merged[ $last ][1], $start, 'pieces never overlap' );
			}
			if ( $last >= 0 && $merged[ $last ][1] === $start ) {
				$merged[ $last ][1] = $end;
			} else {
				$merged[] = array( $start, $end );
			}
		}
		return $merged;
	}

	/**
	 * A period from 2025-01-15 10:30 to 2025-04-02 06:00 UTC: partial days at the ends, whole days around the
	 * whole months February and March.
	 */
	public function test_pieces_of_a_period(): void {
		$from  = gmmktime( 10, 30, 0, 1, 15, 2025 );
		$to    = gmmktime( 6, 0, 0, 4, 2, 2025 );
		$parts = PeriodParts::of( $from, $to, true, $to );
		$this->assertSame( array( gmmktime( 0, 0, 0, 2, 1, 2025 ), gmmktime( 0, 0, 0, 3, 1, 2025 ) ), $parts->months );
		$this->assertSame(
			array(
				array( gmmktime( 0, 0, 0, 1, 16, 2025 ), gmmktime( 0, 0, 0, 2, 1, 2025 ) ),
				array( gmmktime( 0, 0, 0, 4, 1, 2025 ), gmmktime( 0, 0, 0, 4, 2, 2025 ) ),
			),
			$parts->days
		);
		$this->assertSame(
			array(
				array( $from, gmmktime( 0, 0, 0, 1, 16, 2025 ) ),
				array( gmmktime( 0, 0, 0, 4, 2, 2025 ), $to ),
			),
			$parts->raw
		);
		$this->assertSame( array( array( $from, $to ) ), $this->covered( $parts ) );
	}

	/**
	 * Any interval (seeded, so a failure repeats), with and without day rows, is covered exactly once.
	 */
	public function test_every_interval_is_covered_exactly(): void {
		mt_srand( 20250101 );
		for ( $i = 0; $i < 300; $i++ ) {
			$from = mt_rand( gmmktime( 0, 0, 0, 1, 1, 2023 ), gmmktime( 0, 0, 0, 1, 1, 2026 ) );
			// Half-hour offsets and whole days both occur in real periods; mix them with arbitrary seconds.
			$from -= 0 === $i % 3 ? $from % 1800 : 0;
			$to    = $from + mt_rand( 0, 800 * 86400 );
			foreach ( array( true, false ) as $days ) {
				$parts = PeriodParts::of( $from, $to, $days, PHP_INT_MAX );
				$this->assertSame( $from < $to ? array( array( $from, $to ) ) : array(), $this->covered( $parts ) );
				if ( ! $days ) {
					$this->assertSame( array(), $parts->days, 'one job: no day rows are read' );
				}
				foreach ( $parts->months as $month ) {
					$this->assertSame( ReportSummary::month_start( $month ), $month );
				}
			}
		}
	}

	/**
	 * A period ending after the last stored instant is read to the end of its UTC month (its tail is empty), so this
	 * month is one month row; one ending before it (or at a month's end) is read exactly. Without the argument, the
	 * last stored instant is now plus the clock skew: an hour ago is before it, a day from now after it.
	 */
	public function test_a_period_ending_in_the_future_reads_its_whole_last_month(): void {
		$from      = gmmktime( 0, 0, 0, 12, 1, 2025 );
		$to        = gmmktime( 5, 0, 0, 11, 27, 2026 );
		$month_end = gmmktime( 0, 0, 0, 12, 1, 2026 );
		$parts     = PeriodParts::of( $from, $to, true, $to - 1 );
		$this->assertSame( array( array( $from, $month_end ) ), $this->covered( $parts ) );
		$this->assertSame( gmmktime( 0, 0, 0, 11, 1, 2026 ), end( $parts->months ) );
		$this->assertSame( array(), $parts->days );
		$this->assertSame( array(), $parts->raw );
		$this->assertSame( array( array( $from, $to ) ), $this->covered( PeriodParts::of( $from, $to, true, $to ) ) );
		$this->assertSame( array( array( $from, $month_end ) ), $this->covered( PeriodParts::of( $from, $month_end, true, $from ) ) );
		$hour_ago = time() - 3600;
		$this->assertSame( array( array( $from, $hour_ago ) ), $this->covered( PeriodParts::of( $from, $hour_ago ) ) );
		$tomorrow = time() + 86400 + 1;
		$this->assertNotSame( array( array( $from, $tomorrow ) ), $this->covered( PeriodParts::of( $from, $tomorrow ) ) );
		$this->assertSame( ReportSummary::next_month( ReportSummary::month_start( $tomorrow ) ), $this->covered( PeriodParts::of( $from, $tomorrow ) )[0][1] );
	}

	/**
	 * The SQL conditions hold integers only and select what the parts name.
	 */
	public function test_conditions(): void {
		$parts = PeriodParts::of( gmmktime( 12, 0, 0, 1, 31, 2025 ), gmmktime( 0, 0, 0, 3, 2, 2025 ), true, PHP_INT_MAX );
		$this->assertSame(
			sprintf( '((span = %d AND bucket IN (%d)) OR (span = %d AND ((bucket >= %d AND bucket < %d))))', ReportSummary::SPAN_MONTH, gmmktime( 0, 0, 0, 2, 1, 2025 ), ReportSummary::SPAN_DAY, gmmktime( 0, 0, 0, 3, 1, 2025 ), gmmktime( 0, 0, 0, 3, 2, 2025 ) ),
			PeriodParts::bucket_condition( array( $parts ) )
		);
		$this->assertSame(
			sprintf( '((hired_at >= %d AND hired_at < %d))', gmmktime( 12, 0, 0, 1, 31, 2025 ), gmmktime( 0, 0, 0, 2, 1, 2025 ) ),
			PeriodParts::raw_condition( array( $parts ), 'hired_at' )
		);
		$this->assertNull( PeriodParts::bucket_condition( array( PeriodParts::of( 100, 200 ) ) ) );
		$this->assertNull( PeriodParts::raw_condition( array( PeriodParts::of( 200, 100 ) ), 'applied_at' ) );
	}
	/**
	 * coarse_buckets() over a table of day, week, month, quarter and year rows (each the sum of its days, as the
	 * summaries keep them; in SQLite, in memory): its rows, those of the second condition subtracted (signed_sum()), add
	 * up to exactly the period's whole months and days, for periods from every day of fourteen months, of eight lengths,
	 * across month and year ends and in leap February, and for periods that end after the last stored instant; a period
	 * from the 4th reads its month less three days, and a year's months the year less its other months.
	 */
	public function test_coarse_buckets_add_up_to_the_whole_months_and_days(): void {
		$db = new \PDO( 'sqlite::memory:' );
		$db->exec( 'CREATE TABLE t (span INTEGER, bucket INTEGER, v INTEGER)' );
		$first = gmmktime( 0, 0, 0, 10, 1, 2027 );
		$end   = gmmktime( 0, 0, 0, 1, 1, 2031 );
		$sums  = array();
		$value = array(); // Day start => its value.
		$rows  = 0;
		// Nothing is stored after $stored (as after now): later days hold 0.
		$stored = gmmktime( 12, 0, 0, 10, 15, 2029 );
		for ( $day = $first; $day < $end; $day += ReportSummary::DAY ) {
			$value[ $day ] = $day > $stored ? 0 : 1 + ( ( $day / ReportSummary::DAY ) * 7919 ) % 1000; // Every day a value of its own.
			$keys          = array( ReportSummary::SPAN_DAY . '|' . $day, ReportSummary::SPAN_MONTH . '|' . ReportSummary::month_start( $day ) );
			foreach ( ReportSummary::coarse_buckets( $day ) as $span => $bucket ) {
				$keys[] = $span . '|' . $bucket;
			}
			foreach ( $keys as $key ) {
				$sums[ $key ] = ( $sums[ $key ] ?? 0 ) + $value[ $day ];
			}
		}
		$insert = $db->prepare( 'INSERT INTO t VALUES (?, ?, ?)' );
		foreach ( $sums as $key => $sum ) {
			$insert->execute( array_merge( array_map( 'intval', explode( '|', $key ) ), array( $sum ) ) );
		}
		$read = static function ( PeriodParts $parts ) use ( $db, &$rows ): int {
			$buckets = PeriodParts::coarse_buckets( array( $parts ) );
			if ( null === $buckets ) {
				return 0;
			}
			$rows = (int) $db->query( 'SELECT COUNT(*) FROM t WHERE ' . $buckets[0] )->fetchColumn();
			return (int) $db->query( 'SELECT ' . PeriodParts::signed_sum( 'v', $buckets[1] ) . ' FROM t WHERE ' . $buckets[0] )->fetchColumn();
		};
		$whole = static function ( PeriodParts $parts ) use ( $value ): int {
			$ranges = $parts->days;
			foreach ( $parts->months as $month ) {
				$ranges[] = array( $month, ReportSummary::next_month( $month ) );
			}
			$total = 0;
			foreach ( $ranges as [ $from, $to ] ) {
				for ( $day = $from; $day < $to; $day += ReportSummary::DAY ) {
					$total += $value[ $day ];
				}
			}
			return $total;
		};
		$periods = 0;
		for ( $from = gmmktime( 0, 0, 0, 11, 1, 2027 ); $from < gmmktime( 0, 0, 0, 1, 1, 2029 ); $from += ReportSummary::DAY ) {
			foreach ( array( 1, 6, 13, 29, 45, 92, 200, 364 ) as $days ) {
				// Whole days, or from noon (a partial first day, read raw): the summaries' share is the same.
				foreach ( array( 0, 43200 ) as $offset ) {
					$parts = PeriodParts::of( $from + $offset, $from + $days * ReportSummary::DAY, true, PHP_INT_MAX );
					$this->assertSame( $whole( $parts ), $read( $parts ), gmdate( 'Y-m-d H:i', $from + $offset ) . " + $days days" );
					++$periods;
				}
			}
		}
		$this->assertGreaterThan( 6000, $periods );
		// Periods that end after $stored, read with it: extended to the end of their month, and their year's later months
		// (empty) never subtracted.
		for ( $from = gmmktime( 0, 0, 0, 10, 1, 2028 ); $from < $stored; $from += 3 * ReportSummary::DAY ) {
			foreach ( array( 2, 30, 200, 364 ) as $days ) {
				$parts = PeriodParts::of( $from, $from + $days * ReportSummary::DAY, true, $stored );
				$this->assertSame( $whole( $parts ), $read( $parts ), gmdate( 'Y-m-d', $from ) . " + $days days, stored until " . gmdate( 'Y-m-d H:i', $stored ) );
			}
		}

		// From 4 December to 30 November: December less 1–3 December (4 rows), and the year less December (2 rows).
		$parts = PeriodParts::of( gmmktime( 0, 0, 0, 12, 4, 2027 ), gmmktime( 0, 0, 0, 12, 1, 2028 ), true, PHP_INT_MAX );
		$this->assertSame( $whole( $parts ), $read( $parts ) );
		$this->assertSame( 4 + 2, $rows );
		$this->assertSame(
			sprintf( '(((span = %d AND bucket IN (%d)) OR (span = %d AND ((bucket >= %d AND bucket < %d)))))', ReportSummary::SPAN_MONTH, gmmktime( 0, 0, 0, 12, 1, 2028 ), ReportSummary::SPAN_DAY, gmmktime( 0, 0, 0, 12, 1, 2027 ), gmmktime( 0, 0, 0, 12, 4, 2027 ) ),
			PeriodParts::coarse_buckets( array( $parts ) )[1]
		);
		// Twelve months to a day in October with nothing stored after it: December and the year (its November and
		// December hold nothing), 2 rows instead of three quarters and three months.
		$parts = PeriodParts::of( gmmktime( 0, 0, 0, 12, 1, 2028 ), $stored + 3600, true, $stored );
		$this->assertSame( $whole( $parts ), $read( $parts ) );
		$this->assertSame( 2, $rows );
		$this->assertNull( PeriodParts::coarse_buckets( array( $parts ) )[1] );
		// Three months of a year: its quarter, not the year less three quarters.
		$parts = PeriodParts::of( gmmktime( 0, 0, 0, 4, 1, 2028 ), gmmktime( 0, 0, 0, 7, 1, 2028 ), true, PHP_INT_MAX );
		$this->assertSame( $whole( $parts ), $read( $parts ) );
		$this->assertSame( 1, $rows );
		$this->assertStringContainsString( sprintf( 'span = %d AND bucket IN', ReportSummary::SPAN_QUARTER ), PeriodParts::coarse_buckets( array( $parts ) )[0] );
		// Days 8–21 of a month are read as they are: two weeks, not the month less 17 days. Days 10–20 are 11 day rows,
		// or the month less a week and eight days: 9.
		$parts = PeriodParts::of( gmmktime( 0, 0, 0, 5, 8, 2028 ), gmmktime( 0, 0, 0, 5, 22, 2028 ), true, PHP_INT_MAX );
		$this->assertSame( $whole( $parts ), $read( $parts ) );
		$this->assertSame( 2, $rows );
		$this->assertNull( PeriodParts::coarse_buckets( array( $parts ) )[1] );
		$parts = PeriodParts::of( gmmktime( 0, 0, 0, 5, 10, 2028 ), gmmktime( 0, 0, 0, 5, 21, 2028 ), true, PHP_INT_MAX );
		$this->assertSame( $whole( $parts ), $read( $parts ) );
		$this->assertSame( 9, $rows );
		$this->assertNotNull( PeriodParts::coarse_buckets( array( $parts ) )[1] );
	}
}
