<?php
/**
 * A job's open stages in one entry of the waiting summary (Data\WaitingSummary, since schema 16): how many instants
 * each open stage holds (4 bytes each, big-endian, in the order of TimeInStage::OPEN), then the stages' packed
 * instants (Domain\SortedInstants) one after the other in that order. One row per job instead of one per job and stage
 * makes the pipeline's read of every job a quarter of the rows, and a read costs by its rows (docs/reports.md,
 * "Rejections, pipeline, activity"). Pure logic: no WordPress, no database.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * The packed form of a job's open stages.
 */
final class StageInstants {

	/** The bytes of the counts before the instants. */
	private const HEAD = 4 * 4;

	/**
	 * The bytes of a job's stages.
	 *
	 * @param array<string,SortedInstants> $stages Open status => its instants (a stage may be missing: none).
	 */
	public static function pack( array $stages ): string {
		$head = '';
		$body = '';
		foreach ( TimeInStage::OPEN as $status ) {
			$bytes = isset( $stages[ $status ] ) ? $stages[ $status ]->bytes() : '';
			$head .= pack( 'N', intdiv( strlen( $bytes ), SortedInstants::BYTES ) );
			$body .= $bytes;
		}
		return $head . $body;
	}

	/**
	 * A job's stages from their bytes: the stages that hold an instant, in the order of TimeInStage::OPEN.
	 *
	 * @param string $bytes What pack() returned, or '' (a row just created: no stage).
	 * @return array<string,SortedInstants> Open status => its instants.
	 */
	public static function unpack( string $bytes ): array {
		if ( strlen( $bytes ) < self::HEAD ) {
			return array();
		}
		$counts = array_values( unpack( 'N4', $bytes ) );
		$offset = self::HEAD;
		$stages = array();
		foreach ( TimeInStage::OPEN as $i => $status ) {
			$length = $counts[ $i ] * SortedInstants::BYTES;
			if ( $length > 0 ) {
				$stages[ $status ] = new SortedInstants( substr( $bytes, $offset, $length ) );
			}
			$offset += $length;
		}
		return $stages;
	}
}
