import {
	blockReports,
	reportSections,
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
	compare: 'none',
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

	it( 'takes the reports and their sections from the registry (the block’s variations)', () => {
		expect( blockReports().map( ( one ) => one.value ) ).toEqual( [
			'overview',
			'time-to-hire',
			'funnel',
			'sources',
			'time-to-fill',
			'careers',
			'rejections',
			'pipeline',
			'activity',
		] );
		expect( reportSections( 'careers' ) ).toEqual( [
			'figures',
			'trend',
			'by_job',
			'by_source',
		] );
		expect( reportSections( 'funnel' ) ).toEqual( [ 'figures', 'stages' ] );
		expect( reportSections( 'sources' ) ).toEqual( [
			'figures',
			'sources',
		] );
		expect( reportSections( 'time-to-fill' ) ).toEqual( [
			'figures',
			'by_job',
			'trend',
		] );
		// A section of time to hire is not one of time to fill's because it shares an id.
		expect(
			visibleSections( {
				report: 'time-to-fill',
				sections: [ 'by_stage', 'trend' ],
			} )
		).toEqual( [ 'trend' ] );
	} );
} );
