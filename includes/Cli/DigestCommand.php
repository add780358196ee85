<?php
/**
 * `wp recruiting digest preview|send`: the same code paths as "Send me a test now" (Digests::preview(),
 * Digests::send_test()) and the hourly event (Digests::queue_due()).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Digests\Digests;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Previews and sends e-mail digests.
 */
final class DigestCommand {

	/**
	 * Prints the digest a user would get for the latest period (weekly when the user has none).
	 *
	 * ## OPTIONS
	 *
	 * --user=<user>
	 * : User id, login or e-mail.
	 *
	 * [--part=<part>]
	 * : Which part to print.
	 * ---
	 * default: text
	 * options:
	 *   - text
	 *   - html
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting digest preview --user=anna --part=html > digest.html
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function preview( array $args, array $assoc_args ): void {
		unset( $args );
		$preview = Digests::preview( self::user( $assoc_args ) );
		if ( is_wp_error( $preview ) ) {
			Commands::fail( $preview );
		}
		WP_CLI::line( 'html' === ( $assoc_args['part'] ?? 'text' ) ? $preview['html'] : $preview['subject'] . "\n\n" . $preview['text'] );
	}

	/**
	 * Queues digests: one for a user now (as "Send me a test now"), or every digest that is due (as the hourly
	 * event; each period once).
	 *
	 * ## OPTIONS
	 *
	 * [--user=<user>]
	 * : User id, login or e-mail: send this user the latest period's digest now.
	 *
	 * [--due]
	 * : Queue every due digest.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting digest send --user=anna
	 *     Success: Queued message 42; WP-Cron sends it.
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function send( array $args, array $assoc_args ): void {
		unset( $args );
		if ( ! empty( $assoc_args['due'] ) ) {
			/* translators: %d: number of digests. */
			WP_CLI::success( sprintf( __( 'Queued %d digests.', 'recruiting-reports' ), Digests::queue_due() ) );
			return;
		}
		$id = Digests::send_test( self::user( $assoc_args ) );
		if ( is_wp_error( $id ) ) {
			Commands::fail( $id );
		}
		/* translators: %d: message id. */
		WP_CLI::success( sprintf( __( 'Queued message %d; WP-Cron sends it.', 'recruiting-reports' ), $id ) );
	}

	/**
	 * The --user argument as a user id.
	 *
	 * @param array $assoc_args Named arguments.
	 */
	private static function user( array $assoc_args ): int {
		$given = (string) ( $assoc_args['user'] ?? '' );
		$user  = is_numeric( $given ) ? get_userdata( (int) $given ) : ( get_user_by( 'login', $given ) ? get_user_by( 'login', $given ) : get_user_by( 'email', $given ) );
		if ( ! $user ) {
			WP_CLI::error( __( 'No such user: give --user=<id|login|e-mail>.', 'recruiting-reports' ) );
		}
		return $user->ID;
	}
}
