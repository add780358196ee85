<?php
/**
 * Network Admin › Recruiting: the defaults new sites start with, and every site with its recruiting figures and links
 * to its screens. Server-rendered (a form and a table, no script): a super admin's occasional page, readable without
 * JavaScript, with WordPress's own form and list markup (labels, captions, scoped headers).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use RecruitingReports\Data\Settings;
use RecruitingReports\Privacy\RetentionRules;

defined( 'ABSPATH' ) || exit;

/**
 * The network's Recruiting page.
 */
final class NetworkScreen {

	public const SLUG = 'recruiting-reports-network';

	/** The form's action (network_admin_edit_…) and nonce action. */
	public const ACTION = 'recruiting_reports_network';

	/** The revoke / delete buttons' action and nonce action. */
	public const CREDENTIAL_ACTION = 'recruiting_reports_network_credential';

	/** Who may see and change it. */
	public const CAPABILITY = 'manage_network_options';

	public const PER_PAGE = 20;

	/** Hooks the page in (network admin only). */
	public static function register(): void {
		if ( ! is_multisite() ) {
			return;
		}
		add_action( 'network_admin_menu', array( self::class, 'add_page' ) );
		add_action( 'network_admin_edit_' . self::ACTION, array( self::class, 'save' ) );
		add_action( 'network_admin_edit_' . self::CREDENTIAL_ACTION, array( self::class, 'revoke' ) );
	}

	/** Adds Network Admin › Recruiting. */
	public static function add_page(): void {
		add_menu_page(
			__( 'Recruiting across the network', 'recruiting-reports' ),
			__( 'Recruiting', 'recruiting-reports' ),
			self::CAPABILITY,
			self::SLUG,
			array( self::class, 'render' ),
			'dashicons-groups',
			26
		);
	}

	/** The page's address. */
	public static function url(): string {
		return network_admin_url( 'admin.php?page=' . self::SLUG );
	}

