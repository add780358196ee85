<?php
/**
 * The retry schedule of queued e-mails (Mail\Outbox): a failed wp_mail() is retried after 1 min, 5 min, 30 min, 2 h
 * and 6 h — 6 attempts over about 8.5 hours — then the message is failed (and shown so in the e-mail log).
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Mail\Outbox;

/**
 * A message's state after each attempt (sending and the queue are covered by careers-mail.test.mjs).
 */
final class OutboxTest extends TestCase {

	private const NOW = 1736071200;

	/**
	 * A failed attempt n (1 to 5) waits the n-th backoff; the 6th failure is final; success ends it at any attempt.
	 */
	public function test_next_state(): void {
		$this->assertSame( 6, Outbox::max_attempts() );
		foreach ( array( 60, 300, 1800, 7200, 21600 ) as $index => $wait ) {
			$this->assertSame(
				array(
					'status'          => 'pending',
					'next_attempt_at' => self::NOW + $wait,
				),
				Outbox::next_state( $index + 1, false, self::NOW ),
				'attempt ' . ( $index + 1 )
			);
		}
		$failed = array(
			'status'          => 'failed',
			'next_attempt_at' => null,
		);
		$this->assertSame( $failed, Outbox::next_state( 6, false, self::NOW ) );
		$this->assertSame( $failed, Outbox::next_state( 7, false, self::NOW ) );
		foreach ( array( 1, 3, 6 ) as $attempt ) {
			$this->assertSame(
				array(
					'status'          => 'sent',
					'next_attempt_at' => null,
				),
				Outbox::next_state( $attempt, true, self::NOW )
			);
		}
	}
}
