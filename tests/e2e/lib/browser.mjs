// Chromium for the end-to-end suites: Debian's /usr/bin/chromium through playwright-core, with
// the flags of HARNESS.md, console-error collection on every page and screenshot helpers.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE_URL = ( process.env.RR_BASE_URL || '' ).replace( /\/$/, '' );
export const ADMIN_USER = process.env.RR_ADMIN_USER || 'admin';
export const ADMIN_PASSWORD = process.env.RR_ADMIN_PASSWORD || 'password';
export const SCREENSHOTS_DIR =
	process.env.RR_SCREENSHOTS_DIR || path.resolve( 'artifacts/screenshots' );
export const TARGET = process.env.RR_TARGET || 'native';
if ( ! BASE_URL )
	throw new Error(
		'RR_BASE_URL is not set: run through scripts/test-e2e.mjs'
	);

/** Playground answers about 50× slower than the native stack. */
export const SLOW = TARGET === 'playground' ? 6 : 1;

export const DESKTOP = { width: 1280, height: 900 };
export const NARROW = { width: 360, height: 780 };

const FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

/** A fresh Chromium; `javaScriptEnabled: false` for the no-JavaScript paths. */
export async function launch( { javaScriptEnabled = true } = {} ) {
	const userDataDir = fs.mkdtempSync(
		path.join( os.tmpdir(), 'rr-chromium-' )
	);
	const context = await chromium.launchPersistentContext( userDataDir, {
		executablePath: '/usr/bin/chromium',
		headless: process.env.RR_E2E_HEADFUL !== '1',
		args: FLAGS,
		viewport: DESKTOP,
		locale: 'en-US',
		javaScriptEnabled,
	} );
	context.setDefaultTimeout( 30_000 * SLOW );
	context.setDefaultNavigationTimeout( 60_000 * SLOW );
	return {
		context,
		async close() {
			await context.close().catch( () => {} );
			fs.rmSync( userDataDir, { recursive: true, force: true } );
		},
	};
}

/**
 * Console errors and uncaught exceptions of a page. Requests blocked on purpose
 * (WP_HTTP_BLOCK_EXTERNAL makes no browser request fail) are not expected either.
 */
export function watchConsole( page ) {
	const errors = [];
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' )
			errors.push(
				`console: ${ message.text() } (${ message.location()?.url ?? '' })`
			);
	} );
	page.on( 'pageerror', ( error ) =>
		errors.push( `pageerror: ${ error.message }` )
	);
	return errors;
}

/**
 * Logs in through wp-login.php and waits for the landing page (by default wp-admin; with `redirectTo`, that URL).
 * @param page
 * @param user
 * @param password
 * @param redirectTo Where wp-login.php sends the user after logging in (its redirect_to).
 */
export async function login(
	page,
	user = ADMIN_USER,
	password = ADMIN_PASSWORD,
	redirectTo = null
) {
	// The login page loads zxcvbn after its load event; a submit while that is still in flight was seen to be
	// lost (no POST reached the server) in two files of one CI run, so the page settles first.
	await page.goto(
		`${ BASE_URL }/wp-login.php${
			redirectTo ? `?redirect_to=${ encodeURIComponent( redirectTo ) }` : ''
		}`,
		{ waitUntil: 'networkidle' }
	);
	// Core's wp_attempt_focus() focuses and selects the username field 200 ms after the page is parsed. Filled
	// before that, the password could be typed into the username field (seen once in 20 runs), so wait for it.
	await page.waitForFunction(
		() => document.activeElement?.id === 'user_login'
	);
	await page.fill( '#user_login', user );
	await page.fill( '#user_pass', password );
	const landing = redirectTo ?? `${ BASE_URL }/wp-admin/`;
	await Promise.all( [
		// Matched on the path, since the login page's own URL carries redirect_to.
		page.waitForURL(
			( url ) =>
				! url.pathname.endsWith( '/wp-login.php' ) &&
				url.href.startsWith( landing.split( '?' )[ 0 ] )
		),
		page.press( '#user_pass', 'Enter' ),
	] );
}

