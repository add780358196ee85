/**
 * Recruiting › Reports: every report for a period and an optional job, every chart with the
 * numbers behind it. The filters live in the URL, so a report can be bookmarked or shared.
 */
import { Notice } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ComponentType, ReactNode } from 'react';

import type {
	ComparePeriod,
	Compared,
	FunnelReport,
	OverviewReport,
	ReportByName,
	ReportName,
	ReportPeriod,
	ReportQuery,
	TimeToHireReport,
} from '../../api/types';
import { ChartFigure } from '../../components/charts/ChartFigure';
import {
	funnelLinks,
	overviewLinks,
	timeToHireLinks,
} from '../../reports/drilldown';
import { ComparePicker, isComparePeriod } from '../../components/ComparePicker';
import { CsvDownload } from '../../components/CsvDownload';
import { Figures } from '../../components/Figures';
import { formatPeriod } from '../../components/format';
import { JobPicker } from '../../components/JobPicker';
import { PeriodPicker } from '../../components/PeriodPicker';
import { SHOW_ALL_LIMIT } from '../../components/ShowAll';
import { EmptySite } from '../../components/EmptySite';
import { Busy, ErrorState, Skeleton } from '../../components/states';
import { getConfig } from '../../config';
import { useDebouncedValue, useResource, type AsyncState } from '../../store';
import {
	customRangeProblem,
	isIsoDate,
	isPreset,
	selectionQuery,
	type PeriodSelection,
} from '../../reports/periods';
import {
	byJobSpec,
	byStageSpec,
	byStatusSpec,
	conversionSpec,
	funnelFigures,
	funnelSpec,
	hiresInPeriod,
	overviewFigures,
	timeToHireFigures,
	trendSpec,
	comparedFigures,
} from '../../reports/specs';
import { DeclaredSection } from './DeclaredSection';
import { SourcesBody } from './SourcesSection';
import { TimeToFillBody } from './TimeToFillSection';
import type { BodyProps } from './types';

export interface Filters extends PeriodSelection {
	jobId: number;
	/** The comparison period, or '' for none. */
	compare?: ComparePeriod | '';
}

/**
 * Filters from the page URL (period, date_from, date_to, job_id, compare), or the defaults.
 * @param search
 * @param fallback
 */
export function filtersFromUrl( search: string, fallback: Filters ): Filters {
	const params = new URLSearchParams( search );
	const period = params.get( 'period' );
	const jobId = Number( params.get( 'job_id' ) );
	const filters: Filters = { ...fallback };
	if ( period === 'custom' ) {
		filters.period = 'custom';
		const from = params.get( 'date_from' ) ?? '';
		const to = params.get( 'date_to' ) ?? '';
		filters.dateFrom = isIsoDate( from ) ? from : '';
		filters.dateTo = isIsoDate( to ) ? to : '';
	} else if ( isPreset( period ) ) {
		filters.period = period;
	}
	if ( Number.isInteger( jobId ) && jobId > 0 ) {
		filters.jobId = jobId;
	}
	const compare = params.get( 'compare' );
	if ( isComparePeriod( compare ) ) {
		filters.compare = compare;
	}
	return filters;
}

export function filtersToUrl( href: string, filters: Filters ): string {
	const url = new URL( href );
	for ( const key of [
		'period',
		'date_from',
		'date_to',
		'job_id',
		'compare',
	] ) {
		url.searchParams.delete( key );
	}
	url.searchParams.set( 'period', filters.period );
	if ( filters.period === 'custom' ) {
		if ( filters.dateFrom ) {
			url.searchParams.set( 'date_from', filters.dateFrom );
		}
		if ( filters.dateTo ) {
			url.searchParams.set( 'date_to', filters.dateTo );
		}
	}
	if ( filters.jobId ) {
		url.searchParams.set( 'job_id', String( filters.jobId ) );
	}
	if ( filters.compare ) {
		url.searchParams.set( 'compare', filters.compare );
	}
	return url.toString();
}

export interface SectionProps< T extends { period: ReportPeriod } > {
	id: string;
	title: string;
	state: AsyncState< Compared< T > >;
	/** Filters picked but not yet asked for: the report shown is dimmed already. */
	pending: boolean;
	query: ReportQuery;
	/** The skeleton's figures and charts while nothing is shown yet. */
	figuresCount: number;
	chartCount: number;
	/** Draws the report. */
	Body: ComponentType< BodyProps< T > >;
}

function ReportSection< T extends { period: ReportPeriod } >( {
	id,
	title,
	state,
	pending,
	query,
	figuresCount,
	chartCount,
	Body,
}: SectionProps< T > ) {
	let body: ReactNode;
	if ( state.error ) {
		body = <ErrorState error={ state.error } onRetry={ state.retry } />;
	} else if ( state.loading || state.data === undefined ) {
		body = (
			<Skeleton
				figures={ figuresCount }
				charts={ chartCount }
				chartHeight={ 260 }
			/>
		);
	} else {
		body = (
			<Busy busy={ state.busy || pending }>
				<Body report={ state.data } query={ query } />
			</Busy>
		);
	}
	return (
		<section
			className="rr-report-section"
			aria-labelledby={ `${ id }-title` }
			data-report={ id }
		>
			<h2 id={ `${ id }-title` }>{ title }</h2>
			{ state.data && ! state.error && (
				<p className="rr-report-section__period">
					{ formatPeriod( state.data.period ) }
				</p>
			) }
			{ body }
		</section>
	);
}

