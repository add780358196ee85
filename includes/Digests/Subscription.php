<?php
/**
 * A user's digest subscription: how often (daily, weekly or monthly, or off), on which weekday (weekly) and at which
 * hour of the site's timezone, which reports' headline figures, optionally one job, and whether the user wants the
 * "new application" alerts and the daily "stale candidates" alert. Only users with Read Applications may have one; the check is repeated whenever a digest
 * is due (Digests::queue_due()).
 *
 * Besides the user's choices the stored value keeps `since` (when the digest was switched on: the unsubscribe
 * link's signature covers it, and no period due before it is sent) and `last_period` (the start of the last period
 * queued, so the hourly run renders each digest once) and `alert_after` (the last application an alert covered).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\DigestSubscriptions;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Reports\ReportRegistry;
use RecruitingReports\Reports\ReportService;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Digest subscriptions: defaults, validation, eligibility.
 */
final class Subscription {

	public const FREQUENCIES = array( 'off', 'daily', 'weekly', 'monthly' );

	/** What a user who never subscribed has: off, and once switched on Monday 08:00, the overview and hires. */
	public static function defaults(): array {
		return array(
			'frequency'              => 'off',
			'weekday'                => 1,
			'hour'                   => 8,
			'reports'                => array( ReportService::OVERVIEW, ReportService::TIME_TO_HIRE ),
			'job_id'                 => null,
			'alert_new_applications' => false,
			'alert_stale'            => false,
			'since'                  => 0,
			'last_period'            => '',
			'alert_after'            => 0,
		);
	}

	/**
	 * A user's subscription with the defaults filled in.
	 *
	 * @param int $user_id User id.
	 */
	public static function of( int $user_id ): array {
		$stored = DigestSubscriptions::get( $user_id ) ?? array();
		return array_intersect_key( $stored, self::defaults() ) + self::defaults();
	}

	/**
	 * Whether a user may have a subscription (and be sent a digest): an existing user with Read Applications.
	 *
	 * @param int $user_id User id.
	 */
	public static function allowed( int $user_id ): bool {
		return $user_id > 0 && get_userdata( $user_id ) && user_can( $user_id, Capabilities::READ_APPLICATIONS );
	}

	/**
	 * Changes a user's subscription with the fields given (others kept), validated.
	 *
	 * @param int   $user_id User id.
	 * @param array $changes frequency, weekday, hour, reports, job_id, alert_new_applications, alert_stale.
	 * @param int   $now     Unix seconds (when a digest is switched on).
	 * @return array|WP_Error The stored subscription, or 400 rest_invalid_param.
	 */
	public static function update( int $user_id, array $changes, int $now ) {
		$current = self::of( $user_id );
		$next    = self::validated( array_intersect_key( $changes, self::defaults() ) + $current );
		if ( $next instanceof WP_Error ) {
			return $next;
		}
		if ( 'off' !== $next['frequency'] && ( 'off' === $current['frequency'] || $next['frequency'] !== $current['frequency'] ) ) {
			// A new subscription (or another rhythm) starts now: no period due earlier is sent, and links in older
			// digests no longer match it.
			$next['since']       = $now;
			$next['last_period'] = '';
		}
		if ( $next['alert_new_applications'] && ! $current['alert_new_applications'] ) {
			// Alerts start with the applications that arrive from now on.
			$next['alert_after'] = ApplicationRepository::max_id();
		}
		DigestSubscriptions::put( $user_id, $next );
		return $next;
	}

	/**
	 * Ends a user's digests and alerts (the unsubscribe link, or a user who lost Read Applications).
	 *
	 * @param int $user_id User id.
	 */
	public static function end( int $user_id ): void {
		DigestSubscriptions::delete( $user_id );
	}

	/**
	 * Records the period last queued.
	 *
	 * @param int    $user_id User id.
	 * @param string $start   The period's first day (YYYY-MM-DD).
	 */
	public static function mark_queued( int $user_id, string $start ): void {
		self::record( $user_id, array( 'last_period' => $start ) );
	}

