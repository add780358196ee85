import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import {
	EMPTY_OVERVIEW,
	OVERVIEW,
	restError,
	scriptedTransport,
	TIME_TO_HIRE,
} from '../../test-utils';
import { filtersFromUrl, filtersToUrl, ReportsPage } from './ReportsPage';

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

beforeEach( () => {
	window.recruitingReports = {
		today: '2025-05-20',
		defaultPeriod: 'last_90_days',
		locale: 'en-US',
	};
	window.history.replaceState(
		null,
		'',
		'/wp-admin/admin.php?page=recruiting-reports'
	);
} );

describe( 'ReportsPage', () => {
	it( 'loads both reports for the default period and shows every table', async () => {
		const { wrapper, calls } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
			'GET /jobs': () => JOBS,
		} );
		render( <ReportsPage />, { wrapper } );
		await screen.findByRole( 'table', { name: 'Time to hire by month' } );
		const tables = screen.getAllByRole( 'table' );
		expect(
			tables.map( ( t ) => t.getAttribute( 'data-chart-table' ) )
		).toEqual( [
			'by_status',
			'conversion',
			'by_stage',
			'by_job',
			'trend',
		] );
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

	it( 'filters by a job and custom dates, and keeps them in the URL', async () => {
		const { wrapper, calls } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
			'GET /jobs': () => JOBS,
		} );
		render( <ReportsPage />, { wrapper } );
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
		const { wrapper, calls } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
			'GET /jobs': () => JOBS,
		} );
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
		const { wrapper } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => {
				throw restError(
					404,
					'resource_not_found',
					'No job with id 99.'
				);
			},
			'GET /jobs': () => JOBS,
		} );
		render( <ReportsPage />, { wrapper } );
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
		const missing = () => {
			throw restError(
				404,
				'resource_not_found',
				'No job with id 99999.'
			);
		};
		const { wrapper, calls } = scriptedTransport( {
			'GET /reports/overview': ( request ) =>
				request.query?.job_id ? missing() : OVERVIEW,
			'GET /reports/time-to-hire': ( request ) =>
				request.query?.job_id ? missing() : TIME_TO_HIRE,
			'GET /jobs': () => JOBS,
		} );
		render( <ReportsPage />, { wrapper } );
		expect(
			await screen.findByText( 'This job no longer exists.', {
				selector: '.components-notice__content',
			} )
		).toBeInTheDocument();
		expect(
			screen.queryByText( 'No job with id 99999.' )
		).not.toBeInTheDocument();
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

	it( 'shows an empty state for a site without data', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /reports/overview': () => EMPTY_OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
			'GET /jobs': () => [],
		} );
		render( <ReportsPage />, { wrapper } );
		expect(
			await screen.findByText( 'No recruiting data yet' )
		).toBeInTheDocument();
	} );

	it( 'says so when the job list cannot be loaded', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
			'GET /jobs': () => {
				throw restError(
					403,
					'insufficient_permissions',
					'You may not read jobs.'
				);
			},
		} );
		render( <ReportsPage />, { wrapper } );
		expect(
			await screen.findByText(
				'Jobs could not be loaded: You may not read jobs.'
			)
		).toBeInTheDocument();
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
