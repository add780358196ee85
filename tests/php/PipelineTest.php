<?php
/**
 * docs/targets.md#statuses-and-transitions: statuses, stages and transitions.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Domain\Pipeline;

/**
 * Pipeline rules.
 */
final class PipelineTest extends TestCase {

	/**
	 * From a stage: any later stage, or rejected/withdrawn; from an exit: back to the stage held; hired is final.
	 */
	public function test_allowed_targets(): void {
		$this->assertSame( array( 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn' ), Pipeline::allowed_targets( 'new', null ) );
		$this->assertSame( array( 'hired', 'rejected', 'withdrawn' ), Pipeline::allowed_targets( 'offer', null ) );
		$this->assertSame( array(), Pipeline::allowed_targets( 'hired', null ) );
		$this->assertSame( array( 'interview' ), Pipeline::allowed_targets( 'rejected', 'interview' ) );
		$this->assertSame( array( 'new' ), Pipeline::allowed_targets( 'withdrawn', 'new' ) );
		$this->assertSame( array(), Pipeline::allowed_targets( 'rejected', null ), 'an exit without a stage to return to is final' );
		$this->assertSame( array(), Pipeline::allowed_targets( 'unknown', null ) );
	}

	/**
	 * Skipping records only the stage entered; backwards is refused; the current status again is a no-op.
	 */
	public function test_apply(): void {
		$state = Pipeline::initial_state( 1000 );
		$this->assertSame( $state, Pipeline::apply( $state, 'new', 2000 ), 'setting the current status is a no-op' );
		$this->assertNull( Pipeline::apply( $state, 'bogus', 2000 ) );

		$offer = Pipeline::apply( $state, 'offer', 2000 );
		$this->assertSame( 'offer', $offer['status'] );
		$this->assertSame( 3, $offer['max_stage'] );
		$this->assertSame(
			array(
				'new'   => 1000,
				'offer' => 2000,
			),
			$offer['entered']
		);
		$this->assertNull( Pipeline::apply( $offer, 'screening', 3000 ), 'never backwards' );

		$rejected = Pipeline::apply( $offer, 'rejected', 3000 );
		$this->assertSame( 'offer', $rejected['reopen_status'] );
		$reopened = Pipeline::apply( $rejected, 'offer', 4000 );
		$this->assertSame( 2000, $reopened['entered']['offer'], 'entered(s) is the first time' );
		$this->assertNull( $reopened['reopen_status'] );
		$this->assertNull( Pipeline::apply( $rejected, 'hired', 4000 ), 'a rejected application only reopens' );
	}

	/**
	 * Replay stops at the first entry that is not allowed and names what was allowed there.
	 */
	public function test_replay(): void {
		$ok = Pipeline::replay(
			100,
			array(
				array(
					'status' => 'screening',
					'at'     => 200,
				),
				array(
					'status' => 'hired',
					'at'     => 300,
				),
			)
		);
		$this->assertNull( $ok['error_index'] );
		$this->assertSame( 'hired', $ok['state']['status'] );

		$bad = Pipeline::replay(
			100,
			array(
				array(
					'status' => 'hired',
					'at'     => 200,
				),
				array(
					'status' => 'offer',
					'at'     => 300,
				),
			)
		);
		$this->assertNull( $bad['state'] );
		$this->assertSame( 1, $bad['error_index'] );
		$this->assertSame( array(), $bad['allowed'] );
	}

	/**
	 * The timeline columns carry every stage's entered time and the time to hire.
	 */
	public function test_timeline_columns(): void {
		$state   = Pipeline::apply( Pipeline::apply( Pipeline::initial_state( 1000 ), 'interview', 5000 ), 'hired', 9000 );
		$columns = Pipeline::timeline_columns( $state );
		$this->assertSame( 1000, $columns['applied_at'] );
		$this->assertNull( $columns['screening_at'] );
		$this->assertSame( 5000, $columns['interview_at'] );
		$this->assertSame( 9000, $columns['hired_at'] );
		$this->assertSame( 8000, $columns['hire_seconds'] );
		foreach ( Pipeline::STAGES as $stage ) {
			$this->assertArrayHasKey( Pipeline::entered_column( $stage ), $columns, 'entered_column names a timeline column' );
		}
	}

	/**
	 * The consecutive stage pairs are exactly the neighbours of STAGES, in order, with distinct prefixes.
	 */
	public function test_steps_follow_the_stages(): void {
		$pairs = array();
		foreach ( Pipeline::STEPS as [ , $from, $to ] ) {
			$pairs[] = array( $from, $to );
		}
		$expected = array();
		for ( $i = 1; $i < count( Pipeline::STAGES ); $i++ ) {
			$expected[] = array( Pipeline::STAGES[ $i - 1 ], Pipeline::STAGES[ $i ] );
		}
		$this->assertSame( $expected, $pairs );
		$this->assertCount( count( Pipeline::STEPS ), array_unique( array_column( Pipeline::STEPS, 0 ) ) );
		$this->assertSame( array_merge( Pipeline::STAGES, Pipeline::EXITS ), Pipeline::STATUSES );
	}
}
