<?php
/**
 * A REST response whose body is CSV written by a callback (docs/reports.md#comparison format=csv). The route runs as any
 * other (authentication, rate limit, permission check, validation, the same headers); only the body is
 * written by the callback instead of WordPress's JSON encoding, when the server serves the response —
 * so an export streams straight to the client instead of being built in memory.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Reports\Csv;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * A CSV response written at serve time.
 */
final class CsvResponse extends WP_REST_Response {

	/**
	 * Echoes the body.
	 *
	 * @var callable(): void
	 */
	private $writer;

	/**
	 * A 200 text/csv response with an attachment file name.
	 *
	 * @param string   $filename File name without extension (Content-Disposition).
	 * @param callable $writer   Echoes the CSV text (BOM first).
	 */
	public function __construct( string $filename, callable $writer ) {
		parent::__construct( null, 200 );
		$this->writer = $writer;
		$this->header( 'Content-Type', Csv::CONTENT_TYPE );
		$this->header( 'Content-Disposition', Csv::disposition( $filename ) );
		$this->header( 'X-Content-Type-Options', 'nosniff' );
	}

	/** Hooks the serving of CSV bodies into the REST server. */
	public static function register(): void {
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve' ), 10, 2 );
	}

	/**
	 * Writes a CsvResponse's body (the headers are already sent by then).
	 *
	 * @param bool  $served Whether the response was served already.
	 * @param mixed $result The response.
	 * @return bool
	 */
	public static function serve( $served, $result ): bool {
		if ( $served || ! $result instanceof self ) {
			return (bool) $served;
		}
		( $result->writer )();
		return true;
	}
}
