/**
 * Entry of the apply form block's editor script (build/apply-form-editor.js). The block is dynamic: PHP renders
 * it (Blocks\ApplyFormBlock). On a job's page it applies to that job; elsewhere the job is chosen here, from the
 * published jobs.
 */
import apiFetch from '@wordpress/api-fetch';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { registerBlockType } from '@wordpress/blocks';
import { PanelBody, Placeholder, SelectControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

type ApplyFormAttributes = { jobId: number };

function ApplyFormEdit( {
	attributes,
	setAttributes,
}: {
	attributes: ApplyFormAttributes;
	setAttributes: ( next: Partial< ApplyFormAttributes > ) => void;
} ) {
	const [ jobs, setJobs ] = useState< { id: number; title: string }[] >( [] );
	useEffect( () => {
		apiFetch< { id: number; title: string }[] >( {
			path: '/recruiting/v1/jobs?status=publish&per_page=100&_fields=id,title',
		} )
			.then( setJobs )
			.catch( () => setJobs( [] ) );
	}, [] );
	const options = [
		{
			value: '0',
			label: __( 'The job of the page it is on', 'recruiting-reports' ),
		},
		...jobs.map( ( job ) => ( {
			value: String( job.id ),
			label: job.title,
		} ) ),
	];
	const chosen = jobs.find( ( job ) => job.id === attributes.jobId );
	const select = (
		<SelectControl
			__nextHasNoMarginBottom
			label={ __( 'Job', 'recruiting-reports' ) }
			value={ String( attributes.jobId ) }
			options={ options }
			onChange={ ( value ) =>
				setAttributes( { jobId: Number( value ) } )
			}
		/>
	);
	return (
		<div { ...useBlockProps() }>
			<InspectorControls>
				<PanelBody title={ __( 'Settings', 'recruiting-reports' ) }>
					{ select }
				</PanelBody>
			</InspectorControls>
			<Placeholder
				icon="id-alt"
				label={ __( 'Apply form', 'recruiting-reports' ) }
				instructions={
					chosen
						? chosen.title
						: __(
								'Applies to the job whose page it is on. Choose a job to use it elsewhere.',
								'recruiting-reports'
							)
				}
			>
				{ select }
			</Placeholder>
		</div>
	);
}

registerBlockType< ApplyFormAttributes >( 'recruiting-reports/apply-form', {
	// Completed by the server's block.json (title, category, attributes, supports).
	title: __( 'Apply form', 'recruiting-reports' ),
	category: 'widgets',
	attributes: { jobId: { type: 'number', default: 0 } },
	edit: ApplyFormEdit,
	save: () => null,
} );
