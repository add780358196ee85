/**
 * The `recruiting-reports` data store: one cache of what the screens read from recruiting/v1
 * (reports, jobs, applications, API keys, webhooks and their deliveries, settings, the e-mail log), filled by
 * resolvers on first use and invalidated after every write, so the widget, the Reports page, the
 * Applications page and the block editor share answers instead of each fetching its own.
 *
 * The store is built over a Client (createRecruitingStore), so tests register one over a scripted
 * transport; WordPress screens use `store`, built over api-fetch (index.ts). A resolver that fails
 * throws: @wordpress/data keeps the error (getResolutionError) and invalidateResolution retries.
 */
import { createReduxStore } from '@wordpress/data';

import type { Client } from '../api/client';
import type {
	ApiKey,
	ApiKeyInput,
	ApiKeyListQuery,
	ApiKeyUpdate,
	Application,
	ApplicationListQuery,
	ApplicationWithHistory,
	Delivery,
	DeliveryListQuery,
	Job,
	JobListQuery,
	MailLogQuery,
	MailMessage,
	Note,
	Page,
	PageQuery,
	PluginSettings,
	RatingSummary,
	ReportByName,
	ReportName,
	ReportQuery,
	RetentionPreview,
	RetentionRule,
	RetentionRuleName,
	RetentionRun,
	RetentionSettings,
	StatusChangeInput,
	WebhookInput,
	Webhook,
} from '../api/types';

export const STORE_NAME = 'recruiting-reports';

/** What the store caches, by kind; each kind maps a key (see `cacheKey`) to an answer. */
export interface State {
	report: Record< string, unknown >;
	jobs: Record< string, Page< Job > >;
	applications: Record< string, Page< Application > >;
	application: Record< string, ApplicationWithHistory >;
	notes: Record< string, Page< Note > >;
	rating: Record< string, RatingSummary >;
	apiKeys: Record< string, Page< ApiKey > >;
	webhooks: Record< string, Page< Webhook > >;
	deliveries: Record< string, Page< Delivery > >;
	settings: Record< string, PluginSettings >;
	mailLog: Record< string, Page< MailMessage > >;
	retention: Record< string, RetentionSettings >;
	retentionPreview: Record< string, RetentionPreview >;
	retentionLog: Record< string, RetentionRun[] >;
}

type Kind = keyof State;

const EMPTY: State = {
	report: {},
	jobs: {},
	applications: {},
	application: {},
	notes: {},
	rating: {},
	apiKeys: {},
	webhooks: {},
	deliveries: {},
	settings: {},
	mailLog: {},
	retention: {},
	retentionPreview: {},
	retentionLog: {},
};

/**
 * A stable key for selector arguments: object keys sorted, undefined/null/'' left out, so
 * `{ job_id: undefined }` and `{}` share one cache entry (they are the same request).
 * @param args
 */
export function cacheKey( ...args: unknown[] ): string {
	return JSON.stringify( args, ( _key, value: unknown ) => {
		if ( value && typeof value === 'object' && ! Array.isArray( value ) ) {
			const sorted: Record< string, unknown > = {};
			for ( const name of Object.keys( value ).sort() ) {
				const item = ( value as Record< string, unknown > )[ name ];
				if ( item !== undefined && item !== null && item !== '' ) {
					sorted[ name ] = item;
				}
			}
			return sorted;
		}
		return value;
	} );
}

interface ReceiveAction {
	type: 'RECEIVE';
	kind: Kind;
	key: string;
	value: unknown;
}

const actions = {
	receive: ( kind: Kind, key: string, value: unknown ): ReceiveAction => ( {
		type: 'RECEIVE',
		kind,
		key,
		value,
	} ),
};

function reducer( state: State = EMPTY, action: ReceiveAction ): State {
	if ( action.type === 'RECEIVE' ) {
		return {
			...state,
			[ action.kind ]: {
				...state[ action.kind ],
				[ action.key ]: action.value,
			},
		};
	}
	return state;
}

/**
 * A selector whose answer is cached under `kind`, at the key its arguments make: the selector
 * reads there and its resolver (storeConfig) stores there.
 * @param kind Where the answers are kept.
 * @param key  The key of the selector's arguments (with their defaults).
 */
function cached< K extends Kind, A extends unknown[] >(
	kind: K,
	key: ( ...args: A ) => string
) {
	return {
		kind,
		key,
		select: ( state: State, ...args: A ) =>
			state[ kind ][ key( ...args ) ] as State[ K ][ string ] | undefined,
	};
}

