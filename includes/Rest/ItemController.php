<?php
/**
 * Base of the controllers of resources with items (jobs, applications, notes, ratings, webhooks, deliveries, API
 * keys, settings), shaped like WordPress core's (WP_REST_Controller and the application-passwords controller):
 * prepare_item_for_response() is the one way out for items, running core's steps (the item's fields, additional
 * fields, context filtering, links, then the `recruiting_reports_rest_prepare_{type}` filter) for get, list,
 * create, update and delete alike. Subclasses give the fields (item_data), the links (prepare_links) and the schema's
 * properties (item_properties). endpoints() gives the usual endpoints (list, create, read, update, delete) with
 * core's arguments: the collection params, the schema's (get_endpoint_args_for_item_schema) or the context.
 * Collections carry X-WP-Total, X-WP-TotalPages and a Link header (WP_REST_Response::link_header).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * The base of item controllers.
 */
abstract class ItemController extends Controller {

	/** Contexts of the fields that may be embedded in another resource's response (no personal data). */
	protected const ALL_CONTEXTS = array( 'view', 'edit', 'embed' );

	/** Contexts of the fields shown only to a client that asked for the resource itself. */
	protected const OWN_CONTEXTS = array( 'view', 'edit' );

	/**
	 * Item type in the `recruiting_reports_rest_prepare_{type}` filter (job, application, note, …).
	 *
	 * @var string
	 */
	protected const ITEM_TYPE = '';

	/**
	 * What DELETE on an item answers (openapi.json): `deleted`, {deleted: true, previous: the item} as core's
	 * controllers; `item` for resources whose DELETE leaves the item in place (a revoked key, a rating's summary).
	 *
	 * @var string
	 */
	protected const DELETE_SHAPE = 'deleted';

	/**
	 * Error statuses DELETE on an item answers beyond every route's (openapi.json): status => when.
	 *
	 * @var array<int,string>
	 */
	protected const DELETE_ERRORS = array();

	/**
	 * Registers the collection /{rest_base} and its items /{rest_base}/{id} with the usual endpoints.
	 *
	 * @param array    $id_arg     The item's `id` argument (id_arg()).
	 * @param string[] $collection Endpoints of the collection (see endpoints()).
	 * @param string[] $item       Endpoints of an item.
	 */
	protected function register_item_routes( array $id_arg, array $collection = array( 'list', 'create' ), array $item = array( 'read', 'update', 'delete' ) ): void {
		$this->route( '/' . $this->rest_base, $this->endpoints( ...$collection ) );
		$this->route( '/' . $this->rest_base . '/' . self::ID, $this->endpoints( ...$item ), $id_arg );
	}

