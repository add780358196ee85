import {
	customRangeProblem,
	isIsoDate,
	presetQuery,
	selectionQuery,
} from './periods';

describe( 'periods', () => {
	it( 'turns presets into inclusive date ranges ending today', () => {
		expect( presetQuery( 'last_30_days', '2025-03-01' ) ).toEqual( {
			date_from: '2025-01-31',
			date_to: '2025-03-01',
		} );
		expect( presetQuery( 'last_90_days', '2024-03-01' ) ).toEqual( {
			date_from: '2023-12-03',
			date_to: '2024-03-01',
		} );
		expect( presetQuery( 'year_to_date', '2025-05-20' ) ).toEqual( {
			date_from: '2025-01-01',
			date_to: '2025-05-20',
		} );
		// The API's own default.
		expect( presetQuery( 'last_12_months', '2025-05-20' ) ).toEqual( {} );
	} );

	it( 'validates calendar dates', () => {
		expect( isIsoDate( '2024-02-29' ) ).toBe( true );
		expect( isIsoDate( '2025-02-29' ) ).toBe( false );
		expect( isIsoDate( '2025-1-01' ) ).toBe( false );
		expect( isIsoDate( 20250101 ) ).toBe( false );
	} );

	it( 'explains a bad custom range', () => {
		expect( customRangeProblem( '2025-05-01', '2025-04-01' ) ).toBe(
			'The start date is after the end date.'
		);
		expect( customRangeProblem( '2025-13-01', '' ) ).toBe(
			'The start date is not a valid date.'
		);
		expect( customRangeProblem( '2025-01-01', '' ) ).toBeNull();
	} );

	it( 'sends custom dates as they are, leaving out blanks', () => {
		expect(
			selectionQuery(
				{ period: 'custom', dateFrom: '2025-01-01', dateTo: '' },
				'2025-05-20'
			)
		).toEqual( { date_from: '2025-01-01', date_to: undefined } );
	} );
} );
