<?php
/**
 * The retry schedule of webhook deliveries (docs/api.md#resources, Webhooks\Dispatcher): any failure is retried after 1 min,
 * 5 min, 30 min, 2 h, 6 h, 12 h and 24 h — 8 attempts over about two days — then the delivery is failed.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Webhooks\Dispatcher;

/**
 * A delivery's state after each attempt (sending, signing and the queue are covered by the integration suites).
 */
final class DispatcherTest extends TestCase {

	private const NOW = 1736071200;

	/**
	 * Eight attempts, the backoff of docs/api.md#resources between them.
	 */
	public function test_schedule(): void {
		$this->assertSame( 8, Dispatcher::max_attempts() );
		$this->assertSame( array( 60, 300, 1800, 7200, 21600, 43200, 86400 ), Dispatcher::BACKOFF );
	}

	/**
	 * A failed attempt n (1 to 7) waits the n-th backoff; the 8th failure is final.
	 */
	public function test_failures(): void {
		$waits = array( 60, 300, 1800, 7200, 21600, 43200, 86400 );
		foreach ( $waits as $index => $wait ) {
			$attempt = $index + 1;
			$this->assertSame(
				array(
					'status'          => 'pending',
					'attempts'        => $attempt,
					'next_attempt_at' => self::NOW + $wait,
				),
				Dispatcher::next_state( $attempt, false, self::NOW ),
				"attempt $attempt"
			);
		}
		$this->assertSame(
			array(
				'status'          => 'failed',
				'attempts'        => 8,
				'next_attempt_at' => null,
			),
			Dispatcher::next_state( 8, false, self::NOW )
		);
		// A retried delivery starts again at 0 attempts; one that somehow went past the last is failed too.
		$this->assertSame( 'failed', Dispatcher::next_state( 9, false, self::NOW )['status'] );
	}

	/**
	 * Success ends the delivery at any attempt, the last included.
	 */
	public function test_success(): void {
		foreach ( array( 1, 4, 8 ) as $attempt ) {
			$this->assertSame(
				array(
					'status'          => 'delivered',
					'attempts'        => $attempt,
					'next_attempt_at' => null,
				),
				Dispatcher::next_state( $attempt, true, self::NOW )
			);
		}
	}
}
