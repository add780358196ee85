<?php
/**
 * The API keys and webhooks part of Network Admin › Recruiting: every key and webhook of the network with its last use,
 * and a button to revoke a key or delete a webhook. The page is a client of the network routes (Rest\NetworkController)
 * through rest_do_request(), so the lists, the permission and the revoke/delete rules are those of the REST API.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

/**
 * Keys and webhooks across the network, on the network screen.
 */
final class NetworkCredentialsSection {

	/** What the buttons do: kind => the route under a site, the outcome reported back. */
	private const KINDS = array(
		'api_key' => array( 'api-keys', 'revoked' ),
		'webhook' => array( 'webhooks', 'deleted' ),
	);

	/**
	 * Revokes a key or deletes a webhook of a site through its network route.
	 *
	 * @param string $kind    api_key or webhook.
	 * @param int    $site_id Site id.
	 * @param int    $id      Key or webhook id.
	 * @return string The outcome for the notice: revoked, deleted or failed.
	 */
	public static function apply( string $kind, int $site_id, int $id ): string {
		if ( ! isset( self::KINDS[ $kind ] ) ) {
			return 'failed';
		}
		[ $base, $outcome ] = self::KINDS[ $kind ];
		$response           = rest_do_request( new WP_REST_Request( 'DELETE', sprintf( '/recruiting/v1/network/sites/%d/%s/%d', $site_id, $base, $id ) ) );
		return $response->is_error() ? 'failed' : $outcome;
	}

	/** The notice after a button was used. */
	public static function render_notice(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only says what the redirect after the action reports.
		$outcome  = isset( $_GET['credential'] ) ? sanitize_key( wp_unslash( $_GET['credential'] ) ) : '';
		$messages = array(
			'revoked' => array( 'success', __( 'The API key was revoked.', 'recruiting-reports' ) ),
			'deleted' => array( 'success', __( 'The webhook was deleted.', 'recruiting-reports' ) ),
			'failed'  => array( 'error', __( 'Nothing was changed: the API key or webhook no longer exists.', 'recruiting-reports' ) ),
		);
		if ( isset( $messages[ $outcome ] ) ) {
			printf( '<div class="notice notice-%s is-dismissible"><p>%s</p></div>', esc_attr( $messages[ $outcome ][0] ), esc_html( $messages[ $outcome ][1] ) );
		}
	}

	/** Query arguments of the two lists' page numbers. */
	private const PAGE_ARGS = array(
		'api-keys' => 'rr_keys_page',
		'webhooks' => 'rr_webhooks_page',
	);

	/** Prints both lists, a page of each. */
	public static function render(): void {
		echo '<h2 id="rr-credentials">' . esc_html__( 'API keys and webhooks', 'recruiting-reports' ) . '</h2>';
		$keys = self::page( 'api-keys' );
		self::render_keys( $keys->get_data() );
		self::render_pages( 'api-keys', $keys, __( 'Pages of API keys', 'recruiting-reports' ) );
		$webhooks = self::page( 'webhooks' );
		self::render_webhooks( $webhooks->get_data() );
		self::render_pages( 'webhooks', $webhooks, __( 'Pages of webhooks', 'recruiting-reports' ) );
	}

	/**
	 * The page of a list the screen's query asks for, from its network route.
	 *
	 * @param string $list api-keys or webhooks.
	 */
	private static function page( string $list ): \WP_REST_Response {
		$request = new WP_REST_Request( 'GET', '/recruiting/v1/network/' . $list );
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a page number to read.
		$request->set_param( 'page', max( 1, absint( $_GET[ self::PAGE_ARGS[ $list ] ] ?? 1 ) ) );
		$request->set_param( 'per_page', NetworkScreen::PER_PAGE );
		return rest_do_request( $request );
	}

	/**
	 * The paging links under a list (none when it has one page).
	 *
	 * @param string            $list     api-keys or webhooks.
	 * @param \WP_REST_Response $response Its page.
	 * @param string            $label    The navigation's accessible name.
	 */
	private static function render_pages( string $list, \WP_REST_Response $response, string $label ): void {
		$arg   = self::PAGE_ARGS[ $list ];
		$links = paginate_links(
			array(
				'base'    => add_query_arg( $arg, '%#%', NetworkScreen::url() ) . '#rr-credentials',
				'format'  => '',
				'current' => max( 1, absint( $_GET[ $arg ] ?? 1 ) ), // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a page number to read.
				'total'   => (int) ( $response->get_headers()['X-WP-TotalPages'] ?? 1 ),
			)
		);
		if ( $links ) {
			echo '<nav class="tablenav" aria-label="' . esc_attr( $label ) . '"><div class="tablenav-pages">' . wp_kses_post( $links ) . '</div></nav>';
		}
	}

