<?php
/**
 * One line per site for Network Admin › Recruiting and GET /network/sites: its open jobs, the period's applications
 * and hires, its active API keys and webhooks, and where its screens are. Figures come from the site's own reports
 * (cached per site and invalidated by that site's changes, see Reports\ReportCache); the period preset is read in
 * each site's own timezone, as that site's Reports page would read it (docs/multisite.md).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Admin\Menu;
use RecruitingReports\Blocks\Attributes;
use RecruitingReports\Data\ApiKeyRepository;
use RecruitingReports\Data\Schema;
use RecruitingReports\Data\WebhookRepository;
use RecruitingReports\Reports\ReportService;
use WP_Site;

defined( 'ABSPATH' ) || exit;

/**
 * The network's sites with their recruiting figures.
 */
final class SiteSummary {

	/**
	 * One page of the network's sites in id order, with their figures.
	 *
	 * @param int    $page     Page, from 1.
	 * @param int    $per_page Sites per page.
	 * @param string $period   One of Settings::PERIODS.
	 * @return array{rows:array[],total:int}
	 */
	public static function page( int $page, int $per_page, string $period ): array {
		$sites = get_sites(
			array(
				'number'  => $per_page,
				'offset'  => ( $page - 1 ) * $per_page,
				'orderby' => 'id',
				'order'   => 'ASC',
			)
		);
		return array(
			'rows'  => array_map( static fn( WP_Site $site ) => self::of( $site, $period ), $sites ),
			'total' => (int) get_sites( array( 'count' => true ) ),
		);
	}

	/**
	 * A site's line.
	 *
	 * @param WP_Site $site   The site.
	 * @param string  $period One of Settings::PERIODS.
	 * @return array{id:int,name:string,url:string,links:array<string,string>,figures:array<string,int>|null}
	 */
	public static function of( WP_Site $site, string $period ): array {
		return Sites::in(
			(int) $site->blog_id,
			static fn() => array(
				'id'      => (int) $site->blog_id,
				'name'    => (string) get_option( 'blogname' ),
				'url'     => home_url( '/' ),
				'links'   => array(
					'reports'      => admin_url( 'admin.php?page=' . Menu::REPORTS_SLUG ),
					'applications' => admin_url( 'admin.php?page=' . Menu::APPLICATIONS_SLUG ),
					'settings'     => admin_url( 'admin.php?page=' . Menu::SETTINGS_SLUG ),
				),
				// A site the plugin has not set up yet (no tables) has no figures rather than an error.
				'figures' => Schema::installed_version() > 0 ? self::figures( $period ) : null,
			)
		);
	}

	/**
	 * The current site's figures.
	 *
	 * @param string $period One of Settings::PERIODS.
	 * @return array<string,int>
	 */
	private static function figures( string $period ): array {
		$args     = Attributes::report_args( array( 'period' => $period ) );
		$overview = self::report( ReportService::OVERVIEW, $args );
		$hiring   = self::report( ReportService::TIME_TO_HIRE, $args );
		$webhooks = WebhookRepository::query( 1, 1 );
		return array(
			'open_jobs'    => (int) $overview['jobs']['active'],
			'applications' => (int) $overview['applications']['new_this_period'],
			'hires'        => (int) array_sum( array_column( $hiring['trend'], 'hires' ) ),
			'api_keys'     => ApiKeyRepository::query(
				array(
					'status'   => 'active',
					'page'     => 1,
					'per_page' => 1,
				)
			)['total'],
			'webhooks'     => $webhooks['total'],
		);
	}

	/**
	 * A report's figures for arguments made here (a preset's dates), which are always valid.
	 *
	 * @param string $report Report name.
	 * @param array  $args   date_from, date_to.
	 * @return array
	 * @throws \RuntimeException When the report refuses them all the same.
	 */
	private static function report( string $report, array $args ): array {
		$result = ReportService::run( $report, $args );
		if ( is_wp_error( $result ) ) {
			throw new \RuntimeException( esc_html( $result->get_error_message() ) );
		}
		return $result['data'];
	}
}
