<?php
/**
 * The reasons an application is rejected or withdrawn (Settings › General): two lists of {id, label, retired}.
 * A history row stores the reason's id, never its label, so a rename shows the new label everywhere (the timeline,
 * the list, the CSV, the rejections report) and a retired reason keeps its label for the history that holds it:
 * a reason once listed is never removed, only retired (no new status change may use it).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Rejection and withdrawal reasons.
 */
final class Reasons {

	/** The settings holding each exit status's list. */
	public const LISTS = array(
		'rejected'  => 'rejection_reasons',
		'withdrawn' => 'withdrawal_reasons',
	);

	/** A reason id: a lower-case slug. */
	public const ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

	/**
	 * The lists a new site starts with (labels translated when the defaults are stored).
	 *
	 * @return array<string,array[]> setting name => reasons.
	 */
	public static function defaults(): array {
		$list = static fn( array $labels ) => array_map(
			static fn( $id, $label ) => array(
				'id'      => $id,
				'label'   => $label,
				'retired' => false,
			),
			array_keys( $labels ),
			$labels
		);
		return array(
			'rejection_reasons'  => $list(
				array(
					'not-qualified'       => __( 'Not qualified', 'recruiting-reports' ),
					'experience'          => __( 'Not enough experience', 'recruiting-reports' ),
					'culture-fit'         => __( 'Not a fit for the team', 'recruiting-reports' ),
					'salary'              => __( 'Salary expectations', 'recruiting-reports' ),
					'stronger-candidate'  => __( 'Another candidate was stronger', 'recruiting-reports' ),
					'position-filled'     => __( 'Position filled or closed', 'recruiting-reports' ),
					'no-show'             => __( 'Did not show up', 'recruiting-reports' ),
				)
			),
			'withdrawal_reasons' => $list(
				array(
					'other-offer'   => __( 'Accepted another offer', 'recruiting-reports' ),
					'compensation'  => __( 'Compensation', 'recruiting-reports' ),
					'location'      => __( 'Location or remote work', 'recruiting-reports' ),
					'process'       => __( 'Process too slow', 'recruiting-reports' ),
					'personal'      => __( 'Personal reasons', 'recruiting-reports' ),
					'no-response'   => __( 'Stopped responding', 'recruiting-reports' ),
				)
			),
		);
	}

	/**
	 * JSON Schema of one list (Settings::schema()).
	 *
	 * @param string $description Description.
	 */
	public static function list_schema( string $description ): array {
		return array(
			'description' => $description,
			'type'        => 'array',
			'maxItems'    => 100,
			'items'       => array(
				'type'                 => 'object',
				'additionalProperties' => false,
				'properties'           => array(
					'id'      => array(
						'description' => __( 'Stable identifier stored in the history (a lower-case slug; made from the label when omitted).', 'recruiting-reports' ),
						'type'        => 'string',
						'pattern'     => self::ID_PATTERN,
						'maxLength'   => 64,
					),
					'label'   => array(
						'type'      => 'string',
						'minLength' => 1,
						'maxLength' => 100,
					),
					'retired' => array(
						'description' => __( 'Retired reasons keep their label for the history but cannot be chosen any more.', 'recruiting-reports' ),
						'type'        => 'boolean',
					),
				),
				'required'             => array( 'label' ),
			),
		);
	}

	/**
	 * A list as stored after an update: the given reasons in their order (ids made from labels where missing), then
	 * every reason the stored list had that the update left out, retired, so that no history loses its label.
	 *
	 * @param array[] $stored The list as stored.
	 * @param array[] $given  The list as sent (validated by list_schema()).
	 * @return array[]
	 */
	public static function merge( array $stored, array $given ): array {
		$merged = array();
		foreach ( $given as $reason ) {
			$label = sanitize_text_field( (string) $reason['label'] );
			$id    = isset( $reason['id'] ) && '' !== $reason['id'] ? (string) $reason['id'] : self::slug( $label, $merged + self::by_id( $stored ) );
			if ( '' === $label || isset( $merged[ $id ] ) ) {
				continue;
			}
			$merged[ $id ] = array(
				'id'      => $id,
				'label'   => $label,
				'retired' => (bool) ( $reason['retired'] ?? false ),
			);
		}
		foreach ( self::by_id( $stored ) as $id => $reason ) {
			if ( ! isset( $merged[ $id ] ) ) {
				$merged[ $id ] = array( 'retired' => true ) + $reason;
			}
		}
		return array_values( $merged );
	}

