<?php
/**
 * Application statuses, pipeline stages and the transition rules of docs/targets.md#statuses-and-transitions.
 *
 * Pure logic (no WordPress, no database): the REST status endpoint, the importer and the
 * migrations all replay histories through this one class, so a history accepted by one path
 * is accepted by every path and produces the same timeline.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * Application statuses, pipeline stages and the transition rules of docs/targets.md#statuses-and-transitions.
 */
final class Pipeline {

	/** Pipeline stages in order; the index is the stage's rank. */
	public const STAGES = array( 'new', 'screening', 'interview', 'offer', 'hired' );

	/** Statuses that leave the pipeline but can be reopened. */
	public const EXITS = array( 'rejected', 'withdrawn' );

	public const STATUSES = array( 'new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn' );

	/**
	 * Consecutive stage pairs X→Y (the `by_stage` of time to hire): key => [prefix of their summary columns, X, Y].
	 */
	public const STEPS = array(
		'new_to_screening'       => array( 'ns', 'new', 'screening' ),
		'screening_to_interview' => array( 'si', 'screening', 'interview' ),
		'interview_to_offer'     => array( 'io', 'interview', 'offer' ),
		'offer_to_hire'          => array( 'oh', 'offer', 'hired' ),
	);

	/**
	 * The applications column holding entered(stage), the first time the stage was entered (applied_at for new).
	 *
	 * @param string $stage A pipeline stage.
	 * @return string
	 */
	public static function entered_column( string $stage ): string {
		return 'new' === $stage ? 'applied_at' : $stage . '_at';
	}

	/**
	 * Whether a value is one of the statuses.
	 *
	 * @param mixed $status Value.
	 * @return bool
	 */
	public static function is_status( $status ): bool {
		return is_string( $status ) && in_array( $status, self::STATUSES, true );
	}

	/**
	 * Rank of a pipeline stage (new = 0 … hired = 4), or -1 for rejected/withdrawn/unknown.
	 *
	 * @param string $status Status.
	 * @return int
	 */
	public static function rank( string $status ): int {
		$rank = array_search( $status, self::STAGES, true );
		return false === $rank ? -1 : (int) $rank;
	}

	/**
	 * Statuses an application may move to.
	 *
	 * @param string      $current       Current status.
	 * @param string|null $reopen_status The stage held before rejected/withdrawn (only used from those).
	 * @return string[]
	 */
	public static function allowed_targets( string $current, ?string $reopen_status ): array {
		if ( in_array( $current, self::EXITS, true ) ) {
			return null !== $reopen_status && self::rank( $reopen_status ) >= 0 ? array( $reopen_status ) : array();
		}
		$rank = self::rank( $current );
		if ( $rank < 0 || 'hired' === $current ) {
			return array();
		}
		return array_merge( array_slice( self::STAGES, $rank + 1 ), self::EXITS );
	}

	/**
	 * The state of a fresh application.
	 *
	 * @param int $applied_at Unix seconds.
	 * @return array{status:string,reopen_status:?string,max_stage:int,entered:array<string,int>,since:int,reason:?string}
	 */
	public static function initial_state( int $applied_at ): array {
		return array(
			'status'        => 'new',
			'reopen_status' => null,
			'max_stage'     => 0,
			'entered'       => array( 'new' => $applied_at ),
			// When the current status was entered (time in stage), and the reason of a current rejected/withdrawn.
			'since'         => $applied_at,
			'reason'        => null,
		);
	}

	/**
	 * Applies one status change to a state.
	 *
	 * Returns the new state, the same state for a no-op (same status), or null when the
	 * transition is not allowed.
	 *
	 * @param array       $state  A state from initial_state() or a previous apply().
	 * @param string      $target Target status.
	 * @param int         $at     Unix seconds (UTC) of the change.
	 * @param string|null $reason The reason's id when the target is rejected or withdrawn (Data\Reasons).
	 */
	public static function apply( array $state, string $target, int $at, ?string $reason = null ): ?array {
		if ( $target === $state['status'] ) {
			return $state;
		}
		if ( ! in_array( $target, self::allowed_targets( $state['status'], $state['reopen_status'] ), true ) ) {
			return null;
		}
		if ( in_array( $target, self::EXITS, true ) ) {
			$state['reopen_status'] = $state['status'];
		} else {
			$state['reopen_status'] = null;
			$rank                   = self::rank( $target );
			$state['max_stage']     = max( $state['max_stage'], $rank );
			if ( ! isset( $state['entered'][ $target ] ) ) {
				$state['entered'][ $target ] = $at;
			}
		}
		$state['status'] = $target;
		$state['since']  = $at;
		$state['reason'] = in_array( $target, self::EXITS, true ) ? $reason : null;
		return $state;
	}

	/**
	 * Replays a whole history from applied_at.
	 *
	 * @param int                                                    $applied_at Unix seconds.
	 * @param array<int,array{status:string,at:int,reason?:?string}> $history    Chronological changes.
	 * @return array{state:?array,error_index:?int,allowed:string[]} state null when entry error_index is not allowed.
	 */
	public static function replay( int $applied_at, array $history ): array {
		$state = self::initial_state( $applied_at );
		foreach ( array_values( $history ) as $index => $change ) {
			$next = self::apply( $state, $change['status'], $change['at'], $change['reason'] ?? null );
			if ( null === $next ) {
				return array(
					'state'       => null,
					'error_index' => $index,
					'allowed'     => self::allowed_targets( $state['status'], $state['reopen_status'] ),
				);
			}
			$state = $next;
		}
		return array(
			'state'       => $state,
			'error_index' => null,
			'allowed'     => array(),
		);
	}

	/**
	 * The application table's timeline columns for a state (entered times per stage, unix seconds).
	 *
	 * @param array $state A state from apply() or replay().
	 * @return array<string,int|string|null>
	 */
	public static function timeline_columns( array $state ): array {
		return array(
			'status'        => $state['status'],
			'reopen_status' => $state['reopen_status'],
			'max_stage'     => $state['max_stage'],
			'applied_at'    => $state['entered']['new'],
			'screening_at'  => $state['entered']['screening'] ?? null,
			'interview_at'  => $state['entered']['interview'] ?? null,
			'offer_at'      => $state['entered']['offer'] ?? null,
			'hired_at'      => $state['entered']['hired'] ?? null,
			// Time to hire in seconds, stored so hires can be read in that order (reports' median).
			'hire_seconds'  => isset( $state['entered']['hired'] ) ? $state['entered']['hired'] - $state['entered']['new'] : null,
			'status_since'  => $state['since'],
			'exit_reason'   => $state['reason'],
		);
	}
}
