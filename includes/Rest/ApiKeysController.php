<?php
/**
 * /recruiting/v1/api-keys — list, create (the key is returned once), read, update (rename, re-permission,
 * expiry, rate limit) and revoke API keys (docs/api.md#api-keys). Only a logged-in user with Settings may manage keys; any
 * key-authenticated request is refused with 403 (Access::authorize_key_management).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Auth\ApiKeys;
use RecruitingReports\Data\ApiKeyRepository;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * API keys.
 */
final class ApiKeysController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'api-keys';

	protected const ITEM_TYPE = 'api_key';

	protected const DELETE_SHAPE = 'item';

	protected const PERMISSIONS = array(
		'read'   => Capabilities::MANAGE_SETTINGS,
		'create' => Capabilities::MANAGE_SETTINGS,
		'update' => Capabilities::MANAGE_SETTINGS,
		'delete' => Capabilities::MANAGE_SETTINGS,
	);

	public const MAX_RATE_LIMIT = 1000000;

	/**
	 * Registers /api-keys and /api-keys/{id}.
	 */
	public function register_routes(): void {
		$this->register_item_routes( self::id_arg( __( 'API key id.', 'recruiting-reports' ) ) );
	}

	/**
	 * Keys are managed by a logged-in user with Settings only: a key-authenticated request is refused (403), so a
	 * key can never mint or widen keys.
	 *
	 * @param WP_REST_Request $request    Request.
	 * @param string          $capability Capability (Settings).
	 * @return true|WP_Error
	 */
	protected function authorize( WP_REST_Request $request, string $capability ) {
		return Access::authorize_key_management( $request );
	}

	/**
	 * Route callback: get_items.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$result = ApiKeyRepository::query(
			array(
				'status'   => (string) $request['status'],
				'page'     => (int) $request['page'],
				'per_page' => (int) $request['per_page'],
			)
		);
		Presenter::prime_users( array_map( static fn( $row ) => (int) $row['user_id'], $result['rows'] ) );
		return $this->collection( $result['rows'], $result['total'], $request );
	}

	/**
	 * Route callback: get_item.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$row = ApiKeyRepository::find( (int) $request['id'] );
		return $row ? $this->prepare_item_for_response( $row, $request ) : self::key_not_found();
	}

	/**
	 * Route callback: create_item.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$fields = $this->fields_from_request( $request, true );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		$created = ApiKeys::create( get_current_user_id(), $fields['name'], $fields['environment'], $fields['permissions'], $fields['expires_at'] ?? null, $fields['rate_limit'] ?? null );
		if ( is_wp_error( $created ) ) {
			return $created;
		}
		// The only response that ever holds the key.
		return self::no_store( $this->created( $created['row'] + array( 'key' => $created['key'] ), $request ) );
	}

	/**
	 * Changes only the fields given; `expires_at: null` removes the expiry, `rate_limit: null` returns to the
	 * site's default limit. A revoked key stays revoked.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$id = (int) $request['id'];
		if ( ! ApiKeyRepository::find( $id ) ) {
			return self::key_not_found();
		}
		$fields = $this->fields_from_request( $request, false );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		return $this->prepare_item_for_response( ApiKeys::update( $id, $fields ), $request );
	}

	/**
	 * Revokes the key (it answers 401 from now on); the record stays, with status "revoked".
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$id = (int) $request['id'];
		if ( ! ApiKeyRepository::find( $id ) ) {
			return self::key_not_found();
		}
		return $this->prepare_item_for_response( ApiKeyRepository::revoke( $id ), $request );
	}

	/**
	 * The writable fields a request gives, checked (a user grants only permissions they hold).
	 *
	 * @param WP_REST_Request $request  Request.
	 * @param bool            $creating Whether the key is being created.
	 * @return array|WP_Error
	 */
	private function fields_from_request( WP_REST_Request $request, bool $creating ) {
		$params = $request->get_params();
		$fields = array();
		if ( $creating || array_key_exists( 'name', $params ) ) {
			$name = sanitize_text_field( (string) $request['name'] );
			if ( '' === $name ) {
				return self::invalid( 'name', __( 'The name must not be empty.', 'recruiting-reports' ) );
			}
			$fields['name'] = $name;
		}
		if ( $creating ) {
			$fields['environment'] = (string) ( $request['environment'] ? $request['environment'] : 'live' );
		}
		if ( $creating || array_key_exists( 'permissions', $params ) ) {
			$permissions = array_values( array_unique( (array) $request['permissions'] ) );
			$lacking     = array_values( array_filter( $permissions, static fn( $cap ) => ! Access::user_can( $cap ) ) );
			if ( $lacking ) {
				/* translators: %s: list of permissions. */
				return self::invalid( 'permissions', sprintf( __( 'You cannot grant permissions you do not have: %s.', 'recruiting-reports' ), implode( ', ', $lacking ) ) );
			}
			$fields['permissions'] = $permissions;
		}
		if ( array_key_exists( 'expires_at', $params ) ) {
			if ( null === $request['expires_at'] ) {
				$fields['expires_at'] = null;
			} else {
				$expires = Iso8601::parse( $request['expires_at'] );
				if ( null === $expires || $expires <= time() ) {
					return self::invalid( 'expires_at', __( 'expires_at must be an ISO 8601 date-time with an offset, in the future (or null for no expiry).', 'recruiting-reports' ) );
				}
				$fields['expires_at'] = $expires;
			}
		}
		if ( array_key_exists( 'rate_limit', $params ) ) {
			$fields['rate_limit'] = null === $request['rate_limit'] ? null : (int) $request['rate_limit'];
		}
		return $fields;
	}

	/**
	 * A key's fields: never its hash, and the key itself only in the response that creates it (the item then
	 * carries it).
	 *
	 * @param array           $item    Row of the api_keys table (with `key` after creation).
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		$owner = get_userdata( (int) $item['user_id'] );
		$data  = array(
			'id'                    => (int) $item['id'],
			'name'                  => (string) $item['name'],
			'environment'           => (string) $item['environment'],
			'hint'                  => (string) $item['hint'],
			'permissions'           => ApiKeys::permissions_of( $item ),
			'effective_permissions' => ApiKeys::effective_permissions( $item, $owner ),
			'owner'                 => Presenter::user( (int) $item['user_id'] ),
			'rate_limit'            => null === $item['rate_limit'] ? null : (int) $item['rate_limit'],
			'effective_rate_limit'  => ApiKeys::rate_limit( $item ),
			'status'                => ApiKeys::status( $item ),
			'created_at'            => Iso8601::format( (int) $item['created_at'] ),
			'last_used_at'          => null === $item['last_used_at'] ? null : Iso8601::format( (int) $item['last_used_at'] ),
			'expires_at'            => null === $item['expires_at'] ? null : Iso8601::format( (int) $item['expires_at'] ),
			'revoked_at'            => null === $item['revoked_at'] ? null : Iso8601::format( (int) $item['revoked_at'] ),
		);
		if ( isset( $item['key'] ) ) {
			$data['key'] = (string) $item['key'];
		}
		return $data;
	}

	/**
	 * Self and the collection.
	 *
	 * @param array $item Row of the api_keys table.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		return $this->own_links( (int) $item['id'] );
	}

	/**
	 * 404 for a key.
	 *
	 * @return WP_Error
	 */
	private static function key_not_found(): WP_Error {
		return self::not_found( __( 'API key not found.', 'recruiting-reports' ) );
	}

	/**
	 * Arguments of GET /api-keys.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		return array_merge(
			parent::get_collection_params(),
			array(
				'status' => array(
					'description' => __( 'Limit results to keys in one state.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => array( 'all', 'active', 'expired', 'revoked' ),
					'default'     => 'all',
				),
			)
		);
	}

	/**
	 * The API key schema's properties (never the hash; the key only at creation).
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		$readonly = static fn( string $description, $type ) => array(
			'description' => $description,
			'type'        => $type,
			'readonly'    => true,
			'context'     => self::OWN_CONTEXTS,
		);
		return array(
			'id'                    => $readonly( __( 'Key id.', 'recruiting-reports' ), 'integer' ),
			'name'                  => array(
				'description' => __( 'A name to recognise the key by.', 'recruiting-reports' ),
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => 200,
				'required'    => true,
				'context'     => self::OWN_CONTEXTS,
			),
			'environment'           => array(
				'description' => __( 'live (rp_live_…) or test (rp_test_…); they behave the same, the UI marks test keys. Fixed at creation.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => ApiKeys::ENVIRONMENTS,
				'default'     => 'live',
				'context'     => self::OWN_CONTEXTS,
			),
			'hint'                  => $readonly( __( 'Recognisable part of the key, such as rp_live_…a1b2.', 'recruiting-reports' ), 'string' ),
			'permissions'           => array(
				'description' => __( 'Permissions ticked for the key (capability names); you can only grant ones you hold.', 'recruiting-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type' => 'string',
					'enum' => Capabilities::ALL,
				),
				'maxItems'    => count( Capabilities::ALL ),
				'uniqueItems' => true,
				'required'    => true,
				'context'     => self::OWN_CONTEXTS,
			),
			'effective_permissions' => $readonly( __( 'The ticked permissions its owner still holds: what the key can do now.', 'recruiting-reports' ), 'array' ),
			'owner'                 => self::user_schema( __( 'The user who created the key (null once deleted).', 'recruiting-reports' ) ),
			'rate_limit'            => array(
				'description' => __( 'Requests per hour for this key; null uses the site setting.', 'recruiting-reports' ),
				'type'        => array( 'integer', 'null' ),
				'minimum'     => 1,
				'maximum'     => self::MAX_RATE_LIMIT,
				'context'     => self::OWN_CONTEXTS,
			),
			'effective_rate_limit'  => $readonly( __( 'The limit that applies now.', 'recruiting-reports' ), 'integer' ),
			'status'                => array(
				'description' => __( 'active, expired, revoked, or invalid (owner deleted).', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => array( 'active', 'expired', 'revoked', 'invalid' ),
				'readonly'    => true,
				'context'     => self::OWN_CONTEXTS,
			),
			'created_at'            => self::readonly_instant( __( 'Creation time (UTC).', 'recruiting-reports' ) ),
			'last_used_at'          => self::readonly_instant( __( 'Last use (UTC, updated at most once a minute).', 'recruiting-reports' ), true ),
			'expires_at'            => array(
				'description' => __( 'Optional expiry (ISO 8601 with offset, in the future); null for none.', 'recruiting-reports' ),
				'type'        => array( 'string', 'null' ),
				'format'      => 'date-time',
				'context'     => self::OWN_CONTEXTS,
			),
			'revoked_at'            => self::readonly_instant( __( 'When it was revoked (UTC).', 'recruiting-reports' ), true ),
			'key'                   => $readonly( __( 'The full key: only in the response that creates it.', 'recruiting-reports' ), 'string' ),
		);
	}
}
