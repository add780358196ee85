/**
 * What a screen says about a failed request. The server's own message is shown as it is, except
 * when it is not a message at all: a page of HTML (WordPress's "Error establishing a database
 * connection", a proxy's 502 page) or an answer that is not JSON. Those become one plain sentence
 * with the HTTP status, never markup or a page's text run together.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { ApiError } from '../api/errors';

const MARKUP = /<\/?[a-z][^>]*>/i;

export function errorText( error: ApiError | Error ): string {
	const { code, status } = error as Partial< ApiError >;
	if ( code !== 'invalid_response' && ! MARKUP.test( error.message ) ) {
		return error.message;
	}
	return status && status >= 400
		? sprintf(
				/* translators: %d: HTTP status code, e.g. 500. */
				__(
					'The server answered with an error (HTTP %d).',
					'recruiting-reports'
				),
				status
			)
		: __(
				'The server’s answer could not be read. Try again, or ask the site’s administrator to check the server’s error log.',
				'recruiting-reports'
			);
}
