<?php
/**
 * StageInstants: a job's open stages packed in one entry read back as they were, whichever stages are empty.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Domain\SortedInstants;
use RecruitingReports\Domain\StageInstants;

/**
 * A job's stages in one entry.
 */
final class StageInstantsTest extends TestCase {

	/** Every subset of the open stages, with one or many instants (duplicates, before 1970), round-trips. */
	public function test_round_trip(): void {
		$values = array(
			'new'       => array( 5, 5, -86400 ),
			'screening' => array( 1764201600 ),
			'interview' => range( 1000, 1300, 3 ),
			'offer'     => array( 253402300799, 0 ),
		);
		for ( $mask = 0; $mask < 16; $mask++ ) {
			$stages = array();
			foreach ( array_keys( $values ) as $i => $status ) {
				if ( $mask & ( 1 << $i ) ) {
					$stages[ $status ] = SortedInstants::from( $values[ $status ] );
				}
			}
			$bytes = StageInstants::pack( $stages );
			$this->assertSame( 16 + SortedInstants::BYTES * array_sum( array_map( static fn( $set ) => $set->count(), $stages ) ), strlen( $bytes ) );
			$read = StageInstants::unpack( $bytes );
			$this->assertSame( array_keys( $stages ), array_keys( $read ), "stages of mask $mask" );
			foreach ( $stages as $status => $set ) {
				$this->assertSame( $set->all(), $read[ $status ]->all(), "$status of mask $mask" );
			}
		}
	}

	/** An empty stage is left out; stages come back in pipeline order whatever order they were given in. */
	public function test_empty_and_order(): void {
		$read = StageInstants::unpack(
			StageInstants::pack(
				array(
					'offer' => SortedInstants::from( array( 7 ) ),
					'new'   => new SortedInstants(),
				)
			)
		);
		$this->assertSame( array( 'offer' ), array_keys( $read ) );
		$this->assertSame( array( 7 ), $read['offer']->all() );
		$this->assertSame( array(), StageInstants::unpack( '' ), 'a row just created holds no stage' );
	}
}
