<?php
/**
 * Reports\PieceReads: a network computation's reads kept for its merge, per site and query, and nothing kept outside
 * one (docs/multisite.md).
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Reports\PieceReads;
use RecruitingReports\Reports\ReportQuery;

/**
 * Piece reads.
 */
final class PieceReadsTest extends TestCase {

	/** Reads made, by label. */
	private array $made = array();

	/** Back to the first site. */
	protected function tearDown(): void {
		$GLOBALS['rr_test_blog_id'] = 1;
	}

	/**
	 * A query of a month (and job).
	 *
	 * @param string   $month  YYYY-MM.
	 * @param int|null $job_id Job.
	 */
	private function query( string $month, ?int $job_id = null ): ReportQuery {
		$args = array(
			'date_from' => "$month-01",
			'date_to'   => "$month-28",
		);
		if ( null !== $job_id ) {
			$args['job_id'] = $job_id;
		}
		return ReportQuery::from_args( $args, new DateTimeImmutable( '2025-06-15T12:00:00Z' ), false );
	}

	/**
	 * A read that counts itself and answers which call it was.
	 *
	 * @param string      $what  What is read.
	 * @param ReportQuery $query The query.
	 */
	private function read( string $what, ReportQuery $query ): string {
		return PieceReads::read(
			$what,
			$query,
			function () use ( $what ) {
				$this->made[ $what ] = ( $this->made[ $what ] ?? 0 ) + 1;
				return $what . '#' . $this->made[ $what ];
			}
		);
	}

	/** Outside a computation every read is made again. */
	public function test_outside_a_computation_nothing_is_kept(): void {
		$march = $this->query( '2025-03' );
		$this->assertSame( 'totals#1', $this->read( 'totals', $march ) );
		$this->assertSame( 'totals#2', $this->read( 'totals', $march ) );
	}

	/** Inside one, a read is made once per site, read and query; afterwards it is forgotten. */
	public function test_a_computation_keeps_each_read_per_site_what_and_query(): void {
		$march = $this->query( '2025-03' );
		$kept  = PieceReads::collecting(
			function () use ( $march ) {
				$seen   = array( $this->read( 'totals', $march ), $this->read( 'totals', $march ) );
				$seen[] = $this->read( 'totals', $this->query( '2025-03' ) ); // An equal query: the same read.
				$seen[] = $this->read( 'totals', $this->query( '2025-04' ) );
				$seen[] = $this->read( 'totals', $this->query( '2025-03', 7 ) );
				$seen[] = $this->read( 'bins', $march );
				$GLOBALS['rr_test_blog_id'] = 2;
				$seen[] = $this->read( 'totals', $march );
				$seen[] = $this->read( 'totals', $march );
				return $seen;
			}
		);
		$this->assertSame( array( 'totals#1', 'totals#1', 'totals#1', 'totals#2', 'totals#3', 'bins#1', 'totals#4', 'totals#4' ), $kept );
		$GLOBALS['rr_test_blog_id'] = 1;
		$this->assertSame( 'totals#5', $this->read( 'totals', $march ), 'forgotten when the computation ends' );
	}

	/** A computation inside another shares its reads and leaves them kept until the outer one ends, even on a throw. */
	public function test_nested_computations_share_and_a_throw_ends_one(): void {
		$march = $this->query( '2025-03' );
		PieceReads::collecting(
			function () use ( $march ) {
				$this->read( 'totals', $march );
				PieceReads::collecting( fn() => $this->assertSame( 'totals#1', $this->read( 'totals', $march ) ) );
				$this->assertSame( 'totals#1', $this->read( 'totals', $march ), 'still kept after the inner one' );
			}
		);
		try {
			PieceReads::collecting(
				function () use ( $march ) {
					$this->read( 'totals', $march );
					throw new RuntimeException( 'failed' );
				}
			);
		} catch ( RuntimeException $e ) {
			$this->assertSame( 'failed', $e->getMessage() );
		}
		$this->assertSame( 'totals#3', $this->read( 'totals', $march ), 'nothing kept after a computation that threw' );
	}
}
