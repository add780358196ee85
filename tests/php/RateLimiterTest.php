<?php
/**
 * The window arithmetic of the per-key rate limit (docs/api.md#api-keys, Auth\RateLimiter): fixed one-hour windows that
 * start on the hour, and what a request learns for the X-RateLimit-* and Retry-After headers.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Auth\RateLimiter;

/**
 * Rate-limit windows and verdicts (the counting itself, under concurrency, is covered by the integration suites).
 */
final class RateLimiterTest extends TestCase {

	/** 2025-01-05T10:00:00Z, the start of a window. */
	private const HOUR = 1736071200;

	/**
	 * Windows start on the hour (UTC) and contain their first second but not the next hour's.
	 */
	public function test_window_start(): void {
		$this->assertSame( 3600, RateLimiter::WINDOW );
		$this->assertSame( self::HOUR, RateLimiter::window_start( self::HOUR ) );
		$this->assertSame( self::HOUR, RateLimiter::window_start( self::HOUR + 1 ) );
		$this->assertSame( self::HOUR, RateLimiter::window_start( self::HOUR + 3599 ) );
		$this->assertSame( self::HOUR + 3600, RateLimiter::window_start( self::HOUR + 3600 ) );
		$this->assertSame( self::HOUR - 3600, RateLimiter::window_start( self::HOUR - 1 ) );
		$this->assertSame( 0, RateLimiter::window_start( 0 ) );
	}

	/**
	 * Remaining requests count down to 0 and never below; the reset is the next window's start.
	 */
	public function test_verdict_of_admitted_requests(): void {
		$this->assertSame(
			array(
				'allowed'     => true,
				'limit'       => 100,
				'remaining'   => 99,
				'reset'       => self::HOUR + 3600,
				'retry_after' => 3600 - 125,
			),
			RateLimiter::verdict( true, 100, 1, self::HOUR + 125 )
		);
		$this->assertSame( 0, RateLimiter::verdict( true, 100, 100, self::HOUR )['remaining'] );
		$this->assertSame( 0, RateLimiter::verdict( false, 100, 100, self::HOUR )['remaining'] );
		// A lowered limit can leave more hits in the window than the new limit allows.
		$this->assertSame( 0, RateLimiter::verdict( false, 10, 100, self::HOUR )['remaining'] );
		$this->assertSame( 10, RateLimiter::verdict( false, 10, 0, self::HOUR )['remaining'] );
	}

	/**
	 * Retry-After: the seconds until the window ends, at least 1.
	 */
	public function test_retry_after(): void {
		$this->assertSame( 3600, RateLimiter::verdict( false, 5, 5, self::HOUR )['retry_after'] );
		$this->assertSame( 1, RateLimiter::verdict( false, 5, 5, self::HOUR + 3599 )['retry_after'] );
		$this->assertSame( self::HOUR + 3600, RateLimiter::verdict( false, 5, 5, self::HOUR + 3599 )['reset'] );
		$this->assertFalse( RateLimiter::verdict( false, 5, 5, self::HOUR )['allowed'] );
	}
}
