/**
 * Types of the recruiting/v1 REST API (docs/api.md#api-keys–§7, docs/api.md).
 *
 * Field names are the wire names (snake_case) so a response can be used as it is.
 */

/** `YYYY-MM-DD`, a calendar date in the site's timezone. */
export type IsoDate = string;
/** ISO 8601 instant with an offset, e.g. `2025-01-03T09:00:00+00:00`. */
export type IsoDateTime = string;

export const APPLICATION_STATUSES = [
	'new',
	'screening',
	'interview',
	'offer',
	'hired',
	'rejected',
	'withdrawn',
] as const;
export type ApplicationStatus = ( typeof APPLICATION_STATUSES )[ number ];

/** Pipeline stages in order (docs/targets.md#statuses-and-transitions). */
export const PIPELINE_STAGES = [
	'new',
	'screening',
	'interview',
	'offer',
	'hired',
] as const;
export type PipelineStage = ( typeof PIPELINE_STAGES )[ number ];

/* ------------------------------------------------------------------ */
/* Reports (docs/reports.md#definitions)                                                    */
/* ------------------------------------------------------------------ */

/** The comparison period of `compare` (docs/reports.md#comparison). */
export type ComparePeriod = 'previous_period' | 'previous_year';

export interface ReportQuery {
	date_from?: IsoDate;
	date_to?: IsoDate;
	job_id?: number;
	/** Adds `comparison`: the same report for the earlier period. */
	compare?: ComparePeriod;
}

/** A report as returned with `compare`: `comparison` is the same report (without its own comparison). */
export type Compared< T > = T & { comparison?: T };

export interface ReportPeriod {
	from: IsoDate;
	to: IsoDate;
}

export const CONVERSION_STEPS = [
	'application_to_screening',
	'screening_to_interview',
	'interview_to_offer',
	'offer_to_hire',
] as const;
export type ConversionStep = ( typeof CONVERSION_STEPS )[ number ];

export interface OverviewReport {
	period: ReportPeriod;
	jobs: {
		total: number;
		active: number;
		new_this_period: number;
	};
	applications: {
		total: number;
		new_this_period: number;
		by_status: Record< ApplicationStatus, number >;
	};
	/** Rates from 0 to 1, 4 decimals. */
	conversion: Record< ConversionStep, number >;
	/** Applications hired in the period: what the average is over (0: no average). */
	hires_this_period: number;
	avg_time_to_hire_days: number;
}

export const STAGE_STEPS = [
	'new_to_screening',
	'screening_to_interview',
	'interview_to_offer',
	'offer_to_hire',
] as const;
export type StageStep = ( typeof STAGE_STEPS )[ number ];

/** Mean, median, minimum and maximum of durations in days (1 decimal; 0 when there is nothing). */
export interface DaysSpread {
	average_days: number;
	median_days: number;
	min_days: number;
	max_days: number;
}

export interface TimeToHireJobRow {
	job_id: number;
	job_title: string;
	average_days: number;
	hires: number;
}

export interface TimeToHireTrendRow {
	/** `YYYY-MM`. */
	month: string;
	average_days: number;
	hires: number;
}

export interface TimeToHireReport {
	period: ReportPeriod;
	overall: DaysSpread;
	by_stage: Record< StageStep, number >;
	by_job: TimeToHireJobRow[];
	trend: TimeToHireTrendRow[];
}

export interface FunnelStageRow {
	stage: PipelineStage;
	/** Applications of the cohort that reached the stage (or a later one). */
	reached: number;
	/** reached ÷ the previous stage's reached, 4 decimals (new: 1, or 0 for an empty cohort). */
	conversion_from_previous: number;
}

export interface FunnelReport {
	period: ReportPeriod;
	stages: FunnelStageRow[];
	/** Current status of the cohort; in_progress = new … offer. */
	outcomes: { rejected: number; withdrawn: number; in_progress: number };
	/** Hired ÷ (offers − offers still pending), 4 decimals. */
	offer_acceptance_rate: number;
}

