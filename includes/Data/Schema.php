<?php
/**
 * The plugin's custom tables, in one place, and the versioned migrations that create and upgrade them.
 *
 * Conventions: every time in these tables is a UTC instant stored as unix seconds (BIGINT), so that
 * report arithmetic (durations, ranges) is plain integer SQL on both MySQL/MariaDB and SQLite; it is
 * converted to ISO 8601 only at the REST edge, and to site-timezone calendar dates only in reports.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's custom tables, in one place, and the versioned migrations that create and upgrade them.
 */
final class Schema {

	/** Bump when the table definitions change; add a step to migrations() when data must move. */
	public const VERSION = 17;

	public const VERSION_OPTION = 'recruiting_reports_db_version';

	public const TABLES = array(
		'applications',
		'status_history',
		'notes',
		'ratings',
		'api_keys',
		'rate_limits',
		'webhooks',
		'webhook_deliveries',
		'webhook_attempts',
		'report_buckets',
		'report_hire_days',
		'report_statuses',
		'report_sources',
		'report_exits',
		'report_exit_jobs',
		'report_activity',
		'report_activity_handled',
		'report_waiting',
		'application_forms',
		'careers_counts',
		'mail_outbox',
	);

	/**
	 * A plugin table's full name (with the site's prefix).
	 *
	 * @param string $name Name.
	 */
	public static function table( string $name ): string {
		global $wpdb;
		return $wpdb->prefix . 'recruiting_' . $name;
	}

	/**
	 * Every plugin table of a network's site (wpmu_drop_tables drops them with the site).
	 *
	 * @param int $site_id Site id.
	 * @return string[]
	 */
	public static function tables_of_site( int $site_id ): array {
		global $wpdb;
		$prefix = $wpdb->get_blog_prefix( $site_id ) . 'recruiting_';
		return array_map( static fn( string $name ) => $prefix . $name, self::TABLES );
	}

	/**
	 * A plugin table's primary key columns, read from its definition (DirectSqlite names them as an upsert's conflict).
	 * The same on every site of a network: read once per request, by short name.
	 *
	 * @param string $name Name (short, as table() takes it).
	 * @return string[]
	 */
	public static function primary_key( string $name ): array {
		static $keys = null;
		if ( null === $keys ) {
			$keys = array();
			foreach ( self::definitions() as $definition ) {
				if ( preg_match( '/^CREATE TABLE \S*recruiting_(\w+) \(.*?PRIMARY KEY\s+\(([^)]+)\)/s', $definition, $match ) ) {
					$keys[ $match[1] ] = explode( ',', $match[2] );
				}
			}
		}
		return $keys[ $name ];
	}

	/** CREATE TABLE statements in dbDelta's format (two spaces after PRIMARY KEY, one column per line). */
	public static function definitions(): array {
		global $wpdb;
		$charset = $wpdb->get_charset_collate();
		$t       = array();
		foreach ( self::TABLES as $name ) {
			$t[ $name ] = self::table( $name );
		}

		return array_merge(
			self::application_tables( $t, $charset ),
			self::team_report_tables( $t, $charset ),
			self::record_tables( $t, $charset ),
			self::key_and_careers_tables( $t, $charset ),
			self::delivery_tables( $t, $charset ),
		);
	}

