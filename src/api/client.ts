/**
 * Typed functions for every recruiting/v1 route, over any Transport.
 *
 *     const client = createClient( transport );
 *     const overview = await client.reports.overview( { date_from: '2025-01-01' } );
 *
 * Every function resolves with the response body (lists with their pagination headers) or
 * rejects with an ApiError carrying the server's code, status and message.
 */
import type { Transport, TransportRequest } from './transport';
import type {
	ApiKey,
	ApiKeyInput,
	ApiKeyListQuery,
	ApiKeyUpdate,
	Application,
	ApplicationInput,
	ApplicationListQuery,
	ApplicationWithHistory,
	CreatedApiKey,
	Delivery,
	DeliveryListQuery,
	ImportBatch,
	ImportSummary,
	Job,
	JobDeleted,
	JobInput,
	JobListQuery,
	MailLogQuery,
	MailMessage,
	Note,
	Compared,
	FunnelReport,
	OverviewReport,
	PageQuery,
	DigestSubscription,
	PluginSettings,
	RatingSummary,
	StatusChangeInput,
	Webhook,
	WebhookInput,
	WebhookWithSecret,
	Page,
	ReportByName,
	ReportName,
	ReportQuery,
	ReportSections,
	RetentionPreview,
	RetentionRule,
	RetentionRuleName,
	RetentionRun,
	RetentionSettings,
	SourcesReport,
	TimeToFillReport,
	TimeToHireReport,
} from './types';

export interface CallOptions {
	signal?: AbortSignal;
}

export interface ReportResult< T > {
	data: T;
	/** `X-Recruiting-Cache`: whether the server answered from its report cache. */
	cache: 'hit' | 'miss' | null;
}

function headerNumber( headers: Headers, name: string, fallback: number ) {
	const value = Number( headers.get( name ) );
	return Number.isFinite( value ) && headers.get( name ) !== null
		? value
		: fallback;
}

function reportQuery( query: ReportQuery = {} ): TransportRequest[ 'query' ] {
	return {
		date_from: query.date_from,
		date_to: query.date_to,
		job_id: query.job_id ? query.job_id : undefined,
		compare: query.compare,
	};
}

/**
 * The request of a report section as CSV (docs/reports.md#comparison); with `compare` the comparison's rows follow.
 * Also usable as a download link: `buildPath( request.path, request.query )`.
 * @param name
 * @param section
 * @param query
 */
export function reportCsvRequest< N extends ReportName >(
	name: N,
	section: ReportSections[ N ],
	query: ReportQuery = {}
): TransportRequest {
	return {
		method: 'GET',
		path: `/reports/${ name }`,
		query: { ...reportQuery( query ), format: 'csv', section },
		responseType: 'text',
	};
}

/**
 * The request of the applications export as CSV: every application the filters select (no pages).
 * @param query
 */
export function applicationsCsvRequest(
	query: Omit< ApplicationListQuery, 'page' | 'per_page' > = {}
): TransportRequest {
	return {
		method: 'GET',
		path: '/applications',
		query: { ...query, format: 'csv' },
		responseType: 'text',
	};
}

/** The two ways a route is asked, and the transport under them (each group of routes below takes these). */
interface Calls {
	transport: Transport;
	call: < T >( request: TransportRequest ) => Promise< T >;
	list: < T >( request: TransportRequest ) => Promise< Page< T > >;
}

/**
 * A report with the cache header (`X-Recruiting-Cache`) beside its body.
 * @param transport The client's transport.
 */
function reportRunner( transport: Transport ) {
	return async function report< N extends ReportName >(
		name: N,
		query: ReportQuery = {},
		options: CallOptions = {}
	): Promise< ReportResult< Compared< ReportByName[ N ] > > > {
		const response = await transport< Compared< ReportByName[ N ] > >( {
			method: 'GET',
			path: `/reports/${ name }`,
			query: reportQuery( query ),
			signal: options.signal,
		} );
		const cache = response.headers.get( 'X-Recruiting-Cache' );
		return {
			data: response.data,
			cache: cache === 'hit' || cache === 'miss' ? cache : null,
		};
	};
}

