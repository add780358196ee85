/**
 * Headline figures as a report's PHP definition declares them (includes/Reports/ReportFigures.php, served in
 * window.recruitingReports.reports): the Reports page evaluates the same declarations the block renders.
 */
import type { ComparePeriod, Compared } from '../api/types';
import type { Figure } from '../components/Figures';
import { getConfig } from '../config';
import type { ChartDeclaration } from './charts';
import { formatCount, formatDays, formatPercent } from '../components/format';

/**
 * Where a figure's number is: a path into the report ('jobs.active', 'stages.0.reached'), the sum of a field
 * over rows ({ sum: 'trend.hires' }), how many rows ({ rows: 'by_job' }) or a rate of two values.
 */
export type FigureValue =
	| string
	| { sum: string }
	| { rows: string }
	| { rate: [ FigureValue, FigureValue ] };

export interface FigureDeclaration {
	id: string;
	label: string;
	value: FigureValue;
	format: 'count' | 'days' | 'percent';
	/** What the figure is over: 0 means there is no figure, only `empty` (an average or rate of nothing). */
	count?: FigureValue;
	empty?: string;
	/** Figures the Reports page lists apart (e.g. "as of now" beside a period's), under the group's title. */
	group?: string;
	group_title?: string;
	/** Rows whose field is negative are named in the note (%s), e.g. jobs hired before their creation. */
	negative?: { rows: string; field: string; name: string; note: string };
}

export interface ReportPresentation {
	name: string;
	title: string;
	figures: FigureDeclaration[];
	charts: ChartDeclaration[];
	/** The block's default sections: `figures` and chart ids, in order. */
	sections: string[];
	/** Every figure is of the present, whatever the period (ReportDefinition's `now`). */
	now?: boolean;
}

/**
 * What is at a path of a report ('jobs.active', 'stages.0.reached'), as ReportFigures::value_at() reads it.
 * @param path   The path.
 * @param report The report's data.
 */
export function valueAt( path: string, report: unknown ): unknown {
	return path
		.split( '.' )
		.reduce< unknown >(
			( value, key ) =>
				value !== null && typeof value === 'object'
					? ( value as Record< string, unknown > )[ key ]
					: undefined,
			report
		);
}

/**
 * The rows of an array field of a report (none when it is missing).
 * @param path   The field's path.
 * @param report The report's data.
 */
export function rowsAt(
	path: string,
	report: unknown
): Record< string, unknown >[] {
	const rows = valueAt( path, report );
	return Array.isArray( rows )
		? rows.filter( ( row ) => row !== null && typeof row === 'object' )
		: [];
}

const numberOf = ( value: unknown ): number =>
	typeof value === 'number' ? value : 0;

/**
 * The number a value stands for in a report (0 for what is missing), as ReportFigures::value() computes it.
 * @param value  Where the number is.
 * @param report The report's data.
 */
export function figureValue( value: FigureValue, report: unknown ): number {
	if ( typeof value === 'string' ) {
		return numberOf( valueAt( value, report ) );
	}
	if ( 'sum' in value ) {
		const [ rows, field ] = value.sum.split( /\.(.*)/s );
		return rowsAt( rows, report ).reduce(
			( sum, row ) => sum + numberOf( row[ field ] ),
			0
		);
	}
	if ( 'rows' in value ) {
		return rowsAt( value.rows, report ).length;
	}
	const numerator = Math.trunc( figureValue( value.rate[ 0 ], report ) );
	const denominator = Math.trunc( figureValue( value.rate[ 1 ], report ) );
	// Rounded like the API's rates (4 decimals); 0 without a denominator.
	return denominator
		? Math.round( ( numerator / denominator ) * 10000 ) / 10000
		: 0;
}

/**
 * A report's headline figures from their declarations.
 * @param figures The declarations (ReportPresentation.figures).
 * @param report  The report's data.
 */
export function declaredFigures(
	figures: FigureDeclaration[],
	report: unknown
): Figure[] {
	return figures.map( ( figure ) => {
		if ( figure.count && figureValue( figure.count, report ) <= 0 ) {
			return {
				id: figure.id,
				label: figure.label,
				value: '—',
				raw: null,
				note: figure.empty,
			};
		}
		const raw = figureValue( figure.value, report );
		const note = negativeNote( figure, report );
		let shown: Figure;
		if ( figure.format === 'days' ) {
			shown = {
				id: figure.id,
				label: figure.label,
				value: formatDays( raw ),
				raw,
			};
		} else {
			shown = {
				id: figure.id,
				label: figure.label,
				value:
					figure.format === 'percent'
						? formatPercent( raw )
						: formatCount( Math.trunc( raw ) ),
				raw: figure.format === 'percent' ? raw : Math.trunc( raw ),
			};
		}
		return note ? { ...shown, note } : shown;
	} );
}

/**
 * The note naming the rows behind a negative figure, as ReportFigures::negative_note() words it.
 * @param figure The declaration.
 * @param report The report's data.
 */
function negativeNote(
	figure: FigureDeclaration,
	report: unknown
): string | undefined {
	const negative = figure.negative;
	if ( ! negative ) {
		return undefined;
	}
	const names = rowsAt( negative.rows, report )
		.filter( ( row ) => numberOf( row[ negative.field ] ) < 0 )
		.map( ( row ) => String( row[ negative.name ] ?? '' ) );
	return names.length
		? negative.note.replace( '%s', names.join( ', ' ) )
		: undefined;
}

/**
 * A report's headline figures as its definition declares them (served in the page's config), those of one group
 * or those without one.
 * @param name   The report's name.
 * @param report The report's data.
 * @param group  The group (none: the figures outside every group).
 */
export function reportFigures(
	name: string,
	report: unknown,
	group?: string
): Figure[] {
	const presentation = getConfig().reports.find(
		( one ) => one.name === name
	);
	return declaredFigures(
		( presentation?.figures ?? [] ).filter(
			( figure ) => figure.group === group
		),
		report
	);
}

/**
 * The figures with their change against the same figures of the comparison report (matched by id).
 * A figure the earlier period cannot state (no hires) compares with nothing, shown as "—".
 * @param figures
 * @param earlier
 * @param against
 */
export function withChanges(
	figures: Figure[],
	earlier: Figure[] | undefined,
	against: ComparePeriod | undefined
): Figure[] {
	if ( ! earlier || ! against ) {
		return figures;
	}
	return figures.map( ( figure ) => {
		const match = earlier.find( ( other ) => other.id === figure.id );
		return match
			? { ...figure, change: { previous: match.raw ?? null, against } }
			: figure;
	} );
}

/**
 * A report's figures, each with its change against the report's comparison when it has one.
 * @param report  The report (with `comparison` when compared).
 * @param figures Builds the figures of one period's report.
 * @param against The comparison period asked for.
 */
export function comparedFigures< T >(
	report: Compared< T >,
	figures: ( one: T ) => Figure[],
	against: ComparePeriod | undefined
): Figure[] {
	return withChanges(
		figures( report ),
		report.comparison && figures( report.comparison ),
		against
	);
}
