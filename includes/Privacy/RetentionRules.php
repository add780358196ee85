<?php
/**
 * Privacy\RetentionRules: how long applications are kept (Settings → Privacy).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Privacy;

use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Rest\Gate;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The retention rules: for each final status (hired, rejected, withdrawn) and for open applications nobody has
 * touched, anonymise or delete them a number of months after their last change (`updated_at`: a status change, an
 * edit; for a final status that is when it was set). Every rule is off until an admin turns it on.
 */
final class RetentionRules {

	public const OPTION = 'recruiting_reports_retention';

	/** Open applications (any status before a final one) untouched for the rule's months. */
	public const OPEN = 'open';

	/** The rules, in the order the screen lists them. */
	public const RULES = array( 'hired', 'rejected', 'withdrawn', self::OPEN );

	public const ACTIONS = array( 'off', 'anonymise', 'delete' );

	/** Months the screen suggests (common practice: 6 months after a rejection, 1–3 years for hires' files). */
	public const SUGGESTED_MONTHS = array( 6, 12, 24, 36 );

	public const MAX_MONTHS = 120;

	/**
	 * Every rule off, with the months the screen starts from when one is turned on.
	 *
	 * @return array<string,array{action:string,months:int}>
	 */
	public static function defaults(): array {
		$months = array(
			'hired'     => 24,
			'rejected'  => 6,
			'withdrawn' => 6,
			self::OPEN  => 12,
		);
		return array_map(
			static fn( int $value ) => array(
				'action' => 'off',
				'months' => $value,
			),
			$months
		);
	}

	/**
	 * The rules as stored, over the defaults.
	 *
	 * @return array<string,array{action:string,months:int}>
	 */
	public static function all(): array {
		$stored = get_option( self::OPTION, array() );
		$rules  = self::defaults();
		foreach ( $rules as $name => $rule ) {
			if ( is_array( $stored[ $name ] ?? null ) ) {
				$rules[ $name ] = array(
					'action' => in_array( $stored[ $name ]['action'] ?? '', self::ACTIONS, true ) ? $stored[ $name ]['action'] : 'off',
					'months' => (int) ( $stored[ $name ]['months'] ?? $rule['months'] ),
				);
			}
		}
		return $rules;
	}

	/** Whether any rule is on. */
	public static function any_on(): bool {
		return (bool) array_filter( self::all(), static fn( array $rule ) => 'off' !== $rule['action'] );
	}

	/**
	 * Merges changed rules into the stored ones after validating them (rules not given keep their value).
	 *
	 * @param mixed $changes rule => {action?, months?}.
	 * @return array|WP_Error The rules now; rest_invalid_param (400) naming the first bad field.
	 */
	public static function update( $changes ) {
		if ( ! is_array( $changes ) ) {
			return Gate::invalid_param( array( 'rules' => __( 'rules must be an object.', 'recruiting-reports' ) ) );
		}
		$rules = self::all();
		foreach ( $changes as $name => $change ) {
			if ( ! isset( $rules[ $name ] ) || ! is_array( $change ) ) {
				/* translators: %s: list of rule names. */
				return Gate::invalid_param( array( "rules.$name" => sprintf( __( 'Rules are %s, each an object.', 'recruiting-reports' ), implode( ', ', self::RULES ) ) ) );
			}
			if ( array_key_exists( 'action', $change ) ) {
				if ( ! in_array( $change['action'], self::ACTIONS, true ) ) {
					/* translators: %s: list of actions. */
					return Gate::invalid_param( array( "rules.$name.action" => sprintf( __( 'action must be one of %s.', 'recruiting-reports' ), implode( ', ', self::ACTIONS ) ) ) );
				}
				$rules[ $name ]['action'] = $change['action'];
			}
			if ( array_key_exists( 'months', $change ) ) {
				if ( ! is_int( $change['months'] ) || $change['months'] < 1 || $change['months'] > self::MAX_MONTHS ) {
					/* translators: %d: most months. */
					return Gate::invalid_param( array( "rules.$name.months" => sprintf( __( 'months must be a whole number from 1 to %d.', 'recruiting-reports' ), self::MAX_MONTHS ) ) );
				}
				$rules[ $name ]['months'] = $change['months'];
			}
		}
		update_option( self::OPTION, $rules, false );
		return $rules;
	}

	/**
	 * The current statuses a rule covers.
	 *
	 * @param string $name Rule name.
	 * @return string[]
	 */
	public static function statuses( string $name ): array {
		return self::OPEN === $name ? array_values( array_diff( Pipeline::STATUSES, self::RULES ) ) : array( $name );
	}

	/**
	 * The instant before which a rule's applications are due: $months calendar months before $now in the site's
	 * timezone (so "6 months" ends at the same wall-clock time, whatever daylight saving did in between).
	 *
	 * @param int $months Months.
	 * @param int $now    Unix seconds.
	 * @return int Unix seconds.
	 */
	public static function cutoff( int $months, int $now ): int {
		$local = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( wp_timezone() );
		$day   = (int) $local->format( 'j' );
		$month = $local->modify( 'first day of this month' )->modify( "-$months months" );
		// The same day of the month, or the month's last day (31 August minus 6 months is 28/29 February).
		$month = $month->setDate( (int) $month->format( 'Y' ), (int) $month->format( 'n' ), min( $day, (int) $month->format( 't' ) ) );
		return $month->getTimestamp();
	}
}
