/**
 * The report block in the editor: inspector settings and a preview of the server's render (core's
 * block renderer route, the same PHP that renders the front end: includes/Blocks/ReportMarkup.php).
 * The preview is asked for again, debounced, on every change of a setting; it shows a skeleton while
 * loading, keeps the last render under a busy state while reloading, and an error notice with the
 * server's message and Retry. The charts in it are drawn by the front end's own code (charts.ts).
 */
import apiFetch from '@wordpress/api-fetch';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { PanelBody, SelectControl, ToggleControl } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../api/errors';
import { JobPicker } from '../components/JobPicker';
import { PeriodPicker } from '../components/PeriodPicker';
import { Busy, ErrorState, Skeleton } from '../components/states';
import type { PeriodSelection } from '../reports/periods';
import {
	blockReports,
	reportSections,
	visibleSections,
	type BlockReportName,
	type SectionId,
	type ReportBlockAttributes,
} from './attributes';
import { destroyReportCharts, initReportCharts } from './charts';
import { SectionsPanel } from './SectionsPanel';
import { VisibilityPanel } from './VisibilityPanel';

export interface EditProps {
	attributes: ReportBlockAttributes;
	setAttributes: ( next: Partial< ReportBlockAttributes > ) => void;
}

/** Core's block renderer route for this block (the editor's preview). */
export const PREVIEW_PATH =
	'/wp/v2/block-renderer/recruiting-reports/report?context=edit';

/** How long the preview waits after a change before asking the server (typing a date, ticking boxes). */
export const PREVIEW_DELAY = 300;

interface PreviewState {
	html?: string;
	error?: ApiError;
	loading: boolean;
}

/**
 * The server's render of the block for the given attributes: debounced, the older request aborted
 * when the settings change again.
 *
 * @param attributes The block's attributes.
 */
function useServerRender( attributes: ReportBlockAttributes ) {
	const [ state, setState ] = useState< PreviewState >( {
		loading: true,
	} );
	const [ attempt, setAttempt ] = useState( 0 );
	const key = JSON.stringify( attributes );
	const first = useRef( true );
	useEffect( () => {
		const controller = new AbortController();
		// The last render stays (busy) while the next loads; an error gives way to the skeleton or that render.
		setState( ( previous ) => ( { html: previous.html, loading: true } ) );
		const timer = setTimeout(
			() => {
				apiFetch< { rendered: string } >( {
					path: PREVIEW_PATH,
					method: 'POST',
					data: { attributes: JSON.parse( key ) },
					signal: controller.signal,
				} )
					.then( ( response ) =>
						setState( { html: response.rendered, loading: false } )
					)
					.catch( ( thrown: unknown ) => {
						if ( ( thrown as Error )?.name === 'AbortError' ) {
							return;
						}
						setState( {
							error: toApiError( thrown ),
							loading: false,
						} );
					} );
			},
			first.current ? 0 : PREVIEW_DELAY
		);
		first.current = false;
		return () => {
			clearTimeout( timer );
			controller.abort();
		};
	}, [ key, attempt ] );
	return { ...state, retry: () => setAttempt( ( n ) => n + 1 ) };
}

/**
 * The server's HTML, with its charts drawn as on the front end.
 *
 * @param props      Props.
 * @param props.html The block renderer's `rendered`.
 */
function ServerHtml( { html }: { html: string } ) {
	const ref = useRef< HTMLDivElement >( null );
	useEffect( () => {
		const root = ref.current;
		if ( ! root ) {
			return;
		}
		initReportCharts( root );
		return () => destroyReportCharts( root );
	}, [ html ] );
	return (
		<div
			ref={ ref }
			className="rr-report-preview__render"
			// The server escaped every part (ReportMarkup) and the route ran it through wp_kses.
			dangerouslySetInnerHTML={ { __html: html } }
		/>
	);
}

function errorContext( error: ApiError ): string {
	if ( error.status === 401 || error.status === 403 ) {
		return __(
			'You cannot preview this block: editing posts is needed to see the preview.',
			'recruiting-reports'
		);
	}
	if ( error.code === 'rest_invalid_param' ) {
		return __(
			'The block’s settings are not valid:',
			'recruiting-reports'
		);
	}
	return __( 'The preview could not be loaded.', 'recruiting-reports' );
}

