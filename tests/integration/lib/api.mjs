// HTTP helpers for the integration suites: real requests to the WordPress the runner started.
// The runner passes the site in RR_BASE_URL and the admin's application password; tests never
// know which target (Playground or native) they run on.

const BASE_URL = ( process.env.RR_BASE_URL || '' ).replace( /\/$/, '' );
if ( ! BASE_URL ) {
	throw new Error( 'RR_BASE_URL is not set: run the suites through scripts/test-integration.mjs' );
}

export const site = {
	url: BASE_URL,
	adminUser: process.env.RR_ADMIN_USER || 'admin',
	adminAppPassword: process.env.RR_ADMIN_APP_PASSWORD || '',
};

export function basicAuth( user, password ) {
	return { Authorization: 'Basic ' + Buffer.from( `${ user }:${ password }` ).toString( 'base64' ) };
}

export const asAdmin = () => basicAuth( site.adminUser, site.adminAppPassword );

/**
 * One REST request. `path` is relative to /wp-json (for example '/recruiting/v1/jobs').
 * `body` objects are sent as JSON; strings are sent as they are (for malformed-JSON tests).
 * `auth` is a headers object (default: the admin's application password; pass {} for none).
 * `baseUrl` sends it to another web node of the site (the cluster suites); default RR_BASE_URL.
 */
export async function request( method, path, { body, auth = asAdmin(), headers = {}, query, baseUrl = BASE_URL } = {} ) {
	const url = new URL( baseUrl + '/wp-json' + path );
	for ( const [ key, value ] of Object.entries( query || {} ) ) {
		if ( value !== undefined && value !== null ) {
			url.searchParams.set( key, String( value ) );
		}
	}
	const init = { method, headers: { Accept: 'application/json', ...auth, ...headers } };
	if ( body !== undefined ) {
		init.body = typeof body === 'string' ? body : JSON.stringify( body );
		init.headers[ 'Content-Type' ] = 'application/json';
	}
	const response = await fetch( url, init );
	const text = await response.text();
	let json;
	try {
		json = text ? JSON.parse( text ) : null;
	} catch {
		json = undefined;
	}
	return { status: response.status, headers: response.headers, json, text };
}

export const get = ( path, options ) => request( 'GET', path, options );
export const post = ( path, body, options = {} ) => request( 'POST', path, { ...options, body } );
export const put = ( path, body, options = {} ) => request( 'PUT', path, { ...options, body } );
export const del = ( path, options ) => request( 'DELETE', path, options );

/** Fails with the response body in the message, so a failing test shows what the server said. */
export function expectStatus( response, status ) {
	if ( response.status !== status ) {
		throw new Error( `expected HTTP ${ status }, got ${ response.status }: ${ response.text.slice( 0, 2000 ) }` );
	}
	return response.json;
}

/** Asserts WordPress's REST error shape with the given status and code; returns the error body. */
export function expectError( response, status, code ) {
	const json = expectStatus( response, status );
	if ( ! json || json.code !== code || typeof json.message !== 'string' || ! json.message || json.data?.status !== status ) {
		throw new Error( `expected error ${ status } ${ code }, got: ${ response.text.slice( 0, 2000 ) }` );
	}
	return json;
}

/**
 * Deletes all plugin data and restores defaults (test-support mu-plugin). Retried when the route is
 * missing: on Playground the very first request after boot sometimes runs before the mu-plugin is
 * visible (rest_no_route); the next request sees it.
 */
export async function resetSite() {
	for ( let attempt = 1; ; attempt++ ) {
		const response = await post( '/recruiting-test/v1/reset', {} );
		if ( response.status === 200 || attempt === 3 || response.json?.code !== 'rest_no_route' ) {
			expectStatus( response, 200 );
			return;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 1000 ) );
	}
}

export async function siteState() {
	return expectStatus( await get( '/recruiting-test/v1/state' ), 200 );
}
