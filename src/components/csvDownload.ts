/**
 * Downloads a CSV from the plugin's REST API without putting the REST nonce in a URL (issue #23): a URL with
 * `_wpnonce` ends up in the browser's history and in server logs, and the nonce authenticates the user's cookie
 * for any REST request for hours. So a CSV link's href names the file's route without credentials, and a click
 * fetches it with the nonce in the `X-WP-Nonce` header and saves the answer as a Blob under the server's file name.
 */
import { getConfig } from '../config';

/**
 * The file name of a Content-Disposition header (`attachment; filename="…"`), else the fallback.
 * @param header
 * @param fallback
 */
export function dispositionFilename(
	header: string | null,
	fallback: string
): string {
	const match = /filename="?([^";]+)"?/i.exec( header ?? '' );
	return match ? match[ 1 ] : fallback;
}

/**
 * Fetches `url` with the REST nonce header and saves it; throws with the server's message when it refuses.
 * @param url      A REST URL without credentials.
 * @param fallback File name when the answer names none.
 */
export async function downloadCsv(
	url: string,
	fallback: string
): Promise< void > {
	const response = await fetch( url, {
		credentials: 'same-origin',
		headers: { 'X-WP-Nonce': getConfig().restNonce },
	} );
	if ( ! response.ok ) {
		const body = await response.json().catch( () => null );
		throw new Error( body?.message ?? `HTTP ${ response.status }` );
	}
	const blob = await response.blob();
	const objectUrl = URL.createObjectURL( blob );
	const anchor = document.createElement( 'a' );
	anchor.href = objectUrl;
	anchor.download = dispositionFilename(
		response.headers.get( 'Content-Disposition' ),
		fallback
	);
	document.body.append( anchor );
	anchor.click();
	anchor.remove();
	URL.revokeObjectURL( objectUrl );
}

/**
 * A click handler for a CSV link: the download above instead of following the href (which has no nonce).
 * @param fallback File name when the answer names none.
 * @param onError  Shown the error's message when the download fails.
 */
export function onCsvClick(
	fallback: string,
	onError: ( message: string ) => void
) {
	return ( event: {
		preventDefault: () => void;
		currentTarget: { getAttribute: ( name: string ) => string | null };
	} ) => {
		event.preventDefault();
		const href = event.currentTarget.getAttribute( 'href' ) ?? '';
		downloadCsv( href, fallback ).catch( ( error: Error ) =>
			onError( error.message )
		);
	};
}
