<?php
/**
 * What the block renders from the reports' declarations (Blocks\ReportContent over Reports\ReportCharts and
 * ReportFigures): "No hires" is decided by the hire count, a chart's values, colours and points without data come
 * from the declaration, and a declaration without a kind or units is refused.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Blocks\ReportContent;
use RecruitingReports\Reports\ReportDefinition;
use RecruitingReports\Reports\ReportPalette;

/**
 * The block's content from the declarations.
 */
final class ReportChartsTest extends TestCase {

	/** An overview's data with one hire, whose time to hire rounds to 0.0 days. */
	private static function overview( int $hires, float $average ): array {
		return array(
			'period'                => array(
				'from' => '2025-01-01',
				'to'   => '2025-01-31',
			),
			'jobs'                  => array(
				'total'           => 1,
				'active'          => 1,
				'new_this_period' => 0,
			),
			'applications'          => array(
				'total'           => 3,
				'new_this_period' => 3,
				'by_status'       => array(
					'new'       => 2,
					'screening' => 0,
					'interview' => 0,
					'offer'     => 0,
					'hired'     => 1,
					'rejected'  => 0,
					'withdrawn' => 0,
				),
			),
			'conversion'            => array(
				'application_to_screening' => 0.3333,
				'screening_to_interview'   => 1,
				'interview_to_offer'       => 1,
				'offer_to_hire'            => 1,
			),
			'hires_this_period'     => $hires,
			'avg_time_to_hire_days' => $average,
		);
	}

	/** The figure with the given id. */
	private static function figure( array $figures, string $id ): array {
		return array_values( array_filter( $figures, static fn( $figure ) => $figure['id'] === $id ) )[0];
	}

	public function test_a_hire_averaging_0_0_days_is_a_hire_not_no_hires(): void {
		$average = self::figure( ReportContent::figures( 'overview', self::overview( 1, 0.0 ) ), 'avg_time_to_hire' );
		$this->assertSame( '0.0 days', $average['value'] );
		$this->assertSame( 0.0, $average['raw'] );
		$this->assertArrayNotHasKey( 'note', $average );

		$none = self::figure( ReportContent::figures( 'overview', self::overview( 0, 0.0 ) ), 'avg_time_to_hire' );
		$this->assertSame( '—', $none['value'] );
		$this->assertNull( $none['raw'] );
		$this->assertSame( 'No hires in this period', $none['note'] );
	}

	public function test_a_chart_spec_reads_its_declaration(): void {
		$spec = ReportContent::spec( 'overview', 'by_status', self::overview( 1, 2.0 ), array( 'statusChart' => 'doughnut' ) );
		$this->assertSame( 'doughnut', $spec['kind'], 'the block picks a kind the declaration offers' );
		$this->assertFalse( $spec['horizontal'] );
		$this->assertSame( array( 'New', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected', 'Withdrawn' ), $spec['labels'] );
		$this->assertSame( array( 2, 0, 0, 0, 1, 0, 0 ), $spec['series'][0]['values'] );
		$this->assertSame( array_values( ReportPalette::STATUSES ), $spec['series'][0]['color'] );
		$this->assertSame( 'bar', ReportContent::spec( 'overview', 'by_status', self::overview( 1, 2.0 ), array( 'statusChart' => 'pie' ) )['kind'] );
		$this->assertNull( ReportContent::spec( 'overview', 'stages', self::overview( 1, 2.0 ), array() ) );
	}

	public function test_points_without_data_and_empty_texts_follow_the_counts(): void {
		$trend = array(
			array(
				'month'        => '2025-01',
				'average_days' => 0.0,
				'hires'        => 1,
			),
			array(
				'month'        => '2025-02',
				'average_days' => 0.0,
				'hires'        => 0,
			),
		);
		$data  = array(
			'overall'  => array(
				'average_days' => 0.0,
				'median_days'  => 0.0,
				'min_days'     => 0.0,
				'max_days'     => 0.0,
			),
			'by_stage' => array(),
			'by_job'   => array(),
			'trend'    => $trend,
		);
		$spec  = ReportContent::spec( 'time-to-hire', 'trend', $data, array() );
		$this->assertSame( array( false, true ), $spec['series'][0]['missing'] );
		$this->assertSame( 'No hires', $spec['series'][0]['missingText'] );
		$this->assertSame( ReportPalette::BLUE, $spec['series'][0]['color'] );
		// One hire: the chart of zeros is no "No hires".
		$this->assertSame( 'Nothing to chart for this period.', ReportContent::empty_message( 'time-to-hire', 'trend', $data ) );
		$data['trend'][0]['hires'] = 0;
		$this->assertSame( 'No hires in this period.', ReportContent::empty_message( 'time-to-hire', 'trend', $data ) );
	}

	public function test_a_category_names_its_detail_where_its_label_repeats(): void {
		$data = array(
			'by_reason' => array(
				array(
					'status' => 'rejected',
					'reason' => '',
					'label'  => 'No reason given',
					'count'  => 2,
					'share'  => 0.6667,
				),
				array(
					'status' => 'withdrawn',
					'reason' => '',
					'label'  => 'No reason given',
					'count'  => 1,
					'share'  => 1,
				),
			),
		);
		$spec = ReportContent::spec( 'rejections', 'by_reason', $data, array() );
		$this->assertSame( array( 'No reason given (Rejected)', 'No reason given (Withdrawn)' ), $spec['labels'] );
		$this->assertSame( array( 2, 1 ), $spec['series'][0]['values'] );
		$this->assertSame( array( 0.6667, 1.0 ), $spec['series'][1]['values'] );
		$pipeline = ReportContent::spec(
			'pipeline',
			'by_job',
			array(
				'by_job' => array(
					array(
						'job_id'       => 7,
						'job_title'    => 'Nurse',
						'stage'        => 'interview',
						'open'         => 1,
						'median_days'  => 4.0,
						'longest_days' => 4,
						'stale'        => 0,
					),
				),
			),
			array()
		);
		$this->assertSame( array( 'Nurse (Interview)' ), $pipeline['labels'] );
	}

	public function test_a_chart_without_a_known_kind_or_unit_is_refused(): void {
		$this->expectException( InvalidArgumentException::class );
		new ReportDefinition(
			name: 'broken',
			title: 'Broken',
			description: 'A chart of an unknown kind.',
			run: static fn() => array(),
			schema: array(),
			charts: array(
				array(
					'id'     => 'rows',
					'title'  => 'Rows',
					'kind'   => 'pie',
					'series' => array( array( 'unit' => 'count' ) ),
				),
			),
		);
	}
}
