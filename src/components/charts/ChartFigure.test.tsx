import { render, screen, within } from '@testing-library/react';

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
