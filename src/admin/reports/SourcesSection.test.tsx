import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { SourcesReport } from '../../api/types';
import { drawChart } from '../../components/charts/draw';
import { restError, SOURCES } from '../../test-utils';
import { ReportBody } from './ReportBody';
import {
	expectFigures,
	expectMissingJobNotice,
	failing,
	OTHER_REPORTS,
	QUERY,
	renderReportsPage,
	renderWithFirstAnswerHeld,
	setUpReportsPage,
} from './test-fixtures';

jest.mock( '../../components/charts/draw', () => ( {
	drawChart: jest.fn( () => ( { update: jest.fn(), destroy: jest.fn() } ) ),
} ) );

/** The same period a year before: two sources, 250 applications, 19 hires. */
const EARLIER: SourcesReport = {
	period: { from: '2024-02-20', to: '2024-05-20' },
	sources: [
		{
			source: 'linkedin',
			applications: 150,
			hires: 10,
			conversion: 0.0667,
			average_days_to_hire: 20,
		},
		{
			source: 'direct',
			applications: 100,
			hires: 9,
			conversion: 0.09,
			average_days_to_hire: 15,
		},
	],
};

beforeEach( setUpReportsPage );

const figures = () =>
	document.querySelector(
		'dl[aria-label="Sources of applicants"]'
	) as HTMLElement;
const figure = ( id: string ) =>
	figures().querySelector( `[data-figure="${ id }"]` ) as HTMLElement;
const table = () =>
	screen.getByRole( 'table', { name: 'Applications and hires by source' } );
const row = ( name: string ) =>
	within( table() ).getByRole( 'row', { name: new RegExp( `^${ name }` ) } );

