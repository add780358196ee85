<?php
/**
 * The network report's merging rules (docs/multisite.md "How figures are merged"): counts summed key by key at every
 * depth (the pipeline's day histograms per stage), other values kept from the first site that has them; the median's
 * positions and the values a histogram holds there.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Reports\NetworkMerge;
use RecruitingReports\Reports\ReportQuery;
use RecruitingReports\Reports\SiteFigures;

/**
 * Network merge helpers.
 */
final class NetworkMergeTest extends TestCase {

	/**
	 * A site's figures for keyed(): only its data matters.
	 *
	 * @param int   $site_id Site id.
	 * @param array $data    Its report.
	 */
	private function site( int $site_id, array $data ): SiteFigures {
		return new SiteFigures( $site_id, "Site $site_id", ReportQuery::from_args( array(), new DateTimeImmutable( '2025-06-15T12:00:00Z' ), false ), $data, 0 );
	}

	/**
	 * by_job's order: by the count descending, then by site (0 when a row has none: one site's report), then by job id;
	 * the same order as comparing row by row, on random lists with many ties.
	 */
	public function test_jobs_by_count_orders_by_count_then_site_then_job(): void {
		$count = static fn( array $row ): int => $row['rejected'] + $row['withdrawn'];
		$rows  = array(
			array( 'job_id' => 9, 'rejected' => 1, 'withdrawn' => 1 ),
			array( 'job_id' => 3, 'rejected' => 0, 'withdrawn' => 5 ),
			array( 'job_id' => 4, 'rejected' => 2, 'withdrawn' => 0 ),
		);
		$this->assertSame( array( 3, 4, 9 ), array_column( NetworkMerge::jobs_by_count( $rows, $count ), 'job_id' ) );
		$this->assertSame( array(), NetworkMerge::jobs_by_count( array(), $count ) );

		mt_srand( 26 );
		for ( $list = 0; $list < 200; $list++ ) {
			$rows = array();
			foreach ( range( 1, mt_rand( 1, 40 ) ) as $job_id ) {
				$rows[] = array(
					'site_id'   => mt_rand( 1, 4 ),
					'job_id'    => $job_id,
					'rejected'  => mt_rand( 0, 3 ),
					'withdrawn' => mt_rand( 0, 2 ),
				);
			}
			shuffle( $rows );
			$expected = $rows;
			usort( $expected, static fn( $a, $b ) => ( $count( $b ) <=> $count( $a ) ) ?: ( $a['site_id'] <=> $b['site_id'] ) ?: ( $a['job_id'] <=> $b['job_id'] ) );
			$this->assertSame( $expected, NetworkMerge::jobs_by_count( $rows, $count ), "list $list" );
		}
	}

	/** Rows with the same key fields are one row, in first-seen order: counts summed, an integer key not, the rest kept. */
	public function test_keyed_merges_rows_by_their_key_fields(): void {
		$north = $this->site(
			2,
			array(
				'by_user' => array(
					array( 'user_id' => 7, 'name' => 'Ann', 'notes' => 2, 'by_status' => array( 'hired' => 1 ), 'rate' => 0.5 ),
					array( 'user_id' => 9, 'name' => 'Bo', 'notes' => 1, 'by_status' => array() ),
				),
			)
		);
		$south = $this->site(
			3,
			array(
				'by_user' => array(
					array( 'user_id' => 9, 'name' => 'Bo (south)', 'notes' => 4, 'by_status' => array( 'rejected' => 2 ) ),
					array( 'user_id' => 7, 'name' => 'Ann', 'notes' => 1, 'by_status' => array( 'hired' => 3 ), 'rate' => 0.9 ),
					array( 'name' => 'No id', 'notes' => 5 ),
				),
			)
		);
		$this->assertSame(
			array(
				array( 'user_id' => 7, 'name' => 'Ann', 'notes' => 3, 'by_status' => array( 'hired' => 4 ), 'rate' => 0.5 ),
				array( 'user_id' => 9, 'name' => 'Bo', 'notes' => 5, 'by_status' => array( 'rejected' => 2 ) ),
				array( 'name' => 'No id', 'notes' => 5 ),
			),
			NetworkMerge::keyed( array( $north, $south, $this->site( 4, array() ) ), 'by_user', array( 'user_id' ) )
		);
		$this->assertSame( 2, $north->data['by_user'][0]['notes'], 'a site\'s rows are unchanged' );
	}

	/**
	 * Rows are the same when every key field is, whatever the order of their fields; a key is compared by type and
	 * byte (1 and "1", or two different bytes that are not UTF-8, are different rows), and a missing key field is null.
	 */
	public function test_keyed_compares_keys_exactly(): void {
		$north = $this->site(
			2,
			array(
				'by_reason' => array(
					array( 'status' => 'rejected', 'reason' => 'skills', 'count' => 1 ),
					array( 'status' => 'rejected', 'reason' => "\xff", 'count' => 2 ),
					array( 'status' => 'rejected', 'reason' => 1, 'count' => 3 ),
					array( 'status' => 'withdrawn', 'count' => 4 ),
				),
			)
		);
		$south = $this->site(
			3,
			array(
				'by_reason' => array(
					array( 'count' => 10, 'reason' => 'skills', 'status' => 'rejected' ),
					array( 'status' => 'rejected', 'reason' => "\xfe", 'count' => 20 ),
					array( 'status' => 'rejected', 'reason' => '1', 'count' => 30 ),
					array( 'status' => 'withdrawn', 'reason' => null, 'count' => 40 ),
				),
			)
		);
		$this->assertSame(
			array(
				array( 'status' => 'rejected', 'reason' => 'skills', 'count' => 11 ),
				array( 'status' => 'rejected', 'reason' => "\xff", 'count' => 2 ),
				array( 'status' => 'rejected', 'reason' => 1, 'count' => 3 ),
				array( 'status' => 'withdrawn', 'count' => 44 ),
				array( 'status' => 'rejected', 'reason' => "\xfe", 'count' => 20 ),
				array( 'status' => 'rejected', 'reason' => '1', 'count' => 30 ),
			),
			NetworkMerge::keyed( array( $north, $south ), 'by_reason', array( 'status', 'reason' ) )
		);
	}