export function OverviewBody( { report, query }: BodyProps< OverviewReport > ) {
	const jobId = query.job_id ?? 0;
	return (
		<>
			<Figures
				label={ __( 'Overview figures', 'recruiting-reports' ) }
				figures={ comparedFigures(
					report,
					overviewFigures,
					query.compare
				) }
			/>
			<div className="rr-grid">
				<ChartFigure
					spec={ overviewLinks(
						byStatusSpec( report ),
						report,
						jobId
					) }
					tableOpen
					tableActions={
						<CsvDownload
							name="overview"
							section="by_status"
							query={ query }
						/>
					}
					height={ 260 }
					emptyMessage={ __(
						'No applications yet.',
						'recruiting-reports'
					) }
				/>
				<ChartFigure
					spec={ overviewLinks(
						conversionSpec( report ),
						report,
						jobId
					) }
					tableOpen
					tableActions={
						<CsvDownload
							name="overview"
							section="conversion"
							query={ query }
						/>
					}
					height={ 260 }
					emptyMessage={ __(
						'No applications in this period.',
						'recruiting-reports'
					) }
				/>
			</div>
		</>
	);
}

export function TimeToHireBody( {
	report,
	query,
}: BodyProps< TimeToHireReport > ) {
	const jobId = query.job_id ?? 0;
	const none = hiresInPeriod( report ) === 0;
	const noHires = __( 'No hires in this period.', 'recruiting-reports' );
	return (
		<>
			<Figures
				label={ __( 'Time to hire figures', 'recruiting-reports' ) }
				figures={ comparedFigures(
					report,
					timeToHireFigures,
					query.compare
				) }
			/>
			<div className="rr-grid">
				<ChartFigure
					spec={ timeToHireLinks(
						byStageSpec( report ),
						report,
						jobId
					) }
					tableOpen
					tableActions={
						<CsvDownload
							name="time-to-hire"
							section="by_stage"
							query={ query }
						/>
					}
					height={ 260 }
					emptyMessage={ noHires }
				/>
				<ChartFigure
					spec={ timeToHireLinks(
						byJobSpec( report ),
						report,
						jobId
					) }
					tableOpen
					tableActions={
						<CsvDownload
							name="time-to-hire"
							section="by_job"
							query={ query }
						/>
					}
					limit={ SHOW_ALL_LIMIT }
					height={ ( jobs ) => Math.max( 160, 40 + 28 * jobs ) }
					emptyMessage={ noHires }
				/>
			</div>
			<ChartFigure
				spec={ timeToHireLinks( trendSpec( report ), report, jobId ) }
				tableOpen
				tableActions={
					<CsvDownload
						name="time-to-hire"
						section="trend"
						query={ query }
					/>
				}
				height={ 260 }
				emptyMessage={ none ? noHires : undefined }
			/>
		</>
	);
}

export function FunnelBody( { report, query }: BodyProps< FunnelReport > ) {
	const jobId = query.job_id ?? 0;
	return (
		<>
			<Figures
				label={ __( 'Funnel figures', 'recruiting-reports' ) }
				figures={ comparedFigures(
					report,
					funnelFigures,
					query.compare
				) }
			/>
			<ChartFigure
				spec={ funnelLinks( funnelSpec( report ), report, jobId ) }
				tableOpen
				tableActions={
					<CsvDownload
						name="funnel"
						section="stages"
						query={ query }
					/>
				}
				height={ 260 }
				emptyMessage={ __(
					'No applications in this period.',
					'recruiting-reports'
				) }
			/>
		</>
	);
}

/**
 * One report for the settled filters (with its earlier period's when comparing).
 * @param name  The report.
 * @param query Its filters.
 */
function useReport< N extends ReportName >( name: N, query: ReportQuery ) {
	return useResource< Compared< ReportByName[ N ] > >( 'getReport', [
		name,
		query,
	] );
}

/** The reports this page draws with bodies of its own; any other registered report gets a DeclaredSection. */
const PAGE_REPORTS: ReportName[] = [
	'overview',
	'time-to-hire',
	'funnel',
	'sources',
	'time-to-fill',
];

/** How long the filters must stay unchanged before the reports are requested. */
export const FILTER_DEBOUNCE_MS = 300;

