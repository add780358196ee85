import {
	attributeProblems,
	blockQuery,
	toggleSection,
	visibleSections,
	type ReportBlockAttributes,
} from './attributes';

const base: ReportBlockAttributes = {
	report: 'time-to-hire',
	period: 'year_to_date',
	dateFrom: '',
	dateTo: '',
	jobId: 0,
	sections: [
		'figures',
		'by_status',
		'conversion',
		'by_stage',
		'by_job',
		'trend',
	],
	statusChart: 'bar',
	trendChart: 'line',
	visibility: 'restricted',
	deniedDisplay: 'message',
	showHeading: true,
};

describe( 'block attributes', () => {
	it( 'shows only the report’s own sections, all when none is ticked', () => {
		expect( visibleSections( base ) ).toEqual( [
			'figures',
			'by_stage',
			'by_job',
			'trend',
		] );
		expect(
			visibleSections( { report: 'overview', sections: [ 'trend' ] } )
		).toEqual( [ 'figures', 'by_status', 'conversion' ] );
	} );

	it( 'toggles sections in display order and keeps the last one', () => {
		expect(
			toggleSection(
				{ report: 'overview', sections: [ 'conversion' ] },
				'figures',
				true
			)
		).toEqual( [ 'figures', 'conversion' ] );
		expect(
			toggleSection(
				{ report: 'overview', sections: [ 'conversion' ] },
				'conversion',
				false
			)
		).toEqual( [ 'conversion' ] );
	} );

	it( 'builds the query from the period and job', () => {
		expect( blockQuery( { ...base, jobId: 4 }, '2025-05-20' ) ).toEqual( {
			date_from: '2025-01-01',
			date_to: '2025-05-20',
			job_id: 4,
		} );
		expect(
			blockQuery(
				{
					...base,
					period: 'custom',
					dateFrom: 'nonsense',
					dateTo: '2025-02-01',
				},
				'2025-05-20'
			)
		).toEqual( {
			date_from: undefined,
			date_to: '2025-02-01',
			job_id: undefined,
		} );
	} );

	it( 'reports bad settings', () => {
		expect( attributeProblems( base ) ).toEqual( [] );
		expect( attributeProblems( { ...base, jobId: -2 } ) ).toEqual( [
			'The job setting (-2) is not a valid job id.',
		] );
		expect(
			attributeProblems( {
				...base,
				period: 'custom',
				dateFrom: '2025-02-30',
			} )
		).toEqual( [ 'The start date is not a valid date.' ] );
	} );
} );
