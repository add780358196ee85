<?php
/**
 * Maps RecruitingReports\Foo\Bar to includes/Foo/Bar.php (one class per file, no Composer at runtime).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports;

defined( 'ABSPATH' ) || exit;

/**
 * Maps RecruitingReports\Foo\Bar to includes/Foo/Bar.php (one class per file, no Composer at runtime).
 */
final class Autoloader {

	private const PREFIX = __NAMESPACE__ . '\\';

	/**
	 * Registers the PSR-4 autoloader for the RecruitingReports namespace.
	 *
	 * @param string $base_dir Base dir.
	 */
	public static function register( string $base_dir ): void {
		spl_autoload_register(
			static function ( string $class_name ) use ( $base_dir ): void {
				if ( ! str_starts_with( $class_name, self::PREFIX ) ) {
					return;
				}
				$relative = substr( $class_name, strlen( self::PREFIX ) );
				$file     = $base_dir . '/' . str_replace( '\\', '/', $relative ) . '.php';
				if ( is_readable( $file ) ) {
					require $file;
				}
			}
		);
	}
}