export async function screenshot( page, name, { fullPage = true } = {} ) {
	fs.mkdirSync( SCREENSHOTS_DIR, { recursive: true } );
	const file = path.join( SCREENSHOTS_DIR, `${ name }.png` );
	await page.screenshot( { path: file, fullPage } );
	return file;
}

/**
 * Screenshots at desktop width and at 360 px (restoring the desktop viewport). With `element`
 * (a selector), the narrow shot and an extra desktop shot show just that element, readable at a
 * glance. Returns how far the narrow page overflows horizontally (0 = none).
 */
export async function screenshotBoth( page, name, { element } = {} ) {
	await screenshot( page, `${ name }-desktop` );
	if ( element )
		await page
			.locator( element )
			.first()
			.screenshot( {
				path: path.join(
					SCREENSHOTS_DIR,
					`${ name }-desktop-element.png`
				),
			} );
	await page.setViewportSize( NARROW );
	await page.waitForTimeout( 500 );
	if ( element ) {
		await page
			.locator( element )
			.first()
			.screenshot( {
				path: path.join( SCREENSHOTS_DIR, `${ name }-360.png` ),
			} );
	} else {
		await screenshot( page, `${ name }-360` );
	}
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - window.innerWidth
	);
	await page.setViewportSize( DESKTOP );
	await page.waitForTimeout( 300 );
	return { overflow };
}

/**
 * The job picker's option for a job title. The picker marks jobs that are not published
 * ("Porter (closed)", "Porter (draft)"), so the option's name is the title with or without the mark.
 */
export function jobOption( page, title ) {
	const escaped = title.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' );
	return page.getByRole( 'option', {
		name: new RegExp( `^${ escaped }( \\((closed|draft)\\))?$` ),
	} );
}

/** Parses a number the way the tables print it ("1,234", "45.32%", "12.5"). */
export function parseShown( text ) {
	const trimmed = text.trim();
	const percent = trimmed.endsWith( '%' );
	const value = Number( trimmed.replace( /[,%\s]/g, '' ) );
	return percent ? Math.round( value * 100 ) / 10000 : value;
}

/** Rows of a data table (data-chart-table=id) inside `scope`: [{label, shown: [text…], raw: [number…], values: [data-value…]}]. */
export async function readTable( scope, id ) {
	return scope
		.locator( `table[data-chart-table="${ id }"]` )
		.first()
		.evaluate( ( table ) =>
			[ ...table.querySelectorAll( 'tbody tr' ) ].map( ( row ) => ( {
				label: row.querySelector( 'th' ).textContent.trim(),
				shown: [ ...row.querySelectorAll( 'td' ) ].map( ( cell ) =>
					cell.textContent.trim()
				),
				raw: [ ...row.querySelectorAll( 'td' ) ].map( ( cell ) =>
					Number( cell.getAttribute( 'data-value' ) )
				),
				// As written: a date column's values are not numbers.
				values: [ ...row.querySelectorAll( 'td' ) ].map( ( cell ) =>
					cell.getAttribute( 'data-value' )
				),
			} ) )
		);
}

/** The data-value of the headline figure `id` inside `scope`, as a number. */
export async function figureValue( scope, id ) {
	return Number(
		await scope
			.locator( `[data-figure="${ id }"] .rr-figure__value` )
			.getAttribute( 'data-value' )
	);
}

/**
 * axe-core on the plugin's own markup (`include`: its root selectors): any violation fails,
 * listed by rule and element.
 */
export async function assertAccessible( page, include, where ) {
	const { AxeBuilder } = await import( '@axe-core/playwright' );
	let builder = new AxeBuilder( { page } );
	for ( const selector of [].concat( include ) ) builder = builder.include( selector );
	const { violations } = await builder.analyze();
	const found = violations.map(
		( violation ) =>
			`${ violation.id }: ${ violation.nodes
				.map( ( node ) => node.target.join( ' ' ) )
				.join( ', ' ) }`
	);
	if ( found.length ) {
		throw new Error( `axe violations on ${ where }:\n${ found.join( '\n' ) }` );
	}
}
