<?php
/**
 * GET /recruiting/v1/openapi.json (SPEC §14): an OpenAPI 3.1 document of the whole recruiting/v1 API,
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

	/** Error answers every protected route can give (SPEC §4). */
	private const ERRORS = array(
		'400' => 'Malformed or invalid parameter or body (rest_invalid_param, with data.params per field).',
		'401' => 'No credentials, or an invalid, revoked or expired API key.',
		'403' => 'The credentials lack the permission.',
		'429' => 'Rate limit of the API key exceeded (Retry-After).',
		'500' => 'Unexpected error (internal_error).',
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
				array_map( static fn( $handler ) => array( $handler['methods'] ?? array(), $handler['args'] ?? array() ), $handlers ),
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
		$components = array(
			'Error' => array(
				'type'       => 'object',
				'required'   => array( 'code', 'message', 'data' ),
				'properties' => array(
					'code'    => array(
						'type'        => 'string',
						'description' => 'authentication_required, invalid_api_key, insufficient_permissions, resource_not_found, rest_invalid_param, invalid_status_transition, rate_limit_exceeded or internal_error.',
					),
					'message' => array( 'type' => 'string' ),
					'data'    => array(
						'type'       => 'object',
						'required'   => array( 'status' ),
						'properties' => array(
							'status' => array( 'type' => 'integer' ),
							'params' => array(
								'type'                 => 'object',
								'description'          => 'Per invalid field, what is wrong with it.',
								'additionalProperties' => array( 'type' => 'string' ),
							),
						),
					),
				),
			),
		);
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
				$components[ $name ] = self::schema( $schema );
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
				'securitySchemes' => array(
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
				),
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

		$content = array( 'application/json' => array( 'schema' => $ref ?? array( 'type' => 'object' ) ) );
		if ( 'GET' === $method && isset( $args['page'], $args['per_page'] ) && null !== $ref ) {
			$content['application/json']['schema'] = array(
				'type'  => 'array',
				'items' => $ref,
			);
		}
		if ( in_array( 'csv', (array) ( $args['format']['enum'] ?? array() ), true ) ) {
			$content['text/csv'] = array(
				'schema' => array(
					'type'        => 'string',
					'description' => 'With format=csv: UTF-8 with BOM, RFC 4180, CRLF, a header row.',
				),
			);
		}
		$public    = '__return_true' === ( $handler['permission_callback'] ?? null );
		$responses = array(
			'2XX' => array(
				'description' => 'Success.',
				'content'     => $content,
			),
		);
		$errors    = self::ERRORS;
		if ( $path_params ) {
			$errors['404'] = 'No such resource (resource_not_found).';
		}
		if ( str_contains( $path, 'status' ) ) {
			$errors['409'] = 'Status change not allowed from the current status (invalid_status_transition, with data.allowed).';
		}
		ksort( $errors );
		foreach ( $public ? array() : $errors as $status => $description ) {
			$responses[ (string) $status ] = array(
				'description' => $description,
				'content'     => array( 'application/json' => array( 'schema' => array( '$ref' => '#/components/schemas/Error' ) ) ),
			);
		}

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
		} elseif ( str_starts_with( $path, '/api-keys' ) ) {
			// Keys are managed by logged-in users only: a request with an API key is refused (SPEC §2).
			$operation['security'] = self::security( false );
		}
		return $operation;
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
	 *
	 * @param array $schema WordPress schema.
	 */
	private static function schema( array $schema ): array {
		$out = array();
		foreach ( $schema as $key => $value ) {
			if ( in_array( $key, self::NOT_SCHEMA, true ) ) {
				continue;
			}
			if ( 'properties' === $key && is_array( $value ) ) {
				$properties = array();
				$required   = is_array( $schema['required'] ?? null ) ? $schema['required'] : array();
				foreach ( $value as $name => $property ) {
					$properties[ $name ] = is_array( $property ) ? self::schema( $property ) : $property;
					if ( is_array( $property ) && true === ( $property['required'] ?? null ) ) {
						$required[] = $name;
					}
				}
				$out['properties'] = $properties ? $properties : new \stdClass();
				if ( $required ) {
					$out['required'] = array_values( array_unique( $required ) );
				}
				continue;
			}
			if ( in_array( $key, array( 'items', 'additionalProperties' ), true ) && is_array( $value ) ) {
				$out[ $key ] = self::schema( $value );
				continue;
			}
			if ( in_array( $key, array( 'oneOf', 'anyOf', 'allOf' ), true ) && is_array( $value ) ) {
				$out[ $key ] = array_map( static fn( $one ) => is_array( $one ) ? self::schema( $one ) : $one, $value );
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
