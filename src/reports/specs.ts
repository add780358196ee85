/**
 * Report data → chart specs and headline figures, shared by the dashboard widget and the Reports
 * page. The report block is rendered by PHP alone (includes/Blocks/ReportContent.php), front end and
 * editor preview alike; it only borrows the chart drawing (src/blocks/charts.ts).
 */
import { __, sprintf } from '@wordpress/i18n';

import {
	APPLICATION_STATUSES,
	CONVERSION_STEPS,
	STAGE_STEPS,
	type ApplicationStatus,
	type ComparePeriod,
	type Compared,
	type ConversionStep,
	type FunnelReport,
	type OverviewReport,
	type ReportPeriod,
	type SourcesReport,
	type StageStep,
	type TimeToFillReport,
	type TimeToHireReport,
} from '../api/types';
import { COLORS, STATUS_COLORS } from '../components/charts/palette';
import { overlayEarlier, type ChartSpec } from '../components/charts/spec';
import type { Figure } from '../components/Figures';
import { reportFigures } from './figures';
import { formatMonth, formatPeriod } from '../components/format';

export function statusLabel( status: ApplicationStatus ): string {
	switch ( status ) {
		case 'new':
			return __( 'New', 'recruiting-reports' );
		case 'screening':
			return __( 'Screening', 'recruiting-reports' );
		case 'interview':
			return __( 'Interview', 'recruiting-reports' );
		case 'offer':
			return __( 'Offer', 'recruiting-reports' );
		case 'hired':
			return __( 'Hired', 'recruiting-reports' );
		case 'rejected':
			return __( 'Rejected', 'recruiting-reports' );
		default:
			return __( 'Withdrawn', 'recruiting-reports' );
	}
}

export function conversionLabel( step: ConversionStep ): string {
	switch ( step ) {
		case 'application_to_screening':
			return __( 'Application → screening', 'recruiting-reports' );
		case 'screening_to_interview':
			return __( 'Screening → interview', 'recruiting-reports' );
		case 'interview_to_offer':
			return __( 'Interview → offer', 'recruiting-reports' );
		default:
			return __( 'Offer → hire', 'recruiting-reports' );
	}
}

export function stageLabel( step: StageStep ): string {
	switch ( step ) {
		case 'new_to_screening':
			return __( 'New → screening', 'recruiting-reports' );
		case 'screening_to_interview':
			return __( 'Screening → interview', 'recruiting-reports' );
		case 'interview_to_offer':
			return __( 'Interview → offer', 'recruiting-reports' );
		default:
			return __( 'Offer → hired', 'recruiting-reports' );
	}
}

export type StatusChartKind = 'bar' | 'doughnut';
export type TrendChartKind = 'line' | 'bar';

export function byStatusSpec(
	report: OverviewReport,
	kind: StatusChartKind = 'bar'
): ChartSpec {
	return {
		id: 'by_status',
		kind,
		horizontal: kind === 'bar',
		title: __( 'All applications by current status', 'recruiting-reports' ),
		categoryLabel: __( 'Status', 'recruiting-reports' ),
		labels: APPLICATION_STATUSES.map( statusLabel ),
		series: [
			{
				label: __( 'Applications', 'recruiting-reports' ),
				values: APPLICATION_STATUSES.map(
					( status ) => report.applications.by_status?.[ status ] ?? 0
				),
				unit: 'count',
				color: APPLICATION_STATUSES.map(
					( status ) => STATUS_COLORS[ status ]
				),
			},
		],
	};
}

export function conversionSpec( report: OverviewReport ): ChartSpec {
	return {
		id: 'conversion',
		kind: 'bar',
		horizontal: true,
		title: __( 'Conversion between stages', 'recruiting-reports' ),
		categoryLabel: __( 'Step', 'recruiting-reports' ),
		labels: CONVERSION_STEPS.map( conversionLabel ),
		series: [
			{
				label: __( 'Conversion rate', 'recruiting-reports' ),
				values: CONVERSION_STEPS.map(
					( step ) => report.conversion?.[ step ] ?? 0
				),
				unit: 'percent',
				color: COLORS.blue,
			},
		],
	};
}

