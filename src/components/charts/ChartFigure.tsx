/**
 * A chart with its title and data table. The canvas is decorative for assistive technology
 * (role="img" with a label pointing to the table); the table holds the numbers.
 */
import { useEffect, useId, useMemo, useRef } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { ShowAllButton, TableDisclosure, useShowAll } from '../ShowAll';
import { DataTable } from './DataTable';
import { drawChart, type DrawnChart } from './draw';
import { isEmptySpec, sliceSpec, type ChartSpec } from './spec';

interface Props {
	spec: ChartSpec;
	/** Open the data table initially (the Reports page shows its numbers); a long table stays closed. */
	tableOpen?: boolean;
	/** Canvas height in px, or per number of categories drawn (bars that grow with their rows). */
	height?: number | ( ( categories: number ) => number );
	/**
	 * Draw only the first `limit` categories, with a "Show all (N)" toggle (the data table keeps
	 * every row).
	 */
	limit?: number;
	/** Shown instead of the chart when every value is zero or there are no rows. */
	emptyMessage?: string;
	/** Shown under the data table, e.g. its "Download CSV" link. */
	tableActions?: ReactNode;
}

export function ChartFigure( {
	spec,
	tableOpen = false,
	height = 220,
	emptyMessage,
	tableActions,
	limit = Infinity,
}: Props ) {
	const canvasRef = useRef< HTMLCanvasElement >( null );
	const chartRef = useRef< DrawnChart | null >( null );
	const titleId = useId();
	const canvasId = useId();
	const empty = isEmptySpec( spec );
	const rows = useShowAll( spec.labels, limit );
	const drawn = useMemo(
		() => ( rows.expanded ? spec : sliceSpec( spec, limit ) ),
		[ spec, limit, rows.expanded ]
	);
	const canvasHeight =
		typeof height === 'function' ? height( drawn.labels.length ) : height;

	useEffect( () => {
		if ( empty || ! canvasRef.current ) {
			return;
		}
		if ( chartRef.current ) {
			chartRef.current.update( drawn );
		} else {
			chartRef.current = drawChart( canvasRef.current, drawn );
		}
	}, [ drawn, empty ] );

	useEffect(
		() => () => {
			chartRef.current?.destroy();
			chartRef.current = null;
		},
		[]
	);

	useEffect( () => {
		if ( empty && chartRef.current ) {
			chartRef.current.destroy();
			chartRef.current = null;
		}
	}, [ empty ] );

	return (
		<figure
			className="rr-chart"
			aria-labelledby={ titleId }
			data-chart={ spec.id }
		>
			<figcaption id={ titleId } className="rr-chart__title">
				{ spec.title }
			</figcaption>
			{ empty ? (
				<p className="rr-chart__empty">
					{ emptyMessage ??
						__(
							'Nothing to chart for this period.',
							'recruiting-reports'
						) }
				</p>
			) : (
				<div
					id={ canvasId }
					className="rr-chart__canvas"
					style={ { height: canvasHeight } }
				>
					<canvas
						ref={ canvasRef }
						role="img"
						aria-label={
							drawn === spec
								? sprintf(
										/* translators: %s: chart title. */
										__(
											'%s. The numbers are in the data table.',
											'recruiting-reports'
										),
										spec.title
									)
								: sprintf(
										/* translators: 1: chart title; 2: categories drawn; 3: categories in all. */
										__(
											'%1$s, top %2$d of %3$d. The numbers are in the data table.',
											'recruiting-reports'
										),
										spec.title,
										drawn.labels.length,
										spec.labels.length
									)
						}
					/>
				</div>
			) }
			{ ! empty && (
				<ShowAllButton
					state={ rows }
					controls={ canvasId }
					limit={ limit }
				/>
			) }
			<TableDisclosure
				className="rr-chart__data"
				rows={ spec.labels.length }
				open={ tableOpen }
			>
				<DataTable spec={ spec } />
				{ tableActions }
			</TableDisclosure>
		</figure>
	);
}