	/**
	 * Checks the reason of a status change: 400 (the API's error shape, `params.reason`) for a reason on a status
	 * other than rejected or withdrawn, an unknown or retired reason, or a missing one when the setting
	 * `reason_required` is on.
	 *
	 * @param string      $status The target status.
	 * @param string|null $reason The reason's id, null when none was given.
	 * @return true|WP_Error
	 */
	public static function check( string $status, ?string $reason ) {
		if ( ! isset( self::LISTS[ $status ] ) ) {
			return null === $reason ? true : self::invalid( __( 'A reason is given only when rejecting or withdrawing.', 'recruiting-reports' ) );
		}
		if ( null === $reason ) {
			/* translators: %s: rejected or withdrawn. */
			return Settings::get( 'reason_required' ) ? self::invalid( sprintf( __( 'A reason is required when the status is %s.', 'recruiting-reports' ), $status ) ) : true;
		}
		$known = self::by_id( self::of( $status ) )[ $reason ] ?? null;
		if ( null === $known || $known['retired'] ) {
			$active = array_keys( array_filter( self::by_id( self::of( $status ) ), static fn( $item ) => ! $item['retired'] ) );
			return self::invalid(
				sprintf(
					/* translators: 1: the reason given, 2: the reasons that may be chosen. */
					__( '"%1$s" is not a current reason. Expected one of: %2$s.', 'recruiting-reports' ),
					$reason,
					implode( ', ', $active )
				)
			);
		}
		return true;
	}

	/**
	 * Whether a reason id is in an exit status's list, retired or not (imports may carry retired reasons: the
	 * history they migrate is older than the retirement).
	 *
	 * @param string $status rejected or withdrawn.
	 * @param string $reason The reason's id.
	 */
	public static function known( string $status, string $reason ): bool {
		return isset( self::by_id( self::of( $status ) )[ $reason ] );
	}

	/**
	 * The list of an exit status (every reason, retired ones included).
	 *
	 * @param string $status rejected or withdrawn.
	 * @return array[]
	 */
	public static function of( string $status ): array {
		return isset( self::LISTS[ $status ] ) ? (array) Settings::get( self::LISTS[ $status ] ) : array();
	}

	/**
	 * The label of a reason as it reads now (a renamed reason reads its new label; an id no list holds any more,
	 * which only a hand-edited option can cause, reads as itself).
	 *
	 * @param string      $status rejected or withdrawn.
	 * @param string|null $reason The reason's id.
	 * @return string|null Null for no reason.
	 */
	public static function label( string $status, ?string $reason ): ?string {
		if ( null === $reason || '' === $reason ) {
			return null;
		}
		return (string) ( self::by_id( self::of( $status ) )[ $reason ]['label'] ?? $reason );
	}

	/**
	 * A list keyed by id.
	 *
	 * @param array[] $list Reasons.
	 * @return array<string,array>
	 */
	private static function by_id( array $list ): array {
		$by_id = array();
		foreach ( $list as $reason ) {
			if ( is_array( $reason ) && isset( $reason['id'], $reason['label'] ) ) {
				$by_id[ (string) $reason['id'] ] = array(
					'id'      => (string) $reason['id'],
					'label'   => (string) $reason['label'],
					'retired' => ! empty( $reason['retired'] ),
				);
			}
		}
		return $by_id;
	}

	/**
	 * A new id from a label, unique among the ids taken.
	 *
	 * @param string $label Label.
	 * @param array  $taken Reasons by id.
	 */
	private static function slug( string $label, array $taken ): string {
		$base = trim( substr( (string) preg_replace( '/[^a-z0-9]+/', '-', strtolower( remove_accents( $label ) ) ), 0, 60 ), '-' );
		$base = '' === $base ? 'reason' : $base;
		$id   = $base;
		for ( $n = 2; isset( $taken[ $id ] ); $n++ ) {
			$id = $base . '-' . $n;
		}
		return $id;
	}

	/**
	 * The 400 for a bad reason.
	 *
	 * @param string $message Message.
	 */
	private static function invalid( string $message ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			/* translators: %s: parameter name. */
			sprintf( __( 'Invalid parameter(s): %s', 'recruiting-reports' ), 'reason' ),
			array(
				'status' => 400,
				'params' => array( 'reason' => $message ),
			)
		);
	}
}
