/**
 * The report block's attributes (block.json) and the editor's section settings. The reports, their
 * titles, which sections each one has and the sections' labels come from the registry of report definitions
 * (window.recruitingReports.reports, ReportRegistry::presentation(): the same list as the block's variations),
 * so a report another plugin registers is in the picker too; the server checks the attributes and renders the
 * block, the editor only previews that render.
 */
import { __ } from '@wordpress/i18n';

import type { ComparePeriod } from '../api/types';
import { getConfig } from '../config';
import type { ReportPresentation } from '../reports/figures';
import type { PeriodChoice } from '../reports/periods';

/** `figures` or the id of one of the report's charts. */
export type SectionId = string;

/** A registered report's name: one block variation each. */
export type BlockReportName = string;

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

/**
 * A registered report's presentation; the first (the default variation's) for a name no longer registered.
 * @param report The block's report.
 */
function presentationOf( report: BlockReportName ): ReportPresentation {
	const reports = getConfig().reports;
	return reports.find( ( one ) => one.name === report ) ?? reports[ 0 ];
}

/**
 * The sections a report has, in display order (its variation's default sections).
 *
 * @param report The block's report.
 */
export function reportSections( report: BlockReportName ): SectionId[] {
	return presentationOf( report )?.sections ?? [];
}

/**
 * The registered reports, in the inserter's order: value (name) and label (title).
 */
export function blockReports(): Array< { value: string; label: string } > {
	return getConfig().reports.map( ( one ) => ( {
		value: one.name,
		label: one.title,
	} ) );
}

/**
 * A section's label in the block's settings: its chart's declared section label.
 * @param report  The block's report.
 * @param section The section.
 */
export function sectionLabel(
	report: BlockReportName,
	section: SectionId
): string {
	if ( section === 'figures' ) {
		return __( 'Headline figures', 'recruiting-reports' );
	}
	return (
		presentationOf( report )?.charts.find( ( one ) => one.id === section )
			?.section ?? section
	);
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
