// docs/adding-a-report.md's example on the Reports page (Chromium): installed exactly as the doc shows it, its
// section shows its title and headline figures, the same labels and values the block renders from the same
// definition. The REST, CSV and block checks are tests/integration/adding-a-report.test.mjs.

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { BASE_URL } from './lib/browser.mjs';
import { assertNoConsoleErrors, page, setUpAdminPage } from './lib/session.mjs';
import { SITE } from './lib/api.mjs';
import {
	DOC_EXAMPLE_DATA,
	installDocExample,
	removeDocExample,
} from '../support/doc-example.mjs';

const AUTH = {
	Authorization: `Basic ${ Buffer.from( `${ process.env.RR_ADMIN_USER }:${ process.env.RR_ADMIN_APP_PASSWORD }` ).toString( 'base64' ) }`,
};
const DATES = { dateFrom: '2025-01-01', dateTo: '2025-01-31' };

async function rest( path, init = {} ) {
	const response = await fetch( `${ SITE }/wp-json${ path }`, {
		...init,
		headers: {
			...AUTH,
			'Content-Type': 'application/json',
			...init.headers,
		},
	} );
	assert.ok(
		response.ok,
		`${ path }: ${ response.status } ${ await response.clone().text() }`
	);
	return response.json();
}

setUpAdminPage( {
	prepare: async () => {
		installDocExample();
		await rest( '/recruiting/v1/import', {
			method: 'POST',
			body: JSON.stringify( DOC_EXAMPLE_DATA ),
		} );
	},
} );

after( removeDocExample );

/**
 * [id, label, value] of every figure in an HTML fragment's or the page's figure lists.
 * @param root
 */
const figuresIn = ( root ) =>
	[ ...root.querySelectorAll( '[data-figure]' ) ].map( ( figure ) => [
		figure.dataset.figure,
		figure.querySelector( '.rr-figure__label' ).textContent,
		figure.querySelector( '.rr-figure__value' ).textContent,
	] );

test( 'the example report has a section on the Reports page, with the figures the block renders', async () => {
	await page.goto(
		`${ BASE_URL }/wp-admin/admin.php?page=recruiting-reports&period=custom&date_from=${ DATES.dateFrom }&date_to=${ DATES.dateTo }`
	);
	const section = page.locator( 'section[data-report="rr-withdrawals"]' );
	await section.locator( '.rr-figure__value' ).first().waitFor();
	assert.equal( await section.locator( 'h2' ).textContent(), 'Withdrawals' );
	const onPage = await section.evaluate(
		( element, source ) =>
			new Function( `return ${ source }` )()( element ),
		figuresIn.toString()
	);
	assert.deepEqual( onPage, [
		[ 'applications', 'Applications', '3' ],
		[ 'withdrawn', 'Withdrawn', '1' ],
		[ 'withdrawal_rate', 'Withdrawal rate', '33.33%' ],
		[ 'rejected', 'Rejected', '1' ],
	] );

	const query = new URLSearchParams( {
		context: 'edit',
		'attributes[report]': 'withdrawals',
		'attributes[period]': 'custom',
		'attributes[dateFrom]': DATES.dateFrom,
		'attributes[dateTo]': DATES.dateTo,
	} );
	const { rendered } = await rest(
		`/wp/v2/block-renderer/recruiting-reports/report?${ query }`
	);
	const inBlock = await page.evaluate(
		( [ html, source ] ) => {
			const holder = document.createElement( 'div' );
			holder.innerHTML = html;
			return new Function( `return ${ source }` )()( holder );
		},
		[ rendered, figuresIn.toString() ]
	);
	assert.deepEqual(
		inBlock,
		onPage,
		'the block and the page show the same figures'
	);
	assertNoConsoleErrors( 'the Reports page with the example report' );
} );
