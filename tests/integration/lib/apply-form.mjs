// The apply form as a visitor without JavaScript uses it (careers tests): its page with the time token, and a
// multipart POST of the form to a page.

import { php } from './credentials.mjs';

export const PDF = Buffer.from( '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n' );

/** Sets a test option (recruiting-test-apply.php turns it into the filter's value; '' = the plugin's default). */
export const setApplyOption = ( name, value ) => php( `update_option( 'recruiting_test_apply_${ name }', '${ value }' );` );

/** A job page as a visitor gets it, with its form's time token. */
export async function formPage( url ) {
	const response = await fetch( url );
	const html = await response.text();
	return { status: response.status, html, token: html.match( /name="rr_token" value="([^"]+)"/ )?.[ 1 ] };
}

/**
 * Posts the form (multipart, as a browser does) to a page, with a token from `tokenFrom`'s form; returns the status,
 * the redirect and the page.
 *
 * @param {string} url    Where to post.
 * @param {object} fields The form's fields over the defaults (null leaves one out).
 * @param {object} options file (bytes; null for none), name, type, jobId, tokenFrom (a page with an open job's form),
 *                        headers (`Accept: application/json` is how the view script asks for JSON).
 */
export async function applyTo( url, fields, { file = PDF, name = 'cv.pdf', type = 'application/pdf', jobId, tokenFrom, headers = {} } ) {
	const { token } = await formPage( tokenFrom );
	const form = new FormData();
	const values = { rr_apply: String( jobId ), rr_token: token, rr_name: 'Ada Lovelace', rr_email: 'ada@example.com', rr_phone: '', rr_cover_letter: 'Hello', rr_consent: '1', rr_website: '', rr_utm_source: '', rr_utm_medium: '', rr_utm_campaign: '', rr_referrer: '', ...fields };
	for ( const [ key, value ] of Object.entries( values ) ) {
		if ( value !== null ) {
			form.set( key, value );
		}
	}
	if ( file ) {
		form.set( 'rr_cv', new Blob( [ file ], { type } ), name );
	}
	const response = await fetch( url, { method: 'POST', body: form, redirect: 'manual', headers } );
	return { status: response.status, location: response.headers.get( 'location' ), html: await response.text() };
}
