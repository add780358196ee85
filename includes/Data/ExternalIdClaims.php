<?php
/**
 * Makes "is this external_id free? then write it" one step across concurrent requests and web nodes.
 *
 * A job's external_id lives in post meta, where no unique key can be declared; applications have one
 * (applications.external_key) but a request that loses the race there only learns it from a failed INSERT. So each
 * write that gives a record an external_id first claims it (Data\OptionClaims: an options row per external key,
 * inserted with INSERT IGNORE; the primary key decides), checks it inside the claim, writes and commits, and
 * releases it. A second request for the same external_id waits for the first to finish, then finds it taken
 * (docs/api.md: 400 rest_invalid_param, params.external_id).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\ExternalId;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Claims on external ids, held around a check and its write.
 */
final class ExternalIdClaims {

	private const PREFIX = 'recruiting_reports_claim_external_';

	/** A claim this old was left by a request that died between claiming and releasing: it is taken over. */
	private const STALE_SECONDS = 60;

	/** How long a request waits for another one holding the same external_id (each holds it for one write). */
	private const WAIT_SECONDS = 10;

	/** Pause between two attempts to claim, in microseconds. */
	private const POLL_MICROSECONDS = 20000;

	/**
	 * Runs $work while holding the claims on $external_ids of one kind of record. Call it outside a transaction
	 * (Data\Transaction), with the transaction inside $work: a claim written inside a transaction would be invisible
	 * to the other requests until the commit, and the check inside $work must start its snapshot after the
	 * previous holder's commit.
	 *
	 * @param string   $kind         'job' or 'application'.
	 * @param string[] $external_ids External ids as given (empty ones need no claim).
	 * @param callable $work         Checks and writes; its result is returned.
	 * @return mixed The result of $work, or 500 internal_error when a claim stayed held for WAIT_SECONDS.
	 */
	public static function hold( string $kind, array $external_ids, callable $work ) {
		$keys = array_filter( array_map( array( ExternalId::class, 'key' ), array_map( 'strval', $external_ids ) ), 'strlen' );
		// One name per key, in one order for every request, so that two requests claiming several never wait
		// for each other crosswise.
		$names = array_unique( array_map( static fn( $key ) => self::PREFIX . $kind . '_' . md5( $key ), $keys ) );
		sort( $names );
		if ( $names ) {
			// The check inside must see the previous holder's commit, which a read replica may not have yet.
			ReadReplicas::use_primary();
		}
		$held = array();
		try {
			foreach ( $names as $name ) {
				if ( ! self::acquire( $name ) ) {
					return new WP_Error( 'internal_error', __( 'Another request was writing the same external_id for too long; please try again.', 'recruiting-reports' ), array( 'status' => 500 ) );
				}
				$held[] = $name;
			}
			return $work();
		} finally {
			foreach ( $held as $name ) {
				OptionClaims::release( $name );
			}
		}
	}

	/**
	 * Claims one name, waiting while another request holds it, taking it over when that request died.
	 *
	 * @param string $name Option name.
	 * @return bool False when it stayed held for WAIT_SECONDS.
	 */
	private static function acquire( string $name ): bool {
		$deadline = microtime( true ) + self::WAIT_SECONDS;
		do {
			if ( OptionClaims::claim( $name, (string) time() ) ) {
				return true;
			}
			$since = OptionClaims::value( $name );
			if ( null !== $since && (int) $since < time() - self::STALE_SECONDS ) {
				OptionClaims::release_if( $name, $since );
				continue;
			}
			usleep( self::POLL_MICROSECONDS );
		} while ( microtime( true ) < $deadline );
		return false;
	}
}
