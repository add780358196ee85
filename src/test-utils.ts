/**
 * Test helpers: a scripted transport (no network) and sample report data.
 */
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { store as preferencesStore } from '@wordpress/preferences';
import { createElement, type ReactNode } from 'react';

import { createClient, type Client } from './api/client';
import { errorFromResponse } from './api/errors';
import type { Transport, TransportRequest } from './api/transport';
import type {
	OverviewReport,
	SourcesReport,
	TimeToFillReport,
	TimeToHireReport,
} from './api/types';
import { createRecruitingStore } from './store/store';

export function fakeHeaders( values: Record< string, string > = {} ): Headers {
	const lower = Object.fromEntries(
		Object.entries( values ).map( ( [ k, v ] ) => [ k.toLowerCase(), v ] )
	);
	return {
		get: ( name: string ) => lower[ name.toLowerCase() ] ?? null,
	} as unknown as Headers;
}

export type Route = (
	request: TransportRequest
) => unknown | Promise< unknown >;

/**
 * Thrown from a route to answer with an error: `throw restError( 403, 'insufficient_permissions', '…' )`.
 * @param status
 * @param code
 * @param message
 */
export function restError( status: number, code: string, message: string ) {
	return errorFromResponse( status, { code, message, data: { status } } );
}

/**
 * A transport answering from `routes` ("GET /reports/overview" → handler). Every request is
 * recorded in `calls`. A handler may return a Promise to control timing.
 * @param routes
 */
export function scriptedTransport( routes: Record< string, Route > ) {
	const calls: TransportRequest[] = [];
	const transport: Transport = async < T >( request: TransportRequest ) => {
		calls.push( request );
		const route = routes[ `${ request.method } ${ request.path }` ];
		if ( ! route ) {
			throw restError(
				404,
				'rest_no_route',
				`No route ${ request.path }`
			);
		}
		const data = ( await route( request ) ) as T;
		return { data, status: 200, headers: fakeHeaders() };
	};
	const client = createClient( transport );
	const registry = storeRegistry( client );
	return {
		transport,
		calls,
		client,
		registry,
		wrapper: ( { children }: { children: ReactNode } ) =>
			createElement( RegistryProvider, { value: registry }, children ),
	};
}

/**
 * A fresh registry (for `render( ui, { wrapper } )`) holding the recruiting-reports store over
 * `client` and core/preferences, so every test starts with an empty cache.
 * @param client
 */
export function storeRegistry( client: Client ) {
	const registry = createRegistry();
	registry.register( createRecruitingStore( client ) );
	registry.register( preferencesStore );
	return registry;
}

export function deferred< T >() {
	let resolve!: ( value: T ) => void;
	let reject!: ( error: unknown ) => void;
	const promise = new Promise< T >( ( res, rej ) => {
		resolve = res;
		reject = rej;
	} );
	return { promise, resolve, reject };
}

export const OVERVIEW: OverviewReport = {
	period: { from: '2024-06-01', to: '2025-05-20' },
	jobs: { total: 12, active: 9, new_this_period: 2 },
	applications: {
		total: 600,
		new_this_period: 412,
		by_status: {
			new: 40,
			screening: 61,
			interview: 35,
			offer: 12,
			hired: 88,
			rejected: 301,
			withdrawn: 63,
		},
	},
	conversion: {
		application_to_screening: 0.8123,
		screening_to_interview: 0.5,
		interview_to_offer: 0.4567,
		offer_to_hire: 0.9,
	},
	hires_this_period: 88,
	avg_time_to_hire_days: 31.4,
};

export const TIME_TO_HIRE: TimeToHireReport = {
	period: { from: '2024-06-01', to: '2025-05-20' },
	overall: {
		average_days: 31.4,
		median_days: 29.5,
		min_days: 6.2,
		max_days: 88.1,
	},
	by_stage: {
		new_to_screening: 3.2,
		screening_to_interview: 8.5,
		interview_to_offer: 10.1,
		offer_to_hire: 9.6,
	},
	by_job: [
		{
			job_id: 3,
			job_title: 'Registered Nurse',
			average_days: 28.5,
			hires: 14,
		},
		{ job_id: 7, job_title: 'Porter', average_days: 40, hires: 3 },
	],
	trend: [
		{ month: '2025-03', average_days: 30.2, hires: 9 },
		{ month: '2025-04', average_days: 0, hires: 0 },
		{ month: '2025-05', average_days: 33.3, hires: 8 },
	],
};

