<?php
/**
 * Removes every trace of the plugin, but only when the admin opted in.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

/**
 * Removes every trace of the plugin, but only when the admin opted in.
 */
final class Uninstaller {

	/**
	 * Deletes the plugin's data when the admin opted in.
	 */
	public static function run(): void {
		if ( ! Settings::get( 'delete_data_on_uninstall' ) ) {
			return;
		}
		global $wpdb;
		$job_ids = $wpdb->get_col( $wpdb->prepare( 'SELECT ID FROM %i WHERE post_type = %s', $wpdb->posts, JobPostType::POST_TYPE ) );
		foreach ( $job_ids as $job_id ) {
			wp_delete_post( (int) $job_id, true );
		}
		Schema::drop_all();
		\RecruitingReports\Careers\CvStore::delete_all();
		Roles::uninstall();
		delete_option( Settings::OPTION );
		// Post meta the plugin keeps on other posts (the report block's last editor) is named _recruiting_reports_….
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE meta_key LIKE %s', $wpdb->postmeta, $wpdb->esc_like( '_recruiting_reports_' ) . '%' ) );
		// Options, transients and their expiry rows written by other parts carry this prefix.
		$like = array_map(
			static fn( $prefix ) => $wpdb->esc_like( $prefix . 'recruiting_reports_' ) . '%',
			array( '', '_transient_', '_transient_timeout_', '_site_transient_', '_site_transient_timeout_' )
		);
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s', $wpdb->options, $like[0], $like[1], $like[2], $like[3], $like[4] ) );
		// With a persistent object cache, cached reports live there instead and expire within a day (ReportCache's
		// TTL); flushing the whole cache of a site for them is not worth it.
	}
}