/**
 * The preview: the server's render of the block, a skeleton of its shown sections while it loads, or why it
 * could not be loaded.
 * @param props
 * @param props.preview The server render's state.
 * @param props.shown   The sections shown.
 */
function PreviewBody( {
	preview,
	shown,
}: {
	preview: ReturnType< typeof useServerRender >;
	shown: SectionId[];
} ) {
	if ( preview.error ) {
		return (
			<ErrorState
				error={ preview.error }
				onRetry={ preview.retry }
				context={ errorContext( preview.error ) }
			/>
		);
	}
	if ( preview.html === undefined ) {
		return (
			<Skeleton
				figures={ shown.includes( 'figures' ) ? 5 : 0 }
				charts={ shown.filter( ( s ) => s !== 'figures' ).length }
				chartHeight={ 240 }
				label={ __(
					'Loading the report preview…',
					'recruiting-reports'
				) }
			/>
		);
	}
	return (
		<Busy busy={ preview.loading }>
			<ServerHtml html={ preview.html } />
		</Busy>
	);
}

/**
 * The "Period and job" settings: the period (a preset or dates), one job or all, and the comparison.
 * @param props
 * @param props.attributes    The block's attributes.
 * @param props.setAttributes Sets some of them.
 */
function PeriodPanel( { attributes, setAttributes }: EditProps ) {
	const selection: PeriodSelection = {
		period: attributes.period,
		dateFrom: attributes.dateFrom,
		dateTo: attributes.dateTo,
	};
	return (
		<PanelBody title={ __( 'Period and job', 'recruiting-reports' ) }>
			<PeriodPicker
				value={ selection }
				allowCustom
				onChange={ ( next ) =>
					setAttributes( {
						period: next.period,
						dateFrom: next.dateFrom ?? '',
						dateTo: next.dateTo ?? '',
					} )
				}
			/>
			<div className="rr-inspector-gap" />
			<JobPicker
				value={ attributes.jobId }
				onChange={ ( jobId ) => setAttributes( { jobId } ) }
				help={ __(
					'Type to search. “All jobs” reports on every job.',
					'recruiting-reports'
				) }
			/>
			<div className="rr-inspector-gap" />
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Compare with', 'recruiting-reports' ) }
				help={ __(
					'Each headline figure shows its change against the earlier period.',
					'recruiting-reports'
				) }
				value={ attributes.compare ?? 'none' }
				options={ [
					{
						value: 'none',
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
				onChange={ ( value: string ) =>
					setAttributes( {
						compare: value as ReportBlockAttributes[ 'compare' ],
					} )
				}
			/>
		</PanelBody>
	);
}

export function ReportBlockEdit( { attributes, setAttributes }: EditProps ) {
	const reports = blockReports();
	// A report no longer registered shows the default one (the first), as the server renders it.
	const report: BlockReportName = reports.some(
		( one ) => one.value === attributes.report
	)
		? attributes.report
		: reports[ 0 ]?.value;
	const preview = useServerRender( attributes );
	const blockProps = useBlockProps( { className: 'rr-report-preview' } );
	const shown = visibleSections( { report, sections: attributes.sections } );

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Report', 'recruiting-reports' ) }>
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Report', 'recruiting-reports' ) }
						value={ report }
						options={ reports }
						onChange={ ( value: string ) =>
							setAttributes( {
								report: value as BlockReportName,
								sections: reportSections(
									value as BlockReportName
								),
							} )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __(
							'Show the report’s title',
							'recruiting-reports'
						) }
						checked={ attributes.showHeading }
						onChange={ ( showHeading: boolean ) =>
							setAttributes( { showHeading } )
						}
					/>
				</PanelBody>
				<PeriodPanel
					attributes={ attributes }
					setAttributes={ setAttributes }
				/>
				<SectionsPanel
					report={ report }
					attributes={ attributes }
					setAttributes={ setAttributes }
				/>
				<VisibilityPanel
					attributes={ attributes }
					setAttributes={ setAttributes }
				/>
			</InspectorControls>
			<div { ...blockProps }>
				<p className="rr-report-preview__note">
					{ attributes.visibility === 'restricted'
						? __(
								'Preview. Shown only to users with Read Applications.',
								'recruiting-reports'
							)
						: __(
								'Preview. Shown to everyone.',
								'recruiting-reports'
							) }
				</p>
				<PreviewBody preview={ preview } shown={ shown } />
			</div>
		</>
	);
}
