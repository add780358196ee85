import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { CsvDownload } from './CsvDownload';
import { dispositionFilename } from './csvDownload';

const NONCE = 'a1b2c3d4e5';

beforeEach( () => {
	window.recruitingReports = {
		restUrl: 'https://example.test/wp-json/recruiting/v1/',
		restNonce: NONCE,
		locale: 'en-US',
	};
	URL.createObjectURL = jest.fn( () => 'blob:csv' );
	URL.revokeObjectURL = jest.fn();
} );

afterEach( () => {
	jest.restoreAllMocks();
} );

const answer = (
	status: number,
	body: string,
	headers: Record< string, string > = {}
) =>
	( {
		ok: status >= 200 && status < 300,
		status,
		headers: new Headers( headers ),
		blob: async () => new Blob( [ body ] ),
		json: async () => JSON.parse( body ),
	} ) as Response;

test( "the link holds no nonce; a click fetches it with the nonce header and saves the file under the server's name", async () => {
	const fetchMock = jest.fn( async () =>
		answer( 200, 'period,month\r\n', {
			'Content-Disposition':
				'attachment; filename="time-to-hire-trend-2025.csv"',
		} )
	);
	global.fetch = fetchMock as unknown as typeof fetch;
	const saved: string[] = [];
	jest.spyOn( HTMLAnchorElement.prototype, 'click' ).mockImplementation(
		function ( this: HTMLAnchorElement ) {
			saved.push( `${ this.href } ${ this.download }` );
		}
	);
	render(
		<CsvDownload
			name="time-to-hire"
			section="trend"
			query={ { date_from: '2025-01-01', date_to: '2025-03-31' } }
		/>
	);
	const link = screen.getByRole( 'link', { name: 'Download CSV' } );
	const href = link.getAttribute( 'href' ) ?? '';
	expect( href ).toContain( 'reports/time-to-hire' );
	expect( href ).toContain( 'format=csv' );
	expect( href ).not.toContain( NONCE );
	expect( href ).not.toContain( '_wpnonce' );

	await userEvent.click( link );
	await waitFor( () =>
		expect( saved ).toEqual( [ 'blob:csv time-to-hire-trend-2025.csv' ] )
	);
	expect( fetchMock ).toHaveBeenCalledWith( href, {
		credentials: 'same-origin',
		headers: { 'X-WP-Nonce': NONCE },
	} );
	expect( URL.revokeObjectURL ).toHaveBeenCalledWith( 'blob:csv' );
} );

test( "a refused download shows the server's message and saves nothing", async () => {
	global.fetch = jest.fn( async () =>
		answer(
			403,
			JSON.stringify( {
				code: 'rest_forbidden',
				message: 'Cookie check failed',
			} )
		)
	) as unknown as typeof fetch;
	const click = jest
		.spyOn( HTMLAnchorElement.prototype, 'click' )
		.mockImplementation( () => undefined );
	render( <CsvDownload name="sources" section="sources" query={ {} } /> );
	await userEvent.click(
		screen.getByRole( 'link', { name: 'Download CSV' } )
	);
	expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
		'Cookie check failed'
	);
	expect( click ).not.toHaveBeenCalled();
} );

test( 'dispositionFilename: quoted, bare, missing', () => {
	expect(
		dispositionFilename( 'attachment; filename="a b.csv"', 'x.csv' )
	).toBe( 'a b.csv' );
	expect(
		dispositionFilename( 'attachment; filename=plain.csv', 'x.csv' )
	).toBe( 'plain.csv' );
	expect( dispositionFilename( null, 'x.csv' ) ).toBe( 'x.csv' );
} );
