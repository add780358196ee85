<?php
/**
 * CV files of the apply form: the type read from the file's first bytes (never its name or the browser's claim),
 * stored under a random name in a folder with a random name inside uploads/recruiting-reports-private/ (deny rules
 * for Apache; nginx needs the rule docs/careers.md gives), and read back only by the authenticated CV route
 * (Rest\ApplicationCvController).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

defined( 'ABSPATH' ) || exit;

/**
 * The private CV folder and its files.
 */
final class CvStore {

	/** The random folder name (an option, created with the first file). */
	public const DIR_OPTION = 'recruiting_reports_cv_dir';

	public const BASE = 'recruiting-reports-private';

	/** Extension => MIME type of the accepted formats. */
	public const TYPES = array(
		'pdf'  => 'application/pdf',
		'doc'  => 'application/msword',
		'docx' => 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		'odt'  => 'application/vnd.oasis.opendocument.text',
		'rtf'  => 'application/rtf',
	);

	/**
	 * The format of a file from its content: PDF (`%PDF-`), DOC (the OLE2 signature), DOCX (a ZIP holding
	 * word/document.xml), ODT (a ZIP whose first entry is `mimetype` = the ODF text type, as ODF requires), RTF
	 * (`{\rtf`).
	 *
	 * @param string $path A readable file.
	 * @return string|null The extension (a key of TYPES), null when it is none of them.
	 */
	public static function detect( string $path ): ?string {
		$head = (string) file_get_contents( $path, false, null, 0, 128 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local upload.
		if ( str_starts_with( $head, '%PDF-' ) ) {
			return 'pdf';
		}
		if ( str_starts_with( $head, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1" ) ) {
			return 'doc';
		}
		if ( str_starts_with( $head, '{\\rtf' ) ) {
			return 'rtf';
		}
		if ( ! str_starts_with( $head, "PK\x03\x04" ) ) {
			return null;
		}
		if ( 'mimetype' . self::TYPES['odt'] === substr( $head, 30, 8 + strlen( self::TYPES['odt'] ) ) ) {
			return 'odt';
		}
		// The central directory (at the end, uncompressed names) lists word/document.xml in a DOCX.
		return str_contains( (string) file_get_contents( $path ), 'word/document.xml' ) ? 'docx' : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local upload within the size limit.
	}

	/**
	 * The private folder (created with its deny rules when missing).
	 *
	 * @return string|null Absolute path, null when it cannot be created.
	 */
	public static function dir(): ?string {
		$name = (string) get_option( self::DIR_OPTION, '' );
		if ( ! preg_match( '/^[a-f0-9]{32}$/', $name ) ) {
			$name = bin2hex( random_bytes( 16 ) );
			update_option( self::DIR_OPTION, $name, false );
		}
		$base = self::base();
		$dir  = $base . '/' . $name;
		if ( ! is_dir( $dir ) && ! wp_mkdir_p( $dir ) ) {
			return null;
		}
		foreach ( array( $base, $dir ) as $folder ) {
			if ( ! file_exists( $folder . '/.htaccess' ) ) {
				// Deny rules for Apache 2.2 and 2.4; index.php keeps listings empty where indexes are on.
				copy( __DIR__ . '/cv-folder/htaccess.txt', $folder . '/.htaccess' );
				copy( __DIR__ . '/cv-folder/index.php', $folder . '/index.php' );
			}
		}
		return $dir;
	}

	/** The folder that holds the private folder (uploads/recruiting-reports-private). */
	public static function base(): string {
		return wp_upload_dir( null, false )['basedir'] . '/' . self::BASE;
	}

	/**
	 * Moves an uploaded file into the private folder under a random name.
	 *
	 * @param string $tmp_name  PHP's temporary upload.
	 * @param string $extension Its detected format.
	 * @return string|null The stored file's name, null when it could not be stored.
	 */
	public static function store( string $tmp_name, string $extension ): ?string {
		$dir = self::dir();
		if ( null === $dir ) {
			return null;
		}
		$file = bin2hex( random_bytes( 16 ) ) . '.' . $extension;
		// is_uploaded_file() inside move_uploaded_file(): only a file PHP received in this request.
		return move_uploaded_file( $tmp_name, $dir . '/' . $file ) ? $file : null;
	}

	/**
	 * A stored file's path.
	 *
	 * @param string $file Stored name.
	 * @return string|null Null when the name is not one store() makes or the file is gone.
	 */
	public static function path( string $file ): ?string {
		$dir = self::dir();
		if ( null === $dir || ! preg_match( '/^[a-f0-9]{32}\.(pdf|docx?|odt|rtf)$/', $file ) || ! is_file( $dir . '/' . $file ) ) {
			return null;
		}
		return $dir . '/' . $file;
	}

	/**
	 * Deletes a stored file.
	 *
	 * @param string $file Stored name.
	 */
	public static function delete( string $file ): void {
		$path = self::path( $file );
		if ( null !== $path ) {
			wp_delete_file( $path );
		}
	}

	/** Deletes the whole private folder (uninstall with data deletion). */
	public static function delete_all(): void {
		$base = self::base();
		if ( is_dir( $base ) ) {
			$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $base, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::CHILD_FIRST );
			foreach ( $files as $file ) {
				$file->isDir() ? rmdir( $file->getPathname() ) : wp_delete_file( $file->getPathname() ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- our own folder.
			}
			rmdir( $base ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- our own folder.
		}
		delete_option( self::DIR_OPTION );
	}
}