	/**
	 * Drops the job filter of a subscription whose job was deleted.
	 *
	 * @param int $user_id User id.
	 * @return array The subscription now.
	 */
	public static function forget_job( int $user_id ): array {
		self::record( $user_id, array( 'job_id' => null ) );
		return self::of( $user_id );
	}

	/**
	 * Records the last application an alert covered.
	 *
	 * @param int $user_id        User id.
	 * @param int $application_id Application id.
	 */
	public static function mark_alerted( int $user_id, int $application_id ): void {
		self::record( $user_id, array( 'alert_after' => $application_id ) );
	}

	/**
	 * Changes bookkeeping fields of a stored subscription (none when it ended meanwhile).
	 *
	 * @param int   $user_id User id.
	 * @param array $fields  Fields.
	 */
	private static function record( int $user_id, array $fields ): void {
		$subscription = DigestSubscriptions::get( $user_id );
		if ( null !== $subscription ) {
			DigestSubscriptions::put( $user_id, $fields + $subscription );
		}
	}

	/**
	 * The subscription's fields checked and normalised.
	 *
	 * @param array $subscription All fields.
	 * @return array|WP_Error
	 */
	private static function validated( array $subscription ) {
		$errors = array();
		if ( ! in_array( $subscription['frequency'], self::FREQUENCIES, true ) ) {
			/* translators: %s: allowed values. */
			$errors['frequency'] = sprintf( __( 'Expected one of: %s.', 'recruiting-reports' ), implode( ', ', self::FREQUENCIES ) );
		}
		$weekday = filter_var( $subscription['weekday'], FILTER_VALIDATE_INT, array( 'options' => array( 'min_range' => 1, 'max_range' => 7 ) ) );
		if ( false === $weekday ) {
			$errors['weekday'] = __( 'Expected 1 (Monday) to 7 (Sunday).', 'recruiting-reports' );
		}
		$hour = filter_var( $subscription['hour'], FILTER_VALIDATE_INT, array( 'options' => array( 'min_range' => 0, 'max_range' => 23 ) ) );
		if ( false === $hour ) {
			$errors['hour'] = __( 'Expected an hour from 0 to 23.', 'recruiting-reports' );
		}
		$reports = array_values( array_unique( array_map( 'strval', (array) $subscription['reports'] ) ) );
		if ( ! $reports || array_diff( $reports, ReportRegistry::names() ) ) {
			/* translators: %s: list of report names. */
			$errors['reports'] = sprintf( __( 'Expected one or more of: %s.', 'recruiting-reports' ), implode( ', ', ReportRegistry::names() ) );
		}
		$job_id = null === $subscription['job_id'] || '' === $subscription['job_id'] || 0 === (int) $subscription['job_id'] ? null : (int) $subscription['job_id'];
		if ( null !== $job_id && ! JobRepository::get( $job_id ) ) {
			$errors['job_id'] = __( 'No such job.', 'recruiting-reports' );
		}
		if ( $errors ) {
			return new WP_Error(
				'rest_invalid_param',
				/* translators: %s: parameter names. */
				sprintf( __( 'Invalid parameter(s): %s', 'recruiting-reports' ), implode( ', ', array_keys( $errors ) ) ),
				array(
					'status' => 400,
					'params' => $errors,
				)
			);
		}
		return array(
			'frequency'              => $subscription['frequency'],
			'weekday'                => $weekday,
			'hour'                   => $hour,
			'reports'                => $reports,
			'job_id'                 => $job_id,
			'alert_new_applications' => (bool) $subscription['alert_new_applications'],
			'alert_stale'            => (bool) $subscription['alert_stale'],
			'since'                  => (int) $subscription['since'],
			'last_period'            => (string) $subscription['last_period'],
			'alert_after'            => (int) $subscription['alert_after'],
		);
	}
}
