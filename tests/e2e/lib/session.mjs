// The browser lifecycle every end-to-end file shares: before its tests, Chromium with one page that
// records console errors and is logged in as the admin; after them, the browser closed. Each test
// file runs in its own process (node --test), so the page below is that file's alone.

import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { launch, login, watchConsole } from './browser.mjs';

/*
 * Set by the before hook setUpAdminPage() registers; importers see them through ES module live
 * bindings, so tests keep writing `page` and `errors` as before.
 */
export let browser;
export let page;
/** The page's console errors so far (watchConsole()); tests may remove the ones they provoke. */
export let errors;

/**
 * Registers the file's before and after hooks. Node 20's runner starts every top-level before hook
 * as soon as it is registered, all at once, so what must run in order with the browser goes here:
 * `prepare()` before the launch (data the page shows), `setup( page )` before the login (what must
 * see every navigation: init scripts, listeners), `ready( page )` once logged in.
 *
 * @param {Object}   [steps]
 * @param {Function} [steps.prepare]
 * @param {Function} [steps.setup]
 * @param {Function} [steps.ready]
 */
export function setUpAdminPage( { prepare, setup, ready } = {} ) {
	before( async () => {
		await prepare?.();
		browser = await launch();
		page = await browser.context.newPage();
		errors = watchConsole( page );
		await setup?.( page );
		await login( page );
		await ready?.( page );
	} );
	after( async () => {
		await browser?.close();
	} );
}

/**
 * Asserts that the page logged no console error since the last check, apart from those matching
 * `expected` (a RegExp or a list: the failed requests a test provokes on purpose). The list is
 * emptied first, so one test's errors fail that test only.
 */
export function assertNoConsoleErrors( where, expected = [] ) {
	const ignored = [].concat( expected );
	const unexpected = errors.filter(
		( error ) => ! ignored.some( ( pattern ) => pattern.test( error ) )
	);
	errors.length = 0;
	assert.deepEqual( unexpected, [], `console errors on ${ where }` );
}
