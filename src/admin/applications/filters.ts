/**
 * The Applications list's filters and their two forms: the page URL (so a filtered list, e.g. a report's
 * drill-down, can be bookmarked and shared) and the GET /applications query. Periods are calendar dates
 * in the site's timezone, like the reports' periods, and become UTC instants only for the query, so the
 * list holds exactly the applications a report counted for the same dates.
 */
import {
	APPLICATION_STATUSES,
	PIPELINE_STAGES,
	type ApplicationListQuery,
	type ApplicationStatus,
	type PipelineStage,
} from '../../api/types';
import { isIsoDate } from '../../reports/periods';
import { siteMidnight } from './timezone';

/** status_since ascending: waiting longest first. */
export type SortField = 'applied_at' | 'updated_at' | 'id' | 'status_since';

export interface ApplicationFilters {
	job_id?: number;
	status: ApplicationStatus[];
	source?: string;
	/** Applied on or after / on or before these site dates (inclusive). */
	applied_from?: string;
	applied_to?: string;
	/** Hired on or after / on or before these site dates (inclusive), for the time-to-hire drill-downs. */
	hired_from?: string;
	hired_to?: string;
	/** Has ever reached this stage (the conversion drill-down). */
	reached?: PipelineStage;
	/** Has entered every one of these stages (the days-between-stages drill-down). */
	entered?: PipelineStage[];
	/** Last changed before this instant (ISO 8601), and anonymised or not: a retention rule's selection. */
	updated_before?: string;
	anonymised?: boolean;
	/** Now rejected or withdrawn with this reason (its id). */
	reason?: string;
	/** Open and past the stage's threshold (true), or open and not yet (false). */
	stale?: boolean;
	search: string;
	orderby: SortField;
	order: 'asc' | 'desc';
	page: number;
}

const SORT_FIELDS: SortField[] = [
	'applied_at',
	'updated_at',
	'id',
	'status_since',
];

/**
 * Pipeline stages from a comma-separated list (unknown names dropped), or undefined when none.
 * @param list The list.
 */
function stages( list: string | null ): PipelineStage[] | undefined {
	const found = ( list ?? '' )
		.split( ',' )
		.filter( ( stage ): stage is PipelineStage =>
			( PIPELINE_STAGES as readonly string[] ).includes( stage )
		);
	return found.length ? found : undefined;
}

/**
 * true, false, or undefined for anything else.
 * @param value A query argument.
 */
function flag( value: string | null ): boolean | undefined {
	return value === 'true' || value === 'false' ? value === 'true' : undefined;
}

/**
 * Reads the filters from the page URL's query string; anything malformed is ignored.
 * @param search location.search
 */
export function filtersFromUrl( search: string ): ApplicationFilters {
	const params = new URLSearchParams( search );
	const date = ( key: string ) => {
		const value = params.get( key ) ?? '';
		return isIsoDate( value ) ? value : undefined;
	};
	const job = Number( params.get( 'job_id' ) );
	const page = Number( params.get( 'paged' ) );
	const reached = params.get( 'reached' ) as PipelineStage;
	const orderby = params.get( 'orderby' ) as SortField;
	const updatedBefore = params.get( 'updated_before' ) ?? '';
	return {
		job_id: Number.isInteger( job ) && job > 0 ? job : undefined,
		status: ( params.get( 'status' ) ?? '' )
			.split( ',' )
			.filter( ( status ): status is ApplicationStatus =>
				( APPLICATION_STATUSES as readonly string[] ).includes( status )
			),
		source: params.get( 'source' )?.trim() || undefined,
		applied_from: date( 'applied_from' ),
		applied_to: date( 'applied_to' ),
		hired_from: date( 'hired_from' ),
		hired_to: date( 'hired_to' ),
		reached: PIPELINE_STAGES.includes( reached ) ? reached : undefined,
		entered: stages( params.get( 'entered' ) ),
		updated_before: Number.isNaN( Date.parse( updatedBefore ) )
			? undefined
			: updatedBefore,
		anonymised: flag( params.get( 'anonymised' ) ),
		reason: /^[a-z0-9]+(-[a-z0-9]+)*$/.test( params.get( 'reason' ) ?? '' )
			? ( params.get( 'reason' ) ?? undefined )
			: undefined,
		stale: flag( params.get( 'stale' ) ),
		search: params.get( 's' ) ?? '',
		orderby: SORT_FIELDS.includes( orderby ) ? orderby : 'applied_at',
		order: params.get( 'order' ) === 'asc' ? 'asc' : 'desc',
		page: Number.isInteger( page ) && page > 0 ? page : 1,
	};
}

