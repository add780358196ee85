<?php
/**
 * A sorted multiset of instants (unix seconds) packed as 5 bytes each: the instant plus 2^39, big-endian, which holds
 * every instant of years 0000–9999 (what Domain\Iso8601 reads, before 1970 too) in 5 of pack( 'J' )'s 8 bytes. What the
 * waiting summary stores per job and stage (Data\WaitingSummary): at 1,000,000 applications its rows weigh 1.1 MB of
 * base64 instead of 1.7 with 8 bytes, and the pipeline reads them all (docs/reports.md#rejections-pipeline-activity-issue-26).
 * Reading it needs no unpacking of the whole set: the count is its length, any position is one unpack at an offset,
 * and how many instants are at or before a time is a binary search. Pure logic: no WordPress, no database.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * Sorted, packed instants.
 */
final class SortedInstants {

	public const BYTES = 5;

	/** Added to each instant so that years 0000–9999 (±2^38 seconds) pack as unsigned 40-bit numbers. */
	private const BIAS = 1 << 39;

	/** Above this many changes at once, unpacking, merging and sorting in C beats splicing the string per instant. */
	private const SPLICE_LIMIT = 64;

	/**
	 * The packed instants.
	 *
	 * @param string $bytes 5 bytes per instant, ascending (from bytes() or from()).
	 */
	public function __construct( private string $bytes = '' ) {
	}

	/**
	 * The set of some instants.
	 *
	 * @param int[] $instants In any order.
	 */
	public static function from( array $instants ): self {
		sort( $instants, SORT_NUMERIC );
		return new self( implode( '', array_map( array( self::class, 'pack' ), $instants ) ) );
	}

	/** The packed form. */
	public function bytes(): string {
		return $this->bytes;
	}

	/** How many instants. */
	public function count(): int {
		return intdiv( strlen( $this->bytes ), self::BYTES );
	}

	/**
	 * The instant at a position (0 = the earliest).
	 *
	 * @param int $position From 0 to count() - 1.
	 */
	public function at( int $position ): int {
		return self::unpack( $this->bytes, $position * self::BYTES );
	}

	/**
	 * How many instants are at or before a time (the position where a later one would go).
	 *
	 * @param int $time Unix seconds.
	 */
	public function count_until( int $time ): int {
		if ( $time < -self::BIAS ) {
			return 0;
		}
		if ( $time >= self::BIAS ) {
			return $this->count();
		}
		// Packed instants order as their bytes do (big-endian, unsigned): compared as strings, none is unpacked.
		$packed = self::pack( $time );
		$low    = 0;
		$high   = $this->count();
		while ( $low < $high ) {
			$middle = ( $low + $high ) >> 1;
			if ( strcmp( substr( $this->bytes, $middle * self::BYTES, self::BYTES ), $packed ) <= 0 ) {
				$low = $middle + 1;
			} else {
				$high = $middle;
			}
		}
		return $low;
	}

	/**
	 * Every instant, ascending.
	 *
	 * @return int[]
	 */
	public function all(): array {
		return '' === $this->bytes ? array() : array_map( array( $this, 'at' ), range( 0, $this->count() - 1 ) );
	}

	/**
	 * The set with one occurrence of each removed instant taken out (those it does not hold are ignored) and the added
	 * ones in.
	 *
	 * @param int[] $removed Instants to remove.
	 * @param int[] $added   Instants to add.
	 */
	public function changed( array $removed, array $added ): self {
		if ( count( $removed ) + count( $added ) > self::SPLICE_LIMIT ) {
			return self::from( array_merge( self::without( $this->all(), $removed ), $added ) );
		}
		$set = $this;
		foreach ( $removed as $instant ) {
			$position = $set->count_until( $instant - 1 );
			if ( $position < $set->count() && $set->at( $position ) === $instant ) {
				$set = new self( substr_replace( $set->bytes, '', $position * self::BYTES, self::BYTES ) );
			}
		}
		foreach ( $added as $instant ) {
			$set = new self( substr_replace( $set->bytes, self::pack( $instant ), $set->count_until( $instant ) * self::BYTES, 0 ) );
		}
		return $set;
	}

	/**
	 * One instant's bytes.
	 *
	 * @param int $instant Unix seconds of years 0000–9999.
	 */
	private static function pack( int $instant ): string {
		return substr( pack( 'J', $instant + self::BIAS ), 8 - self::BYTES );
	}

	/**
	 * The instant packed (pack()) at an offset of packed bytes: its first byte and one unpack of the other four, no copy.
	 *
	 * @param string $bytes  Packed instants.
	 * @param int    $offset Where the instant starts.
	 */
	private static function unpack( string $bytes, int $offset ): int {
		return ( ord( $bytes[ $offset ] ) << 32 ) + unpack( 'N', $bytes, $offset + 1 )[1] - self::BIAS;
	}

	/**
	 * Values with one occurrence of each removed value taken out.
	 *
	 * @param int[] $values  Values.
	 * @param int[] $removed Values to remove.
	 * @return int[]
	 */
	private static function without( array $values, array $removed ): array {
		$pending = array_count_values( $removed );
		$kept    = array();
		foreach ( $values as $value ) {
			if ( ( $pending[ $value ] ?? 0 ) > 0 ) {
				--$pending[ $value ];
			} else {
				$kept[] = $value;
			}
		}
		return $kept;
	}
}
