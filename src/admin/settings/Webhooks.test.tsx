import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Delivery, PluginSettings, Webhook } from '../../api/types';
import { restError, scriptedTransport } from '../../test-utils';
import { GeneralSettings } from './GeneralSettings';
import { Webhooks } from './Webhooks';

const HOOK: Webhook = {
	id: 4,
	url: 'https://hooks.example.com/recruiting',
	events: [ 'application.created', 'application.status_changed' ],
	active: true,
	created_by: { id: 1, name: 'Ada Admin' },
	created_at: '2025-05-01T10:00:00+00:00',
	updated_at: '2025-05-01T10:00:00+00:00',
};

const DELIVERY: Delivery = {
	id: 11,
	webhook_id: 4,
	delivery_id: 'b7c8',
	event: 'webhook.test',
	status: 'failed',
	attempts: 8,
	max_attempts: 8,
	next_attempt_at: null,
	last_response_code: 503,
	last_error: 'Service Unavailable',
	created_at: '2025-05-01T10:00:00+00:00',
	updated_at: '2025-05-01T12:00:00+00:00',
	payload: null,
	attempt_log: [],
};

const SETTINGS: PluginSettings = {
	rate_limit_per_hour: 1000,
	default_period: 'last_12_months',
	delete_data_on_uninstall: false,
	anonymise_on_erasure: false,
	delivery_log_days: 30,
	jobs_base: 'jobs',
	apply_phone: 'optional',
	apply_cv_max_mb: 5,
	careers_honour_dnt: true,
	careers_beacon_limit: 600,
	careers_daily_months: 13,
	mail_notify_to: [],
	mail_candidate_subject: 'We received your application: {job_title}',
	mail_candidate_body: 'Dear {candidate_name}',
	mail_notify_subject: 'New application for {job_title}',
	mail_notify_body: 'See {application_url}',
	reason_required: false,
	rejection_reasons: [ { id: 'salary', label: 'Salary', retired: false } ],
	withdrawal_reasons: [],
	stale_days: { new: 3, screening: 7, interview: 10, offer: 5 },
};

/**
 * Opens "Add webhook" on the rendered tab and types the payload URL.
 * @param url The URL to type.
 * @return The dialog.
 */
async function openAddWebhook( url: string ) {
	await userEvent.click(
		await screen.findByRole( 'button', { name: 'Add webhook' } )
	);
	const dialog = screen.getByRole( 'dialog', { name: 'Add webhook' } );
	await userEvent.type(
		within( dialog ).getByLabelText( 'Payload URL' ),
		url
	);
	return dialog;
}

beforeEach( () => {
	window.recruitingReports = { today: '2025-05-20', locale: 'en-US' };
} );