	/** Stores the defaults the form sent, then back to the page. */
	public static function save(): void {
		check_admin_referer( self::ACTION );
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to change the network\'s recruiting defaults.', 'recruiting-reports' ), 403 );
		}
		$retention = array();
		foreach ( RetentionRules::RULES as $rule ) {
			$retention[ $rule ] = array(
				'action' => sanitize_key( wp_unslash( $_POST['retention'][ $rule ]['action'] ?? '' ) ),
				'months' => absint( $_POST['retention'][ $rule ]['months'] ?? 0 ),
			);
		}
		NetworkSettings::update(
			array(
				'settings'  => array(
					'rate_limit_per_hour'      => absint( $_POST['rate_limit_per_hour'] ?? 0 ),
					'default_period'           => sanitize_key( wp_unslash( $_POST['default_period'] ?? '' ) ),
					'delete_data_on_uninstall' => ! empty( $_POST['delete_data_on_uninstall'] ),
				),
				'retention' => $retention,
			)
		);
		wp_safe_redirect( add_query_arg( 'updated', '1', self::url() ) );
		exit;
	}

	/** Revokes an API key or deletes a webhook of a site (the section's buttons), then back to the page. */
	public static function revoke(): void {
		check_admin_referer( self::CREDENTIAL_ACTION );
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage the network\'s API keys and webhooks.', 'recruiting-reports' ), 403 );
		}
		$outcome = NetworkCredentialsSection::apply( sanitize_key( wp_unslash( $_POST['kind'] ?? '' ) ), absint( $_POST['site_id'] ?? 0 ), absint( $_POST['id'] ?? 0 ) );
		wp_safe_redirect( add_query_arg( 'credential', $outcome, self::url() ) . '#rr-credentials' );
		exit;
	}

	/** Prints the page. */
	public static function render(): void {
		$defaults = NetworkSettings::all();
		echo '<div class="wrap">';
		echo '<h1>' . esc_html__( 'Recruiting across the network', 'recruiting-reports' ) . '</h1>';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only says that the redirect after saving happened.
		if ( isset( $_GET['updated'] ) ) {
			echo '<div class="notice notice-success is-dismissible"><p>' . esc_html__( 'Defaults for new sites saved.', 'recruiting-reports' ) . '</p></div>';
		}
		NetworkCredentialsSection::render_notice();
		self::render_defaults( $defaults );
		self::render_sites( $defaults['settings']['default_period'] );
		NetworkReportSection::render( $defaults['settings']['default_period'] );
		NetworkCredentialsSection::render();
		echo '</div>';
	}

	/**
	 * The defaults form.
	 *
	 * @param array{settings:array,retention:array} $defaults Current defaults.
	 */
	private static function render_defaults( array $defaults ): void {
		$settings = $defaults['settings'];
		echo '<h2>' . esc_html__( 'Defaults for new sites', 'recruiting-reports' ) . '</h2>';
		echo '<p>' . esc_html__( 'A site created on the network starts with these settings; its administrators can change them afterwards. Changing a default here does not change existing sites.', 'recruiting-reports' ) . '</p>';
		echo '<form method="post" action="' . esc_url( network_admin_url( 'edit.php?action=' . self::ACTION ) ) . '">';
		wp_nonce_field( self::ACTION );
		echo '<table class="form-table" role="presentation"><tbody>';
		echo '<tr><th scope="row"><label for="rr-rate-limit">' . esc_html__( 'Requests per API key per hour', 'recruiting-reports' ) . '</label></th>';
		printf( '<td><input type="number" class="small-text" id="rr-rate-limit" name="rate_limit_per_hour" min="1" max="1000000" value="%s" required></td></tr>', esc_attr( (string) $settings['rate_limit_per_hour'] ) );
		echo '<tr><th scope="row"><label for="rr-default-period">' . esc_html__( 'Reports open with', 'recruiting-reports' ) . '</label></th><td><select id="rr-default-period" name="default_period">';
		foreach ( Settings::period_labels() as $period => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $period ), selected( $settings['default_period'], $period, false ), esc_html( $label ) );
		}
		echo '</select></td></tr>';
		echo '<tr><th scope="row">' . esc_html__( 'Uninstall', 'recruiting-reports' ) . '</th><td><label for="rr-delete-data">';
		printf( '<input type="checkbox" id="rr-delete-data" name="delete_data_on_uninstall" value="1"%s> ', checked( $settings['delete_data_on_uninstall'], true, false ) );
		echo esc_html__( 'Delete the site\'s recruiting data when the plugin is uninstalled', 'recruiting-reports' ) . '</label></td></tr>';
		echo '</tbody></table>';
		self::render_retention_defaults( $defaults['retention'] );
		submit_button( __( 'Save defaults', 'recruiting-reports' ) );
		echo '</form>';
	}

	/**
	 * The retention rules part of the form.
	 *
	 * @param array<string,array{action:string,months:int}> $rules Current defaults.
	 */
	private static function render_retention_defaults( array $rules ): void {
		$names   = array(
			'hired'              => __( 'Hired', 'recruiting-reports' ),
			'rejected'           => __( 'Rejected', 'recruiting-reports' ),
			'withdrawn'          => __( 'Withdrawn', 'recruiting-reports' ),
			RetentionRules::OPEN => __( 'Open, untouched', 'recruiting-reports' ),
		);
		$actions = array(
			'off'       => __( 'Keep', 'recruiting-reports' ),
			'anonymise' => __( 'Anonymise', 'recruiting-reports' ),
			'delete'    => __( 'Delete', 'recruiting-reports' ),
		);
		echo '<h3>' . esc_html__( 'Retention of applications', 'recruiting-reports' ) . '</h3>';
		echo '<table class="widefat striped" style="max-width:40em"><caption class="screen-reader-text">' . esc_html__( 'Retention rules for new sites', 'recruiting-reports' ) . '</caption><thead><tr>';
		echo '<th scope="col">' . esc_html__( 'Applications', 'recruiting-reports' ) . '</th><th scope="col">' . esc_html__( 'Action', 'recruiting-reports' ) . '</th><th scope="col">' . esc_html__( 'After (months)', 'recruiting-reports' ) . '</th></tr></thead><tbody>';
		foreach ( RetentionRules::RULES as $rule ) {
			echo '<tr><th scope="row">' . esc_html( $names[ $rule ] ) . '</th><td>';
			/* translators: %s: kind of applications, e.g. "Rejected". */
			printf( '<select name="retention[%1$s][action]" aria-label="%2$s">', esc_attr( $rule ), esc_attr( sprintf( __( '%s: action', 'recruiting-reports' ), $names[ $rule ] ) ) );
			foreach ( $actions as $action => $label ) {
				printf( '<option value="%s"%s>%s</option>', esc_attr( $action ), selected( $rules[ $rule ]['action'], $action, false ), esc_html( $label ) );
			}
			echo '</select></td><td>';
			/* translators: %s: kind of applications, e.g. "Rejected". */
			printf( '<input type="number" class="small-text" name="retention[%1$s][months]" min="1" max="%2$d" value="%3$d" aria-label="%4$s">', esc_attr( $rule ), (int) RetentionRules::MAX_MONTHS, (int) $rules[ $rule ]['months'], esc_attr( sprintf( __( '%s: after how many months', 'recruiting-reports' ), $names[ $rule ] ) ) );
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The sites table, a page at a time.
	 *
	 * @param string $period The network's default period: the figures' period.
	 */
	private static function render_sites( string $period ): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a page number to read.
		$page    = max( 1, absint( $_GET['paged'] ?? 1 ) );
		$summary = SiteSummary::page( $page, self::PER_PAGE, $period );
		echo '<h2>' . esc_html__( 'Sites', 'recruiting-reports' ) . '</h2>';
		/* translators: %s: report period, e.g. "Last 12 months". */
		echo '<p>' . esc_html( sprintf( __( 'Applications and hires: %s, in each site\'s own timezone (the period new sites\' reports open with).', 'recruiting-reports' ), Settings::period_labels()[ $period ] ) ) . '</p>';
		echo '<table class="wp-list-table widefat fixed striped"><caption class="screen-reader-text">' . esc_html__( 'Recruiting on each site of the network', 'recruiting-reports' ) . '</caption><thead><tr>';
		$columns = array(
			__( 'Site', 'recruiting-reports' ),
			__( 'Open jobs', 'recruiting-reports' ),
			__( 'Applications', 'recruiting-reports' ),
			__( 'Hires', 'recruiting-reports' ),
			__( 'Active API keys', 'recruiting-reports' ),
			__( 'Webhooks', 'recruiting-reports' ),
		);
		foreach ( $columns as $column ) {
			echo '<th scope="col">' . esc_html( $column ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $summary['rows'] as $row ) {
			self::render_site_row( $row );
		}
		echo '</tbody></table>';
		$links = paginate_links(
			array(
				'base'    => add_query_arg( 'paged', '%#%', self::url() ),
				'format'  => '',
				'current' => $page,
				'total'   => (int) ceil( $summary['total'] / self::PER_PAGE ),
			)
		);
		if ( $links ) {
			echo '<nav class="tablenav" aria-label="' . esc_attr__( 'Pages of sites', 'recruiting-reports' ) . '"><div class="tablenav-pages">' . wp_kses_post( $links ) . '</div></nav>';
		}
	}

	/**
	 * One site's row.
	 *
	 * @param array $row A line of SiteSummary.
	 */
	private static function render_site_row( array $row ): void {
		echo '<tr><th scope="row"><strong><a href="' . esc_url( $row['url'] ) . '">' . esc_html( $row['name'] ) . '</a></strong><div class="row-actions visible">';
		$links = array(
			'reports'      => __( 'Reports', 'recruiting-reports' ),
			'applications' => __( 'Applications', 'recruiting-reports' ),
			'settings'     => __( 'Settings', 'recruiting-reports' ),
		);
		$items = array();
		foreach ( $links as $key => $label ) {
			/* translators: 1: screen name, e.g. "Reports"; 2: site name. */
			$items[] = sprintf( '<a href="%1$s" aria-label="%3$s">%2$s</a>', esc_url( $row['links'][ $key ] ), esc_html( $label ), esc_attr( sprintf( __( '%1$s of %2$s', 'recruiting-reports' ), $label, $row['name'] ) ) );
		}
		echo implode( ' | ', $items ) . '</div></th>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- each item escaped above.
		if ( null === $row['figures'] ) {
			echo '<td colspan="5">' . esc_html__( 'Not set up yet: run Network Admin › Updates › Upgrade Network.', 'recruiting-reports' ) . '</td></tr>';
			return;
		}
		foreach ( array( 'open_jobs', 'applications', 'hires', 'api_keys', 'webhooks' ) as $figure ) {
			echo '<td>' . esc_html( number_format_i18n( $row['figures'][ $figure ] ) ) . '</td>';
		}
		echo '</tr>';
	}
}
