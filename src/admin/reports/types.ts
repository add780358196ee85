import type { Compared, ReportPeriod, ReportQuery } from '../../api/types';
import type { ChartDeclaration } from '../../reports/charts';

/** Any report's data: the page draws every report from its declarations. */
export type AnyReport = { period: ReportPeriod };

/** What each Reports page section's body draws from. */
export interface BodyProps< T > {
	report: Compared< T >;
	/** The query the report answers (its filters go into the CSV links). */
	query: ReportQuery;
}

/** What a chart's own body (ReportBody's CHART_BODIES) draws from. */
export interface ChartBodyProps extends BodyProps< AnyReport > {
	chart: ChartDeclaration;
}
