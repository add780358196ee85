<?php
/**
 * `wp recruiting keys list|create|revoke`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Cli;

use RecruitingReports\Auth\Access;
use RecruitingReports\Auth\ApiKeys;
use RecruitingReports\Data\ApiKeyRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use WP_CLI;

defined( 'ABSPATH' ) || exit;

/**
 * Manages the plugin's API keys (X-Recruiting-API-Key).
 */
final class KeysCommand {

	private const FIELDS = array( 'id', 'name', 'environment', 'hint', 'permissions', 'owner', 'status', 'created_at', 'last_used_at', 'expires_at' );

	/** Keys read per query while listing. */
	private const PAGE = 100;

	/**
	 * Lists API keys, newest first (never the keys: only their hashes are stored).
	 *
	 * ## OPTIONS
	 *
	 * [--status=<status>]
	 * : Only keys in this state.
	 * ---
	 * default: all
	 * options:
	 *   - all
	 *   - active
	 *   - expired
	 *   - revoked
	 * ---
	 *
	 * [--fields=<fields>]
	 * : Fields to show (default: id, name, environment, hint, permissions, owner, status, created_at, last_used_at, expires_at; also revoked_at).
	 *
	 * [--format=<format>]
	 * : Output format.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 *   - count
	 *   - ids
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting keys list --status=active --fields=id,name,owner
	 *
	 * @subcommand list
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function list_( array $args, array $assoc_args ): void {
		unset( $args );
		$rows = array();
		for ( $page = 1; ; $page++ ) {
			$result = ApiKeyRepository::query(
				array(
					'status'   => (string) $assoc_args['status'],
					'page'     => $page,
					'per_page' => self::PAGE,
				)
			);
			array_push( $rows, ...$result['rows'] );
			if ( count( $result['rows'] ) < self::PAGE ) {
				break;
			}
		}
		$format = (string) \WP_CLI\Utils\get_flag_value( $assoc_args, 'format', 'table' );
		$fields = isset( $assoc_args['fields'] ) ? Input::list( (string) $assoc_args['fields'] ) : self::FIELDS;
		Commands::print_items( $format, array_map( array( self::class, 'item' ), $rows ), $fields );
	}

	/**
	 * Creates an API key owned by the current user (--user) and prints it once.
	 *
	 * The same rules as POST /recruiting/v1/api-keys: the owner must hold every
	 * permission given, and the key can never do more than its owner can at the
	 * time of a request.
	 *
	 * ## OPTIONS
	 *
	 * --name=<name>
	 * : A name to recognise the key by, such as the tool that uses it.
	 *
	 * --permissions=<permissions>
	 * : Comma-separated: recruiting_read_jobs, recruiting_write_jobs, recruiting_read_applications, recruiting_write_applications, recruiting_manage_settings.
	 *
	 * [--env=<env>]
	 * : The key's environment (its prefix rp_live_ or rp_test_).
	 * ---
	 * default: live
	 * options:
	 *   - live
	 *   - test
	 * ---
	 *
	 * [--expires=<date>]
	 * : When the key stops working: a date (YYYY-MM-DD, valid through that day in the site's timezone) or an ISO 8601 date-time with an offset. Default: never.
	 *
	 * [--porcelain]
	 * : Print only the key.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting keys create --user=admin --name="Looker" --permissions=recruiting_read_jobs,recruiting_read_applications --expires=2026-12-31
	 *     Success: Created the API key 3 ("Looker", live, owner admin). Copy it now; it cannot be shown again:
	 *     rp_live_…
	 *
	 *     $ KEY=$(wp recruiting keys create --user=admin --name=CI --permissions=recruiting_read_applications --env=test --porcelain)
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function create( array $args, array $assoc_args ): void {
		unset( $args );
		$owner = wp_get_current_user();
		if ( ! $owner->exists() ) {
			WP_CLI::error( __( 'An API key belongs to a user: run the command as its owner with --user=<id|login|email>.', 'recruiting-reports' ) );
		}
		$name = sanitize_text_field( (string) $assoc_args['name'] );
		if ( '' === $name ) {
			WP_CLI::error( __( 'The name must not be empty.', 'recruiting-reports' ) );
		}
		$permissions = array_values( array_unique( Input::list( (string) $assoc_args['permissions'] ) ) );
		$unknown     = array_diff( $permissions, Capabilities::ALL );
		if ( ! $permissions || $unknown ) {
			/* translators: 1: unknown permissions, 2: allowed permissions. */
			WP_CLI::error( sprintf( __( 'Unknown permission(s): %1$s. Give one or more of: %2$s.', 'recruiting-reports' ), $unknown ? implode( ', ', $unknown ) : '""', implode( ', ', Capabilities::ALL ) ) );
		}
		$lacking = array_values( array_filter( $permissions, static fn( $cap ) => ! Access::user_can( $cap ) ) );
		if ( $lacking ) {
			/* translators: 1: user login, 2: list of permissions. */
			WP_CLI::error( sprintf( __( '%1$s cannot grant permissions they do not have: %2$s.', 'recruiting-reports' ), $owner->user_login, implode( ', ', $lacking ) ) );
		}
		$expires = isset( $assoc_args['expires'] ) ? self::expiry( (string) $assoc_args['expires'] ) : null;

		$created = ApiKeys::create( $owner->ID, $name, (string) $assoc_args['env'], $permissions, $expires );
		if ( is_wp_error( $created ) ) {
			Commands::fail( $created );
		}
		if ( \WP_CLI\Utils\get_flag_value( $assoc_args, 'porcelain', false ) ) {
			WP_CLI::line( $created['key'] );
			return;
		}
		/* translators: 1: key id, 2: key name, 3: environment, 4: owner's login. */
		WP_CLI::success( sprintf( __( 'Created the API key %1$d ("%2$s", %3$s, owner %4$s). Copy it now; it cannot be shown again:', 'recruiting-reports' ), (int) $created['row']['id'], $name, $created['row']['environment'], $owner->user_login ) );
		WP_CLI::line( $created['key'] );
	}

	/**
	 * Revokes API keys: they answer 401 from now on; their records stay.
	 *
	 * ## OPTIONS
	 *
	 * <id>...
	 * : One or more key ids (see `wp recruiting keys list`).
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp recruiting keys revoke 3
	 *     Success: Revoked the API key 3 ("Looker").
	 *
	 * @param string[] $args       Positional arguments.
	 * @param array    $assoc_args Named arguments.
	 */
	public function revoke( array $args, array $assoc_args ): void {
		unset( $assoc_args );
		$rows = array();
		// Every id is checked before any is revoked, so a typo revokes nothing.
		foreach ( $args as $id ) {
			$row = ctype_digit( $id ) ? ApiKeyRepository::find( (int) $id ) : null;
			if ( ! $row ) {
				/* translators: %s: the id given. */
				WP_CLI::error( sprintf( __( 'No API key with id "%s"; nothing was revoked.', 'recruiting-reports' ), $id ) );
			}
			$rows[] = $row;
		}
		foreach ( $rows as $row ) {
			ApiKeyRepository::revoke( (int) $row['id'] );
			/* translators: 1: key id, 2: key name. */
			WP_CLI::success( sprintf( __( 'Revoked the API key %1$d ("%2$s").', 'recruiting-reports' ), (int) $row['id'], $row['name'] ) );
		}
	}

	/**
	 * The expiry time of --expires, in the future; exits with an error otherwise.
	 *
	 * @param string $value YYYY-MM-DD (through the end of that day, site timezone) or ISO 8601 with an offset.
	 */
	private static function expiry( string $value ): int {
		$time = Iso8601::parse( $value );
		if ( null === $time && preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $value, $m ) && checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			$time = ( new \DateTimeImmutable( $value . ' 00:00:00', wp_timezone() ) )->modify( '+1 day' )->getTimestamp();
		}
		if ( null === $time || $time <= time() ) {
			/* translators: %s: the value given. */
			WP_CLI::error( sprintf( __( '--expires=%s: give a future date (YYYY-MM-DD) or an ISO 8601 date-time with an offset.', 'recruiting-reports' ), $value ) );
		}
		return $time;
	}

	/**
	 * A key row as a list item (times ISO 8601 UTC, as in the API).
	 *
	 * @param array $row A row of the api_keys table.
	 */
	private static function item( array $row ): array {
		$time  = static fn( $value ) => null === $value ? '' : Iso8601::format( (int) $value );
		$owner = get_userdata( (int) $row['user_id'] );
		return array(
			'id'           => (int) $row['id'],
			'name'         => (string) $row['name'],
			'environment'  => (string) $row['environment'],
			'hint'         => (string) $row['hint'],
			'permissions'  => implode( ',', ApiKeys::permissions_of( $row ) ),
			'owner'        => $owner ? $owner->user_login : '',
			'status'       => ApiKeys::status( $row ),
			'created_at'   => $time( $row['created_at'] ),
			'last_used_at' => $time( $row['last_used_at'] ),
			'expires_at'   => $time( $row['expires_at'] ),
			'revoked_at'   => $time( $row['revoked_at'] ),
		);
	}
}
