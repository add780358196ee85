import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { TimeToFillReport } from '../../api/types';
import { restError, TIME_TO_FILL } from '../../test-utils';
import {
	expectFigures,
	QUERY,
	renderWithFirstAnswerHeld,
	setUpReportsPage,
} from './test-fixtures';
import { ReportBody } from './ReportBody';

jest.mock( '../../components/charts/draw', () => ( {
	drawChart: jest.fn( () => ( { update: jest.fn(), destroy: jest.fn() } ) ),
} ) );

/** The previous period: one job filled in 40 days; the same jobs open now. */
const EARLIER: TimeToFillReport = {
	period: { from: '2024-11-22', to: '2025-02-19' },
	overall: {
		average_days: 40,
		median_days: 40,
		min_days: 40,
		max_days: 40,
	},
	by_job: [
		{
			job_id: 2,
			job_title: 'Cook',
			opened: '2024-11-01',
			filled: '2024-12-11',
			days: 40,
		},
	],
	trend: [
		{ month: '2024-11', average_days: 0, jobs: 0 },
		{ month: '2024-12', average_days: 40, jobs: 1 },
		{ month: '2025-01', average_days: 0, jobs: 0 },
		{ month: '2025-02', average_days: 0, jobs: 0 },
	],
	open_jobs: TIME_TO_FILL.open_jobs,
};

const EMPTY: TimeToFillReport = {
	period: TIME_TO_FILL.period,
	overall: { average_days: 0, median_days: 0, min_days: 0, max_days: 0 },
	by_job: [],
	trend: TIME_TO_FILL.trend.map( ( row ) => ( {
		...row,
		average_days: 0,
		jobs: 0,
	} ) ),
	open_jobs: { count: 0, average_age_days: 0 },
};

beforeEach( setUpReportsPage );

const figures = ( label: string ) =>
	document.querySelector( `dl[aria-label="${ label }"]` ) as HTMLElement;
const figure = ( id: string ) =>
	document.querySelector( `[data-figure="${ id }"]` ) as HTMLElement;
const jobsTable = () =>
	screen.getByRole( 'table', { name: 'Time to fill by job' } );
const trendTable = () =>
	screen.getByRole( 'table', { name: 'Time to fill by month' } );