export interface SourceRow {
	source: string;
	applications: number;
	/** Of those, hired at any time up to now. */
	hires: number;
	conversion: number;
	average_days_to_hire: number;
}

export interface SourcesReport {
	period: ReportPeriod;
	/** By applications descending, then source. */
	sources: SourceRow[];
}

export interface TimeToFillJobRow {
	job_id: number;
	job_title: string;
	/** Site dates. */
	opened: IsoDate;
	filled: IsoDate;
	/** Negative when an imported hire predates the job. */
	days: number;
}

export interface TimeToFillTrendRow {
	/** `YYYY-MM`. */
	month: string;
	average_days: number;
	jobs: number;
}

export interface TimeToFillReport {
	period: ReportPeriod;
	overall: DaysSpread;
	by_job: TimeToFillJobRow[];
	trend: TimeToFillTrendRow[];
	/** Published now without a hire (independent of the period). */
	open_jobs: { count: number; average_age_days: number };
}

/** One step of the careers funnel (GET /reports/careers): the counts and the conversion at each step. */
export interface CareersFunnelStep {
	list_views: number;
	job_views: number;
	form_starts: number;
	/** Sent through the apply form. */
	submissions: number;
	/** Received in the period through any channel (the form, the API, the import). */
	applications: number;
	/** Of those, hired at any time up to now. */
	hires: number;
	view_to_start: number;
	start_to_submission: number;
	view_to_submission: number;
	application_to_hire: number;
}

export interface CareersTrendRow {
	/** `YYYY-MM-DD` for periods of up to 31 days, else `YYYY-MM`. */
	period: string;
	list_views: number;
	job_views: number;
	form_starts: number;
	submissions: number;
}

export interface CareersReport {
	period: ReportPeriod;
	totals: CareersFunnelStep;
	/** By job views descending, then applications. */
	by_job: Array< CareersFunnelStep & { job_id: number; job_title: string } >;
	/** Source categories (free text counts as `other`). */
	by_source: Array< CareersFunnelStep & { source: string } >;
	trend: CareersTrendRow[];
}

export const REPORT_NAMES = [
	'overview',
	'time-to-hire',
	'funnel',
	'sources',
	'time-to-fill',
	'careers',
] as const;
export type ReportName = ( typeof REPORT_NAMES )[ number ];

export interface ReportByName {
	overview: OverviewReport;
	'time-to-hire': TimeToHireReport;
	funnel: FunnelReport;
	sources: SourcesReport;
	'time-to-fill': TimeToFillReport;
	careers: CareersReport;
}

/** The CSV sections of each report (`format=csv&section=…`, docs/reports.md#comparison). */
export interface ReportSections {
	overview: 'summary' | 'jobs' | 'applications' | 'by_status' | 'conversion';
	'time-to-hire': 'overall' | 'by_stage' | 'by_job' | 'trend';
	funnel: 'summary' | 'stages' | 'outcomes';
	sources: 'sources';
	'time-to-fill': 'overall' | 'by_job' | 'trend' | 'open_jobs';
	careers: 'totals' | 'by_job' | 'by_source' | 'trend';
}

/* ------------------------------------------------------------------ */
/* Errors (docs/api.md#errors)                                                     */
/* ------------------------------------------------------------------ */

export type ErrorCode =
	| 'authentication_required'
	| 'invalid_api_key'
	| 'insufficient_permissions'
	| 'resource_not_found'
	| 'rest_invalid_param'
	| 'invalid_status_transition'
	| 'rate_limit_exceeded'
	| 'internal_error'
	| ( string & {} );

/** WordPress's REST error body. */
export interface RestErrorBody {
	code: ErrorCode;
	message: string;
	data?: {
		status?: number;
		/** Per-field messages for `rest_invalid_param`. */
		params?: Record< string, string >;
		/** Allowed next statuses for `invalid_status_transition`. */
		allowed?: string[];
		[ key: string ]: unknown;
	} | null;
}

