/**
 * A chart described as data: what the server embeds in a block's markup and what the admin
 * screens build from a report. The same spec draws the chart and fills its data table, so the
 * table always shows exactly the numbers behind the chart.
 */

export type ChartKind = 'bar' | 'line' | 'doughnut';
export type ValueUnit = 'count' | 'percent' | 'days';

export interface ChartSeries {
	label: string;
	/** Raw API values (rates 0–1 for percent). */
	values: number[];
	unit: ValueUnit;
	/** One colour, or one per category (bars/doughnut slices). */
	color: string | string[];
	/** false: only in the data table (e.g. the hire count beside a trend of averages). */
	chart?: boolean;
	/**
	 * Points without data (a month without hires): drawn as gaps, while the table shows the value
	 * the API states (0 with 0 hires), so the chart never suggests a 0-day hire.
	 */
	missing?: boolean[];
	/** What a screen reader hears for a point without data ("No hires"). */
	missingText?: string;
	/** The earlier period of a comparison, overlaid on the current one (drawn dashed). */
	earlier?: boolean;
}

export interface ChartSpec {
	/** Stable id, e.g. `by_status`. */
	id: string;
	kind: ChartKind;
	/** Bars run left to right (long category names, narrow screens). */
	horizontal?: boolean;
	title: string;
	/** Header of the category column in the data table. */
	categoryLabel: string;
	labels: string[];
	series: ChartSeries[];
	/** Per category, the Applications list of the applications behind it (drill-down), if any. */
	links?: Array< string | null >;
}

/**
 * A spec with nothing to draw (no categories, or every charted value is 0).
 * @param spec
 */
export function isEmptySpec( spec: ChartSpec ): boolean {
	return (
		spec.labels.length === 0 ||
		spec.series
			.filter( ( series ) => series.chart !== false )
			.every( ( series ) => series.values.every( ( value ) => ! value ) )
	);
}

/**
 * The spec's first `count` categories (the top rows: specs list them in the API's order), with
 * every per-category array cut the same way.
 * @param spec
 * @param count
 */
export function sliceSpec( spec: ChartSpec, count: number ): ChartSpec {
	if ( spec.labels.length <= count ) {
		return spec;
	}
	return {
		...spec,
		labels: spec.labels.slice( 0, count ),
		series: spec.series.map( ( series ) => ( {
			...series,
			values: series.values.slice( 0, count ),
			color: Array.isArray( series.color )
				? series.color.slice( 0, count )
				: series.color,
			missing: series.missing?.slice( 0, count ),
		} ) ),
		links: spec.links?.slice( 0, count ),
	};
}

/**
 * The spec with the earlier period's series added after its own (docs/reports.md#comparison "can overlay the earlier
 * trend"): the n-th category of the earlier period beside the n-th of the current one (month 1 with
 * month 1), so a previous period of another length is cut or padded with points without data.
 * @param spec    The current period's spec.
 * @param earlier The same spec built from the comparison report.
 * @param label   Names an earlier series from its own label, e.g. "Average days, 1 Jan – 31 Mar 2025".
 * @param color   The earlier series' colour (one for all: the dash tells them apart from the current).
 */
export function overlayEarlier(
	spec: ChartSpec,
	earlier: ChartSpec,
	label: ( seriesLabel: string ) => string,
	color: string
): ChartSpec {
	const count = spec.labels.length;
	const aligned = < T >( values: T[], pad: T ): T[] =>
		Array.from( { length: count }, ( _, i ) =>
			i < values.length ? values[ i ] : pad
		);
	return {
		...spec,
		series: [
			...spec.series,
			...earlier.series.map( ( series ) => ( {
				...series,
				label: label( series.label ),
				values: aligned( series.values, 0 ),
				missing: aligned(
					series.missing ?? series.values.map( () => false ),
					true
				),
				color,
				earlier: true,
			} ) ),
		],
	};
}
