/**
 * A chart with its title and data table. The canvas is decorative for assistive technology
 * (role="img" with a label pointing to the table); the table holds the numbers.
 */
import { useEffect, useId, useRef } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { DataTable } from './DataTable';
import { drawChart, type DrawnChart } from './draw';
import { isEmptySpec, type ChartSpec } from './spec';

interface Props {
	spec: ChartSpec;
	/** Open the data table initially (the Reports page shows its numbers). */
	tableOpen?: boolean;
	/** Canvas height in px. */
	height?: number;
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
}: Props ) {
	const canvasRef = useRef< HTMLCanvasElement >( null );
	const chartRef = useRef< DrawnChart | null >( null );
	const titleId = useId();
	const empty = isEmptySpec( spec );

	useEffect( () => {
		if ( empty || ! canvasRef.current ) {
			return;
		}
		if ( chartRef.current ) {
			chartRef.current.update( spec );
		} else {
			chartRef.current = drawChart( canvasRef.current, spec );
		}
	}, [ spec, empty ] );

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
				<div className="rr-chart__canvas" style={ { height } }>
					<canvas
						ref={ canvasRef }
						role="img"
						aria-label={ sprintf(
							/* translators: %s: chart title. */
							__(
								'%s. The numbers are in the data table.',
								'recruiting-reports'
							),
							spec.title
						) }
					/>
				</div>
			) }
			<details className="rr-chart__data" open={ tableOpen || undefined }>
				<summary>{ __( 'Data table', 'recruiting-reports' ) }</summary>
				<DataTable spec={ spec } />
				{ tableActions }
			</details>
		</figure>
	);
}
