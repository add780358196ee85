/**
 * The block's choice of chart kind for each chart of its report that offers one (a declaration's `kinds`, stored
 * in the block attribute `kind_attribute` names: statusChart, trendChart), disabled while its section is hidden.
 */
import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { ChartKind } from '../components/charts/spec';
import { getConfig } from '../config';
import type { BlockReportName, SectionId } from './attributes';
import type { EditProps } from './Edit';

function kindLabel( kind: ChartKind ): string {
	switch ( kind ) {
		case 'line':
			return __( 'Line', 'recruiting-reports' );
		case 'doughnut':
			return __( 'Doughnut', 'recruiting-reports' );
		default:
			return __( 'Bars', 'recruiting-reports' );
	}
}

export function ChartKindControls( {
	report,
	shown,
	attributes,
	setAttributes,
}: EditProps & { report: BlockReportName; shown: SectionId[] } ) {
	const charts =
		getConfig()
			.reports.find( ( one ) => one.name === report )
			?.charts.filter(
				( chart ) => chart.kind_attribute && chart.kinds?.length
			) ?? [];
	return (
		<>
			{ charts.map( ( chart ) => {
				const attribute = chart.kind_attribute as
					'statusChart' | 'trendChart';
				return (
					<SelectControl
						key={ chart.id }
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ sprintf(
							/* translators: %s: a section of the block, e.g. "Status breakdown". */
							__( '%s chart', 'recruiting-reports' ),
							chart.section
						) }
						value={ attributes[ attribute ] }
						disabled={ ! shown.includes( chart.id ) }
						options={ ( chart.kinds ?? [] ).map( ( kind ) => ( {
							value: kind,
							label: kindLabel( kind ),
						} ) ) }
						onChange={ ( value: string ) =>
							setAttributes( { [ attribute ]: value } )
						}
					/>
				);
			} ) }
		</>
	);
}
