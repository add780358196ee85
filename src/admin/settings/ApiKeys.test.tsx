import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { ApiKey, CreatedApiKey, Permission } from '../../api/types';
import { restError, scriptedTransport } from '../../test-utils';
import { ApiKeys } from './ApiKeys';
import { canToggle, togglePermission } from './permissions';

const ALL: Permission[] = [
	'recruiting_read_jobs',
	'recruiting_write_jobs',
	'recruiting_read_applications',
	'recruiting_write_applications',
	'recruiting_manage_settings',
];

function key( overrides: Partial< ApiKey > = {} ): ApiKey {
	return {
		id: 1,
		name: 'Careers site',
		environment: 'live',
		hint: 'rp_live_…a1b2',
		permissions: [ 'recruiting_read_jobs' ],
		effective_permissions: [ 'recruiting_read_jobs' ],
		owner: { id: 1, name: 'Ada Admin' },
		rate_limit: null,
		effective_rate_limit: 1000,
		status: 'active',
		created_at: '2025-05-01T10:00:00+00:00',
		last_used_at: null,
		expires_at: null,
		revoked_at: null,
		...overrides,
	};
}

beforeEach( () => {
	window.recruitingReports = {
		today: '2025-05-20',
		locale: 'en-US',
		permissions: ALL,
		utcOffset: '+02:00',
	};
} );

describe( 'permission checkbox logic', () => {
	it( 'keeps the canonical order when toggling', () => {
		expect(
			togglePermission(
				[ 'recruiting_manage_settings' ],
				'recruiting_read_jobs',
				true
			)
		).toEqual( [ 'recruiting_read_jobs', 'recruiting_manage_settings' ] );
		expect(
			togglePermission(
				[ 'recruiting_read_jobs' ],
				'recruiting_read_jobs',
				false
			)
		).toEqual( [] );
	} );

	it( 'lets a user grant only what they hold, but always remove', () => {
		const held: Permission[] = [ 'recruiting_read_jobs' ];
		expect( canToggle( 'recruiting_read_jobs', held, [] ) ).toBe( true );
		expect( canToggle( 'recruiting_manage_settings', held, [] ) ).toBe(
			false
		);
		expect(
			canToggle( 'recruiting_manage_settings', held, [
				'recruiting_manage_settings',
			] )
		).toBe( true );
	} );
} );

