import { chartConfig, chartNumber } from './draw';
import type { ChartSpec } from './spec';

const conversion: ChartSpec = {
	id: 'conversion',
	kind: 'bar',
	horizontal: true,
	title: 'Conversion',
	categoryLabel: 'Step',
	labels: [ 'A', 'B' ],
	series: [
		{
			label: 'Rate',
			values: [ 0.5, 0.25 ],
			unit: 'percent',
			color: '#2271b1',
		},
		{
			label: 'Hires',
			values: [ 1, 2 ],
			unit: 'count',
			color: '#007017',
			chart: false,
		},
	],
};

describe( 'chartConfig', () => {
	it( 'charts only chart series, along the right axis, with percent ticks up to 100%', () => {
		const config = chartConfig( conversion ) as any;
		expect( config.type ).toBe( 'bar' );
		expect( config.data.datasets ).toHaveLength( 1 );
		expect( config.data.datasets[ 0 ].data ).toEqual( [ 0.5, 0.25 ] );
		expect( config.options.indexAxis ).toBe( 'y' );
		expect( config.options.scales.x.max ).toBe( 1 );
		expect( config.options.scales.x.ticks.callback( 0.5 ) ).toBe( '50%' );
		expect( config.options.plugins.legend.display ).toBe( false );
	} );

	it( 'gives doughnuts a legend and no axes, and uses the theme colours', () => {
		const config = chartConfig(
			{ ...conversion, kind: 'doughnut', horizontal: false },
			{ text: 'rgb(255, 255, 255)', grid: 'red' }
		) as any;
		expect( config.options.scales ).toEqual( {} );
		expect( config.options.plugins.legend.display ).toBe( true );
		expect( config.options.plugins.legend.labels.color ).toBe(
			'rgb(255, 255, 255)'
		);
	} );

	it( 'draws points without data as gaps, not as zero', () => {
		const config = chartConfig( {
			id: 'trend',
			kind: 'line',
			title: 'Trend',
			categoryLabel: 'Month',
			labels: [ 'Jan', 'Feb', 'Mar' ],
			series: [
				{
					label: 'Average days',
					values: [ 20, 0, 30 ],
					unit: 'days',
					color: '#2271b1',
					missing: [ false, true, false ],
				},
			],
		} ) as any;
		expect( config.data.datasets[ 0 ].data ).toEqual( [ 20, null, 30 ] );
		expect( config.data.datasets[ 0 ].spanGaps ).toBe( false );
	} );

	it( 'formats numbers per unit', () => {
		expect( chartNumber( 12.345, 'days' ) ).toBe( '12.3' );
		expect( chartNumber( 1234, 'count' ) ).toBe( '1,234' );
		expect( chartNumber( 0.4532, 'percent' ) ).toBe( '45.32%' );
	} );
} );
