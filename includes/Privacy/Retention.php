<?php
/**
 * Privacy\Retention: applying the retention rules (daily cron, `wp recruiting retention run`, the preview).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Privacy;

use RecruitingReports\Data\ApplicationEraser;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\OptionClaims;
use RecruitingReports\Domain\Iso8601;

defined( 'ABSPATH' ) || exit;

/**
 * Applies RetentionRules: each rule's due applications are anonymised or deleted through ApplicationEraser (the
 * path of the privacy eraser and DELETE /applications/{id}: history, notes and ratings go, report summaries stay
 * consistent, application.deleted is queued), a batch at a time.
 *
 * Exactly once across web nodes: WP-Cron may fire the daily event on two nodes at once (both read the same cron
 * array before either reschedules it). A run first claims the site's calendar day (Data\OptionClaims: an options row
 * named after the day that only one node can insert), and every run — cron or WP-CLI — holds the run lock, another
 * such claim, while it works.
 *
 * A cron run works within a time budget (SECONDS, filterable; a web request running WP-Cron is usually cut off after
 * PHP's 30 s, and a run cut off would log nothing and hold the lock for LOCK_SECONDS): when the budget is spent it
 * stops between two applications, keeps where each rule got to (PROGRESS_OPTION), and schedules a continuation a
 * minute later that carries on under the same day claim and the same instant the rules count back from, so the
 * day's run takes exactly the applications it would have taken in one go. WP-CLI runs have no budget.
 *
 * Each run is logged (counts only: no ids, no names) and kept for the Privacy settings (last LOG_SIZE runs); a run
 * in parts is one entry, updated by each part (`parts`, and `continued` while a continuation is to come).
 */
final class Retention {

	public const CRON_HOOK = 'recruiting_reports_retention';

	/** The single event carrying on a cron run that spent its time budget. */
	public const CONTINUE_HOOK = 'recruiting_reports_retention_continue';

	public const LOG_OPTION = 'recruiting_reports_retention_log';

	/** Where an unfinished cron run got to: its log entry, the instant it counts back from, each rule's last id. */
	private const PROGRESS_OPTION = 'recruiting_reports_retention_progress';

	/** A cron run's default time budget, well inside PHP's usual max_execution_time of 30 s. */
	private const SECONDS = 20;

	/** How long after a part its continuation runs. */
	private const CONTINUE_AFTER = 60;

	/** Options rows claimed by runs: `<prefix>day_<Y-m-d>` and `<prefix>lock`. */
	private const CLAIM_PREFIX = 'recruiting_reports_retention_';

	/** A run lock older than this is a crashed run's: taken over. */
	private const LOCK_SECONDS = 3600;

	/** Runs kept in the log. */
	private const LOG_SIZE = 30;

	/** Applications read per query. */
	private const BATCH = 500;

	/** The site's local time the daily run is scheduled at (few visitors, before the working day). */
	private const RUN_AT = '03:00';

	/**
	 * Hooks the daily event.
	 */
	public static function register(): void {
		add_action( self::CRON_HOOK, array( self::class, 'cron' ) );
		add_action( self::CONTINUE_HOOK, array( self::class, 'continue_run' ) );
		add_action( 'init', array( self::class, 'ensure_schedule' ) );
	}

	/** The daily event exists (re-created after deactivation cleared it). */
	public static function ensure_schedule(): void {
		if ( ! wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( self::next_run_at( time() ), 'daily', self::CRON_HOOK );
		}
	}