	/**
	 * The applications and their report summaries (docs/reports.md "Summary tables").
	 *
	 * @param string[] $t       Table names by short name.
	 * @param string   $charset The charset and collation clause.
	 * @return string[]
	 */
	private static function application_tables( array $t, string $charset ): array {
		return array(
			// external_key is ExternalId::key( external_id ): the case-folded identity, so that lookups and
			// the unique index behave the same on MySQL (case-insensitive collations) and SQLite (binary).
			// The timeline columns (status … hired_at) are derived from status_history by Pipeline and
			// written only together with it (see ApplicationWriter), so reports never join the history.
			"CREATE TABLE {$t['applications']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  job_id bigint(20) unsigned NOT NULL,
  external_id varchar(191) DEFAULT NULL,
  external_key varchar(191) DEFAULT NULL,
  candidate_name varchar(255) NOT NULL DEFAULT '',
  candidate_email varchar(255) NOT NULL DEFAULT '',
  candidate_phone varchar(64) NOT NULL DEFAULT '',
  source varchar(100) NOT NULL DEFAULT 'direct',
  status varchar(20) NOT NULL DEFAULT 'new',
  reopen_status varchar(20) DEFAULT NULL,
  max_stage tinyint(3) unsigned NOT NULL DEFAULT 0,
  applied_at bigint(20) NOT NULL,
  screening_at bigint(20) DEFAULT NULL,
  interview_at bigint(20) DEFAULT NULL,
  offer_at bigint(20) DEFAULT NULL,
  hired_at bigint(20) DEFAULT NULL,
  hire_seconds bigint(20) DEFAULT NULL,
  status_since bigint(20) NOT NULL DEFAULT 0,
  exit_reason varchar(64) DEFAULT NULL,
  stale_notified tinyint(3) unsigned NOT NULL DEFAULT 0,
  created_at bigint(20) NOT NULL,
  updated_at bigint(20) NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY external_key (external_key),
  KEY status (status),
  KEY job_status (job_id,status),
  KEY applied_stage (applied_at,max_stage),
  KEY job_applied_stage (job_id,applied_at,max_stage),
  KEY hire_timeline (hired_at,job_id,applied_at,screening_at,interview_at,offer_at),
  KEY job_hire_timeline (job_id,hired_at,applied_at,screening_at,interview_at,offer_at),
  KEY hire_duration (hire_seconds,hired_at),
  KEY job_hire_duration (job_id,hire_seconds,hired_at),
  KEY source_applied (source,applied_at),
  KEY status_since (status,status_since,job_id,exit_reason,reopen_status),
  KEY job_status_since (job_id,status,status_since,exit_reason,reopen_status)
) $charset;",
			// Index notes for the report queries of docs/reports.md#definitions (docs/reports.md lists every query):
			// status / job_status: overview by_status and totals (all applications, optionally one job), covering.
			// applied_stage / job_applied_stage: overview cohort (applied_at in period) and its reached() counts, covering.
			// hire_timeline / job_hire_timeline: hires by time (hired_at in a range, optionally one job), covering:
			// the partial days at the ends of a period, and a one-job time-to-hire report's monthly sums there.
			// hire_duration: hires in order of time to hire (hire_seconds = hired_at - applied_at), for the exact
			// median, minimum and maximum once report_hire_days has located them (TimeToHireReport);
			// job_hire_duration the same for one job (located in the job's own report_hire_days rows since version 14).
			// Whole days and months of a period come from the report_* summary tables below instead.
			// job_status also serves GET /applications?job_id=&status=; source_applied serves ?source=.
			// status_since: time in stage and exits, covering — the pipeline report (open statuses, how long each
			// waits, per job), the rejections report (rejected/withdrawn since an instant, by reason, stage and job),
			// the list's stale filter and "waiting longest" order, and the daily stale alerts. job_status_since: the same
			// for one job (its open applications; its exits in the days outside the exits summary's whole months).
			// status_since is when the current status was entered; exit_reason the reason of a current rejected or
			// withdrawn (Data\Reasons); stale_notified the stages (bit 1 << rank) application.stale was sent for.
			// Report summaries (ReportSummary): additive figures per UTC day (span 1) and month (span 2), per job
			// and for all jobs (job_id 0); day rows per job since version 11. The primary key serves "these buckets,
			// one scope" (a scope's rows are contiguous whatever the optimizer's statistics say); bucket_job serves
			// "these buckets, every job", covering: time-to-hire's by_job (hires and their seconds) and the careers
			// report's (applications and hires).
			"CREATE TABLE {$t['report_buckets']} (
  span tinyint(3) unsigned NOT NULL,
  bucket bigint(20) NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  applied bigint(20) NOT NULL DEFAULT 0,
  reached_screening bigint(20) NOT NULL DEFAULT 0,
  reached_interview bigint(20) NOT NULL DEFAULT 0,
  reached_offer bigint(20) NOT NULL DEFAULT 0,
  reached_hired bigint(20) NOT NULL DEFAULT 0,
  hires bigint(20) NOT NULL DEFAULT 0,
  hire_seconds bigint(20) NOT NULL DEFAULT 0,
  ns_seconds bigint(20) NOT NULL DEFAULT 0,
  ns_hires bigint(20) NOT NULL DEFAULT 0,
  si_seconds bigint(20) NOT NULL DEFAULT 0,
  si_hires bigint(20) NOT NULL DEFAULT 0,
  io_seconds bigint(20) NOT NULL DEFAULT 0,
  io_hires bigint(20) NOT NULL DEFAULT 0,
  oh_seconds bigint(20) NOT NULL DEFAULT 0,
  oh_hires bigint(20) NOT NULL DEFAULT 0,
  now_offer bigint(20) NOT NULL DEFAULT 0,
  now_rejected bigint(20) NOT NULL DEFAULT 0,
  now_withdrawn bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,job_id,bucket),
  KEY bucket_job (span,bucket,job_id,hires,hire_seconds,applied,reached_hired)
) $charset;",
			// Hires per UTC day / month / week / quarter and whole days to hire, per job and for all jobs (job_id 0): where
			// the median lies (per job since version 14).
			"CREATE TABLE {$t['report_hire_days']} (
  span tinyint(3) unsigned NOT NULL,
  job_id bigint(20) unsigned NOT NULL DEFAULT 0,
  bucket bigint(20) NOT NULL,
  days int(11) NOT NULL,
  hires bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,job_id,bucket,days)
) $charset;",
			// The cohort by applied_at per source (sources report), with the same buckets as report_buckets.
			// source_key is md5( source ): the key compares bytes on every database (MySQL's collations
			// would fold 'café' and 'cafe' into one row, SQLite's would not).
			"CREATE TABLE {$t['report_sources']} (
  span tinyint(3) unsigned NOT NULL,
  bucket bigint(20) NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  source_key char(32) NOT NULL,
  source varchar(100) NOT NULL DEFAULT '',
  applied bigint(20) NOT NULL DEFAULT 0,
  hires bigint(20) NOT NULL DEFAULT 0,
  hire_seconds bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,job_id,bucket,source_key)
) $charset;",
			// When the open applications entered their stage: per job one row of every open stage (status '', bucket 0),
			// for all jobs (job_id 0) per open stage and UTC month of entry (bucket); sorted, 5 bytes each, base64
			// (WaitingSummary). The primary key is the row's lock, the one-job read and the order a stage's rows are joined in.
			"CREATE TABLE {$t['report_waiting']} (
  job_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL,
  bucket bigint(20) NOT NULL DEFAULT 0,
  entries longtext NOT NULL,
  PRIMARY KEY  (job_id,status,bucket)
) $charset;",
			// Current status counts per job and for all jobs (job_id 0).
			"CREATE TABLE {$t['report_statuses']} (
  job_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL,
  applications bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (job_id,status)
) $charset;",
		);
	}

	/**
	 * The summaries of the rejections and activity reports (issue #26; ExitSummary, ActivitySummary): spans and
	 * buckets as in report_buckets (UTC day 1, UTC month 2; report_exits' days for all jobs only, report_exit_jobs' and
	 * the activity's per job too). Each primary key is the upsert's key and serves "these buckets, one scope" (or, for
	 * report_exit_jobs, "these buckets, every job").
	 *
	 * @param string[] $t       Table names by short name.
	 * @param string   $charset The charset and collation clause.
	 * @return string[]
	 */
	private static function team_report_tables( array $t, string $charset ): array {
		return array(
			// Applications now rejected or withdrawn by the bucket of status_since, their reason ('' none; reason ids
			// are lower-case slugs, Data\Reasons) and the stage they left from ('' none).
			"CREATE TABLE {$t['report_exits']} (
  span tinyint(3) unsigned NOT NULL,
  bucket bigint(20) NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL,
  reason varchar(64) NOT NULL DEFAULT '',
  stage varchar(20) NOT NULL DEFAULT '',
  exits bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,job_id,bucket,status,reason,stage)
) $charset;",
			// The same per job only, a column per exit status (Pipeline::EXITS), per UTC month and (since version 12) per UTC
			// quarter, week of a month and day (ExitSummary's spans): by_job over every job. The primary key serves "these
			// buckets, every job" (span and bucket first; one row per job and bucket, grouped by job alone).
			"CREATE TABLE {$t['report_exit_jobs']} (
  span tinyint(3) unsigned NOT NULL,
  bucket bigint(20) NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  rejected bigint(20) NOT NULL DEFAULT 0,
  withdrawn bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,bucket,job_id)
) $charset;",
			// Activities per user and kind (to_<status>, notes, ratings).
			"CREATE TABLE {$t['report_activity']} (
  span tinyint(3) unsigned NOT NULL,
  bucket bigint(20) NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL,
  kind varchar(30) NOT NULL,
  n bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,job_id,bucket,user_id,kind)
) $charset;",
			// Applications handled: a user's applications active in the bucket, by their last active day before it.
			"CREATE TABLE {$t['report_activity_handled']} (
  span tinyint(3) unsigned NOT NULL,
  bucket bigint(20) NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL,
  prev_day bigint(20) NOT NULL,
  n bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,job_id,bucket,user_id,prev_day)
) $charset;",
		);
	}

	/**
	 * What the team records on an application: the status history, notes and ratings.
	 *
	 * @param string[] $t       Table names by short name.
	 * @param string   $charset The charset and collation clause.
	 * @return string[]
	 */
	private static function record_tables( array $t, string $charset ): array {
		return array(
			"CREATE TABLE {$t['status_history']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  application_id bigint(20) unsigned NOT NULL,
  from_status varchar(20) DEFAULT NULL,
  to_status varchar(20) NOT NULL,
  changed_at bigint(20) NOT NULL,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  note text,
  reason varchar(64) DEFAULT NULL,
  PRIMARY KEY  (id),
  KEY application_changed (application_id,changed_at),
  KEY changed_user (changed_at,user_id,to_status,application_id)
) $charset;",
			"CREATE TABLE {$t['notes']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  application_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  content text NOT NULL,
  created_at bigint(20) NOT NULL,
  PRIMARY KEY  (id),
  KEY application_created (application_id,created_at),
  KEY created_user (created_at,user_id,application_id)
) $charset;",
			"CREATE TABLE {$t['ratings']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  application_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL,
  score tinyint(3) unsigned NOT NULL,
  created_at bigint(20) NOT NULL,
  updated_at bigint(20) NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY application_user (application_id,user_id),
  KEY created_user (created_at,user_id,application_id)
) $charset;",
		);
	}

	/**
	 * API keys, the rate limits and the careers side: the apply form's rows and the funnel's counters.
	 *
	 * @param string[] $t       Table names by short name.
	 * @param string   $charset The charset and collation clause.
	 * @return string[]
	 */
	private static function key_and_careers_tables( array $t, string $charset ): array {
		return array(
			// lookup_id: the public identifier inside a key, indexed so that authentication is one point
			// read; secret_hash: keyed hash of the whole key, compared in constant time.
			"CREATE TABLE {$t['api_keys']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  user_id bigint(20) unsigned NOT NULL,
  name varchar(200) NOT NULL DEFAULT '',
  environment varchar(10) NOT NULL DEFAULT 'live',
  lookup_id varchar(32) NOT NULL,
  secret_hash varchar(128) NOT NULL,
  hint varchar(32) NOT NULL DEFAULT '',
  permissions varchar(255) NOT NULL DEFAULT '',
  rate_limit int(10) unsigned DEFAULT NULL,
  created_at bigint(20) NOT NULL,
  last_used_at bigint(20) DEFAULT NULL,
  expires_at bigint(20) DEFAULT NULL,
  revoked_at bigint(20) DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY lookup_id (lookup_id),
  KEY user_id (user_id)
) $charset;",
			// One row per key and fixed window; incremented atomically with UPDATE … SET hits = hits + 1.
			"CREATE TABLE {$t['rate_limits']} (
  key_id bigint(20) unsigned NOT NULL,
  window_start bigint(20) NOT NULL,
  hits int(10) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (key_id,window_start)
) $charset;",
			// What the site's apply form stores beside an application (Careers\ApplySubmission): the consent (when, and
			// the privacy policy's version), the campaign beside the source, the cover letter and the CV file (its
			// random name in the private folder, Careers\CvStore). email_job serves the repeat check (same address,
			// same job, within minutes).
			"CREATE TABLE {$t['application_forms']} (
  application_id bigint(20) unsigned NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  candidate_email varchar(191) NOT NULL DEFAULT '',
  submitted_at bigint(20) NOT NULL,
  consent_at bigint(20) NOT NULL,
  policy_version varchar(100) NOT NULL DEFAULT '',
  utm_medium varchar(100) NOT NULL DEFAULT '',
  utm_campaign varchar(100) NOT NULL DEFAULT '',
  cover_letter text NOT NULL,
  cv_file varchar(100) NOT NULL DEFAULT '',
  cv_name varchar(255) NOT NULL DEFAULT '',
  cv_type varchar(100) NOT NULL DEFAULT '',
  cv_size bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (application_id),
  KEY email_job (candidate_email,job_id,submitted_at)
) $charset;",
			// The careers funnel's counters (Data\CareersCounters): per site-timezone day (span 1, period = the day) or,
			// once rolled up by the retention, per month (span 2, period = its first day), per job, source and metric
			// (list_view, job_view, form_start, submission). Nothing about visitors: only the count. source_key is
			// md5( source ), as in report_sources. The primary key is the upsert's key and serves "these periods";
			// job_period serves the report's job filter.
			"CREATE TABLE {$t['careers_counts']} (
  span tinyint(3) unsigned NOT NULL,
  period char(10) NOT NULL,
  job_id bigint(20) unsigned NOT NULL,
  source_key char(32) NOT NULL,
  metric varchar(20) NOT NULL,
  source varchar(100) NOT NULL DEFAULT '',
  hits bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (span,period,job_id,source_key,metric),
  KEY job_period (job_id,span,period)
) $charset;",
		);
	}

	/**
	 * What is sent later by WP-Cron: webhooks with their deliveries and attempts, and the mail outbox.
	 *
	 * @param string[] $t       Table names by short name.
	 * @param string   $charset The charset and collation clause.
	 * @return string[]
	 */
	private static function delivery_tables( array $t, string $charset ): array {
		return array(
			"CREATE TABLE {$t['webhooks']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  url varchar(2048) NOT NULL,
  events varchar(255) NOT NULL DEFAULT '',
  secret_encrypted text NOT NULL,
  active tinyint(1) NOT NULL DEFAULT 1,
  created_by bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at bigint(20) NOT NULL,
  updated_at bigint(20) NOT NULL,
  PRIMARY KEY  (id)
) $charset;",
			// status_due serves the cron queue (pending deliveries whose next attempt is due).
			"CREATE TABLE {$t['webhook_deliveries']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  webhook_id bigint(20) unsigned NOT NULL,
  delivery_uuid varchar(36) NOT NULL,
  event varchar(64) NOT NULL,
  payload longtext NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'pending',
  attempts int(10) unsigned NOT NULL DEFAULT 0,
  next_attempt_at bigint(20) DEFAULT NULL,
  last_response_code int(10) DEFAULT NULL,
  last_error text,
  created_at bigint(20) NOT NULL,
  updated_at bigint(20) NOT NULL,
  PRIMARY KEY  (id),
  KEY status_due (status,next_attempt_at),
  KEY webhook_created (webhook_id,created_at)
) $charset;",
			"CREATE TABLE {$t['webhook_attempts']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  delivery_id bigint(20) unsigned NOT NULL,
  attempted_at bigint(20) NOT NULL,
  response_code int(10) DEFAULT NULL,
  error text,
  duration_ms int(10) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (id),
  KEY delivery_id (delivery_id)
) $charset;",
			// E-mails queued in a request and sent by WP-Cron (Mail\Outbox): the rendered message, its state and its last
			// error. dedupe_key makes a message unique (an application's confirmation; later a digest's user and
			// period), application_id names the application whose personal data it carries (0: none), for the eraser.
			// status_due serves the cron queue.
			"CREATE TABLE {$t['mail_outbox']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  kind varchar(64) NOT NULL,
  dedupe_key varchar(191) DEFAULT NULL,
  application_id bigint(20) unsigned NOT NULL DEFAULT 0,
  recipients text NOT NULL,
  subject text NOT NULL,
  html longtext NOT NULL,
  text longtext NOT NULL,
  headers text NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'pending',
  attempts int(10) unsigned NOT NULL DEFAULT 0,
  next_attempt_at bigint(20) DEFAULT NULL,
  last_error text,
  created_at bigint(20) NOT NULL,
  updated_at bigint(20) NOT NULL,
  sent_at bigint(20) DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY dedupe_key (dedupe_key),
  KEY status_due (status,next_attempt_at),
  KEY application_id (application_id)
) $charset;",
		);
	}

	/**
	 * The schema version the site has (0 before the first install).
	 */
	public static function installed_version(): int {
		return (int) get_option( self::VERSION_OPTION, 0 );
	}

	/**
	 * Summary tables whose primary key a version changed, by that version: dbDelta can neither drop nor replace a
	 * primary key (it would add a second one, which fails), so an upgrade from before the version drops them first and
	 * dbDelta creates them anew; that version's step refills them (ReportSummary::rebuild() recomputes them all).
	 */
	private const RECREATED = array(
		// Version 12 gave report_exit_jobs spans (quarter, month, week, day rows) and a column per exit status instead of
		// a status column.
		12 => array( 'report_exit_jobs' ),
		// Version 14 gave report_hire_days a job_id (rows per job besides those of all jobs, job_id 0).
		14 => array( 'report_hire_days' ),
	);

	/** Creates or upgrades the tables, then runs the data steps between the installed and current version. */
	public static function migrate(): void {
		global $wpdb;
		$from = self::installed_version();
		foreach ( self::RECREATED as $version => $names ) {
			foreach ( $from > 0 && $from < $version ? $names : array() as $name ) {
				// phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- a summary table of the plugin's own, recreated by dbDelta below and refilled by the version's step.
				$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', self::table( $name ) ) );
			}
		}
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		dbDelta( self::definitions() );
		foreach ( self::migrations() as $version => $step ) {
			if ( $from > 0 && $from < $version ) {
				$step();
			}
		}
		update_option( self::VERSION_OPTION, self::VERSION );
	}

	/**
	 * Data steps keyed by the version that introduced them. A fresh install skips them (nothing to move).
	 *
	 * @return array<int,callable>
	 */
	private static function migrations(): array {
		return array(
			// Version 2 added the denormalised timeline columns; fill them from the status history.
			2 => array( self::class, 'rebuild_timelines' ),
			// Version 3 replaced the time-to-hire indexes by covering ones (dbDelta added them), added
			// applications.hire_seconds and the report summary tables (filled by step 4, which always follows).
			3 => static function () {
				global $wpdb;
				self::drop_indexes( 'applications', array( 'hired_applied', 'job_hired' ) );
				$applications = self::table( 'applications' );
				$wpdb->query( $wpdb->prepare( 'UPDATE %i SET hire_seconds = hired_at - applied_at WHERE hired_at IS NOT NULL', $applications ) );
			},
			// Version 4 added applications.source (dbDelta gave every existing application the default
			// `direct`), the cohort's current-status columns of report_buckets and report_sources: (re)build
			// every summary (in this request on small sites, else left to `wp recruiting summaries rebuild`).
			4 => array( ReportSummary::class, 'rebuild_after_upgrade' ),
			// Version 8 added the careers counters' rollups per job, per source and over everything (rows of their
			// own spans in careers_counts): written from the job × source rows counted so far.
			8 => array( CareersCounters::class, 'rebuild_rollups' ),
			// Version 9 added applications.status_since (when the current status was entered): the latest history
			// row's time. Exit reasons, history reasons and stale alerts start empty (none were recorded before).
			9 => static function () {
				global $wpdb;
				$wpdb->query( $wpdb->prepare( 'UPDATE %i SET status_since = COALESCE((SELECT MAX(h.changed_at) FROM %i h WHERE h.application_id = %i.id), applied_at)', self::table( 'applications' ), self::table( 'status_history' ), self::table( 'applications' ) ) );
			},
			// Version 10 added the exits and activity summaries (ExitSummary, ActivitySummary); version 11 added day rows
			// per job to report_buckets and report_sources (one-job reports read a period's whole days from them) and
			// replaced report_buckets' bucket_job_hires by bucket_job (dbDelta added it), which also covers the careers
			// report's applications and hires per job. Step 13's rebuild fills them.
			11 => static function () {
				self::drop_indexes( 'report_buckets', array( 'bucket_job_hires' ) );
			},
			// Version 12 added the waiting summary (WaitingSummary) and quarter, week and day rows per job to report_exit_jobs
			// (the rejections report's by_job reads a period's whole days from them too; the table was recreated, see
			// RECREATED); version 13 added quarter and week rows per job to report_buckets and to report_hire_days (time to
			// hire's by_job and median and the careers report's by_job read them: PeriodParts::coarse_buckets()).
			// Version 14 gave report_hire_days rows per job (a one-job time to hire locates its median in them instead of
			// walking every hire of the job in order of duration; the table was recreated, see RECREATED). One rebuild
			// fills every summary added since 10 (in this request on small sites, else left to
			// `wp recruiting summaries rebuild`), so a site upgrading from 9 rebuilds once.
			14 => array( ReportSummary::class, 'rebuild_after_upgrade' ),
			// Version 15 packed the waiting summary's instants in 5 bytes instead of 8 (Domain\SortedInstants); version 16
			// holds a job's open stages in one row instead of one row per stage (Domain\StageInstants). One step rewrites
			// rows of either earlier form, a read and a write of about a thousand rows (rows a rebuild above wrote are left
			// alone).
			16 => array( WaitingSummary::class, 'regroup' ),
			// Version 17 added year rows to report_buckets (per job), report_hire_days and report_exit_jobs (a period's whole
			// months read as a year less its other months: PeriodParts::coarse_buckets()), added up from their quarter rows.
			17 => array( ReportSummary::class, 'add_years' ),
		);
	}

	/**
	 * Drops indexes that a newer definition no longer has (dbDelta only ever adds indexes).
	 *
	 * @param string   $name    Name.
	 * @param string[] $indexes Index names.
	 */
	private static function drop_indexes( string $name, array $indexes ): void {
		global $wpdb;
		$table    = self::table( $name );
		$existing = array_unique( wp_list_pluck( (array) $wpdb->get_results( $wpdb->prepare( 'SHOW INDEX FROM %i', $table ), ARRAY_A ), 'Key_name' ) );
		foreach ( array_intersect( $indexes, $existing ) as $index ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- a schema migration of the plugin's own table (dbDelta cannot drop indexes).
			$wpdb->query( $wpdb->prepare( 'ALTER TABLE %i DROP INDEX %i', $table, $index ) );
		}
	}

	/**
	 * Recomputes every application's timeline columns from its status history, in chunks.
	 */
	public static function rebuild_timelines(): void {
		global $wpdb;
		$applications = self::table( 'applications' );
		$history      = self::table( 'status_history' );
		$last_id      = 0;
		do {
			$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT id, applied_at FROM %i WHERE id > %d ORDER BY id LIMIT 500', $applications, $last_id ), ARRAY_A );
			if ( ! $rows ) {
				break;
			}
			$ids     = array_map( 'intval', wp_list_pluck( $rows, 'id' ) );
			$changes = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT application_id, to_status, changed_at, reason FROM %i WHERE application_id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ') AND from_status IS NOT NULL ORDER BY application_id, changed_at, id',
					array_merge( array( $history ), $ids )
				),
				ARRAY_A
			);
			$by_app  = array();
			foreach ( $changes as $change ) {
				$by_app[ (int) $change['application_id'] ][] = array(
					'status' => $change['to_status'],
					'at'     => (int) $change['changed_at'],
					'reason' => $change['reason'],
				);
			}
			foreach ( $rows as $row ) {
				$id     = (int) $row['id'];
				$replay = Pipeline::replay( (int) $row['applied_at'], $by_app[ $id ] ?? array() );
				if ( null !== $replay['state'] ) {
					$wpdb->update( $applications, Pipeline::timeline_columns( $replay['state'] ), array( 'id' => $id ) );
				}
				$last_id = $id;
			}
		} while ( true );
	}

	/**
	 * Drops the plugin's tables and forgets the schema version (uninstall).
	 */
	public static function drop_all(): void {
		global $wpdb;
		foreach ( self::TABLES as $name ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- uninstall removes the plugin's own tables (docs/api.md#privacy).
			$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', self::table( $name ) ) );
		}
		delete_option( self::VERSION_OPTION );
	}
}