export const EMPTY_OVERVIEW: OverviewReport = {
	...OVERVIEW,
	jobs: { total: 0, active: 0, new_this_period: 0 },
	applications: {
		total: 0,
		new_this_period: 0,
		by_status: {
			new: 0,
			screening: 0,
			interview: 0,
			offer: 0,
			hired: 0,
			rejected: 0,
			withdrawn: 0,
		},
	},
	conversion: {
		application_to_screening: 0,
		screening_to_interview: 0,
		interview_to_offer: 0,
		offer_to_hire: 0,
	},
	hires_this_period: 0,
	avg_time_to_hire_days: 0,
};

export const EMPTY_TIME_TO_HIRE: TimeToHireReport = {
	...TIME_TO_HIRE,
	overall: { average_days: 0, median_days: 0, min_days: 0, max_days: 0 },
	by_stage: {
		new_to_screening: 0,
		screening_to_interview: 0,
		interview_to_offer: 0,
		offer_to_hire: 0,
	},
	by_job: [],
	trend: [
		{ month: '2025-04', average_days: 0, hires: 0 },
		{ month: '2025-05', average_days: 0, hires: 0 },
	],
};

const source = (
	name: string,
	applications: number,
	hires: number,
	conversion: number,
	averageDays: number
) => ( {
	source: name,
	applications,
	hires,
	conversion,
	average_days_to_hire: averageDays,
} );

/** Twelve sources (more than the ten shown before "Show all"): 299 applications, 19 hires. */
export const SOURCES: SourcesReport = {
	period: { from: '2025-02-20', to: '2025-05-20' },
	sources: [
		source( 'linkedin', 120, 6, 0.05, 30.5 ),
		source( 'direct', 80, 4, 0.05, 21 ),
		source( 'indeed', 40, 2, 0.05, 18.3 ),
		source( 'referral', 20, 5, 0.25, 12.4 ),
		source( 'careers-page', 10, 0, 0, 0 ),
		source( 'glassdoor', 8, 1, 0.125, 40 ),
		source( 'job-fair', 6, 0, 0, 0 ),
		source( 'newsletter', 5, 0, 0, 0 ),
		source( 'twitter', 4, 0, 0, 0 ),
		source( 'university', 3, 1, 0.3333, 25 ),
		source( 'meetup', 2, 0, 0, 0 ),
		source( 'podcast', 1, 0, 0, 0 ),
	],
};

export const TIME_TO_FILL: TimeToFillReport = {
	period: { from: '2025-02-20', to: '2025-05-20' },
	overall: {
		average_days: 34.2,
		median_days: 30.2,
		min_days: -2.5,
		max_days: 75,
	},
	by_job: [
		{
			job_id: 3,
			job_title: 'Registered Nurse',
			opened: '2025-01-10',
			filled: '2025-03-26',
			days: 75,
		},
		{
			job_id: 7,
			job_title: 'Porter',
			opened: '2025-03-01',
			filled: '2025-03-31',
			days: 30.2,
		},
		// An imported hire that predates the job's creation.
		{
			job_id: 9,
			job_title: 'Night Porter',
			opened: '2025-04-02',
			filled: '2025-03-31',
			days: -2.5,
		},
	],
	trend: [
		{ month: '2025-02', average_days: 0, jobs: 0 },
		{ month: '2025-03', average_days: 34.2, jobs: 3 },
		{ month: '2025-04', average_days: 0, jobs: 0 },
		{ month: '2025-05', average_days: 0, jobs: 0 },
	],
	open_jobs: { count: 4, average_age_days: 45.5 },
};
