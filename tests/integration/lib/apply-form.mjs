// The site's apply form as a visitor without JavaScript uses it (shared by the careers-apply and careers-mail suites).

/** A small valid PDF (the form checks the type from the content). */
export const PDF = Buffer.from( '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n' );

/** A job page as a visitor gets it, with its form's time token. */
export async function page( url ) {
	const response = await fetch( url );
	const html = await response.text();
	return { status: response.status, html, token: html.match( /name="rr_token" value="([^"]+)"/ )?.[ 1 ] };
}

/**
 * Posts the form (multipart, as a browser does) to a page; returns the status, the redirect and the page.
 * @param {string} url      Where the form is posted.
 * @param {object} fields   Fields over the defaults (null leaves one out).
 * @param {object} options  jobId (required), tokenUrl (the page the token comes from; default url), file, name, type,
 *                          headers (`Accept: application/json` is how the view script asks for a JSON answer).
 */
export async function submitApplication( url, fields, { jobId, tokenUrl = url, file = PDF, name = 'cv.pdf', type = 'application/pdf', headers = {} } ) {
	const { token } = await page( tokenUrl );
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
