/**
 * Drill-down: the Applications list URL behind every category of a report chart (a bar, a table row, a
 * trend point), built from the report's own definitions (docs/reports.md#definitions) so the list holds exactly the
 * applications the figure counts:
 *
 * - by status: all applications with that current status (the chart is not limited to the period);
 * - conversion X → Y: the period's cohort (applied in the period) that reached Y;
 * - funnel stage S: the period's cohort that reached S (for `new`, the whole cohort);
 * - days between stages X → Y: the period's hires that entered both X and Y;
 * - time to hire by job: that job's hires in the period;
 * - time to hire by month: the hires of that month (within the period);
 * - source: the period's cohort that came from it;
 * - time to fill by job: that job's hires (its first one filled it);
 * - careers funnel by job: that job's applications received in the period (its applications column; views and
 *   form starts are counters, with no applications behind them);
 * - rejections by reason: the applications now rejected (or withdrawn) with that reason, whenever they left (the
 *   list has no filter by the date of the exit), none for "no reason given" (nor by a missing reason); by job:
 *   that job's applications now rejected or withdrawn; the stage left from and the months have none;
 * - pipeline, a stage (or a job's stage) with stale candidates: its stale applications, waiting longest first;
 * - team activity: none (the list has no filter by who acted; docs/ui.md).
 *
 * Every link also carries the report's job filter.
 */
import {
	APPLICATION_STATUSES,
	type CareersReport,
	CONVERSION_STEPS,
	type ExitStatus,
	STAGE_STEPS,
	type FunnelReport,
	type OverviewReport,
	type PipelineStage,
	type ReportPeriod,
	type SourcesReport,
	type TimeToHireReport,
} from '../api/types';
import type { ChartSpec } from '../components/charts/spec';
import { getConfig } from '../config';
import {
	applicationsUrl,
	monthRange,
	type ApplicationFilters,
} from '../admin/applications/filters';

/** The stages a conversion step or a stage step goes from and to. */
const STEP_STAGES: Record< string, [ PipelineStage, PipelineStage ] > = {
	application_to_screening: [ 'new', 'screening' ],
	new_to_screening: [ 'new', 'screening' ],
	screening_to_interview: [ 'screening', 'interview' ],
	interview_to_offer: [ 'interview', 'offer' ],
	offer_to_hire: [ 'offer', 'hired' ],
};

function link( filters: Partial< ApplicationFilters > ): string {
	return applicationsUrl( getConfig().applicationsUrl, filters );
}

/**
 * The report's job filter as list filters.
 * @param jobId Job id, 0 for all jobs.
 */
function jobScope( jobId: number ): Partial< ApplicationFilters > {
	return jobId ? { job_id: jobId } : {};
}

/**
 * The period's cohort (applied in the period) that reached a stage: what conversion and funnel count.
 * @param period The report's period.
 * @param stage  The stage the applications reached (or passed).
 */
function cohortReached( period: ReportPeriod, stage: PipelineStage ) {
	return { applied_from: period.from, applied_to: period.to, reached: stage };
}

function hiredIn( period: ReportPeriod ) {
	return { hired_from: period.from, hired_to: period.to };
}

/**
 * The overview's charts with their drill-down links.
 * @param spec   A spec built from the report (by_status or conversion).
 * @param report The report.
 * @param jobId  The report's job filter (0: all jobs).
 */
export function overviewLinks(
	spec: ChartSpec,
	report: OverviewReport,
	jobId: number
): ChartSpec {
	const scope = jobScope( jobId );
	if ( spec.id === 'by_status' ) {
		return {
			...spec,
			links: APPLICATION_STATUSES.map( ( status ) =>
				link( { ...scope, status: [ status ] } )
			),
		};
	}
	if ( spec.id === 'conversion' ) {
		return {
			...spec,
			links: CONVERSION_STEPS.map( ( step ) =>
				link( {
					...scope,
					...cohortReached( report.period, STEP_STAGES[ step ][ 1 ] ),
				} )
			),
		};
	}
	return spec;
}

/**
 * The time-to-hire charts with their drill-down links.
 * @param spec   A spec built from the report (by_stage, by_job or trend).
 * @param report The report.
 * @param jobId  The report's job filter (0: all jobs).
 */
export function timeToHireLinks(
	spec: ChartSpec,
	report: TimeToHireReport,
	jobId: number
): ChartSpec {
	const scope = jobScope( jobId );
	const period = report.period;
	if ( spec.id === 'by_stage' ) {
		return {
			...spec,
			links: STAGE_STEPS.map( ( step ) =>
				link( {
					...scope,
					...hiredIn( period ),
					entered: STEP_STAGES[ step ],
				} )
			),
		};
	}
	if ( spec.id === 'by_job' ) {
		return {
			...spec,
			links: ( report.by_job ?? [] ).map( ( row ) =>
				link( { job_id: row.job_id, ...hiredIn( period ) } )
			),
		};
	}
	if ( spec.id === 'trend' ) {
		return {
			...spec,
			links: ( report.trend ?? [] ).map( ( row ) => {
				// The first and last months may be cut by the period.
				const month = monthRange( row.month );
				return link( {
					...scope,
					hired_from:
						month.from < period.from ? period.from : month.from,
					hired_to: month.to > period.to ? period.to : month.to,
				} );
			} ),
		};
	}
	return spec;
}

