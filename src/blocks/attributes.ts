/**
 * The report block's attributes (block.json), what each report can show, and the checks the
 * editor runs before asking for a preview. includes/Blocks/Attributes.php applies the same rules
 * on the server, which is what counts for the front end.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { ReportName, ReportQuery } from '../api/types';
import {
	customRangeProblem,
	isIsoDate,
	presetQuery,
	type PeriodChoice,
} from '../reports/periods';
import type { StatusChartKind, TrendChartKind } from '../reports/specs';

export type SectionId =
	'figures' | 'by_status' | 'conversion' | 'by_stage' | 'by_job' | 'trend';

/** The reports the block shows (the others of ReportName are not block variations yet). */
export type BlockReportName = Extract<
	ReportName,
	'overview' | 'time-to-hire'
>;

// A type alias (not an interface) so it fits @wordpress/blocks' Record< string, unknown > constraint.
export type ReportBlockAttributes = {
	report: BlockReportName;
	period: PeriodChoice;
	dateFrom: string;
	dateTo: string;
	jobId: number;
	sections: SectionId[];
	statusChart: StatusChartKind;
	trendChart: TrendChartKind;
	visibility: 'restricted' | 'public';
	deniedDisplay: 'message' | 'nothing';
	showHeading: boolean;
};

export const REPORT_SECTIONS: Record< BlockReportName, SectionId[] > = {
	overview: [ 'figures', 'by_status', 'conversion' ],
	'time-to-hire': [ 'figures', 'by_stage', 'by_job', 'trend' ],
};

export function sectionLabel( section: SectionId ): string {
	switch ( section ) {
		case 'figures':
			return __( 'Headline figures', 'recruiting-reports' );
		case 'by_status':
			return __( 'Status breakdown', 'recruiting-reports' );
		case 'conversion':
			return __( 'Conversion between stages', 'recruiting-reports' );
		case 'by_stage':
			return __( 'Days between stages', 'recruiting-reports' );
		case 'by_job':
			return __( 'Per job', 'recruiting-reports' );
		default:
			return __( 'Trend by month', 'recruiting-reports' );
	}
}

export function reportTitle( report: ReportName ): string {
	return report === 'time-to-hire'
		? __( 'Time to hire', 'recruiting-reports' )
		: __( 'Recruiting overview', 'recruiting-reports' );
}

/**
 * The sections shown for the block's report, in display order. Sections of the other report are
 * ignored; none ticked means all (the editor never lets the last one be unticked).
 *
 * @param attributes The block's attributes.
 */
export function visibleSections(
	attributes: Pick< ReportBlockAttributes, 'report' | 'sections' >
): SectionId[] {
	const available =
		REPORT_SECTIONS[ attributes.report ] ?? REPORT_SECTIONS.overview;
	const chosen = available.filter( ( section ) =>
		( attributes.sections ?? [] ).includes( section )
	);
	return chosen.length ? chosen : available;
}

/**
 * Ticks or unticks a section, keeping at least one section of the report.
 *
 * @param attributes The block's attributes.
 * @param section    The section to toggle.
 * @param on         Whether it should be shown.
 */
export function toggleSection(
	attributes: Pick< ReportBlockAttributes, 'report' | 'sections' >,
	section: SectionId,
	on: boolean
): SectionId[] {
	const current = new Set( attributes.sections ?? [] );
	if ( on ) {
		current.add( section );
	} else {
		const remaining = visibleSections( attributes ).filter(
			( s ) => s !== section
		);
		if ( remaining.length === 0 ) {
			return [ ...current ];
		}
		current.delete( section );
	}
	const order: SectionId[] = [
		'figures',
		'by_status',
		'conversion',
		'by_stage',
		'by_job',
		'trend',
	];
	return order.filter( ( s ) => current.has( s ) );
}

/**
 * Problems that stop the block from showing data (shown as a notice in the editor; the front end
 * stays empty), or an empty list.
 *
 * @param attributes The block's attributes.
 */
export function attributeProblems(
	attributes: ReportBlockAttributes
): string[] {
	const problems: string[] = [];
	if ( attributes.period === 'custom' ) {
		const problem = customRangeProblem(
			attributes.dateFrom,
			attributes.dateTo
		);
		if ( problem ) {
			problems.push( problem );
		}
	}
	if ( ! Number.isInteger( attributes.jobId ) || attributes.jobId < 0 ) {
		problems.push(
			sprintf(
				/* translators: %s: the stored job id. */
				__(
					'The job setting (%s) is not a valid job id.',
					'recruiting-reports'
				),
				String( attributes.jobId )
			)
		);
	}
	return problems;
}

/**
 * The API query for the block's period and job.
 *
 * @param attributes The block's attributes.
 * @param today      Today in the site's timezone (YYYY-MM-DD).
 */
export function blockQuery(
	attributes: ReportBlockAttributes,
	today: string
): ReportQuery {
	const period =
		attributes.period === 'custom'
			? {
					date_from: isIsoDate( attributes.dateFrom )
						? attributes.dateFrom
						: undefined,
					date_to: isIsoDate( attributes.dateTo )
						? attributes.dateTo
						: undefined,
				}
			: presetQuery( attributes.period, today );
	return {
		...period,
		job_id: attributes.jobId > 0 ? attributes.jobId : undefined,
	};
}
