<?php
/**
 * Maps RecruitingReports\Foo\Bar to includes/Foo/Bar.php (one class per file, no Composer at runtime).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports;

defined( 'ABSPATH' ) || exit;

final class Autoloader {

	private const PREFIX = __NAMESPACE__ . '\\';

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
