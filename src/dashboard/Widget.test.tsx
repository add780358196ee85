import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store as preferencesStore } from '@wordpress/preferences';

import {
	deferred,
	EMPTY_OVERVIEW,
	EMPTY_TIME_TO_HIRE,
	OVERVIEW,
	restError,
	scriptedTransport,
	TIME_TO_HIRE,
} from '../test-utils';
import { DashboardWidget } from './Widget';

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
		const { wrapper, calls } = scriptedTransport( {
			'GET /reports/overview': () => overview.promise,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		} );
		render( <DashboardWidget />, { wrapper } );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading report…'
		);
		// "Last 12 months" is the API's default period: no dates are sent.
		await waitFor( () => expect( calls ).toHaveLength( 2 ) );
		expect( calls[ 0 ].query ).toEqual( {
			date_from: undefined,
			date_to: undefined,
			job_id: undefined,
		} );

		await act( async () => overview.resolve( OVERVIEW ) );
		expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' );
		expect( figure( 'new_applications' ) ).toHaveTextContent( '412' );
		expect( figure( 'hires' ) ).toHaveTextContent( '17' );
		expect( figure( 'average_days' ) ).toHaveTextContent( '31.4 days' );
		expect( figure( 'median_days' ) ).toHaveTextContent( '29.5 days' );

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
		const { wrapper } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		} );
		render( <DashboardWidget />, { wrapper } );
		const conversion = await screen.findByRole( 'button', {
			name: 'Conversion',
		} );
		expect( conversion ).toHaveAttribute( 'aria-pressed', 'false' );
		await userEvent.click( conversion );
		expect( conversion ).toHaveAttribute( 'aria-pressed', 'true' );
		expect(
			screen.getByRole( 'table', {
				name: 'Conversion between stages',
				hidden: true,
			} )
		).toHaveTextContent( '81.23%' );
	} );

	it( 'shows the server’s error message and retries', async () => {
		let fail = true;
		const { wrapper } = scriptedTransport( {
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
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		} );
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

	it( 'says "no applications yet" when there is no data, not a row of zeros', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /reports/overview': () => EMPTY_OVERVIEW,
			'GET /reports/time-to-hire': () => EMPTY_TIME_TO_HIRE,
		} );
		render( <DashboardWidget />, { wrapper } );
		expect(
			await screen.findByText( 'No applications yet' )
		).toBeInTheDocument();
		expect( document.querySelector( '.rr-figures' ) ).toBeNull();
	} );

	it( 'shows zeros as "no hires" when there are applications but no hires', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => EMPTY_TIME_TO_HIRE,
		} );
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
		const { wrapper, calls: requests } = scriptedTransport( {
			'GET /reports/overview': () =>
				++calls === 1 ? OVERVIEW : next.promise,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		} );
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
		expect( requests.at( -1 )?.query ).toEqual( {
			date_from: '2025-04-21',
			date_to: '2025-05-20',
			job_id: undefined,
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
		const { wrapper, calls } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		} );
		render( <DashboardWidget />, { wrapper } );
		await waitFor( () =>
			expect( figure( 'active_jobs' ) ).toHaveTextContent( '9' )
		);
		expect( calls ).toHaveLength( 2 );
		const select = screen.getByLabelText( 'Report period' );
		for ( const period of [
			'last_30_days',
			'last_90_days',
			'year_to_date',
		] ) {
			await userEvent.selectOptions( select, period );
		}
		await waitFor( () => expect( calls ).toHaveLength( 4 ) );
		expect(
			calls.slice( 2 ).map( ( call ) => call.query?.date_from )
		).toEqual( [ '2025-01-01', '2025-01-01' ] );
		// Nothing else follows once the picker has settled.
		await new Promise( ( resolve ) => setTimeout( resolve, 400 ) );
		expect( calls ).toHaveLength( 4 );
	} );

	it( 'opens with the remembered period, remembers a new one and carries it to the Reports page', async () => {
		window.recruitingReports = {
			...window.recruitingReports,
			dashboardPeriod: 'last_90_days',
		};
		const { wrapper, calls, registry } = scriptedTransport( {
			'GET /reports/overview': () => OVERVIEW,
			'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		} );
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
} );
