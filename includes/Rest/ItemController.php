<?php
/**
 * Base of the controllers of resources with items (jobs, applications, notes, ratings, webhooks, deliveries, API
 * keys, settings), shaped like WordPress core's (WP_REST_Controller and the application-passwords controller):
 * prepare_item_for_response() is the one way out for items, running core's steps (the item's fields, additional
 * fields, context filtering, links, then the `recruiting_reports_rest_prepare_{type}` filter) for get, list,
 * create, update and delete alike. Subclasses give the fields (item_data) and the links (prepare_links).
 * Collections carry X-WP-Total, X-WP-TotalPages and a Link header (WP_REST_Response::link_header).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use WP_REST_Request;
use WP_REST_Response;

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
	 * The `context` argument of routes that answer with items.
	 *
	 * @return array
	 */
	protected function context_args(): array {
		return array( 'context' => $this->get_context_param( array( 'default' => 'view' ) ) );
	}

	/**
	 * Context, page and per_page, WordPress-style (per_page at most 100).
	 *
	 * @return array
	 */
	protected function pagination_params(): array {
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
