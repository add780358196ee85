<?php
/**
 * The plugin's domain events, as WordPress actions, so that writers do not know their listeners
 * (report cache invalidation, webhooks).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's domain events, as WordPress actions, so that writers do not know their listeners (report cache invalidation, webhooks).
 */
final class Events {

	/** Webhook-visible events (docs/api.md#resources). */
	public const JOB_CREATED                = 'job.created';
	public const JOB_UPDATED                = 'job.updated';
	public const JOB_DELETED                = 'job.deleted';
	public const APPLICATION_CREATED        = 'application.created';
	public const APPLICATION_STATUS_CHANGED = 'application.status_changed';
	public const APPLICATION_DELETED        = 'application.deleted';
	public const APPLICATION_STALE          = 'application.stale';

	public const ALL = array(
		self::JOB_CREATED,
		self::JOB_UPDATED,
		self::JOB_DELETED,
		self::APPLICATION_CREATED,
		self::APPLICATION_STATUS_CHANGED,
		self::APPLICATION_DELETED,
		self::APPLICATION_STALE,
	);

	/** Fired for every domain event; listeners: webhooks queue. */
	public const EVENT_ACTION = 'recruiting_reports_event';

	/** Fired after any write that can change a report; listeners: report cache. */
	public const DATA_CHANGED_ACTION = 'recruiting_reports_data_changed';

	/**
	 * Fires a domain event (docs/api.md#resources webhooks) with its payload.
	 *
	 * @param string $event   Event.
	 * @param array  $payload Payload.
	 */
	public static function emit( string $event, array $payload ): void {
		do_action( self::EVENT_ACTION, $event, $payload ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed (recruiting_reports_event).
	}

	/**
	 * Fires after a write that can change a report (the report cache listens).
	 *
	 * @param int|null $since The start (unix seconds) of the earliest UTC day or month whose figures the write changed
	 *                        (ReportSummary::changed_since(), PHP_INT_MAX for none), when the write knows it; null
	 *                        (the default) when any period may have changed. Reports of periods that ended before the
	 *                        current month stay cached after a write that changed only later days (ReportCache).
	 */
	public static function data_changed( ?int $since = null ): void {
		do_action( self::DATA_CHANGED_ACTION, $since ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed (recruiting_reports_data_changed).
	}
}
