/**
 * The recruiting-reports store over a scripted transport: resolvers ask once per distinct
 * request, failures are kept and retried, writes invalidate what they change, and a request
 * nobody wants any more is aborted.
 */
import { createRegistry } from '@wordpress/data';

import { createClient } from '../api/client';
import type { Transport, TransportRequest } from '../api/transport';
import {
	deferred,
	fakeHeaders,
	OVERVIEW,
	restError,
	scriptedTransport,
	TIME_TO_HIRE,
} from '../test-utils';
import { cacheKey, createRecruitingStore, STORE_NAME } from './store';

type Api = Record< string, ( ...args: unknown[] ) => any >;

function setup( routes: Parameters< typeof scriptedTransport >[ 0 ] ) {
	const scripted = scriptedTransport( routes );
	const registry = createRegistry();
	registry.register( createRecruitingStore( scripted.client ) );
	return {
		...scripted,
		select: () => registry.select( STORE_NAME ) as unknown as Api,
		resolve: () => registry.resolveSelect( STORE_NAME ) as unknown as Api,
		dispatch: () => registry.dispatch( STORE_NAME ) as unknown as Api,
		paths: () =>
			scripted.calls.map( ( call ) => `${ call.method } ${ call.path }` ),
	};
}

const KEY = {
	id: 7,
	name: 'Careers site',
	environment: 'live',
	hint: 'rp_live_…a1b2',
	permissions: [ 'read_jobs' ],
	status: 'active',
};

const tick = () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

