/**
 * Number and date formatting in the site's locale. Values are shown as precisely as the API
 * gives them (counts as integers, days to 1 decimal, rates to 2 decimals of a percent), so a
 * table never shows a rounded version of a number the API states exactly.
 */
import { getSettings as getDateSettings, gmdateI18n } from '@wordpress/date';
import { __, sprintf } from '@wordpress/i18n';

import { getConfig } from '../config';
import type { ValueUnit } from './charts/spec';

function locale(): string {
	return getConfig().locale;
}

const cache = new Map< string, Intl.NumberFormat >();
function numberFormat( options: Intl.NumberFormatOptions ): Intl.NumberFormat {
	const key = locale() + JSON.stringify( options );
	let format = cache.get( key );
	if ( ! format ) {
		try {
			format = new Intl.NumberFormat( locale(), options );
		} catch {
			format = new Intl.NumberFormat( 'en-US', options );
		}
		cache.set( key, format );
	}
	return format;
}

export function formatCount( value: number ): string {
	return numberFormat( { maximumFractionDigits: 0 } ).format( value );
}

/**
 * A rate from 0 to 1 as a percentage, e.g. 0.4532 → "45.32%".
 * @param rate
 */
export function formatPercent( rate: number ): string {
	return numberFormat( {
		style: 'percent',
		minimumFractionDigits: 0,
		maximumFractionDigits: 2,
	} ).format( rate );
}

/**
 * A plain number of days to 1 decimal, e.g. "12.5".
 * @param days
 */
export function formatDayNumber( days: number ): string {
	return numberFormat( {
		minimumFractionDigits: 1,
		maximumFractionDigits: 1,
	} ).format( days );
}

/**
 * "12.5 days".
 * @param days
 */
export function formatDays( days: number ): string {
	return sprintf(
		/* translators: %s: a number of days, always with one decimal (12.5, 1.0, 0.0): use the form that goes with a decimal number. */
		__( '%s days', 'recruiting-reports' ),
		formatDayNumber( days )
	);
}

export function formatValue( value: number, unit: ValueUnit ): string {
	switch ( unit ) {
		case 'percent':
			return formatPercent( value );
		case 'days':
			return formatDayNumber( value );
		default:
			return formatCount( value );
	}
}

function parseDate( iso: string ): Date {
	return new Date( `${ iso }T00:00:00Z` );
}

/**
 * A calendar date in the site's date format (Settings › General), e.g. "March 3, 2025": the
 * format the server-rendered block uses too (wp_date), so the editor's preview and the front
 * end agree. Formatted at UTC midnight, so no timezone shifts the day.
 * @param iso
 */
export function formatDate( iso: string ): string {
	if ( ! /^\d{4}-\d{2}-\d{2}$/.test( iso ) ) {
		return iso;
	}
	return gmdateI18n( getDateSettings().formats.date, `${ iso }T00:00:00Z` );
}

/**
 * "Mar 2025" for a `YYYY-MM` month.
 * @param month
 */
export function formatMonth( month: string ): string {
	try {
		return new Intl.DateTimeFormat( locale(), {
			month: 'short',
			year: 'numeric',
			timeZone: 'UTC',
		} ).format( parseDate( `${ month }-01` ) );
	} catch {
		return month;
	}
}

/**
 * "3 Mar 2025 – 2 Jun 2025".
 * @param period
 * @param period.from
 * @param period.to
 */
export function formatPeriod( period: { from: string; to: string } ): string {
	return sprintf(
		/* translators: 1: start date, 2: end date of a report period. */
		__( '%1$s – %2$s', 'recruiting-reports' ),
		formatDate( period.from ),
		formatDate( period.to )
	);
}

/**
 * A date-time from the API in the user's locale, or a dash when absent.
 * @param iso
 */
export function formatDateTime( iso: string | null | undefined ): string {
	if ( ! iso ) {
		return '—';
	}
	const date = new Date( iso );
	if ( Number.isNaN( date.getTime() ) ) {
		return iso;
	}
	try {
		return new Intl.DateTimeFormat( locale(), {
			dateStyle: 'medium',
			timeStyle: 'short',
		} ).format( date );
	} catch {
		return date.toISOString();
	}
}
