<?php
/**
 * GET /applications/{id}/cv (Read Applications): the CV an apply-form application brought, as a download
 * (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`), streamed from the private folder
 * (Careers\CvStore). The only way to a CV file.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Careers\CvStore;
use RecruitingReports\Data\ApplicationForms;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Domain\Capabilities;
use WP_REST_Request;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * An application's CV file.
 */
final class ApplicationCvController extends Controller {

	protected const PERMISSIONS = array( 'read' => Capabilities::READ_APPLICATIONS );

	/** Registers the route. */
	public function register_routes(): void {
		$this->route(
			'/applications/' . self::ID . '/cv',
			array(
				$this->endpoint( WP_REST_Server::READABLE, 'get_item', 'read', array(), array( 'shape' => 'file' ) ),
				'schema' => null,
			),
			self::id_arg( __( 'Application id.', 'recruiting-reports' ) )
		);
	}

	/**
	 * The CV as a download; 404 when the application is unknown or has none.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return FileResponse|\WP_Error
	 */
	public function get_item( $request ) {
		$id   = (int) $request['id'];
		$form = ApplicationRepository::find( $id ) ? ApplicationForms::find( $id ) : null;
		$path = $form ? CvStore::path( (string) $form['cv_file'] ) : null;
		if ( null === $path ) {
			return self::not_found( __( 'This application has no CV.', 'recruiting-reports' ) );
		}
		return new FileResponse( $path, (string) $form['cv_type'], sanitize_file_name( (string) $form['cv_name'] ) );
	}
}
