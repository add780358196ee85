<?php
/**
 * docs/api.md#resources import rules: an invalid batch lists every problem by index and field; a valid one is normalised.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Import\ImportValidator;

/**
 * Import validation (batches that reference only jobs of the same batch need no database).
 */
final class ImportValidatorTest extends TestCase {

	/**
	 * The example of docs/api.md#resources.
	 *
	 * @return array
	 */
	private function example(): array {
		return array(
			'jobs'         => array(
				array(
					'external_id' => 'j1',
					'title'       => 'Nurse',
					'status'      => 'publish',
					'created_at'  => '2025-01-03T09:00:00Z',
				),
			),
			'applications' => array(
				array(
					'external_id' => 'a1',
					'job'         => 'j1',
					'candidate'   => array(
						'name'  => 'Ada',
						'email' => 'ada@example.com',
					),
					'applied_at'  => '2025-01-05T10:00:00Z',
					'history'     => array(
						array(
							'status' => 'screening',
							'at'     => '2025-01-07T08:00:00Z',
						),
						array(
							'status' => 'interview',
							'at'     => '2025-01-12T08:00:00+02:00',
						),
					),
				),
			),
		);
	}

	/**
	 * A valid batch: instants as unix seconds (offsets honoured), job references kept, defaults filled.
	 */
	public function test_valid_batch(): void {
		$validator = new ImportValidator();
		$batch     = $validator->validate( $this->example() );
		$this->assertSame( array(), $validator->errors() );
		$this->assertSame( 'j1', $batch['jobs'][0]['external_id'] );
		$this->assertSame( gmmktime( 9, 0, 0, 1, 3, 2025 ), $batch['jobs'][0]['created_at'] );
		$app = $batch['applications'][0];
		$this->assertSame( array( 'external' => 'j1' ), $app['job'] );
		$this->assertSame( gmmktime( 10, 0, 0, 1, 5, 2025 ), $app['applied_at'] );
		$this->assertSame( gmmktime( 6, 0, 0, 1, 12, 2025 ), $app['history'][1]['at'] );
		$this->assertSame( 'interview', $app['history'][1]['status'] );
	}

	/**
	 * Every problem of the batch, by index and field, and nothing normalised.
	 */
	public function test_every_problem_is_listed(): void {
		$body                                      = $this->example();
		$body['jobs'][]                            = array(
			'external_id' => 'J1',
			'title'       => 'Duplicate in another case',
		);
		$body['jobs'][]                            = array(
			'external_id' => 'j3',
			'title'       => '',
			'status'      => 'open',
		);
		$body['applications'][0]['candidate']['email'] = 'not-an-email';
		$body['applications'][]                    = array(
			'external_id' => 'a2',
			'job'         => 'j1',
			'candidate'   => array(
				'name'  => 'Bob',
				'email' => 'bob@example.com',
			),
			'applied_at'  => '2025-01-05',
		);
		$body['applications'][]                    = array(
			'external_id' => 'a3',
			'job'         => 'j1',
			'job_id'      => 4,
			'candidate'   => array(
				'name'  => 'Cy',
				'email' => 'cy@example.com',
			),
			'applied_at'  => '2025-02-01T00:00:00Z',
			'history'     => array(
				array(
					'status' => 'interview',
					'at'     => '2025-01-31T00:00:00Z',
				),
				array(
					'status' => 'hired',
					'at'     => '2025-02-10T00:00:00Z',
				),
				array(
					'status' => 'screening',
					'at'     => '2025-02-09T00:00:00Z',
				),
			),
		);
		$validator = new ImportValidator();
		$this->assertNull( $validator->validate( $body ) );
		$errors = $validator->errors();
		foreach ( array(
			'jobs[1].external_id',
			'jobs[2].title',
			'jobs[2].status',
			'applications[0].candidate.email',
			'applications[1].applied_at',
			'applications[2].job',
			'applications[2].history[0].at',
			'applications[2].history[2].at',
		) as $path ) {
			$this->assertArrayHasKey( $path, $errors, $path . ' in ' . implode( ', ', array_keys( $errors ) ) );
			$this->assertNotSame( '', $errors[ $path ] );
		}
	}

	/**
	 * The transition rules of docs/targets.md#statuses-and-transitions apply to histories; reopening and skipping are fine.
	 */
	public function test_history_transitions(): void {
		$body                                    = $this->example();
		$body['applications'][0]['history']      = array(
			array(
				'status' => 'rejected',
				'at'     => '2025-01-06T00:00:00Z',
			),
			array(
				'status' => 'new',
				'at'     => '2025-01-07T00:00:00Z',
			),
			array(
				'status' => 'offer',
				'at'     => '2025-01-08T00:00:00Z',
			),
		);
		$validator = new ImportValidator();
		$this->assertNotNull( $validator->validate( $body ), implode( '; ', $validator->errors() ) );

		$body['applications'][0]['history'][] = array(
			'status' => 'screening',
			'at'     => '2025-01-09T00:00:00Z',
		);
		$this->assertNull( $validator->validate( $body ) );
		$this->assertSame( array( 'applications[0].history[3].status' ), array_keys( $validator->errors() ) );
		$this->assertStringContainsString( 'hired, rejected, withdrawn', $validator->errors()['applications[0].history[3].status'] );
	}

	/**
	 * Bodies that are not an import at all.
	 */
	public function test_shapes(): void {
		$validator = new ImportValidator();
		foreach ( array( array(), array( 1, 2 ), 'x', null, array( 'jobs' => 'nope' ) ) as $body ) {
			$this->assertNull( $validator->validate( $body ), var_export( $body, true ) );
			$this->assertNotEmpty( $validator->errors() );
		}
		$this->assertArrayHasKey( 'jobs', $validator->errors() );
		$too_many = array( 'jobs' => array_fill( 0, ImportValidator::MAX_JOBS + 1, array() ) );
		$this->assertNull( $validator->validate( $too_many ) );
		$this->assertSame( array( 'jobs' ), array_keys( $validator->errors() ) );
	}
}
