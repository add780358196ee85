/**
 * Draws the charts of a server-rendered report block. PHP renders the block (includes/Blocks/ReportMarkup.php):
 * every chart's data table, and its spec as JSON; this only draws the charts with chart.js and folds the
 * tables into their "Data table" disclosure. One code path for the front end (view.ts) and the editor's
 * preview of the same server render (Edit.tsx), which lives in the editor canvas's iframe: hence the
 * element's own document and window, never the globals.
 * No @wordpress/* imports: the front end loads this and nothing else of ours.
 */
import { drawChart, type ChartTheme } from '../components/charts/draw';
import type { ChartSpec } from '../components/charts/spec';

/** The chart.js handles of drawn figures, so a preview that re-renders can free them. */
const drawnCharts = new WeakMap< HTMLElement, { destroy: () => void } >();

function themeOf( element: HTMLElement ): ChartTheme {
	const view = element.ownerDocument.defaultView ?? window;
	const color = view.getComputedStyle( element ).color || '#1d2327';
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
			const canvas = figure.ownerDocument.createElement( 'canvas' );
			canvas.setAttribute( 'role', 'img' );
			canvas.setAttribute(
				'aria-label',
				holder.dataset.label || spec.title
			);
			holder.appendChild( canvas );
			holder.hidden = false;
			try {
				drawnCharts.set(
					figure,
					drawChart( canvas, spec, themeOf( figure ) )
				);
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

/**
 * Frees the charts drawn below `root` (the editor's preview, before its HTML is replaced).
 *
 * @param root Where they were drawn.
 */
export function destroyReportCharts( root: ParentNode ): void {
	root.querySelectorAll< HTMLElement >( '[data-rr-drawn]' ).forEach(
		( figure ) => {
			drawnCharts.get( figure )?.destroy();
			drawnCharts.delete( figure );
		}
	);
}
