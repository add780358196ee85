<?php
/**
 * The sites of the current network, read in id order a batch at a time (Network\Sites walks them).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Site ids of the current network.
 */
final class NetworkSites {

	/**
	 * Up to $limit site ids after $after, in id order: a cursor that stays right while sites are added or deleted
	 * between batches (an offset would skip or repeat sites).
	 *
	 * @param int $after Last id already seen (0: from the start).
	 * @param int $limit Most ids.
	 * @return int[]
	 */
	public static function ids_after( int $after, int $limit ): array {
		global $wpdb;
		$ids = $wpdb->get_col( $wpdb->prepare( 'SELECT blog_id FROM %i WHERE site_id = %d AND blog_id > %d ORDER BY blog_id LIMIT %d', $wpdb->blogs, get_current_network_id(), $after, $limit ) );
		return array_map( 'intval', $ids );
	}
}