export function createClient( transport: Transport ) {
	const call = async < T >( request: TransportRequest ): Promise< T > =>
		( await transport< T >( request ) ).data;

	const list = async < T >(
		request: TransportRequest
	): Promise< Page< T > > => {
		const response = await transport< T[] >( request );
		const items = Array.isArray( response.data ) ? response.data : [];
		return {
			items,
			total: headerNumber( response.headers, 'X-WP-Total', items.length ),
			totalPages: headerNumber( response.headers, 'X-WP-TotalPages', 1 ),
		};
	};
	const calls: Calls = { transport, call, list };

	return {
		transport,
		call,
		list,
		jobs: jobsRoutes( calls ),
		applications: applicationsRoutes( calls ),
		notes: notesRoutes( calls ),
		apiKeys: apiKeysRoutes( calls ),
		webhooks: webhooksRoutes( calls ),
		settings: settingsRoutes( calls ),
		mailLog: mailLogRoutes( calls ),
		digestSubscription: digestSubscriptionRoutes( calls ),
		retention: retentionRoutes( calls ),
		import: ( batch: ImportBatch, options: CallOptions = {} ) =>
			call< ImportSummary >( {
				method: 'POST',
				path: '/import',
				body: batch,
				signal: options.signal,
			} ),
		reports: reportsRoutes( calls ),
	};
}

export type Client = ReturnType< typeof createClient >;

/**
 * Jobs (`/jobs`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 * @param calls.list
 */
function jobsRoutes( { call, list }: Calls ) {
	return {
		list: ( query: JobListQuery = {}, options: CallOptions = {} ) =>
			list< Job >( {
				method: 'GET',
				path: '/jobs',
				query: { ...query },
				signal: options.signal,
			} ),
		get: ( id: number, options: CallOptions = {} ) =>
			call< Job >( {
				method: 'GET',
				path: `/jobs/${ id }`,
				signal: options.signal,
			} ),
		create: (
			input: JobInput & { title: string },
			options: CallOptions = {}
		) =>
			call< Job >( {
				method: 'POST',
				path: '/jobs',
				body: input,
				signal: options.signal,
			} ),
		update: ( id: number, input: JobInput, options: CallOptions = {} ) =>
			call< Job >( {
				method: 'PUT',
				path: `/jobs/${ id }`,
				body: input,
				signal: options.signal,
			} ),
		delete: ( id: number, options: CallOptions = {} ) =>
			call< JobDeleted >( {
				method: 'DELETE',
				path: `/jobs/${ id }`,
				signal: options.signal,
			} ),
	};
}

/**
 * Applications, their status, CSV, CV and ratings (`/applications`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 * @param calls.list
 */
function applicationsRoutes( { call, list }: Calls ) {
	return {
		list: ( query: ApplicationListQuery = {}, options: CallOptions = {} ) =>
			list< Application >( {
				method: 'GET',
				path: '/applications',
				query: { ...query },
				signal: options.signal,
			} ),
		/**
		 * Every application the filters select, as CSV text (docs/reports.md#comparison).
		 * @param query
		 * @param options
		 */
		csv: (
			query: Omit< ApplicationListQuery, 'page' | 'per_page' > = {},
			options: CallOptions = {}
		) =>
			call< string >( {
				...applicationsCsvRequest( query ),
				signal: options.signal,
			} ),
		get: ( id: number, options: CallOptions = {} ) =>
			call< ApplicationWithHistory >( {
				method: 'GET',
				path: `/applications/${ id }`,
				signal: options.signal,
			} ),
		create: ( input: ApplicationInput, options: CallOptions = {} ) =>
			call< ApplicationWithHistory >( {
				method: 'POST',
				path: '/applications',
				body: input,
				signal: options.signal,
			} ),
		/**
		 * DELETE /applications/{id} (Settings): with its history, notes and ratings.
		 * @param id
		 * @param options
		 */
		delete: ( id: number, options: CallOptions = {} ) =>
			call< { deleted: true; previous: Application } >( {
				method: 'DELETE',
				path: `/applications/${ id }`,
				signal: options.signal,
			} ),
		setStatus: (
			id: number,
			input: StatusChangeInput,
			options: CallOptions = {}
		) =>
			call< ApplicationWithHistory >( {
				method: 'PUT',
				path: `/applications/${ id }/status`,
				body: input,
				signal: options.signal,
			} ),
		notes: (
			id: number,
			query: PageQuery = {},
			options: CallOptions = {}
		) =>
			list< Note >( {
				method: 'GET',
				path: `/applications/${ id }/notes`,
				query: { ...query },
				signal: options.signal,
			} ),
		addNote: ( id: number, content: string, options: CallOptions = {} ) =>
			call< Note >( {
				method: 'POST',
				path: `/applications/${ id }/notes`,
				body: { content },
				signal: options.signal,
			} ),
		rating: ( id: number, options: CallOptions = {} ) =>
			call< RatingSummary >( {
				method: 'GET',
				path: `/applications/${ id }/rating`,
				signal: options.signal,
			} ),
		rate: ( id: number, score: number, options: CallOptions = {} ) =>
			call< RatingSummary >( {
				method: 'PUT',
				path: `/applications/${ id }/rating`,
				body: { score },
				signal: options.signal,
			} ),
		unrate: ( id: number, options: CallOptions = {} ) =>
			call< RatingSummary >( {
				method: 'DELETE',
				path: `/applications/${ id }/rating`,
				signal: options.signal,
			} ),
	};
}

