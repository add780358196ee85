// Credentials for the API suites: users with application passwords (made through the PHP bridge), API keys
// (made through the API as the admin, or directly for other owners), cookie logins with a REST nonce.

import { site, post, expectStatus, basicAuth } from './api.mjs';

const RUN_PHP_URL = process.env.RR_RUN_PHP_URL;
const MARKER = '@@RR-JSON@@';

/** Runs PHP inside the site (after wp-load.php, as the admin); returns stdout. */
export async function php( code ) {
	const response = await fetch( RUN_PHP_URL, { method: 'POST', body: code } );
	const text = await response.text();
	if ( response.status !== 200 ) {
		throw new Error( `PHP failed: ${ text.slice( 0, 3000 ) }` );
	}
	return text;
}

/** Runs PHP whose value (an expression) is returned as JSON. */
export async function phpValue( expression ) {
	const out = await php( `$rr_value = ( ${ expression } );\necho "\\n${ MARKER }" . wp_json_encode( $rr_value ) . "\\n";` );
	const at = out.lastIndexOf( MARKER );
	if ( at < 0 ) throw new Error( `no value printed: ${ out.slice( 0, 2000 ) }` );
	return JSON.parse( out.slice( at + MARKER.length ).split( '\n' )[ 0 ] );
}

export const phpString = ( value ) => `'${ String( value ).replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) }'`;

/**
 * A user with a role and an application password (an existing login is reused, with a fresh password).
 * @returns {Promise<{ id: number, login: string, password: string, appPassword: string, auth: object }>}
 */
export async function makeUser( login, role ) {
	const result = await phpValue( `( function () {
		$login = ${ phpString( login ) };
		$user  = get_user_by( 'login', $login );
		$id    = $user ? $user->ID : wp_insert_user( array( 'user_login' => $login, 'user_pass' => 'pw-' . $login, 'user_email' => $login . '@example.com', 'role' => ${ phpString( role ) }, 'display_name' => ucfirst( $login ) ) );
		if ( is_wp_error( $id ) ) { return array( 'error' => $id->get_error_message() ); }
		$created = WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'tests-' . wp_generate_password( 6, false ) ) );
		return array( 'id' => $id, 'appPassword' => $created[0] );
	} )()` );
	if ( result.error ) throw new Error( result.error );
	return { id: result.id, login, password: `pw-${ login }`, appPassword: result.appPassword, auth: basicAuth( login, result.appPassword ) };
}

/** An API key created through POST /api-keys as the admin. */
export async function makeKey( fields = {} ) {
	const body = { name: 'test key', permissions: [], ...fields };
	return expectStatus( await post( '/recruiting/v1/api-keys', body ), 201 );
}

/** An API key for any user, made in PHP (for owners who cannot use /api-keys themselves, or a past expiry). */
export async function makeKeyFor( userId, permissions, { environment = 'live', expiresAt = null, rateLimit = null, name = 'php key' } = {} ) {
	return phpValue( `( function () {
		$created = \\RecruitingReports\\Auth\\ApiKeys::create( ${ Number( userId ) }, ${ phpString( name ) }, ${ phpString( environment ) }, json_decode( ${ phpString( JSON.stringify( permissions ) ) }, true ), ${ expiresAt === null ? 'null' : Number( expiresAt ) }, ${ rateLimit === null ? 'null' : Number( rateLimit ) } );
		return array( 'key' => $created['key'], 'id' => (int) $created['row']['id'] );
	} )()` );
}

export const keyHeader = ( key ) => ( { 'X-Recruiting-API-Key': key } );

/**
 * Logs in through wp-login.php; returns the cookie header and a REST nonce for it. `baseUrl`: another WordPress than
 * the runner's (a test network's, lib/network.mjs).
 */
export async function cookieLogin( login = site.adminUser, password = process.env.RR_ADMIN_PASSWORD, baseUrl = site.url ) {
	const form = new URLSearchParams( { log: login, pwd: password, rememberme: 'forever', 'wp-submit': 'Log In', redirect_to: `${ baseUrl }/wp-admin/`, testcookie: '1' } );
	const response = await fetch( `${ baseUrl }/wp-login.php`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
		body: form,
	} );
	await response.arrayBuffer();
	const cookies = response.headers.getSetCookie().map( ( line ) => line.split( ';' )[ 0 ] ).filter( ( pair ) => ! pair.endsWith( '=deleted' ) && ! pair.endsWith( '=' ) );
	if ( ! cookies.some( ( pair ) => pair.startsWith( 'wordpress_logged_in_' ) ) ) {
		throw new Error( `login failed (HTTP ${ response.status }), cookies: ${ cookies.join( '; ' ) }` );
	}
	const cookie = cookies.join( '; ' );
	const nonceResponse = await fetch( `${ baseUrl }/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { Cookie: cookie } } );
	const nonce = ( await nonceResponse.text() ).trim();
	if ( nonceResponse.status !== 200 || ! /^[0-9a-f]{10}$/.test( nonce ) ) {
		throw new Error( `no REST nonce (HTTP ${ nonceResponse.status }): ${ nonce.slice( 0, 200 ) }` );
	}
	return { cookie, nonce };
}

/** Runs at most `limit` async jobs at a time; resolves with the results in order. */
export async function pool( items, limit, worker ) {
	const results = new Array( items.length );
	let next = 0;
	const run = async () => {
		while ( next < items.length ) {
			const index = next++;
			results[ index ] = await worker( items[ index ], index );
		}
	};
	await Promise.all( Array.from( { length: Math.min( limit, items.length ) }, run ) );
	return results;
}

/**
 * Waits, when the current hour (UTC) has less than a minute left, until the next one has begun: API keys are counted
 * in fixed one-hour windows that start on the hour (docs/api.md#api-keys), so a test that counts requests in one
 * window fails if a new window begins in the middle of it (seen once in CI, the parallel countdown at 07:00:00).
 */
export async function awayFromRateLimitWindowEdge() {
	const left = 3600_000 - ( Date.now() % 3600_000 );
	if ( left < 60_000 ) {
		await new Promise( ( resolve ) => setTimeout( resolve, left + 1000 ) );
	}
}
