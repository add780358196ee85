/**
 * The comparison picker (docs/reports.md#comparison): no comparison, the previous period or the previous year.
 * One component for the Reports page and the dashboard widget, so both offer the same choices.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { ComparePeriod } from '../api/types';

const COMPARE_PERIODS: ComparePeriod[] = [ 'previous_period', 'previous_year' ];

export function isComparePeriod( value: unknown ): value is ComparePeriod {
	return COMPARE_PERIODS.includes( value as ComparePeriod );
}

interface Props {
	/** The comparison period, or '' for none. */
	value: ComparePeriod | '';
	onChange: ( value: ComparePeriod | '' ) => void;
}

export function ComparePicker( { value, onChange }: Props ) {
	return (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			className="rr-compare-picker"
			label={ __( 'Compare with', 'recruiting-reports' ) }
			value={ value }
			options={ [
				{
					value: '',
					label: __( 'No comparison', 'recruiting-reports' ),
				},
				{
					value: 'previous_period',
					label: __( 'Previous period', 'recruiting-reports' ),
				},
				{
					value: 'previous_year',
					label: __( 'Previous year', 'recruiting-reports' ),
				},
			] }
			onChange={ ( compare: string ) =>
				onChange( isComparePeriod( compare ) ? compare : '' )
			}
		/>
	);
}
