<?php
/**
 * A REST response whose body is a private file, streamed by the REST server's serving step (like CsvResponse):
 * always a download, never sniffed, never cached.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * A file download.
 */
final class FileResponse extends WP_REST_Response {

	/**
	 * The file to stream.
	 *
	 * @var string
	 */
	private string $path;

	/**
	 * A download of a file.
	 *
	 * @param string $path     The file.
	 * @param string $type     Its MIME type.
	 * @param string $filename The name the browser saves it as.
	 */
	public function __construct( string $path, string $type, string $filename ) {
		parent::__construct( null, 200 );
		$this->path = $path;
		$this->header( 'Content-Type', $type );
		$this->header( 'Content-Length', (string) filesize( $path ) );
		$this->header( 'Content-Disposition', sprintf( 'attachment; filename="%s"; filename*=UTF-8\'\'%s', str_replace( array( '"', '\\' ), '', $filename ), rawurlencode( $filename ) ) );
		$this->header( 'X-Content-Type-Options', 'nosniff' );
		$this->header( 'Cache-Control', 'private, no-store' );
	}

	/** Hooks the serving of file bodies into the REST server. */
	public static function register(): void {
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve' ), 10, 2 );
	}

	/**
	 * Streams a file response's body instead of JSON.
	 *
	 * @param bool  $served Served already.
	 * @param mixed $result The response.
	 */
	public static function serve( $served, $result ): bool {
		if ( $served || ! $result instanceof self ) {
			return (bool) $served;
		}
		readfile( $result->path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_readfile -- streaming the private file.
		return true;
	}
}
