<?php
/**
 * recruiting/v1/network/…: a super admin's view of every site of a multisite network (docs/multisite.md) — the sites
 * with their figures, every API key and webhook with its last use, revoking a key or deleting a webhook of any site,
 * and the schema upgrade of every site a batch at a time. Registered on networks only; the capability is WordPress's
 * manage_network_options, which no API key holds, so only a signed-in super admin gets in.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Data\ApiKeyRepository;
use RecruitingReports\Data\DeliveryRepository;
use RecruitingReports\Data\Settings;
use RecruitingReports\Data\WebhookRepository;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Network\Lifecycle;
use RecruitingReports\Network\NetworkReport;
use RecruitingReports\Network\NetworkScreen;
use RecruitingReports\Network\NetworkSettings;
use RecruitingReports\Network\Sites;
use RecruitingReports\Network\SiteSummary;
use RecruitingReports\Reports\ReportCsv;
use RecruitingReports\Reports\ReportRegistry;
use RecruitingReports\Reports\ReportSchema;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * The network routes.
 */
final class NetworkController extends Controller {

	protected const PERMISSIONS = array(
		'read'   => NetworkScreen::CAPABILITY,
		'update' => NetworkScreen::CAPABILITY,
	);

	/** Sites the upgrade route does per request (each a few schema checks; a network of any size in a loop). */
	public const UPGRADE_BATCH = 20;

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'network';

	/** Registers the routes on a network. */
	public function register_routes(): void {
		if ( ! is_multisite() ) {
			return;
		}
		$site_arg = self::id_arg( __( 'Site id.', 'recruiting-reports' ), 'site_id' );
		$this->route(
			'/network/sites',
			array(
				$this->endpoint(
					WP_REST_Server::READABLE,
					'get_sites',
					'read',
					array(
						'period' => array(
							'description' => __( 'The figures\' period, read in each site\'s timezone (default: the network\'s default period).', 'recruiting-reports' ),
							'type'        => 'string',
							'enum'        => Settings::PERIODS,
						),
					) + self::paging_args(),
					self::list_answer( self::site_row_schema() )
				),
				'schema' => null,
			)
		);
		foreach ( ReportRegistry::names() as $report ) {
			$this->route(
				'/network/reports/' . $report,
				array(
					array(
						'methods'             => WP_REST_Server::READABLE,
						'callback'            => fn( WP_REST_Request $request ) => $this->report( $report, $request ),
						'permission_callback' => $this->permission( 'read' ),
						'args'                => self::report_params(),
						'answer'              => array( 'headers' => array( ReportsController::CACHE_HEADER ) ),
					),
					'schema' => static fn() => self::report_schema( $report ),
				)
			);
		}
		$this->route( '/network/api-keys', array( $this->endpoint( WP_REST_Server::READABLE, 'get_api_keys', 'read', self::paging_args(), self::list_answer( self::key_schema() ) ), 'schema' => null ) );
		$this->route( '/network/webhooks', array( $this->endpoint( WP_REST_Server::READABLE, 'get_webhooks', 'read', self::paging_args(), self::list_answer( self::webhook_schema() ) ), 'schema' => null ) );
		$this->route(
			'/network/sites/(?P<site_id>[\d]+)/api-keys/' . self::ID,
			array(
				$this->endpoint( WP_REST_Server::DELETABLE, 'revoke_api_key', 'update', array(), array( 'schema' => self::key_schema() ) ),
				'schema' => null,
			),
			$site_arg + self::id_arg( __( 'API key id.', 'recruiting-reports' ) )
		);
		$this->route(
			'/network/sites/(?P<site_id>[\d]+)/webhooks/' . self::ID,
			array(
				$this->endpoint(
					WP_REST_Server::DELETABLE,
					'delete_webhook',
					'update',
					array(),
					array(
						'shape'  => 'deleted',
						'schema' => self::with_site_schema( ( new WebhooksController() )->get_item_schema() ),
					)
				),
				'schema' => null,
			),
			$site_arg + self::id_arg( __( 'Webhook id.', 'recruiting-reports' ) )
		);
		$this->route(
			'/network/upgrade',
			array(
				$this->endpoint(
					WP_REST_Server::CREATABLE,
					'upgrade',
					'update',
					array(
						'after' => array(
							'description' => __( 'Go on after this site id (the previous answer\'s next).', 'recruiting-reports' ),
							'type'        => 'integer',
							'minimum'     => 0,
							'default'     => 0,
						),
					),
					array(
						'schema' => array(
							'type'       => 'object',
							'properties' => array(
								'next' => array(
									'description' => __( 'Pass it as after for the next batch; null when every site is up to date.', 'recruiting-reports' ),
									'type'        => array( 'integer', 'null' ),
								),
							),
						),
					)
				),
				'schema' => null,
			)
		);
	}