export function ReportsPage() {
	const config = getConfig();
	const [ filters, setFilters ] = useState< Filters >( () =>
		filtersFromUrl( window.location.search, {
			period: config.defaultPeriod,
			jobId: 0,
		} )
	);

	// A half-typed custom range keeps the last valid query instead of sending a 400.
	const problem =
		filters.period === 'custom'
			? customRangeProblem( filters.dateFrom, filters.dateTo )
			: null;
	const [ query, setQuery ] = useState< ReportQuery >( () => ( {
		...selectionQuery( filters, config.today ),
		job_id: filters.jobId || undefined,
		compare: filters.compare || undefined,
	} ) );
	useEffect( () => {
		if ( problem ) {
			return;
		}
		setQuery( {
			...selectionQuery( filters, config.today ),
			job_id: filters.jobId || undefined,
			compare: filters.compare || undefined,
		} );
		window.history.replaceState(
			null,
			'',
			filtersToUrl( window.location.href, filters )
		);
	}, [ filters, problem, config.today ] );

	// Stepping through periods (or typing dates) asks only for the filters the user stops at.
	const key = JSON.stringify( query );
	const settledKey = useDebouncedValue( key, FILTER_DEBOUNCE_MS );
	const settled = JSON.parse( settledKey ) as ReportQuery;
	// What every section shows its report for; filters picked but not yet asked for already dim
	// the old figures.
	const current = { query: settled, pending: settledKey !== key };
	const overview = useReport( 'overview', settled );
	const timeToHire = useReport( 'time-to-hire', settled );
	const funnel = useReport( 'funnel', settled );
	const sources = useReport( 'sources', settled );
	const timeToFill = useReport( 'time-to-fill', settled );

	// A deleted or unknown job fails every report the same way: one notice, and a way out
	// instead of a Retry that cannot work.
	const missingJob =
		!! settled.job_id &&
		[
			overview.error,
			timeToHire.error,
			funnel.error,
			sources.error,
			timeToFill.error,
		].some( ( error ) => error?.code === 'resource_not_found' );

	// A site without a single application (all-time count, so not for one job) explains how
	// applications get in, instead of every section's zeros and "—".
	const emptySite =
		! settled.job_id && overview.data?.applications.total === 0;

	return (
		<div className="rr-page">
			<div
				className="rr-filters"
				role="group"
				aria-label={ __( 'Report filters', 'recruiting-reports' ) }
			>
				<PeriodPicker
					value={ filters }
					onChange={ ( next ) =>
						setFilters( { ...filters, ...next } )
					}
					allowCustom
				/>
				<JobPicker
					value={ filters.jobId }
					onChange={ ( jobId ) =>
						setFilters( { ...filters, jobId } )
					}
				/>
				<ComparePicker
					value={ filters.compare ?? '' }
					onChange={ ( compare ) =>
						setFilters( { ...filters, compare } )
					}
				/>
			</div>
			{ missingJob && (
				<div className="rr-missing-job" data-state="missing-job">
					<Notice
						status="warning"
						isDismissible={ false }
						actions={ [
							{
								label: __(
									'Show all jobs',
									'recruiting-reports'
								),
								onClick: () =>
									setFilters( { ...filters, jobId: 0 } ),
								variant: 'secondary',
							},
						] }
					>
						{ __(
							'This job no longer exists.',
							'recruiting-reports'
						) }
					</Notice>
				</div>
			) }
			{ emptySite && <EmptySite /> }
			{ ! missingJob && ! emptySite && (
				<>
					<ReportSection
						id="rr-overview"
						title={ __( 'Overview', 'recruiting-reports' ) }
						state={ overview }
						figuresCount={ 5 }
						chartCount={ 2 }
						Body={ OverviewBody }
						{ ...current }
					/>
					<ReportSection
						id="rr-time-to-hire"
						title={ __( 'Time to hire', 'recruiting-reports' ) }
						state={ timeToHire }
						figuresCount={ 5 }
						chartCount={ 3 }
						Body={ TimeToHireBody }
						{ ...current }
					/>
					<ReportSection
						id="rr-funnel"
						title={ __( 'Funnel', 'recruiting-reports' ) }
						state={ funnel }
						figuresCount={ 4 }
						chartCount={ 1 }
						Body={ FunnelBody }
						{ ...current }
					/>
					<ReportSection
						id="rr-sources"
						title={ __( 'Sources', 'recruiting-reports' ) }
						state={ sources }
						figuresCount={ 4 }
						chartCount={ 1 }
						Body={ SourcesBody }
						{ ...current }
					/>
					<ReportSection
						id="rr-time-to-fill"
						title={ __( 'Time to fill', 'recruiting-reports' ) }
						state={ timeToFill }
						figuresCount={ 7 }
						chartCount={ 2 }
						Body={ TimeToFillBody }
						{ ...current }
					/>
					{ config.reports
						.filter(
							( { name } ) =>
								! ( PAGE_REPORTS as string[] ).includes( name )
						)
						.map( ( presentation ) => (
							<DeclaredSection
								key={ presentation.name }
								presentation={ presentation }
								Section={ ReportSection }
								{ ...current }
							/>
						) ) }
				</>
			) }
		</div>
	);
}