	/**
	 * The usual endpoints of a collection and its items, by name, in the order given: `list` (GET, get_items, the
	 * collection params), `create` (POST, create_item, the schema's arguments), `read` (GET, get_item, the context),
	 * `update` (PUT/PATCH, update_item, the schema's arguments), `delete` (DELETE, delete_item). Listing needs the
	 * `read` action's permission.
	 *
	 * @param string ...$names Endpoint names.
	 * @return array[]
	 */
	protected function endpoints( string ...$names ): array {
		return array_map(
			fn( string $name ) => match ( $name ) {
				'list'   => $this->endpoint( WP_REST_Server::READABLE, 'get_items', 'read', $this->get_collection_params(), array( 'shape' => 'list' ) ),
				'create' => $this->endpoint( WP_REST_Server::CREATABLE, 'create_item', 'create', $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE ), array( 'status' => 201 ) ),
				'read'   => $this->endpoint( WP_REST_Server::READABLE, 'get_item', 'read', $this->context_args() ),
				'update' => $this->endpoint( WP_REST_Server::EDITABLE, 'update_item', 'update', $this->get_endpoint_args_for_item_schema( WP_REST_Server::EDITABLE ) ),
				'delete' => $this->endpoint( WP_REST_Server::DELETABLE, 'delete_item', 'delete', array(), $this->delete_answer() ),
			},
			$names
		);
	}

	/**
	 * What DELETE on an item answers (see endpoint()).
	 *
	 * @return array
	 */
	private function delete_answer(): array {
		return array(
			'shape'  => static::DELETE_SHAPE,
			'errors' => static::DELETE_ERRORS,
		);
	}

	/**
	 * The item schema, built once (titled `recruiting-{type}`), with the fields other plugins registered.
	 *
	 * @return array
	 */
	public function get_item_schema(): array {
		if ( ! $this->schema ) {
			$this->schema = array(
				'$schema'    => 'http://json-schema.org/draft-04/schema#',
				'title'      => 'recruiting-' . str_replace( '_', '-', static::ITEM_TYPE ),
				'type'       => 'object',
				'properties' => $this->item_properties(),
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * The properties of the item schema: the single source of the endpoints' arguments and of the responses.
	 *
	 * @return array
	 */
	abstract protected function item_properties(): array;

	/**
	 * Prepares one item for a response: the item's fields (only those the request includes), the fields other
	 * plugins registered with register_rest_field(), filtered by context, with links, then filtered by
	 * `recruiting_reports_rest_prepare_{type}`.
	 *
	 * @param mixed           $item    The item as the repository returns it.
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function prepare_item_for_response( $item, $request ) {
		$fields   = $this->get_fields_for_response( $request );
		$data     = $this->item_data( $item, $fields, $request );
		$data     = $this->add_additional_fields_to_object( $data, $request );
		$data     = $this->filter_response_by_context( $data, $request['context'] ? $request['context'] : 'view' );
		$response = rest_ensure_response( $data );
		if ( rest_is_field_included( '_links', $fields ) || rest_is_field_included( '_embedded', $fields ) ) {
			$response->add_links( $this->prepare_links( $item ) );
		}
		/**
		 * Filters an item of the recruiting/v1 API on its way out (get, list, create, update, delete), like core's
		 * `rest_prepare_{$post_type}`. The dynamic part is the item type: job, application, note, rating, webhook,
		 * webhook_delivery, api_key or settings.
		 *
		 * @param WP_REST_Response $response The response.
		 * @param mixed            $item     The item as stored.
		 * @param WP_REST_Request  $request  The request.
		 */
		return apply_filters( 'recruiting_reports_rest_prepare_' . static::ITEM_TYPE, $response, $item, $request );
	}

	/**
	 * The item's fields as the API shows them; fields that cost a query are computed only when the request includes
	 * them (rest_is_field_included).
	 *
	 * @param mixed           $item    The item.
	 * @param string[]        $fields  Fields the response includes (get_fields_for_response).
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	abstract protected function item_data( $item, array $fields, WP_REST_Request $request ): array;

	/**
	 * Links of an item, for `_links` and `_embed`.
	 *
	 * @param mixed $item The item.
	 * @return array
	 */
	abstract protected function prepare_links( $item ): array;

	/**
	 * The `self` and `collection` links of an item of a top-level collection (/{rest_base}/{id}).
	 *
	 * @param int $id Item id.
	 * @return array
	 */
	protected function own_links( int $id ): array {
		return array(
			'self'       => array( 'href' => self::url( $this->rest_base . '/' . $id ) ),
			'collection' => array( 'href' => self::url( $this->rest_base ) ),
		);
	}

	/**
	 * A list of prepared items with the pagination headers.
	 *
	 * @param array           $items   Items as the repository returns them.
	 * @param int             $total   Matches over every page.
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	protected function collection( array $items, int $total, WP_REST_Request $request ): WP_REST_Response {
		$data = array();
		foreach ( $items as $item ) {
			$data[] = $this->prepare_response_for_collection( $this->prepare_item_for_response( $item, $request ) );
		}
		return $this->paginate( new WP_REST_Response( $data, 200 ), $total, $request );
	}

	/**
	 * The answer to a created item: 201 with its Location.
	 *
	 * @param mixed           $item    The new item.
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	protected function created( $item, WP_REST_Request $request ): WP_REST_Response {
		$response = $this->prepare_item_for_response( $item, $request );
		$response->set_status( 201 );
		$links = $this->prepare_links( $item );
		if ( isset( $links['self']['href'] ) ) {
			$response->header( 'Location', $links['self']['href'] );
		}
		return $response;
	}

	/**
	 * The answer to a deleted item, as core's controllers give it: `deleted` and the item as it was.
	 *
	 * @param WP_REST_Response $previous The item as it was, prepared before it went.
	 * @return WP_REST_Response
	 */
	protected function deleted( WP_REST_Response $previous ): WP_REST_Response {
		return new WP_REST_Response(
			array(
				'deleted'  => true,
				'previous' => $previous->get_data(),
			),
			200
		);
	}

	/**
	 * A response holding a secret that is shown once (a new API key, a webhook's signing secret): never cached.
	 *
	 * @param WP_REST_Response $response Response.
	 * @return WP_REST_Response
	 */
	protected static function no_store( WP_REST_Response $response ): WP_REST_Response {
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * The `context` argument of routes that answer with items.
	 *
	 * @return array
	 */
	protected function context_args(): array {
		return array( 'context' => $this->get_context_param( array( 'default' => 'view' ) ) );
	}

	/**
	 * Arguments of a collection: context, page and per_page, WordPress-style (per_page at most 100). Collections
	 * with filters add theirs to these.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		return array_merge(
			$this->context_args(),
			array(
				'page'     => array(
					'description' => __( 'Current page of the collection.', 'recruiting-reports' ),
					'type'        => 'integer',
					'default'     => 1,
					'minimum'     => 1,
					'maximum'     => self::MAX_PAGE,
				),
				'per_page' => array(
					'description' => __( 'Maximum number of items to be returned in result set.', 'recruiting-reports' ),
					'type'        => 'integer',
					'default'     => 10,
					'minimum'     => 1,
					'maximum'     => self::MAX_PER_PAGE,
				),
			)
		);
	}

	/**
	 * The `orderby` and `order` arguments of a collection, newest first by default.
	 *
	 * @param string[] $fields Fields to sort by; the first is the default.
	 * @return array
	 */
	protected static function sort_args( array $fields ): array {
		return array(
			'orderby' => array(
				'description' => __( 'Sort by this field.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => $fields,
				'default'     => $fields[0],
			),
			'order'   => array(
				'description' => __( 'Sort direction.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => array( 'asc', 'desc' ),
				'default'     => 'desc',
			),
		);
	}

	/**
	 * X-WP-Total, X-WP-TotalPages and Link (prev/next) on a collection response.
	 *
	 * @param WP_REST_Response $response Response.
	 * @param int              $total    Matches over every page.
	 * @param WP_REST_Request  $request  Request.
	 * @return WP_REST_Response
	 */
	protected function paginate( WP_REST_Response $response, int $total, WP_REST_Request $request ): WP_REST_Response {
		$page        = (int) $request['page'];
		$per_page    = (int) $request['per_page'];
		$total_pages = $per_page > 0 ? (int) ceil( $total / $per_page ) : 0;
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) $total_pages );
		// The API key never goes into a link that a client may log or share.
		$base = add_query_arg( urlencode_deep( array_diff_key( $request->get_query_params(), array( Access::KEY_QUERY => true ) ) ), rest_url( ltrim( $request->get_route(), '/' ) ) );
		if ( $page > 1 && $page - 1 <= max( 1, $total_pages ) ) {
			$response->link_header( 'prev', add_query_arg( 'page', $page - 1, $base ) );
		}
		if ( $page < $total_pages ) {
			$response->link_header( 'next', add_query_arg( 'page', $page + 1, $base ) );
		}
		return $response;
	}

	/**
	 * The schema of a user reference in responses.
	 *
	 * @param string $description Description.
	 * @param array  $context     Contexts that show it.
	 * @return array
	 */
	protected static function user_schema( string $description, array $context = self::OWN_CONTEXTS ): array {
		return array(
			'description' => $description,
			'type'        => array( 'object', 'null' ),
			'readonly'    => true,
			'context'     => $context,
			'properties'  => array(
				'id'   => array( 'type' => 'integer' ),
				'name' => array( 'type' => 'string' ),
			),
		);
	}

	/**
	 * The schema of a read-only instant in responses.
	 *
	 * @param string $description Description.
	 * @param bool   $nullable    Whether it may be null.
	 * @param array  $context     Contexts that show it.
	 * @return array
	 */
	protected static function readonly_instant( string $description, bool $nullable = false, array $context = self::OWN_CONTEXTS ): array {
		return array(
			'description' => $description,
			'type'        => $nullable ? array( 'string', 'null' ) : 'string',
			'format'      => 'date-time',
			'readonly'    => true,
			'context'     => $context,
		);
	}
}
