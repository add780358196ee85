import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { MailMessage, PluginSettings } from '../../api/types';
import { scriptedTransport } from '../../test-utils';
import { MailSettings, parseAddresses } from './MailSettings';

const DEFAULTS = {
	mail_candidate_subject: 'We received your application: {job_title}',
	mail_candidate_body: 'Dear {candidate_name},\n\nthank you.',
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
	mail_notify_to: [ 'team@example.com' ],
	...DEFAULTS,
	mail_notify_subject: 'New application for {job_title}',
	mail_notify_body: 'See {application_url}',
	reason_required: false,
	rejection_reasons: [ { id: 'salary', label: 'Salary', retired: false } ],
	withdrawal_reasons: [],
	stale_days: { new: 3, screening: 7, interview: 10, offer: 5 },
};

const FAILED: MailMessage = {
	id: 7,
	kind: 'application_notification',
	application_id: 12,
	recipients: [ 'hiring@example.com' ],
	subject: 'New application for Nurse',
	status: 'failed',
	attempts: 6,
	max_attempts: 6,
	next_attempt_at: null,
	last_error: 'SMTP Error: Could not connect to SMTP host.',
	created_at: '2025-05-01T10:00:00+00:00',
	updated_at: '2025-05-01T18:30:00+00:00',
	sent_at: null,
};

/** The site as the tab talks to it: settings (templates shown as used, '' meaning the default) and the log. */
function site() {
	let settings = SETTINGS;
	let log = [ FAILED ];
	return scriptedTransport( {
		'GET /settings': () => settings,
		'PUT /settings': ( request ) => {
			const body = request.body as Partial< PluginSettings >;
			settings = { ...settings, ...body };
			for ( const [ field, text ] of Object.entries( DEFAULTS ) ) {
				if ( body[ field as keyof typeof DEFAULTS ] === '' ) {
					settings = { ...settings, [ field ]: text };
				}
			}
			return settings;
		},
		'GET /mail-log': () => log,
		'POST /mail-log/7/retry': () => {
			log = [ { ...FAILED, status: 'pending', attempts: 0 } ];
			return log[ 0 ];
		},
	} );
}

describe( 'MailSettings', () => {
	it( 'splits the default recipients at commas and line breaks, refuses a wrong address, and saves the templates', async () => {
		expect( parseAddresses( 'a@x.org, b@x.org\nc@x.org;a@x.org' ) ).toEqual(
			[ 'a@x.org', 'b@x.org', 'c@x.org' ]
		);
		const { wrapper, calls } = site();
		render( <MailSettings />, { wrapper } );
		const recipients = await screen.findByLabelText(
			'Notify when a job has no contact e-mail'
		);
		expect( recipients ).toHaveValue( 'team@example.com' );
		await userEvent.type( recipients, '\nnot-an-address' );
		expect(
			screen.getByText( 'Not an e-mail address: not-an-address' )
		).toBeInTheDocument();
		const save = screen.getByRole( 'button', {
			name: 'Save e-mail settings',
		} );
		expect( save ).toBeDisabled();
		await userEvent.clear( recipients );
		await userEvent.type( recipients, 'a@example.com, b@example.com' );
		const subjects = screen.getAllByLabelText( 'Subject' );
		await userEvent.clear( subjects[ 0 ] );
		await userEvent.type( subjects[ 0 ], 'Thanks {{candidate_name}' );
		await userEvent.click( save );
		await screen.findAllByText( 'E-mail settings saved.' );
		const put = calls.find( ( call ) => call.method === 'PUT' );
		expect( put?.body ).toMatchObject( {
			mail_notify_to: [ 'a@example.com', 'b@example.com' ],
			mail_candidate_subject: 'Thanks {candidate_name}',
			mail_notify_body: 'See {application_url}',
		} );
	} );

	it( 'resets one template to its default text at once, keeping the other template’s edits', async () => {
		const { wrapper, calls } = site();
		render( <MailSettings />, { wrapper } );
		const subjects = await screen.findAllByLabelText( 'Subject' );
		await userEvent.clear( subjects[ 0 ] );
		await userEvent.type( subjects[ 0 ], 'Edited' );
		await userEvent.clear( subjects[ 1 ] );
		await userEvent.type( subjects[ 1 ], 'Team edit' );
		await userEvent.click(
			screen.getAllByRole( 'button', { name: 'Reset to default' } )[ 0 ]
		);
		await screen.findAllByText( 'The default text is back.' );
		expect( calls.find( ( call ) => call.method === 'PUT' )?.body ).toEqual(
			{ mail_candidate_subject: '', mail_candidate_body: '' }
		);
		expect( subjects[ 0 ] ).toHaveValue( DEFAULTS.mail_candidate_subject );
		expect( subjects[ 1 ] ).toHaveValue( 'Team edit' );
	} );

	it( 'lists the latest e-mails with their state and error, and sends a failed one again', async () => {
		const { wrapper, calls } = site();
		render( <MailSettings />, { wrapper } );
		expect(
			await screen.findByText(
				'SMTP Error: Could not connect to SMTP host.'
			)
		).toBeInTheDocument();
		expect( screen.getByText( 'Failed' ) ).toBeInTheDocument();
		expect( screen.getByText( '6 of 6' ) ).toBeInTheDocument();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Send again' } )
		);
		await waitFor( () =>
			expect( screen.getByText( 'Waiting' ) ).toBeInTheDocument()
		);
		expect(
			calls.some(
				( call ) =>
					call.method === 'POST' && call.path === '/mail-log/7/retry'
			)
		).toBe( true );
		expect(
			screen.queryByRole( 'button', { name: 'Send again' } )
		).not.toBeInTheDocument();
	} );
} );