const byId = ( id: number ) => String( id );
/** A list's key: its query, `{}` when there is none. */
const byQuery =
	< Q extends object >() =>
	( query: Q = {} as Q ) =>
		cacheKey( query );
/** The key of a list under a parent (an application's notes, a webhook's deliveries). */
const byParentAndQuery =
	< Q extends object >() =>
	( parentId: number, query: Q = {} as Q ) =>
		cacheKey( parentId, query );

/** Every selector but getReport (typed by report name, below), with its cache. */
const CACHED = {
	getJobs: cached( 'jobs', byQuery< JobListQuery >() ),
	getApplications: cached(
		'applications',
		byQuery< ApplicationListQuery >()
	),
	getApplication: cached( 'application', byId ),
	getNotes: cached( 'notes', byParentAndQuery< PageQuery >() ),
	getRating: cached( 'rating', byId ),
	getApiKeys: cached( 'apiKeys', byQuery< ApiKeyListQuery >() ),
	getWebhooks: cached( 'webhooks', byQuery< PageQuery >() ),
	getDeliveries: cached(
		'deliveries',
		byParentAndQuery< DeliveryListQuery >()
	),
	getSettings: cached( 'settings', () => 'current' ),
	getMailLog: cached( 'mailLog', byQuery< MailLogQuery >() ),
	getRetention: cached( 'retention', () => 'current' ),
	getRetentionPreview: cached( 'retentionPreview', () => 'current' ),
	getRetentionLog: cached( 'retentionLog', () => 'current' ),
};

type Cached = typeof CACHED;
type CachedName = keyof Cached;
type CachedArgs< N extends CachedName > = Parameters< Cached[ N ][ 'key' ] >;
type CachedAnswer< N extends CachedName > = NonNullable<
	ReturnType< Cached[ N ][ 'select' ] >
>;
const CACHED_NAMES = Object.keys( CACHED ) as CachedName[];

/**
 * `{ name: make( name ) }` for every cached selector.
 * @param make What to make of a selector's name.
 */
function eachCached< R >( make: ( name: CachedName ) => R ) {
	return Object.fromEntries(
		CACHED_NAMES.map( ( name ) => [ name, make( name ) ] )
	) as Record< CachedName, R >;
}

const selectors = {
	getReport: < N extends ReportName >(
		state: State,
		name: N,
		query: ReportQuery = {}
	) =>
		state.report[ cacheKey( name, query ) ] as
			ReportByName[ N ] | undefined,
	...( eachCached( ( name ) => CACHED[ name ].select ) as {
		[ N in CachedName ]: Cached[ N ][ 'select' ];
	} ),
};

export type SelectorName = keyof typeof selectors;

/* The thunk argument @wordpress/data passes to resolvers and thunk actions (only what is used). */
interface ThunkArgs {
	dispatch: {
		receive: typeof actions.receive;
		invalidateResolutionForStoreSelector: ( name: SelectorName ) => void;
		invalidateResolution: ( name: SelectorName, args: unknown[] ) => void;
	};
}

/** Selectors whose answers a write of each kind can change. */
const AFFECTED = {
	applications: [
		'getApplications',
		'getApplication',
		'getReport',
		'getJobs',
	],
	notes: [ 'getNotes', 'getApplication' ],
	rating: [ 'getRating', 'getApplications', 'getApplication' ],
	apiKeys: [ 'getApiKeys' ],
	webhooks: [ 'getWebhooks', 'getDeliveries' ],
	deliveries: [ 'getDeliveries' ],
	settings: [ 'getSettings' ],
	// Nothing the store caches shows the digest subscription.
	digestSubscription: [],
	mailLog: [ 'getMailLog' ],
	// A rule's change changes what a run would take; applications leaving change it too.
	retention: [ 'getRetention', 'getRetentionPreview' ],
} satisfies Record< string, SelectorName[] >;

/**
 * Builds the store's configuration over a client.
 * @param client The typed client every resolver and write goes through.
 */