	/**
	 * GET /network/sites: one page of sites with their figures.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_sites( $request ) {
		$period  = $request['period'] ?? NetworkSettings::all()['settings']['default_period'];
		$summary = SiteSummary::page( (int) $request['page'], (int) $request['per_page'], $period );
		return self::page_response( $summary['rows'], $summary['total'], $request );
	}

	/**
	 * The answer of a list route (Controller::endpoint(): the OpenAPI document's list of items).
	 *
	 * @param array $item The items' schema.
	 */
	private static function list_answer( array $item ): array {
		return array(
			'shape'  => 'list',
			'schema' => $item,
		);
	}

	/** A site of the network as the lists name it. */
	private static function site_schema(): array {
		return array(
			'description' => __( 'The site it belongs to.', 'recruiting-reports' ),
			'type'        => 'object',
			'properties'  => array(
				'id'   => array( 'type' => 'integer' ),
				'name' => array( 'type' => 'string' ),
				'url'  => array(
					'type'   => 'string',
					'format' => 'uri',
				),
			),
		);
	}

	/**
	 * A site item's schema with its site.
	 *
	 * @param array $schema The site route's item schema.
	 */
	private static function with_site_schema( array $schema ): array {
		$schema['properties']['site'] = self::site_schema();
		return $schema;
	}

	/** An API key of GET /network/api-keys: as the site's GET /api-keys shows it, with its site. */
	private static function key_schema(): array {
		return self::with_site_schema( ( new ApiKeysController() )->get_item_schema() );
	}

	/** A webhook of GET /network/webhooks: as the site's GET /webhooks shows it, with its site and last delivery. */
	private static function webhook_schema(): array {
		$schema                                = self::with_site_schema( ( new WebhooksController() )->get_item_schema() );
		$schema['properties']['last_delivery'] = array(
			'description' => __( 'Its newest delivery (null when it never had one).', 'recruiting-reports' ),
			'type'        => array( 'object', 'null' ),
			'properties'  => array(
				'at'            => array(
					'type'   => 'string',
					'format' => 'date-time',
				),
				'status'        => array( 'type' => 'string' ),
				'response_code' => array( 'type' => array( 'integer', 'null' ) ),
			),
		);
		return $schema;
	}

	/** A line of GET /network/sites. */
	private static function site_row_schema(): array {
		$count = array( 'type' => 'integer' );
		return array(
			'type'       => 'object',
			'properties' => array(
				'id'      => $count,
				'name'    => array( 'type' => 'string' ),
				'url'     => array(
					'type'   => 'string',
					'format' => 'uri',
				),
				'links'   => array(
					'type'                 => 'object',
					'additionalProperties' => array(
						'type'   => 'string',
						'format' => 'uri',
					),
				),
				'figures' => array(
					'description' => __( 'Null while the plugin has not set the site up.', 'recruiting-reports' ),
					'type'        => array( 'object', 'null' ),
					'properties'  => array_fill_keys( array( 'open_jobs', 'applications', 'hires', 'api_keys', 'webhooks' ), $count ),
				),
			),
		);
	}

