/**
 * The period picker: the presets, and (where allowed) custom start and end dates.
 */
import { SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import {
	PERIOD_PRESETS,
	customRangeProblem,
	periodLabel,
	type PeriodChoice,
	type PeriodSelection,
} from '../reports/periods';

interface Props {
	value: PeriodSelection;
	onChange: ( value: PeriodSelection ) => void;
	allowCustom?: boolean;
	label?: string;
	/** Compact: the label is visually hidden (the dashboard widget). */
	hideLabel?: boolean;
}

export function PeriodPicker( {
	value,
	onChange,
	allowCustom = false,
	label,
	hideLabel = false,
}: Props ) {
	const options: PeriodChoice[] = allowCustom
		? [ ...PERIOD_PRESETS, 'custom' ]
		: [ ...PERIOD_PRESETS ];
	const problem =
		value.period === 'custom'
			? customRangeProblem( value.dateFrom, value.dateTo )
			: null;
	return (
		<div className="rr-period-picker">
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ label ?? __( 'Period', 'recruiting-reports' ) }
				hideLabelFromVision={ hideLabel }
				value={ value.period }
				options={ options.map( ( option ) => ( {
					value: option,
					label: periodLabel( option ),
				} ) ) }
				onChange={ ( period: string ) =>
					onChange( { ...value, period: period as PeriodChoice } )
				}
			/>
			{ value.period === 'custom' && (
				<div className="rr-period-picker__dates">
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="date"
						label={ __( 'From', 'recruiting-reports' ) }
						value={ value.dateFrom ?? '' }
						max={ value.dateTo || undefined }
						onChange={ ( dateFrom: string ) =>
							onChange( { ...value, dateFrom } )
						}
					/>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="date"
						label={ __( 'To', 'recruiting-reports' ) }
						value={ value.dateTo ?? '' }
						min={ value.dateFrom || undefined }
						onChange={ ( dateTo: string ) =>
							onChange( { ...value, dateTo } )
						}
					/>
				</div>
			) }
			{ problem && (
				<p className="rr-field-error" role="alert">
					{ problem }
				</p>
			) }
		</div>
	);
}
