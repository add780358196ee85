/**
 * Draws a ChartSpec on a canvas with chart.js. Framework-free: used by the React chart component
 * and by the block's view script, which must stay small. Only the controllers, elements, scales
 * and plugins used here are registered, so webpack drops the rest of chart.js.
 *
 * No @wordpress/* imports here: the front end must not pull in WordPress's JS packages.
 */
import {
	ArcElement,
	BarController,
	BarElement,
	CategoryScale,
	Chart,
	DoughnutController,
	Legend,
	LinearScale,
	LineController,
	LineElement,
	PointElement,
	Tooltip,
	type Scale,
	type ChartConfiguration,
	type ChartDataset,
} from 'chart.js';

import type { ChartSpec, ChartSeries, ValueUnit } from './spec';

let registered = false;
function register() {
	if ( ! registered ) {
		Chart.register(
			BarController,
			BarElement,
			LineController,
			LineElement,
			PointElement,
			DoughnutController,
			ArcElement,
			CategoryScale,
			LinearScale,
			Tooltip,
			Legend
		);
		registered = true;
	}
}

function pageLocale(): string {
	return (
		( typeof document !== 'undefined' && document.documentElement.lang ) ||
		'en-US'
	);
}

export function chartNumber( value: number, unit: ValueUnit ): string {
	const options: Intl.NumberFormatOptions =
		unit === 'percent'
			? { style: 'percent', maximumFractionDigits: 2 }
			: { maximumFractionDigits: unit === 'days' ? 1 : 0 };
	try {
		return new Intl.NumberFormat( pageLocale(), options ).format( value );
	} catch {
		return String( value );
	}
}

/**
 * A category label cut at its end to at most `max` characters ("Senior Engineer, Platform Reli…"),
 * so an axis keeps the start of a long job title: chart.js right-aligns the labels of a horizontal
 * bar chart and clips what does not fit at their start. The tooltip and the data table keep the
 * full label.
 * @param label
 * @param max
 */
export function truncateLabel( label: string, max: number ): string {
	const chars = Array.from( label );
	if ( chars.length <= max ) {
		return label;
	}
	return (
		chars
			.slice( 0, Math.max( 1, max - 1 ) )
			.join( '' )
			.trimEnd() + '…'
	);
}

/** Average width of a tick label's character in px (chart.js's default 12 px font). */
const LABEL_CHAR_PX = 6;

/**
 * How many characters a category label may keep: a horizontal chart gives its labels at most 45% of
 * its width; a vertical one lets chart.js rotate them, but still within a readable length.
 * @param chartWidth
 * @param horizontal
 */
export function labelChars( chartWidth: number, horizontal: boolean ): number {
	const share = horizontal ? 0.45 : 0.25;
	return Math.max( 8, Math.floor( ( chartWidth * share ) / LABEL_CHAR_PX ) );
}

/**
 * A long label in lines of about `width` characters, broken at spaces (a tooltip's title).
 * @param label
 * @param width
 */
export function wrapLabel( label: string, width: number = 40 ): string[] {
	const lines: string[] = [];
	let line = '';
	for ( const word of label.split( /\s+/ ) ) {
		if ( line && line.length + 1 + word.length > width ) {
			lines.push( line );
			line = word;
		} else {
			line = line ? `${ line } ${ word }` : word;
		}
	}
	if ( line ) {
		lines.push( line );
	}
	return lines;
}

/** Colours for axes, labels and grid lines (the front end passes the theme's text colour). */
export interface ChartTheme {
	text: string;
	grid: string;
}

const DEFAULT_THEME: ChartTheme = { text: '#1d2327', grid: '#dcdcde' };

function prefersReducedMotion(): boolean {
	return (
		typeof window !== 'undefined' &&
		typeof window.matchMedia === 'function' &&
		!! window.matchMedia( '(prefers-reduced-motion: reduce)' )?.matches
	);
}

function dataset( spec: ChartSpec, series: ChartSeries ): ChartDataset {
	const data = series.values.map( ( value, i ) =>
		series.missing?.[ i ] ? null : value
	);
	if ( spec.kind === 'line' ) {
		const color = Array.isArray( series.color )
			? series.color[ 0 ]
			: series.color;
		return {
			type: 'line',
			label: series.label,
			data,
			spanGaps: false,
			borderColor: color,
			backgroundColor: color,
			pointBackgroundColor: color,
			pointRadius: 3,
			borderWidth: 2,
			tension: 0,
			// The earlier period: dashed with other points, so it differs by more than its colour.
			...( series.earlier
				? { borderDash: [ 6, 4 ], pointStyle: 'triangle' }
				: {} ),
		};
	}
	return {
		type: spec.kind,
		label: series.label,
		data,
		backgroundColor: series.color,
		borderColor: spec.kind === 'doughnut' ? '#ffffff' : series.color,
		borderWidth: spec.kind === 'doughnut' ? 2 : 0,
	} as ChartDataset;
}

/**
 * The chart.js configuration for a spec (exported for tests).
 * @param spec
 * @param theme
 */
