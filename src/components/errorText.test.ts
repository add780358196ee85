import { ApiError, errorFromResponse } from '../api/errors';
import { errorText } from './errorText';

describe( 'errorText', () => {
	it( 'shows the server’s own message as it is', () => {
		expect(
			errorText(
				new ApiError( 'No job with id 9.', 'resource_not_found', 404 )
			)
		).toBe( 'No job with id 9.' );
	} );

	it( 'replaces a message made of HTML (wp_die as JSON) with the status', () => {
		const error = errorFromResponse( 500, {
			code: 'internal_server_error',
			message: '<h1>Error establishing a database connection</h1>',
			data: { status: 500 },
		} );
		expect( errorText( error ) ).toBe(
			'The server answered with an error (HTTP 500).'
		);
	} );

	it( 'replaces a page that is not JSON with the status', () => {
		const error = errorFromResponse(
			502,
			undefined,
			'<html><style>body{color:red}</style><h1>Bad gateway</h1></html>'
		);
		expect( errorText( error ) ).toBe(
			'The server answered with an error (HTTP 502).'
		);
	} );
} );
