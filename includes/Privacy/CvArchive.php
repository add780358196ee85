<?php
/**
 * Privacy\CvArchive: the CV files themselves in a personal-data export. WordPress's exporters hand over only
 * name/value pairs, and a link would need a public URL, which CVs never have (Careers\CvStore). So once core has
 * written the export's zip (`wp_privacy_personal_data_export_file_created`, in
 * wp_privacy_generate_personal_data_export_file()), every CV of the request's address is added to that archive
 * under recruiting-cvs/; the exported application names the file it is in there (CandidateData).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Privacy;

use RecruitingReports\Careers\CvStore;
use RecruitingReports\Data\ApplicationEraser;
use RecruitingReports\Data\CandidateRecords;

defined( 'ABSPATH' ) || exit;

/**
 * Adds candidates' CV files to their personal-data export archives.
 */
final class CvArchive {

	/** The folder of the CVs inside the export's zip. */
	private const FOLDER = 'recruiting-cvs';

	/** Applications read per query. */
	private const BATCH = 100;

	/** Hooks in after core has written an export's archive. */
	public static function register(): void {
		add_action( 'wp_privacy_personal_data_export_file_created', array( self::class, 'add_files' ), 10, 4 );
	}

	/**
	 * A CV's path inside the export archive: the application's id keeps two CVs of the same name apart.
	 *
	 * @param array $form The application's form row (application_id, cv_name, cv_file).
	 */
	public static function archive_name( array $form ): string {
		$name = sanitize_file_name( (string) $form['cv_name'] );
		return self::FOLDER . '/application-' . (int) $form['application_id'] . '-' . ( '' === $name ? basename( (string) $form['cv_file'] ) : $name );
	}

	/**
	 * Adds the CVs of the request's address to the archive core has just written.
	 *
	 * @param string $archive_pathname The zip.
	 * @param string $archive_url      Its URL (unused).
	 * @param string $html_pathname    The HTML report (unused).
	 * @param int    $request_id       The export request.
	 */
	public static function add_files( $archive_pathname, $archive_url, $html_pathname, $request_id ): void {
		unset( $archive_url, $html_pathname );
		$request = wp_get_user_request( (int) $request_id );
		if ( ! $request || 'export_personal_data' !== $request->action_name || ! class_exists( 'ZipArchive' ) ) {
			return;
		}
		$zip = new \ZipArchive();
		if ( true !== $zip->open( (string) $archive_pathname ) ) {
			return;
		}
		$offset = 0;
		do {
			$ids = ApplicationEraser::ids_for_email( (string) $request->email, self::BATCH, $offset );
			foreach ( CandidateRecords::forms( $ids ) as $form ) {
				$path = CvStore::path( (string) $form['cv_file'] );
				if ( null !== $path ) {
					$zip->addFile( $path, self::archive_name( $form ) );
				}
			}
			$offset += self::BATCH;
			$more    = count( $ids ) === self::BATCH;
		} while ( $more );
		$zip->close();
	}
}
