/**
 * A Reports page section's body, drawn from the report's PHP definition (window.recruitingReports.reports): its
 * headline figures (those of a group under the group's title), then its charts in declared order, each with its
 * data table, "Download CSV" of its section and drill-down links. A chart may have a body of its own
 * (CHART_BODIES: the escape hatch for what a chart and its table cannot show, e.g. time to fill's jobs with their
 * dates); everything else a report adds through recruiting_reports_reports is drawn with no TypeScript.
 */
import { Fragment } from '@wordpress/element';
import type { ComponentType, ReactNode } from 'react';

import type { ReportName, ReportQuery, ReportSections } from '../../api/types';
import { ChartFigure } from '../../components/charts/ChartFigure';
import { CsvDownload } from '../../components/CsvDownload';
import { Figures } from '../../components/Figures';
import { getConfig } from '../../config';
import {
	comparedSpec,
	emptyMessage,
	type ChartDeclaration,
} from '../../reports/charts';
import { chartLinks } from '../../reports/drilldown';
import {
	comparedFigures,
	declaredFigures,
	type FigureDeclaration,
	type ReportPresentation,
} from '../../reports/figures';
import { FilledJobsTable } from './FilledJobsTable';
import type { AnyReport, BodyProps, ChartBodyProps } from './types';

/** Charts drawn by a body of their own, by `report/chart`. */
const CHART_BODIES: Record< string, ComponentType< ChartBodyProps > > = {
	'time-to-fill/by_job': FilledJobsTable,
};

/**
 * A report's presentation (served in the page's config).
 * @param name The report's name.
 */
export function presentationOf( name: string ): ReportPresentation {
	const presentation = getConfig().reports.find(
		( one ) => one.name === name
	);
	if ( ! presentation ) {
		throw new Error( `No report ${ name } is registered.` );
	}
	return presentation;
}

/**
 * The declared figures in their groups: those without a group first, then each group in declared order.
 * @param figures The declarations.
 */
export function figureGroups(
	figures: FigureDeclaration[]
): Array< { title?: string; figures: FigureDeclaration[] } > {
	const groups = new Map<
		string,
		{ title?: string; figures: FigureDeclaration[] }
	>();
	groups.set( '', { figures: [] } );
	for ( const figure of figures ) {
		const key = figure.group ?? '';
		if ( ! groups.has( key ) ) {
			groups.set( key, { title: figure.group_title, figures: [] } );
		}
		groups.get( key )!.figures.push( figure );
	}
	return [ ...groups.values() ].filter( ( group ) => group.figures.length );
}

function DeclaredChart( {
	name,
	chart,
	report,
	query,
}: ChartBodyProps & { name: string } ) {
	const Body = CHART_BODIES[ `${ name }/${ chart.id }` ];
	if ( Body ) {
		return <Body chart={ chart } report={ report } query={ query } />;
	}
	const rowHeight = chart.row_height;
	return (
		<ChartFigure
			spec={ chartLinks(
				name,
				comparedSpec( chart, report ),
				report,
				query.job_id ?? 0
			) }
			tableOpen
			tableActions={
				<CsvDownload
					// The store's types name the built-in reports; any registered report's CSV answers alike.
					name={ name as ReportName }
					section={ chart.id as ReportSections[ ReportName ] }
					query={ query }
				/>
			}
			limit={ chart.limit }
			height={
				rowHeight
					? ( drawn ) => Math.max( 160, 40 + rowHeight * drawn )
					: 260
			}
			emptyMessage={ emptyMessage( chart, report ) }
		/>
	);
}

/**
 * The charts in declared order; consecutive charts without an overlaid earlier period (not trends) side by side.
 * @param props
 * @param props.name   The report's name.
 * @param props.charts Its chart declarations.
 * @param props.report The report's data.
 * @param props.query  The query it answers.
 */
function Charts( {
	name,
	charts,
	report,
	query,
}: {
	name: string;
	charts: ChartDeclaration[];
	report: BodyProps< AnyReport >[ 'report' ];
	query: ReportQuery;
} ) {
	const rows: ChartDeclaration[][] = [];
	for ( const chart of charts ) {
		const last = rows[ rows.length - 1 ];
		if ( last && ! chart.overlay && ! last[ 0 ].overlay ) {
			last.push( chart );
		} else {
			rows.push( [ chart ] );
		}
	}
	return (
		<>
			{ rows.map( ( row ) => {
				const drawn: ReactNode[] = row.map( ( chart ) => (
					<DeclaredChart
						key={ chart.id }
						name={ name }
						chart={ chart }
						report={ report }
						query={ query }
					/>
				) );
				return row.length > 1 ? (
					<div className="rr-grid" key={ row[ 0 ].id }>
						{ drawn }
					</div>
				) : (
					drawn
				);
			} ) }
		</>
	);
}

/**
 * A report's figures and charts as its definition declares them.
 * @param props
 * @param props.name   The report's name.
 * @param props.report The report's data (with `comparison` when compared).
 * @param props.query  The query it answers.
 */
export function ReportBody< T extends AnyReport >( {
	name,
	report,
	query,
}: BodyProps< T > & { name: string } ) {
	const presentation = presentationOf( name );
	return (
		<>
			{ figureGroups( presentation.figures ).map( ( group ) => (
				<Fragment key={ group.title ?? '' }>
					{ group.title && (
						<h3 className="rr-report-section__subtitle">
							{ group.title }
						</h3>
					) }
					<Figures
						label={ group.title ?? presentation.title }
						figures={ comparedFigures(
							report,
							( one ) => declaredFigures( group.figures, one ),
							query.compare
						) }
					/>
				</Fragment>
			) ) }
			<Charts
				name={ name }
				charts={ presentation.charts }
				report={ report }
				query={ query }
			/>
		</>
	);
}
