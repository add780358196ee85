/**
 * Recruiting › Applications: the list (`@wordpress/dataviews`, table and list layouts). Filtering, sorting
 * and paging happen on the server (GET /applications), so only the shown page is loaded, whatever the
 * number of applications. The filters live in the URL; the chosen layout, columns and page size are the
 * user's preference (`@wordpress/preferences`, saved in the user's meta by WordPress).
 */
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { DataViews, type Field, type View } from '@wordpress/dataviews/wp';
import { useCallback, useMemo, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { store as preferencesStore } from '@wordpress/preferences';

import type {
	Page,
	Application,
	ApplicationStatus,
	Job,
} from '../../api/types';
import { useResource } from '../../store';
import { getConfig } from '../../config';
import { formatCount } from '../../components/format';
import { ErrorState } from '../../components/states';
import {
	applicationsUrl,
	filtersToParams,
	filtersToQuery,
	type ApplicationFilters,
	type SortField,
} from './filters';
import {
	STAGE_OPTIONS,
	STATUS_OPTIONS,
	ratingText,
	statusLabel,
} from './labels';
import { EmptySite } from '../../components/EmptySite';
import { formatSiteDateTime } from './timezone';
import { restLink } from './links';
import { onCsvClick } from '../../components/csvDownload';

const PREFERENCES_SCOPE = 'recruiting-reports/applications';

/** What the user chose and keeps between visits. */
interface Remembered {
	type: 'table' | 'list';
	fields: string[];
	perPage: number;
}

const DEFAULT_REMEMBERED: Remembered = {
	type: 'table',
	fields: [
		'job',
		'status',
		'source',
		'applied_at',
		'days_in_stage',
		'rating',
	],
	perPage: 20,
};

interface Props {
	filters: ApplicationFilters;
	onChangeFilters: ( filters: ApplicationFilters ) => void;
}

function viewFromFilters(
	filters: ApplicationFilters,
	remembered: Remembered
): View {
	const viewFilters: NonNullable< View[ 'filters' ] > = [];
	if ( filters.job_id ) {
		viewFilters.push( {
			field: 'job',
			operator: 'is',
			value: filters.job_id,
		} );
	}
	if ( filters.status.length ) {
		viewFilters.push( {
			field: 'status',
			operator: 'isAny',
			value: filters.status,
		} );
	}
	if ( filters.source ) {
		viewFilters.push( {
			field: 'source',
			operator: 'is',
			value: filters.source,
		} );
	}
	if ( filters.applied_from || filters.applied_to ) {
		viewFilters.push( {
			field: 'applied_at',
			operator: 'between',
			value: [ filters.applied_from ?? '', filters.applied_to ?? '' ],
		} );
	}
	if ( filters.hired_from || filters.hired_to ) {
		viewFilters.push( {
			field: 'hired_at',
			operator: 'between',
			value: [ filters.hired_from ?? '', filters.hired_to ?? '' ],
		} );
	}
	if ( filters.reached ) {
		viewFilters.push( {
			field: 'reached',
			operator: 'is',
			value: filters.reached,
		} );
	}
	if ( filters.entered?.length ) {
		viewFilters.push( {
			field: 'entered',
			operator: 'isAll',
			value: filters.entered,
		} );
	}
	if ( filters.reason ) {
		viewFilters.push( {
			field: 'reason',
			operator: 'is',
			value: filters.reason,
		} );
	}
	if ( filters.stale !== undefined ) {
		viewFilters.push( {
			field: 'stale',
			operator: 'is',
			value: String( filters.stale ),
		} );
	}
	return {
		type: remembered.type,
		search: filters.search,
		filters: viewFilters,
		sort: sortOfView( filters ),
		page: filters.page,
		perPage: remembered.perPage,
		// Looking for who waits (the stale filter, the widget's link, waiting longest first) shows the days.
		fields:
			( filters.stale !== undefined ||
				filters.orderby === 'status_since' ) &&
			! remembered.fields.includes( 'days_in_stage' )
				? [ ...remembered.fields, 'days_in_stage' ]
				: remembered.fields,
		titleField: 'candidate',
		layout: {},
	} as View;
}

/**
 * The days in stage column sorts the list by status_since the other way round: most days first is
 * status_since ascending (waiting longest).
 * @param filters The filters.
 */
function sortOfView( filters: ApplicationFilters ): View[ 'sort' ] {
	if ( filters.orderby === 'status_since' ) {
		return {
			field: 'days_in_stage',
			direction: filters.order === 'asc' ? 'desc' : 'asc',
		};
	}
	return { field: filters.orderby, direction: filters.order };
}

function filtersFromView( view: View ): ApplicationFilters {
	const find = ( field: string ) =>
		view.filters?.find(
			( filter ) =>
				filter.field === field &&
				filter.value !== undefined &&
				filter.value !== null &&
				filter.value !== ''
		)?.value;
	const range = ( field: string ): [ string?, string? ] => {
		const value = find( field );
		return Array.isArray( value )
			? [ value[ 0 ] || undefined, value[ 1 ] || undefined ]
			: [];
	};
	const [ appliedFrom, appliedTo ] = range( 'applied_at' );
	const [ hiredFrom, hiredTo ] = range( 'hired_at' );
	const status = find( 'status' );
	const job = Number( find( 'job' ) );
	const stale = find( 'stale' );
	const byDays = view.sort?.field === 'days_in_stage';
	let order = view.sort?.direction ?? 'desc';
	if ( byDays ) {
		order = order === 'asc' ? 'desc' : 'asc';
	}
	return {
		job_id: job > 0 ? job : undefined,
		status: Array.isArray( status ) ? status : [],
		source: ( find( 'source' ) as string | undefined )?.trim() || undefined,
		applied_from: appliedFrom,
		applied_to: appliedTo,
		hired_from: hiredFrom,
		hired_to: hiredTo,
		reached: find( 'reached' ),
		entered: Array.isArray( find( 'entered' ) )
			? find( 'entered' )
			: undefined,
		reason: ( find( 'reason' ) as string | undefined ) || undefined,
		stale:
			stale === 'true' || stale === 'false'
				? stale === 'true'
				: undefined,
		search: view.search ?? '',
		orderby: byDays
			? 'status_since'
			: ( ( view.sort?.field as SortField ) ?? 'applied_at' ),
		order,
		page: view.page ?? 1,
	};
}

/**
 * A date-time of an application in the site's timezone and locale.
 * @param props
 * @param props.iso The API's ISO time.
 */
function SiteTime( { iso }: { iso: string } ) {
	const config = getConfig();
	return (
		<time dateTime={ iso }>
			{ formatSiteDateTime( iso, config.timezone, config.locale ) }
		</time>
	);
}

/**
 * A filter by pipeline stage that is no column (the Reports page's drill-downs set it).
 * @param id       The filter.
 * @param label    Its label.
 * @param operator `is` (one stage) or `isAll` (every stage given).
 */
function stageFilter(
	id: 'reached' | 'entered',
	label: string,
	operator: 'is' | 'isAll'
): Field< Application > {
	return {
		id,
		label,
		type: operator === 'is' ? 'text' : 'array',
		enableSorting: false,
		enableHiding: false,
		elements: STAGE_OPTIONS,
		filterBy: { operators: [ operator ] },
		getValue: () => ( operator === 'is' ? '' : [] ),
		render: () => null,
		isVisible: () => false,
	};
}

/**
 * The list's columns and filters: who applied for what, then when and how far, then why it ended or how long it waits.
 * @param jobElements    The jobs to filter by.
 * @param reasonElements The rejection and withdrawal reasons to filter by.
 * @param viewUrl        An application's page.
 */
function applicationFields(
	jobElements: Array< { value: number; label: string } >,
	reasonElements: Array< { value: string; label: string } >,
	viewUrl: ( item: Application ) => string
): Field< Application >[] {
	return [
		...whoFields( jobElements, viewUrl ),
		...progressFields(),
		...waitingFields( reasonElements ),
	];
}

/**
 * Candidate, job, status and source.
 * @param jobElements The jobs to filter by.
 * @param viewUrl     An application's page.
 */
function whoFields(
	jobElements: Array< { value: number; label: string } >,
	viewUrl: ( item: Application ) => string
): Field< Application >[] {
	return [
		{
			id: 'candidate',
			label: __( 'Candidate', 'recruiting-reports' ),
			enableHiding: false,
			enableSorting: false,
			getValue: ( { item } ) => item.candidate.name,
			render: ( { item } ) => (
				<span className="rr-apps__candidate">
					<a href={ viewUrl( item ) }>{ item.candidate.name }</a>
					<span className="rr-apps__email">
						{ item.candidate.email }
					</span>
				</span>
			),
		},
		{
			id: 'job',
			label: __( 'Job', 'recruiting-reports' ),
			enableSorting: false,
			elements: jobElements,
			filterBy: { operators: [ 'is' ], isPrimary: true },
			getValue: ( { item } ) => item.job_id,
			render: ( { item } ) => (
				<span>
					{ item.job_title ??
						__( '(deleted job)', 'recruiting-reports' ) }
				</span>
			),
		},
		{
			id: 'status',
			label: __( 'Status', 'recruiting-reports' ),
			type: 'text',
			enableSorting: false,
			elements: STATUS_OPTIONS,
			filterBy: { operators: [ 'isAny' ], isPrimary: true },
			getValue: ( { item } ) => item.status,
			render: ( { item } ) => (
				<span className={ `rr-status rr-status--${ item.status }` }>
					{ statusLabel( item.status as ApplicationStatus ) }
				</span>
			),
		},
		{
			id: 'source',
			label: __( 'Source', 'recruiting-reports' ),
			type: 'text',
			enableSorting: false,
			filterBy: { operators: [ 'is' ] },
			getValue: ( { item } ) => item.source ?? 'direct',
		},
	];
}

/** When it was applied for, hired, last changed; the stages reached; its rating. */
function progressFields(): Field< Application >[] {
	return [
		{
			id: 'applied_at',
			label: __( 'Applied', 'recruiting-reports' ),
			type: 'date',
			filterBy: { operators: [ 'between' ], isPrimary: true },
			getValue: ( { item } ) => item.applied_at,
			render: ( { item } ) => <SiteTime iso={ item.applied_at } />,
		},
		{
			id: 'hired_at',
			label: __( 'Hired', 'recruiting-reports' ),
			type: 'date',
			enableSorting: false,
			filterBy: { operators: [ 'between' ] },
			getValue: ( { item } ) => item.stage_entered_at.hired ?? '',
			render: ( { item } ) =>
				item.stage_entered_at.hired ? (
					<SiteTime iso={ item.stage_entered_at.hired } />
				) : (
					<span>—</span>
				),
		},
		stageFilter(
			'reached',
			__( 'Reached stage', 'recruiting-reports' ),
			'is'
		),
		stageFilter(
			'entered',
			__( 'Entered stages', 'recruiting-reports' ),
			'isAll'
		),
		{
			id: 'updated_at',
			label: __( 'Last change', 'recruiting-reports' ),
			type: 'date',
			filterBy: false,
			getValue: ( { item } ) => item.updated_at,
			render: ( { item } ) => <SiteTime iso={ item.updated_at } />,
		},
		{
			id: 'rating',
			label: __( 'Rating', 'recruiting-reports' ),
			enableSorting: false,
			filterBy: false,
			getValue: ( { item } ) => item.rating.average ?? 0,
			render: ( { item } ) => (
				<span>
					{ ratingText( item.rating.average, item.rating.count ) }
				</span>
			),
		},
	];
}

/**
 * The reason it was rejected or withdrawn, the days in its current stage, and the stale filter.
 * @param reasonElements The rejection and withdrawal reasons to filter by.
 */
function waitingFields(
	reasonElements: Array< { value: string; label: string } >
): Field< Application >[] {
	return [
		{
			id: 'reason',
			label: __( 'Reason', 'recruiting-reports' ),
			type: 'text',
			enableSorting: false,
			elements: reasonElements,
			filterBy: { operators: [ 'is' ] },
			getValue: ( { item } ) => item.reason?.id ?? '',
			render: ( { item } ) => <span>{ item.reason?.label ?? '' }</span>,
		},
		{
			id: 'days_in_stage',
			label: __( 'Days in stage', 'recruiting-reports' ),
			type: 'integer',
			filterBy: false,
			getValue: ( { item } ) => item.days_in_stage ?? -1,
			render: ( { item } ) =>
				item.days_in_stage === null ? (
					<span>—</span>
				) : (
					<span className="rr-apps__days">
						{ item.days_in_stage }
						{ item.stale && (
							<span className="rr-stale">
								{ __( 'stale', 'recruiting-reports' ) }
							</span>
						) }
					</span>
				),
		},
		{
			id: 'stale',
			label: __( 'Waiting', 'recruiting-reports' ),
			type: 'text',
			enableSorting: false,
			enableHiding: false,
			elements: [
				{
					value: 'true',
					label: __(
						'Stale (past the stage’s days)',
						'recruiting-reports'
					),
				},
				{
					value: 'false',
					label: __( 'Open, not stale', 'recruiting-reports' ),
				},
			],
			filterBy: { operators: [ 'is' ] },
			getValue: () => '',
			render: () => null,
			isVisible: () => false,
		},
	];
}

/**
 * A job as a choice of the job filter: its title, with its status unless it is published.
 * @param job The job.
 */
function jobElement( job: Job ) {
	return {
		value: job.id,
		label:
			job.status === 'publish'
				? job.title
				: sprintf(
						/* translators: 1: job title, 2: job status (Draft, Closed). */
						__( '%1$s (%2$s)', 'recruiting-reports' ),
						job.title,
						job.status === 'closed'
							? __( 'Closed', 'recruiting-reports' )
							: __( 'Draft', 'recruiting-reports' )
					),
	};
}

/**
 * What the user's choice of layout, columns and page size remembers.
 * @param next       The view chosen.
 * @param remembered What was remembered.
 */
function rememberedOf( next: View, remembered: Remembered ): Remembered {
	return {
		type: next.type === 'list' ? 'list' : 'table',
		fields: next.fields ?? remembered.fields,
		perPage: next.perPage ?? remembered.perPage,
	};
}

/**
 * The filters of a view chosen: a new filter, search or page size starts again on the first page.
 * @param next        The view chosen.
 * @param filters     The filters before.
 * @param pageResized Whether the page size changed.
 */
function filtersOfView(
	next: View,
	filters: ApplicationFilters,
	pageResized: boolean
): ApplicationFilters {
	const nextFilters = filtersFromView( next );
	const { page: _page, ...rest } = nextFilters;
	const { page: _oldPage, ...oldRest } = filters;
	if ( JSON.stringify( rest ) !== JSON.stringify( oldRest ) || pageResized ) {
		nextFilters.page = 1;
	}
	return nextFilters;
}

/**
 * The CSV export of the applications the filters select (every page).
 * @param filters  The list's filters.
 * @param timezone The site's timezone.
 */
function exportUrlFor( filters: ApplicationFilters, timezone: string ): string {
	return restLink(
		'applications',
		new URLSearchParams( {
			...Object.fromEntries(
				Object.entries(
					filtersToQuery( filters, 100, timezone )
				).filter(
					( [ key, value ] ) =>
						value !== undefined &&
						! [ 'page', 'per_page', 'status' ].includes( key )
				)
			),
			...( filters.status.length
				? { status: filters.status.join( ',' ) }
				: {} ),
			format: 'csv',
		} as Record< string, string > )
	);
}

/**
 * The count of applications found, and their CSV export.
 * @param props
 * @param props.total     Applications found (undefined while loading).
 * @param props.exportUrl Their CSV.
 */
function ListHeader( {
	total,
	exportUrl,
}: {
	total: number | undefined;
	exportUrl: string;
} ) {
	const [ exportError, setExportError ] = useState( '' );
	return (
		<>
			<p
				className="rr-apps__count"
				aria-live="polite"
				data-total={ total ?? '' }
			>
				{ total !== undefined
					? sprintf(
							/* translators: %s: number of applications. */
							_n(
								'%s application',
								'%s applications',
								total,
								'recruiting-reports'
							),
							formatCount( total )
						)
					: '' }
			</p>
			<Button
				variant="secondary"
				size="compact"
				href={ exportUrl }
				onClick={ onCsvClick( 'applications.csv', setExportError ) }
				className="rr-apps__export"
			>
				{ __( 'Export CSV', 'recruiting-reports' ) }
			</Button>
			{ exportError && (
				<span className="rr-apps__export-error" role="alert">
					{ exportError }
				</span>
			) }
		</>
	);
}

/**
 * What an empty list says: no match for the filters (with a way back), or how applications get in.
 * @param props
 * @param props.filtered Whether filters are set.
 */
function NoApplications( { filtered }: { filtered: boolean } ) {
	const config = getConfig();
	return filtered ? (
		<p>
			{ __(
				'No applications match these filters.',
				'recruiting-reports'
			) }{ ' ' }
			<a href={ applicationsUrl( config.applicationsUrl, {} ) }>
				{ __( 'Show all applications', 'recruiting-reports' ) }
			</a>
		</p>
	) : (
		<EmptySite />
	);
}

export function ApplicationsList( { filters, onChangeFilters }: Props ) {
	const config = getConfig();
	const stored = useSelect(
		( select ) =>
			select( preferencesStore ).get( PREFERENCES_SCOPE, 'view' ) as
				Partial< Remembered > | undefined,
		[]
	);
	const remembered: Remembered = { ...DEFAULT_REMEMBERED, ...stored };
	const { set } = useDispatch( preferencesStore );

	const jobs = useResource< Page< Job > >( 'getJobs', [
		{ per_page: 100, orderby: 'title', order: 'asc' },
	] );
	const query = filtersToQuery(
		filters,
		remembered.perPage,
		config.timezone
	);
	const list = useResource< Page< Application > >( 'getApplications', [
		query,
	] );

	const jobElements = useMemo(
		() => ( jobs.data?.items ?? [] ).map( jobElement ),
		[ jobs.data ]
	);

	const reasonElements = useMemo(
		() =>
			( [ 'rejected', 'withdrawn' ] as const ).flatMap( ( exit ) =>
				config.reasons[ exit ].map( ( reason ) => ( {
					value: reason.id,
					label: sprintf(
						/* translators: 1: reason, 2: Rejected or Withdrawn. */
						__( '%1$s (%2$s)', 'recruiting-reports' ),
						reason.label,
						statusLabel( exit )
					),
				} ) )
			),
		[ config.reasons ]
	);

	const viewUrl = useCallback(
		( item: Application ) =>
			`${ config.applicationsUrl }&application=${ item.id }&${ new URLSearchParams(
				filtersToParams( filters )
			).toString() }`,
		[ config.applicationsUrl, filters ]
	);

	const fields = useMemo(
		() => applicationFields( jobElements, reasonElements, viewUrl ),
		[ jobElements, reasonElements, viewUrl ]
	);

	const view = viewFromFilters( filters, remembered );
	const onChangeView = ( next: View ) => {
		const nextRemembered = rememberedOf( next, remembered );
		if (
			JSON.stringify( nextRemembered ) !== JSON.stringify( remembered )
		) {
			set( PREFERENCES_SCOPE, 'view', nextRemembered );
		}
		onChangeFilters(
			filtersOfView(
				next,
				filters,
				nextRemembered.perPage !== remembered.perPage
			)
		);
	};

	if ( list.error ) {
		return (
			<ErrorState
				error={ list.error }
				onRetry={ list.retry }
				context={ __(
					'The applications could not be loaded.',
					'recruiting-reports'
				) }
			/>
		);
	}

	const isFiltered =
		JSON.stringify( filtersToParams( { ...filters, page: 1 } ) ) !== '{}';
	const exportUrl = exportUrlFor( filters, config.timezone );

	return (
		<div className="rr-apps">
			<DataViews< Application >
				data={ list.data?.items ?? [] }
				fields={ fields }
				view={ view }
				onChangeView={ onChangeView }
				isLoading={ list.loading || list.busy }
				paginationInfo={ {
					totalItems: list.data?.total ?? 0,
					totalPages: list.data?.totalPages ?? 0,
				} }
				defaultLayouts={ { table: {}, list: {} } }
				getItemId={ ( item ) => String( item.id ) }
				searchLabel={ __( 'Search candidates', 'recruiting-reports' ) }
				config={ { perPageSizes: [ 10, 20, 50, 100 ] } }
				header={
					<ListHeader
						total={ list.data?.total }
						exportUrl={ exportUrl }
					/>
				}
				empty={ <NoApplications filtered={ isFiltered } /> }
			/>
		</div>
	);
}
