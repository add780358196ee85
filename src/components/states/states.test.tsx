import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ApiError } from '../../api/errors';
import { Busy, EmptyState, ErrorState, Skeleton } from './index';

describe( 'state components', () => {
	it( 'Skeleton announces loading and draws the final layout’s boxes', () => {
		const { container } = render(
			<Skeleton figures={ 4 } charts={ 2 } chartHeight={ 180 } />
		);
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading report…'
		);
		expect(
			container.querySelectorAll( '.rr-skeleton__figure' )
		).toHaveLength( 4 );
		const blocks = container.querySelectorAll< HTMLElement >(
			'.rr-skeleton__block'
		);
		expect( blocks ).toHaveLength( 2 );
		expect( blocks[ 0 ].style.height ).toBe( '180px' );
	} );

	it( 'EmptyState shows its title and body', () => {
		render(
			<EmptyState title="No applications yet">
				<p>Come back later.</p>
			</EmptyState>
		);
		expect( screen.getByText( 'No applications yet' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Come back later.' ) ).toBeInTheDocument();
	} );

	it( 'ErrorState shows the server message and retries', async () => {
		const onRetry = jest.fn();
		render(
			<ErrorState
				error={
					new ApiError(
						'Your credentials lack the permission.',
						'insufficient_permissions',
						403
					)
				}
				onRetry={ onRetry }
			/>
		);
		expect(
			screen.getByText( 'Your credentials lack the permission.' )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'The report could not be loaded.' )
		).toBeInTheDocument();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Retry' } )
		);
		expect( onRetry ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'Busy keeps its content and marks it busy', () => {
		const { container, rerender } = render(
			<Busy busy={ false }>
				<p>42</p>
			</Busy>
		);
		expect( container.firstChild ).toHaveAttribute( 'aria-busy', 'false' );
		rerender(
			<Busy busy>
				<p>42</p>
			</Busy>
		);
		expect( screen.getByText( '42' ) ).toBeInTheDocument();
		expect( container.firstChild ).toHaveAttribute( 'aria-busy', 'true' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Updating…' );
	} );
} );
