<?php
/**
 * Removes every trace of the plugin, but only when the admin opted in.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Network\NetworkReport;
use RecruitingReports\Network\NetworkSettings;
use RecruitingReports\Network\NetworkVersion;
use RecruitingReports\Network\Sites;

defined( 'ABSPATH' ) || exit;

/**
 * Removes every trace of the plugin, but only when the admin opted in.
 */
final class Uninstaller {

	/** The last site a network uninstall finished (a network option while one is under way). */
	public const PROGRESS_OPTION = 'recruiting_reports_uninstall_after';

	/**
	 * uninstall.php: the site, or on a network every site, each as its own setting says (run()). A network's
	 * sites are done in id order and each finished site is recorded, so an uninstall cut short (a time limit on a
	 * large network) goes on where it stopped when it runs again; the network's own option goes last, when its
	 * default for new sites says "delete data on uninstall".
	 */
	public static function run_everywhere(): void {
		if ( ! is_multisite() ) {
			self::run();
			return;
		}
		Sites::walk(
			static function ( int $site_id ) {
				self::run();
				update_site_option( self::PROGRESS_OPTION, $site_id );
			},
			(int) get_site_option( self::PROGRESS_OPTION, 0 )
		);
		delete_site_option( self::PROGRESS_OPTION );
		self::delete_network_report_cache();
		if ( NetworkSettings::all()['settings']['delete_data_on_uninstall'] ) {
			delete_site_option( NetworkSettings::OPTION );
		}
	}

	/**
	 * The network report's cached answers (site transients; they copy the sites' figures, job titles and team members'
	 * names): a cache, so gone whatever the sites decided about their data.
	 */
	private static function delete_network_report_cache(): void {
		global $wpdb;
		foreach ( array( '_site_transient_', '_site_transient_timeout_' ) as $prefix ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE site_id = %d AND meta_key LIKE %s', $wpdb->sitemeta, get_current_network_id(), $wpdb->esc_like( $prefix . NetworkReport::CACHE_PREFIX ) . '%' ) );
		}
		// The network's version and every site's token (NetworkVersion::SITE_OPTION_PREFIX).
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE site_id = %d AND meta_key LIKE %s', $wpdb->sitemeta, get_current_network_id(), $wpdb->esc_like( NetworkVersion::OPTION ) . '%' ) );
		wp_cache_delete( get_current_network_id() . ':' . NetworkVersion::OPTION, 'site-options' );
	}

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
		DigestSubscriptions::delete_all();
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
