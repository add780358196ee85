import { declaredFigures, figureValue } from './figures';

const report = {
	jobs: { active: 4 },
	stages: [ { reached: 7 }, { reached: 3 } ],
	trend: [ { hires: 2 }, { hires: 0 }, { hires: 1 } ],
	overall: { average_days: 12.5 },
	rate: { a: 1, b: 3 },
};

describe( 'figureValue', () => {
	it( 'reads paths, sums, row counts and rates as ReportFigures::value() does', () => {
		expect( figureValue( 'jobs.active', report ) ).toBe( 4 );
		expect( figureValue( 'stages.0.reached', report ) ).toBe( 7 );
		expect( figureValue( 'missing.path', report ) ).toBe( 0 );
		expect( figureValue( { sum: 'trend.hires' }, report ) ).toBe( 3 );
		expect( figureValue( { rows: 'trend' }, report ) ).toBe( 3 );
		expect( figureValue( { rows: 'jobs' }, report ) ).toBe( 0 );
		expect( figureValue( { rate: [ 'rate.a', 'rate.b' ] }, report ) ).toBe(
			0.3333
		);
		expect( figureValue( { rate: [ 'rate.a', 'missing' ] }, report ) ).toBe(
			0
		);
	} );
} );

describe( 'declaredFigures', () => {
	it( 'formats each declared figure; days without a count are "—" with the empty note', () => {
		const days = {
			id: 'average_days',
			label: 'Average',
			value: 'overall.average_days',
			format: 'days' as const,
			count: { sum: 'trend.hires' },
			empty: 'No hires',
		};
		expect(
			declaredFigures(
				[
					{
						id: 'active',
						label: 'Active',
						value: 'jobs.active',
						format: 'count',
					},
					{
						id: 'rate',
						label: 'Rate',
						value: { rate: [ 'rate.a', 'rate.b' ] },
						format: 'percent',
					},
					days,
				],
				report
			)
		).toEqual( [
			{ id: 'active', label: 'Active', value: '4', raw: 4 },
			{ id: 'rate', label: 'Rate', value: '33.33%', raw: 0.3333 },
			{
				id: 'average_days',
				label: 'Average',
				value: '12.5 days',
				raw: 12.5,
			},
		] );
		expect(
			declaredFigures( [ days ], { overall: { average_days: 0 } } )
		).toEqual( [
			{
				id: 'average_days',
				label: 'Average',
				value: '—',
				raw: null,
				note: 'No hires',
			},
		] );
	} );
} );

describe( 'negative figures', () => {
	it( 'name the rows behind them, and say nothing when none is negative', () => {
		const fastest = {
			id: 'min_days',
			label: 'Fastest fill',
			value: 'overall.min_days',
			format: 'days' as const,
			negative: {
				rows: 'by_job',
				field: 'days',
				name: 'job_title',
				note: 'Negative: hired before the job was created (%s)',
			},
		};
		const imported = {
			overall: { min_days: -106.3 },
			by_job: [
				{ job_title: 'Welder', days: 12 },
				{ job_title: 'Imported', days: -106.3 },
				{ job_title: 'Also imported', days: -2 },
			],
		};
		expect( declaredFigures( [ fastest ], imported ) ).toEqual( [
			{
				id: 'min_days',
				label: 'Fastest fill',
				value: '-106.3 days',
				raw: -106.3,
				note: 'Negative: hired before the job was created (Imported, Also imported)',
			},
		] );
		expect(
			declaredFigures( [ fastest ], {
				overall: { min_days: 12 },
				by_job: [ { job_title: 'Welder', days: 12 } ],
			} )[ 0 ].note
		).toBeUndefined();
	} );
} );