export function storeConfig( client: Client ) {
	const invalidate =
		( group: keyof typeof AFFECTED ) =>
		( { dispatch }: ThunkArgs ) => {
			for ( const name of AFFECTED[ group ] as SelectorName[] ) {
				dispatch.invalidateResolutionForStoreSelector( name );
			}
		};

	/**
	 * A write: runs it, then invalidates what it can change (the cached answers stay shown
	 * until their fresh copies arrive), and resolves with the server's answer.
	 * @param group What the write changes (see AFFECTED).
	 * @param run   The request.
	 */
	function write< A extends unknown[], R >(
		group: keyof typeof AFFECTED,
		run: ( ...args: A ) => Promise< R >
	) {
		return ( ...args: A ) =>
			async ( thunk: ThunkArgs ): Promise< R > => {
				const result = await run( ...args );
				invalidate( group )( thunk );
				return result;
			};
	}

	/*
	 * Requests in flight by selector and arguments, with how many mounted components want each.
	 * When the last one lets go (a period the user has already left), the request is aborted and
	 * its resolution dropped, so it neither lands late nor blocks the next ask.
	 */
	const inflight = new Map<
		string,
		{ users: number; controller?: AbortController }
	>();
	const entry = ( key: string ) => {
		let found = inflight.get( key );
		if ( ! found ) {
			found = { users: 0 };
			inflight.set( key, found );
		}
		return found;
	};

	/**
	 * A resolver whose request can be cancelled (see `release`).
	 * @param name The selector it resolves.
	 * @param run  Fetches with the signal and stores the answer.
	 */
	function resolver< A extends unknown[] >(
		name: SelectorName,
		run: (
			thunk: ThunkArgs,
			signal: AbortSignal,
			...args: A
		) => Promise< void >
	) {
		return ( ...args: A ) =>
			async ( thunk: ThunkArgs ) => {
				const key = cacheKey( name, ...args );
				const controller = new AbortController();
				entry( key ).controller = controller;
				try {
					await run( thunk, controller.signal, ...args );
				} catch ( thrown ) {
					if ( controller.signal.aborted ) {
						// After @wordpress/data has recorded this failure: forget it.
						setTimeout( () =>
							thunk.dispatch.invalidateResolution( name, args )
						);
					}
					throw thrown;
				} finally {
					const current = inflight.get( key );
					if ( current?.controller === controller ) {
						current.controller = undefined;
						if ( ! current.users ) {
							inflight.delete( key );
						}
					}
				}
			};
	}

	/**
	 * How each cached selector's answer is fetched (with the store's thunk, for an answer that
	 * holds others).
	 */
	const fetchers: {
		[ N in CachedName ]: (
			thunk: ThunkArgs & { signal: AbortSignal },
			...args: CachedArgs< N >
		) => Promise< CachedAnswer< N > >;
	} = {
		getJobs: ( { signal }, query = {} ) =>
			client.jobs.list( query, { signal } ),
		getApplications: ( { signal }, query = {} ) =>
			client.applications.list( query, { signal } ),
		getApplication: ( { signal }, id ) =>
			client.applications.get( id, { signal } ),
		getNotes: ( { signal }, applicationId, query = {} ) =>
			client.applications.notes( applicationId, query, { signal } ),
		getRating: ( { signal }, applicationId ) =>
			client.applications.rating( applicationId, { signal } ),
		getApiKeys: ( { signal }, query = {} ) =>
			client.apiKeys.list( query, { signal } ),
		getWebhooks: ( { signal }, query = {} ) =>
			client.webhooks.list( query, { signal } ),
		getDeliveries: ( { signal }, webhookId, query = {} ) =>
			client.webhooks.deliveries( webhookId, query, { signal } ),
		getSettings: ( { signal } ) => client.settings.get( { signal } ),
		getMailLog: ( { signal }, query = {} ) =>
			client.mailLog.list( query, { signal } ),
		getRetention: ( { signal } ) => client.retention.get( { signal } ),
		getRetentionPreview: ( { signal } ) =>
			client.retention.preview( { signal } ),
		getRetentionLog: ( { signal } ) => client.retention.log( { signal } ),
	};

	/**
	 * The resolver of a cached selector: fetches, then stores the answer where the selector reads.
	 * @param name The selector.
	 */
	function cachedResolver( name: CachedName ) {
		const { kind, key } = CACHED[ name ] as {
			kind: Kind;
			key: ( ...args: unknown[] ) => string;
		};
		const load = fetchers[ name ] as (
			thunk: ThunkArgs & { signal: AbortSignal },
			...args: unknown[]
		) => Promise< unknown >;
		return resolver( name, async ( thunk, signal, ...args: unknown[] ) => {
			thunk.dispatch.receive(
				kind,
				key( ...args ),
				await load( { ...thunk, signal }, ...args )
			);
		} );
	}

	const resolvers = {
		getReport: resolver(
			'getReport',
			async (
				{ dispatch },
				signal,
				name: ReportName,
				query: ReportQuery = {}
			) => {
				const result = await client.reports.run( name, query, {
					signal,
				} );
				dispatch.receive(
					'report',
					cacheKey( name, query ),
					result.data
				);
			}
		),
		...( eachCached( cachedResolver ) as {
			[ N in CachedName ]: (
				...args: CachedArgs< N >
			) => ( thunk: ThunkArgs ) => Promise< void >;
		} ),
	};

	return {
		reducer,
		selectors,
		resolvers,
		actions: {
			...actions,
			setApplicationStatus: write(
				'applications',
				( id: number, input: StatusChangeInput ) =>
					client.applications.setStatus( id, input )
			),
			addNote: write(
				'notes',
				( applicationId: number, content: string ) =>
					client.applications.addNote( applicationId, content )
			),
			deleteNote: write( 'notes', ( id: number ) =>
				client.notes.delete( id )
			),
			rate: write( 'rating', ( applicationId: number, score: number ) =>
				client.applications.rate( applicationId, score )
			),
			unrate: write( 'rating', ( applicationId: number ) =>
				client.applications.unrate( applicationId )
			),
			createApiKey: write( 'apiKeys', ( input: ApiKeyInput ) =>
				client.apiKeys.create( input )
			),
			updateApiKey: write(
				'apiKeys',
				( id: number, input: ApiKeyUpdate ) =>
					client.apiKeys.update( id, input )
			),
			revokeApiKey: write( 'apiKeys', ( id: number ) =>
				client.apiKeys.revoke( id )
			),
			createWebhook: write( 'webhooks', ( input: WebhookInput ) =>
				client.webhooks.create( input )
			),
			deleteWebhook: write( 'webhooks', ( id: number ) =>
				client.webhooks.delete( id )
			),
			testWebhook: write( 'deliveries', ( id: number ) =>
				client.webhooks.test( id )
			),
			retryDelivery: write(
				'deliveries',
				( webhookId: number, deliveryId: number ) =>
					client.webhooks.retryDelivery( webhookId, deliveryId )
			),
			updateSettings: write(
				'settings',
				( input: Partial< PluginSettings > ) =>
					client.settings.update( input )
			),
			/**
			 * "E-mail me this": adds a report to the current user's digest; a user without one gets a weekly
			 * digest of that report (the server's default day and hour).
			 */
			subscribeToReport: write(
				'digestSubscription',
				async ( report: string ) => {
					const current = await client.digestSubscription.get();
					return client.digestSubscription.update(
						current.frequency === 'off'
							? { frequency: 'weekly', reports: [ report ] }
							: {
									reports: current.reports.includes( report )
										? current.reports
										: [ ...current.reports, report ],
								}
					);
				}
			),
			retryMail: write( 'mailLog', ( id: number ) =>
				client.mailLog.retry( id )
			),
			updateRetention: write(
				'retention',
				(
					rules: Partial< Record< RetentionRuleName, RetentionRule > >
				) => client.retention.update( rules )
			),
			/**
			 * A component starts wanting `name( ...args )` (see useResource).
			 * @param name
			 * @param args
			 */
			acquire: ( name: SelectorName, args: unknown[] ) => () => {
				entry( cacheKey( name, ...args ) ).users++;
			},
			/**
			 * A component no longer wants it; the last one leaving aborts a request in flight.
			 * @param name
			 * @param args
			 */
			release: ( name: SelectorName, args: unknown[] ) => () => {
				const key = cacheKey( name, ...args );
				const found = entry( key );
				found.users = Math.max( 0, found.users - 1 );
				if ( ! found.users ) {
					found.controller?.abort();
					inflight.delete( key );
				}
			},
			/**
			 * Drops a cached answer so the next read asks the server again (Retry, or a list
			 * that changes on the server by itself, like a delivery log).
			 * @param name
			 * @param args
			 */
			refresh:
				( name: SelectorName, args: unknown[] ) =>
				( { dispatch }: ThunkArgs ) =>
					dispatch.invalidateResolution( name, args ),
		},
	};
}

export function createRecruitingStore( client: Client ) {
	return createReduxStore( STORE_NAME, storeConfig( client ) );
}