describe( 'recruiting-reports store', () => {
	it( 'cacheKey ignores key order and empty values', () => {
		expect( cacheKey( 'overview', { job_id: undefined } ) ).toBe(
			cacheKey( 'overview', {} )
		);
		expect( cacheKey( { b: 1, a: 2 } ) ).toBe( cacheKey( { a: 2, b: 1 } ) );
		expect( cacheKey( { job_id: 3 } ) ).not.toBe( cacheKey( {} ) );
	} );

	it( 'resolves a report once per distinct query and shares the answer', async () => {
		const store = setup( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		} );
		const query = { date_from: '2025-01-01', date_to: '2025-01-31' };
		await expect(
			store.resolve().getReport( 'overview', query )
		).resolves.toEqual( OVERVIEW );
		await store.resolve().getReport( 'overview', { ...query } );
		await store.resolve().getReport( 'time-to-hire', query );
		expect( store.paths() ).toEqual( [
			'GET /reports/overview',
			'GET /reports/time-to-hire',
		] );
		expect( store.calls[ 0 ].query ).toEqual( {
			...query,
			job_id: undefined,
		} );
		expect( store.select().getReport( 'overview', query ) ).toBe(
			OVERVIEW
		);
		// Another period is another request.
		await store.resolve().getReport( 'overview', {} );
		expect( store.calls ).toHaveLength( 3 );
	} );

	it( 'keeps a failure with the server’s message, and asks again on refresh', async () => {
		let fail = true;
		const store = setup( {
			'GET /reports/overview': () => {
				if ( fail ) {
					throw restError( 500, 'db_error', 'The database is down.' );
				}
				return OVERVIEW;
			},
		} );
		await expect(
			store.resolve().getReport( 'overview', {} )
		).rejects.toMatchObject( { message: 'The database is down.' } );
		expect(
			store.select().getResolutionError( 'getReport', [ 'overview', {} ] )
		).toMatchObject( { code: 'db_error', status: 500 } );

		fail = false;
		store.dispatch().refresh( 'getReport', [ 'overview', {} ] );
		await expect(
			store.resolve().getReport( 'overview', {} )
		).resolves.toEqual( OVERVIEW );
		expect( store.calls ).toHaveLength( 2 );
		expect(
			store.select().getResolutionError( 'getReport', [ 'overview', {} ] )
		).toBeFalsy();
	} );

	it( 'revoking a key refetches the key list, and keeps the old list until it arrives', async () => {
		let status = 'active';
		const later = deferred< unknown >();
		let listCalls = 0;
		const store = setup( {
			'GET /api-keys': () =>
				++listCalls === 1 ? [ { ...KEY, status } ] : later.promise,
			'DELETE /api-keys/7': () => {
				status = 'revoked';
				return { ...KEY, status };
			},
		} );
		await store.resolve().getApiKeys( { page: 1, per_page: 20 } );
		await expect(
			store.dispatch().revokeApiKey( 7 )
		).resolves.toMatchObject( {
			status: 'revoked',
		} );

		// The next read asks again; until the answer comes the old list is what there is.
		const stale = store.select().getApiKeys( { page: 1, per_page: 20 } );
		expect( stale.items[ 0 ].status ).toBe( 'active' );
		await tick();
		expect( store.paths() ).toEqual( [
			'GET /api-keys',
			'DELETE /api-keys/7',
			'GET /api-keys',
		] );
		later.resolve( [ { ...KEY, status } ] );
		const fresh = await store
			.resolve()
			.getApiKeys( { page: 1, per_page: 20 } );
		expect( fresh.items[ 0 ].status ).toBe( 'revoked' );
	} );

	it( 'a status change invalidates the application, the lists and the reports', async () => {
		const store = setup( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /applications': () => [],
			'GET /applications/5': () => ( { id: 5, status: 'new' } ),
			'PUT /applications/5/status': () => ( {
				id: 5,
				status: 'screening',
			} ),
			'GET /api-keys': () => [],
		} );
		await store.resolve().getReport( 'overview', {} );
		await store.resolve().getApplications( { job_id: 3 } );
		await store.resolve().getApplication( 5 );
		await store.resolve().getApiKeys();
		await store
			.dispatch()
			.setApplicationStatus( 5, { status: 'screening' } );
		await store.resolve().getReport( 'overview', {} );
		await store.resolve().getApplications( { job_id: 3 } );
		await store.resolve().getApplication( 5 );
		await store.resolve().getApiKeys();
		expect( store.paths() ).toEqual( [
			'GET /reports/overview',
			'GET /applications',
			'GET /applications/5',
			'GET /api-keys',
			'PUT /applications/5/status',
			'GET /reports/overview',
			'GET /applications',
			'GET /applications/5',
			// Keys have nothing to do with applications: still cached.
		] );
	} );

	it( 'a failed write changes nothing and rejects with the server’s error', async () => {
		const store = setup( {
			'GET /webhooks': () => [],
			'POST /webhooks': () => {
				throw restError(
					400,
					'rest_invalid_param',
					'Private address.'
				);
			},
		} );
		await store.resolve().getWebhooks( { per_page: 100 } );
		await expect(
			store.dispatch().createWebhook( {
				url: 'http://10.0.0.1/',
				events: [],
			} )
		).rejects.toMatchObject( { message: 'Private address.' } );
		await store.resolve().getWebhooks( { per_page: 100 } );
		expect( store.paths() ).toEqual( [
			'GET /webhooks',
			'POST /webhooks',
		] );
	} );

	it( 'aborts a request once nobody wants it, and asks again when wanted later', async () => {
		const signals: AbortSignal[] = [];
		const calls: TransportRequest[] = [];
		const transport: Transport = async < T >(
			request: TransportRequest
		) => {
			calls.push( request );
			signals.push( request.signal! );
			if ( calls.length === 1 ) {
				await new Promise( ( _resolve, reject ) =>
					request.signal!.addEventListener( 'abort', () =>
						reject( new DOMException( 'aborted', 'AbortError' ) )
					)
				);
			}
			return {
				data: OVERVIEW as T,
				status: 200,
				headers: fakeHeaders(),
			};
		};
		const registry = createRegistry();
		registry.register( createRecruitingStore( createClient( transport ) ) );
		const select = registry.select( STORE_NAME ) as unknown as Api;
		const dispatch = registry.dispatch( STORE_NAME ) as unknown as Api;
		const args = [ 'overview', { date_from: '2025-01-01' } ];

		dispatch.acquire( 'getReport', args );
		expect( select.getReport( ...args ) ).toBeUndefined();
		await tick();
		expect( calls ).toHaveLength( 1 );
		dispatch.release( 'getReport', args );
		expect( signals[ 0 ].aborted ).toBe( true );
		await tick();
		await tick();
		// The aborted answer is forgotten: the next reader asks again and gets data.
		expect( select.getResolutionError( 'getReport', args ) ).toBeFalsy();
		const resolve = registry.resolveSelect( STORE_NAME ) as unknown as Api;
		await expect( resolve.getReport( ...args ) ).resolves.toEqual(
			OVERVIEW
		);
		expect( calls ).toHaveLength( 2 );
		expect( signals[ 1 ].aborted ).toBe( false );
	} );

	it( 'does not abort while another component still wants the answer', async () => {
		const pending = deferred< unknown >();
		const store = setup( {
			'GET /reports/overview': () => pending.promise,
		} );
		const args = [ 'overview', {} ];
		store.dispatch().acquire( 'getReport', args );
		store.dispatch().acquire( 'getReport', args );
		store.select().getReport( ...args );
		await tick();
		store.dispatch().release( 'getReport', args );
		expect( store.calls[ 0 ].signal?.aborted ).toBe( false );
		pending.resolve( OVERVIEW );
		await expect( store.resolve().getReport( ...args ) ).resolves.toEqual(
			OVERVIEW
		);
	} );
} );
