/**
 * Recruiting › Reports: every report of the registry (its PHP definitions, served in the page's config) for a
 * period and an optional job, every chart with the numbers behind it. The filters live in the URL, so a report can be bookmarked or shared.
 */
import { Button, Notice } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { toApiError, type ApiError } from '../../api/errors';
import type {
	ComparePeriod,
	Compared,
	OverviewReport,
	ReportName,
	ReportQuery,
} from '../../api/types';
import { ComparePicker, isComparePeriod } from '../../components/ComparePicker';
import { errorText } from '../../components/errorText';
import { formatPeriod } from '../../components/format';
import { JobPicker } from '../../components/JobPicker';
import { PeriodPicker } from '../../components/PeriodPicker';
import { EmptySite } from '../../components/EmptySite';
import { Busy, ErrorState, Skeleton } from '../../components/states';
import { getConfig } from '../../config';
import { useDebouncedValue, useResource, useStoreActions } from '../../store';
import {
	customRangeProblem,
	isIsoDate,
	isPreset,
	selectionQuery,
	type PeriodSelection,
} from '../../reports/periods';
import type { ReportPresentation } from '../../reports/figures';
import { ReportBody } from './ReportBody';
import type { AnyReport } from './types';

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

interface SectionProps {
	/** The report's presentation (its PHP definition's, served in the page's config). */
	presentation: ReportPresentation;
	/** The query to show; filters picked but not yet asked for (pending) dim the report shown already. */
	query: ReportQuery;
	pending: boolean;
	/** Told whether the report failed because the query's job does not exist. */
	onMissingJob: ( name: string, missing: boolean ) => void;
}

/**
 * One report's section: its title, period, and its figures and charts as declared, with the skeleton, error and
 * busy states around them.
 * @param props
 * @param props.presentation The report's presentation.
 * @param props.query        The query.
 * @param props.pending      Whether newer filters are on their way.
 * @param props.onMissingJob Told when the report fails for a job that does not exist.
 */
