<?php
/**
 * Registers `wp recruiting …` (loaded only under WP-CLI). The commands are a thin shell over the services
 * the REST API uses: they parse arguments, call the service and print; the rules live in the services.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * The list of commands and the shared error output.
 */
final class Commands {

	/** Sub-command => class. */
	private const COMMANDS = array(
		'import'    => ImportCommand::class,
		'report'    => ReportCommand::class,
		'seed'      => SeedCommand::class,
		'summaries' => SummariesCommand::class,
		'webhooks'  => WebhooksCommand::class,
		'cache'     => CacheCommand::class,
		'keys'      => KeysCommand::class,
		'retention' => RetentionCommand::class,
		'network'   => NetworkCommand::class,
	);

	/** Adds every command to WP-CLI. */
	public static function register(): void {
		WP_CLI::add_command( 'recruiting', RecruitingNamespace::class );
		foreach ( self::COMMANDS as $name => $class ) {
			WP_CLI::add_command( 'recruiting ' . $name, $class );
		}
	}

	/**
	 * Prints list items with WP-CLI's formatter (format "ids" prints the items' ids).
	 *
	 * @param string   $format table, json, csv, yaml, count or ids.
	 * @param array[]  $items  Items, each with an "id".
	 * @param string[] $fields Fields to show.
	 */
	public static function print_items( string $format, array $items, array $fields ): void {
		if ( 'ids' === $format ) {
			$items = wp_list_pluck( $items, 'id' );
		}
		\WP_CLI\Utils\format_items( $format, $items, $fields );
	}

	/**
	 * Prints a service's WP_Error and exits with 1: every problem of data.params on its own line (to
	 * STDERR), then the message.
	 *
	 * @param \WP_Error $error A service's error (REST-shaped: data.params is path => message).
	 */
	public static function fail( \WP_Error $error ): void {
		$data = $error->get_error_data();
		foreach ( (array) ( $data['params'] ?? array() ) as $path => $message ) {
			WP_CLI::warning( $path . ': ' . $message );
		}
		WP_CLI::error( $error->get_error_message() );
	}
}
