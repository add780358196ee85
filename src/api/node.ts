/**
 * The transport for code outside WordPress (Node 18+, scripts, other servers): plain fetch
 * with an application password (HTTP Basic) or a plugin API key (X-Recruiting-API-Key).
 *
 *     import { createNodeClient } from './api/node';
 *     const client = createNodeClient( {
 *         siteUrl: 'https://example.com',
 *         auth: { apiKey: process.env.RECRUITING_API_KEY },
 *     } );
 *     const overview = await client.reports.overview( { date_from: '2025-01-01' } );
 */
import { createClient, type Client } from './client';
import { errorFromResponse, toApiError } from './errors';
import { buildPath, type Transport } from './transport';

export type NodeAuth =
	{ user: string; applicationPassword: string } | { apiKey: string } | null;

export interface NodeClientOptions {
	/** The site's address, e.g. `https://example.com` (the REST root is `<siteUrl>/wp-json`). */
	siteUrl?: string;
	/** The REST root when it is not `<siteUrl>/wp-json`, e.g. `https://example.com/?rest_route=`. */
	restRoot?: string;
	auth: NodeAuth;
	/** Defaults to the global fetch. */
	fetch?: typeof fetch;
	/** Extra headers for every request. */
	headers?: Record< string, string >;
}

function base64( text: string ): string {
	if ( typeof Buffer !== 'undefined' ) {
		return Buffer.from( text, 'utf8' ).toString( 'base64' );
	}
	const bytes = new TextEncoder().encode( text );
	let binary = '';
	bytes.forEach( ( byte ) => ( binary += String.fromCharCode( byte ) ) );
	return btoa( binary );
}

export function authHeaders( auth: NodeAuth ): Record< string, string > {
	if ( ! auth ) {
		return {};
	}
	if ( 'apiKey' in auth ) {
		return { 'X-Recruiting-API-Key': auth.apiKey };
	}
	return {
		Authorization: `Basic ${ base64(
			`${ auth.user }:${ auth.applicationPassword }`
		) }`,
	};
}

/**
 * Joins the REST root and a path; a `?rest_route=` root takes the query with `&`.
 * @param root
 * @param pathAndQuery
 */
export function restUrl( root: string, pathAndQuery: string ): string {
	if ( root.includes( 'rest_route=' ) ) {
		return root + pathAndQuery.replace( '?', '&' );
	}
	return root.replace( /\/+$/, '' ) + pathAndQuery;
}

export function createFetchTransport( options: NodeClientOptions ): Transport {
	const root =
		options.restRoot ??
		`${ ( options.siteUrl ?? '' ).replace( /\/+$/, '' ) }/wp-json`;
	if ( ! options.restRoot && ! options.siteUrl ) {
		throw new Error(
			'createFetchTransport: siteUrl or restRoot is required'
		);
	}
	const doFetch = options.fetch ?? globalThis.fetch;
	return async < T >( request: Parameters< Transport >[ 0 ] ) => {
		const headers: Record< string, string > = {
			Accept: 'application/json',
			...options.headers,
			...authHeaders( options.auth ),
		};
		let body: string | undefined;
		if ( request.body !== undefined ) {
			body = JSON.stringify( request.body );
			headers[ 'Content-Type' ] = 'application/json';
		}
		let response: Response;
		try {
			response = await doFetch(
				restUrl( root, buildPath( request.path, request.query ) ),
				{
					method: request.method,
					headers,
					body,
					signal: request.signal,
				}
			);
		} catch ( thrown ) {
			if ( ( thrown as Error )?.name === 'AbortError' ) {
				throw thrown;
			}
			throw toApiError( thrown );
		}
		const text = await response.text();
		let json: unknown;
		try {
			json = text === '' ? null : JSON.parse( text );
		} catch {
			json = undefined;
		}
		if (
			! response.ok ||
			( json === undefined && request.responseType !== 'text' )
		) {
			throw errorFromResponse( response.status, json, text );
		}
		return {
			data: ( request.responseType === 'text' ? text : json ) as T,
			status: response.status,
			headers: response.headers,
		};
	};
}

export function createNodeClient( options: NodeClientOptions ): Client {
	return createClient( createFetchTransport( options ) );
}

export * from './client';
export * from './errors';
export * from './types';