function ReportSection( {
	presentation,
	query,
	pending,
	onMissingJob,
}: SectionProps ) {
	const { name, title } = presentation;
	// The store's reports are typed by the built-in names; the route of any registered report answers alike.
	const state = useResource< Compared< AnyReport > >( 'getReport', [
		name as ReportName,
		query,
	] );
	const missing = state.error?.code === 'resource_not_found';
	useEffect(
		() => onMissingJob( name, missing ),
		[ onMissingJob, name, missing ]
	);
	const id = `rr-${ name }`;
	let body: ReactNode;
	if ( missing && query.job_id ) {
		// The page says it once, for every report (MissingJobNotice): no error of its own, not even for the
		// moment before the page hides the sections.
		body = null;
	} else if ( state.error ) {
		body = <ErrorState error={ state.error } onRetry={ state.retry } />;
	} else if ( state.loading || state.data === undefined ) {
		body = (
			<Skeleton
				figures={ presentation.figures.length }
				charts={ presentation.charts.length }
				chartHeight={ 260 }
			/>
		);
	} else {
		body = (
			<Busy busy={ state.busy || pending }>
				<ReportBody
					name={ name }
					report={ state.data }
					query={ query }
				/>
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
			<EmailMeThis report={ name } title={ title } />
			{ state.data && ! state.error && (
				<p className="rr-report-section__period">
					{ presentation.now
						? __(
								'As of now, whatever the period',
								'recruiting-reports'
							)
						: formatPeriod( state.data.period ) }
				</p>
			) }
			{ body }
		</section>
	);
}

/**
 * "E-mail me this": puts the report in the current user's e-mail digest (PUT /digest-subscription), then says
 * so, or why it failed.
 * @param props
 * @param props.report The report's name.
 * @param props.title  Its title (the button's accessible name).
 */
function EmailMeThis( { report, title }: { report: string; title: string } ) {
	const { subscribeToReport } = useStoreActions();
	const [ state, setState ] = useState< {
		busy: boolean;
		done: boolean;
		error: ApiError | null;
	} >( { busy: false, done: false, error: null } );
	const subscribe = async () => {
		setState( { busy: true, done: false, error: null } );
		try {
			await subscribeToReport( report );
			setState( { busy: false, done: true, error: null } );
		} catch ( error ) {
			setState( {
				busy: false,
				done: false,
				error: toApiError( error ),
			} );
		}
	};
	return (
		<div className="rr-report-section__email">
			<Button
				variant="secondary"
				size="compact"
				isBusy={ state.busy }
				disabled={ state.busy }
				accessibleWhenDisabled
				label={ sprintf(
					/* translators: %s: report title. The name starts with the button's text (WCAG 2.5.3). */
					__( 'E-mail me this (%s)', 'recruiting-reports' ),
					title
				) }
				showTooltip={ false }
				onClick={ subscribe }
			>
				{ __( 'E-mail me this', 'recruiting-reports' ) }
			</Button>
			{ state.done && (
				<Notice
					status="success"
					onRemove={ () => setState( { ...state, done: false } ) }
				>
					{ __(
						'This report is now in your e-mail digest. Change when it comes in your profile.',
						'recruiting-reports'
					) }
				</Notice>
			) }
			{ state.error && (
				<Notice
					status="error"
					onRemove={ () => setState( { ...state, error: null } ) }
				>
					{ errorText( state.error ) }
				</Notice>
			) }
		</div>
	);
}

/**
 * The page's filters: period, job, comparison.
 * @param props
 * @param props.filters    The filters picked.
 * @param props.setFilters Picks others.
 */
function ReportFilters( {
	filters,
	setFilters,
}: {
	filters: Filters;
	setFilters: ( filters: Filters ) => void;
} ) {
	return (
		<div
			className="rr-filters"
			role="group"
			aria-label={ __( 'Report filters', 'recruiting-reports' ) }
		>
			<PeriodPicker
				value={ filters }
				onChange={ ( next ) => setFilters( { ...filters, ...next } ) }
				allowCustom
			/>
			<JobPicker
				value={ filters.jobId }
				onChange={ ( jobId ) => setFilters( { ...filters, jobId } ) }
			/>
			<ComparePicker
				value={ filters.compare ?? '' }
				onChange={ ( compare ) =>
					setFilters( { ...filters, compare } )
				}
			/>
		</div>
	);
}

/**
 * Says the job asked for no longer exists, with a way back to all jobs.
 * @param props
 * @param props.onShowAll Shows all jobs.
 */
function MissingJobNotice( { onShowAll }: { onShowAll: () => void } ) {
	return (
		<div className="rr-missing-job" data-state="missing-job">
			<Notice
				status="warning"
				isDismissible={ false }
				actions={ [
					{
						label: __( 'Show all jobs', 'recruiting-reports' ),
						onClick: onShowAll,
						variant: 'secondary',
					},
				] }
			>
				{ __( 'This job no longer exists.', 'recruiting-reports' ) }
			</Notice>
		</div>
	);
}

/**
 * Whether a report failed because the query's job does not exist, as the sections tell it (onMissingJob). Kept
 * per query: the sections are gone while the notice shows.
 * @param settledKey The query asked for.
 * @param forJob     Whether it asks for one job.
 */
function useMissingJob( settledKey: string, forJob: boolean ) {
	const [ missing, setMissing ] = useState( {
		key: '',
		names: [] as string[],
	} );
	const onMissingJob = useCallback(
		( name: string, isMissing: boolean ) =>
			setMissing( ( was ) => {
				const others = was.key === settledKey ? was.names : [];
				const names = others.filter( ( one ) => one !== name );
				return {
					key: settledKey,
					names: isMissing ? [ ...names, name ] : names,
				};
			} ),
		[ settledKey ]
	);
	return {
		missingJob:
			forJob && missing.key === settledKey && missing.names.length > 0,
		onMissingJob,
	};
}

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
	// The overview tells an empty site; its section asks for the same report, answered once by the store.
	const overview = useResource< OverviewReport >( 'getReport', [
		'overview',
		settled,
	] );

	// A deleted or unknown job fails every report the same way: one notice (as soon as any report says so), and
	// a way out instead of a Retry that cannot work.
	const { missingJob, onMissingJob } = useMissingJob(
		settledKey,
		!! settled.job_id
	);

	// A site without a single application (all-time count, so not for one job) explains how
	// applications get in, instead of every section's zeros and "—".
	const emptySite =
		! settled.job_id && overview.data?.applications.total === 0;

	return (
		<div className="rr-page">
			<ReportFilters filters={ filters } setFilters={ setFilters } />
			{ missingJob && (
				<MissingJobNotice
					onShowAll={ () => setFilters( { ...filters, jobId: 0 } ) }
				/>
			) }
			{ emptySite && <EmptySite /> }
			{ ! missingJob && ! emptySite && (
				<>
					{ config.reports.map( ( presentation ) => (
						<ReportSection
							key={ presentation.name }
							presentation={ presentation }
							onMissingJob={ onMissingJob }
							{ ...current }
						/>
					) ) }
				</>
			) }
		</div>
	);
}
