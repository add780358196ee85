/**
 * Report periods: the presets offered everywhere (dashboard, Reports page, blocks) and their
 * translation into the date_from/date_to query of docs/reports.md#definitions. Dates are plain `YYYY-MM-DD`
 * calendar dates; "today" comes from the server (site timezone), never from the browser clock.
 */
import { __ } from '@wordpress/i18n';

import type { ReportQuery } from '../api/types';

export const PERIOD_PRESETS = [
	'last_30_days',
	'last_90_days',
	'last_12_months',
	'year_to_date',
] as const;
export type PeriodPreset = ( typeof PERIOD_PRESETS )[ number ];
export type PeriodChoice = PeriodPreset | 'custom';

export function periodLabel( period: PeriodChoice ): string {
	switch ( period ) {
		case 'last_30_days':
			return __( 'Last 30 days', 'recruiting-reports' );
		case 'last_90_days':
			return __( 'Last 90 days', 'recruiting-reports' );
		case 'last_12_months':
			return __( 'Last 12 months', 'recruiting-reports' );
		case 'year_to_date':
			return __( 'Year to date', 'recruiting-reports' );
		default:
			return __( 'Custom dates', 'recruiting-reports' );
	}
}

export function isPreset( value: unknown ): value is PeriodPreset {
	return ( PERIOD_PRESETS as readonly unknown[] ).includes( value );
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A real calendar date in `YYYY-MM-DD` form (rejects 2025-02-30).
 * @param value
 */
export function isIsoDate( value: unknown ): value is string {
	if ( typeof value !== 'string' ) {
		return false;
	}
	const match = DATE_RE.exec( value );
	if ( ! match ) {
		return false;
	}
	const date = new Date(
		Date.UTC(
			Number( match[ 1 ] ),
			Number( match[ 2 ] ) - 1,
			Number( match[ 3 ] )
		)
	);
	return date.toISOString().slice( 0, 10 ) === value;
}

function shiftDays( iso: string, days: number ): string {
	const date = new Date( `${ iso }T00:00:00Z` );
	date.setUTCDate( date.getUTCDate() + days );
	return date.toISOString().slice( 0, 10 );
}

/**
 * The query for a preset. "Last 12 months" is the API's default period (from the first day of
 * the month eleven months ago to today), so it sends no dates and lets the server resolve them.
 * @param preset
 * @param today
 */
export function presetQuery(
	preset: PeriodPreset,
	today: string
): ReportQuery {
	switch ( preset ) {
		case 'last_30_days':
			return { date_from: shiftDays( today, -29 ), date_to: today };
		case 'last_90_days':
			return { date_from: shiftDays( today, -89 ), date_to: today };
		case 'year_to_date':
			return {
				date_from: `${ today.slice( 0, 4 ) }-01-01`,
				date_to: today,
			};
		default:
			return {};
	}
}

export interface PeriodSelection {
	period: PeriodChoice;
	dateFrom?: string;
	dateTo?: string;
}

/**
 * Problems with a custom range, as a message for the user, or null when it can be sent.
 * @param dateFrom
 * @param dateTo
 */
export function customRangeProblem(
	dateFrom?: string,
	dateTo?: string
): string | null {
	if ( dateFrom && ! isIsoDate( dateFrom ) ) {
		return __(
			'The start date is not a valid date.',
			'recruiting-reports'
		);
	}
	if ( dateTo && ! isIsoDate( dateTo ) ) {
		return __( 'The end date is not a valid date.', 'recruiting-reports' );
	}
	if ( dateFrom && dateTo && dateFrom > dateTo ) {
		return __(
			'The start date is after the end date.',
			'recruiting-reports'
		);
	}
	return null;
}

export function selectionQuery(
	selection: PeriodSelection,
	today: string
): ReportQuery {
	if ( selection.period === 'custom' ) {
		return {
			date_from: selection.dateFrom || undefined,
			date_to: selection.dateTo || undefined,
		};
	}
	return presetQuery( selection.period, today );
}
