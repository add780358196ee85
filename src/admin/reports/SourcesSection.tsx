/**
 * Reports › Sources (SPEC §7.2): where the period's applicants came from and which channels bring
 * hires. Totals as headline figures (with their change when comparing), the sources as a bar chart
 * of applications and hires (the top ten, then "Show all"), and the table behind it with hire rate
 * and days to hire.
 */
import { __ } from '@wordpress/i18n';

import type { SourcesReport } from '../../api/types';
import { ChartFigure } from '../../components/charts/ChartFigure';
import { CsvDownload } from '../../components/CsvDownload';
import { Figures } from '../../components/Figures';
import { SHOW_ALL_LIMIT } from '../../components/ShowAll';
import { sourcesLinks } from '../../reports/drilldown';
import {
	comparedFigures,
	sourcesFigures,
	sourcesSpec,
} from '../../reports/specs';
import type { BodyProps } from './types';

/** Bars per source: two bars (applications, hires) need more room than one. */
const ROW_HEIGHT = 40;

export function SourcesBody( { report, query }: BodyProps< SourcesReport > ) {
	return (
		<>
			<Figures
				label={ __( 'Source figures', 'recruiting-reports' ) }
				figures={ comparedFigures(
					report,
					sourcesFigures,
					query.compare
				) }
			/>
			<ChartFigure
				spec={ sourcesLinks(
					sourcesSpec( report ),
					report,
					query.job_id ?? 0
				) }
				tableOpen
				tableActions={
					<CsvDownload
						name="sources"
						section="sources"
						query={ query }
					/>
				}
				limit={ SHOW_ALL_LIMIT }
				height={ ( drawn ) => Math.max( 160, 60 + ROW_HEIGHT * drawn ) }
				emptyMessage={ __(
					'No applications in this period.',
					'recruiting-reports'
				) }
			/>
		</>
	);
}