/* ------------------------------------------------------------------ */
/* Lists                                                                */
/* ------------------------------------------------------------------ */

export interface PageQuery {
	page?: number;
	/** 1–100. */
	per_page?: number;
}

export interface Page< T > {
	items: T[];
	/** From `X-WP-Total`. */
	total: number;
	/** From `X-WP-TotalPages`. */
	totalPages: number;
}

/* ------------------------------------------------------------------ */
/* Users, permissions                                                   */
/* ------------------------------------------------------------------ */

/** A user as the API shows one (null once deleted). */
export interface UserRef {
	id: number;
	name: string;
}

/** The five permissions (docs/api.md#permissions) as their capability names. */
export const PERMISSIONS = [
	'recruiting_read_jobs',
	'recruiting_write_jobs',
	'recruiting_read_applications',
	'recruiting_write_applications',
	'recruiting_manage_settings',
] as const;
export type Permission = ( typeof PERMISSIONS )[ number ];

/* ------------------------------------------------------------------ */
/* Jobs (docs/api.md#resources)                                                       */
/* ------------------------------------------------------------------ */

export type JobStatus = 'draft' | 'publish' | 'closed';

/** Salary periods (Google for Jobs' unitText, lower-cased). */
export type SalaryUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

export interface JobSalary {
	min: number | null;
	max: number | null;
	/** ISO 4217, such as EUR. */
	currency: string;
	unit: SalaryUnit;
}

/** What candidates and Google for Jobs need (docs/careers.md). */
export interface JobDetails {
	street_address: string;
	city: string;
	region: string;
	postal_code: string;
	/** ISO 3166-1 alpha-2, or ''. */
	country: string;
	remote: boolean;
	/** Where remote applicants may live: country codes or regions; [] = anywhere. */
	applicant_locations: string[];
	salary: JobSalary | null;
	/** After it the job closes itself; null = no end. */
	valid_through: IsoDateTime | null;
	/** Notified of applications; never shown on the site. */
	contact_email: string;
}

export interface Job extends JobDetails {
	id: number;
	title: string;
	description: string;
	status: JobStatus;
	department: string;
	location: string;
	employment_type: string;
	external_id: string | null;
	created_at: IsoDateTime;
	updated_at: IsoDateTime;
	application_counts: {
		total: number;
		by_status: Record< ApplicationStatus, number >;
	};
}

export interface JobListQuery extends PageQuery {
	status?: JobStatus;
	search?: string;
	orderby?: 'created_at' | 'updated_at' | 'title' | 'id';
	order?: 'asc' | 'desc';
}

export interface JobInput extends Partial< JobDetails > {
	title?: string;
	description?: string;
	status?: JobStatus;
	department?: string;
	location?: string;
	employment_type?: string;
	external_id?: string | null;
}

export interface JobDeleted {
	deleted: true;
	previous: Job;
}

/* ------------------------------------------------------------------ */
/* Applications, notes, ratings                                         */
/* ------------------------------------------------------------------ */

export interface Candidate {
	name: string;
	email: string;
	phone: string;
}

export interface Application {
	id: number;
	job_id: number;
	job_title: string | null;
	external_id: string | null;
	candidate: Candidate;
	/** Where the candidate came from: lower case, `direct` when not given (docs/reports.md#funnel-sources-time-to-fill). */
	source: string;
	status: ApplicationStatus;
	/** Statuses this application may move to now (docs/targets.md#statuses-and-transitions). */
	allowed_transitions: ApplicationStatus[];
	/** Why it is now rejected or withdrawn (null without a reason, and for every other status). */
	reason: ReasonRef | null;
	applied_at: IsoDateTime;
	stage_entered_at: Record< PipelineStage, IsoDateTime | null >;
	/** When the current status was entered. */
	status_since: IsoDateTime;
	/** Whole days (site calendar) waited in the current status; null unless new, screening, interview or offer. */
	days_in_stage: number | null;
	/** Whether days_in_stage reached the stage's threshold (setting stale_days); null unless open. */
	stale: boolean | null;
	rating: { average: number | null; count: number };
	created_at: IsoDateTime;
	updated_at: IsoDateTime;
}

