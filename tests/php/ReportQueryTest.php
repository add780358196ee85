<?php
/**
 * docs/reports.md#definitions periods: defaults, validation, timezone.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Reports\ReportQuery;

/**
 * Report queries.
 */
final class ReportQueryTest extends TestCase {

	/**
	 * Back to UTC after each test.
	 */
	protected function tearDown(): void {
		$GLOBALS['rr_test_timezone'] = 'UTC';
	}

	/**
	 * Resolves arguments with "now" fixed.
	 *
	 * @param array  $args Raw arguments.
	 * @param string $now  The current instant.
	 * @return ReportQuery|WP_Error
	 */
	private function resolve( array $args, string $now = '2025-06-15T12:00:00Z' ) {
		return ReportQuery::from_args( $args, new DateTimeImmutable( $now ), false );
	}

	/**
	 * Both omitted: the first day of the month eleven months back to today; only date_from: to today; only
	 * date_to: from the first day of the month eleven months before it.
	 */
	public function test_default_periods(): void {
		$this->assertSame(
			array(
				'from' => '2024-07-01',
				'to'   => '2025-06-15',
			),
			$this->resolve( array() )->period()
		);
		$this->assertSame(
			array(
				'from' => '2025-03-10',
				'to'   => '2025-06-15',
			),
			$this->resolve( array( 'date_from' => '2025-03-10' ) )->period()
		);
		$this->assertSame(
			array(
				'from' => '2024-03-01',
				'to'   => '2025-02-28',
			),
			$this->resolve(
				array(
					'date_to'   => '2025-02-28',
					'date_from' => '',
				)
			)->period()
		);
		$this->assertSame( 12, count( $this->resolve( array() )->months ) );
	}

	/**
	 * Malformed or impossible dates, reversed periods and bad job ids are 400s naming the fields.
	 */
	public function test_invalid_arguments(): void {
		foreach ( array( '2025-02-30', '2025-2-1', '0999-01-01', 'yesterday', array( '2025-01-01' ) ) as $bad ) {
			$error = $this->resolve( array( 'date_from' => $bad ) );
			$this->assertInstanceOf( WP_Error::class, $error, var_export( $bad, true ) );
			$this->assertSame( 'rest_invalid_param', $error->get_error_code() );
			$this->assertSame( 400, $error->get_error_data()['status'] );
			$this->assertArrayHasKey( 'date_from', $error->get_error_data()['params'] );
		}
		$reversed = $this->resolve(
			array(
				'date_from' => '2025-03-01',
				'date_to'   => '2025-02-01',
			)
		);
		$this->assertSame( array( 'date_from', 'date_to' ), array_keys( $reversed->get_error_data()['params'] ) );
		$future = $this->resolve( array( 'date_from' => '2025-07-01' ) );
		$this->assertStringContainsString( 'after today', $future->get_error_data()['params']['date_from'] );
		foreach ( array( 0, -1, '01', '1.5', 'abc', 1.0 ) as $bad_job ) {
			$error = $this->resolve( array( 'job_id' => $bad_job ) );
			$this->assertInstanceOf( WP_Error::class, $error, var_export( $bad_job, true ) );
			$this->assertArrayHasKey( 'job_id', $error->get_error_data()['params'] );
		}
		$this->assertSame( 42, $this->resolve( array( 'job_id' => '42' ) )->job_id );
		$this->assertInstanceOf( WP_Error::class, $this->resolve( array( 'date_from' => '1900-01-01' ) ), 'at most 100 years' );
		$this->assertTrue( ReportQuery::validate_date( '' ) );
		$this->assertInstanceOf( WP_Error::class, ReportQuery::validate_date( '2025-13-01' ) );
	}

	/**
	 * Dates are calendar dates in the site's timezone: the bounds are its midnights, and the cache key differs.
	 */
	public function test_timezone(): void {
		$args = array(
			'date_from' => '2025-01-01',
			'date_to'   => '2025-01-31',
		);
		$utc  = $this->resolve( $args );
		$this->assertSame( gmmktime( 0, 0, 0, 1, 1, 2025 ), $utc->start );
		$this->assertSame( gmmktime( 0, 0, 0, 2, 1, 2025 ), $utc->end );

		$GLOBALS['rr_test_timezone'] = 'Asia/Kolkata';
		$india                       = $this->resolve( $args );
		$this->assertSame( gmmktime( 0, 0, 0, 1, 1, 2025 ) - 19800, $india->start );
		$this->assertNotSame( $utc->cache_key(), $india->cache_key() );

		// "Today" is the site's date: 23:30 UTC on 30 June is already 1 July in Kolkata.
		$this->assertSame( '2025-07-01', $this->resolve( array(), '2025-06-30T23:30:00Z' )->to );
	}

	/**
	 * A query serialized (as a network report's kept part holds it) is the same query read back, in a timezone with
	 * DST changes inside the period, for one month and for years; smaller than its properties; and a query stored as its
	 * properties (a part written before __serialize()) reads back too.
	 */
	public function test_serialized_compactly_and_read_back(): void {
		$GLOBALS['rr_test_timezone'] = 'America/New_York';
		$queries                     = array(
			$this->resolve( array() ),
			$this->resolve( array( 'date_from' => '2025-03-09', 'date_to' => '2025-03-09' ) ),
			$this->resolve( array( 'date_from' => '2023-12-15', 'date_to' => '2025-11-02', 'job_id' => 7 ) ),
		);
		foreach ( $queries as $query ) {
			$stored = serialize( $query ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- what the kept parts do (maybe_serialize()).
			$this->assertEquals( $query, unserialize( $stored ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize -- the same.
			$this->assertSame( $query->months, unserialize( $stored )->months ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize -- the same.
			$properties = get_object_vars( $query );
			$old        = preg_replace( '/^a:(\d+):/', 'O:' . strlen( ReportQuery::class ) . ':"' . ReportQuery::class . '":$1:', serialize( $properties ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- the form before __serialize().
			$this->assertEquals( $query, unserialize( $old ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize -- the same.
			$this->assertLessThan( strlen( $old ) * ( count( $query->months ) > 1 ? 0.5 : 1 ), strlen( $stored ) );
		}
		$this->assertCount( 24, $queries[2]->months );
		$this->assertSame( array( 'month' => '2025-11', 'start' => $queries[2]->months[23]['start'], 'end' => $queries[2]->end ), unserialize( serialize( $queries[2] ) )->months[23] ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize, WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize -- the same.
	}
}
