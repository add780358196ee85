import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import {
	LONG_TABLE_ROWS,
	ShowAllButton,
	TableDisclosure,
	tableSummary,
	useShowAll,
} from './ShowAll';

function List( { count, limit }: { count: number; limit?: number } ) {
	const rows = useShowAll(
		Array.from( { length: count }, ( _, i ) => `Job ${ i + 1 }` ),
		limit
	);
	return (
		<>
			<ul id="jobs">
				{ rows.items.map( ( item ) => (
					<li key={ item }>{ item }</li>
				) ) }
			</ul>
			<ShowAllButton state={ rows } controls="jobs" limit={ limit } />
		</>
	);
}

describe( 'useShowAll and ShowAllButton', () => {
	it( 'shows the first ten of sixty, then all, then ten again, keeping focus on the toggle', async () => {
		render( <List count={ 60 } /> );
		expect( screen.getAllByRole( 'listitem' ) ).toHaveLength( 10 );
		expect( screen.getAllByRole( 'listitem' )[ 9 ] ).toHaveTextContent(
			'Job 10'
		);
		const button = screen.getByRole( 'button', { name: 'Show all (60)' } );
		expect( button ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( button ).toHaveAttribute( 'aria-controls', 'jobs' );

		await userEvent.click( button );
		expect( screen.getAllByRole( 'listitem' ) ).toHaveLength( 60 );
		const expanded = screen.getByRole( 'button', {
			name: 'Show top 10 only',
		} );
		expect( expanded ).toBe( button );
		expect( expanded ).toHaveAttribute( 'aria-expanded', 'true' );
		expect( expanded ).toHaveFocus();

		await userEvent.keyboard( '{Enter}' );
		expect( screen.getAllByRole( 'listitem' ) ).toHaveLength( 10 );
		expect( button ).toHaveFocus();
		expect( button ).toHaveAccessibleName( 'Show all (60)' );
	} );

	it( 'honours a custom limit', () => {
		render( <List count={ 20 } limit={ 15 } /> );
		expect( screen.getAllByRole( 'listitem' ) ).toHaveLength( 15 );
		expect(
			screen.getByRole( 'button', { name: 'Show all (20)' } )
		).toBeInTheDocument();
	} );

	it( 'has no toggle when nothing is hidden', () => {
		render( <List count={ 10 } /> );
		expect( screen.getAllByRole( 'listitem' ) ).toHaveLength( 10 );
		expect( screen.queryByRole( 'button' ) ).not.toBeInTheDocument();
	} );
} );

describe( 'TableDisclosure', () => {
	it( 'opens a short table when asked', () => {
		const { container } = render(
			<TableDisclosure rows={ 7 } open>
				<table />
			</TableDisclosure>
		);
		const details = container.querySelector( 'details' );
		expect( details ).toHaveAttribute( 'open' );
		expect( details?.querySelector( 'summary' ) ).toHaveTextContent(
			/^Data table$/
		);
	} );

	it( 'keeps a long table collapsed and says how many rows it holds', () => {
		const { container } = render(
			<TableDisclosure rows={ 60 } open label="Applications by month">
				<table />
			</TableDisclosure>
		);
		const details = container.querySelector( 'details' );
		expect( details ).not.toHaveAttribute( 'open' );
		expect( details?.querySelector( 'summary' ) ).toHaveTextContent(
			'Applications by month (60 rows)'
		);
	} );

	it( 'names the count only above the threshold', () => {
		expect( tableSummary( LONG_TABLE_ROWS ) ).toBe( 'Data table' );
		expect( tableSummary( LONG_TABLE_ROWS + 1 ) ).toBe(
			`Data table (${ LONG_TABLE_ROWS + 1 } rows)`
		);
	} );
} );