	/**
	 * The keys' table.
	 *
	 * @param array[] $keys GET /network/api-keys.
	 */
	private static function render_keys( array $keys ): void {
		self::open_table(
			__( 'Every API key of the network', 'recruiting-reports' ),
			array( __( 'Site', 'recruiting-reports' ), __( 'Key', 'recruiting-reports' ), __( 'Owner', 'recruiting-reports' ), __( 'Status', 'recruiting-reports' ), __( 'Last used', 'recruiting-reports' ), __( 'Actions', 'recruiting-reports' ) )
		);
		if ( ! $keys ) {
			echo '<tr><td colspan="6">' . esc_html__( 'No API keys on the network.', 'recruiting-reports' ) . '</td></tr>';
		}
		foreach ( $keys as $key ) {
			echo '<tr>';
			self::site_cell( $key['site'] );
			echo '<td>' . esc_html( $key['name'] ) . ' <code>' . esc_html( $key['hint'] ) . '</code></td>';
			echo '<td>' . esc_html( $key['owner']['name'] ?? __( '(deleted user)', 'recruiting-reports' ) ) . '</td>';
			echo '<td>' . esc_html( self::status_label( $key['status'] ) ) . '</td>';
			echo '<td>' . esc_html( self::when( $key['last_used_at'], __( 'Never', 'recruiting-reports' ) ) ) . '</td><td>';
			if ( 'revoked' !== $key['status'] ) {
				/* translators: 1: key name, 2: site name. */
				self::button( 'api_key', $key, __( 'Revoke', 'recruiting-reports' ), sprintf( __( 'Revoke the key %1$s of %2$s', 'recruiting-reports' ), $key['name'], $key['site']['name'] ) );
			}
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The webhooks' table.
	 *
	 * @param array[] $webhooks GET /network/webhooks.
	 */
	private static function render_webhooks( array $webhooks ): void {
		self::open_table(
			__( 'Every webhook of the network', 'recruiting-reports' ),
			array( __( 'Site', 'recruiting-reports' ), __( 'Address', 'recruiting-reports' ), __( 'Active', 'recruiting-reports' ), __( 'Last delivery', 'recruiting-reports' ), __( 'Actions', 'recruiting-reports' ) )
		);
		if ( ! $webhooks ) {
			echo '<tr><td colspan="5">' . esc_html__( 'No webhooks on the network.', 'recruiting-reports' ) . '</td></tr>';
		}
		foreach ( $webhooks as $webhook ) {
			$last = $webhook['last_delivery'];
			echo '<tr>';
			self::site_cell( $webhook['site'] );
			echo '<td><code>' . esc_html( $webhook['url'] ) . '</code></td>';
			echo '<td>' . esc_html( $webhook['active'] ? __( 'Yes', 'recruiting-reports' ) : __( 'No', 'recruiting-reports' ) ) . '</td>';
			/* translators: 1: date and time, 2: delivery status such as "delivered". */
			echo '<td>' . esc_html( null === $last ? __( 'Never', 'recruiting-reports' ) : sprintf( __( '%1$s (%2$s)', 'recruiting-reports' ), self::when( $last['at'], '' ), self::status_label( $last['status'] ) ) ) . '</td><td>';
			/* translators: 1: webhook address, 2: site name. */
			self::button( 'webhook', $webhook, __( 'Delete', 'recruiting-reports' ), sprintf( __( 'Delete the webhook to %1$s of %2$s', 'recruiting-reports' ), $webhook['url'], $webhook['site']['name'] ) );
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * A table's start: caption and column headers.
	 *
	 * @param string   $caption Caption.
	 * @param string[] $columns Column names.
	 */
	private static function open_table( string $caption, array $columns ): void {
		echo '<table class="wp-list-table widefat fixed striped" style="margin-bottom:2em"><caption style="text-align:start;font-weight:600;padding:.5em 0">' . esc_html( $caption ) . '</caption><thead><tr>';
		foreach ( $columns as $column ) {
			echo '<th scope="col">' . esc_html( $column ) . '</th>';
		}
		echo '</tr></thead><tbody>';
	}

	/**
	 * The site a key or webhook belongs to.
	 *
	 * @param array{id:int,name:string,url:string} $site The item's site.
	 */
	private static function site_cell( array $site ): void {
		echo '<th scope="row"><a href="' . esc_url( $site['url'] ) . '">' . esc_html( $site['name'] ) . '</a></th>';
	}

	/**
	 * A revoke / delete button: a small form of its own, so it works without JavaScript.
	 *
	 * @param string $kind  api_key or webhook.
	 * @param array  $item  The key or webhook, with its site.
	 * @param string $label Visible label.
	 * @param string $name  Accessible name (which item of which site).
	 */
	private static function button( string $kind, array $item, string $label, string $name ): void {
		echo '<form method="post" action="' . esc_url( network_admin_url( 'edit.php?action=' . NetworkScreen::CREDENTIAL_ACTION ) ) . '">';
		wp_nonce_field( NetworkScreen::CREDENTIAL_ACTION );
		printf( '<input type="hidden" name="kind" value="%s"><input type="hidden" name="site_id" value="%d"><input type="hidden" name="id" value="%d">', esc_attr( $kind ), (int) $item['site']['id'], (int) $item['id'] );
		printf( '<button type="submit" class="button button-small" aria-label="%s">%s</button></form>', esc_attr( $name ), esc_html( $label ) );
	}

	/**
	 * A key's or delivery's status as the screens name it.
	 *
	 * @param string $status active, expired, revoked (keys); pending, sending, delivered, failed (deliveries).
	 */
	private static function status_label( string $status ): string {
		$labels = array(
			'active'    => __( 'Active', 'recruiting-reports' ),
			'expired'   => __( 'Expired', 'recruiting-reports' ),
			'revoked'   => __( 'Revoked', 'recruiting-reports' ),
			'pending'   => __( 'Pending', 'recruiting-reports' ),
			'sending'   => __( 'Sending', 'recruiting-reports' ),
			'delivered' => __( 'Delivered', 'recruiting-reports' ),
			'failed'    => __( 'Failed', 'recruiting-reports' ),
		);
		return $labels[ $status ] ?? $status;
	}

	/**
	 * An instant of the API (ISO 8601, UTC) in the network's date and time format and timezone, or $never.
	 *
	 * @param string|null $instant ISO 8601.
	 * @param string      $never   Text for null.
	 */
	private static function when( ?string $instant, string $never ): string {
		if ( null === $instant ) {
			return $never;
		}
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) strtotime( $instant ) );
	}
}
