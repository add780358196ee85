/**
 * Time to fill's jobs (its `by_job` chart, declared in includes/Reports/TimeToFillReport.php) as a table of their
 * own, slowest first (the API's order): each job links to its hires and shows the dates its days are counted
 * between, the ten slowest, then "Show all". Dates are no chart values, so the page lists them rather than
 * drawing bars; the title, headers and empty text are the declaration's, as in the block.
 */
import { useId } from '@wordpress/element';

import type { TimeToFillJobRow } from '../../api/types';
import { CsvDownload } from '../../components/CsvDownload';
import { formatDate, formatDayNumber } from '../../components/format';
import { ShowAllButton, useShowAll } from '../../components/ShowAll';
import { emptyMessage } from '../../reports/charts';
import { jobHiresLink } from '../../reports/drilldown';
import { rowsAt } from '../../reports/figures';
import type { ChartBodyProps } from './types';

/**
 * How a declared series' value shows in this table: dates in the site's format, days with one decimal.
 * @param row
 * @param field
 * @param unit
 */
function cell( row: TimeToFillJobRow, field: string, unit: string ): string {
	const value = row[ field as keyof TimeToFillJobRow ];
	return unit === 'date'
		? formatDate( String( value ) )
		: formatDayNumber( Number( value ) );
}

/**
 * One filled job: its title linking to its hires, then each declared column.
 * @param props
 * @param props.row    The by_job row.
 * @param props.series The chart's declared series (the columns).
 */
function FilledJobRow( {
	row,
	series: columns,
}: {
	row: TimeToFillJobRow;
	series: ChartBodyProps[ 'chart' ][ 'series' ];
} ) {
	return (
		<tr>
			<th scope="row">
				<a href={ jobHiresLink( row.job_id ) }>{ row.job_title }</a>
			</th>
			{ columns.map( ( series ) => (
				// Each header is also its cells' data-colname, shown beside the value on a narrow screen.
				<td
					key={ series.value }
					className={
						series.unit === 'date' ? undefined : 'rr-table__num'
					}
					data-colname={ series.label }
					data-value={ row[ series.value as keyof TimeToFillJobRow ] }
				>
					{ cell( row, series.value, series.unit ) }
				</td>
			) ) }
		</tr>
	);
}

export function FilledJobsTable( { chart, report, query }: ChartBodyProps ) {
	const titleId = useId();
	const tableId = useId();
	const rows = rowsAt( 'by_job', report ) as unknown as TimeToFillJobRow[];
	const shown = useShowAll( rows );
	return (
		<figure
			className="rr-chart"
			aria-labelledby={ titleId }
			data-chart={ chart.id }
		>
			<figcaption id={ titleId } className="rr-chart__title">
				{ chart.title }
			</figcaption>
			{ rows.length === 0 ? (
				<p className="rr-chart__empty">
					{ emptyMessage( chart, report ) }
				</p>
			) : (
				<div className="rr-table-scroll" id={ tableId }>
					<table
						className="rr-table widefat striped"
						data-table="time-to-fill-by-job"
					>
						<caption className="screen-reader-text">
							{ chart.title }
						</caption>
						<thead>
							<tr>
								<th scope="col">{ chart.category }</th>
								{ chart.series.map( ( series ) => (
									<th
										scope="col"
										key={ series.value }
										className={
											series.unit === 'date'
												? undefined
												: 'rr-table__num'
										}
									>
										{ series.label }
									</th>
								) ) }
							</tr>
						</thead>
						<tbody>
							{ shown.items.map( ( row ) => (
								<FilledJobRow
									key={ row.job_id }
									row={ row }
									series={ chart.series }
								/>
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
