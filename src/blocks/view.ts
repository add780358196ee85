/**
 * The block's view script (build/block-view.js, block.json "viewScript"). The server has rendered
 * every chart's data table and embedded its spec as JSON; this draws the charts with chart.js and
 * folds the tables into their "Data table" disclosure. Without JavaScript, the tables show.
 * No @wordpress/* imports: the front end loads this file and nothing else of ours.
 */
import { drawChart, type ChartTheme } from '../components/charts/draw';
import type { ChartSpec } from '../components/charts/spec';
import './front.scss';

function themeOf( element: HTMLElement ): ChartTheme {
	const color = getComputedStyle( element ).color || '#1d2327';
	return { text: color, grid: 'rgba(128, 128, 128, 0.3)' };
}

/**
 * Draws every chart below `root` that is not drawn yet. Returns how many were drawn.
 *
 * @param root Where to look (default: the whole document).
 */
export function initReportCharts( root: ParentNode = document ): number {
	let drawn = 0;
	root.querySelectorAll< HTMLElement >( '[data-rr-chart]' ).forEach(
		( figure ) => {
			if ( figure.dataset.rrDrawn ) {
				return;
			}
			const source = figure.querySelector( 'script.rr-chart__spec' );
			const holder =
				figure.querySelector< HTMLElement >( '.rr-chart__canvas' );
			if ( ! source || ! holder ) {
				return;
			}
			let spec: ChartSpec;
			try {
				spec = JSON.parse( source.textContent || '' ) as ChartSpec;
			} catch {
				return;
			}
			const canvas = document.createElement( 'canvas' );
			canvas.setAttribute( 'role', 'img' );
			canvas.setAttribute(
				'aria-label',
				holder.dataset.label || spec.title
			);
			holder.appendChild( canvas );
			holder.hidden = false;
			try {
				drawChart( canvas, spec, themeOf( figure ) );
			} catch {
				// The table is still there: better no chart than a broken one.
				holder.hidden = true;
				canvas.remove();
				return;
			}
			figure.dataset.rrDrawn = '1';
			const details = figure.querySelector( 'details' );
			if ( details ) {
				details.open = false;
			}
			drawn++;
		}
	);
	return drawn;
}

if ( typeof document !== 'undefined' ) {
	if ( document.readyState === 'loading' ) {
		document.addEventListener( 'DOMContentLoaded', () =>
			initReportCharts()
		);
	} else {
		initReportCharts();
	}
}
