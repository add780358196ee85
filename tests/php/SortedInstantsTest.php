<?php
/**
 * SortedInstants: the packed set equals a sorted PHP array after any removals and additions, by either way of
 * changing it (splicing a few, merging many), before 1970 too.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Domain\SortedInstants;

/**
 * Sorted instants.
 */
final class SortedInstantsTest extends TestCase {

	/** Positions, counts and binary search on a set with duplicates and instants before 1970. */
	public function test_reads(): void {
		$set = SortedInstants::from( array( 30, -5, 10, 10, 1700000000 ) );
		$this->assertSame( 5, $set->count() );
		$this->assertSame( array( -5, 10, 10, 30, 1700000000 ), $set->all() );
		$this->assertSame( -5, $set->at( 0 ) );
		$this->assertSame( 1700000000, $set->at( 4 ) );
		$this->assertSame( 0, $set->count_until( -6 ) );
		$this->assertSame( 1, $set->count_until( 9 ) );
		$this->assertSame( 3, $set->count_until( 10 ) );
		$this->assertSame( 5, $set->count_until( PHP_INT_MAX ) );
		$this->assertSame( 0, ( new SortedInstants() )->count_until( 0 ) );
		$this->assertSame( $set->all(), ( new SortedInstants( $set->bytes() ) )->all(), 'the bytes are the whole state' );
	}

	/** The first and last seconds of years 0000 and 9999 and 1970's first keep their value and order in 5 bytes each. */
	public function test_years_0000_to_9999(): void {
		$instants = array( 253402300799, -62167219200, 0, -1, 1, 1764201600 );
		$set      = SortedInstants::from( $instants );
		sort( $instants );
		$this->assertSame( 5 * count( $instants ), strlen( $set->bytes() ) );
		$this->assertSame( $instants, $set->all() );
		$this->assertSame( -62167219200, $set->at( 0 ) );
		$this->assertSame( 253402300799, $set->at( 5 ) );
		$this->assertSame( 2, $set->count_until( -1 ) );
		$this->assertSame( $instants, ( new SortedInstants( $set->bytes() ) )->changed( array( 0 ), array( 0 ) )->all() );
	}

	/** Random removals and additions, few and many at a time, against a sorted array (one occurrence removed each). */
	public function test_changes_equal_a_sorted_array(): void {
		mt_srand( 26 );
		foreach ( array( 1, 3, 64, 65, 500 ) as $batch ) {
			$expected = array();
			$set      = new SortedInstants();
			for ( $round = 0; $round < 20; $round++ ) {
				$added   = array();
				$removed = array();
				for ( $i = 0; $i < $batch; $i++ ) {
					$added[] = mt_rand( -1000, 1000 );
					if ( $expected && mt_rand( 0, 1 ) ) {
						$removed[] = $expected[ array_rand( $expected ) ]; // Sometimes twice: two occurrences go, if held.
					}
				}
				$removed[] = 5000; // Not held: ignored.
				foreach ( $removed as $value ) {
					$at = array_search( $value, $expected, true );
					if ( false !== $at ) {
						unset( $expected[ $at ] );
					}
				}
				$expected = array_merge( $expected, $added );
				sort( $expected );
				$set = $set->changed( $removed, $added );
				$this->assertSame( $expected, $set->all(), "batch $batch, round $round" );
			}
		}
	}
}