/**
 * Notes on an application.
 * @param calls      The client's ways of asking.
 * @param calls.call
 */
function notesRoutes( { call }: Calls ) {
	return {
		get: ( id: number, options: CallOptions = {} ) =>
			call< Note >( {
				method: 'GET',
				path: `/notes/${ id }`,
				signal: options.signal,
			} ),
		delete: ( id: number, options: CallOptions = {} ) =>
			call< { deleted: true; previous: Note } >( {
				method: 'DELETE',
				path: `/notes/${ id }`,
				signal: options.signal,
			} ),
	};
}

/**
 * API keys (`/api-keys`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 * @param calls.list
 */
function apiKeysRoutes( { call, list }: Calls ) {
	return {
		list: ( query: ApiKeyListQuery = {}, options: CallOptions = {} ) =>
			list< ApiKey >( {
				method: 'GET',
				path: '/api-keys',
				query: { ...query },
				signal: options.signal,
			} ),
		get: ( id: number, options: CallOptions = {} ) =>
			call< ApiKey >( {
				method: 'GET',
				path: `/api-keys/${ id }`,
				signal: options.signal,
			} ),
		/**
		 * Resolves with the key itself: shown once, never returned again.
		 * @param input
		 * @param options
		 */
		create: ( input: ApiKeyInput, options: CallOptions = {} ) =>
			call< CreatedApiKey >( {
				method: 'POST',
				path: '/api-keys',
				body: input,
				signal: options.signal,
			} ),
		update: (
			id: number,
			input: ApiKeyUpdate,
			options: CallOptions = {}
		) =>
			call< ApiKey >( {
				method: 'PUT',
				path: `/api-keys/${ id }`,
				body: input,
				signal: options.signal,
			} ),
		/**
		 * Revokes the key: it answers 401 from then on; the record stays with status "revoked".
		 * @param id
		 * @param options
		 */
		revoke: ( id: number, options: CallOptions = {} ) =>
			call< ApiKey >( {
				method: 'DELETE',
				path: `/api-keys/${ id }`,
				signal: options.signal,
			} ),
	};
}

/**
 * Webhooks and their deliveries (`/webhooks`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 * @param calls.list
 */
function webhooksRoutes( { call, list }: Calls ) {
	return {
		list: ( query: PageQuery = {}, options: CallOptions = {} ) =>
			list< Webhook >( {
				method: 'GET',
				path: '/webhooks',
				query: { ...query },
				signal: options.signal,
			} ),
		get: ( id: number, options: CallOptions = {} ) =>
			call< Webhook >( {
				method: 'GET',
				path: `/webhooks/${ id }`,
				signal: options.signal,
			} ),
		/**
		 * Resolves with the signing secret: shown once.
		 * @param input
		 * @param options
		 */
		create: ( input: WebhookInput, options: CallOptions = {} ) =>
			call< WebhookWithSecret >( {
				method: 'POST',
				path: '/webhooks',
				body: input,
				signal: options.signal,
			} ),
		update: (
			id: number,
			input: Partial< WebhookInput >,
			options: CallOptions = {}
		) =>
			call< Webhook >( {
				method: 'PUT',
				path: `/webhooks/${ id }`,
				body: input,
				signal: options.signal,
			} ),
		delete: ( id: number, options: CallOptions = {} ) =>
			call< { deleted: true; previous: Webhook } >( {
				method: 'DELETE',
				path: `/webhooks/${ id }`,
				signal: options.signal,
			} ),
		/**
		 * Queues a `webhook.test` delivery (sent by WP-Cron) and resolves with it.
		 * @param id
		 * @param options
		 */
		test: ( id: number, options: CallOptions = {} ) =>
			call< Delivery >( {
				method: 'POST',
				path: `/webhooks/${ id }/test`,
				signal: options.signal,
			} ),
		rotateSecret: ( id: number, options: CallOptions = {} ) =>
			call< WebhookWithSecret >( {
				method: 'POST',
				path: `/webhooks/${ id }/rotate-secret`,
				signal: options.signal,
			} ),
		deliveries: (
			id: number,
			query: DeliveryListQuery = {},
			options: CallOptions = {}
		) =>
			list< Delivery >( {
				method: 'GET',
				path: `/webhooks/${ id }/deliveries`,
				query: { ...query },
				signal: options.signal,
			} ),
		retryDelivery: (
			id: number,
			deliveryId: number,
			options: CallOptions = {}
		) =>
			call< Delivery >( {
				method: 'POST',
				path: `/webhooks/${ id }/deliveries/${ deliveryId }/retry`,
				signal: options.signal,
			} ),
	};
}