describe( 'Webhooks', () => {
	it( 'adds a webhook with chosen events and shows the secret once', async () => {
		let hooks: Webhook[] = [];
		const { wrapper, calls } = scriptedTransport( {
			'GET /webhooks': () => hooks,
			'POST /webhooks': () => {
				hooks = [ HOOK ];
				return { ...HOOK, secret: 'whsec_abc123' };
			},
		} );
		render( <Webhooks />, { wrapper } );
		expect(
			await screen.findByText( 'No webhooks yet' )
		).toBeInTheDocument();
		const dialog = await openAddWebhook( HOOK.url );
		for ( const name of [ 'job.created', 'job.updated', 'job.deleted' ] ) {
			await userEvent.click(
				within( dialog ).getByRole( 'checkbox', { name } )
			);
		}
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Add webhook' } )
		);
		expect( calls.find( ( c ) => c.method === 'POST' )?.body ).toEqual( {
			url: HOOK.url,
			events: [
				'application.created',
				'application.status_changed',
				'application.deleted',
				'application.stale',
			],
		} );
		const secret = await screen.findByRole( 'dialog', {
			name: 'Webhook added: its signing secret',
		} );
		expect(
			within( secret ).getByDisplayValue( 'whsec_abc123' )
		).toBeInTheDocument();
		await userEvent.click(
			within( secret ).getByRole( 'button', { name: 'I have copied it' } )
		);
		expect( await screen.findByText( HOOK.url ) ).toBeInTheDocument();
		expect( document.body.textContent ).not.toContain( 'whsec_abc123' );
		// #17 defect 1: focus comes back to "Add webhook", not to <body>.
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Add webhook' } )
			).toHaveFocus()
		);
	} );

	it( 'refuses a webhook without events', async () => {
		const { wrapper } = scriptedTransport( { 'GET /webhooks': () => [] } );
		render( <Webhooks />, { wrapper } );
		const dialog = await openAddWebhook( HOOK.url );
		for ( const checkbox of within( dialog ).getAllByRole( 'checkbox' ) ) {
			await userEvent.click( checkbox );
		}
		expect( within( dialog ).getByRole( 'alert' ) ).toHaveTextContent(
			'Tick at least one event.'
		);
		expect(
			within( dialog ).getByRole( 'button', { name: 'Add webhook' } )
		).toBeDisabled();
	} );

	it( 'shows the server’s reason for refusing a URL', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /webhooks': () => [],
			'POST /webhooks': () => {
				throw restError(
					400,
					'rest_invalid_param',
					'The URL resolves to a private address.'
				);
			},
		} );
		render( <Webhooks />, { wrapper } );
		const dialog = await openAddWebhook( 'http://10.0.0.1/' );
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Add webhook' } )
		);
		expect(
			await within( dialog ).findByText(
				'The URL resolves to a private address.'
			)
		).toBeInTheDocument();
	} );

	it( 'sends a test event and shows the delivery log with a retry', async () => {
		const { wrapper, calls } = scriptedTransport( {
			'GET /webhooks': () => [ HOOK ],
			'POST /webhooks/4/test': () => ( {
				...DELIVERY,
				status: 'pending',
				attempts: 0,
			} ),
			'GET /webhooks/4/deliveries': () => [ DELIVERY ],
			'POST /webhooks/4/deliveries/11/retry': () => ( {
				...DELIVERY,
				status: 'pending',
			} ),
		} );
		render( <Webhooks />, { wrapper } );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Send test' } )
		);
		expect(
			( await screen.findAllByText( /Test event queued/ ) ).length
		).toBeGreaterThan( 0 );
		const log = await screen.findByRole( 'region', {
			name: `Deliveries to ${ HOOK.url }`,
		} );
		const row = await within( log ).findByRole( 'row', {
			name: /webhook\.test/,
		} );
		expect( row ).toHaveTextContent( 'Failed' );
		expect( row ).toHaveTextContent( '8 of 8' );
		expect( row ).toHaveTextContent( '503 Service Unavailable' );
		await userEvent.click(
			within( row ).getByRole( 'button', { name: 'Send again' } )
		);
		expect(
			calls.some( ( c ) => c.path === '/webhooks/4/deliveries/11/retry' )
		).toBe( true );
	} );

	it( 'opens the delivery log from the row and returns focus to it on Close', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /webhooks': () => [ HOOK ],
			'GET /webhooks/4/deliveries': () => [ DELIVERY ],
		} );
		render( <Webhooks />, { wrapper } );
		const row = await screen.findByRole( 'row', {
			name: new RegExp( HOOK.url ),
		} );
		await userEvent.click(
			within( row ).getByRole( 'button', { name: 'Deliveries' } )
		);
		const heading = await screen.findByRole( 'heading', {
			name: `Deliveries to ${ HOOK.url }`,
		} );
		await waitFor( () => expect( heading ).toHaveFocus() );
		expect(
			within( row ).getByRole( 'button', { name: 'Hide deliveries' } )
		).toBeInTheDocument();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Close' } )
		);
		expect(
			screen.queryByRole( 'heading', {
				name: `Deliveries to ${ HOOK.url }`,
			} )
		).toBeNull();
		await waitFor( () =>
			expect(
				within( row ).getByRole( 'button', { name: 'Deliveries' } )
			).toHaveFocus()
		);
	} );

	it( 'deletes only after confirmation, then focuses the heading', async () => {
		let hooks = [ HOOK ];
		const { wrapper, calls } = scriptedTransport( {
			'GET /webhooks': () => hooks,
			'DELETE /webhooks/4': () => {
				hooks = [];
				return { deleted: true, previous: HOOK };
			},
		} );
		render( <Webhooks />, { wrapper } );
		const remove = async () =>
			within(
				await screen.findByRole( 'row', {
					name: new RegExp( HOOK.url ),
				} )
			).getByRole( 'button', { name: 'Delete' } );
		await userEvent.click( await remove() );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Delete webhook?',
		} );
		expect( dialog ).toHaveTextContent(
			`Stop sending events to ${ HOOK.url }? This cannot be undone.`
		);
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( calls.some( ( c ) => c.method === 'DELETE' ) ).toBe( false );
		await waitFor( async () => expect( await remove() ).toHaveFocus() );

		await userEvent.click( await remove() );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Delete webhook' } )
		);
		expect(
			await screen.findByText( 'No webhooks yet' )
		).toBeInTheDocument();
		expect( calls.filter( ( c ) => c.method === 'DELETE' ) ).toHaveLength(
			1
		);
		await waitFor( () =>
			expect(
				screen.getByRole( 'heading', { name: 'Webhooks' } )
			).toHaveFocus()
		);
	} );
} );