describe( 'ApiKeys', () => {
	it( 'lists keys with hint, live/test badge, permissions, owner and dates', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /api-keys': () => [
				key(),
				key( {
					id: 2,
					name: 'Staging',
					environment: 'test',
					hint: 'rp_test_…9z9z',
					permissions: [
						'recruiting_read_jobs',
						'recruiting_manage_settings',
					],
					effective_permissions: [ 'recruiting_read_jobs' ],
					last_used_at: '2025-05-02T08:30:00+00:00',
					expires_at: '2025-12-31T23:59:59+00:00',
				} ),
				key( {
					id: 3,
					name: 'Old',
					status: 'revoked',
					revoked_at: '2025-05-03T00:00:00+00:00',
				} ),
			],
		} );
		render( <ApiKeys />, { wrapper } );
		const table = await screen.findByRole( 'table' );
		// The columns keep their names (in the table's header, and as labels in the narrow list).
		for ( const column of [
			'Name',
			'Key',
			'Permissions',
			'Owner',
			'Created',
			'Last used',
			'Expires',
			'Status',
		] ) {
			expect(
				within( table ).getByRole( 'columnheader', { name: column } )
			).toBeInTheDocument();
		}
		const staging = within( table ).getByRole( 'row', { name: /Staging/ } );
		expect( within( staging ).getByText( 'Test' ) ).toHaveClass(
			'rr-badge--test'
		);
		expect(
			within( staging ).getByText( 'rp_test_…9z9z' )
		).toBeInTheDocument();
		expect( within( staging ).getByText( 'Settings' ) ).toHaveClass(
			'is-lapsed'
		);
		expect( within( staging ).getByText( 'Read Jobs' ) ).not.toHaveClass(
			'is-lapsed'
		);
		expect(
			within( staging ).getByText( 'Ada Admin' )
		).toBeInTheDocument();
		expect(
			within( staging ).getByText( /Dec 31, 2025/ )
		).toBeInTheDocument();
		const live = within( table ).getByRole( 'row', {
			name: /Careers site/,
		} );
		expect( within( live ).getByText( 'Live' ) ).toHaveClass(
			'rr-badge--live'
		);
		expect( within( live ).getAllByText( 'Never' ) ).toHaveLength( 2 );
		const old = within( table ).getByRole( 'row', { name: /Old/ } );
		expect( within( old ).getByText( 'Revoked' ) ).toBeInTheDocument();
		expect( within( old ).queryByRole( 'button' ) ).toBeNull();
	} );

	it( 'creates a key and shows it once, with a warning and a copy button', async () => {
		const created: CreatedApiKey = {
			...key( {
				id: 7,
				name: 'BI tool',
				environment: 'test',
				hint: 'rp_test_…QfhB',
			} ),
			permissions: [
				'recruiting_read_jobs',
				'recruiting_read_applications',
			],
			key: 'rp_test_hKyw4SDtYex6W1ztlGHTebvgSqIz62scZCSL72MSQfhB',
		};
		let keys: ApiKey[] = [];
		const { wrapper, calls } = scriptedTransport( {
			'GET /api-keys': () => keys,
			'POST /api-keys': () => {
				const { key: _secret, ...rest } = created;
				keys = [ rest ];
				return created;
			},
		} );
		const writeText = jest.fn( async () => {} );
		Object.assign( window.navigator, { clipboard: { writeText } } );
		render( <ApiKeys />, { wrapper } );
		expect(
			await screen.findByText( 'No API keys yet' )
		).toBeInTheDocument();

		await userEvent.click(
			screen.getByRole( 'button', { name: 'Add key' } )
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Add API key' } );
		// Nothing is sent until the form is complete.
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Create key' } )
		);
		expect(
			within( dialog ).getByText(
				'Give the key a name, such as the system that will use it.'
			)
		).toBeInTheDocument();
		expect(
			within( dialog ).getByText( 'Tick at least one permission.' )
		).toBeInTheDocument();
		expect( calls.filter( ( c ) => c.method === 'POST' ) ).toHaveLength(
			0
		);

		await userEvent.type(
			within( dialog ).getByLabelText( 'Name' ),
			'BI tool'
		);
		await userEvent.click(
			within( dialog ).getByRole( 'radio', { name: 'Test' } )
		);
		await userEvent.click(
			within( dialog ).getByRole( 'checkbox', { name: 'Read Jobs' } )
		);
		await userEvent.click(
			within( dialog ).getByRole( 'checkbox', {
				name: 'Read Applications',
			} )
		);
		await userEvent.type(
			within( dialog ).getByLabelText( 'Expires on (optional)' ),
			'2025-12-31'
		);
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Create key' } )
		);

		const post = calls.find( ( c ) => c.method === 'POST' );
		expect( post?.body ).toEqual( {
			name: 'BI tool',
			environment: 'test',
			permissions: [
				'recruiting_read_jobs',
				'recruiting_read_applications',
			],
			expires_at: '2025-12-31T23:59:59+02:00',
		} );
		const shown = await screen.findByRole( 'dialog', {
			name: 'Your new API key',
		} );
		expect(
			within( shown ).getByDisplayValue( created.key )
		).toBeInTheDocument();
		expect(
			within( shown ).getByText( /It will not be shown again/ )
		).toBeInTheDocument();
		await userEvent.click(
			within( shown ).getByRole( 'button', { name: 'Copy' } )
		);
		expect( writeText ).toHaveBeenCalledWith( created.key );
		expect(
			within( shown ).getByText( 'Copied to the clipboard.' )
		).toBeInTheDocument();

		await userEvent.click(
			within( shown ).getByRole( 'button', { name: 'I have copied it' } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).toBeNull()
		);
		// Gone for good: the list shows only the hint.
		expect( screen.queryByDisplayValue( created.key ) ).toBeNull();
		expect( document.body.textContent ).not.toContain( created.key );
		expect(
			await screen.findByText( 'rp_test_…QfhB' )
		).toBeInTheDocument();
		expect(
			screen.getAllByText( 'API key created.' ).length
		).toBeGreaterThan( 0 );
		// #17 defect 1: focus comes back to "Add key", not to <body>.
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Add key' } )
			).toHaveFocus()
		);
	} );

	it( 'shows the server’s message when creating fails, and keeps the form', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /api-keys': () => [],
			'POST /api-keys': () => {
				throw Object.assign(
					restError(
						400,
						'rest_invalid_param',
						'Invalid parameter(s): permissions'
					),
					{}
				);
			},
		} );
		render( <ApiKeys />, { wrapper } );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Add key' } )
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Add API key' } );
		await userEvent.type( within( dialog ).getByLabelText( 'Name' ), 'X' );
		await userEvent.click(
			within( dialog ).getByRole( 'checkbox', { name: 'Settings' } )
		);
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Create key' } )
		);
		expect(
			await within( dialog ).findByText(
				'Invalid parameter(s): permissions'
			)
		).toBeInTheDocument();
		expect( within( dialog ).getByLabelText( 'Name' ) ).toHaveValue( 'X' );
	} );

	it( 'disables permissions the user does not hold', async () => {
		window.recruitingReports = {
			...window.recruitingReports,
			permissions: [ 'recruiting_read_jobs' ],
		};
		const { wrapper } = scriptedTransport( { 'GET /api-keys': () => [] } );
		render( <ApiKeys />, { wrapper } );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Add key' } )
		);
		expect(
			screen.getByRole( 'checkbox', { name: 'Read Jobs' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'checkbox', { name: 'Settings' } )
		).toBeDisabled();
	} );

	it( 'edits a key’s permissions', async () => {
		const { wrapper, calls } = scriptedTransport( {
			'GET /api-keys': () => [ key() ],
			'PUT /api-keys/1': ( request ) => ( {
				...key(),
				...( request.body as object ),
			} ),
		} );
		render( <ApiKeys />, { wrapper } );
		const row = await screen.findByRole( 'row', { name: /Careers site/ } );
		await userEvent.click(
			within( row ).getByRole( 'button', { name: 'Edit permissions' } )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Edit “Careers site”',
		} );
		await userEvent.click(
			within( dialog ).getByRole( 'checkbox', { name: 'Read Jobs' } )
		);
		expect(
			within( dialog ).getByRole( 'button', { name: 'Save changes' } )
		).toBeDisabled();
		await userEvent.click(
			within( dialog ).getByRole( 'checkbox', {
				name: 'Read Applications',
			} )
		);
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Save changes' } )
		);
		expect( calls.find( ( c ) => c.method === 'PUT' )?.body ).toEqual( {
			name: 'Careers site',
			permissions: [ 'recruiting_read_applications' ],
		} );
		expect(
			( await screen.findAllByText( 'API key updated.' ) ).length
		).toBeGreaterThan( 0 );
		// #17 defect 1: focus comes back to the row's button once the list has reloaded.
		await waitFor( () =>
			expect(
				within(
					screen.getByRole( 'row', { name: /Careers site/ } )
				).getByRole( 'button', { name: 'Edit permissions' } )
			).toHaveFocus()
		);
	} );

	it( 'revokes only after confirmation', async () => {
		let revoked = false;
		const { wrapper, calls } = scriptedTransport( {
			'GET /api-keys': () => [
				key( revoked ? { status: 'revoked' } : {} ),
			],
			'DELETE /api-keys/1': () => {
				revoked = true;
				return key( { status: 'revoked' } );
			},
		} );
		render( <ApiKeys />, { wrapper } );
		const revoke = () =>
			within(
				screen.getByRole( 'row', { name: /Careers site/ } )
			).getByRole( 'button', { name: 'Revoke' } );
		await screen.findByRole( 'row', { name: /Careers site/ } );
		await userEvent.click( revoke() );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Revoke API key?',
		} );
		expect(
			within( dialog ).getByText( /rp_live_…a1b2/ )
		).toBeInTheDocument();
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( calls.filter( ( c ) => c.method === 'DELETE' ) ).toHaveLength(
			0
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).toBeNull()
		);
		await waitFor( () => expect( revoke() ).toHaveFocus() );
		await userEvent.click( revoke() );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Revoke key' } )
		);
		expect( calls.filter( ( c ) => c.method === 'DELETE' ) ).toHaveLength(
			1
		);
		expect(
			( await screen.findAllByText( 'API key revoked.' ) ).length
		).toBeGreaterThan( 0 );
		// The revoked key stays, without buttons; #17 defect 1: focus goes to the list's heading.
		const row = await screen.findByRole( 'row', { name: /Revoked/ } );
		expect( within( row ).queryByRole( 'button' ) ).toBeNull();
		await waitFor( () =>
			expect(
				screen.getByRole( 'heading', { name: 'API keys' } )
			).toHaveFocus()
		);
	} );

	it( 'keeps a failed revocation’s message in the dialog', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /api-keys': () => [ key() ],
			'DELETE /api-keys/1': () => {
				throw restError( 404, 'not_found', 'No API key with id 1.' );
			},
		} );
		render( <ApiKeys />, { wrapper } );
		const row = await screen.findByRole( 'row', { name: /Careers site/ } );
		await userEvent.click(
			within( row ).getByRole( 'button', { name: 'Revoke' } )
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Revoke key' } )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Revoke API key?',
		} );
		expect(
			await within( dialog ).findByText( 'No API key with id 1.' )
		).toBeInTheDocument();
	} );

	it( 'shows a load error with Retry', async () => {
		let fail = true;
		const { wrapper } = scriptedTransport( {
			'GET /api-keys': () => {
				if ( fail ) {
					throw restError(
						403,
						'insufficient_permissions',
						'API keys are managed by a logged-in user with Settings.'
					);
				}
				return [ key() ];
			},
		} );
		render( <ApiKeys />, { wrapper } );
		expect(
			await screen.findByText(
				'API keys are managed by a logged-in user with Settings.'
			)
		).toBeInTheDocument();
		fail = false;
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Retry' } )
		);
		expect( await screen.findByText( 'Careers site' ) ).toBeInTheDocument();
	} );
} );
