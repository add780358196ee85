import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import {
	CAREERS,
	EMPTY_OVERVIEW,
	OVERVIEW,
	scriptedTransport,
	SOURCES,
	TIME_TO_FILL,
	TIME_TO_HIRE,
} from '../../test-utils';
import { filtersFromUrl, filtersToUrl, ReportsPage } from './ReportsPage';
import {
	expectMissingJobNotice,
	failing,
	OTHER_REPORTS,
	renderReportsPage,
	setUpReportsPage,
} from './test-fixtures';

jest.mock( '../../components/charts/draw', () => ( {
	drawChart: jest.fn( () => ( { update: jest.fn(), destroy: jest.fn() } ) ),
} ) );

const JOBS = [
	{
		id: 3,
		title: 'Registered Nurse',
		status: 'publish',
		created_at: '2024-01-01T00:00:00Z',
	},
	{
		id: 7,
		title: 'Porter',
		status: 'closed',
		created_at: '2024-01-01T00:00:00Z',
	},
];

const stage = ( name: string, reached: number, conversion: number ) => ( {
	stage: name,
	reached,
	conversion_from_previous: conversion,
} );

const FUNNEL = {
	period: { from: '2025-02-20', to: '2025-05-20' },
	stages: [
		stage( 'new', 200, 1 ),
		stage( 'screening', 150, 0.75 ),
		stage( 'interview', 60, 0.4 ),
		stage( 'offer', 20, 0.3333 ),
		stage( 'hired', 12, 0.6 ),
	],
	outcomes: { rejected: 120, withdrawn: 18, in_progress: 50 },
	offer_acceptance_rate: 0.8,
};

/** The tables (and CSV sections) of the reports shown by default: overview and time to hire. */
const DEFAULT_TABLES = [
	'by_status',
	'conversion',
	'by_stage',
	'by_job',
	'trend',
];

/** Every report the page asks for by default, and a site with two jobs. */
const ROUTES = { ...OTHER_REPORTS, 'GET /jobs': () => JOBS };

beforeEach( setUpReportsPage );

