/**
 * Types of the recruiting/v1 REST API (SPEC §3–§7, docs/api.md).
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

/** Pipeline stages in order (SPEC §6). */
export const PIPELINE_STAGES = [
	'new',
	'screening',
	'interview',
	'offer',
	'hired',
] as const;
export type PipelineStage = ( typeof PIPELINE_STAGES )[ number ];

/* ------------------------------------------------------------------ */
/* Reports (SPEC §7)                                                    */
/* ------------------------------------------------------------------ */

export interface ReportQuery {
	date_from?: IsoDate;
	date_to?: IsoDate;
	job_id?: number;
}

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
	avg_time_to_hire_days: number;
}

export const STAGE_STEPS = [
	'new_to_screening',
	'screening_to_interview',
	'interview_to_offer',
	'offer_to_hire',
] as const;
export type StageStep = ( typeof STAGE_STEPS )[ number ];

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
	overall: {
		average_days: number;
		median_days: number;
		min_days: number;
		max_days: number;
	};
	by_stage: Record< StageStep, number >;
	by_job: TimeToHireJobRow[];
	trend: TimeToHireTrendRow[];
}

export type ReportName = 'overview' | 'time-to-hire';

export interface ReportByName {
	overview: OverviewReport;
	'time-to-hire': TimeToHireReport;
}

/* ------------------------------------------------------------------ */
/* Errors (SPEC §4)                                                     */
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
/* Jobs (SPEC §5)                                                       */
/* ------------------------------------------------------------------ */

export type JobStatus = 'draft' | 'publish' | 'closed';

export interface Job {
	id: number;
	title: string;
	description?: string;
	status: JobStatus;
	department?: string;
	location?: string;
	employment_type?: string;
	created_at: IsoDateTime;
	updated_at?: IsoDateTime;
	[ key: string ]: unknown;
}

export interface JobListQuery extends PageQuery {
	status?: JobStatus;
	search?: string;
}
