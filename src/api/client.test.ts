/**
 * The typed client over both transports: URLs, authentication headers, list headers and,
 * above all, errors that carry the server's own message.
 */
import apiFetch from '@wordpress/api-fetch';

import { ApiError } from './errors';
import { createFetchTransport, createNodeClient, restUrl } from './node';
import { buildPath } from './transport';
import { api } from './wp';
import { fakeHeaders, OVERVIEW } from '../test-utils';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedApiFetch = apiFetch as unknown as jest.Mock;

function response( status: number, body: string, headers = {} ) {
	return {
		ok: status >= 200 && status < 300,
		status,
		headers: fakeHeaders( headers ),
		text: async () => body,
	};
}

function fetchReturning( status: number, body: unknown, headers = {} ) {
	return jest.fn( async () =>
		response(
			status,
			typeof body === 'string' ? body : JSON.stringify( body ),
			headers
		)
	) as unknown as jest.Mock & typeof fetch;
}

describe( 'buildPath', () => {
	it( 'prefixes the namespace, sorts keys and leaves out empty values', () => {
		expect(
			buildPath( '/reports/overview', {
				job_id: 5,
				date_from: '2025-01-01',
				date_to: undefined,
				search: '',
			} )
		).toBe(
			'/recruiting/v1/reports/overview?date_from=2025-01-01&job_id=5'
		);
	} );

	it( 'sends arrays as key[]', () => {
		expect( buildPath( '/x', { events: [ 'a', 'b' ] } ) ).toBe(
			'/recruiting/v1/x?events%5B%5D=a&events%5B%5D=b'
		);
	} );
} );

describe( 'restUrl', () => {
	it( 'joins pretty and ?rest_route= roots', () => {
		expect(
			restUrl( 'http://x.test/wp-json/', '/recruiting/v1/jobs?page=2' )
		).toBe( 'http://x.test/wp-json/recruiting/v1/jobs?page=2' );
		expect(
			restUrl(
				'http://x.test/?rest_route=',
				'/recruiting/v1/jobs?page=2'
			)
		).toBe( 'http://x.test/?rest_route=/recruiting/v1/jobs&page=2' );
	} );
} );