describe( 'GeneralSettings', () => {
	it( 'saves the rate limit, default period, uninstall, privacy and careers funnel choices', async () => {
		const { wrapper, calls } = scriptedTransport( {
			'GET /settings': () => SETTINGS,
			'PUT /settings': ( request ) => request.body,
		} );
		render( <GeneralSettings />, { wrapper } );
		const rate = await screen.findByLabelText(
			'Requests per API key per hour'
		);
		await userEvent.clear( rate );
		await userEvent.type( rate, '250' );
		await userEvent.selectOptions(
			screen.getByLabelText( 'Reports open with' ),
			'last_90_days'
		);
		await userEvent.click(
			screen.getByRole( 'checkbox', {
				name: /Delete all recruiting data/,
			} )
		);
		await userEvent.click(
			screen.getByRole( 'checkbox', {
				name: /Keep the figures when a candidate/,
			} )
		);
		await userEvent.click(
			screen.getByRole( 'checkbox', {
				name: /Do Not Track/,
			} )
		);
		await userEvent.selectOptions(
			screen.getByLabelText(
				'Careers funnel counts per address per hour'
			),
			'5000'
		);
		await userEvent.selectOptions(
			screen.getByLabelText( 'Careers funnel: keep counts per day for' ),
			'25'
		);
		const days = screen.getByLabelText(
			'Keep the webhook delivery log for (days)'
		);
		await userEvent.clear( days );
		await userEvent.type( days, '7' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Save settings' } )
		);
		expect( calls.find( ( c ) => c.method === 'PUT' )?.body ).toEqual( {
			rate_limit_per_hour: 250,
			default_period: 'last_90_days',
			delete_data_on_uninstall: true,
			anonymise_on_erasure: true,
			delivery_log_days: 7,
			jobs_base: 'jobs',
			apply_phone: 'optional',
			apply_cv_max_mb: 5,
			careers_honour_dnt: false,
			careers_beacon_limit: 5000,
			careers_daily_months: 25,
		} );
		expect(
			( await screen.findAllByText( 'Settings saved.' ) ).length
		).toBeGreaterThan( 0 );
	} );

	it( 'does not send an invalid rate limit', async () => {
		const { wrapper, calls } = scriptedTransport( {
			'GET /settings': () => SETTINGS,
		} );
		render( <GeneralSettings />, { wrapper } );
		const rate = await screen.findByLabelText(
			'Requests per API key per hour'
		);
		await userEvent.clear( rate );
		await userEvent.type( rate, '0' );
		expect(
			screen.getByText( 'Enter a whole number from 1 to 1,000,000.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Save settings' } )
		).toBeDisabled();
		expect( calls.filter( ( c ) => c.method === 'PUT' ) ).toHaveLength( 0 );
	} );
} );
