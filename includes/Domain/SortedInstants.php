<?php
/**
 * A sorted multiset of instants (unix seconds) packed as 8 bytes each (signed, big-endian: pack( 'J' ) keeps every
 * PHP integer exactly, before 1970 too): what the waiting summary stores per job and stage (Data\WaitingSummary).
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

	private const BYTES = 8;

	/** Above this many changes at once, unpacking, merging and sorting in C beats splicing the string per instant. */
	private const SPLICE_LIMIT = 64;

	/**
	 * The packed instants.
	 *
	 * @param string $bytes 8 bytes per instant, ascending (from bytes() or from()).
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
		return new self( $instants ? pack( 'J*', ...$instants ) : '' );
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
		return unpack( 'J', $this->bytes, $position * self::BYTES )[1];
	}

	/**
	 * How many instants are at or before a time (the position where a later one would go).
	 *
	 * @param int $time Unix seconds.
	 */
	public function count_until( int $time ): int {
		$low  = 0;
		$high = $this->count();
		while ( $low < $high ) {
			$middle = ( $low + $high ) >> 1;
			if ( $this->at( $middle ) <= $time ) {
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
		return '' === $this->bytes ? array() : array_values( unpack( 'J*', $this->bytes ) );
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
			$set = new self( substr_replace( $set->bytes, pack( 'J', $instant ), $set->count_until( $instant ) * self::BYTES, 0 ) );
		}
		return $set;
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