export function byStageSpec( report: TimeToHireReport ): ChartSpec {
	return {
		id: 'by_stage',
		kind: 'bar',
		horizontal: true,
		title: __( 'Average days between stages', 'recruiting-reports' ),
		categoryLabel: __( 'Stage', 'recruiting-reports' ),
		labels: STAGE_STEPS.map( stageLabel ),
		series: [
			{
				label: __( 'Average days', 'recruiting-reports' ),
				values: STAGE_STEPS.map(
					( step ) => report.by_stage?.[ step ] ?? 0
				),
				unit: 'days',
				color: COLORS.purple,
				// Without hires the API's 0s are no averages at all.
				missing: STAGE_STEPS.map( () => hiresInPeriod( report ) === 0 ),
			},
		],
	};
}

export function byJobSpec( report: TimeToHireReport ): ChartSpec {
	const rows = report.by_job ?? [];
	return {
		id: 'by_job',
		kind: 'bar',
		horizontal: true,
		title: __( 'Time to hire by job', 'recruiting-reports' ),
		categoryLabel: __( 'Job', 'recruiting-reports' ),
		labels: rows.map( ( row ) => row.job_title ),
		series: [
			{
				label: __( 'Average days', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.average_days ),
				unit: 'days',
				color: COLORS.teal,
			},
			{
				label: __( 'Hires', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.hires ),
				unit: 'count',
				color: COLORS.green,
				chart: false,
			},
		],
	};
}

/**
 * Time to hire by month; with a comparison, the earlier period's months overlaid (month n on month n).
 * @param report
 * @param kind
 */
export function trendSpec(
	report: Compared< TimeToHireReport >,
	kind: TrendChartKind = 'line'
): ChartSpec {
	const spec = monthlySpec( report, kind );
	return report.comparison
		? withEarlier(
				spec,
				monthlySpec( report.comparison, kind ),
				report.comparison.period
			)
		: spec;
}

/**
 * A trend with the comparison period's months overlaid, its series named with the earlier dates.
 * @param spec    The trend of the period.
 * @param earlier The same trend of the comparison period.
 * @param period  The comparison period.
 */
function withEarlier(
	spec: ChartSpec,
	earlier: ChartSpec,
	period: ReportPeriod
): ChartSpec {
	const dates = formatPeriod( period );
	return overlayEarlier(
		spec,
		earlier,
		( label ) =>
			sprintf(
				/* translators: 1: a series' name, e.g. "Average days"; 2: the earlier period's dates. */
				__( '%1$s, %2$s', 'recruiting-reports' ),
				label,
				dates
			),
		COLORS.gray
	);
}

function monthlySpec(
	report: TimeToHireReport,
	kind: TrendChartKind
): ChartSpec {
	const rows = report.trend ?? [];
	return {
		id: 'trend',
		kind,
		title: __( 'Time to hire by month', 'recruiting-reports' ),
		categoryLabel: __( 'Month', 'recruiting-reports' ),
		labels: rows.map( ( row ) => formatMonth( row.month ) ),
		series: [
			{
				label: __( 'Average days', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.average_days ),
				unit: 'days',
				color: COLORS.blue,
				missing: rows.map( ( row ) => ! row.hires ),
			},
			{
				label: __( 'Hires', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.hires ?? 0 ),
				unit: 'count',
				color: COLORS.green,
				chart: false,
			},
		],
	};
}

/**
 * Hires in the period: the trend covers every month of the period, so its counts add up to |H|.
 * @param report
 */
export function hiresInPeriod( report: TimeToHireReport ): number {
	return ( report.trend ?? [] ).reduce(
		( sum, row ) => sum + ( row.hires ?? 0 ),
		0
	);
}

export function overviewFigures( report: OverviewReport ): Figure[] {
	return reportFigures( 'overview', report );
}

export function timeToHireFigures( report: TimeToHireReport ): Figure[] {
	return reportFigures( 'time-to-hire', report );
}

/**
 * The figures with their change against the same figures of the comparison report (matched by id).
 * A figure the earlier period cannot state (no hires) compares with nothing, shown as "—".
 * @param figures
 * @param earlier
 * @param against
 */
export function withChanges(
	figures: Figure[],
	earlier: Figure[] | undefined,
	against: ComparePeriod | undefined
): Figure[] {
	if ( ! earlier || ! against ) {
		return figures;
	}
	return figures.map( ( figure ) => {
		const match = earlier.find( ( other ) => other.id === figure.id );
		return match
			? { ...figure, change: { previous: match.raw ?? null, against } }
			: figure;
	} );
}

/**
 * A report's figures, each with its change against the report's comparison when it has one.
 * @param report  The report (with `comparison` when compared).
 * @param figures Builds the figures of one period's report.
 * @param against The comparison period asked for.
 */
