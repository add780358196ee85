/**
 * Plain links into the plugin's REST API (downloads), for both permalink styles: `/wp-json/recruiting/v1/`
 * and `?rest_route=/recruiting/v1/` (where the query string already started).
 */
import { getConfig } from '../../config';

export function restLink( path: string, params?: URLSearchParams ): string {
	const url = getConfig().restUrl + path;
	const query = params?.toString();
	if ( ! query ) {
		return url;
	}
	return url + ( url.includes( '?' ) ? '&' : '?' ) + query;
}
