/**
 * The change of a headline figure against the comparison period (docs/reports.md#comparison): ▲/▼ and a
 * percentage on screen, the same in words for screen readers; "—" when the earlier value is 0
 * (a percentage of nothing means nothing).
 */
import { __, sprintf } from '@wordpress/i18n';

import type { ComparePeriod } from '../api/types';
import { formatPercent } from './format';

export type ChangeDirection = 'up' | 'down' | 'same' | 'none';

export interface FigureChange {
	/** The figure's value in the comparison period (null: nothing to compare, e.g. no hires). */
	previous: number | null;
	against: ComparePeriod;
}

/**
 * Direction and relative size (a rate, always ≥ 0) of the change from previous to current.
 * @param current
 * @param previous
 */
export function changeOf(
	current: number,
	previous: number | null
): { direction: ChangeDirection; rate: number } {
	if ( ! previous ) {
		return { direction: 'none', rate: 0 };
	}
	const rate = Math.abs( current - previous ) / Math.abs( previous );
	if ( current === previous ) {
		return { direction: 'same', rate: 0 };
	}
	return { direction: current > previous ? 'up' : 'down', rate };
}

function spoken(
	direction: ChangeDirection,
	percent: string,
	against: ComparePeriod
): string {
	const year = against === 'previous_year';
	if ( direction === 'up' && year ) {
		return sprintf(
			/* translators: %s: a percentage, e.g. 12% */
			__( 'up %s from the previous year', 'recruiting-reports' ),
			percent
		);
	}
	if ( direction === 'up' ) {
		return sprintf(
			/* translators: %s: a percentage, e.g. 12% */
			__( 'up %s from the previous period', 'recruiting-reports' ),
			percent
		);
	}
	if ( direction === 'down' && year ) {
		return sprintf(
			/* translators: %s: a percentage, e.g. 12% */
			__( 'down %s from the previous year', 'recruiting-reports' ),
			percent
		);
	}
	if ( direction === 'down' ) {
		return sprintf(
			/* translators: %s: a percentage, e.g. 12% */
			__( 'down %s from the previous period', 'recruiting-reports' ),
			percent
		);
	}
	if ( direction === 'same' ) {
		return year
			? __( 'no change from the previous year', 'recruiting-reports' )
			: __( 'no change from the previous period', 'recruiting-reports' );
	}
	return year
		? __(
				'nothing to compare with in the previous year',
				'recruiting-reports'
			)
		: __(
				'nothing to compare with in the previous period',
				'recruiting-reports'
			);
}

export function Change( {
	current,
	change,
}: {
	current: number;
	change: FigureChange;
} ) {
	const { direction, rate } = changeOf( current, change.previous );
	const percent = formatPercent( Math.round( rate * 1000 ) / 1000 );
	let shown = '—';
	if ( direction === 'up' ) {
		shown = `▲ ${ percent }`;
	} else if ( direction === 'down' ) {
		shown = `▼ ${ percent }`;
	} else if ( direction === 'same' ) {
		shown = percent;
	}
	return (
		<dd
			className={ `rr-figure__change rr-figure__change--${ direction }` }
			data-change={ direction }
		>
			<span aria-hidden="true">{ shown }</span>
			<span className="screen-reader-text">
				{ spoken( direction, percent, change.against ) }
			</span>
		</dd>
	);
}
