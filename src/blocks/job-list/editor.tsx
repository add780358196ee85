/**
 * Entry of the job list block's editor script (build/job-list-editor.js, handle
 * recruiting-reports-job-list-editor, named by includes/Blocks/job-list/block.json). The block is
 * dynamic: PHP renders it (Blocks\JobListBlock) and the editor shows that render, as visitors get it,
 * through core's block renderer route; the settings are the jobs per page and whether the filters show.
 * The title, attributes and supports come from the block.json WordPress registered on the server.
 */
import apiFetch from '@wordpress/api-fetch';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { registerBlockType } from '@wordpress/blocks';
import {
	Disabled,
	PanelBody,
	RangeControl,
	Spinner,
	ToggleControl,
} from '@wordpress/components';
import { RawHTML, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

// A type alias (not an interface): registerBlockType wants a Record< string, unknown >.
type JobListAttributes = {
	perPage: number;
	showFilters: boolean;
};

const PREVIEW_PATH =
	'/wp/v2/block-renderer/recruiting-reports/job-list?context=edit';

function JobListEdit( {
	attributes,
	setAttributes,
}: {
	attributes: JobListAttributes;
	setAttributes: ( next: Partial< JobListAttributes > ) => void;
} ) {
	const [ html, setHtml ] = useState< string | null >( null );
	const [ failed, setFailed ] = useState( false );
	const key = JSON.stringify( attributes );
	useEffect( () => {
		const controller = new AbortController();
		apiFetch< { rendered: string } >( {
			path: PREVIEW_PATH,
			method: 'POST',
			data: { attributes: JSON.parse( key ) },
			signal: controller.signal,
		} )
			.then( ( response ) => {
				setHtml( response.rendered );
				setFailed( false );
			} )
			.catch( ( thrown: unknown ) => {
				if ( ( thrown as Error )?.name !== 'AbortError' ) {
					setFailed( true );
				}
			} );
		return () => controller.abort();
	}, [ key ] );

	let preview = <Spinner />;
	if ( failed ) {
		preview = (
			<p>
				{ __(
					'The job list could not be previewed. Visitors still see it on the site.',
					'recruiting-reports'
				) }
			</p>
		);
	} else if ( html !== null ) {
		// The links and the filter form work on the site; here they only show what visitors get.
		preview = (
			<Disabled>
				<RawHTML>{ html }</RawHTML>
			</Disabled>
		);
	}

	return (
		<div { ...useBlockProps() }>
			<InspectorControls>
				<PanelBody title={ __( 'Job list', 'recruiting-reports' ) }>
					<RangeControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Jobs per page', 'recruiting-reports' ) }
						min={ 1 }
						max={ 50 }
						value={ attributes.perPage }
						onChange={ ( value?: number ) =>
							setAttributes( { perPage: value ?? 10 } )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show the filters', 'recruiting-reports' ) }
						help={ __(
							'Keyword, department, location, employment type and remote.',
							'recruiting-reports'
						) }
						checked={ attributes.showFilters }
						onChange={ ( showFilters: boolean ) =>
							setAttributes( { showFilters } )
						}
					/>
				</PanelBody>
			</InspectorControls>
			{ preview }
		</div>
	);
}

registerBlockType< JobListAttributes >( 'recruiting-reports/job-list', {
	// Completed by the server's block.json (title, category, attributes, supports).
	title: __( 'Job list', 'recruiting-reports' ),
	category: 'widgets',
	attributes: {
		perPage: { type: 'number', default: 10 },
		showFilters: { type: 'boolean', default: true },
	},
	edit: JobListEdit,
	save: () => null,
} );
