import { render, screen, within } from '@testing-library/react';

import { comparedSpec, reportChart } from '../../reports/charts';
import { TIME_TO_HIRE } from '../../test-utils';
import { DataTable } from './DataTable';

beforeEach( () => {
	window.recruitingReports = { locale: 'en-US' };
} );

describe( 'DataTable', () => {
	it( 'shows "—" for a month without hires, never 0.0 days, and keeps the API value', () => {
		const report = {
			...TIME_TO_HIRE,
			trend: [
				{ month: '2025-03', average_days: 0, median_days: 0, hires: 0 },
				{
					month: '2025-04',
					average_days: 12.5,
					median_days: 12.5,
					hires: 2,
				},
			],
		};
		render(
			<DataTable
				spec={ comparedSpec(
					reportChart( 'time-to-hire', 'trend' ),
					report
				) }
			/>
		);
		const rows = screen.getAllByRole( 'row' ).slice( 1 );
		const empty = within( rows[ 0 ] ).getAllByRole( 'cell' )[ 0 ];
		expect( empty ).toHaveTextContent( '—No hires' );
		expect( empty ).not.toHaveTextContent( '0.0' );
		expect( empty ).toHaveAttribute( 'data-value', '0' );
		expect(
			within( rows[ 1 ] ).getAllByRole( 'cell' )[ 0 ]
		).toHaveTextContent( '12.5' );
	} );
} );