/**
 * The funnel's stages chart with its drill-down links.
 * @param spec   The spec built from the report's stages.
 * @param report The report.
 * @param jobId  The report's job filter (0: all jobs).
 */
export function funnelLinks(
	spec: ChartSpec,
	report: FunnelReport,
	jobId: number
): ChartSpec {
	const scope = jobScope( jobId );
	return {
		...spec,
		links: report.stages.map( ( row ) =>
			link( { ...scope, ...cohortReached( report.period, row.stage ) } )
		),
	};
}

/**
 * The sources chart with its drill-down links.
 * @param spec   The spec built from the report's sources.
 * @param report The report.
 * @param jobId  The report's job filter (0: all jobs).
 */
export function sourcesLinks(
	spec: ChartSpec,
	report: SourcesReport,
	jobId: number
): ChartSpec {
	const scope = jobScope( jobId );
	return {
		...spec,
		links: ( report.sources ?? [] ).map( ( row ) =>
			link( {
				...scope,
				source: row.source,
				applied_from: report.period.from,
				applied_to: report.period.to,
			} )
		),
	};
}

/**
 * The careers funnel's per-job chart with its drill-down links (the other charts' categories are days and source
 * categories, which the Applications list does not filter by).
 * @param spec   A spec built from the report.
 * @param report The report.
 */
export function careersLinks(
	spec: ChartSpec,
	report: CareersReport
): ChartSpec {
	if ( spec.id !== 'by_job' ) {
		return spec;
	}
	return {
		...spec,
		links: ( report.by_job ?? [] ).map( ( row ) =>
			link( {
				job_id: row.job_id,
				applied_from: report.period.from,
				applied_to: report.period.to,
			} )
		),
	};
}

/** The fields of the rejections report's rows the drill-down reads. */
interface RejectionsRows {
	by_reason?: Array< { status: ExitStatus; reason: string } >;
	by_job?: Array< { job_id: number } >;
}

/**
 * The rejections report's charts by reason and by job with their drill-down links.
 * @param spec   A spec built from the report.
 * @param report The report.
 * @param jobId  The report's job filter (0: all jobs).
 */
export function rejectionsLinks(
	spec: ChartSpec,
	report: RejectionsRows,
	jobId: number
): ChartSpec {
	const scope = jobScope( jobId );
	if ( spec.id === 'by_reason' ) {
		return {
			...spec,
			links: ( report.by_reason ?? [] ).map( ( row ) =>
				row.reason
					? link( {
							...scope,
							status: [ row.status ],
							reason: row.reason,
						} )
					: null
			),
		};
	}
	if ( spec.id === 'by_job' ) {
		return {
			...spec,
			links: ( report.by_job ?? [] ).map( ( row ) =>
				link( {
					job_id: row.job_id,
					status: [ 'rejected', 'withdrawn' ],
				} )
			),
		};
	}
	return spec;
}

/** The fields of the pipeline report's rows the drill-down reads. */
interface PipelineRow {
	stage: PipelineStage;
	stale: number;
	job_id?: number;
}

/** The pipeline report's rows the drill-down reads. */
interface PipelineRows {
	stages?: PipelineRow[];
	by_job?: PipelineRow[];
}

/**
 * The pipeline report's charts with their drill-down links: a stage with stale candidates opens them, waiting
 * longest first.
 * @param spec   A spec built from the report (stages or by_job).
 * @param report The report.
 * @param jobId  The report's job filter (0: all jobs).
 */
export function pipelineLinks(
	spec: ChartSpec,
	report: PipelineRows,
	jobId: number
): ChartSpec {
	if ( spec.id !== 'by_job' && spec.id !== 'stages' ) {
		return spec;
	}
	const rows = spec.id === 'by_job' ? report.by_job : report.stages;
	return {
		...spec,
		links: ( rows ?? [] ).map( ( row ) =>
			row.stale > 0
				? link( {
						...jobScope( row.job_id ?? jobId ),
						status: [ row.stage ],
						stale: true,
						orderby: 'status_since',
						order: 'asc',
					} )
				: null
		),
	};
}

/**
 * A filled job's hires: the applications behind its time to fill (the earliest of them filled it).
 * @param jobId The job.
 */
export function jobHiresLink( jobId: number ): string {
	return link( { job_id: jobId, reached: 'hired' } );
}

/**
 * A report chart with its drill-down links, for the reports whose categories map onto the Applications list's
 * filters; any other chart as it is.
 * @param name   The report's name.
 * @param spec   A spec of one of its charts.
 * @param report The report.
 * @param jobId  The report's job filter (0: all jobs).
 */
export function chartLinks(
	name: string,
	spec: ChartSpec,
	report: unknown,
	jobId: number
): ChartSpec {
	switch ( name ) {
		case 'overview':
			return overviewLinks( spec, report as OverviewReport, jobId );
		case 'time-to-hire':
			return timeToHireLinks( spec, report as TimeToHireReport, jobId );
		case 'funnel':
			return funnelLinks( spec, report as FunnelReport, jobId );
		case 'sources':
			return sourcesLinks( spec, report as SourcesReport, jobId );
		case 'careers':
			return careersLinks( spec, report as CareersReport );
		case 'rejections':
			return rejectionsLinks( spec, report as RejectionsRows, jobId );
		case 'pipeline':
			return pipelineLinks( spec, report as PipelineRows, jobId );
		default:
			return spec;
	}
}
