/**
 * The report block in the editor: inspector settings and a live preview through the typed
 * client (the editor's nonce), with loading, empty and error states. Every change of a setting
 * updates the preview.
 */
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import {
	CheckboxControl,
	Notice,
	PanelBody,
	RadioControl,
	SelectControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { ApiError } from '../api/errors';
import type { Job, ReportByName } from '../api/types';
import { JobPicker } from '../components/JobPicker';
import { PeriodPicker } from '../components/PeriodPicker';
import { Busy, EmptyState, ErrorState, Skeleton } from '../components/states';
import { getConfig } from '../config';
import { useResource } from '../store';
import type { PeriodSelection } from '../reports/periods';
import {
	REPORT_SECTIONS,
	attributeProblems,
	blockQuery,
	reportTitle,
	sectionLabel,
	toggleSection,
	visibleSections,
	type BlockReportName,
	type ReportBlockAttributes,
} from './attributes';
import { ReportView, type BlockReportData } from './ReportView';

export interface EditProps {
	attributes: ReportBlockAttributes;
	setAttributes: ( next: Partial< ReportBlockAttributes > ) => void;
}

interface Preview {
	result: BlockReportData;
	jobTitle?: string;
}

function errorContext( error: ApiError ): string {
	if ( error.code === 'resource_not_found' ) {
		return __(
			'The selected job no longer exists. Choose another job or “All jobs”; until then visitors see nothing here.',
			'recruiting-reports'
		);
	}
	if ( error.status === 401 || error.status === 403 ) {
		return __(
			'You cannot preview this report: it needs the Read Applications permission. What visitors see does not depend on your permissions.',
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

function isEmpty( preview: Preview ): boolean {
	return (
		preview.result.report === 'overview' &&
		preview.result.data.applications.total === 0 &&
		preview.result.data.jobs.total === 0
	);
}

export function ReportBlockEdit( { attributes, setAttributes }: EditProps ) {
	const config = getConfig();
	const problems = attributeProblems( attributes );
	const query = blockQuery( attributes, config.today );
	const report: BlockReportName =
		attributes.report === 'time-to-hire' ? 'time-to-hire' : 'overview';
	const reportState = useResource< ReportByName[ typeof report ] >(
		'getReport',
		[ report, query ],
		! problems.length,
		report
	);
	// The job's title is a nicety: without it (a failed lookup) the preview still shows.
	const job = useResource< Job >(
		'getJob',
		[ query.job_id ],
		! problems.length && !! query.job_id
	);
	const state = {
		...reportState,
		data: reportState.data
			? ( {
					result: { report, data: reportState.data },
					jobTitle: job.data?.title,
				} as Preview )
			: undefined,
	};

	const blockProps = useBlockProps( { className: 'rr-report-preview' } );
	const selection: PeriodSelection = {
		period: attributes.period,
		dateFrom: attributes.dateFrom,
		dateTo: attributes.dateTo,
	};

	let body;
	if ( problems.length ) {
		body = (
			<Notice status="warning" isDismissible={ false }>
				<p>
					{ __(
						'This block shows nothing until its settings are fixed:',
						'recruiting-reports'
					) }
				</p>
				<ul>
					{ problems.map( ( problem ) => (
						<li key={ problem }>{ problem }</li>
					) ) }
				</ul>
			</Notice>
		);
	} else if ( state.error ) {
		body = (
			<ErrorState
				error={ state.error }
				onRetry={ state.retry }
				context={ errorContext( state.error ) }
			/>
		);
	} else if ( state.loading || ! state.data ) {
		body = (
			<Skeleton
				figures={
					visibleSections( attributes ).includes( 'figures' ) ? 5 : 0
				}
				charts={
					visibleSections( attributes ).filter(
						( s ) => s !== 'figures'
					).length
				}
				chartHeight={ 240 }
				label={ __(
					'Loading the report preview…',
					'recruiting-reports'
				) }
			/>
		);
	} else if ( isEmpty( state.data ) ) {
		body = (
			<EmptyState
				title={ __( 'No recruiting data yet', 'recruiting-reports' ) }
			>
				<p>
					{ __(
						'Figures and charts appear here once there are jobs and applications.',
						'recruiting-reports'
					) }
				</p>
			</EmptyState>
		);
	} else {
		body = (
			<Busy busy={ state.busy }>
				<ReportView
					attributes={ { ...attributes, report } }
					result={ state.data.result }
					jobTitle={ state.data.jobTitle }
				/>
			</Busy>
		);
	}

	const sections = REPORT_SECTIONS[ report ];
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
						options={ [
							{
								value: 'overview',
								label: reportTitle( 'overview' ),
							},
							{
								value: 'time-to-hire',
								label: reportTitle( 'time-to-hire' ),
							},
						] }
						onChange={ ( value: string ) =>
							setAttributes( {
								report: value as BlockReportName,
								sections:
									REPORT_SECTIONS[ value as BlockReportName ],
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
				<PanelBody
					title={ __( 'Period and job', 'recruiting-reports' ) }
				>
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
				</PanelBody>
				<PanelBody title={ __( 'Sections', 'recruiting-reports' ) }>
					<fieldset className="rr-fieldset">
						<legend className="screen-reader-text">
							{ __( 'Sections to show', 'recruiting-reports' ) }
						</legend>
						{ sections.map( ( section ) => (
							<CheckboxControl
								__nextHasNoMarginBottom
								key={ section }
								label={ sectionLabel( section ) }
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
					{ report === 'overview' ? (
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __(
								'Status breakdown chart',
								'recruiting-reports'
							) }
							value={ attributes.statusChart }
							disabled={ ! shown.includes( 'by_status' ) }
							options={ [
								{
									value: 'bar',
									label: __( 'Bars', 'recruiting-reports' ),
								},
								{
									value: 'doughnut',
									label: __(
										'Doughnut',
										'recruiting-reports'
									),
								},
							] }
							onChange={ ( value: string ) =>
								setAttributes( {
									statusChart: value as 'bar' | 'doughnut',
								} )
							}
						/>
					) : (
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Trend chart', 'recruiting-reports' ) }
							value={ attributes.trendChart }
							disabled={ ! shown.includes( 'trend' ) }
							options={ [
								{
									value: 'line',
									label: __( 'Line', 'recruiting-reports' ),
								},
								{
									value: 'bar',
									label: __( 'Bars', 'recruiting-reports' ),
								},
							] }
							onChange={ ( value: string ) =>
								setAttributes( {
									trendChart: value as 'line' | 'bar',
								} )
							}
						/>
					) }
				</PanelBody>
				<PanelBody
					title={ __( 'Who may see the data', 'recruiting-reports' ) }
				>
					{ config.can.readApplications ? (
						<RadioControl
							label={ __(
								'Show the figures to',
								'recruiting-reports'
							) }
							selected={ attributes.visibility }
							options={ [
								{
									value: 'restricted',
									label: __(
										'Only users with Read Applications',
										'recruiting-reports'
									),
								},
								{
									value: 'public',
									label: __(
										'Everyone, including visitors',
										'recruiting-reports'
									),
								},
							] }
							onChange={ ( value?: string ) =>
								setAttributes( {
									visibility:
										value === 'public'
											? 'public'
											: 'restricted',
								} )
							}
						/>
					) : (
						<p className="rr-visibility-help">
							{ __(
								'Only users with the Read Applications permission can show these figures to everyone; visitors see them only while this post’s author and its last editor have that permission.',
								'recruiting-reports'
							) }
						</p>
					) }
					{ attributes.visibility === 'restricted' && (
						<RadioControl
							label={ __( 'Others see', 'recruiting-reports' ) }
							help={ __(
								'They never receive the figures: they are left out of the page, not hidden.',
								'recruiting-reports'
							) }
							selected={ attributes.deniedDisplay }
							options={ [
								{
									value: 'message',
									label: __(
										'A short message',
										'recruiting-reports'
									),
								},
								{
									value: 'nothing',
									label: __(
										'Nothing',
										'recruiting-reports'
									),
								},
							] }
							onChange={ ( value?: string ) =>
								setAttributes( {
									deniedDisplay:
										value === 'nothing'
											? 'nothing'
											: 'message',
								} )
							}
						/>
					) }
					{ attributes.visibility === 'public' &&
						config.can.readApplications && (
							<Notice status="warning" isDismissible={ false }>
								{ __(
									'Anyone who can open this page sees these figures.',
									'recruiting-reports'
								) }
							</Notice>
						) }
					{ attributes.visibility === 'public' &&
						! config.can.readApplications && (
							<Notice status="warning" isDismissible={ false }>
								{ __(
									'Visitors see these figures only while the post’s author and its last editor have Read Applications. You do not: once you save this post, they are hidden from visitors until someone with that permission saves it again.',
									'recruiting-reports'
								) }
							</Notice>
						) }
				</PanelBody>
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
					{ attributes.jobId > 0 &&
						! state.data?.jobTitle &&
						! state.error &&
						' ' +
							sprintf(
								/* translators: %d: job id. */
								__( 'Job #%d.', 'recruiting-reports' ),
								attributes.jobId
							) }
				</p>
				{ body }
			</div>
		</>
	);
}
