/**
 * One error type for everything the client can fail with, carrying the server's message.
 */
import type { ErrorCode, RestErrorBody } from './types';

export class ApiError extends Error {
	/** The server's `code`, or `network_error` / `invalid_response` for failures before a REST answer. */
	readonly code: ErrorCode;
	/** HTTP status; 0 when no response arrived. */
	readonly status: number;
	readonly data: RestErrorBody[ 'data' ];

	constructor(
		message: string,
		code: ErrorCode,
		status: number,
		data?: RestErrorBody[ 'data' ]
	) {
		super( message );
		this.name = 'ApiError';
		this.code = code;
		this.status = status;
		this.data = data ?? null;
	}

	/** Per-field messages of a 400 `rest_invalid_param`, if any. */
	get params(): Record< string, string > {
		const params = this.data?.params;
		return params && typeof params === 'object' ? params : {};
	}
}

export function isRestErrorBody( value: unknown ): value is RestErrorBody {
	return (
		!! value &&
		typeof value === 'object' &&
		typeof ( value as RestErrorBody ).code === 'string' &&
		typeof ( value as RestErrorBody ).message === 'string'
	);
}

/**
 * Builds an ApiError from a parsed (or unparsable) error response.
 *
 * @param status HTTP status.
 * @param body   Parsed JSON body, or undefined when the body was not JSON.
 * @param text   Raw body text, used when the body is not a REST error.
 */
export function errorFromResponse(
	status: number,
	body: unknown,
	text = ''
): ApiError {
	if ( isRestErrorBody( body ) ) {
		const data =
			body.data && typeof body.data === 'object' ? body.data : {};
		return new ApiError(
			body.message,
			body.code,
			typeof data.status === 'number' ? data.status : status,
			data
		);
	}
	const snippet = text
		.replace( /<[^>]*>/g, ' ' )
		.replace( /\s+/g, ' ' )
		.trim();
	return new ApiError(
		snippet
			? `HTTP ${ status }: ${ snippet.slice( 0, 200 ) }`
			: `HTTP ${ status }: the server sent no usable answer.`,
		'invalid_response',
		status
	);
}

/**
 * Normalises anything thrown (ApiError, a REST error body, a TypeError from fetch) into an ApiError.
 * @param error
 */
export function toApiError( error: unknown ): ApiError {
	if ( error instanceof ApiError ) {
		return error;
	}
	if ( isRestErrorBody( error ) ) {
		return errorFromResponse( 0, error );
	}
	if ( error instanceof Error ) {
		return new ApiError( error.message, 'network_error', 0 );
	}
	return new ApiError( String( error ), 'network_error', 0 );
}
