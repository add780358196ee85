/**
 * Reports › Time to fill (SPEC §7.2): how long jobs stay open. The period's filled jobs as headline
 * figures (with their change when comparing), the jobs open now with their age, every filled job
 * with its dates, and the trend by month of filling.
 */
import { useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type {
	ReportQuery,
	TimeToFillJobRow,
	TimeToFillReport,
} from '../../api/types';
import { ChartFigure } from '../../components/charts/ChartFigure';
import { CsvDownload } from '../../components/CsvDownload';
import { Figures } from '../../components/Figures';
import { formatDate, formatDayNumber } from '../../components/format';
import { ShowAllButton, useShowAll } from '../../components/ShowAll';
import { jobHiresLink } from '../../reports/drilldown';
import {
	openJobsFigures,
	timeToFillFigures,
	timeToFillTrendSpec,
	comparedFigures,
} from '../../reports/specs';
import type { BodyProps } from './types';

/**
 * The filled jobs, slowest first (the API's order), with the dates the days are counted between:
 * the ten slowest, then "Show all". Dates are not chart values, so this is a table of its own
 * rather than a chart's data table.
 * @param props
 * @param props.rows  The report's by_job rows.
 * @param props.query The report's query (for the CSV link).
 */
function FilledJobsTable( {
	rows,
	query,
}: {
	rows: TimeToFillJobRow[];
	query: ReportQuery;
} ) {
	const titleId = useId();
	const tableId = useId();
	const shown = useShowAll( rows );
	const title = __( 'Time to fill by job', 'recruiting-reports' );
	// Each header is also its cells' data-colname, shown beside the value on a narrow screen.
	const columns = {
		job: __( 'Job', 'recruiting-reports' ),
		opened: __( 'Opened', 'recruiting-reports' ),
		filled: __( 'Filled', 'recruiting-reports' ),
		days: __( 'Days', 'recruiting-reports' ),
	};
	return (
		<figure
			className="rr-chart"
			aria-labelledby={ titleId }
			data-chart="by_job"
		>
			<figcaption id={ titleId } className="rr-chart__title">
				{ title }
			</figcaption>
			{ rows.length === 0 ? (
				<p className="rr-chart__empty">
					{ __(
						'No jobs filled in this period.',
						'recruiting-reports'
					) }
				</p>
			) : (
				<div className="rr-table-scroll" id={ tableId }>
					<table
						className="rr-table widefat striped"
						data-table="time-to-fill-by-job"
					>
						<caption className="screen-reader-text">
							{ title }
						</caption>
						<thead>
							<tr>
								<th scope="col">{ columns.job }</th>
								<th scope="col">{ columns.opened }</th>
								<th scope="col">{ columns.filled }</th>
								<th scope="col" className="rr-table__num">
									{ columns.days }
								</th>
							</tr>
						</thead>
						<tbody>
							{ shown.items.map( ( row ) => (
								<tr key={ row.job_id }>
									<th scope="row">
										<a href={ jobHiresLink( row.job_id ) }>
											{ row.job_title }
										</a>
									</th>
									<td
										data-colname={ columns.opened }
										data-value={ row.opened }
									>
										{ formatDate( row.opened ) }
									</td>
									<td
										data-colname={ columns.filled }
										data-value={ row.filled }
									>
										{ formatDate( row.filled ) }
									</td>
									<td
										className="rr-table__num"
										data-colname={ columns.days }
										data-value={ row.days }
									>
										{ formatDayNumber( row.days ) }
									</td>
								</tr>
							) ) }
						</tbody>
					</table>
				</div>
			) }
			<ShowAllButton state={ shown } controls={ tableId } />
			<CsvDownload name="time-to-fill" section="by_job" query={ query } />
		</figure>
	);
}

export function TimeToFillBody( {
	report,
	query,
}: BodyProps< TimeToFillReport > ) {
	return (
		<>
			<Figures
				label={ __( 'Time to fill figures', 'recruiting-reports' ) }
				figures={ comparedFigures(
					report,
					timeToFillFigures,
					query.compare
				) }
			/>
			<h3 className="rr-report-section__subtitle">
				{ __( 'Open now', 'recruiting-reports' ) }
			</h3>
			<Figures
				label={ __( 'Open jobs figures', 'recruiting-reports' ) }
				figures={ comparedFigures(
					report,
					openJobsFigures,
					query.compare
				) }
			/>
			<FilledJobsTable rows={ report.by_job } query={ query } />
			<ChartFigure
				spec={ timeToFillTrendSpec( report ) }
				tableOpen
				tableActions={
					<CsvDownload
						name="time-to-fill"
						section="trend"
						query={ query }
					/>
				}
				height={ 260 }
				emptyMessage={ __(
					'No jobs filled in this period.',
					'recruiting-reports'
				) }
			/>
		</>
	);
}
