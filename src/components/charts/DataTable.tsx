/**
 * The numbers behind a chart, as a real table: a caption, column headers and row headers, so a
 * screen reader can announce "Hired, Applications: 42". Each cell carries the raw API value in
 * data-value (used by the end-to-end tests to compare with the API), also where the cell shows
 * "—" for a value without data. Each value cell names its column in data-colname (as WordPress's list
 * tables do), for a stylesheet that stacks a row's cells as label/value pairs on a narrow screen.
 */
import { formatValue } from '../format';
import type { ChartSpec } from './spec';

interface Props {
	spec: ChartSpec;
	/** Show the caption on screen (default: for screen readers only, the figure has a visible title). */
	showCaption?: boolean;
}

/**
 * A value without data (a month without hires): "—", never "0.0 days", which reads as a result.
 * @param props
 * @param props.text What a screen reader hears instead (the series' declared text).
 */
function NoValue( { text }: { text?: string } ) {
	return (
		<>
			<span aria-hidden="true">—</span>
			<span className="screen-reader-text">{ text }</span>
		</>
	);
}

export function DataTable( { spec, showCaption = false }: Props ) {
	return (
		<div className="rr-table-scroll">
			<table
				className="rr-table widefat striped"
				data-chart-table={ spec.id }
			>
				<caption
					className={ showCaption ? undefined : 'screen-reader-text' }
				>
					{ spec.title }
				</caption>
				<thead>
					<tr>
						<th scope="col">{ spec.categoryLabel }</th>
						{ spec.series.map( ( series ) => (
							<th
								scope="col"
								key={ series.label }
								className="rr-table__num"
							>
								{ series.label }
							</th>
						) ) }
					</tr>
				</thead>
				<tbody>
					{ spec.labels.map( ( label, row ) => (
						<tr key={ `${ row }-${ label }` }>
							<th scope="row">
								{ spec.links?.[ row ] ? (
									<a href={ spec.links[ row ] ?? undefined }>
										{ label }
									</a>
								) : (
									label
								) }
							</th>
							{ spec.series.map( ( series ) => (
								<td
									key={ series.label }
									className="rr-table__num"
									data-colname={ series.label }
									data-value={ series.values[ row ] }
								>
									{ series.missing?.[ row ] ? (
										<NoValue text={ series.missingText } />
									) : (
										formatValue(
											series.values[ row ] ?? 0,
											series.unit
										)
									) }
								</td>
							) ) }
						</tr>
					) ) }
				</tbody>
			</table>
		</div>
	);
}