export interface StatusChange {
	id: number;
	from: ApplicationStatus | null;
	to: ApplicationStatus;
	at: IsoDateTime;
	user: UserRef | null;
	note: string | null;
	/** The reason given with a change to rejected or withdrawn, labelled as it reads now. */
	reason: ReasonRef | null;
}

/** A rejection or withdrawal reason as applications show it. */
export interface ReasonRef {
	id: string;
	label: string;
}

/** A reason of Settings › rejection_reasons / withdrawal_reasons. */
export interface Reason extends ReasonRef {
	/** Kept for the history that holds it; no longer offered. */
	retired: boolean;
}

/** The exit statuses that take a reason. */
export type ExitStatus = 'rejected' | 'withdrawn';

export interface ApplicationWithHistory extends Application {
	history: StatusChange[];
	/** The CV the site's apply form received; GET /applications/{id}/cv downloads it. */
	cv?: { name: string; type: string; size: number } | null;
}

export interface ApplicationListQuery extends PageQuery {
	job_id?: number;
	status?: ApplicationStatus[];
	applied_after?: IsoDateTime;
	applied_before?: IsoDateTime;
	/** Hired (entered `hired`) at or after / before these instants. */
	hired_after?: IsoDateTime;
	hired_before?: IsoDateTime;
	/** Last changed before (a retention rule's selection). */
	updated_before?: IsoDateTime;
	anonymised?: boolean;
	/** Has ever held this stage or a later one (docs/reports.md#definitions `reached`). */
	reached?: PipelineStage;
	/** Has entered every one of these stages (`new` always holds). */
	entered?: PipelineStage[];
	search?: string;
	/** Compared after trimming and lower-casing; '' means direct. */
	source?: string;
	/** Now rejected or withdrawn with this reason (its id). */
	reason?: string;
	/** Open and waited at least the stage's days (true), or open and not yet (false). */
	stale?: boolean;
	/** status_since ascending: waiting longest first. */
	orderby?: 'applied_at' | 'updated_at' | 'id' | 'status_since';
	order?: 'asc' | 'desc';
}

export interface ApplicationInput {
	job_id: number;
	candidate: { name: string; email: string; phone?: string };
	external_id?: string | null;
	/** At most 100 characters after trimming; stored lower-cased; missing or empty: direct. */
	source?: string | null;
}

export interface StatusChangeInput {
	status: ApplicationStatus;
	note?: string | null;
	/** For rejected or withdrawn: a current reason's id (required when the setting reason_required is on). */
	reason?: string | null;
}

export interface Note {
	id: number;
	application_id: number;
	content: string;
	author: UserRef | null;
	created_at: IsoDateTime;
}

export interface RatingSummary {
	application_id: number;
	average: number | null;
	count: number;
	your_score: number | null;
	ratings: Array< {
		user: UserRef | null;
		score: number;
		updated_at: IsoDateTime;
	} >;
}

/* ------------------------------------------------------------------ */
/* API keys (docs/api.md#api-keys)                                                   */
/* ------------------------------------------------------------------ */

export type ApiKeyEnvironment = 'live' | 'test';
export type ApiKeyStatus = 'active' | 'expired' | 'revoked' | 'invalid';

export interface ApiKey {
	id: number;
	name: string;
	environment: ApiKeyEnvironment;
	/** e.g. `rp_live_…a1b2`. */
	hint: string;
	permissions: Permission[];
	/** The ticked permissions its owner still holds. */
	effective_permissions: Permission[];
	owner: UserRef | null;
	/** null: the site's default limit applies. */
	rate_limit: number | null;
	effective_rate_limit: number;
	status: ApiKeyStatus;
	created_at: IsoDateTime;
	last_used_at: IsoDateTime | null;
	expires_at: IsoDateTime | null;
	revoked_at: IsoDateTime | null;
}