describe( 'ReportsPage', () => {
	it( 'loads both reports for the default period and shows every table', async () => {
		const calls = renderReportsPage( ROUTES );
		await screen.findByRole( 'table', { name: 'Time to hire by month' } );
		const tables = screen.getAllByRole( 'table' );
		expect(
			tables.map( ( t ) => t.getAttribute( 'data-chart-table' ) )
		).toEqual( DEFAULT_TABLES );
		const report = calls.find( ( c ) => c.path === '/reports/overview' );
		expect( report?.query ).toEqual( {
			date_from: '2025-02-20',
			date_to: '2025-05-20',
			job_id: undefined,
		} );
		const byJob = screen.getByRole( 'table', {
			name: 'Time to hire by job',
		} );
		expect(
			within( byJob ).getByRole( 'row', { name: /Registered Nurse/ } )
		).toHaveTextContent( '28.5' );
		expect( window.location.search ).toContain( 'period=last_90_days' );
	} );

	it( 'compares with the period in the URL: the change of every figure, CSV links with the filters', async () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=recruiting-reports&period=last_90_days&compare=previous_period'
		);
		const calls = renderReportsPage( {
			...ROUTES,
			'GET /reports/overview': () => ( {
				...OVERVIEW,
				comparison: {
					...OVERVIEW,
					jobs: { ...OVERVIEW.jobs, new_this_period: 0 },
					applications: {
						...OVERVIEW.applications,
						new_this_period: 368,
					},
					avg_time_to_hire_days: 39.25,
				},
			} ),
		} );
		await screen.findByRole( 'table', { name: 'Time to hire by month' } );
		const figures = document.querySelector(
			'dl[aria-label="Recruiting overview"]'
		) as HTMLElement;
		const figure = ( id: string ) =>
			figures.querySelector( `[data-figure="${ id }"]` ) as HTMLElement;
		expect( figure( 'new_applications' ) ).toHaveTextContent(
			'▲ 12%up 12% from the previous period'
		);
		expect( figure( 'avg_time_to_hire' ) ).toHaveTextContent(
			'▼ 20%down 20% from the previous period'
		);
		expect( figure( 'active_jobs' ) ).toHaveTextContent(
			'no change from the previous period'
		);
		expect( figure( 'new_jobs' ) ).toHaveTextContent(
			'—nothing to compare with in the previous period'
		);
		expect(
			calls.find( ( c ) => c.path === '/reports/overview' )?.query
		).toEqual( {
			date_from: '2025-02-20',
			date_to: '2025-05-20',
			compare: 'previous_period',
		} );
		// Time to hire came without a comparison: no change shown.
		expect(
			document.querySelectorAll(
				'[data-report="rr-time-to-hire"] .rr-figure__change'
			)
		).toHaveLength( 0 );

		const csv = screen
			.getAllByRole( 'link', { name: 'Download CSV' } )
			.map( ( link ) => new URL( link.getAttribute( 'href' ) ?? '' ) );
		expect( csv ).toHaveLength( 5 );
		expect( csv[ 0 ].pathname ).toBe(
			'/wp-json/recruiting/v1/reports/overview'
		);
		expect( Object.fromEntries( csv[ 0 ].searchParams ) ).toEqual( {
			compare: 'previous_period',
			date_from: '2025-02-20',
			date_to: '2025-05-20',
			format: 'csv',
			section: 'by_status',
		} );
		expect(
			csv.map( ( url ) => url.searchParams.get( 'section' ) )
		).toEqual( DEFAULT_TABLES );

		await userEvent.selectOptions(
			screen.getByLabelText( 'Compare with' ),
			'previous_year'
		);
		await waitFor( () =>
			expect( window.location.search ).toContain(
				'compare=previous_year'
			)
		);
		await userEvent.selectOptions(
			screen.getByLabelText( 'Compare with' ),
			''
		);
		await waitFor( () =>
			expect( window.location.search ).not.toContain( 'compare' )
		);
	} );

	it( 'overlays the earlier period on the trend: a column per earlier series, named with its dates', async () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=recruiting-reports&period=last_90_days&compare=previous_year'
		);
		renderReportsPage( {
			...ROUTES,
			'GET /reports/time-to-hire': () => ( {
				...TIME_TO_HIRE,
				comparison: {
					...TIME_TO_HIRE,
					period: { from: '2024-02-20', to: '2024-05-20' },
					trend: [
						{ month: '2024-03', average_days: 21.5, hires: 4 },
						{ month: '2024-04', average_days: 18, hires: 2 },
						{ month: '2024-05', average_days: 0, hires: 0 },
					],
				},
			} ),
		} );
		const table = await screen.findByRole( 'table', {
			name: 'Time to hire by month',
		} );
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [
			'Month',
			'Average days',
			'Hires',
			'Average days, February 20, 2024 – May 20, 2024',
			'Hires, February 20, 2024 – May 20, 2024',
		] );
		const rows = within( table ).getAllByRole( 'row' ).slice( 1 );
		expect(
			rows.map( ( row ) =>
				within( row )
					.getAllByRole( 'cell' )
					.map( ( cell ) => cell.getAttribute( 'data-value' ) )
			)
		).toEqual( [
			[ '30.2', '9', '21.5', '4' ],
			[ '0', '0', '18', '2' ],
			[ '33.3', '8', '0', '0' ],
		] );
		// A month without earlier hires is "—", not "0.0 days".
		expect(
			within( rows[ 2 ] ).getAllByRole( 'cell' )[ 2 ]
		).toHaveTextContent( '—No hires' );
	} );

	it( 'shows the funnel: stages with reached counts and step conversion, outcomes, offer acceptance', async () => {
		renderReportsPage( {
			...ROUTES,
			'GET /reports/funnel': () => FUNNEL,
		} );
		const table = await screen.findByRole( 'table', {
			name: 'Applications reaching each stage',
		} );
		expect(
			within( table ).getByRole( 'row', { name: /Offer/ } )
		).toHaveTextContent( 'Offer2033.33%' );
		expect(
			within( table ).getByRole( 'row', { name: /Hired/ } )
		).toHaveTextContent( 'Hired1260%' );
		const figures = document.querySelector(
			'dl[aria-label="Hiring funnel"]'
		) as HTMLElement;
		expect( figures ).toHaveTextContent(
			'Offer acceptance80%In progress50Rejected120Withdrawn18'
		);
		expect(
			screen
				.getAllByRole( 'link', { name: 'Download CSV' } )
				.map( ( link ) => link.getAttribute( 'data-csv' ) )
		).toContain( 'funnel:stages' );
	} );

	it( 'filters by a job and custom dates, and keeps them in the URL', async () => {
		const calls = renderReportsPage( ROUTES );
		await screen.findAllByRole( 'table' );

		await userEvent.selectOptions(
			screen.getByLabelText( 'Period' ),
			'custom'
		);
		await userEvent.type( screen.getByLabelText( 'From' ), '2025-01-01' );
		await userEvent.type( screen.getByLabelText( 'To' ), '2025-03-31' );
		const combobox = screen.getByRole( 'combobox', { name: 'Job' } );
		await userEvent.click( combobox );
		await userEvent.click(
			await screen.findByRole( 'option', { name: 'Porter (closed)' } )
		);

		await waitFor( () =>
			expect(
				calls.filter( ( c ) => c.path === '/reports/overview' ).at( -1 )
					?.query
			).toEqual( {
				date_from: '2025-01-01',
				date_to: '2025-03-31',
				job_id: 7,
			} )
		);
		expect( window.location.search ).toContain( 'period=custom' );
		expect( window.location.search ).toContain( 'date_from=2025-01-01' );
		expect( window.location.search ).toContain( 'job_id=7' );
	}, 20_000 );

	it( 'does not send a range whose start is after its end', async () => {
		const { wrapper, calls } = scriptedTransport( ROUTES );
		window.history.replaceState(
			null,
			'',
			'?page=recruiting-reports&period=custom&date_from=2025-03-01&date_to=2025-03-31'
		);
		render( <ReportsPage />, { wrapper } );
		await screen.findAllByRole( 'table' );
		const from = screen.getByLabelText( 'From' );
		await userEvent.clear( from );
		// An empty start is a valid range: let its (debounced) request go out first.
		await waitFor( () =>
			expect(
				calls.filter(
					( c ) => c.query?.date_to && ! c.query?.date_from
				)
			).toHaveLength( 2 )
		);
		const before = calls.length;
		await userEvent.type( from, '2025-04-15' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'The start date is after the end date.'
		);
		expect(
			calls
				.slice( before )
				.filter( ( c ) => c.path.startsWith( '/reports' ) )
		).toHaveLength( 0 );
	} );

	it( 'shows each report’s error on its own, with Retry', async () => {
		renderReportsPage( {
			...ROUTES,
			'GET /reports/funnel': () => FUNNEL,
			'GET /reports/sources': () => SOURCES,
			'GET /reports/time-to-fill': () => TIME_TO_FILL,
			'GET /reports/careers': () => CAREERS,
			// The reports declared with headline figures only (issue #26) answer too: one error on the page.
			'GET /reports/rejections': () => ( { period: OVERVIEW.period } ),
			'GET /reports/pipeline': () => ( { period: OVERVIEW.period } ),
			'GET /reports/activity': () => ( { period: OVERVIEW.period } ),
			'GET /reports/time-to-hire': failing(
				404,
				'resource_not_found',
				'No job with id 99.'
			),
		} );
		expect(
			await screen.findByText( 'No job with id 99.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Retry' } )
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'table', {
				name: 'All applications by current status',
			} )
		).toBeInTheDocument();
	} );

	it( 'says once that a deleted job no longer exists, and offers all jobs', async () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=recruiting-reports&job_id=99999'
		);
		const missing = failing(
			404,
			'resource_not_found',
			'No job with id 99999.'
		);
		const calls = renderReportsPage( {
			...ROUTES,
			'GET /reports/overview': ( request ) =>
				request.query?.job_id ? missing() : OVERVIEW,
			'GET /reports/time-to-hire': ( request ) =>
				request.query?.job_id ? missing() : TIME_TO_HIRE,
		} );
		await expectMissingJobNotice( 'No job with id 99999.' );
		expect(
			screen.queryByRole( 'button', { name: 'Retry' } )
		).not.toBeInTheDocument();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Show all jobs' } )
		);
		expect(
			await screen.findByRole( 'table', {
				name: 'All applications by current status',
			} )
		).toBeInTheDocument();
		expect( window.location.search ).not.toContain( 'job_id' );
		expect( calls.at( -1 )?.query?.job_id ).toBeUndefined();
	} );

	it( 'never shows a report’s own error beside the missing job’s notice, not even for a moment', async () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=recruiting-reports&job_id=99999'
		);
		const missing = failing(
			404,
			'resource_not_found',
			'No job with id 99999.'
		);
		const errorsShown: string[] = [];
		const observer = new MutationObserver( ( records ) => {
			for ( const record of records ) {
				record.addedNodes.forEach( ( node ) => {
					if (
						node instanceof HTMLElement &&
						( node.matches( '.rr-error' ) ||
							node.querySelector( '.rr-error' ) )
					) {
						errorsShown.push( node.textContent ?? '' );
					}
				} );
			}
		} );
		observer.observe( document.body, { childList: true, subtree: true } );
		// Every report of the registry (the #26 ones included) misses the job; the page's own order of answers.
		const routes = Object.fromEntries(
			[
				'overview',
				'time-to-hire',
				'funnel',
				'sources',
				'time-to-fill',
				'careers',
				'rejections',
				'pipeline',
				'activity',
			].map( ( name ) => [ `GET /reports/${ name }`, missing ] )
		);
		renderReportsPage( { ...routes, 'GET /jobs': () => JOBS } );
		await expectMissingJobNotice( 'No job with id 99999.' );
		await waitFor( () =>
			expect(
				document.querySelectorAll( '.rr-report-section' )
			).toHaveLength( 0 )
		);
		observer.disconnect();
		expect( errorsShown ).toEqual( [] );
		expect(
			document.querySelectorAll( '.rr-page .components-notice' )
		).toHaveLength( 1 );
	} );

	it( 'explains how applications get in on a site without any, instead of every section’s zeros', async () => {
		renderReportsPage( {
			...OTHER_REPORTS,
			'GET /reports/overview': () => EMPTY_OVERVIEW,
			'GET /reports/funnel': () => FUNNEL,
		} );
		expect(
			await screen.findByText( 'No applications yet' )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'POST /wp-json/recruiting/v1/import' )
		).toBeInTheDocument();
		expect( document.querySelector( '.rr-report-section' ) ).toBeNull();
		expect( document.querySelector( '.rr-figures' ) ).toBeNull();
		// The filters stay: a job filter shows that job's (empty) report as usual.
		expect( screen.getByLabelText( 'Compare with' ) ).toBeInTheDocument();
	} );

	it( 'says so when the job list cannot be loaded', async () => {
		renderReportsPage( {
			...ROUTES,
			'GET /jobs': failing(
				403,
				'insufficient_permissions',
				'You may not read jobs.'
			),
		} );
		expect(
			await screen.findByText(
				'Jobs could not be loaded: You may not read jobs.'
			)
		).toBeInTheDocument();
	} );

	it( '“E-mail me this” adds the report to the user’s digest (weekly when there is none) and says so, or why not', async () => {
		const off = {
			frequency: 'off',
			reports: [ 'overview', 'time-to-hire' ],
		};
		let stored: Record< string, unknown > = off;
		const calls = renderReportsPage( {
			...ROUTES,
			'GET /digest-subscription': () => stored,
			'PUT /digest-subscription': ( request ) => {
				stored = { ...stored, ...( request.body as object ) };
				return stored;
			},
		} );
		const user = userEvent.setup();
		const puts = () =>
			calls
				.filter( ( call ) => call.method === 'PUT' )
				.map( ( call ) => call.body );
		await user.click(
			await screen.findByRole( 'button', {
				name: 'E-mail me this (Time to hire)',
			} )
		);
		expect(
			await screen.findByText(
				/This report is now in your e-mail digest/,
				{
					selector: '.components-notice__content',
				}
			)
		).toBeInTheDocument();
		expect( puts() ).toEqual( [
			{ frequency: 'weekly', reports: [ 'time-to-hire' ] },
		] );
		// Subscribed already: the report is added, the rhythm kept.
		await user.click(
			screen.getByRole( 'button', {
				name: 'E-mail me this (Recruiting overview)',
			} )
		);
		await waitFor( () => expect( puts() ).toHaveLength( 2 ) );
		expect( puts()[ 1 ] ).toEqual( {
			reports: [ 'time-to-hire', 'overview' ],
		} );
	} );

	it( '“E-mail me this” shows the server’s refusal', async () => {
		renderReportsPage( {
			...ROUTES,
			'GET /digest-subscription': failing(
				403,
				'insufficient_permissions',
				'Only users who may read applications receive digests.'
			),
		} );
		await userEvent.setup().click(
			await screen.findByRole( 'button', {
				name: 'E-mail me this (Recruiting overview)',
			} )
		);
		expect(
			await screen.findByText(
				'Only users who may read applications receive digests.',
				{ selector: '.components-notice__content' }
			)
		).toBeInTheDocument();
		expect(
			screen.queryByText( /This report is now in your e-mail digest/ )
		).not.toBeInTheDocument();
	} );
} );

describe( 'filters in the URL', () => {
	it( 'round-trips and ignores junk', () => {
		const fallback = { period: 'last_12_months' as const, jobId: 0 };
		expect(
			filtersFromUrl( '?period=nonsense&job_id=-3', fallback )
		).toEqual( fallback );
		const filters = {
			period: 'custom' as const,
			dateFrom: '2025-01-01',
			dateTo: '2025-02-01',
			jobId: 4,
		};
		const url = filtersToUrl(
			'http://x.test/wp-admin/admin.php?page=recruiting-reports',
			filters
		);
		expect( filtersFromUrl( new URL( url ).search, fallback ) ).toEqual(
			filters
		);
	} );
} );