export function comparedFigures< T >(
	report: Compared< T >,
	figures: ( one: T ) => Figure[],
	against: ComparePeriod | undefined
): Figure[] {
	return withChanges(
		figures( report ),
		report.comparison && figures( report.comparison ),
		against
	);
}

export function funnelSpec( report: FunnelReport ): ChartSpec {
	return {
		id: 'stages',
		kind: 'bar',
		horizontal: true,
		title: __( 'Applications reaching each stage', 'recruiting-reports' ),
		categoryLabel: __( 'Stage', 'recruiting-reports' ),
		labels: report.stages.map( ( row ) => statusLabel( row.stage ) ),
		series: [
			{
				label: __( 'Reached', 'recruiting-reports' ),
				values: report.stages.map( ( row ) => row.reached ),
				unit: 'count',
				color: report.stages.map(
					( row ) => STATUS_COLORS[ row.stage ]
				),
			},
			{
				label: __(
					'Conversion from previous stage',
					'recruiting-reports'
				),
				values: report.stages.map(
					( row ) => row.conversion_from_previous
				),
				unit: 'percent',
				color: COLORS.blue,
				chart: false,
			},
		],
	};
}

export function funnelFigures( report: FunnelReport ): Figure[] {
	return reportFigures( 'funnel', report );
}

/**
 * Applications and hires by source: both counts charted, hire rate and average days to hire in the
 * table (a source without hires has no average: "—").
 * @param report
 */
export function sourcesSpec( report: SourcesReport ): ChartSpec {
	const rows = report.sources ?? [];
	return {
		id: 'sources',
		kind: 'bar',
		horizontal: true,
		title: __( 'Applications and hires by source', 'recruiting-reports' ),
		categoryLabel: __( 'Source', 'recruiting-reports' ),
		labels: rows.map( ( row ) => row.source ),
		series: [
			{
				label: __( 'Applications', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.applications ),
				unit: 'count',
				color: COLORS.blue,
			},
			{
				label: __( 'Hires', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.hires ),
				unit: 'count',
				color: COLORS.green,
			},
			{
				label: __( 'Hire rate', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.conversion ),
				unit: 'percent',
				color: COLORS.teal,
				chart: false,
			},
			{
				label: __( 'Average days to hire', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.average_days_to_hire ),
				unit: 'days',
				color: COLORS.purple,
				chart: false,
				missing: rows.map( ( row ) => ! row.hires ),
			},
		],
	};
}

/**
 * The sources report's totals: every application of the cohort has exactly one source, so the
 * rows add up to the cohort.
 * @param report
 */
export function sourcesFigures( report: SourcesReport ): Figure[] {
	return reportFigures( 'sources', report );
}

/**
 * Time to fill by month of filling; a month without a filled job is a gap, not a 0-day fill. With a
 * comparison, the earlier period's months overlaid (month n on month n).
 * @param report
 */
export function timeToFillTrendSpec(
	report: Compared< TimeToFillReport >
): ChartSpec {
	const spec = fillMonthsSpec( report );
	return report.comparison
		? withEarlier(
				spec,
				fillMonthsSpec( report.comparison ),
				report.comparison.period
			)
		: spec;
}

function fillMonthsSpec( report: TimeToFillReport ): ChartSpec {
	const rows = report.trend ?? [];
	return {
		id: 'trend',
		kind: 'line',
		title: __( 'Time to fill by month', 'recruiting-reports' ),
		categoryLabel: __( 'Month', 'recruiting-reports' ),
		labels: rows.map( ( row ) => formatMonth( row.month ) ),
		series: [
			{
				label: __( 'Average days', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.average_days ),
				unit: 'days',
				color: COLORS.teal,
				missing: rows.map( ( row ) => ! row.jobs ),
			},
			{
				label: __( 'Jobs filled', 'recruiting-reports' ),
				values: rows.map( ( row ) => row.jobs ?? 0 ),
				unit: 'count',
				color: COLORS.green,
				chart: false,
			},
		],
	};
}

/**
 * Time to fill's figures for the period: jobs filled (one by_job row each) and the spread of their days.
 * @param report
 */
export function timeToFillFigures( report: TimeToFillReport ): Figure[] {
	return reportFigures( 'time-to-fill', report );
}

/**
 * Jobs open now (published, no hire yet) and their average age: "as of now", the same in a
 * comparison period (docs/reports.md).
 * @param report
 */
export function openJobsFigures( report: TimeToFillReport ): Figure[] {
	return reportFigures( 'time-to-fill', report, 'open_jobs' );
}
