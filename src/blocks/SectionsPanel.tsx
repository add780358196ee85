/**
 * The report block's "Sections" settings: which of its report's sections it shows (at least one), and the kind
 * of chart where the report's definition offers a choice.
 */
import { CheckboxControl, PanelBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import {
	reportSections,
	sectionLabel,
	toggleSection,
	visibleSections,
	type BlockReportName,
} from './attributes';
import { ChartKindControls } from './ChartKindControls';
import type { EditProps } from './Edit';

export function SectionsPanel( {
	report,
	attributes,
	setAttributes,
}: EditProps & { report: BlockReportName } ) {
	const sections = reportSections( report );
	const shown = visibleSections( { report, sections: attributes.sections } );
	return (
		<PanelBody title={ __( 'Sections', 'recruiting-reports' ) }>
			<fieldset className="rr-fieldset">
				<legend className="screen-reader-text">
					{ __( 'Sections to show', 'recruiting-reports' ) }
				</legend>
				{ sections.map( ( section ) => (
					<CheckboxControl
						__nextHasNoMarginBottom
						key={ section }
						label={ sectionLabel( report, section ) }
						checked={ shown.includes( section ) }
						disabled={
							shown.length === 1 && shown[ 0 ] === section
						}
						onChange={ ( on: boolean ) =>
							setAttributes( {
								sections: toggleSection(
									{ report, sections: shown },
									section,
									on
								),
							} )
						}
					/>
				) ) }
			</fieldset>
			<ChartKindControls
				report={ report }
				shown={ shown }
				attributes={ attributes }
				setAttributes={ setAttributes }
			/>
		</PanelBody>
	);
}