describe( 'Time to fill section', () => {
	it( 'shows the period’s filled jobs, the jobs open now, every filled job with its dates and the trend', () => {
		render(
			<ReportBody
				name="time-to-fill"
				report={ TIME_TO_FILL }
				query={ QUERY }
			/>
		);
		expect( figures( 'Time to fill' ) ).toHaveTextContent(
			// A fill below zero says which job was hired before its creation (an import can date it so).
			'Jobs filled3Average time to fill34.2 daysMedian time to fill30.2 daysFastest fill-2.5 daysNegative: hired before the job was created (Night Porter)Slowest fill75.0 days'
		);
		expect( figures( 'Open now' ) ).toHaveTextContent(
			'Open jobs4Average age of open jobs45.5 days'
		);
		expect(
			document.querySelectorAll( '.rr-figure__change' )
		).toHaveLength( 0 );

		const rows = within( jobsTable() ).getAllByRole( 'row' );
		expect( rows.map( ( r ) => r.textContent ) ).toEqual( [
			'JobOpenedFilledDays',
			'Registered NurseJanuary 10, 2025March 26, 202575.0',
			'PorterMarch 1, 2025March 31, 202530.2',
			// Hired before the job was created (an import): negative, as the API states it.
			'Night PorterApril 2, 2025March 31, 2025-2.5',
		] );
		const link = new URL(
			within( jobsTable() )
				.getByRole( 'link', { name: 'Porter' } )
				.getAttribute( 'href' ) ?? ''
		);
		expect( Object.fromEntries( link.searchParams ) ).toEqual( {
			page: 'recruiting-reports-applications',
			job_id: '7',
			reached: 'hired',
		} );

		// Months without a filled job: "—", never a 0-day fill.
		expect(
			within( trendTable() )
				.getAllByRole( 'row' )
				.map( ( r ) => r.textContent )
		).toEqual( [
			'MonthAverage daysJobs filled',
			'Feb 2025—No jobs filled0',
			'Mar 202534.23',
			'Apr 2025—No jobs filled0',
			'May 2025—No jobs filled0',
		] );

		expect(
			screen
				.getAllByRole( 'link', { name: 'Download CSV' } )
				.map( ( csv ) => csv.getAttribute( 'data-csv' ) )
		).toEqual( [ 'time-to-fill:by_job', 'time-to-fill:trend' ] );
	} );

	it( 'lists the ten slowest filled jobs, all of them after "Show all"', async () => {
		const many = Array.from( { length: 12 }, ( _, i ) => ( {
			job_id: 100 + i,
			job_title: `Job ${ i + 1 }`,
			opened: '2025-01-01',
			filled: '2025-03-01',
			days: 90 - i,
		} ) );
		render(
			<ReportBody
				name="time-to-fill"
				report={ { ...TIME_TO_FILL, by_job: many } }
				query={ QUERY }
			/>
		);
		expect(
			within( jobsTable() ).getAllByRole( 'rowheader' )
		).toHaveLength( 10 );
		expect( figure( 'jobs_filled' ) ).toHaveTextContent( 'Jobs filled12' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Show all (12)' } )
		);
		expect(
			within( jobsTable() )
				.getAllByRole( 'rowheader' )
				.map( ( cell ) => cell.textContent )
				.slice( 9 )
		).toEqual( [ 'Job 10', 'Job 11', 'Job 12' ] );
	} );

	it( 'shows the change of every figure against the comparison period', () => {
		render(
			<ReportBody
				name="time-to-fill"
				report={ { ...TIME_TO_FILL, comparison: EARLIER } }
				query={ { ...QUERY, compare: 'previous_period' } }
			/>
		);
		expectFigures( {
			jobs_filled: '▲ 200%up 200% from the previous period',
			// 34.2 against 40.
			average_days: '▼ 14.5%down 14.5% from the previous period',
			median_days: '▼ 24.5%down 24.5% from the previous period',
			min_days: '▼ 106.3%down 106.3% from the previous period',
			max_days: '▲ 87.5%up 87.5% from the previous period',
			// "As of now": the same in both periods.
			open_jobs: 'no change from the previous period',
			open_jobs_age: 'no change from the previous period',
		} );
		// The earlier months overlaid on the trend, month n beside month n.
		expect(
			within( trendTable() )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [
			'Month',
			'Average days',
			'Jobs filled',
			'Average days, November 22, 2024 – February 19, 2025',
			'Jobs filled, November 22, 2024 – February 19, 2025',
		] );
		expect(
			within( trendTable() )
				.getAllByRole( 'row' )
				.slice( 1 )
				.map( ( row ) => row.textContent )
		).toEqual( [
			'Feb 2025—No jobs filled0—No jobs filled0',
			'Mar 202534.2340.01',
			'Apr 2025—No jobs filled0—No jobs filled0',
			'May 2025—No jobs filled0—No jobs filled0',
		] );
		for ( const csv of screen.getAllByRole( 'link', {
			name: 'Download CSV',
		} ) ) {
			expect(
				new URL( csv.getAttribute( 'href' ) ?? '' ).searchParams.get(
					'compare'
				)
			).toBe( 'previous_period' );
		}
	} );

	it( 'says no job was filled instead of showing 0 days', () => {
		const { unmount } = render(
			<ReportBody
				name="time-to-fill"
				report={ { ...EMPTY, comparison: EARLIER } }
				query={ { ...QUERY, compare: 'previous_period' } }
			/>
		);
		expect( figures( 'Time to fill' ) ).toHaveTextContent(
			'Jobs filled0▼ 100%down 100% from the previous periodAverage time to fill—No jobs filled in this period'
		);
		expect( figure( 'average_days' ) ).not.toHaveTextContent( '0.0' );
		expect( figures( 'Open now' ) ).toHaveTextContent(
			'Open jobs0▼ 100%down 100% from the previous periodAverage age of open jobs—No open jobs'
		);
		expect(
			screen.queryByRole( 'table', { name: 'Time to fill by job' } )
		).toBeNull();
		expect(
			screen.getAllByText( 'No jobs filled in this period.' )
		).toHaveLength( 1 );
		// The earlier period filled a job: its month is still drawn.
		expect( document.querySelector( 'canvas' ) ).not.toBeNull();
		unmount();

		render(
			<ReportBody name="time-to-fill" report={ EMPTY } query={ QUERY } />
		);
		expect(
			screen.getAllByText( 'No jobs filled in this period.' )
		).toHaveLength( 2 );
		expect( document.querySelector( 'canvas' ) ).toBeNull();
	} );
} );

describe( 'Time to fill on the Reports page', () => {
	it( 'shows the server’s message on failure, and Retry asks again', async () => {
		const page = renderWithFirstAnswerHeld(
			'rr-time-to-fill',
			'GET /reports/time-to-fill',
			TIME_TO_FILL
		);
		page.first.reject(
			restError( 503, 'internal_error', 'The report is being rebuilt.' )
		);
		expect(
			await within( page.section() ).findByText(
				'The report is being rebuilt.'
			)
		).toBeInTheDocument();
		await page.retry();
		expect(
			await within( page.section() ).findByRole( 'table', {
				name: 'Time to fill by job',
			} )
		).toBeInTheDocument();
		expect( page.asked() ).toBe( 2 );
	} );
} );
