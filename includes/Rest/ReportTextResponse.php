<?php
/**
 * A report's JSON answer sent as the text its cache entry holds (Reports\ReportCache::encode()), not decoded into
 * arrays and encoded again by the REST server: a hit of the pipeline's 96 KB answer at 100,000 applications costs
 * about 2 ms of PHP less (docs/reports.md#cache).
 *
 * The response is an ordinary WP_REST_Response to everything that reads it: get_data() decodes the text on first use
 * (`_fields`, `_envelope`, a `rest_post_dispatch` filter), and once its data is replaced (set_data()) the REST server
 * encodes that as usual. The text is sent as it is only when nothing would have changed the server's own encoding:
 * not for HEAD, `_jsonp` or `_pretty`, nor while `rest_pre_echo_response` or `rest_json_encode_options` is hooked.
 * Its numbers keep their fraction (3.0) and its slashes are not escaped, as the entry holds them; JSON readers see the
 * same values either way.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Reports\ReportCache;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * A REST response whose body is JSON text already.
 */
final class ReportTextResponse extends WP_REST_Response {

	/**
	 * The body, or null once the data was replaced.
	 *
	 * @var string|null
	 */
	private $json;

	/**
	 * A response of JSON text.
	 *
	 * @param string $json JSON of an object (ReportCache::encode()).
	 */
	public function __construct( string $json ) {
		parent::__construct( null, 200 );
		$this->json = $json;
	}

	/**
	 * The data, decoded from the text on first use.
	 *
	 * @return mixed
	 */
	public function get_data() {
		if ( null === $this->data && null !== $this->json ) {
			$this->data = ReportCache::decode( $this->json );
		}
		return $this->data;
	}

	/**
	 * Replaces the data: the REST server encodes it from then on.
	 *
	 * @param mixed $data Data.
	 */
	public function set_data( $data ) {
		$this->json = null;
		parent::set_data( $data );
	}

	/** Hooks the sending of JSON text into the REST server. */
	public static function register(): void {
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve' ), 10, 3 );
	}

	/**
	 * Sends the text of a ReportTextResponse whose data nobody replaced (rest_pre_serve_request).
	 *
	 * @param bool            $served  Whether the request was served already.
	 * @param mixed           $result  The response.
	 * @param WP_REST_Request $request The request.
	 */
	public static function serve( $served, $result, $request ): bool {
		if ( $served || ! $result instanceof self || null === $result->json || ! $request instanceof WP_REST_Request ) {
			return (bool) $served;
		}
		// JSONP is the server's: serve_request() reads _jsonp from the query string, which the request's query params are.
		if ( 'HEAD' === $request->get_method() || isset( $request->get_query_params()['_jsonp'] ) || $request->has_param( '_pretty' ) || has_filter( 'rest_pre_echo_response' ) || has_filter( 'rest_json_encode_options' ) ) {
			return false;
		}
		echo $result->json; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON (application/json), encoded by ReportCache::encode().
		return true;
	}
}