export function chartConfig(
	spec: ChartSpec,
	theme: ChartTheme = DEFAULT_THEME
): ChartConfiguration {
	const TEXT = theme.text;
	const GRID = theme.grid;
	const charted = spec.series.filter( ( series ) => series.chart !== false );
	const unit = charted[ 0 ]?.unit ?? 'count';
	const format = ( value: number | string ) =>
		chartNumber( Number( value ), unit );
	const showLegend = spec.kind === 'doughnut' || charted.length > 1;
	const valueAxis = spec.horizontal ? 'x' : 'y';
	const categoryAxis = spec.horizontal ? 'y' : 'x';

	return {
		type: spec.kind,
		data: {
			labels: spec.labels,
			datasets: charted.map( ( series ) => dataset( spec, series ) ),
		},
		options: {
			responsive: true,
			maintainAspectRatio: false,
			animation: prefersReducedMotion() ? false : { duration: 300 },
			indexAxis: spec.horizontal ? 'y' : 'x',
			color: TEXT,
			// Drill-down: a bar, slice or point opens the applications behind it (its table row links there too).
			...( spec.links
				? {
						// A click anywhere in a category's band counts (short bars and thin points are small targets).
						interaction: { mode: 'index', intersect: false },
						onClick: (
							_event: unknown,
							elements: Array< { index: number } >
						) => {
							const target = spec.links?.[ elements[ 0 ]?.index ];
							if ( target ) {
								window.location.assign( target );
							}
						},
						onHover: (
							event: { native?: Event | null },
							elements: unknown[]
						) => {
							const canvas = event.native?.target;
							if ( canvas instanceof HTMLElement ) {
								canvas.style.cursor = elements.length
									? 'pointer'
									: '';
							}
						},
					}
				: {} ),
			plugins: {
				legend: {
					display: showLegend,
					position: 'bottom',
					labels: {
						color: TEXT,
						boxWidth: 12,
						// A line's entry shows its point marker (circle, or the earlier period's triangle): chart.js
						// would otherwise draw a dashed series' box with a dashed border, which reads as a frame.
						// (boxHeight sizes the marker; the font's size would make it twice a point's.)
						...( spec.kind === 'line'
							? { usePointStyle: true, boxHeight: 7 }
							: {} ),
						// A legend entry is one line: a long one (an earlier period's dates) is cut to the
						// chart's width; the data table's header has it whole. (Doughnuts name their slices.)
						...( spec.kind === 'doughnut'
							? {}
							: {
									generateLabels: ( chart: Chart ) =>
										Chart.defaults.plugins.legend.labels
											.generateLabels( chart )
											.map( ( item ) => ( {
												...item,
												text: truncateLabel(
													item.text,
													Math.floor(
														( chart.width - 40 ) /
															LABEL_CHAR_PX
													)
												),
											} ) ),
								} ),
					},
				},
				tooltip: {
					callbacks: {
						// The full category (the axis may show it cut), in lines that fit a narrow screen.
						title: ( items ) =>
							items.length
								? wrapLabel(
										spec.labels[ items[ 0 ].dataIndex ] ??
											''
									)
								: [],
						label: ( item ) =>
							`${ item.dataset.label ?? '' }: ${ format(
								item.parsed && typeof item.parsed === 'object'
									? (
											item.parsed as Record<
												string,
												number
											>
										 )[ valueAxis ]
									: ( item.raw as number )
							) }`,
					},
				},
			},
			scales:
				spec.kind === 'doughnut'
					? {}
					: {
							[ valueAxis ]: {
								beginAtZero: true,
								...( unit === 'percent' ? { max: 1 } : {} ),
								ticks: {
									color: TEXT,
									precision: unit === 'count' ? 0 : undefined,
									callback: ( value: number | string ) =>
										format( value ),
								},
								grid: { color: GRID },
							},
							[ categoryAxis ]: {
								ticks: {
									color: TEXT,
									autoSkip: true,
									callback(
										this: Scale,
										value: number | string
									) {
										return truncateLabel(
											this.getLabelForValue(
												Number( value )
											),
											labelChars(
												this.chart.width,
												!! spec.horizontal
											)
										);
									},
								},
								grid: { display: false },
							},
						},
		},
	} as ChartConfiguration;
}

export interface DrawnChart {
	update: ( spec: ChartSpec ) => void;
	destroy: () => void;
}

export function drawChart(
	canvas: HTMLCanvasElement,
	spec: ChartSpec,
	theme: ChartTheme = DEFAULT_THEME
): DrawnChart {
	register();
	let kind = spec.kind;
	let chart = new Chart( canvas, chartConfig( spec, theme ) );
	return {
		update( next: ChartSpec ) {
			const config = chartConfig( next, theme );
			if ( next.kind !== kind ) {
				// chart.js cannot change a chart's type in place.
				chart.destroy();
				chart = new Chart( canvas, config );
				kind = next.kind;
				return;
			}
			chart.data = config.data;
			chart.options = config.options ?? {};
			chart.update();
		},
		destroy() {
			chart.destroy();
		},
	};
}
