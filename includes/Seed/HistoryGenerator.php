<?php
/**
 * Realistic, deterministic candidate journeys (seeded random): stage timings, drop-outs, rejections,
 * reopenings and withdrawals. Shared by the demo seeder (through the importer) and the benchmark
 * seeder (bulk), so both datasets obey the same rules.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Seed;

defined( 'ABSPATH' ) || exit;

/**
 * Realistic, deterministic candidate journeys (seeded random): stage timings, drop-outs, rejections, reopenings and withdrawals.
 */
final class HistoryGenerator {

	private const DAY = 86400;

	/**
	 * Per stage: chance (percent) to advance, to be rejected, to withdraw (the rest waits), and the
	 * range of days the step takes.
	 */
	private const STEPS = array(
		'new'       => array(
			'next'     => 'screening',
			'advance'  => 72,
			'reject'   => 20,
			'withdraw' => 3,
			'days'     => array( 1, 6 ),
		),
		'screening' => array(
			'next'     => 'interview',
			'advance'  => 55,
			'reject'   => 33,
			'withdraw' => 5,
			'days'     => array( 2, 10 ),
		),
		'interview' => array(
			'next'     => 'offer',
			'advance'  => 42,
			'reject'   => 45,
			'withdraw' => 6,
			'days'     => array( 4, 16 ),
		),
		'offer'     => array(
			'next'     => 'hired',
			'advance'  => 78,
			'reject'   => 7,
			'withdraw' => 12,
			'days'     => array( 2, 9 ),
		),
	);

	/** Percent of rejected candidates whose application is reopened later. */
	private const REOPEN = 6;

	/** Percent of advances that skip a stage (for example new straight to interview). */
	private const SKIP = 4;

	/**
	 * Steps.
	 *
	 * @var array<string,array>
	 */
	private array $steps;

	/**
	 * Reopen.
	 *
	 * @var int
	 */
	private int $reopen;

	/**
	 * State of the generator's own xorshift32 sequence (never 0).
	 *
	 * @var int
	 */
	private int $state;

	/**
	 * Sets up the instance.
	 *
	 * @param int        $seed   Seed.
	 * @param array|null $steps  Another STEPS table (same shape), for example a busier pipeline.
	 * @param int|null   $reopen Another REOPEN percentage.
	 */
	public function __construct( int $seed, ?array $steps = null, ?int $reopen = null ) {
		// Its own sequence rather than mt_srand(): reseeding PHP's shared generator would make every
		// other mt_rand() caller in the request predictable.
		$this->state  = ( $seed & 0xFFFFFFFF ) ? ( $seed & 0xFFFFFFFF ) : 0x9E3779B9;
		$this->steps  = $steps ?? self::STEPS;
		$this->reopen = $reopen ?? self::REOPEN;
		// xorshift's first numbers after a small seed are small too: skip them.
		for ( $i = 0; $i < 16; $i++ ) {
			$this->between( 0, 1 );
		}
	}

	/**
	 * The next number of the seed's sequence in [$min, $max] (xorshift32; deterministic, not secure).
	 *
	 * @param int $min Min.
	 * @param int $max Max.
	 */
	public function between( int $min, int $max ): int {
		$x           = $this->state;
		$x          ^= ( $x << 13 ) & 0xFFFFFFFF;
		$x          ^= $x >> 17;
		$x          ^= ( $x << 5 ) & 0xFFFFFFFF;
		$this->state = $x;
		return $min + $x % ( $max - $min + 1 );
	}

	/**
	 * A history starting at $applied_at, never later than $now.
	 *
	 * @param int $applied_at Applied at.
	 * @param int $now        Now.
	 * @return array<int,array{status:string,at:int}>
	 */
	public function history( int $applied_at, int $now ): array {
		$history = array();
		$status  = 'new';
		$at      = $applied_at;
		while ( isset( $this->steps[ $status ] ) ) {
			$step = $this->steps[ $status ];
			$at  += $this->between( $step['days'][0] * self::DAY, $step['days'][1] * self::DAY );
			if ( $at > $now ) {
				break;
			}
			$roll = $this->between( 1, 100 );
			if ( $roll <= $step['advance'] ) {
				$next = $step['next'];
				if ( 'hired' !== $next && $this->between( 1, 100 ) <= self::SKIP ) {
					$next = $this->steps[ $next ]['next'];
				}
				$history[] = array(
					'status' => $next,
					'at'     => $at,
				);
				$status    = $next;
				continue;
			}
			if ( $roll <= $step['advance'] + $step['reject'] ) {
				$history[] = array(
					'status' => 'rejected',
					'at'     => $at,
				);
				$reopen_at = $at + $this->between( 1 * self::DAY, 20 * self::DAY );
				if ( $this->between( 1, 100 ) > $this->reopen || $reopen_at > $now ) {
					break;
				}
				$history[] = array(
					'status' => $status,
					'at'     => $reopen_at,
				);
				$at        = $reopen_at;
				continue;
			}
			if ( $roll <= $step['advance'] + $step['reject'] + $step['withdraw'] ) {
				$history[] = array(
					'status' => 'withdrawn',
					'at'     => $at,
				);
			}
			break;
		}
		return $history;
	}
}