describe( 'Sources section', () => {
	it( 'shows the totals and every source with its hire rate and days to hire, each leading to its applicants', () => {
		render(
			<ReportBody name="sources" report={ SOURCES } query={ QUERY } />
		);
		expect( figures() ).toHaveTextContent(
			'Sources12Applications299Hires19Hire rate6.35%'
		);
		expect(
			document.querySelectorAll( '.rr-figure__change' )
		).toHaveLength( 0 );

		// Header and one row per source, in the API's order.
		expect( within( table() ).getAllByRole( 'row' ) ).toHaveLength( 13 );
		expect(
			within( table() )
				.getAllByRole( 'rowheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( SOURCES.sources.map( ( r ) => r.source ) );
		expect( row( 'linkedin' ) ).toHaveTextContent( 'linkedin12065%30.5' );
		expect( row( 'referral' ) ).toHaveTextContent( 'referral20525%12.4' );
		expect( row( 'university' ) ).toHaveTextContent(
			'university3133.33%25.0'
		);
		// No hires: no average, never "0.0 days".
		expect( row( 'careers-page' ) ).toHaveTextContent(
			'careers-page1000%—No hires'
		);

		const link = new URL(
			within( row( 'linkedin' ) )
				.getByRole( 'link', { name: 'linkedin' } )
				.getAttribute( 'href' ) ?? ''
		);
		expect( Object.fromEntries( link.searchParams ) ).toEqual( {
			page: 'recruiting-reports-applications',
			source: 'linkedin',
			applied_from: '2025-02-20',
			applied_to: '2025-05-20',
		} );

		const csv = screen.getByRole( 'link', { name: 'Download CSV' } );
		expect( csv ).toHaveAttribute( 'data-csv', 'sources:sources' );
		expect(
			Object.fromEntries(
				new URL( csv.getAttribute( 'href' ) ?? '' ).searchParams
			)
		).toEqual( {
			...QUERY,
			format: 'csv',
			section: 'sources',
		} );
	} );

	it( 'draws the top ten sources, all twelve after "Show all"; the table keeps every row', async () => {
		const draw = jest.mocked( drawChart );
		draw.mockClear();
		render(
			<ReportBody name="sources" report={ SOURCES } query={ QUERY } />
		);
		const drawn = () => {
			const chart = draw.mock.results.at( -1 )?.value;
			const spec =
				chart.update.mock.calls.at( -1 )?.[ 0 ] ??
				draw.mock.calls.at( -1 )?.[ 1 ];
			return spec.labels;
		};
		expect( drawn() ).toEqual(
			SOURCES.sources.slice( 0, 10 ).map( ( r ) => r.source )
		);
		expect( within( table() ).getAllByRole( 'row' ) ).toHaveLength( 13 );
		const toggle = screen.getByRole( 'button', { name: 'Show all (12)' } );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		await userEvent.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		expect( toggle ).toHaveTextContent( 'Show top 10 only' );
		expect( drawn() ).toHaveLength( 12 );
		expect( drawn().at( -1 ) ).toBe( 'podcast' );
	} );

	it( 'has no "Show all" with ten sources or fewer', () => {
		render(
			<ReportBody
				name="sources"
				report={ {
					...SOURCES,
					sources: SOURCES.sources.slice( 0, 10 ),
				} }
				query={ QUERY }
			/>
		);
		expect(
			screen.queryByRole( 'button', { name: /Show all/ } )
		).toBeNull();
	} );

	it( 'keeps the job filter in the drill-down links', () => {
		render(
			<ReportBody
				name="sources"
				report={ SOURCES }
				query={ { ...QUERY, job_id: 7 } }
			/>
		);
		const link = new URL(
			within( row( 'direct' ) )
				.getByRole( 'link', { name: 'direct' } )
				.getAttribute( 'href' ) ?? ''
		);
		expect( link.searchParams.get( 'job_id' ) ).toBe( '7' );
		expect( link.searchParams.get( 'source' ) ).toBe( 'direct' );
	} );

	it( 'shows the change of every figure against the comparison period', () => {
		render(
			<ReportBody
				name="sources"
				report={ { ...SOURCES, comparison: EARLIER } }
				query={ { ...QUERY, compare: 'previous_year' } }
			/>
		);
		expectFigures( {
			sources: '▲ 500%up 500% from the previous year',
			// 299 against 250.
			applications: '▲ 19.6%up 19.6% from the previous year',
			hires: 'no change from the previous year',
			// 6.35% against 7.6%.
			hire_rate: '▼ 16.4%down 16.4% from the previous year',
		} );
		const csv = new URL(
			screen
				.getByRole( 'link', { name: 'Download CSV' } )
				.getAttribute( 'href' ) ?? ''
		);
		expect( csv.searchParams.get( 'compare' ) ).toBe( 'previous_year' );
	} );

	it( 'says there were no applications instead of drawing zeros', () => {
		const empty = { ...SOURCES, sources: [] };
		render(
			<ReportBody
				name="sources"
				report={ { ...empty, comparison: EARLIER } }
				query={ { ...QUERY, compare: 'previous_period' } }
			/>
		);
		expect( figures() ).toHaveTextContent(
			'Sources0▼ 100%down 100% from the previous periodApplications0'
		);
		expect( figure( 'hire_rate' ) ).toHaveTextContent(
			'Hire rate—No applications in this period'
		);
		// Nothing to compare a rate that does not exist with.
		expect(
			figure( 'hire_rate' ).querySelector( '.rr-figure__change' )
		).toBeNull();
		expect(
			screen.getByText( 'No applications in this period.' )
		).toBeInTheDocument();
		expect( document.querySelector( 'canvas' ) ).toBeNull();
		expect( within( table() ).getAllByRole( 'row' ) ).toHaveLength( 1 );
	} );
} );

describe( 'Sources on the Reports page', () => {
	it( 'loads with a skeleton, shows the server’s message on failure, and Retry asks again', async () => {
		const page = renderWithFirstAnswerHeld(
			'rr-sources',
			'GET /reports/sources',
			SOURCES
		);
		await waitFor( () =>
			expect(
				page.section().querySelector( '[data-state="loading"]' )
			).not.toBeNull()
		);
		expect(
			page.calls.find( ( c ) => c.path === '/reports/sources' )?.query
		).toEqual( { ...QUERY, job_id: undefined } );

		page.first.reject(
			restError( 500, 'internal_error', 'The database went away.' )
		);
		expect(
			await within( page.section() ).findByText(
				'The database went away.'
			)
		).toBeInTheDocument();
		await page.retry();
		expect(
			await within( page.section() ).findByRole( 'table', {
				name: 'Applications and hires by source',
			} )
		).toBeInTheDocument();
		expect( page.asked() ).toBe( 2 );
	} );

	it( 'says the job no longer exists when only the sources report misses it', async () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=recruiting-reports&job_id=99999'
		);
		renderReportsPage( {
			...OTHER_REPORTS,
			'GET /reports/sources': failing(
				404,
				'resource_not_found',
				'No job with id 99999.'
			),
		} );
		await expectMissingJobNotice( 'No job with id 99999.' );
	} );
} );
