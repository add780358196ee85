/**
 * Site-timezone arithmetic in the browser. The site's timezone (Settings › General) is an IANA name or a
 * fixed offset (`+02:00`); the browser's own timezone never matters. Intl knows every IANA zone's rules,
 * so midnight of a date before a daylight-saving change gets that date's offset, not today's.
 */

const OFFSET_RE = /^([+-])(\d{2}):?(\d{2})$/;

/**
 * Minutes east of UTC of a fixed offset such as `+05:30`, or null for an IANA name.
 * @param timezone The zone.
 */
function fixedOffset( timezone: string ): number | null {
	const match = OFFSET_RE.exec( timezone );
	if ( ! match ) {
		return timezone === 'UTC' ? 0 : null;
	}
	const minutes = Number( match[ 2 ] ) * 60 + Number( match[ 3 ] );
	return match[ 1 ] === '-' ? -minutes : minutes;
}

/**
 * Minutes east of UTC of an IANA zone at an instant.
 * @param timezone The zone.
 * @param at       The instant (ms).
 */
function zoneOffset( timezone: string, at: number ): number {
	const fixed = fixedOffset( timezone );
	if ( fixed !== null ) {
		return fixed;
	}
	const parts = new Intl.DateTimeFormat( 'en-US', {
		timeZone: timezone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	} ).formatToParts( new Date( at ) );
	const part = ( type: string ) =>
		Number( parts.find( ( item ) => item.type === type )?.value );
	const asUtc = Date.UTC(
		part( 'year' ),
		part( 'month' ) - 1,
		part( 'day' ),
		part( 'hour' ),
		part( 'minute' ),
		part( 'second' )
	);
	return Math.round( ( asUtc - Math.floor( at / 1000 ) * 1000 ) / 60000 );
}

/**
 * The UTC instant (ISO 8601, `Z`) at which a calendar date begins in the site's timezone.
 * @param date     `YYYY-MM-DD`.
 * @param timezone The site's timezone.
 */
export function siteMidnight( date: string, timezone: string ): string {
	const wall = Date.parse( `${ date }T00:00:00Z` );
	let instant = wall - zoneOffset( timezone, wall ) * 60000;
	// Once more with the offset in force at the first guess (the two differ only across a change).
	instant = wall - zoneOffset( timezone, instant ) * 60000;
	return new Date( instant ).toISOString().replace( '.000Z', 'Z' );
}

/**
 * An instant shown in the site's timezone, e.g. "12 Mar 2025, 14:05".
 * @param iso      ISO 8601 instant.
 * @param timezone The site's timezone.
 * @param locale   BCP 47 locale.
 */
export function formatSiteDateTime(
	iso: string,
	timezone: string,
	locale: string
): string {
	const at = Date.parse( iso );
	if ( Number.isNaN( at ) ) {
		return iso;
	}
	const fixed = fixedOffset( timezone );
	const options: Intl.DateTimeFormatOptions = {
		dateStyle: 'medium',
		timeStyle: 'short',
	};
	try {
		// A fixed offset is applied by hand and shown as UTC wall time (Intl lacks offset zones in older engines).
		return fixed !== null
			? new Intl.DateTimeFormat( locale, {
					...options,
					timeZone: 'UTC',
				} ).format( new Date( at + fixed * 60000 ) )
			: new Intl.DateTimeFormat( locale, {
					...options,
					timeZone: timezone,
				} ).format( new Date( at ) );
	} catch {
		return iso;
	}
}
