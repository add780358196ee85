/**
 * The Reports page's section of a report it has no body of its own for (one added through
 * recruiting_reports_reports, docs/adding-a-report.md): its title and headline figures, as its PHP definition
 * declares them.
 */
import { useMemo } from '@wordpress/element';
import type { ComponentType } from 'react';

import type {
	Compared,
	ReportName,
	ReportPeriod,
	ReportQuery,
} from '../../api/types';
import { Figures } from '../../components/Figures';
import {
	declaredFigures,
	type ReportPresentation,
} from '../../reports/figures';
import { comparedFigures } from '../../reports/specs';
import { useResource } from '../../store';
import type { SectionProps } from './ReportsPage';
import type { BodyProps } from './types';

type AnyReport = { period: ReportPeriod };

export interface DeclaredSectionProps {
	presentation: ReportPresentation;
	query: ReportQuery;
	pending: boolean;
	/** The page's section frame (ReportsPage's ReportSection). */
	Section: ComponentType< SectionProps< AnyReport > >;
}

export function DeclaredSection( {
	presentation,
	query,
	pending,
	Section,
}: DeclaredSectionProps ) {
	// The store's reports are typed by the built-in names; the route of any registered report answers alike.
	const state = useResource< Compared< AnyReport > >( 'getReport', [
		presentation.name as ReportName,
		query,
	] );
	const Body = useMemo(
		() =>
			function DeclaredBody( {
				report,
				query: shown,
			}: BodyProps< AnyReport > ) {
				return (
					<Figures
						label={ presentation.title }
						figures={ comparedFigures(
							report,
							( one ) =>
								declaredFigures( presentation.figures, one ),
							shown.compare
						) }
					/>
				);
			},
		[ presentation ]
	);
	return (
		<Section
			id={ `rr-${ presentation.name }` }
			title={ presentation.title }
			state={ state }
			pending={ pending }
			query={ query }
			figuresCount={ presentation.figures.length }
			chartCount={ 0 }
			Body={ Body }
		/>
	);
}