describe( 'fetch transport (Node)', () => {
	it( 'sends an API key in X-Recruiting-API-Key and returns the report', async () => {
		const fetchMock = fetchReturning( 200, OVERVIEW, {
			'X-Recruiting-Cache': 'hit',
		} );
		const client = createNodeClient( {
			siteUrl: 'http://site.test/',
			auth: { apiKey: 'rp_test_abc' },
			fetch: fetchMock,
		} );
		const result = await client.reports.run( 'overview', {
			date_from: '2025-01-01',
			job_id: 3,
		} );
		expect( result.data ).toEqual( OVERVIEW );
		expect( result.cache ).toBe( 'hit' );
		const [ url, init ] = fetchMock.mock.calls[ 0 ];
		expect( url ).toBe(
			'http://site.test/wp-json/recruiting/v1/reports/overview?date_from=2025-01-01&job_id=3'
		);
		expect( init.headers[ 'X-Recruiting-API-Key' ] ).toBe( 'rp_test_abc' );
		expect( init.headers.Authorization ).toBeUndefined();
	} );

	it( 'sends an application password as HTTP Basic', async () => {
		const fetchMock = fetchReturning( 200, [] );
		const client = createNodeClient( {
			siteUrl: 'http://site.test',
			auth: { user: 'admin', applicationPassword: 'abcd efgh ijkl' },
			fetch: fetchMock,
		} );
		await client.jobs.list();
		const [ , init ] = fetchMock.mock.calls[ 0 ];
		expect( init.headers.Authorization ).toBe(
			'Basic ' +
				Buffer.from( 'admin:abcd efgh ijkl' ).toString( 'base64' )
		);
	} );

	it( 'reads X-WP-Total and X-WP-TotalPages of lists', async () => {
		const fetchMock = fetchReturning( 200, [ { id: 1, title: 'Nurse' } ], {
			'X-WP-Total': '41',
			'X-WP-TotalPages': '3',
		} );
		const client = createNodeClient( {
			siteUrl: 'http://s.test',
			auth: null,
			fetch: fetchMock,
		} );
		const page = await client.jobs.list( {
			per_page: 20,
			page: 1,
			search: 'nur',
		} );
		expect( page ).toEqual( {
			items: [ { id: 1, title: 'Nurse' } ],
			total: 41,
			totalPages: 3,
		} );
	} );

	it( 'sends bodies as JSON', async () => {
		const fetchMock = fetchReturning( 201, { id: 9 } );
		const transport = createFetchTransport( {
			siteUrl: 'http://s.test',
			auth: null,
			fetch: fetchMock,
		} );
		await transport( {
			method: 'POST',
			path: '/jobs',
			body: { title: 'Nurse' },
		} );
		const [ , init ] = fetchMock.mock.calls[ 0 ];
		expect( init.method ).toBe( 'POST' );
		expect( init.body ).toBe( '{"title":"Nurse"}' );
		expect( init.headers[ 'Content-Type' ] ).toBe( 'application/json' );
	} );

	it.each( [
		[
			401,
			'invalid_api_key',
			'The API key is invalid, revoked or expired.',
		],
		[
			403,
			'insufficient_permissions',
			'Your credentials lack the permission this requires (recruiting_write_jobs).',
		],
		[ 400, 'rest_invalid_param', 'Invalid parameter(s): date_from' ],
	] )(
		'rejects %i with the server message',
		async ( status, code, message ) => {
			const fetchMock = fetchReturning( status, {
				code,
				message,
				data: { status, params: { date_from: 'Not a date.' } },
			} );
			const client = createNodeClient( {
				siteUrl: 'http://s.test',
				auth: null,
				fetch: fetchMock,
			} );
			const error = await client.reports
				.overview()
				.catch( ( e: unknown ) => e );
			expect( error ).toBeInstanceOf( ApiError );
			expect( error ).toMatchObject( { status, code, message } );
			expect( ( error as ApiError ).params ).toEqual( {
				date_from: 'Not a date.',
			} );
		}
	);

	it( 'turns a non-JSON error page into an error with the page text', async () => {
		const fetchMock = fetchReturning(
			502,
			'<html><body><h1>Bad Gateway</h1></body></html>'
		);
		const client = createNodeClient( {
			siteUrl: 'http://s.test',
			auth: null,
			fetch: fetchMock,
		} );
		await expect( client.reports.overview() ).rejects.toMatchObject( {
			status: 502,
			code: 'invalid_response',
			message: 'HTTP 502: Bad Gateway',
		} );
	} );

	it( 'rejects a 200 whose body is not JSON', async () => {
		const fetchMock = fetchReturning( 200, 'Warning: something in PHP' );
		const client = createNodeClient( {
			siteUrl: 'http://s.test',
			auth: null,
			fetch: fetchMock,
		} );
		await expect( client.reports.overview() ).rejects.toMatchObject( {
			code: 'invalid_response',
		} );
	} );

	it( 'reports network failures as network_error', async () => {
		const fetchMock = jest.fn( async () => {
			throw new TypeError( 'fetch failed' );
		} ) as unknown as typeof fetch;
		const client = createNodeClient( {
			siteUrl: 'http://s.test',
			auth: null,
			fetch: fetchMock,
		} );
		await expect( client.reports.overview() ).rejects.toMatchObject( {
			code: 'network_error',
			status: 0,
			message: 'fetch failed',
		} );
	} );
} );