	/** Deactivation: no event left behind. */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
		wp_clear_scheduled_hook( self::CONTINUE_HOOK );
	}

	/**
	 * The next RUN_AT in the site's timezone after $now.
	 *
	 * @param int $now Unix seconds.
	 * @return int Unix seconds.
	 */
	public static function next_run_at( int $now ): int {
		$local = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( wp_timezone() );
		$at    = $local->modify( 'today ' . self::RUN_AT );
		return $at->getTimestamp() > $now ? $at->getTimestamp() : $at->modify( '+1 day' )->getTimestamp();
	}

	/**
	 * The daily event: runs the rules once per calendar day of the site, on one node.
	 *
	 * @param int|null $now Unix seconds (tests; default now).
	 * @return array|null The run's log entry; null when no rule is on or another node has today's run.
	 */
	public static function cron( $now = null ): ?array {
		$now = is_int( $now ) ? $now : time();
		if ( ! RetentionRules::any_on() ) {
			return null;
		}
		$day = wp_date( 'Y-m-d', $now );
		if ( ! self::claim( 'day_' . $day, (string) $now ) ) {
			return null;
		}
		self::forget_old_days( $now );
		return self::run( false, $now, 'cron', self::budget() );
	}

	/**
	 * The continuation event: carries on the unfinished cron run, within a new time budget, under the run lock.
	 *
	 * @return array|null The run's log entry; null when another run holds the lock (a WP-CLI run, this event fired on
	 *                    two nodes at once: tried again a minute later) or nothing is left to carry on (the event fired
	 *                    again after the run finished).
	 */
	public static function continue_run(): ?array {
		if ( ! self::lock() ) {
			if ( is_array( get_option( self::PROGRESS_OPTION ) ) ) {
				// Should the holder schedule its own continuation too, WordPress keeps one: it refuses a duplicate within 10 minutes.
				wp_schedule_single_event( time() + self::CONTINUE_AFTER, self::CONTINUE_HOOK );
			}
			return null;
		}
		try {
			$progress = get_option( self::PROGRESS_OPTION );
			return is_array( $progress ) ? self::carry_on( $progress, self::budget() ) : null;
		} finally {
			self::unlock();
		}
	}

	/**
	 * A cron run's time budget in seconds.
	 *
	 * @return float
	 */
	private static function budget(): float {
		/**
		 * Filters the seconds a retention cron run (and each continuation) works before it stops and schedules a
		 * continuation a minute later. Keep it well below PHP's max_execution_time. WP-CLI runs have no budget.
		 *
		 * @param int|float $seconds Seconds (default 20).
		 */
		return max( 0.0, (float) apply_filters( 'recruiting_reports_retention_seconds', self::SECONDS ) );
	}

	/**
	 * Applies every rule that is on (or, dry, counts what it would do), under the run lock.
	 *
	 * @param bool       $dry_run Count only.
	 * @param int        $now     Unix seconds the rules' months are counted back from.
	 * @param string     $trigger cron or cli (for the log).
	 * @param float|null $budget  Seconds to work before stopping and scheduling a continuation; null: no limit.
	 * @return array|null The log entry (a dry run is not logged); null when another run holds the lock.
	 */
	public static function run( bool $dry_run, int $now, string $trigger, ?float $budget = null ): ?array {
		if ( ! self::lock() ) {
			return null;
		}
		try {
			$started = microtime( true );
			$entry   = array(
				'at'        => Iso8601::format( $now ),
				'trigger'   => $trigger,
				'dry_run'   => $dry_run,
				'rules'     => array(),
				'failed'    => 0,
				'seconds'   => 0.0,
				'parts'     => 0,
				'continued' => false,
			);
			foreach ( RetentionRules::all() as $name => $rule ) {
				if ( 'off' !== $rule['action'] ) {
					$entry['rules'][ $name ] = $rule + array( 'applications' => $dry_run ? self::count( $name, $rule, $now ) : 0 );
				}
			}
			if ( $dry_run ) {
				$entry['seconds'] = round( microtime( true ) - $started, 1 );
				return $entry;
			}
			return self::carry_on(
				array(
					'entry' => $entry,
					'now'   => $now,
					'after' => array(),
				),
				$budget
			);
		} finally {
			self::unlock();
		}
	}

	/**
	 * One part of a run: applies its rules from where each got to until done or the budget is spent, then logs
	 * the run and — when not done — keeps the progress and schedules the continuation. The caller holds the lock.
	 *
	 * @param array      $progress {entry, now, after: rule => last id handled}.
	 * @param float|null $budget   Seconds; null: no limit.
	 * @return array The log entry.
	 */
	private static function carry_on( array $progress, ?float $budget ): array {
		$started  = microtime( true );
		$deadline = null === $budget ? null : $started + $budget;
		$entry    = $progress['entry'];
		$rules    = RetentionRules::all();
		$done     = true;
		++$entry['parts'];
		foreach ( $entry['rules'] as $name => $rule ) {
			if ( $rules[ $name ]['action'] !== $rule['action'] ) {
				continue; // Changed or turned off since the run began: the admin's change wins.
			}
			[ $handled, $failed, $after ] = self::apply( $name, $rule, (int) $progress['now'], (int) ( $progress['after'][ $name ] ?? 0 ), $deadline );

			$entry['rules'][ $name ]['applications'] += $handled;
			$entry['failed']                         += $failed;
			$progress['after'][ $name ]               = $after;
			if ( null !== $after ) {
				$done = false;
				break;
			}
		}
		$entry['seconds']   = round( $entry['seconds'] + microtime( true ) - $started, 1 );
		$entry['continued'] = ! $done;
		if ( null !== $budget ) {
			if ( $done ) {
				delete_option( self::PROGRESS_OPTION );
			} else {
				update_option( self::PROGRESS_OPTION, array( 'entry' => $entry ) + $progress, false );
				wp_schedule_single_event( time() + self::CONTINUE_AFTER, self::CONTINUE_HOOK );
			}
		}
		self::log( $entry );
		return $entry;
	}

	/**
	 * What each rule that is on would do today: counts and the Applications list's filters selecting them.
	 *
	 * @param int $now Unix seconds.
	 * @return array<string,array{action:string,months:int,applications:int,filters:array}>
	 */
	public static function preview( int $now ): array {
		$preview = array();
		foreach ( RetentionRules::all() as $name => $rule ) {
			if ( 'off' !== $rule['action'] ) {
				$preview[ $name ] = $rule + array(
					'applications' => self::count( $name, $rule, $now ),
					'filters'      => self::filters( $name, $rule, $now ),
				);
			}
		}
		return $preview;
	}

	/**
	 * The runs logged, newest first.
	 *
	 * @return array[]
	 */
	public static function log_entries(): array {
		$log = get_option( self::LOG_OPTION, array() );
		return is_array( $log ) ? array_values( $log ) : array();
	}

	/**
	 * The list filters (ApplicationExport::where(), GET /applications) of a rule's due applications: its
	 * statuses, last changed before the cutoff, and — for anonymisation — not anonymised yet.
	 *
	 * @param string $name Rule.
	 * @param array  $rule {action, months}.
	 * @param int    $now  Unix seconds.
	 * @return array
	 */
	public static function filters( string $name, array $rule, int $now ): array {
		$filters = array(
			'status'         => RetentionRules::statuses( $name ),
			'updated_before' => Iso8601::format( RetentionRules::cutoff( (int) $rule['months'], $now ) ),
		);
		if ( 'anonymise' === $rule['action'] ) {
			$filters['anonymised'] = false;
		}
		return $filters;
	}

	/**
	 * How many applications a rule would handle now.
	 *
	 * @param string $name Rule.
	 * @param array  $rule {action, months}.
	 * @param int    $now  Unix seconds.
	 * @return int
	 */
	private static function count( string $name, array $rule, int $now ): int {
		return ApplicationRepository::count_matching( self::filters( $name, $rule, $now ) );
	}

	/**
	 * Anonymises or deletes a rule's due applications above an id, lowest id first, a batch at a time, until done
	 * or past the deadline (checked after the first application, so every part gets somewhere).
	 *
	 * @param string     $name     Rule.
	 * @param array      $rule     {action, months}.
	 * @param int        $now      Unix seconds.
	 * @param int        $after    Last id handled (0: none).
	 * @param float|null $deadline microtime() to stop at; null: none.
	 * @return array [ handled, failed, last id handled when stopped early or null when done ].
	 */
	private static function apply( string $name, array $rule, int $now, int $after, ?float $deadline ): array {
		$filters = self::filters( $name, $rule, $now );
		$done    = 0;
		$failed  = 0;
		$tried   = 0;
		do {
			$ids     = ApplicationRepository::ids_matching( $filters, $after, self::BATCH );
			$batched = count( $ids );
			foreach ( $ids as $id ) {
				if ( $tried > 0 && null !== $deadline && microtime( true ) >= $deadline ) {
					return array( $done, $failed, $after );
				}
				$after  = $id;
				$result = 'delete' === $rule['action'] ? ApplicationEraser::delete( $id ) : ApplicationEraser::anonymise( $id );
				++$tried;
				if ( true === $result ) {
					++$done;
				} elseif ( 'resource_not_found' !== $result->get_error_code() ) {
					++$failed; // Gone meanwhile is not a failure; anything else is counted and retried tomorrow.
				}
			}
		} while ( self::BATCH === $batched );
		return array( $done, $failed, null );
	}

	/**
	 * Claims an options row: true for the one caller whose INSERT IGNORE inserted it.
	 *
	 * @param string $name  Name after CLAIM_PREFIX.
	 * @param string $value Value.
	 * @return bool
	 */
	private static function claim( string $name, string $value ): bool {
		return OptionClaims::claim( self::CLAIM_PREFIX . $name, $value );
	}

	/**
	 * Takes the run lock; a lock older than LOCK_SECONDS (a crashed run) is removed first, by a delete that only the
	 * one caller who read that stale value can make.
	 *
	 * @return bool
	 */
	private static function lock(): bool {
		if ( self::claim( 'lock', (string) time() ) ) {
			return true;
		}
		$held_since = OptionClaims::value( self::CLAIM_PREFIX . 'lock' );
		if ( null !== $held_since && (int) $held_since < time() - self::LOCK_SECONDS
			&& OptionClaims::release_if( self::CLAIM_PREFIX . 'lock', $held_since ) ) {
			return self::claim( 'lock', (string) time() );
		}
		return false;
	}

	/** Releases the run lock. */
	private static function unlock(): void {
		OptionClaims::release( self::CLAIM_PREFIX . 'lock' );
	}

	/**
	 * Deletes the day claims older than a week (a claim only has to outlive its own day).
	 *
	 * @param int $now Unix seconds.
	 */
	private static function forget_old_days( int $now ): void {
		OptionClaims::release_before( self::CLAIM_PREFIX . 'day_', self::CLAIM_PREFIX . 'day_' . wp_date( 'Y-m-d', $now - WEEK_IN_SECONDS ) );
	}

	/**
	 * Adds a run to the log (newest first, LOG_SIZE kept), or updates its entry there when this is a later part of
	 * it (the same start and trigger). Only the lock's holder writes it.
	 *
	 * @param array $entry Log entry.
	 */
	private static function log( array $entry ): void {
		$log = self::log_entries();
		foreach ( $log as $index => $logged ) {
			if ( $logged['at'] === $entry['at'] && $logged['trigger'] === $entry['trigger'] ) {
				$log[ $index ] = $entry;
				update_option( self::LOG_OPTION, $log, false );
				return;
			}
		}
		update_option( self::LOG_OPTION, array_slice( array_merge( array( $entry ), $log ), 0, self::LOG_SIZE ), false );
	}
}
