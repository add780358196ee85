<?php
/**
 * The network report on Network Admin › Recruiting (docs/multisite.md "The network report"): a report and a period
 * picked in a GET form (no script), the network's headline figures, and the same figures for each site. The figures
 * are the report's declared headline figures (Blocks\ReportContent::figures), as the site's block and Reports page
 * show them; the data come from Network\NetworkReport, so the screen, the REST route and WP-CLI agree.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Blocks\ReportContent;
use RecruitingReports\Data\Settings;
use RecruitingReports\Reports\ReportRegistry;
use RecruitingReports\Reports\ReportService;

defined( 'ABSPATH' ) || exit;

/**
 * The network report section of the network screen.
 */
final class NetworkReportSection {

	/** Query arguments of the form. */
	public const REPORT_ARG = 'rr_report';
	public const PERIOD_ARG = 'rr_period';

	/**
	 * Prints the section.
	 *
	 * @param string $default_period The network's default period.
	 */
	public static function render( string $default_period ): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- a report and a period to read (GET, no change).
		$report = sanitize_key( wp_unslash( $_GET[ self::REPORT_ARG ] ?? ReportService::OVERVIEW ) );
		$period = sanitize_key( wp_unslash( $_GET[ self::PERIOD_ARG ] ?? $default_period ) );
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		$reports = ReportRegistry::all();
		$report  = isset( $reports[ $report ] ) ? $report : ReportService::OVERVIEW;
		$period  = in_array( $period, Settings::PERIODS, true ) ? $period : $default_period;

		echo '<h2 id="rr-network-report">' . esc_html__( 'Report across the network', 'recruiting-reports' ) . '</h2>';
		echo '<form method="get" action="' . esc_url( network_admin_url( 'admin.php' ) ) . '#rr-network-report">';
		echo '<input type="hidden" name="page" value="' . esc_attr( NetworkScreen::SLUG ) . '">';
		echo '<p><label for="rr-network-report-name">' . esc_html__( 'Report', 'recruiting-reports' ) . '</label> <select id="rr-network-report-name" name="' . esc_attr( self::REPORT_ARG ) . '">';
		foreach ( $reports as $name => $definition ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $name ), selected( $report, $name, false ), esc_html( $definition->title ) );
		}
		echo '</select> <label for="rr-network-report-period">' . esc_html__( 'Period', 'recruiting-reports' ) . '</label> <select id="rr-network-report-period" name="' . esc_attr( self::PERIOD_ARG ) . '">';
		foreach ( Settings::period_labels() as $name => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $name ), selected( $period, $name, false ), esc_html( $label ) );
		}
		echo '</select> ';
		submit_button( __( 'Show', 'recruiting-reports' ), 'secondary', '', false );
		echo '</p></form>';

		$result = NetworkReport::run( $report, array( 'period' => $period ) );
		if ( is_wp_error( $result ) ) {
			echo '<div class="notice notice-error inline"><p>' . esc_html( $result->get_error_message() ) . '</p></div>';
			return;
		}
		self::render_figures( $report, $result['data'], $period );
	}

	/**
	 * The network's figures, then each site's.
	 *
	 * @param string $report Report name.
	 * @param array  $data   The network report.
	 * @param string $period The period preset.
	 */
	private static function render_figures( string $report, array $data, string $period ): void {
		$title   = ReportRegistry::get( $report )->title;
		$figures = null === ReportRegistry::get( $report )->merge ? array() : ReportContent::figures( $report, $data );
		/* translators: 1: report title; 2: period name, e.g. "Last 30 days". */
		echo '<p>' . esc_html( sprintf( __( '%1$s, %2$s, each site\'s period read in its own timezone.', 'recruiting-reports' ), $title, Settings::period_labels()[ $period ] ) ) . '</p>';
		if ( $figures ) {
			echo '<table class="widefat striped" style="max-width:40em"><caption class="screen-reader-text">' . esc_html__( 'The network\'s figures', 'recruiting-reports' ) . '</caption><thead><tr>';
			echo '<th scope="col">' . esc_html__( 'Figure', 'recruiting-reports' ) . '</th><th scope="col">' . esc_html__( 'Network', 'recruiting-reports' ) . '</th></tr></thead><tbody>';
			foreach ( $figures as $figure ) {
				echo '<tr><th scope="row">' . esc_html( $figure['label'] ) . '</th><td>' . esc_html( $figure['value'] ) . '</td></tr>';
			}
			echo '</tbody></table>';
		} else {
			echo '<p>' . esc_html__( 'This report does not say how its sites\' figures add up: see each site\'s figures below.', 'recruiting-reports' ) . '</p>';
		}
		$by_site = array_map( static fn( array $site ) => array( $site['name'], ReportContent::figures( $report, $site['figures'] ) ), $data['by_site'] );
		if ( ! $by_site || ! $by_site[0][1] ) {
			return;
		}
		echo '<table class="wp-list-table widefat fixed striped"><caption class="screen-reader-text">' . esc_html__( 'The figures of each site', 'recruiting-reports' ) . '</caption><thead><tr>';
		echo '<th scope="col">' . esc_html__( 'Site', 'recruiting-reports' ) . '</th>';
		foreach ( $by_site[0][1] as $figure ) {
			echo '<th scope="col">' . esc_html( $figure['label'] ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $by_site as [ $name, $site_figures ] ) {
			echo '<tr><th scope="row">' . esc_html( $name ) . '</th>';
			foreach ( $site_figures as $figure ) {
				echo '<td>' . esc_html( $figure['value'] ) . '</td>';
			}
			echo '</tr>';
		}
		echo '</tbody></table>';
	}
}
