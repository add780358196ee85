// Why a page scrolls sideways at 360 px: the elements that reach past the viewport's right edge, named
// for an assertion's message.

import { DESKTOP, NARROW } from './browser.mjs';

export async function overflowingAtNarrow( page ) {
	await page.setViewportSize( NARROW );
	await page.waitForTimeout( 500 );
	const wide = await page.evaluate( () =>
		[ ...document.querySelectorAll( 'body *' ) ]
			.filter( ( el ) => el.getBoundingClientRect().right > window.innerWidth + 1 )
			// The admin bar's hidden user name sits off screen in core's own markup.
			.filter( ( el ) => ! el.closest( '#wpadminbar' ) )
			.slice( 0, 10 )
			.map( ( el ) => `${ el.tagName.toLowerCase() }.${ String( el.className ).trim().replace( /\s+/g, '.' ) } → ${ Math.round( el.getBoundingClientRect().right ) } px` )
	);
	await page.setViewportSize( DESKTOP );
	await page.waitForTimeout( 300 );
	return wide;
}