describe( 'api-fetch transport (wp-admin)', () => {
	beforeEach( () => mockedApiFetch.mockReset() );

	it( 'calls api-fetch with the path and keeps headers', async () => {
		mockedApiFetch.mockResolvedValue(
			response( 200, JSON.stringify( OVERVIEW ), {
				'X-Recruiting-Cache': 'miss',
			} )
		);
		const result = await api.reports.run( 'overview', {
			date_to: '2025-05-01',
		} );
		expect( result ).toEqual( { data: OVERVIEW, cache: 'miss' } );
		expect( mockedApiFetch ).toHaveBeenCalledWith(
			expect.objectContaining( {
				path: '/recruiting/v1/reports/overview?date_to=2025-05-01',
				method: 'GET',
				parse: false,
			} )
		);
	} );

	it( 'surfaces the server message of an error response', async () => {
		mockedApiFetch.mockRejectedValue(
			response(
				404,
				JSON.stringify( {
					code: 'resource_not_found',
					message: 'No job with id 99.',
					data: { status: 404 },
				} )
			)
		);
		await expect(
			api.reports.overview( { job_id: 99 } )
		).rejects.toMatchObject( {
			status: 404,
			code: 'resource_not_found',
			message: 'No job with id 99.',
		} );
	} );

	it( 'keeps api-fetch’s own errors (offline, invalid JSON)', async () => {
		mockedApiFetch.mockRejectedValue( {
			code: 'fetch_error',
			message: 'Could not get a valid response from the server.',
		} );
		await expect( api.reports.overview() ).rejects.toMatchObject( {
			code: 'fetch_error',
			message: 'Could not get a valid response from the server.',
		} );
	} );

	it( 'lets aborts through untouched', async () => {
		const abort = Object.assign( new Error( 'aborted' ), {
			name: 'AbortError',
		} );
		mockedApiFetch.mockRejectedValue( abort );
		await expect( api.reports.overview() ).rejects.toBe( abort );
	} );
} );

describe( 'compare and CSV', () => {
	it( 'sends compare and returns the comparison with the report', async () => {
		const body = { ...OVERVIEW, comparison: OVERVIEW };
		const fetchMock = fetchReturning( 200, body, {
			'X-Recruiting-Cache': 'miss',
		} );
		const client = createNodeClient( {
			siteUrl: 'https://example.com',
			auth: null,
			fetch: fetchMock,
		} );
		const result = await client.reports.run( 'overview', {
			date_from: '2025-03-01',
			compare: 'previous_year',
		} );
		expect( fetchMock.mock.calls[ 0 ][ 0 ] ).toBe(
			'https://example.com/wp-json/recruiting/v1/reports/overview?compare=previous_year&date_from=2025-03-01'
		);
		expect( result.data.comparison ).toEqual( OVERVIEW );
	} );

	it( 'reads a report section and the applications export as text, with format=csv', async () => {
		const text = 'period,source\r\ncurrent,direct\r\n';
		const fetchMock = fetchReturning( 200, text );
		const client = createNodeClient( {
			siteUrl: 'https://example.com',
			auth: { apiKey: 'rp_live_x' },
			fetch: fetchMock,
		} );
		await expect(
			client.reports.csv( 'sources', 'sources', {
				compare: 'previous_period',
			} )
		).resolves.toBe( text );
		expect( fetchMock.mock.calls[ 0 ][ 0 ] ).toBe(
			'https://example.com/wp-json/recruiting/v1/reports/sources?compare=previous_period&format=csv&section=sources'
		);
		await expect(
			client.applications.csv( { source: 'linkedin' } )
		).resolves.toBe( text );
		expect( fetchMock.mock.calls[ 1 ][ 0 ] ).toBe(
			'https://example.com/wp-json/recruiting/v1/applications?format=csv&source=linkedin'
		);
	} );

	it( 'still rejects with the server error on a CSV request', async () => {
		const client = createNodeClient( {
			siteUrl: 'https://example.com',
			auth: null,
			fetch: fetchReturning( 400, {
				code: 'rest_invalid_param',
				message: 'format=csv needs section, one of: sources.',
				data: { status: 400, params: { section: 'x' } },
			} ),
		} );
		await expect(
			client.reports.csv( 'sources', 'sources' )
		).rejects.toMatchObject( { code: 'rest_invalid_param', status: 400 } );
	} );
} );
