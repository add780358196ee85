import { overlayEarlier, sliceSpec, type ChartSpec } from './spec';

const trend: ChartSpec = {
	id: 'trend',
	kind: 'line',
	title: 'Time to hire by month',
	categoryLabel: 'Month',
	labels: [ 'Mar 2025', 'Apr 2025', 'May 2025' ],
	series: [
		{
			label: 'Average days',
			values: [ 30.2, 0, 33.3 ],
			unit: 'days',
			color: '#2271b1',
			missing: [ false, true, false ],
		},
		{
			label: 'Hires',
			values: [ 9, 0, 8 ],
			unit: 'count',
			color: '#007017',
			chart: false,
		},
	],
	links: [ '#mar', '#apr', '#may' ],
};

describe( 'sliceSpec', () => {
	it( 'keeps the first categories of every per-category array', () => {
		const top = sliceSpec(
			{
				...trend,
				series: [
					{ ...trend.series[ 0 ], color: [ '#a', '#b', '#c' ] },
				],
			},
			2
		);
		expect( top.labels ).toEqual( [ 'Mar 2025', 'Apr 2025' ] );
		expect( top.series[ 0 ].values ).toEqual( [ 30.2, 0 ] );
		expect( top.series[ 0 ].missing ).toEqual( [ false, true ] );
		expect( top.series[ 0 ].color ).toEqual( [ '#a', '#b' ] );
		expect( top.links ).toEqual( [ '#mar', '#apr' ] );
	} );

	it( 'returns the spec itself when it fits', () => {
		expect( sliceSpec( trend, 3 ) ).toBe( trend );
	} );
} );

describe( 'overlayEarlier', () => {
	const earlier = ( values: number[], hires: number[] ): ChartSpec => ( {
		...trend,
		labels: values.map( ( _, i ) => `M${ i }` ),
		series: [
			{
				...trend.series[ 0 ],
				values,
				missing: hires.map( ( count ) => ! count ),
			},
			{ ...trend.series[ 1 ], values: hires },
		],
	} );
	const label = ( name: string ) => `${ name }, 2024`;

	it( 'adds each earlier series, named with its period, dashed, month n beside month n', () => {
		const spec = overlayEarlier(
			trend,
			earlier( [ 20, 25.5, 0 ], [ 2, 4, 0 ] ),
			label,
			'#646970'
		);
		expect( spec.labels ).toEqual( trend.labels );
		expect( spec.links ).toEqual( trend.links );
		expect( spec.series.map( ( s ) => s.label ) ).toEqual( [
			'Average days',
			'Hires',
			'Average days, 2024',
			'Hires, 2024',
		] );
		expect( spec.series[ 2 ] ).toMatchObject( {
			values: [ 20, 25.5, 0 ],
			missing: [ false, false, true ],
			color: '#646970',
			earlier: true,
			unit: 'days',
		} );
		expect( spec.series[ 3 ] ).toMatchObject( {
			values: [ 2, 4, 0 ],
			chart: false,
			earlier: true,
		} );
	} );

	it( 'pads a shorter earlier period with points without data and cuts a longer one', () => {
		const shorter = overlayEarlier(
			trend,
			earlier( [ 20 ], [ 2 ] ),
			label,
			'#646970'
		);
		expect( shorter.series[ 2 ].values ).toEqual( [ 20, 0, 0 ] );
		expect( shorter.series[ 2 ].missing ).toEqual( [ false, true, true ] );
		expect( shorter.series[ 3 ].missing ).toEqual( [ false, true, true ] );
		const longer = overlayEarlier(
			trend,
			earlier( [ 1, 2, 3, 4 ], [ 1, 1, 1, 1 ] ),
			label,
			'#646970'
		);
		expect( longer.series[ 2 ].values ).toEqual( [ 1, 2, 3 ] );
	} );
} );
