<?php
/**
 * GET /recruiting/v1/openapi.json (docs/targets.md#release-and-operations): an OpenAPI 3.1 document of the whole recruiting/v1 API,
 * generated at request time from the routes WordPress has registered — their methods, their argument
 * schemas (query parameters, or the JSON body of writes) and their response schemas — so it can never
 * drift from the code. Cached per plugin version, locale, site URL and route table.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * The OpenAPI document route.
 */
final class OpenApiController extends Controller {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'openapi.json';

	private const CACHE_PREFIX = 'recruiting_reports_openapi_';

	/** Keys of WordPress argument/property schemas that are not JSON Schema (or are spelt differently). */
	private const NOT_SCHEMA = array( 'context', 'readonly', 'required', 'arg_options', 'validate_callback', 'sanitize_callback', '$schema', 'title' );

	/** Error answers every protected route can give (docs/api.md, Errors). */
	private const ERRORS = array(
		400 => 'Malformed or invalid parameter or body (rest_invalid_param, with data.params per field).',
		401 => 'No credentials, a wrong application password, or an invalid, revoked or expired API key.',
		403 => 'The credentials lack the permission (insufficient_permissions, with data.required).',
		500 => 'Unexpected error (internal_error); nothing was changed.',
	);

	/** What a success status means. */
	private const SUCCESS = array(
		200 => 'Success.',
		201 => 'Created.',
		202 => 'Accepted: queued, done later (webhook deliveries).',
	);

	/** The answer of a request over its API key's rate limit (only where API keys are accepted). */
	private const TOO_MANY = 'Rate limit of the API key exceeded (rate_limit_exceeded, with data.limit, data.reset and data.retry_after).';

	/** Response headers the server sends (components.headers): name => description, type, whether always sent. */
	private const HEADERS = array(
		'X-WP-Total'            => array( 'Items matching the filters, over every page (on every JSON list).', 'integer', false ),
		'X-WP-TotalPages'       => array( 'Pages of items at this per_page (on every JSON list).', 'integer', false ),
		'Link'                  => array( 'WordPress\'s API discovery link, and on lists the rel="prev" and rel="next" pages when there are.', 'string', false ),
		'Location'              => array( 'The URL of the item created.', 'string', false ),
		'Content-Disposition'   => array( 'attachment, with the file\'s name (CSV exports and downloads).', 'string', false ),
		'Retry-After'           => array( 'Seconds until the rate limit window resets.', 'integer', true ),
		'X-RateLimit-Limit'     => array( 'Requests the API key may make per window (on every API-key request).', 'integer', false ),
		'X-RateLimit-Remaining' => array( 'Requests left in the current window (on every API-key request).', 'integer', false ),
		'X-RateLimit-Reset'     => array( 'When the current window ends, in unix seconds (on every API-key request).', 'integer', false ),
		ReportsController::CACHE_HEADER => array( 'hit or miss: whether the report came from the report cache.', 'string', true ),
	);

