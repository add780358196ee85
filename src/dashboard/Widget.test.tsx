import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store as preferencesStore } from '@wordpress/preferences';

import type { TransportRequest } from '../api/transport';
import type { FunnelReport, TimeToFillReport } from '../api/types';
import {
	deferred,
	EMPTY_OVERVIEW,
	EMPTY_TIME_TO_HIRE,
	OVERVIEW,
	restError,
	scriptedTransport,
	TIME_TO_HIRE,
	type Route,
} from '../test-utils';
import { DashboardWidget } from './Widget';

const stage = ( name: string, reached: number, conversion: number ) => ( {
	stage: name as FunnelReport[ 'stages' ][ number ][ 'stage' ],
	reached,
	conversion_from_previous: conversion,
} );

const FUNNEL: FunnelReport = {
	period: { from: '2024-06-01', to: '2025-05-20' },
	stages: [
		stage( 'new', 412, 1 ),
		stage( 'screening', 300, 0.7282 ),
		stage( 'interview', 120, 0.4 ),
		stage( 'offer', 25, 0.2083 ),
		stage( 'hired', 17, 0.68 ),
	],
	outcomes: { rejected: 250, withdrawn: 40, in_progress: 105 },
	offer_acceptance_rate: 0.85,
};

const TIME_TO_FILL: TimeToFillReport = {
	period: { from: '2024-06-01', to: '2025-05-20' },
	overall: { average_days: 40, median_days: 38, min_days: 10, max_days: 90 },
	by_job: [],
	trend: [],
	open_jobs: { count: 4, average_age_days: 21.5 },
};

/**
 * The widget's four reports.
 * @param overrides Routes that replace some of them.
 */
function reports( overrides: Record< string, Route > = {} ) {
	return {
		'GET /reports/overview': () => OVERVIEW,
		'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		'GET /reports/funnel': () => FUNNEL,
		'GET /reports/time-to-fill': () => TIME_TO_FILL,
		...overrides,
	};
}

/**
 * Requests for one report.
 * @param report Report name.
 * @param calls  Every request made.
 */
const to = ( report: string, calls: TransportRequest[] ) =>
	calls.filter( ( call ) => call.path === `/reports/${ report }` );

/**
 * The report requests (the stale candidates' count asks /applications beside them).
 * @param calls Every request made.
 */
const reportCalls = ( calls: TransportRequest[] ) =>
	calls.filter( ( call ) => call.path.startsWith( '/reports/' ) );

jest.mock( '../components/charts/draw', () => ( {
	drawChart: jest.fn( () => ( { update: jest.fn(), destroy: jest.fn() } ) ),
} ) );

beforeEach( () => {
	window.recruitingReports = {
		today: '2025-05-20',
		defaultPeriod: 'last_12_months',
		reportsUrl: '/wp-admin/admin.php?page=recruiting-reports',
		locale: 'en-US',
	};
} );

function figure( id: string ) {
	return document.querySelector(
		`[data-figure="${ id }"] .rr-figure__value`
	);
}

