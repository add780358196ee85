<?php
/**
 * Reports\CacheText: report cache entries deflated behind a mark, read back exactly (docs/reports.md#cache).
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Reports\CacheText;

/**
 * Cache text.
 */
final class CacheTextTest extends TestCase {

	/** JSON and serialize() output read back byte for byte, stored as ASCII and smaller when it repeats itself. */
	public function test_round_trip(): void {
		$rows = array_map( static fn( $i ) => array( 'job_id' => $i, 'job_title' => "Job $i — é", 'hires' => $i % 7 ), range( 1, 300 ) );
		foreach ( array( (string) wp_json_encode( $rows, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES ), serialize( $rows ), '', '{}' ) as $text ) { // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- a sample of what is packed.
			$packed = CacheText::pack( $text );
			$this->assertStringStartsWith( 'gz:', $packed );
			$this->assertMatchesRegularExpression( '/^[\x20-\x7e]*$/', $packed );
			$this->assertSame( $text, CacheText::unpack( $packed ) );
		}
		$this->assertLessThan( strlen( serialize( $rows ) ) / 4, strlen( CacheText::pack( serialize( $rows ) ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- as above.
	}

	/** Text without the mark (stored where zlib is missing) is itself; a damaged entry is null, without a warning. */
	public function test_plain_and_damaged(): void {
		$this->assertSame( '{"a":1}', CacheText::unpack( '{"a":1}' ) );
		$this->assertNull( CacheText::unpack( 'gz:not base64!' ) );
		$this->assertNull( CacheText::unpack( 'gz:' . base64_encode( 'not deflated' ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a damaged entry.
		$this->assertNull( CacheText::unpack( substr( CacheText::pack( str_repeat( 'figures ', 100 ) ), 0, 20 ) ) );
	}
}

