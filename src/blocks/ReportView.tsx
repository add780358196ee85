/**
 * The block's content drawn from report data: the editor preview. It mirrors the markup the
 * server renders on the front end (includes/Blocks/ReportMarkup.php): heading, period, figures,
 * and one chart with its data table per section.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { OverviewReport, TimeToHireReport } from '../api/types';
import { ChartFigure } from '../components/charts/ChartFigure';
import type { ChartSpec } from '../components/charts/spec';
import { Figures } from '../components/Figures';
import { formatPeriod } from '../components/format';
import { periodLabel } from '../reports/periods';
import {
	byJobSpec,
	byStageSpec,
	byStatusSpec,
	conversionSpec,
	hiresInPeriod,
	overviewFigures,
	timeToHireFigures,
	trendSpec,
} from '../reports/specs';
import {
	reportTitle,
	visibleSections,
	type ReportBlockAttributes,
	type SectionId,
} from './attributes';

export type BlockReportData =
	| { report: 'overview'; data: OverviewReport }
	| { report: 'time-to-hire'; data: TimeToHireReport };

interface Props {
	attributes: ReportBlockAttributes;
	result: BlockReportData;
	jobTitle?: string;
}

function specFor(
	section: SectionId,
	result: BlockReportData,
	attributes: ReportBlockAttributes
): ChartSpec | null {
	if ( result.report === 'overview' ) {
		if ( section === 'by_status' ) {
			return byStatusSpec( result.data, attributes.statusChart );
		}
		if ( section === 'conversion' ) {
			return conversionSpec( result.data );
		}
		return null;
	}
	switch ( section ) {
		case 'by_stage':
			return byStageSpec( result.data );
		case 'by_job':
			return byJobSpec( result.data );
		case 'trend':
			return trendSpec( result.data, attributes.trendChart );
		default:
			return null;
	}
}

export function emptyMessageFor( result: BlockReportData ): string {
	if ( result.report === 'overview' ) {
		return __( 'No applications in this period.', 'recruiting-reports' );
	}
	return hiresInPeriod( result.data ) === 0
		? __( 'No hires in this period.', 'recruiting-reports' )
		: __( 'Nothing to chart for this period.', 'recruiting-reports' );
}

export function ReportView( { attributes, result, jobTitle }: Props ) {
	const sections = visibleSections( attributes );
	const period = result.data.period;
	const periodText =
		attributes.period === 'custom'
			? formatPeriod( period )
			: sprintf(
					/* translators: 1: period name such as "Last 90 days", 2: its dates. */
					__( '%1$s (%2$s)', 'recruiting-reports' ),
					periodLabel( attributes.period ),
					formatPeriod( period )
				);
	const figures =
		result.report === 'overview'
			? overviewFigures( result.data )
			: timeToHireFigures( result.data );
	return (
		<div className={ `rr-report rr-report--${ result.report }` }>
			{ attributes.showHeading && (
				<h2 className="rr-report__title">
					{ reportTitle( result.report ) }
				</h2>
			) }
			<p className="rr-report__period">
				{ jobTitle ? `${ jobTitle } · ${ periodText }` : periodText }
			</p>
			{ sections.map( ( section ) => {
				if ( section === 'figures' ) {
					return (
						<Figures
							key={ section }
							label={ __(
								'Headline figures',
								'recruiting-reports'
							) }
							figures={ figures }
						/>
					);
				}
				const spec = specFor( section, result, attributes );
				return spec ? (
					<ChartFigure
						key={ section }
						spec={ spec }
						height={
							section === 'by_job'
								? Math.max( 160, 40 + 28 * spec.labels.length )
								: 240
						}
						emptyMessage={ emptyMessageFor( result ) }
					/>
				) : null;
			} ) }
		</div>
	);
}
