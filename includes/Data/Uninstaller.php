<?php
/**
 * Removes every trace of the plugin, but only when the admin opted in.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

final class Uninstaller {

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
		Capabilities::uninstall();
		delete_option( Settings::OPTION );
		// Transients and options written by other parts carry this prefix.
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s OR option_name LIKE %s', $wpdb->options, $wpdb->esc_like( 'recruiting_reports_' ) . '%', $wpdb->esc_like( '_transient_recruiting_reports_' ) . '%' ) );
	}
}
