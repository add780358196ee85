import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ChartFigure } from './ChartFigure';
import { drawChart } from './draw';
import type { ChartSpec } from './spec';

jest.mock( './draw', () => ( {
	drawChart: jest.fn( () => ( { update: jest.fn(), destroy: jest.fn() } ) ),
} ) );
const mockedDraw = drawChart as jest.Mock;

const spec: ChartSpec = {
	id: 'conversion',
	kind: 'bar',
	horizontal: true,
	title: 'Conversion between stages',
	categoryLabel: 'Step',
	labels: [ 'Application → screening', 'Offer → hire' ],
	series: [
		{
			label: 'Conversion rate',
			values: [ 0.8123, 0.9 ],
			unit: 'percent',
			color: '#2271b1',
		},
		{
			label: 'Hires',
			values: [ 3, 4 ],
			unit: 'count',
			color: '#007017',
			chart: false,
		},
	],
};

describe( 'ChartFigure', () => {
	beforeEach( () => mockedDraw.mockClear() );

	it( 'draws the chart and renders an accessible data table', () => {
		render( <ChartFigure spec={ spec } tableOpen /> );
		expect( mockedDraw ).toHaveBeenCalledWith(
			expect.any( HTMLCanvasElement ),
			spec
		);
		expect( screen.getByRole( 'img' ) ).toHaveAccessibleName(
			'Conversion between stages. The numbers are in the data table.'
		);
		const table = screen.getByRole( 'table', {
			name: 'Conversion between stages',
		} );
		expect(
			within( table ).getByRole( 'columnheader', {
				name: 'Conversion rate',
			} )
		).toBeInTheDocument();
		const row = within( table ).getByRole( 'row', {
			name: /Offer → hire/,
		} );
		expect( within( row ).getByRole( 'rowheader' ) ).toHaveTextContent(
			'Offer → hire'
		);
		const cells = within( row ).getAllByRole( 'cell' );
		expect( cells[ 0 ] ).toHaveTextContent( '90%' );
		expect( cells[ 0 ] ).toHaveAttribute( 'data-value', '0.9' );
		expect( cells[ 1 ] ).toHaveTextContent( '4' );
		expect( screen.getByRole( 'figure' ) ).toHaveAccessibleName(
			'Conversion between stages'
		);
	} );

	it( 'shows rates with the API’s precision', () => {
		render( <ChartFigure spec={ spec } tableOpen /> );
		expect( screen.getByText( '81.23%' ) ).toBeInTheDocument();
	} );

	it( 'shows a message instead of an all-zero chart, and still the table', () => {
		const zero: ChartSpec = {
			...spec,
			series: spec.series.map( ( s ) => ( { ...s, values: [ 0, 0 ] } ) ),
		};
		render(
			<ChartFigure
				spec={ zero }
				emptyMessage="No applications in this period."
			/>
		);
		expect( mockedDraw ).not.toHaveBeenCalled();
		expect(
			screen.getByText( 'No applications in this period.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'table', { hidden: true } )
		).toBeInTheDocument();
	} );
} );

describe( 'ChartFigure with many categories', () => {
	const jobs = Array.from( { length: 60 }, ( _, i ) => `Job ${ i + 1 }` );
	const many: ChartSpec = {
		id: 'by_job',
		kind: 'bar',
		horizontal: true,
		title: 'Time to hire by job',
		categoryLabel: 'Job',
		labels: jobs,
		series: [
			{
				label: 'Average days',
				values: jobs.map( ( _, i ) => i + 1 ),
				unit: 'days',
				color: '#00727a',
			},
		],
		links: jobs.map( ( _, i ) => `#job-${ i + 1 }` ),
	};

	beforeEach( () => mockedDraw.mockClear() );

	it( 'draws the top ten with "Show all (60)", keeps all 60 rows in a collapsed table', async () => {
		const { container } = render(
			<ChartFigure
				spec={ many }
				tableOpen
				limit={ 10 }
				height={ ( rows ) => 40 + 28 * rows }
			/>
		);
		const drawn = mockedDraw.mock.calls[ 0 ][ 1 ] as ChartSpec;
		expect( drawn.labels ).toEqual( jobs.slice( 0, 10 ) );
		expect( drawn.series[ 0 ].values ).toEqual( [
			1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		] );
		expect( drawn.links ).toHaveLength( 10 );
		const canvasBox = container.querySelector(
			'.rr-chart__canvas'
		) as HTMLElement;
		expect( canvasBox.style.height ).toBe( '320px' );
		expect( screen.getByRole( 'img' ) ).toHaveAccessibleName(
			'Time to hire by job, top 10 of 60. The numbers are in the data table.'
		);

		const details = container.querySelector( 'details' );
		expect( details ).not.toHaveAttribute( 'open' );
		expect( details?.querySelector( 'summary' ) ).toHaveTextContent(
			'Data table (60 rows)'
		);
		expect( screen.getAllByRole( 'row', { hidden: true } ).length ).toBe(
			61
		);

		const toggle = screen.getByRole( 'button', { name: 'Show all (60)' } );
		expect( toggle ).toHaveAttribute( 'aria-controls', canvasBox.id );
		await userEvent.click( toggle );
		const update = mockedDraw.mock.results[ 0 ].value.update as jest.Mock;
		expect( update ).toHaveBeenLastCalledWith( many );
		expect( canvasBox.style.height ).toBe( `${ 40 + 28 * 60 }px` );
		expect( toggle ).toHaveFocus();
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
	} );

	it( 'has no toggle when the categories fit', () => {
		render(
			<ChartFigure
				spec={ {
					...many,
					labels: jobs.slice( 0, 3 ),
					series: [ { ...many.series[ 0 ], values: [ 1, 2, 3 ] } ],
				} }
				limit={ 10 }
			/>
		);
		expect( screen.queryByRole( 'button' ) ).not.toBeInTheDocument();
	} );
} );
