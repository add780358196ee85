import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type {
	RetentionPreview,
	RetentionRun,
	RetentionSettings,
} from '../../api/types';
import { restError, scriptedTransport } from '../../test-utils';
import { PrivacySettings } from './PrivacySettings';

const OFF: RetentionSettings = {
	rules: {
		hired: { action: 'off', months: 24 },
		rejected: { action: 'off', months: 6 },
		withdrawn: { action: 'off', months: 6 },
		open: { action: 'off', months: 12 },
	},
	suggested_months: [ 6, 12, 24, 36 ],
	next_run_at: '2025-05-21T01:00:00+00:00',
	has_run: false,
};

const PREVIEW: RetentionPreview = {
	at: '2025-05-20T10:00:00+00:00',
	rules: {
		rejected: {
			action: 'anonymise',
			months: 12,
			applications: 1234,
			filters: {
				status: [ 'rejected' ],
				updated_before: '2024-05-20T10:00:00+00:00',
				anonymised: false,
			},
		},
	},
	total: 1234,
};

const RUN: RetentionRun = {
	at: '2025-05-19T01:00:00+00:00',
	trigger: 'cron',
	dry_run: false,
	rules: { rejected: { action: 'anonymise', months: 12, applications: 17 } },
	failed: 0,
	seconds: 0.4,
	parts: 1,
	continued: false,
};

beforeEach( () => {
	window.recruitingReports = {
		today: '2025-05-20',
		locale: 'en-US',
		timezone: 'UTC',
		applicationsUrl:
			'http://example.test/wp-admin/admin.php?page=recruiting-reports-applications',
	};
} );

describe( 'PrivacySettings', () => {
	it( 'turns a rule on with a suggested number of months, then shows what it would take today, linked to those applications', async () => {
		let settings = OFF;
		let preview: RetentionPreview = { at: PREVIEW.at, rules: {}, total: 0 };
		const { wrapper, calls } = scriptedTransport( {
			'GET /retention': () => settings,
			'GET /retention/preview': () => preview,
			'GET /retention/log': () => [],
			'PUT /retention': ( request ) => {
				const { rules } = request.body as {
					rules: RetentionSettings[ 'rules' ];
				};
				settings = { ...settings, rules };
				preview = PREVIEW;
				return settings;
			},
		} );
		render( <PrivacySettings />, { wrapper } );
		expect(
			await screen.findByText(
				'No rule is on: nothing is anonymised or deleted.'
			)
		).toBeInTheDocument();
		expect( screen.getByText( 'No run yet.' ) ).toBeInTheDocument();

		const rejected = screen.getByRole( 'group', { name: 'Rejected' } );
		const months = within( rejected ).getByLabelText( 'After (months)' );
		expect( months ).toBeDisabled();
		await userEvent.selectOptions(
			within( rejected ).getByLabelText( 'Action' ),
			'anonymise'
		);
		expect(
			within( months as HTMLElement )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ '6', '12', '24', '36' ] );
		await userEvent.selectOptions( months, '12' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Save retention rules' } )
		);

		expect(
			await screen.findAllByText( 'Retention rules saved.' )
		).not.toHaveLength( 0 );
		const put = calls.find( ( call ) => call.method === 'PUT' );
		expect( put?.body ).toEqual( {
			rules: {
				...OFF.rules,
				rejected: { action: 'anonymise', months: 12 },
			},
		} );
		const link = await screen.findByRole( 'link', {
			name: '1,234 applications would be anonymised today',
		} );
		const url = new URL( link.getAttribute( 'href' ) ?? '' );
		expect( url.searchParams.get( 'page' ) ).toBe(
			'recruiting-reports-applications'
		);
		expect( url.searchParams.get( 'status' ) ).toBe( 'rejected' );
		expect( url.searchParams.get( 'updated_before' ) ).toBe(
			'2024-05-20T10:00:00+00:00'
		);
		expect( url.searchParams.get( 'anonymised' ) ).toBe( 'false' );
	} );

	it( "lists past runs with each rule's count", async () => {
		const { wrapper } = scriptedTransport( {
			'GET /retention': () => ( { ...OFF, has_run: true } ),
			'GET /retention/preview': () => PREVIEW,
			'GET /retention/log': () => [ RUN ],
		} );
		render( <PrivacySettings />, { wrapper } );
		const table = await screen.findByRole( 'table' );
		const row = within( table ).getAllByRole( 'row' )[ 1 ];
		const cells = within( row )
			.getAllByRole( 'cell' )
			.map( ( cell ) => cell.textContent );
		expect( cells ).toEqual( [ '–', '17', '–', '–', '0' ] );
		expect( within( row ).getByRole( 'rowheader' ) ).toHaveTextContent(
			'(daily run)'
		);
	} );

	it( 'says how each run was made: in parts, still continuing, or by WP-CLI', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /retention': () => ( { ...OFF, has_run: true } ),
			'GET /retention/preview': () => PREVIEW,
			'GET /retention/log': () => [
				{ ...RUN, parts: 1, continued: true },
				{ ...RUN, at: '2025-05-18T01:00:00+00:00', parts: 3 },
				{ ...RUN, at: '2025-05-17T01:00:00+00:00', trigger: 'cli' },
			],
		} );
		render( <PrivacySettings />, { wrapper } );
		const table = await screen.findByRole( 'table' );
		const headers = within( table )
			.getAllByRole( 'rowheader' )
			.map( ( header ) => header.textContent );
		expect( headers ).toEqual( [
			expect.stringContaining( '(daily run, continuing)' ),
			expect.stringContaining( '(daily run, in 3 parts)' ),
			expect.stringContaining( '(WP-CLI)' ),
		] );
	} );

	it( 'says why the rules are missing when they cannot be loaded', async () => {
		const { wrapper } = scriptedTransport( {
			'GET /retention': () => {
				throw restError(
					403,
					'insufficient_permissions',
					'Your credentials lack the permission this requires.'
				);
			},
			'GET /retention/preview': () => PREVIEW,
			'GET /retention/log': () => [],
		} );
		render( <PrivacySettings />, { wrapper } );
		await waitFor( () =>
			expect(
				screen.getByText( 'The retention rules could not be loaded.' )
			).toBeInTheDocument()
		);
	} );
} );