/** The answer to POST /api-keys: the only response that holds the key. */
export interface CreatedApiKey extends ApiKey {
	key: string;
}

export interface ApiKeyListQuery extends PageQuery {
	status?: 'all' | 'active' | 'expired' | 'revoked';
}

export interface ApiKeyInput {
	name: string;
	environment?: ApiKeyEnvironment;
	permissions: Permission[];
	/** In the future; null or omitted for none. */
	expires_at?: IsoDateTime | null;
	rate_limit?: number | null;
}

export interface ApiKeyUpdate {
	name?: string;
	permissions?: Permission[];
	expires_at?: IsoDateTime | null;
	rate_limit?: number | null;
}

/* ------------------------------------------------------------------ */
/* Webhooks (docs/api.md#resources)                                                   */
/* ------------------------------------------------------------------ */

export const WEBHOOK_EVENTS = [
	'job.created',
	'job.updated',
	'job.deleted',
	'application.created',
	'application.status_changed',
	'application.deleted',
	'application.stale',
] as const;
export type WebhookEvent = ( typeof WEBHOOK_EVENTS )[ number ];

export interface Webhook {
	id: number;
	url: string;
	events: WebhookEvent[];
	active: boolean;
	created_by: UserRef | null;
	created_at: IsoDateTime;
	updated_at: IsoDateTime;
}

/** POST /webhooks and POST /webhooks/{id}/rotate-secret: the only responses with the secret. */
export interface WebhookWithSecret extends Webhook {
	secret: string;
}

export interface WebhookInput {
	url: string;
	events: WebhookEvent[];
	active?: boolean;
}

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface DeliveryAttempt {
	attempted_at: IsoDateTime;
	response_code: number | null;
	error: string | null;
	duration_ms: number;
}

export interface Delivery {
	id: number;
	webhook_id: number;
	/** The X-Recruiting-Delivery header value. */
	delivery_id: string;
	event: WebhookEvent | 'webhook.test';
	status: DeliveryStatus;
	attempts: number;
	max_attempts: number;
	next_attempt_at: IsoDateTime | null;
	last_response_code: number | null;
	last_error: string | null;
	created_at: IsoDateTime;
	updated_at: IsoDateTime;
	payload: Record< string, unknown > | null;
	attempt_log: DeliveryAttempt[];
}

export interface DeliveryListQuery extends PageQuery {
	status?: DeliveryStatus;
}

/* ------------------------------------------------------------------ */
/* Settings and import                                                  */
/* ------------------------------------------------------------------ */

/** The current user's e-mail digest (GET/PUT /digest-subscription; docs/digests.md). */
export interface DigestSubscription {
	frequency: 'off' | 'daily' | 'weekly' | 'monthly';
	weekday: number;
	hour: number;
	/** Report names whose headline figures the digest shows. */
	reports: string[];
	job_id: number | null;
	alert_new_applications: boolean;
	alert_stale: boolean;
	readonly timezone: string;
	readonly next_digest_at: string | null;
}

