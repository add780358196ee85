/**
 * A report's charts as its PHP definition declares them (includes/Reports/ReportCharts.php, served in
 * window.recruitingReports.reports): the Reports page and the dashboard widget turn the same declarations into
 * chart specs that the block renders on the server, so titles, labels, colours, order and empty texts are written
 * once, in PHP. docs/reports.md "Charts" describes the declarations.
 */
import { sprintf, __ } from '@wordpress/i18n';

import type { ReportPeriod } from '../api/types';
import {
	overlayEarlier,
	type ChartKind,
	type ChartSpec,
	type ValueUnit,
} from '../components/charts/spec';
import { formatMonth, formatPeriod } from '../components/format';
import { getConfig } from '../config';
import { figureValue, rowsAt, valueAt, type FigureValue } from './figures';

export interface SeriesDeclaration {
	label: string;
	/** A row field, or (categories over keys) the path of the object holding a value per key. */
	value: string;
	unit: ValueUnit | 'date';
	/** One colour, or one per category key. */
	color: string | Record< string, string >;
	chart?: false;
	/** Points without data: where the row's field is 0, or everywhere when the count is 0; `text` is read instead. */
	missing?:
		{ field: string; text: string } | { count: FigureValue; text: string };
}

export interface ChartDeclaration {
	id: string;
	title: string;
	/** Header of the category column. */
	category: string;
	categories:
		| { keys: string[]; labels: Record< string, string > }
		| {
				rows: string;
				field: string;
				labels?: Record< string, string >;
				format?: 'month';
				/** A second field the label names: `format` ("%1$s (%2$s)") of the label and this field's label. */
				detail?: {
					field: string;
					labels: Record< string, string >;
					format: string;
				};
		  };
	series: SeriesDeclaration[];
	/** Its label among the block's sections (the title when not declared). */
	section: string;
	kind: ChartKind;
	/** Kinds the block may pick instead (its attribute kind_attribute); the screens draw `kind`. */
	kinds?: ChartKind[];
	kind_attribute?: string;
	horizontal?: boolean;
	/** Categories the chart draws, the first ones (the table lists all). */
	limit?: number;
	/** Px per drawn category of a chart as tall as its categories are many. */
	row_height?: number;
	/** The colour of the comparison period's series drawn over this chart (trends). */
	overlay?: string;
	/** Drawn across the page's width, alone on its row (a chart whose table has many columns). */
	wide?: boolean;
	empty: { text: string; count?: FigureValue; otherwise?: string };
}

interface Category {
	key: string;
	row?: Record< string, unknown >;
}

function categoriesOf(
	declaration: ChartDeclaration,
	report: unknown
): Category[] {
	const categories = declaration.categories;
	if ( 'keys' in categories ) {
		return categories.keys.map( ( key ) => ( { key } ) );
	}
	return rowsAt( categories.rows, report ).map( ( row ) => ( {
		key: String( row[ categories.field ] ?? '' ),
		row,
	} ) );
}

function labelOf( declaration: ChartDeclaration, category: Category ): string {
	const categories = declaration.categories;
	const key = category.key;
	if ( 'format' in categories && categories.format === 'month' ) {
		return formatMonth( key );
	}
	const label = categories.labels?.[ key ] ?? key;
	if ( 'detail' in categories && categories.detail ) {
		const detail = String(
			category.row?.[ categories.detail.field ] ?? ''
		);
		// The format is PHP's translation ("%1$s (%2$s)"), which sprintf's types cannot read from a string.
		const format = sprintf as ( text: string, ...args: string[] ) => string;
		return format(
			categories.detail.format,
			label,
			categories.detail.labels[ detail ] ?? detail
		);
	}
	return label;
}

function seriesOf(
	series: SeriesDeclaration,
	categories: Category[],
	report: unknown
): ChartSpec[ 'series' ][ number ] {
	const value = ( category: Category ) =>
		category.row
			? category.row[ series.value ]
			: valueAt( `${ series.value }.${ category.key }`, report );
	const missing = series.missing;
	const colors = series.color;
	return {
		label: series.label,
		// Dates are text shown only in the data table (ReportMarkup formats them alike).
		values: categories.map( ( category ) => {
			const one = value( category );
			return ( typeof one === 'number' ? one : ( one ?? 0 ) ) as number;
		} ),
		unit: series.unit as ValueUnit,
		color:
			typeof colors === 'string'
				? colors
				: categories.map( ( category ) => colors[ category.key ] ),
		...( series.chart === false ? { chart: false } : {} ),
		...( missing ? { missingText: missing.text } : {} ),
		...( missing && 'field' in missing
			? {
					missing: categories.map(
						( category ) => ! category.row?.[ missing.field ]
					),
				}
			: {} ),
		...( missing && 'count' in missing
			? {
					missing: categories.map(
						() => figureValue( missing.count, report ) <= 0
					),
				}
			: {} ),
	};
}

/**
 * The chart spec of a declaration for one period's report, as ReportCharts::spec() builds it.
 * @param declaration The chart's declaration.
 * @param report      The report's data.
 */
export function declaredSpec(
	declaration: ChartDeclaration,
	report: unknown
): ChartSpec {
	const categories = categoriesOf( declaration, report );
	return {
		id: declaration.id,
		kind: declaration.kind,
		...( declaration.kind === 'bar' && declaration.horizontal
			? { horizontal: true }
			: {} ),
		title: declaration.title,
		categoryLabel: declaration.category,
		labels: categories.map( ( category ) =>
			labelOf( declaration, category )
		),
		series: declaration.series.map( ( series ) =>
			seriesOf( series, categories, report )
		),
	};
}

/**
 * The spec of a report (with its comparison when compared): a chart that overlays its earlier period draws the
 * comparison's categories beside its own (month n on month n), named with the earlier dates.
 * @param declaration              The chart's declaration.
 * @param report                   The report's data, with `comparison` when compared.
 * @param report.comparison
 * @param report.comparison.period
 * @param report.period
 */
export function comparedSpec(
	declaration: ChartDeclaration,
	report: { period: ReportPeriod; comparison?: { period: ReportPeriod } }
): ChartSpec {
	const spec = declaredSpec( declaration, report );
	if ( ! declaration.overlay || ! report.comparison ) {
		return spec;
	}
	const dates = formatPeriod( report.comparison.period );
	return overlayEarlier(
		spec,
		declaredSpec( declaration, report.comparison ),
		( label ) =>
			sprintf(
				/* translators: 1: a series' name, e.g. "Average days"; 2: the earlier period's dates. */
				__( '%1$s, %2$s', 'recruiting-reports' ),
				label,
				dates
			),
		declaration.overlay
	);
}

/**
 * What a declared chart says when there is nothing to draw.
 * @param declaration The chart's declaration.
 * @param report      The report's data.
 */
export function emptyMessage(
	declaration: ChartDeclaration,
	report: unknown
): string {
	const empty = declaration.empty;
	return empty.count !== undefined && figureValue( empty.count, report ) > 0
		? ( empty.otherwise ?? empty.text )
		: empty.text;
}

/**
 * A report's chart declaration (served in the page's config).
 * @param name The report's name.
 * @param id   The chart's id.
 */
export function reportChart( name: string, id: string ): ChartDeclaration {
	const chart = getConfig()
		.reports.find( ( one ) => one.name === name )
		?.charts.find( ( one ) => one.id === id );
	if ( ! chart ) {
		throw new Error( `The report ${ name } declares no chart ${ id }.` );
	}
	return chart;
}
