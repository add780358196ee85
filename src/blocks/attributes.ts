/**
 * The report block's attributes (block.json) and the editor's section settings. The reports, their
 * titles and which sections each one has come from block.json's variations, as on the server
 * (includes/Blocks/ReportBlock.php); the server checks the attributes and renders the block, the
 * editor only previews that render.
 */
import { __ } from '@wordpress/i18n';

import type { ComparePeriod } from '../api/types';
import type { PeriodChoice } from '../reports/periods';
import metadata from '../../block.json';

export type SectionId =
	| 'figures'
	| 'by_status'
	| 'conversion'
	| 'by_stage'
	| 'by_job'
	| 'trend'
	| 'stages'
	| 'sources';

/** The reports the block shows: one variation each. */
export type BlockReportName =
	'overview' | 'time-to-hire' | 'funnel' | 'sources' | 'time-to-fill';

// A type alias (not an interface) so it fits @wordpress/blocks' Record< string, unknown > constraint.
export type ReportBlockAttributes = {
	report: BlockReportName;
	period: PeriodChoice;
	dateFrom: string;
	dateTo: string;
	jobId: number;
	compare: 'none' | ComparePeriod;
	sections: SectionId[];
	statusChart: 'bar' | 'doughnut';
	trendChart: 'line' | 'bar';
	visibility: 'restricted' | 'public';
	deniedDisplay: 'message' | 'nothing';
	showHeading: boolean;
};

interface Variation {
	attributes: { report: BlockReportName; sections: SectionId[] };
}

/** The block's variations: one per report, in the inserter's order. */
const VARIATIONS = metadata.variations as Variation[];

function variationOf( report: BlockReportName ): Variation {
	return (
		VARIATIONS.find( ( one ) => one.attributes.report === report ) ??
		VARIATIONS[ 0 ]
	);
}

/**
 * The sections a report has, in display order.
 *
 * @param report The block's report.
 */
export function reportSections( report: BlockReportName ): SectionId[] {
	return variationOf( report ).attributes.sections;
}

/** The reports in the inserter's order (block.json's variations). */
export const BLOCK_REPORTS = VARIATIONS.map(
	( variation ) => variation.attributes.report
);

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
		case 'stages':
			return __( 'Stages', 'recruiting-reports' );
		case 'sources':
			return __( 'Per source', 'recruiting-reports' );
		default:
			return __( 'Trend by month', 'recruiting-reports' );
	}
}

/**
 * The sections shown for the block's report, in display order. Sections of the other reports are
 * ignored; none ticked means all (the editor never lets the last one be unticked).
 *
 * @param attributes The block's attributes.
 */
export function visibleSections(
	attributes: Pick< ReportBlockAttributes, 'report' | 'sections' >
): SectionId[] {
	const available = reportSections( attributes.report );
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
	const shown = visibleSections( attributes );
	if ( ! on && shown.length === 1 && shown[ 0 ] === section ) {
		return shown;
	}
	return reportSections( attributes.report ).filter( ( s ) =>
		s === section ? on : shown.includes( s )
	);
}
