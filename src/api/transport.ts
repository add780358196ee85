/**
 * A transport sends one REST request to recruiting/v1 and returns the parsed JSON and headers,
 * or throws an ApiError. The typed functions of client.ts run over any transport: api-fetch
 * inside WordPress (wp.ts), fetch with an application password or API key from Node (node.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | undefined | null;

export interface TransportRequest {
	method: HttpMethod;
	/** Path below the namespace, e.g. `/reports/overview`. */
	path: string;
	query?: Record< string, QueryValue | QueryValue[] >;
	/** Sent as JSON. */
	body?: unknown;
	signal?: AbortSignal;
	/** `text`: the body is returned as it is (CSV), not parsed as JSON. Errors are JSON either way. */
	responseType?: 'json' | 'text';
}

export interface TransportResponse< T > {
	data: T;
	status: number;
	headers: Headers;
}

export type Transport = < T >(
	request: TransportRequest
) => Promise< TransportResponse< T > >;

export const NAMESPACE = 'recruiting/v1';

/**
 * `/recruiting/v1/reports/overview?date_from=…` (query keys sorted; empty values left out).
 * @param path
 * @param query
 */
export function buildPath(
	path: string,
	query: TransportRequest[ 'query' ] = {}
): string {
	const params = new URLSearchParams();
	for ( const key of Object.keys( query ).sort() ) {
		const value = query[ key ];
		const values = Array.isArray( value ) ? value : [ value ];
		for ( const item of values ) {
			if ( item === undefined || item === null || item === '' ) {
				continue;
			}
			params.append(
				Array.isArray( value ) ? `${ key }[]` : key,
				String( item )
			);
		}
	}
	const search = params.toString();
	return `/${ NAMESPACE }${ path }${ search ? `?${ search }` : '' }`;
}