	/** The page and per_page arguments of the network's lists (Network Admin › Recruiting shows PER_PAGE). */
	private static function paging_args(): array {
		return array(
			'page'     => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => self::MAX_PAGE,
				'default' => 1,
			),
			'per_page' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => self::MAX_PER_PAGE,
				'default' => NetworkScreen::PER_PAGE,
			),
		);
	}

	/**
	 * One page of a list with core's paging headers.
	 *
	 * @param array[]         $rows    The page's items.
	 * @param int             $total   Items on every page.
	 * @param WP_REST_Request $request The request (per_page).
	 */
	private static function page_response( array $rows, int $total, WP_REST_Request $request ): WP_REST_Response {
		$response = new WP_REST_Response( $rows, 200 );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) (int) ceil( $total / (int) $request['per_page'] ) );
		return $response;
	}

	/**
	 * One page of the items of every site, in site id order and each site's own order: each site's count decides
	 * whether its items are on the page, and only a site whose items are is read.
	 *
	 * @param WP_REST_Request $request The request (page, per_page).
	 * @param callable        $count   fn(): int — the current site's items.
	 * @param callable        $items   fn( int $site_id, int $limit ): array[] — the current site's first $limit items, as shown.
	 * @return WP_REST_Response
	 */
	private static function across_sites( WP_REST_Request $request, callable $count, callable $items ): WP_REST_Response {
		$per_page = (int) $request['per_page'];
		$skip     = ( (int) $request['page'] - 1 ) * $per_page;
		$total    = 0;
		$rows     = array();
		Sites::walk(
			static function ( int $site_id ) use ( $count, $items, $per_page, &$skip, &$total, &$rows ) {
				$here   = (int) $count();
				$total += $here;
				$wanted = min( $here - $skip, $per_page - count( $rows ) );
				if ( $wanted > 0 ) {
					$rows = array_merge( $rows, array_slice( $items( $site_id, $skip + $wanted ), $skip, $wanted ) );
				}
				$skip = max( 0, $skip - $here );
			}
		);
		return self::page_response( $rows, $total, $request );
	}

	/**
	 * GET /network/reports/<report>: the report across every site (Network\NetworkReport), as JSON or one section as
	 * CSV (as the site's report route does).
	 *
	 * @param string          $report  Report name (ReportRegistry::names()).
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	private function report( string $report, WP_REST_Request $request ) {
		$result = NetworkReport::run(
			$report,
			array(
				'date_from' => $request->get_param( 'date_from' ),
				'date_to'   => $request->get_param( 'date_to' ),
				'period'    => $request->get_param( 'period' ),
				'compare'   => $request->get_param( 'compare' ),
				'by_site'   => $request->get_param( 'by_site' ),
				// A CSV of the job rows needs them, asked for or not.
				'by_job'    => $request->get_param( 'by_job' ) || ( 'csv' === $request->get_param( 'format' ) && NetworkReport::JOB_ROWS === $request->get_param( 'section' ) ),
			)
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		if ( 'csv' === $request->get_param( 'format' ) ) {
			// The network's figures; each site's own are its own report's CSV.
			$data  = array_diff_key( $result['data'], array( 'by_site' => true ) );
			$check = ReportCsv::check_section( $request->get_param( 'section' ), $data );
			if ( is_wp_error( $check ) ) {
				return $check;
			}
			$section  = (string) $request->get_param( 'section' );
			$text     = ReportCsv::render( $report, $section, $data );
			$response = new CsvResponse(
				'network-' . ReportCsv::filename( $report, $section, $data ),
				static function () use ( $text ) {
					echo $text; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CSV (text/csv), escaped by Csv::cell().
				}
			);
		} else {
			$response = new WP_REST_Response( $result['data'], 200 );
		}
		$response->header( ReportsController::CACHE_HEADER, $result['cache'] );
		return $response;
	}

	/** The network report's arguments: the site report's, without the job (jobs are per site), with a preset period. */
	private static function report_params(): array {
		$params            = array_diff_key( ( new ReportsController() )->get_collection_params(), array( 'job_id' => true ) );
		$params['period']  = array(
			'description' => __( 'A preset period, read in each site\'s timezone (instead of date_from and date_to, which are each site\'s own dates too).', 'recruiting-reports' ),
			'type'        => 'string',
			'enum'        => Settings::PERIODS,
		);
		$params['by_site'] = array(
			'description' => __( 'What each by_site row\'s figures hold: the fields of the report\'s headline figures (default), or the site\'s whole report (full).', 'recruiting-reports' ),
			'type'        => 'string',
			'enum'        => array( 'figures', 'full' ),
			'default'     => 'figures',
		);
		$params['by_job']  = array(
			'description' => __( 'Whether the network\'s figures list every site\'s jobs (by_job, each row with its site_id): a network\'s jobs run to thousands of rows, so they are left out unless asked for.', 'recruiting-reports' ),
			'type'        => 'boolean',
			'default'     => false,
		);
		return $params;
	}

	/**
	 * The network report's schema: the site report's fields (rows of a site's things with their site_id), and by_site.
	 *
	 * @param string $report Report name.
	 */
	private static function report_schema( string $report ): array {
		$schema                          = ReportSchema::for( $report );
		$schema['title']                 = 'recruiting-network-report-' . $report;
		$schema['properties']['by_site'] = ReportSchema::rows(
			__( 'Every set-up site of the network, in id order, with its own report for the period as it reads it.', 'recruiting-reports' ),
			array(
				'site_id' => ReportSchema::integer( __( 'Site id.', 'recruiting-reports' ) ),
				'name'    => ReportSchema::text( __( 'Site name.', 'recruiting-reports' ) ),
				'figures' => ReportSchema::object( __( 'The site\'s own report (GET /reports/<report> on that site): its period and the fields its headline figures are read from; with by_site=full, all of it.', 'recruiting-reports' ), ReportSchema::for( $report )['properties'] ),
			)
		);
		return $schema;
	}

	/**
	 * GET /network/api-keys: a page of every key of every site (revoked and expired ones too), as its site's API shows
	 * it, with the site.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_api_keys( $request ) {
		return self::across_sites(
			$request,
			static fn() => ApiKeyRepository::query( array( 'page' => 1, 'per_page' => 1 ) )['total'],
			static function ( int $site_id, int $limit ) {
				$controller = new ApiKeysController();
				return array_map(
					static fn( array $row ) => self::with_site( $site_id, $controller->prepare_item_for_response( $row, self::view_request() )->get_data() ),
					ApiKeyRepository::query( array( 'page' => 1, 'per_page' => $limit ) )['rows']
				);
			}
		);
	}

	/**
	 * GET /network/webhooks: a page of every webhook of every site, as its site's API shows it, with the site and its
	 * last delivery (when, its status and the receiver's answer; null when it never had one).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_webhooks( $request ) {
		return self::across_sites(
			$request,
			static fn() => WebhookRepository::query( 1, 1 )['total'],
			static function ( int $site_id, int $limit ) {
				$controller = new WebhooksController();
				return array_map(
					static function ( array $row ) use ( $site_id, $controller ) {
						$data                  = $controller->prepare_item_for_response( $row, self::view_request() )->get_data();
						$data['last_delivery'] = self::last_delivery( (int) $row['id'] );
						return self::with_site( $site_id, $data );
					},
					WebhookRepository::query( 1, $limit )['rows']
				);
			}
		);
	}

	/**
	 * DELETE /network/sites/{site_id}/api-keys/{id}: revokes a site's key (as that site's DELETE /api-keys/{id}).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function revoke_api_key( $request ) {
		return $this->in_site(
			$request,
			static function ( int $site_id, int $id ) {
				if ( ! ApiKeyRepository::find( $id ) ) {
					return self::not_found( __( 'No API key with this id on this site.', 'recruiting-reports' ) );
				}
				$data = ( new ApiKeysController() )->prepare_item_for_response( ApiKeyRepository::revoke( $id ), self::view_request() )->get_data();
				return new WP_REST_Response( self::with_site( $site_id, $data ), 200 );
			}
		);
	}

	/**
	 * DELETE /network/sites/{site_id}/webhooks/{id}: deletes a site's webhook with its deliveries (as that site's
	 * DELETE /webhooks/{id}).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_webhook( $request ) {
		return $this->in_site(
			$request,
			static function ( int $site_id, int $id ) {
				$row = WebhookRepository::find( $id );
				if ( ! $row ) {
					return self::not_found( __( 'No webhook with this id on this site.', 'recruiting-reports' ) );
				}
				$previous = ( new WebhooksController() )->prepare_item_for_response( $row, self::view_request() )->get_data();
				WebhookRepository::delete( $id );
				return new WP_REST_Response(
					array(
						'deleted'  => true,
						'previous' => self::with_site( $site_id, $previous ),
					),
					200
				);
			}
		);
	}

	/**
	 * POST /network/upgrade: the schema upgrade (and first set-up) of the next batch of sites.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response `next`: pass it as `after` for the next batch; null when every site is current.
	 */
	public function upgrade( $request ) {
		return new WP_REST_Response( array( 'next' => Lifecycle::upgrade( (int) $request['after'], self::UPGRADE_BATCH ) ), 200 );
	}

	/**
	 * Runs $work( $site_id, $id ) switched to the request's site, or answers 404 when the network has no such site.
	 *
	 * @param WP_REST_Request $request Request with site_id and id.
	 * @param callable        $work    The work.
	 * @return WP_REST_Response|WP_Error
	 */
	private function in_site( WP_REST_Request $request, callable $work ) {
		$site_id = (int) $request['site_id'];
		$site    = get_site( $site_id );
		if ( ! $site || (int) $site->network_id !== get_current_network_id() ) {
			return self::not_found( __( 'No site with this id on this network.', 'recruiting-reports' ) );
		}
		return Sites::in( $site_id, static fn() => $work( $site_id, (int) $request['id'] ) );
	}

	/**
	 * A webhook's newest delivery, or null.
	 *
	 * @param int $webhook_id Webhook id.
	 * @return array{at:string,status:string,response_code:int|null}|null
	 */
	private static function last_delivery( int $webhook_id ): ?array {
		$rows = DeliveryRepository::query( $webhook_id, null, 1, 1 )['rows'];
		if ( ! $rows ) {
			return null;
		}
		return array(
			'at'            => Iso8601::format( (int) $rows[0]['updated_at'] ),
			'status'        => (string) $rows[0]['status'],
			'response_code' => null === $rows[0]['last_response_code'] ? null : (int) $rows[0]['last_response_code'],
		);
	}

	/**
	 * An item with the site it belongs to (the current site: called switched to it).
	 *
	 * @param int   $site_id Site id.
	 * @param array $data    The item as its site's API shows it.
	 * @return array
	 */
	private static function with_site( int $site_id, array $data ): array {
		$data['site'] = array(
			'id'   => $site_id,
			'name' => (string) get_option( 'blogname' ),
			'url'  => home_url( '/' ),
		);
		return $data;
	}

	/** The request the site controllers prepare items for: every field, the view context. */
	private static function view_request(): WP_REST_Request {
		$request = new WP_REST_Request( 'GET' );
		$request->set_param( 'context', 'view' );
		return $request;
	}
}
