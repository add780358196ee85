<?php
/**
 * The report block's attribute rules that block.json cannot express (core checks types and enums): the custom
 * period's dates, the job id's range, the report's own sections, and the report arguments they make.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Blocks\Attributes;

/**
 * Attributes.
 */
final class AttributesTest extends TestCase {

	private const TIME_TO_HIRE = array( 'figures', 'by_stage', 'by_job', 'trend' );

	/**
	 * A custom period needs real calendar dates, the start not after the end; either may be left out.
	 */
	public function test_custom_dates(): void {
		$ok = Attributes::sanitize(
			array(
				'period'   => 'custom',
				'dateFrom' => '2024-02-29',
				'dateTo'   => '2024-03-01',
			)
		);
		$this->assertSame( array(), $ok['problems'] );
		$this->assertSame( array( '2024-02-29', '2024-03-01' ), array( $ok['date_from'], $ok['date_to'] ) );

		$open = Attributes::sanitize(
			array(
				'period'   => 'custom',
				'dateFrom' => '2024-02-01',
				'dateTo'   => '',
			)
		);
		$this->assertSame( array(), $open['problems'] );
		$this->assertSame( '', $open['date_to'] );

		$this->assertSame(
			array( 'The start date is after the end date.' ),
			Attributes::sanitize(
				array(
					'period'   => 'custom',
					'dateFrom' => '2025-05-01',
					'dateTo'   => '2025-04-30',
				)
			)['problems']
		);
		$bad = Attributes::sanitize(
			array(
				'period'   => 'custom',
				'dateFrom' => '2025-02-29',
				'dateTo'   => '2025-4-1',
			)
		);
		$this->assertSame( array( 'The start date is not a valid date.', 'The end date is not a valid date.' ), $bad['problems'] );
		$this->assertSame( array( '', '' ), array( $bad['date_from'], $bad['date_to'] ) );
	}

	/**
	 * The dates of a preset period are not the block's: a stale custom range left in them is ignored.
	 */
	public function test_dates_only_count_for_a_custom_period(): void {
		$preset = Attributes::sanitize(
			array(
				'period'   => 'last_30_days',
				'dateFrom' => 'nonsense',
				'dateTo'   => '2025-01-01',
			)
		);
		$this->assertSame( array(), $preset['problems'] );
		$this->assertSame( array( '', '' ), array( $preset['date_from'], $preset['date_to'] ) );
	}

	/**
	 * A job id is a non-negative integer; core also calls "12" and 1e30 integers.
	 */
	public function test_job_id(): void {
		foreach ( array( 0, 7, '12', 3.0, '', null ) as $given ) {
			$checked = Attributes::sanitize( array( 'jobId' => $given ) );
			$this->assertSame( array(), $checked['problems'], var_export( $given, true ) );
		}
		$this->assertSame( 12, Attributes::sanitize( array( 'jobId' => '12' ) )['job_id'] );
		$this->assertSame( 3, Attributes::sanitize( array( 'jobId' => 3.0 ) )['job_id'] );
		foreach ( array( -1, 1e30, '12abc', 2.5, array( 1 ) ) as $given ) {
			$checked = Attributes::sanitize( array( 'jobId' => $given ) );
			$this->assertSame( array( 'The job setting is not a valid job id.' ), $checked['problems'], var_export( $given, true ) );
			$this->assertSame( 0, $checked['job_id'] );
		}
	}

	/**
	 * Sections: the report's own, in its order; another report's (left from a switch) are dropped; none left is all.
	 */
	public function test_sections_of_the_report(): void {
		$this->assertSame(
			array( 'by_job', 'trend' ),
			Attributes::sanitize( array( 'sections' => array( 'trend', 'by_status', 'by_job' ) ), self::TIME_TO_HIRE )['sections']
		);
		$this->assertSame(
			self::TIME_TO_HIRE,
			Attributes::sanitize( array( 'sections' => array( 'by_status', 'conversion' ) ), self::TIME_TO_HIRE )['sections']
		);
		$this->assertSame( self::TIME_TO_HIRE, Attributes::sanitize( array(), self::TIME_TO_HIRE )['sections'] );
	}

	/**
	 * The given attributes pass through beside the checked ones.
	 */
	public function test_keeps_the_other_attributes(): void {
		$checked = Attributes::sanitize(
			array(
				'report'     => 'funnel',
				'compare'    => 'previous_year',
				'visibility' => 'public',
			)
		);
		$this->assertSame( 'funnel', $checked['report'] );
		$this->assertSame( 'previous_year', $checked['compare'] );
		$this->assertSame( 'public', $checked['visibility'] );
	}

	/**
	 * Report arguments: preset periods end today (site date), last 12 months is the reports' default (no dates),
	 * a custom period sends what it has; the job and the comparison when set.
	 */
	public function test_report_args(): void {
		$args = static fn( array $attributes ) => Attributes::report_args( Attributes::sanitize( $attributes ), '2024-03-01' );
		$this->assertSame(
			array(
				'date_from' => '2024-02-01',
				'date_to'   => '2024-03-01',
			),
			$args( array( 'period' => 'last_30_days' ) ),
			'30 days back over a leap February'
		);
		$this->assertSame( '2023-12-03', $args( array( 'period' => 'last_90_days' ) )['date_from'] );
		$this->assertSame(
			array(
				'date_from' => '2024-01-01',
				'date_to'   => '2024-03-01',
			),
			$args( array( 'period' => 'year_to_date' ) )
		);
		$this->assertSame( array(), $args( array( 'period' => 'last_12_months' ) ) );
		$this->assertSame(
			array( 'date_to' => '2024-02-10' ),
			$args(
				array(
					'period'   => 'custom',
					'dateFrom' => '',
					'dateTo'   => '2024-02-10',
				)
			)
		);
		$this->assertSame(
			array(
				'job_id'  => 9,
				'compare' => 'previous_period',
			),
			$args(
				array(
					'period'  => 'last_12_months',
					'jobId'   => 9,
					'compare' => 'previous_period',
				)
			)
		);
		$this->assertArrayNotHasKey( 'compare', $args( array( 'compare' => 'none' ) ) );
	}
}
