/**
 * Typed functions for every recruiting/v1 route, over any Transport.
 *
 *     const client = createClient( transport );
 *     const overview = await client.reports.overview( { date_from: '2025-01-01' } );
 *
 * Every function resolves with the response body (lists with their pagination headers) or
 * rejects with an ApiError carrying the server's code, status and message.
 */
import type { Transport, TransportRequest } from './transport';
import type {
	Job,
	JobListQuery,
	OverviewReport,
	Page,
	ReportByName,
	ReportName,
	ReportQuery,
	TimeToHireReport,
} from './types';

export interface CallOptions {
	signal?: AbortSignal;
}

export interface ReportResult< T > {
	data: T;
	/** `X-Recruiting-Cache`: whether the server answered from its report cache. */
	cache: 'hit' | 'miss' | null;
}

function headerNumber( headers: Headers, name: string, fallback: number ) {
	const value = Number( headers.get( name ) );
	return Number.isFinite( value ) && headers.get( name ) !== null
		? value
		: fallback;
}

function reportQuery( query: ReportQuery = {} ): TransportRequest[ 'query' ] {
	return {
		date_from: query.date_from,
		date_to: query.date_to,
		job_id: query.job_id ? query.job_id : undefined,
	};
}

export function createClient( transport: Transport ) {
	const call = async < T >( request: TransportRequest ): Promise< T > =>
		( await transport< T >( request ) ).data;

	const list = async < T >(
		request: TransportRequest
	): Promise< Page< T > > => {
		const response = await transport< T[] >( request );
		const items = Array.isArray( response.data ) ? response.data : [];
		return {
			items,
			total: headerNumber( response.headers, 'X-WP-Total', items.length ),
			totalPages: headerNumber( response.headers, 'X-WP-TotalPages', 1 ),
		};
	};

	async function report< N extends ReportName >(
		name: N,
		query: ReportQuery = {},
		options: CallOptions = {}
	): Promise< ReportResult< ReportByName[ N ] > > {
		const response = await transport< ReportByName[ N ] >( {
			method: 'GET',
			path: `/reports/${ name }`,
			query: reportQuery( query ),
			signal: options.signal,
		} );
		const cache = response.headers.get( 'X-Recruiting-Cache' );
		return {
			data: response.data,
			cache: cache === 'hit' || cache === 'miss' ? cache : null,
		};
	}

	return {
		transport,
		call,
		list,
		jobs: {
			list: ( query: JobListQuery = {}, options: CallOptions = {} ) =>
				list< Job >( {
					method: 'GET',
					path: '/jobs',
					query: { ...query },
					signal: options.signal,
				} ),
			get: ( id: number, options: CallOptions = {} ) =>
				call< Job >( {
					method: 'GET',
					path: `/jobs/${ id }`,
					signal: options.signal,
				} ),
		},
		reports: {
			run: report,
			overview: async (
				query?: ReportQuery,
				options?: CallOptions
			): Promise< OverviewReport > =>
				( await report( 'overview', query, options ) ).data,
			timeToHire: async (
				query?: ReportQuery,
				options?: CallOptions
			): Promise< TimeToHireReport > =>
				( await report( 'time-to-hire', query, options ) ).data,
		},
	};
}

export type Client = ReturnType< typeof createClient >;
