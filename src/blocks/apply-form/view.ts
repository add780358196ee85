/**
 * The apply form's view script (build/apply-form-view.js), loaded on every front-end page; it imports no
 * WordPress package. The first page of a visit records where the candidate came from — utm_source, utm_medium,
 * utm_campaign and an external referrer — in sessionStorage (no cookie); a page with the apply form copies that
 * into its hidden fields (the server maps a referrer to a source), focuses the error summary of a refused
 * submission, and checks and sends the form without a reload (./form.ts).
 */
import { enhance } from './form';

const KEY = 'recruiting-reports-landing';

type Landing = Record< string, string >;

function landing(): Landing | null {
	try {
		const stored = window.sessionStorage.getItem( KEY );
		if ( stored ) {
			return JSON.parse( stored ) as Landing;
		}
		const query = new URLSearchParams( window.location.search );
		let referrer = '';
		if ( document.referrer ) {
			const from = new URL( document.referrer );
			referrer = from.host === window.location.host ? '' : from.href;
		}
		const entry: Landing = { rr_referrer: referrer };
		for ( const param of [ 'utm_source', 'utm_medium', 'utm_campaign' ] ) {
			entry[ `rr_${ param }` ] = ( query.get( param ) ?? '' ).slice(
				0,
				100
			);
		}
		window.sessionStorage.setItem( KEY, JSON.stringify( entry ) );
		return entry;
	} catch {
		return null; // Storage blocked: the fields keep what the server put there.
	}
}

function fill( entry: Landing ) {
	// The landing page's utm_source wins; without one, its referrer (utm_medium/campaign go with the source).
	const from = entry.rr_utm_source
		? entry
		: { rr_referrer: entry.rr_referrer };
	for ( const form of document.querySelectorAll< HTMLFormElement >(
		'.rr-apply__form'
	) ) {
		for ( const [ name, value ] of Object.entries( from ) ) {
			const input = form.elements.namedItem( name );
			if ( input instanceof HTMLInputElement && value && ! input.value ) {
				input.value = value;
			}
		}
	}
}

const entry = landing();
if ( entry ) {
	fill( entry );
}
document.querySelector< HTMLElement >( '.rr-apply__errors' )?.focus();
for ( const form of document.querySelectorAll< HTMLFormElement >(
	'.rr-apply__form'
) ) {
	enhance( form );
}
