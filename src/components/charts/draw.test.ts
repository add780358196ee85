import { chartConfig, chartNumber, labelChars, truncateLabel } from './draw';
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

describe( 'long category labels', () => {
	const title =
		'Senior Staff Software Engineer, Platform Reliability, Observability, Developer Tooling, Accessibility and Developer Experience';
	const byJob: ChartSpec = {
		id: 'by_job',
		kind: 'bar',
		horizontal: true,
		title: 'Time to hire by job',
		categoryLabel: 'Job',
		labels: [ title, 'Porter' ],
		series: [
			{
				label: 'Average days',
				values: [ 12, 3 ],
				unit: 'days',
				color: '#00727a',
			},
		],
	};

	it( 'cuts a label at its end with an ellipsis, keeping short ones whole', () => {
		expect( truncateLabel( title, 30 ) ).toBe(
			'Senior Staff Software Enginee…'
		);
		expect( Array.from( truncateLabel( title, 30 ) ) ).toHaveLength( 30 );
		expect( truncateLabel( 'Porter', 30 ) ).toBe( 'Porter' );
		// No dangling space before the ellipsis, and characters beyond the BMP count once.
		expect( truncateLabel( 'Head of 🚀 Growth and more', 11 ) ).toBe(
			'Head of 🚀…'
		);
	} );

	it( 'gives a horizontal chart’s labels 45% of its width', () => {
		expect( labelChars( 650, true ) ).toBe( 48 );
		expect( labelChars( 300, true ) ).toBe( 22 );
		expect( labelChars( 40, true ) ).toBe( 8 );
	} );

	it( 'draws the axis label cut at its end and shows the full title in the tooltip', () => {
		const config = chartConfig( byJob ) as any;
		const tick = config.options.scales.y.ticks.callback.call(
			{
				getLabelForValue: ( index: number ) => byJob.labels[ index ],
				chart: { width: 400 },
			},
			0
		);
		expect( tick ).toBe( 'Senior Staff Software Enginee…' );
		expect(
			config.options.scales.y.ticks.callback.call(
				{
					getLabelForValue: ( index: number ) =>
						byJob.labels[ index ],
					chart: { width: 400 },
				},
				1
			)
		).toBe( 'Porter' );
		const lines = config.options.plugins.tooltip.callbacks.title( [
			{ dataIndex: 0 },
		] );
		expect( lines.join( ' ' ) ).toBe( title );
		expect(
			Math.max( ...lines.map( ( line: string ) => line.length ) )
		).toBeLessThanOrEqual( 40 );
	} );
} );

describe( 'an earlier period overlaid', () => {
	it( 'is dashed with other points and gets a legend', () => {
		const config = chartConfig( {
			id: 'trend',
			kind: 'line',
			title: 'Time to hire by month',
			categoryLabel: 'Month',
			labels: [ 'Mar 2025', 'Apr 2025' ],
			series: [
				{
					label: 'Average days',
					values: [ 30, 20 ],
					unit: 'days',
					color: '#2271b1',
				},
				{
					label: 'Average days, 2024',
					values: [ 25, 0 ],
					missing: [ false, true ],
					unit: 'days',
					color: '#646970',
					earlier: true,
				},
			],
		} ) as any;
		const [ current, earlier ] = config.data.datasets;
		expect( current.borderDash ).toBeUndefined();
		expect( earlier ).toMatchObject( {
			label: 'Average days, 2024',
			data: [ 25, null ],
			borderColor: '#646970',
			borderDash: [ 6, 4 ],
			pointStyle: 'triangle',
		} );
		expect( config.options.plugins.legend.display ).toBe( true );
		// Its legend entry is its triangle marker, not a dashed box.
		expect( config.options.plugins.legend.labels.usePointStyle ).toBe(
			true
		);
	} );
} );