describe( 'DashboardWidget', () => {
	it( 'shows a skeleton while loading, then the figures, charts and tables', async () => {
		const overview = deferred< unknown >();
		const { wrapper, calls } = scriptedTransport(
			reports( { 'GET /reports/overview': () => overview.promise } )
		);
		render( <DashboardWidget />, { wrapper } );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading report…'
		);
		// "Last 12 months" is the API's default period: no dates are sent, and no comparison.
		await waitFor( () => expect( reportCalls( calls ) ).toHaveLength( 4 ) );
		expect( calls[ 0 ].query ).toEqual( {
			date_from: undefined,
			date_to: undefined,
			job_id: undefined,
			compare: undefined,
		} );

		await act( async () => overview.resolve( OVERVIEW ) );
		expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' );
		expect( figure( 'new_applications' ) ).toHaveTextContent( '412' );
		expect( figure( 'hires' ) ).toHaveTextContent( '17' );
		expect( figure( 'average_days' ) ).toHaveTextContent( '31.4 days' );
		expect( figure( 'median_days' ) ).toHaveTextContent( '29.5 days' );
		expect( figure( 'offer_acceptance_rate' ) ).toHaveTextContent( '85%' );
		expect( figure( 'open_jobs' ) ).toHaveTextContent( '4' );
		expect(
			screen.getByText( 'no hire yet, open 21.5 days on average' )
		).toBeInTheDocument();
		// Without a comparison, no figure shows a change.
		expect( document.querySelector( '.rr-figure__change' ) ).toBeNull();

		const status = screen.getByRole( 'table', {
			name: 'All applications by current status',
			hidden: true,
		} );
		expect(
			within( status ).getByRole( 'row', {
				name: /Rejected/,
				hidden: true,
			} )
		).toHaveTextContent( '301' );
		const trend = screen.getByRole( 'table', {
			name: 'Time to hire by month',
			hidden: true,
		} );
		expect(
			within( trend ).getAllByRole( 'row', { hidden: true } )
		).toHaveLength( 4 );
		expect(
			screen.getByText( 'June 1, 2024 – May 20, 2025' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Open the Reports page' } )
		).toHaveAttribute(
			'href',
			'/wp-admin/admin.php?page=recruiting-reports&period=last_12_months'
		);
	} );

	it( 'switches the pipeline chart between status and conversion', async () => {
		const { wrapper } = scriptedTransport( reports() );
		render( <DashboardWidget />, { wrapper } );
		const toggle = await screen.findByRole( 'radiogroup', {
			name: 'Pipeline chart',
		} );
		const conversion = within( toggle ).getByRole( 'radio', {
			name: 'Conversion',
		} );
		expect(
			within( toggle ).getByRole( 'radio', { name: 'By status' } )
		).toBeChecked();
		expect( conversion ).not.toBeChecked();
		await userEvent.click( conversion );
		expect( conversion ).toBeChecked();
		expect(
			screen.getByRole( 'table', {
				name: 'Conversion between stages',
				hidden: true,
			} )
		).toHaveTextContent( '81.23%' );
	} );

	it( 'offers each table as CSV for the widget’s period, following the pipeline toggle', async () => {
		window.recruitingReports = {
			...window.recruitingReports,
			restUrl: 'http://example.test/wp-json/recruiting/v1/',
			restNonce: 'n0nce',
		};
		const { wrapper } = scriptedTransport( reports() );
		render( <DashboardWidget />, { wrapper } );
		const toggle = await screen.findByRole( 'radiogroup', {
			name: 'Pipeline chart',
		} );
		const links = () =>
			screen
				.getAllByRole( 'link', { name: 'Download CSV', hidden: true } )
				.map(
					( link ) => new URL( link.getAttribute( 'href' ) ?? '' )
				);
		expect( links().map( ( url ) => url.pathname ) ).toEqual( [
			'/wp-json/recruiting/v1/reports/overview',
			'/wp-json/recruiting/v1/reports/time-to-hire',
		] );
		// The default period (last 12 months) is the server's default: no dates, as in the report request.
		expect( Object.fromEntries( links()[ 0 ].searchParams ) ).toEqual( {
			format: 'csv',
			section: 'by_status',
		} );
		expect( links()[ 1 ].searchParams.get( 'section' ) ).toBe( 'trend' );
		await userEvent.click(
			within( toggle ).getByRole( 'radio', { name: 'Conversion' } )
		);
		expect( links()[ 0 ].searchParams.get( 'section' ) ).toBe(
			'conversion'
		);
	} );

	it( 'shows the server’s error message and retries', async () => {
		let fail = true;
		const { wrapper } = scriptedTransport(
			reports( {
				'GET /reports/overview': () => {
					if ( fail ) {
						throw restError(
							500,
							'internal_error',
							'The report could not be computed.'
						);
					}
					return OVERVIEW;
				},
			} )
		);
		render( <DashboardWidget />, { wrapper } );
		expect(
			await screen.findByText( 'The report could not be computed.' )
		).toBeInTheDocument();
		fail = false;
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Retry' } )
		);
		await waitFor( () =>
			expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' )
		);
		expect(
			screen.queryByText( 'The report could not be computed.' )
		).not.toBeInTheDocument();
	} );

	it( 'explains how applications get in on an empty site, not a row of zeros', async () => {
		window.recruitingReports = {
			...window.recruitingReports,
			settingsUrl: '/wp-admin/admin.php?page=recruiting-reports-settings',
			restUrl: '/wp-json/recruiting/v1/',
			can: {
				readJobs: true,
				readApplications: true,
				manageSettings: true,
				writeApplications: true,
			},
		};
		const { wrapper } = scriptedTransport(
			reports( {
				'GET /reports/overview': () => EMPTY_OVERVIEW,
				'GET /reports/time-to-hire': () => EMPTY_TIME_TO_HIRE,
			} )
		);
		render( <DashboardWidget />, { wrapper } );
		expect(
			await screen.findByText( 'No applications yet' )
		).toBeInTheDocument();
		expect( document.querySelector( '.rr-figures' ) ).toBeNull();
		expect(
			screen.getByText( 'POST /wp-json/recruiting/v1/applications' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Settings › API keys' } )
		).toHaveAttribute(
			'href',
			'/wp-admin/admin.php?page=recruiting-reports-settings#rr-api-keys-title'
		);
		expect(
			screen.getByRole( 'link', { name: /The API’s description/ } )
		).toHaveAttribute( 'href', '/wp-json/recruiting/v1/openapi.json' );
		// Still a way to the Reports page.
		expect(
			screen.getByRole( 'link', { name: 'Open the Reports page' } )
		).toBeInTheDocument();
	} );

	it( 'sends users who cannot create keys to an administrator instead of a page they may not open', async () => {
		const { wrapper } = scriptedTransport(
			reports( { 'GET /reports/overview': () => EMPTY_OVERVIEW } )
		);
		render( <DashboardWidget />, { wrapper } );
		expect(
			await screen.findByText( /an administrator creates one/ )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'link', { name: 'Settings › API keys' } )
		).toBeNull();
	} );

	it( 'shows zeros as "no hires" when there are applications but no hires', async () => {
		const { wrapper } = scriptedTransport(
			reports( {
				'GET /reports/time-to-hire': () => EMPTY_TIME_TO_HIRE,
			} )
		);
		render( <DashboardWidget />, { wrapper } );
		await waitFor( () =>
			expect( figure( 'hires' ) ).toHaveTextContent( '0' )
		);
		expect( figure( 'average_days' ) ).toHaveTextContent( '—' );
		expect(
			screen.getAllByText( 'No hires in this period' ).length
		).toBeGreaterThan( 0 );
		expect(
			screen.getByText( 'No hires in this period.' )
		).toBeInTheDocument();
	} );

	it( 'keeps the old figures under a busy state on a period change and renames the title', async () => {
		const next = deferred< unknown >();
		let calls = 0;
		const { wrapper, calls: requests } = scriptedTransport(
			reports( {
				'GET /reports/overview': () =>
					++calls === 1 ? OVERVIEW : next.promise,
			} )
		);
		const title = document.createElement( 'h2' );
		render( <DashboardWidget titleElement={ title } />, { wrapper } );
		expect( title ).toHaveTextContent( 'Recruiting: Last 12 months' );
		await waitFor( () =>
			expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' )
		);

		await userEvent.selectOptions(
			screen.getByLabelText( 'Report period' ),
			'last_30_days'
		);
		expect( title ).toHaveTextContent( 'Recruiting: Last 30 days' );
		expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' );
		expect( document.querySelector( '.rr-busy' ) ).toHaveAttribute(
			'aria-busy',
			'true'
		);
		await waitFor( () =>
			expect(
				requests.find( ( r ) => r.query?.date_from === '2025-04-21' )
			).toBeTruthy()
		);
		expect( to( 'overview', requests ).at( -1 )?.query ).toEqual( {
			date_from: '2025-04-21',
			date_to: '2025-05-20',
			job_id: undefined,
			compare: undefined,
		} );

		await act( async () =>
			next.resolve( {
				...OVERVIEW,
				jobs: { ...OVERVIEW.jobs, active: 4 },
			} )
		);
		expect( figure( 'active_jobs' ) ).toHaveTextContent( '4' );
		expect( document.querySelector( '.rr-busy' ) ).toHaveAttribute(
			'aria-busy',
			'false'
		);
	} );

	it( 'asks only for the period the user stops at when stepping through the picker', async () => {
		const { wrapper, calls } = scriptedTransport( reports() );
		render( <DashboardWidget />, { wrapper } );
		await waitFor( () =>
			expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' )
		);
		expect( reportCalls( calls ) ).toHaveLength( 4 );
		const select = screen.getByLabelText( 'Report period' );
		for ( const period of [
			'last_30_days',
			'last_90_days',
			'year_to_date',
		] ) {
			await userEvent.selectOptions( select, period );
		}
		await waitFor( () => expect( reportCalls( calls ) ).toHaveLength( 8 ) );
		expect(
			reportCalls( calls )
				.slice( 4 )
				.map( ( call ) => call.query?.date_from )
		).toEqual( [ '2025-01-01', '2025-01-01', '2025-01-01', '2025-01-01' ] );
		// Nothing else follows once the picker has settled.
		await new Promise( ( resolve ) => setTimeout( resolve, 400 ) );
		expect( reportCalls( calls ) ).toHaveLength( 8 );
	} );

	it( 'opens with the remembered period, remembers a new one and carries it to the Reports page', async () => {
		window.recruitingReports = {
			...window.recruitingReports,
			dashboardPeriod: 'last_90_days',
		};
		const { wrapper, calls, registry } = scriptedTransport( reports() );
		render( <DashboardWidget />, { wrapper } );
		await waitFor( () =>
			expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' )
		);
		expect( calls[ 0 ].query?.date_from ).toBe( '2025-02-20' );
		expect( screen.getByLabelText( 'Report period' ) ).toHaveValue(
			'last_90_days'
		);
		const link = () =>
			screen.getByRole( 'link', { name: 'Open the Reports page' } );
		expect( link() ).toHaveAttribute(
			'href',
			'/wp-admin/admin.php?page=recruiting-reports&period=last_90_days'
		);

		await userEvent.selectOptions(
			screen.getByLabelText( 'Report period' ),
			'year_to_date'
		);
		expect(
			registry
				.select( preferencesStore )
				.get( 'recruiting-reports', 'dashboardPeriod' )
		).toBe( 'year_to_date' );
		expect( link() ).toHaveAttribute(
			'href',
			'/wp-admin/admin.php?page=recruiting-reports&period=year_to_date'
		);
	} );

	it( 'compares with the previous period: each period figure shows its change, the choice is remembered and carried', async () => {
		const earlier = {
			overview: {
				...OVERVIEW,
				period: { from: '2023-07-01', to: '2024-05-31' },
				applications: {
					...OVERVIEW.applications,
					new_this_period: 515,
				},
			},
			timeToHire: {
				...TIME_TO_HIRE,
				overall: { ...TIME_TO_HIRE.overall, average_days: 31.4 },
				// 10 hires then, 17 now.
				trend: [ { month: '2024-01', average_days: 31.4, hires: 10 } ],
			},
			funnel: { ...FUNNEL, offer_acceptance_rate: 0 },
		};
		const { wrapper, calls, registry } = scriptedTransport(
			reports( {
				'GET /reports/overview': ( request ) =>
					request.query?.compare
						? { ...OVERVIEW, comparison: earlier.overview }
						: OVERVIEW,
				'GET /reports/time-to-hire': ( request ) =>
					request.query?.compare
						? { ...TIME_TO_HIRE, comparison: earlier.timeToHire }
						: TIME_TO_HIRE,
				'GET /reports/funnel': ( request ) =>
					request.query?.compare
						? { ...FUNNEL, comparison: earlier.funnel }
						: FUNNEL,
			} )
		);
		render( <DashboardWidget />, { wrapper } );
		await waitFor( () =>
			expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' )
		);
		const picker = screen.getByLabelText( 'Compare with' );
		expect( picker ).toHaveValue( '' );
		await userEvent.selectOptions( picker, 'previous_period' );

		await waitFor( () =>
			expect(
				document.querySelector( '[data-figure="hires"] [data-change]' )
			).not.toBeNull()
		);
		for ( const report of [ 'overview', 'time-to-hire', 'funnel' ] ) {
			expect( to( report, calls ).at( -1 )?.query?.compare ).toBe(
				'previous_period'
			);
		}
		// Open jobs are "as of now": asked once, without the comparison.
		expect( to( 'time-to-fill', calls ) ).toHaveLength( 1 );
		expect( to( 'time-to-fill', calls )[ 0 ].query?.compare ).toBe(
			undefined
		);

		const change = ( id: string ) =>
			document.querySelector( `[data-figure="${ id }"] [data-change]` );
		// 412 against 515: down 20%.
		expect( change( 'new_applications' ) ).toHaveAttribute(
			'data-change',
			'down'
		);
		expect( change( 'new_applications' ) ).toHaveTextContent(
			'down 20% from the previous period'
		);
		// 17 against 10: up 70%.
		expect( change( 'hires' ) ).toHaveTextContent( '▲ 70%' );
		expect( change( 'average_days' ) ).toHaveAttribute(
			'data-change',
			'same'
		);
		// Nothing to compare with: the earlier rate was 0.
		expect( change( 'offer_acceptance_rate' ) ).toHaveTextContent( '—' );
		// Figures "as of now" are the same in both periods: no change shown.
		expect( change( 'active_jobs' ) ).toBeNull();
		expect( change( 'open_jobs' ) ).toBeNull();
		expect(
			screen.getByText( 'compared with July 1, 2023 – May 31, 2024' )
		).toBeInTheDocument();

		expect(
			registry
				.select( preferencesStore )
				.get( 'recruiting-reports', 'dashboardCompare' )
		).toBe( 'previous_period' );
		expect(
			screen.getByRole( 'link', { name: 'Open the Reports page' } )
		).toHaveAttribute(
			'href',
			'/wp-admin/admin.php?page=recruiting-reports&period=last_12_months&compare=previous_period'
		);

		// Back to no comparison: remembered as such, and the link drops it.
		await userEvent.selectOptions( picker, '' );
		expect(
			registry
				.select( preferencesStore )
				.get( 'recruiting-reports', 'dashboardCompare' )
		).toBe( '' );
		expect(
			screen.getByRole( 'link', { name: 'Open the Reports page' } )
		).toHaveAttribute(
			'href',
			'/wp-admin/admin.php?page=recruiting-reports&period=last_12_months'
		);
	} );

	it( 'opens with the remembered comparison and asks for it from the first request', async () => {
		window.recruitingReports = {
			...window.recruitingReports,
			dashboardCompare: 'previous_year',
		};
		const { wrapper, calls } = scriptedTransport( reports() );
		render( <DashboardWidget />, { wrapper } );
		await waitFor( () => expect( reportCalls( calls ) ).toHaveLength( 4 ) );
		expect( screen.getByLabelText( 'Compare with' ) ).toHaveValue(
			'previous_year'
		);
		expect( to( 'overview', calls )[ 0 ].query?.compare ).toBe(
			'previous_year'
		);
		expect( to( 'funnel', calls )[ 0 ].query?.compare ).toBe(
			'previous_year'
		);
	} );
} );
