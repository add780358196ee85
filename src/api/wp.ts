/**
 * The transport used inside WordPress: @wordpress/api-fetch, which carries the logged-in
 * user's nonce (wp-admin and the block editor register the nonce and root-URL middlewares).
 */
import apiFetch from '@wordpress/api-fetch';

import { createClient } from './client';
import { errorFromResponse, toApiError } from './errors';
import { buildPath, type Transport } from './transport';

interface ResponseLike {
	status: number;
	headers: Headers;
	text: () => Promise< string >;
}

function isResponseLike( value: unknown ): value is ResponseLike {
	return (
		!! value &&
		typeof value === 'object' &&
		typeof ( value as ResponseLike ).status === 'number' &&
		typeof ( value as ResponseLike ).text === 'function'
	);
}

async function readBody( response: ResponseLike ) {
	const text = await response.text();
	if ( text === '' ) {
		return { text, json: null };
	}
	try {
		return { text, json: JSON.parse( text ) as unknown };
	} catch {
		return { text, json: undefined };
	}
}

export const apiFetchTransport: Transport = async < T >(
	request: Parameters< Transport >[ 0 ]
) => {
	let response: ResponseLike;
	try {
		// parse: false keeps the headers (X-WP-Total, X-Recruiting-Cache).
		response = ( await apiFetch( {
			path: buildPath( request.path, request.query ),
			method: request.method,
			data: request.body as Record< string, unknown > | undefined,
			parse: false,
			signal: request.signal,
		} ) ) as ResponseLike;
	} catch ( thrown ) {
		if ( ( thrown as Error )?.name === 'AbortError' ) {
			throw thrown;
		}
		if ( isResponseLike( thrown ) ) {
			const { text, json } = await readBody( thrown );
			throw errorFromResponse( thrown.status, json, text );
		}
		throw toApiError( thrown );
	}
	const { text, json } = await readBody( response );
	if ( json === undefined && request.responseType !== 'text' ) {
		throw errorFromResponse( response.status, undefined, text );
	}
	return {
		data: ( request.responseType === 'text' ? text : json ) as T,
		status: response.status,
		headers: response.headers,
	};
};

/** The client for code running inside wp-admin or the block editor. */
export const api = createClient( apiFetchTransport );