/**
 * The URL query arguments of some filters (defaults left out), without the page slug.
 * @param filters The filters.
 */
export function filtersToParams(
	filters: Partial< ApplicationFilters >
): Record< string, string > {
	const out: Record< string, string > = {};
	const put = ( key: string, value: unknown ) => {
		if ( value !== undefined && value !== null && value !== '' ) {
			out[ key ] = String( value );
		}
	};
	put( 'job_id', filters.job_id );
	put( 'status', filters.status?.join( ',' ) );
	put( 'source', filters.source );
	put( 'applied_from', filters.applied_from );
	put( 'applied_to', filters.applied_to );
	put( 'hired_from', filters.hired_from );
	put( 'hired_to', filters.hired_to );
	put( 'reached', filters.reached );
	put( 'entered', filters.entered?.join( ',' ) );
	put( 'updated_before', filters.updated_before );
	put( 'anonymised', filters.anonymised );
	put( 'reason', filters.reason );
	put( 'stale', filters.stale );
	put( 's', filters.search );
	if ( filters.orderby && filters.orderby !== 'applied_at' ) {
		put( 'orderby', filters.orderby );
	}
	if ( filters.order === 'asc' ) {
		put( 'order', 'asc' );
	}
	if ( filters.page && filters.page > 1 ) {
		put( 'paged', filters.page );
	}
	return out;
}

/**
 * The Applications page URL for some filters (used by every drill-down link).
 * @param base    The page's URL (admin.php?page=recruiting-reports-applications).
 * @param filters The filters.
 */
export function applicationsUrl(
	base: string,
	filters: Partial< ApplicationFilters >
): string {
	const query = new URLSearchParams( filtersToParams( filters ) ).toString();
	return query ? `${ base }&${ query }` : base;
}

/**
 * The day after a `YYYY-MM-DD` date (the exclusive end of an inclusive period).
 * @param date The date.
 */
export function nextDay( date: string ): string {
	const day = new Date( `${ date }T00:00:00Z` );
	day.setUTCDate( day.getUTCDate() + 1 );
	return day.toISOString().slice( 0, 10 );
}

/**
 * The first and last day of a `YYYY-MM` month.
 * @param month The month.
 */
export function monthRange( month: string ): { from: string; to: string } {
	const first = new Date( `${ month }-01T00:00:00Z` );
	const last = new Date(
		Date.UTC( first.getUTCFullYear(), first.getUTCMonth() + 1, 0 )
	);
	return { from: `${ month }-01`, to: last.toISOString().slice( 0, 10 ) };
}

/**
 * The GET /applications query for some filters, in the site's timezone.
 * @param filters  The filters.
 * @param perPage  Page size.
 * @param timezone The site's timezone (IANA name or ±hh:mm).
 */
export function filtersToQuery(
	filters: ApplicationFilters,
	perPage: number,
	timezone: string
): ApplicationListQuery {
	const instant = ( date?: string, exclusiveEnd = false ) =>
		date
			? siteMidnight( exclusiveEnd ? nextDay( date ) : date, timezone )
			: undefined;
	return {
		job_id: filters.job_id,
		status: filters.status.length ? filters.status : undefined,
		source: filters.source,
		applied_after: instant( filters.applied_from ),
		applied_before: instant( filters.applied_to, true ),
		hired_after: instant( filters.hired_from ),
		hired_before: instant( filters.hired_to, true ),
		reached: filters.reached,
		entered: filters.entered,
		updated_before: filters.updated_before,
		anonymised: filters.anonymised,
		reason: filters.reason,
		stale: filters.stale,
		search: filters.search.trim() || undefined,
		orderby: filters.orderby,
		order: filters.order,
		page: filters.page,
		per_page: perPage,
	};
}