	/** Nested counts are summed in place of every site's; keys only some sites have are kept; the inputs are unchanged. */
	public function test_sum_adds_counts_at_every_depth(): void {
		$north = array(
			'stages' => array(
				'new'       => array(
					0 => 2,
					3 => 1,
				),
				'interview' => array( 10 => 4 ),
			),
			'stale'  => array( 'new' => 1 ),
			'label'  => 'north',
			'rate'   => 0.5,
		);
		$south = array(
			'stages' => array(
				'new'   => array(
					3 => 2,
					7 => 5,
				),
				'offer' => array( 1 => 1 ),
			),
			'stale'  => array(
				'new'   => 2,
				'offer' => 1,
			),
			'label'  => 'south',
			'rate'   => 0.25,
		);
		$copy  = $north;
		$total = NetworkMerge::sum( array( $north, $south, array() ) );
		$this->assertSame(
			array(
				'stages' => array(
					'new'       => array(
						0 => 2,
						3 => 3,
						7 => 5,
					),
					'interview' => array( 10 => 4 ),
					'offer'     => array( 1 => 1 ),
				),
				'stale'  => array(
					'new'   => 3,
					'offer' => 1,
				),
				'label'  => 'north',
				'rate'   => 0.5,
			),
			$total
		);
		$this->assertSame( $copy, $north );
		$this->assertSame( array(), NetworkMerge::sum( array() ) );
	}

	/** A hundred sites' histograms add up to what counting them one by one gives. */
	public function test_sum_of_many_histograms(): void {
		$sites    = array();
		$expected = array();
		for ( $site = 1; $site <= 100; $site++ ) {
			$histogram = array();
			for ( $day = $site % 7; $day < 400; $day += 1 + $site % 5 ) {
				$histogram[ $day ] = $site;
				$expected[ $day ]  = ( $expected[ $day ] ?? 0 ) + $site;
			}
			$sites[] = array( 'days' => $histogram );
		}
		$total = NetworkMerge::sum( $sites )['days'];
		ksort( $total );
		ksort( $expected );
		$this->assertSame( $expected, $total );
	}

	/** The median's positions, and the values at them in a histogram. */
	public function test_middle_and_values_at_positions(): void {
		$this->assertSame( array( 2, 1 ), NetworkMerge::middle( 5 ) );
		$this->assertSame( array( 1, 2 ), NetworkMerge::middle( 4 ) );
		$histogram = array(
			9 => 1,
			2 => 2,
			5 => 1,
		); // Sorted: 2, 2, 5, 9.
		$this->assertSame( array( 2, 5 ), NetworkMerge::at( $histogram, ...NetworkMerge::middle( 4 ) ) );
		$this->assertSame( array( 9 ), NetworkMerge::at( $histogram, 3, 1 ) );
	}

	/**
	 * Blocked histograms give the values at any positions of their union's sorted values, as the summed histogram
	 * does: within one block, straddling two, spanning empty blocks and three blocks, at both ends.
	 */
	public function test_blocked_histograms_give_the_union_values_at_positions(): void {
		$sites   = array(
			array( 0 => 2, 3 => 1, 130 => 4, 700 => 1 ),
			array( 1 => 1, 127 => 2, 128 => 1, 900 => 3 ),
			array(),
			array( 5 => 1, 260 => 2 ),
		);
		$summed  = NetworkMerge::sum( $sites );
		$blocked = array_map( static fn( array $bins ) => NetworkMerge::blocked( $bins, 128 ), $sites );
		$count   = NetworkMerge::blocked_count( $blocked );
		$this->assertSame( array_sum( $summed ), $count );
		$this->assertSame( 18, $count );
		for ( $position = 0; $position < $count; $position++ ) {
			for ( $length = 1; $position + $length <= $count && $length <= 6; $length++ ) {
				$this->assertSame( NetworkMerge::at( $summed, $position, $length ), NetworkMerge::blocked_at( $blocked, $position, $length ), "$position, $length" );
			}
		}
		$this->assertSame( array( 130, 130 ), NetworkMerge::blocked_at( $blocked, ...NetworkMerge::middle( $count ) ) );
		$this->assertSame( array( 127, 128, 130 ), NetworkMerge::blocked_at( $blocked, 6, 3 ) ); // Two blocks.
		$this->assertSame( array( 130, 260, 260, 700 ), NetworkMerge::blocked_at( $blocked, 11, 4 ) ); // Three, two empty between.
		$this->assertSame( array(), NetworkMerge::blocked_at( $blocked, $count, 1 ) );
		$this->assertSame(
			array(
				'blocks' => array( 0 => 3, 1 => 4, 5 => 1 ),
				'values' => array( 0 => '0,3', 1 => '130', 5 => '700' ),
				'counts' => array( 0 => '2,1', 1 => '4', 5 => '1' ),
			),
			$blocked[0]
		);
		$this->assertSame( 0, NetworkMerge::blocked_count( array( $blocked[2] ) ) );
	}
}
