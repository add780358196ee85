<?php
/**
 * Wires the plugin's parts to WordPress hooks. Everything else is in the classes it names.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports;

use RecruitingReports\Data\Installer;
use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

/**
 * Wires the plugin's parts to WordPress hooks.
 */
final class Plugin {

	public const TEXT_DOMAIN = 'recruiting-reports';

	/** REST controllers, each registering its own routes under recruiting/v1. */
	private const CONTROLLERS = array(
		Rest\ImportController::class,
		Rest\JobsController::class,
		Rest\ApplicationsController::class,
		Rest\NotesController::class,
		Rest\RatingsController::class,
		Rest\WebhooksController::class,
		Rest\WebhookDeliveriesController::class,
		Rest\ApiKeysController::class,
		Rest\SettingsController::class,
		Rest\RetentionController::class,
		Rest\ReportsController::class,
		Rest\OpenApiController::class,
		Rest\ApplicationCvController::class,
		Rest\CareersBeaconController::class,
		Rest\MailLogController::class,
		Rest\NetworkController::class,
		Rest\DigestSubscriptionController::class,
	);

	/**
	 * Hooks every part of the plugin into WordPress.
	 */
	public static function boot(): void {
		// Before anything on init translates (the post type's labels).
		add_action( 'init', array( self::class, 'load_textdomain' ), 0 );
		add_action( 'plugins_loaded', array( Installer::class, 'maybe_upgrade' ) );
		add_action( 'init', array( Careers\JobPages::class, 'register_post_type' ) );
		add_filter( 'wp_insert_post_data', array( JobPostType::class, 'keep_creation_date' ) );
		add_action( 'rest_api_init', array( self::class, 'register_rest_routes' ) );
		// Credentials, permission order, error shape and rate-limit headers of recruiting/v1.
		Rest\Gate::register();
		Rest\CsvResponse::register();
		Rest\FileResponse::register();
		Rest\ReportTextResponse::register();
		// A deleted user's API keys are revoked (authentication refuses them anyway).
		add_action( 'deleted_user', array( Data\ApiKeyRepository::class, 'revoke_all_of_user' ) );
		// Webhooks: deliveries queued in the request that makes a change, sent by WP-Cron.
		Webhooks\Dispatcher::register();
		Webhooks\StaleAlerts::register();
		// The daily housekeeping also drops ended rate-limit windows.
		add_action( Webhooks\Dispatcher::MAINTENANCE_HOOK, array( Auth\RateLimiter::class, 'purge' ), 10, 0 );
		// Jobs changed outside the API (the wp-admin screen) emit the same events.
		Domain\JobChangeListener::register( array( Data\Presenter::class, 'job' ) );
		Data\ReadReplicas::register();
		Reports\ReportCache::register();
		Reports\JobTitles::register();
		// Candidates in Tools → Export / Erase Personal Data, and the suggested privacy-policy text.
		Privacy\CandidateData::register();
		Privacy\CvArchive::register();
		Privacy\PolicyText::register();
		// Public job pages: rewrite rules, what a job's page says, its JobPosting, jobs closing themselves past valid_through.
		Careers\JobPages::register();
		Careers\JobPosting::register();
		Careers\JobExpiry::register();
		// The apply form's submissions (no JavaScript needed) and the CV files they bring.
		Careers\ApplySubmission::register();
		Careers\CvLifecycle::register();
		// The careers funnel: the beacon script and its counts, the daily deletion of old days (months are kept).
		Careers\FunnelCounting::register();
		Careers\FunnelRetention::register();
		// E-mails (the apply form's, for now): queued in the request, sent by WP-Cron.
		Mail\Outbox::register();
		Digests\Digests::register();
		// Retention rules: the daily run (Settings → Privacy).
		Privacy\Retention::register();
		// On a multisite network: sites set up at creation, cleaned up at deletion, upgraded from Network Admin.
		Network\Lifecycle::register();
		Network\NetworkVersion::register();
		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			Cli\Commands::register();
		}
		self::boot_ui();
	}

	/**
	 * PHP translations from the plugin's languages/ folder (the header's Domain Path); translations
	 * in wp-content/languages/plugins/ still take precedence. Scripts get theirs from the same folder
	 * through wp_set_script_translations() (Admin\Assets; the blocks' scripts: Blocks\BlockScripts).
	 */
	public static function load_textdomain(): void {
		load_plugin_textdomain( self::TEXT_DOMAIN, false, dirname( plugin_basename( RECRUITING_REPORTS_FILE ) ) . '/languages' );
	}

	/** Admin screens, dashboard widget and blocks (the TypeScript UI in src/, built into build/). */
	private static function boot_ui(): void {
		Blocks\BlockScripts::register();
		Blocks\ReportVariations::register();
		Blocks\ReportBlock::register();
		Blocks\JobListBlock::register();
		Blocks\ApplyFormBlock::register();
		Careers\Templates::register();
		if ( is_admin() ) {
			Admin\Menu::register();
			Admin\JobsScreen::register();
			Admin\JobDetailsBox::register();
			Admin\DashboardWidget::register();
			Admin\SummariesNotice::register();
			Admin\RetentionNotice::register();
			Admin\ActivationNotice::register();
			Admin\PluginActionLinks::register();
			Network\NetworkScreen::register();
		}
	}

	/**
	 * Registers rest routes.
	 */
	public static function register_rest_routes(): void {
		foreach ( self::CONTROLLERS as $controller ) {
			( new $controller() )->register_routes();
		}
	}
}
