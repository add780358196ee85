<?php
/**
 * The scripts of the blocks and the careers pages (built from src/ into build/), registered when WordPress sets up its
 * scripts (the wp_default_scripts action) rather than on init.
 *
 * Why: the blocks are registered on every request of the site, and registering one script on init made WordPress set up
 * all of its own (wp_default_scripts, some 150 of them) on requests that print none: REST, admin-ajax, WP-Cron. That
 * was about 0.7 ms of a 14 ms REST request on the benchmark machine (docs/reports.md#the-plugins-cost-per-request).
 * Pages and the editor set up the scripts anyway, and these are among them. block.json files name these handles
 * instead of "file:" paths, which core would register on the spot.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Plugin;
use WP_Scripts;

defined( 'ABSPATH' ) || exit;

/**
 * The blocks' and careers pages' scripts.
 */
final class BlockScripts {

	public const REPORT_EDITOR   = 'recruiting-reports-report-editor-script';
	public const REPORT_VIEW     = 'recruiting-reports-report-view-script';
	public const JOB_LIST_EDITOR = 'recruiting-reports-job-list-editor';
	public const APPLY_FORM_EDIT = 'recruiting-reports-apply-form-editor';
	public const APPLY_FORM_VIEW = 'recruiting-reports-apply-form-view';
	public const CAREERS_BEACON  = 'recruiting-reports-careers-beacon';

	/**
	 * Handle => the build entry (build/<entry>.js and its .asset.php), dependencies besides the asset file's, where it
	 * loads ('head', 'footer' or 'defer': what wp_register_script()'s last argument sets), whether its strings are
	 * translated (the editors'). The report block's two are what core registered from "file:" paths before.
	 */
	private const SCRIPTS = array(
		self::REPORT_EDITOR   => array( 'block-editor', array(), 'head', true ),
		self::REPORT_VIEW     => array( 'block-view', array(), 'defer', false ),
		self::JOB_LIST_EDITOR => array( 'job-list-editor', array(), 'footer', true ),
		self::APPLY_FORM_EDIT => array( 'apply-form-editor', array(), 'defer', true ),
		self::APPLY_FORM_VIEW => array( 'apply-form-view', array(), 'defer', false ),
		// The beacon reads the landing page's source that the apply form's view script keeps.
		self::CAREERS_BEACON  => array( 'careers-beacon', array( self::APPLY_FORM_VIEW ), 'defer', false ),
	);

	/**
	 * Hooks the registration in. Scripts set up before init, even before this plugin was loaded (another plugin
	 * registering one early), are set up again at init (WP_Scripts hooks its init() there), so the action comes again.
	 */
	public static function register(): void {
		add_action( 'wp_default_scripts', array( self::class, 'add' ) );
	}

	/**
	 * Adds the scripts that are built and not yet registered (the action may come twice: see register()). Nothing here
	 * may need more of WordPress than its constants: the action can come before init.
	 *
	 * @param WP_Scripts $scripts WordPress's scripts, being set up.
	 */
	public static function add( WP_Scripts $scripts ): void {
		foreach ( self::SCRIPTS as $handle => [ $entry, $dependencies, $loads, $translated ] ) {
			$asset_file = RECRUITING_REPORTS_DIR . '/build/' . $entry . '.asset.php';
			if ( isset( $scripts->registered[ $handle ] ) || ! file_exists( $asset_file ) ) {
				continue; // Registered already, or not built (npm run build).
			}
			$asset = require $asset_file;
			$scripts->add( $handle, plugins_url( 'build/' . $entry . '.js', RECRUITING_REPORTS_FILE ), array_merge( $asset['dependencies'], $dependencies ), $asset['version'] );
			if ( 'defer' === $loads ) {
				$scripts->add_data( $handle, 'strategy', 'defer' );
			} elseif ( 'footer' === $loads ) {
				$scripts->add_data( $handle, 'group', 1 );
			}
			if ( $translated ) {
				$scripts->set_translations( $handle, Plugin::TEXT_DOMAIN, RECRUITING_REPORTS_DIR . '/languages' );
			}
		}
	}
}