	/** Registers GET /openapi.json. */
	public function register_routes(): void {
		$this->route(
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_document' ),
					// The description of the API is public, as WordPress's own index is; it holds no data.
					'permission_callback' => '__return_true',
				),
			)
		);
	}

	/**
	 * The document, from the cache or generated.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_document( $request ): WP_REST_Response {
		$server = rest_get_server();
		$routes = $server->get_routes( $this->namespace );
		$key    = self::CACHE_PREFIX . md5( wp_json_encode( array( RECRUITING_REPORTS_VERSION, determine_locale(), rest_url(), self::content( $server, $routes ) ) ) );
		$doc    = get_transient( $key );
		if ( ! is_array( $doc ) ) {
			$doc = $this->document( $server, $routes );
			set_transient( $key, $doc, DAY_IN_SECONDS );
		}
		return new WP_REST_Response( $doc, 200 );
	}

	/**
	 * What the document is made of, for its cache key: every route with its handlers' methods and arguments and
	 * its response schema. A schema or an argument that changes (a report added or changed through
	 * recruiting_reports_reports, a plugin update) changes the key, not only a route added or removed.
	 *
	 * @param WP_REST_Server $server The REST server.
	 * @param array          $routes Route => handlers, of the namespace.
	 */
	private static function content( WP_REST_Server $server, array $routes ): array {
		$content = array();
		foreach ( $routes as $route => $handlers ) {
			$options           = $server->get_route_options( $route );
			$content[ $route ] = array(
				array_map( static fn( $handler ) => array( $handler['methods'] ?? array(), $handler['args'] ?? array(), $handler['answer'] ?? array() ), $handlers ),
				isset( $options['schema'] ) && is_callable( $options['schema'] ) ? call_user_func( $options['schema'] ) : null,
			);
		}
		return $content;
	}

	/**
	 * The document.
	 *
	 * @param WP_REST_Server $server The REST server.
	 * @param array          $routes Route => handlers, of the namespace.
	 */
	public function document( WP_REST_Server $server, array $routes ): array {
		$base       = '/' . $this->namespace;
		$paths      = array();
		$components = self::error_component();
		foreach ( $routes as $route => $handlers ) {
			if ( $route === $base || ! str_starts_with( $route, $base . '/' ) ) {
				continue; // The namespace index is WordPress's.
			}
			$path    = preg_replace( '#\(\?P<(\w+)>[^)]*\)#', '{$1}', substr( $route, strlen( $base ) ) );
			$options = $server->get_route_options( $route );
			$schema  = isset( $options['schema'] ) && is_callable( $options['schema'] ) ? call_user_func( $options['schema'] ) : null;
			$ref     = null;
			if ( is_array( $schema ) ) {
				$name                = preg_replace( '/[^A-Za-z0-9._-]+/', '-', (string) ( $schema['title'] ?? trim( $path, '/' ) ) );
				$components[ $name ] = self::schema( $schema, true );
				$ref                 = array( '$ref' => '#/components/schemas/' . $name );
			}
			preg_match_all( '#\{(\w+)\}#', $path, $matches );
			foreach ( $handlers as $handler ) {
				foreach ( array_keys( array_filter( (array) $handler['methods'] ) ) as $method ) {
					if ( 'HEAD' === $method ) {
						continue;
					}
					$paths[ $path ][ strtolower( $method ) ] = $this->operation( $method, $path, $matches[1], (array) ( $handler['args'] ?? array() ), $ref, $handler );
				}
			}
		}
		ksort( $paths );

		return array(
			'openapi'    => '3.1.0',
			'info'       => array(
				'title'       => 'Recruiting Reports API',
				'version'     => RECRUITING_REPORTS_VERSION,
				'description' => 'Jobs, applications, reports, webhooks and API keys of the Recruiting Reports plugin for WordPress. Errors use WordPress\'s REST error shape.',
				'license'     => array(
					'name'       => 'GPL-2.0-or-later',
					'identifier' => 'GPL-2.0-or-later',
				),
			),
			'servers'    => array( array( 'url' => rest_url( $this->namespace ) ) ),
			'security'   => self::security( true ),
			'tags'       => array_values(
				array_map(
					static fn( $tag ) => array( 'name' => $tag ),
					array_unique( array_map( static fn( $path ) => explode( '/', trim( $path, '/' ) )[0], array_keys( $paths ) ) )
				)
			),
			'paths'      => $paths,
			'components' => array(
				'schemas'         => $components,
				'headers'         => self::header_components(),
				'securitySchemes' => self::security_schemes(),
			),
		);
	}

	/**
	 * The error shape every route answers with (WordPress's REST error, with the data fields the plugin sends).
	 */
	private static function error_component(): array {
		return array(
			'Error' => array(
				'type'       => 'object',
				'required'   => array( 'code', 'message', 'data' ),
				'properties' => array(
					'code'    => array(
						'type'        => 'string',
						'description' => 'authentication_required, incorrect_password, invalid_api_key, insufficient_permissions, resource_not_found, rest_no_route, rest_invalid_param, invalid_status_transition, rate_limit_exceeded or internal_error (docs/api.md, Errors).',
					),
					'message' => array( 'type' => 'string' ),
					'data'    => array(
						'type'       => 'object',
						'required'   => array( 'status' ),
						'properties' => array(
							'status'      => array( 'type' => 'integer' ),
							'params'      => array(
								'type'                 => 'object',
								'description'          => 'rest_invalid_param: per invalid field (or `body`), what is wrong with it.',
								'additionalProperties' => array( 'type' => 'string' ),
							),
							'required'    => array(
								'type'        => 'string',
								'description' => 'insufficient_permissions: the capability the request lacks.',
							),
							'current'     => array(
								'type'        => 'string',
								'description' => 'invalid_status_transition: the application\'s status.',
							),
							'allowed'     => array(
								'type'        => 'array',
								'items'       => array( 'type' => 'string' ),
								'description' => 'invalid_status_transition: the statuses it may move to.',
							),
							'limit'       => array(
								'type'        => 'integer',
								'description' => 'rate_limit_exceeded: requests per window.',
							),
							'reset'       => array(
								'type'        => 'integer',
								'description' => 'rate_limit_exceeded: when the window ends (unix seconds).',
							),
							'retry_after' => array(
								'type'        => 'integer',
								'description' => 'rate_limit_exceeded: seconds until then.',
							),
						),
					),
				),
			),
		);
	}

	/** The three ways to authenticate: an application password, an API key in a header or in the query. */
	private static function security_schemes(): array {
		return array(
			'applicationPassword' => array(
				'type'        => 'http',
				'scheme'      => 'basic',
				'description' => 'A WordPress application password (user name and password).',
			),
			'apiKeyHeader'        => array(
				'type'        => 'apiKey',
				'in'          => 'header',
				'name'        => 'X-Recruiting-API-Key',
				'description' => 'An API key of the plugin (recommended way to present it).',
			),
			'apiKeyQuery'         => array(
				'type'        => 'apiKey',
				'in'          => 'query',
				'name'        => 'api_key',
				'description' => 'An API key of the plugin in the query (for tools that cannot set headers).',
			),
		);
	}

	/**
	 * One operation.
	 *
	 * @param string     $method      HTTP method.
	 * @param string     $path        OpenAPI path.
	 * @param string[]   $path_params Names of the path's parameters.
	 * @param array      $args        The handler's argument schemas.
	 * @param array|null $ref         Reference to the route's response schema.
	 * @param array      $handler     The handler (its permission callback decides the security).
	 */
	private function operation( string $method, string $path, array $path_params, array $args, ?array $ref, array $handler ): array {
		$parameters = array();
		foreach ( $path_params as $name ) {
			$parameters[] = array(
				'name'     => $name,
				'in'       => 'path',
				'required' => true,
				'schema'   => isset( $args[ $name ] ) ? self::schema( $args[ $name ] ) : array( 'type' => 'integer' ),
			);
		}
		$body     = array();
		$required = array();
		$reads    = in_array( $method, array( 'GET', 'DELETE' ), true );
		foreach ( $args as $name => $arg ) {
			if ( in_array( $name, $path_params, true ) || ! is_array( $arg ) ) {
				continue;
			}
			if ( $reads ) {
				$parameter = array(
					'name'   => $name,
					'in'     => 'query',
					'schema' => self::schema( $arg ),
				);
				if ( ! empty( $arg['description'] ) ) {
					$parameter['description'] = $arg['description'];
				}
				if ( ! empty( $arg['required'] ) ) {
					$parameter['required'] = true;
				}
				if ( 'array' === ( $arg['type'] ?? null ) ) {
					$parameter['style']   = 'form';
					$parameter['explode'] = false; // WordPress also reads a comma-separated list.
				}
				$parameters[] = $parameter;
			} else {
				$body[ $name ] = self::schema( $arg );
				if ( ! empty( $arg['required'] ) ) {
					$required[] = $name;
				}
			}
		}

		$public    = '__return_true' === ( $handler['permission_callback'] ?? null );
		$responses = $this->responses( (array) ( $handler['answer'] ?? array() ), $path, $path_params, $args, $ref, $public );

		$operation = array(
			'summary'     => $method . ' ' . $path,
			'operationId' => strtolower( $method ) . '_' . trim( (string) preg_replace( '/[^A-Za-z0-9]+/', '_', $path ), '_' ),
			'tags'        => array( explode( '/', trim( $path, '/' ) )[0] ),
			'parameters'  => $parameters,
			'responses'   => $responses,
		);
		if ( $body ) {
			$schema = array(
				'type'       => 'object',
				'properties' => $body,
			);
			if ( $required ) {
				$schema['required'] = $required;
			}
			$operation['requestBody'] = array(
				'required' => (bool) $required,
				'content'  => array( 'application/json' => array( 'schema' => $schema ) ),
			);
		}
		if ( $public ) {
			$operation['security'] = array();
		} elseif ( self::refuses_keys( $path ) ) {
			// Keys are managed by logged-in users only: a request with an API key is refused (docs/api.md#permissions).
			$operation['security'] = self::security( false );
		}
		return $operation;
	}

	/**
	 * Whether a path refuses API keys: keys are managed by logged-in users only (docs/api.md, Permissions).
	 *
	 * @param string $path OpenAPI path.
	 */
	private static function refuses_keys( string $path ): bool {
		return str_starts_with( $path, '/api-keys' );
	}

	/**
	 * An operation's responses: its success (the endpoint's `answer`, see Controller::endpoint()) with its content
	 * and headers, and every error status it answers.
	 *
	 * @param array      $answer      The endpoint's answer: status, shape, schema, errors, headers.
	 * @param string     $path        OpenAPI path.
	 * @param string[]   $path_params Names of the path's parameters.
	 * @param array      $args        The handler's argument schemas.
	 * @param array|null $ref         Reference to the route's response schema.
	 * @param bool       $public      Whether anyone may call it (no error answers then).
	 */
	private function responses( array $answer, string $path, array $path_params, array $args, ?array $ref, bool $public ): array {
		$item    = isset( $answer['schema'] ) ? self::schema( $answer['schema'], true ) : ( $ref ?? array( 'type' => 'object' ) );
		$shape   = $answer['shape'] ?? 'item';
		$status  = (int) ( $answer['status'] ?? 200 );
		$headers = array();
		$schema  = $item;
		if ( 'list' === $shape ) {
			$schema  = array(
				'type'  => 'array',
				'items' => $item,
			);
			$headers = self::headers( 'X-WP-Total', 'X-WP-TotalPages', 'Link' );
		} elseif ( 'deleted' === $shape ) {
			$schema = array(
				'type'       => 'object',
				'properties' => array(
					'deleted'  => array( 'const' => true ),
					'previous' => $item,
				),
			);
		}
		$content = array( 'application/json' => array( 'schema' => $schema ) );
		if ( 'file' === $shape ) {
			$content = array( '*/*' => array( 'schema' => array( 'type' => 'string' ) ) );
		}
		if ( in_array( 'csv', (array) ( $args['format']['enum'] ?? array() ), true ) ) {
			$content['text/csv'] = array(
				'schema' => array(
					'type'        => 'string',
					'description' => 'With format=csv: UTF-8 with BOM, RFC 4180, CRLF, a header row.',
				),
			);
		}
		if ( 'file' === $shape || isset( $content['text/csv'] ) ) {
			$headers += self::headers( 'Content-Disposition' );
		}
		if ( 201 === $status ) {
			$headers += self::headers( 'Location' );
		}
		$headers  += self::headers( ...(array) ( $answer['headers'] ?? array() ) );
		$responses = array( (string) $status => self::response( $answer['description'] ?? self::SUCCESS[ $status ] ?? 'Success.', $content, $headers ) );
		// Other successful answers with the same body (the careers beacon: 202 counted, 200 left out).
		foreach ( (array) ( $answer['also'] ?? array() ) as $other => $description ) {
			$responses[ (string) $other ] = self::response( $description, $content, $headers );
		}
		if ( $public ) {
			// No credentials, so none of the authentication errors: only the route's own.
			return $responses + self::error_objects( (array) ( $answer['errors'] ?? array() ) );
		}
		return $responses + self::error_responses( (array) ( $answer['errors'] ?? array() ), ! self::refuses_keys( $path ), $path_params, $args );
	}

	/**
	 * The error answers of a protected operation: every route's, 404 where it names a record (a path id, a job_id),
	 * 429 where API keys are accepted, and the endpoint's own.
	 *
	 * @param array<int,string> $own         The endpoint's own error statuses.
	 * @param bool              $keys        Whether API keys are accepted (and so rate-limited).
	 * @param string[]          $path_params Names of the path's parameters.
	 * @param array             $args        The handler's argument schemas.
	 */
	private static function error_responses( array $own, bool $keys, array $path_params, array $args ): array {
		$errors = self::ERRORS;
		if ( $keys ) {
			$errors[429] = self::TOO_MANY;
		}
		if ( $path_params || isset( $args['job_id'] ) ) {
			$errors[404] = $path_params
				? 'No such record (resource_not_found), or no such route (rest_no_route).'
				: 'job_id names no job (resource_not_found).';
		}
		return self::error_objects( $errors + $own );
	}

	/**
	 * Error response objects, by status.
	 *
	 * @param array<int,string> $errors Status => when.
	 */
	private static function error_objects( array $errors ): array {
		ksort( $errors );
		$schema    = array( 'application/json' => array( 'schema' => array( '$ref' => '#/components/schemas/Error' ) ) );
		$responses = array();
		foreach ( $errors as $status => $description ) {
			$responses[ (string) $status ] = self::response( $description, $schema, 429 === $status ? self::headers( 'Retry-After' ) : array() );
		}
		return $responses;
	}

	/**
	 * One response object; every response may carry the rate-limit headers (an API-key request).
	 *
	 * @param string $description What it means.
	 * @param array  $content     Media type => schema.
	 * @param array  $headers     Header name => reference.
	 */
	private static function response( string $description, array $content, array $headers ): array {
		return array(
			'description' => $description,
			'headers'     => $headers + self::headers( 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset' ),
			'content'     => $content,
		);
	}

	/**
	 * References to header components.
	 *
	 * @param string ...$names Header names (keys of HEADERS).
	 */
	private static function headers( string ...$names ): array {
		$headers = array();
		foreach ( $names as $name ) {
			$headers[ $name ] = array( '$ref' => '#/components/headers/' . $name );
		}
		return $headers;
	}

	/** The header components (HEADERS). */
	private static function header_components(): array {
		$components = array();
		foreach ( self::HEADERS as $name => [ $description, $type, $required ] ) {
			$components[ $name ] = array(
				'description' => $description,
				'required'    => $required,
				'schema'      => array( 'type' => $type ),
			);
		}
		return $components;
	}

	/**
	 * Security requirements: application password, and the API key in either place when allowed.
	 *
	 * @param bool $keys Whether API keys are accepted.
	 */
	private static function security( bool $keys ): array {
		$security = array( array( 'applicationPassword' => array() ) );
		if ( $keys ) {
			$security[] = array( 'apiKeyHeader' => array() );
			$security[] = array( 'apiKeyQuery' => array() );
		}
		return $security;
	}

	/**
	 * A WordPress argument or property schema as JSON Schema 2020-12 (OpenAPI 3.1): readonly becomes
	 * readOnly, a property's `required: true` moves to its object's `required` list, WordPress-only keys go.
	 * A response schema has no `required` lists: those of the item schemas say what a create request must give,
	 * and an answer holds what its context and `_fields` select (context=embed leaves out personal data, `_fields`
	 * any field, the id included).
	 *
	 * @param array $schema   WordPress schema.
	 * @param bool  $response Whether it describes answers (else arguments).
	 */
	private static function schema( array $schema, bool $response = false ): array {
		$out = array();
		foreach ( $schema as $key => $value ) {
			if ( in_array( $key, self::NOT_SCHEMA, true ) ) {
				continue;
			}
			if ( 'properties' === $key && is_array( $value ) ) {
				$properties = array();
				$required   = is_array( $schema['required'] ?? null ) ? $schema['required'] : array();
				foreach ( $value as $name => $property ) {
					$properties[ $name ] = is_array( $property ) ? self::schema( $property, $response ) : $property;
					if ( ! $response && is_array( $property ) && true === ( $property['required'] ?? null ) ) {
						$required[] = $name;
					}
				}
				$out['properties'] = $properties ? $properties : new \stdClass();
				if ( $required && ! $response ) {
					$out['required'] = array_values( array_unique( $required ) );
				}
				continue;
			}
			if ( in_array( $key, array( 'items', 'additionalProperties' ), true ) && is_array( $value ) ) {
				$out[ $key ] = self::schema( $value, $response );
				continue;
			}
			if ( in_array( $key, array( 'oneOf', 'anyOf', 'allOf' ), true ) && is_array( $value ) ) {
				$out[ $key ] = array_map( static fn( $one ) => is_array( $one ) ? self::schema( $one, $response ) : $one, $value );
				continue;
			}
			$out[ $key ] = $value;
		}
		if ( ! empty( $schema['readonly'] ) ) {
			$out['readOnly'] = true;
		}
		return $out;
	}

	/** The schema of the document route's response. */
	public function get_item_schema(): array {
		return array(
			'$schema'     => 'http://json-schema.org/draft-04/schema#',
			'title'       => 'recruiting-openapi',
			'description' => __( 'An OpenAPI 3.1 document of this API.', 'recruiting-reports' ),
			'type'        => 'object',
			'properties'  => array(
				'openapi' => array( 'type' => 'string' ),
				'info'    => array( 'type' => 'object' ),
				'paths'   => array( 'type' => 'object' ),
			),
		);
	}
}
