<?php
/**
 * The sites of the current network, read in id order a batch at a time (Network\Sites walks them), and network options
 * read together.
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

	/**
	 * Some options of the current network (wp_sitemeta) in one query, as stored (serialized values stay so): the
	 * network report's kept parts and the sites' tokens, one row per site, read together.
	 *
	 * @param string[] $names Meta keys.
	 * @return array<string,string> meta key => value (missing ones are left out).
	 */
	public static function network_options( array $names ): array {
		global $wpdb;
		if ( ! $names ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $names ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is placeholders only.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT meta_key, meta_value FROM %i WHERE site_id = %d AND meta_key IN ($in)", $wpdb->sitemeta, get_current_network_id(), ...$names ), ARRAY_A );
		return array_column( $rows, 'meta_value', 'meta_key' );
	}
}