/**
 * The plugin settings (`/settings`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 */
function settingsRoutes( { call }: Calls ) {
	return {
		get: ( options: CallOptions = {} ) =>
			call< PluginSettings >( {
				method: 'GET',
				path: '/settings',
				signal: options.signal,
			} ),
		update: (
			input: Partial< PluginSettings >,
			options: CallOptions = {}
		) =>
			call< PluginSettings >( {
				method: 'PUT',
				path: '/settings',
				body: input,
				signal: options.signal,
			} ),
	};
}

/**
 * The current user's e-mail digest (`/digest-subscription`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 */
function digestSubscriptionRoutes( { call }: Calls ) {
	return {
		get: ( options: CallOptions = {} ) =>
			call< DigestSubscription >( {
				method: 'GET',
				path: '/digest-subscription',
				signal: options.signal,
			} ),
		update: (
			input: Partial< DigestSubscription >,
			options: CallOptions = {}
		) =>
			call< DigestSubscription >( {
				method: 'PUT',
				path: '/digest-subscription',
				body: input,
				signal: options.signal,
			} ),
	};
}

/**
 * The e-mail log (`/mail-log`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 * @param calls.list
 */
function mailLogRoutes( { call, list }: Calls ) {
	return {
		list: ( query: MailLogQuery = {}, options: CallOptions = {} ) =>
			list< MailMessage >( {
				method: 'GET',
				path: '/mail-log',
				query: { ...query },
				signal: options.signal,
			} ),
		/**
		 * Sends a failed e-mail again (WP-Cron sends it) and resolves with it.
		 * @param id
		 * @param options
		 */
		retry: ( id: number, options: CallOptions = {} ) =>
			call< MailMessage >( {
				method: 'POST',
				path: `/mail-log/${ id }/retry`,
				signal: options.signal,
			} ),
	};
}

/**
 * The retention rules, their preview and log (`/retention`).
 * @param calls      The client's ways of asking.
 * @param calls.call
 */
function retentionRoutes( { call }: Calls ) {
	return {
		get: ( options: CallOptions = {} ) =>
			call< RetentionSettings >( {
				method: 'GET',
				path: '/retention',
				signal: options.signal,
			} ),
		update: (
			rules: Partial< Record< RetentionRuleName, RetentionRule > >
		) =>
			call< RetentionSettings >( {
				method: 'PUT',
				path: '/retention',
				body: { rules },
			} ),
		preview: ( options: CallOptions = {} ) =>
			call< RetentionPreview >( {
				method: 'GET',
				path: '/retention/preview',
				signal: options.signal,
			} ),
		log: ( options: CallOptions = {} ) =>
			call< RetentionRun[] >( {
				method: 'GET',
				path: '/retention/log',
				signal: options.signal,
			} ),
	};
}

/**
 * The reports (`/reports/<name>`), as JSON or one CSV section.
 * @param calls           The client's ways of asking.
 * @param calls.call
 * @param calls.transport
 */
function reportsRoutes( { call, transport }: Calls ) {
	const report = reportRunner( transport );
	return {
		run: report,
		overview: async (
			query?: ReportQuery,
			options?: CallOptions
		): Promise< Compared< OverviewReport > > =>
			( await report( 'overview', query, options ) ).data,
		timeToHire: async (
			query?: ReportQuery,
			options?: CallOptions
		): Promise< Compared< TimeToHireReport > > =>
			( await report( 'time-to-hire', query, options ) ).data,
		funnel: async (
			query?: ReportQuery,
			options?: CallOptions
		): Promise< Compared< FunnelReport > > =>
			( await report( 'funnel', query, options ) ).data,
		sources: async (
			query?: ReportQuery,
			options?: CallOptions
		): Promise< Compared< SourcesReport > > =>
			( await report( 'sources', query, options ) ).data,
		timeToFill: async (
			query?: ReportQuery,
			options?: CallOptions
		): Promise< Compared< TimeToFillReport > > =>
			( await report( 'time-to-fill', query, options ) ).data,
		/**
		 * One section of a report as CSV text (BOM removed by the decoder).
		 * @param name
		 * @param section
		 * @param query
		 * @param options
		 */
		csv: async < N extends ReportName >(
			name: N,
			section: ReportSections[ N ],
			query?: ReportQuery,
			options: CallOptions = {}
		): Promise< string > =>
			call< string >( {
				...reportCsvRequest( name, section, query ),
				signal: options.signal,
			} ),
	};
}
