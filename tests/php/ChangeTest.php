<?php
/**
 * The change of a headline figure against the comparison period, as the block shows it (docs/reports.md#comparison). The same cases
 * as src/components/Change.test.tsx, so the block and the Reports page say the same.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Blocks\Change;

/**
 * Change.
 */
final class ChangeTest extends TestCase {

	/**
	 * Up and down: an arrow and a percentage to a tenth, the same in words for screen readers.
	 */
	public function test_up_and_down(): void {
		$this->assertSame(
			array(
				'direction' => 'up',
				'shown'     => '▲ 50%',
				'spoken'    => 'up 50% from the previous period',
			),
			Change::describe( 30, 20, 'previous_period' )
		);
		$this->assertSame(
			array(
				'direction' => 'down',
				'shown'     => '▼ 33.3%',
				'spoken'    => 'down 33.3% from the previous year',
			),
			Change::describe( 2, 3, 'previous_year' )
		);
		$this->assertSame( '▲ 12.5%', Change::describe( 0.45, 0.4, 'previous_period' )['shown'], 'rates compare as numbers' );
		$this->assertSame( '▲ 200%', Change::describe( 3, 1, 'previous_period' )['shown'] );
	}

	/**
	 * No change: 0% and words; nothing to compare with (0 or no value before): "—" and words.
	 */
	public function test_same_and_nothing(): void {
		$this->assertSame(
			array(
				'direction' => 'same',
				'shown'     => '0%',
				'spoken'    => 'no change from the previous year',
			),
			Change::describe( 4, 4, 'previous_year' )
		);
		foreach ( array( 0, 0.0, null ) as $previous ) {
			$this->assertSame(
				array(
					'direction' => 'none',
					'shown'     => '—',
					'spoken'    => 'nothing to compare with in the previous period',
				),
				Change::describe( 5, $previous, 'previous_period' ),
				var_export( $previous, true )
			);
		}
		$this->assertSame( 'nothing to compare with in the previous year', Change::describe( 0, 0, 'previous_year' )['spoken'] );
	}

	/**
	 * The rate is relative to the earlier value, whatever the direction.
	 */
	public function test_rate(): void {
		$this->assertEqualsWithDelta( 0.25, Change::of( 5, 4 )['rate'], 1e-12 );
		$this->assertEqualsWithDelta( 0.2, Change::of( 4, 5 )['rate'], 1e-12 );
		$this->assertSame( 'down', Change::of( 0, 5 )['direction'] );
	}
}