export interface PluginSettings {
	rate_limit_per_hour: number;
	default_period:
		'last_30_days' | 'last_90_days' | 'last_12_months' | 'year_to_date';
	delete_data_on_uninstall: boolean;
	/** Privacy eraser: anonymise a candidate's applications instead of deleting them (reports keep their figures). */
	anonymise_on_erasure: boolean;
	/** Days finished webhook deliveries (with their payloads) are kept, 1–3650. */
	delivery_log_days: number;
	/** The job pages' base: /<jobs_base>/ and /<jobs_base>/<job>/. */
	jobs_base: string;
	/** The apply form's phone field. */
	apply_phone: 'required' | 'optional' | 'hidden';
	/** The largest CV the apply form accepts, in MB (1–50). */
	apply_cv_max_mb: number;
	/** Whether rejecting or withdrawing requires a reason. */
	reason_required: boolean;
	/** The reasons offered, in order; a reason left out of an update is kept, retired. New ones may omit the id. */
	rejection_reasons: Array< Omit< Reason, 'id' > & { id?: string } >;
	withdrawal_reasons: Array< Omit< Reason, 'id' > & { id?: string } >;
	/** Days an open application may wait in each stage before it is stale. */
	stale_days: Record< 'new' | 'screening' | 'interview' | 'offer', number >;
	/** Leave visitors sending DNT or Sec-GPC out of the careers funnel's counts. */
	careers_honour_dnt: boolean;
	/** Careers funnel counts accepted per IP address per hour. */
	careers_beacon_limit: number;
	/** Months the careers funnel keeps daily counts before rolling them into months (1–120). */
	careers_daily_months: number;
	/** Who hears of an application whose job has no contact e-mail (empty: the site's administration address). */
	mail_notify_to: string[];
	/** The e-mail templates as used (the default text when not customised; '' in a PUT resets one). */
	mail_candidate_subject: string;
	mail_candidate_body: string;
	mail_notify_subject: string;
	mail_notify_body: string;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** GET /mail-log: one queued or sent e-mail. */
export interface MailMessage {
	id: number;
	kind: string;
	application_id: number | null;
	/** Null for a caller without Read Applications when the e-mail is about an application. */
	recipients: string[] | null;
	subject: string | null;
	status: MailStatus;
	attempts: number;
	max_attempts: number;
	next_attempt_at: IsoDateTime | null;
	last_error: string | null;
	created_at: IsoDateTime;
	updated_at: IsoDateTime;
	sent_at: IsoDateTime | null;
}

export interface MailLogQuery extends PageQuery {
	status?: MailStatus;
}

/** A retention rule (Settings › Privacy): what happens to its applications after how many months. */
export interface RetentionRule {
	action: 'off' | 'anonymise' | 'delete';
	months: number;
}

export type RetentionRuleName = 'hired' | 'rejected' | 'withdrawn' | 'open';

/** GET|PUT /retention. */
export interface RetentionSettings {
	rules: Record< RetentionRuleName, RetentionRule >;
	suggested_months: number[];
	next_run_at: string | null;
	has_run: boolean;
}

/** GET /retention/preview: per rule that is on, how many applications a run now takes, and their list filters. */
export interface RetentionPreview {
	at: string;
	rules: Partial<
		Record<
			RetentionRuleName,
			RetentionRule & {
				applications: number;
				filters: {
					status: ApplicationStatus[];
					updated_before: string;
					anonymised?: boolean;
				};
			}
		>
	>;
	total: number;
}

/** One run in GET /retention/log (counts only). */
export interface RetentionRun {
	at: string;
	trigger: 'cron' | 'cli';
	dry_run: boolean;
	rules: Partial<
		Record< RetentionRuleName, RetentionRule & { applications: number } >
	>;
	failed: number;
	seconds: number;
	/** The parts a cron run took within its time budget (1 for a run done at once). */
	parts: number;
	/** True while a cron run's later parts are still to come. */
	continued: boolean;
}

export interface ImportBatch {
	jobs?: Array<
		JobInput & { external_id: string; created_at?: IsoDateTime }
	>;
	applications?: Array< {
		external_id: string;
		job?: string;
		job_id?: number;
		candidate: { name: string; email: string; phone?: string };
		source?: string | null;
		applied_at: IsoDateTime;
		history?: Array< {
			status: ApplicationStatus;
			at: IsoDateTime;
			reason?: string | null;
		} >;
	} >;
}

export interface ImportSummary {
	jobs: { created: number; updated: number; ids: Record< string, number > };
	applications: {
		created: number;
		updated: number;
		ids: Record< string, number >;
	};
	history_entries: number;
}
