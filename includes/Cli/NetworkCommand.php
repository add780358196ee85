<?php
/**
 * `wp recruiting network upgrade`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Network\Lifecycle;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin on a multisite network.
 */
final class NetworkCommand {

	/** Sites per batch (each batch reports its progress). */
	private const BATCH = 50;

	/**
	 * Brings every site's recruiting tables up to date, and sets up sites that have none yet — what Network Admin ›
	 * Updates › Upgrade Network does, without a request to each site.
	 *
	 * ## OPTIONS
	 *
	 * [--after=<site-id>]
	 * : Go on after this site id (an upgrade cut short says where it stopped).
	 * ---
	 * default: 0
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting network upgrade
	 *     Success: Every site's recruiting tables are up to date.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function upgrade( array $args, array $assoc_args ): void {
		unset( $args );
		if ( ! is_multisite() ) {
			WP_CLI::error( __( 'This is not a multisite network.', 'recruiting-reports' ) );
		}
		$after = absint( $assoc_args['after'] ?? 0 );
		do {
			$after = Lifecycle::upgrade( $after, self::BATCH );
			if ( null !== $after ) {
				/* translators: %d: site id. */
				WP_CLI::log( sprintf( __( 'Up to date through site %d…', 'recruiting-reports' ), $after ) );
			}
		} while ( null !== $after );
		WP_CLI::success( __( 'Every site\'s recruiting tables are up to date.', 'recruiting-reports' ) );
	}
}
