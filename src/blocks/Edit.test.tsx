import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

import {
	deferred,
	EMPTY_OVERVIEW,
	OVERVIEW,
	restError,
	scriptedTransport,
	TIME_TO_HIRE,
} from '../test-utils';
import type { TransportRequest } from '../api/transport';
import type { ReportBlockAttributes } from './attributes';
import { ReportBlockEdit } from './Edit';

jest.mock( '../components/charts/draw', () => ( {
	drawChart: jest.fn( () => ( { update: jest.fn(), destroy: jest.fn() } ) ),
} ) );
// The editor's slot/fill machinery is not under test: render the inspector in place.
jest.mock( '@wordpress/block-editor', () => ( {
	InspectorControls: ( { children }: { children: ReactNode } ) => (
		<div data-testid="inspector">{ children }</div>
	),
	useBlockProps: ( props: Record< string, unknown > ) => props,
} ) );

const DEFAULTS: ReportBlockAttributes = {
	report: 'overview',
	period: 'last_12_months',
	dateFrom: '',
	dateTo: '',
	jobId: 0,
	sections: [ 'figures', 'by_status', 'conversion' ],
	statusChart: 'bar',
	trendChart: 'line',
	visibility: 'restricted',
	deniedDisplay: 'message',
	showHeading: true,
};

const JOBS = [
	{
		id: 3,
		title: 'Registered Nurse',
		status: 'publish',
		created_at: '2024-01-01T00:00:00Z',
	},
];

beforeEach( () => {
	window.recruitingReports = { today: '2025-05-20', locale: 'en-US' };
} );

function setup(
	attributes: Partial< ReportBlockAttributes > = {},
	routes = {}
) {
	const scripted = scriptedTransport( {
		'GET /reports/overview': () => OVERVIEW,
		'GET /reports/time-to-hire': () => TIME_TO_HIRE,
		'GET /jobs': () => JOBS,
		'GET /jobs/3': () => JOBS[ 0 ],
		...routes,
	} );
	const setAttributes = jest.fn();
	const props = {
		attributes: { ...DEFAULTS, ...attributes },
		setAttributes,
	};
	const view = render( <ReportBlockEdit { ...props } />, {
		wrapper: scripted.wrapper,
	} );
	const rerender = ( next: Partial< ReportBlockAttributes > ) => {
		props.attributes = { ...props.attributes, ...next };
		view.rerender( <ReportBlockEdit { ...props } /> );
	};
	return { ...scripted, setAttributes, rerender };
}

const reportCalls = ( calls: TransportRequest[] ) =>
	calls.filter( ( call ) => call.path.startsWith( '/reports/' ) );

describe( 'ReportBlockEdit', () => {
	it( 'shows a skeleton, then a live preview of the chosen sections', async () => {
		const overview = deferred< unknown >();
		setup( {}, { 'GET /reports/overview': () => overview.promise } );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading the report preview…'
		);
		await act( async () => overview.resolve( OVERVIEW ) );
		expect(
			await screen.findByRole( 'heading', {
				name: 'Recruiting overview',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Last 12 months (June 1, 2024 – May 20, 2025)' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'table', {
				name: 'All applications by current status',
				hidden: true,
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'table', {
				name: 'Conversion between stages',
				hidden: true,
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Preview. Shown only to users with Read Applications.'
			)
		).toBeInTheDocument();
	} );

	it( 'updates the preview when a setting changes', async () => {
		const { calls, setAttributes, rerender } = setup();
		await screen.findByRole( 'heading', { name: 'Recruiting overview' } );
		await userEvent.selectOptions(
			screen.getByLabelText( 'Period' ),
			'last_30_days'
		);
		expect( setAttributes ).toHaveBeenCalledWith( {
			period: 'last_30_days',
			dateFrom: '',
			dateTo: '',
		} );
		rerender( { period: 'last_30_days', jobId: 3 } );
		await waitFor( () =>
			expect( reportCalls( calls ).at( -1 )?.query ).toEqual( {
				date_from: '2025-04-21',
				date_to: '2025-05-20',
				job_id: 3,
			} )
		);
		expect(
			await screen.findByText( /^Registered Nurse · Last 30 days/ )
		).toBeInTheDocument();
	} );

	it( 'previews time to hire with its own sections and chart type', async () => {
		const { setAttributes } = setup( {
			report: 'time-to-hire',
			sections: [ 'figures', 'by_job', 'trend' ],
			trendChart: 'bar',
		} );
		await screen.findByRole( 'heading', { name: 'Time to hire' } );
		expect(
			screen.queryByRole( 'table', {
				name: 'Average days between stages',
				hidden: true,
			} )
		).toBeNull();
		expect(
			screen.getByRole( 'table', {
				name: 'Time to hire by job',
				hidden: true,
			} )
		).toBeInTheDocument();
		await userEvent.selectOptions(
			screen.getByLabelText( 'Trend chart' ),
			'line'
		);
		expect( setAttributes ).toHaveBeenCalledWith( { trendChart: 'line' } );
		await userEvent.click(
			screen.getByRole( 'checkbox', { name: 'Days between stages' } )
		);
		expect( setAttributes ).toHaveBeenCalledWith( {
			sections: [ 'figures', 'by_stage', 'by_job', 'trend' ],
		} );
	} );

	it( 'never lets the last section be unticked', async () => {
		setup( { sections: [ 'conversion' ] } );
		await screen.findByRole( 'heading', { name: 'Recruiting overview' } );
		expect(
			screen.getByRole( 'checkbox', {
				name: 'Conversion between stages',
			} )
		).toBeDisabled();
		expect(
			screen.getByRole( 'checkbox', { name: 'Headline figures' } )
		).not.toBeChecked();
	} );

	it( 'switching the report picks that report’s sections', async () => {
		const { setAttributes } = setup();
		await screen.findByRole( 'heading', { name: 'Recruiting overview' } );
		await userEvent.selectOptions(
			screen.getByLabelText( 'Report' ),
			'time-to-hire'
		);
		expect( setAttributes ).toHaveBeenCalledWith( {
			report: 'time-to-hire',
			sections: [ 'figures', 'by_stage', 'by_job', 'trend' ],
		} );
	} );

	it( 'explains a deleted job with the server’s message', async () => {
		setup(
			{ jobId: 99 },
			{
				'GET /reports/overview': () => {
					throw restError(
						404,
						'resource_not_found',
						'No job with id 99.'
					);
				},
			}
		);
		expect(
			await screen.findByText( /The selected job no longer exists/, {
				selector: 'strong',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'No job with id 99.', { selector: 'span' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Retry' } )
		).toBeInTheDocument();
	} );

	it( 'shows a notice and asks nothing for an invalid custom range', async () => {
		const { calls } = setup( {
			period: 'custom',
			dateFrom: '2025-05-01',
			dateTo: '2025-04-01',
		} );
		expect(
			screen.getByText(
				'This block shows nothing until its settings are fixed:'
			)
		).toBeInTheDocument();
		expect(
			screen.getAllByText( 'The start date is after the end date.' )
				.length
		).toBeGreaterThan( 0 );
		await act( async () => {} );
		expect( reportCalls( calls ) ).toHaveLength( 0 );
	} );

	it( 'shows "no data yet" for an empty site', async () => {
		setup( {}, { 'GET /reports/overview': () => EMPTY_OVERVIEW } );
		expect(
			await screen.findByText( 'No recruiting data yet' )
		).toBeInTheDocument();
	} );

	it( 'sets who may see the data and what others see', async () => {
		const { setAttributes, rerender } = setup();
		await screen.findByRole( 'heading', { name: 'Recruiting overview' } );
		await userEvent.click(
			screen.getByRole( 'radio', { name: 'Nothing' } )
		);
		expect( setAttributes ).toHaveBeenCalledWith( {
			deniedDisplay: 'nothing',
		} );
		await userEvent.click(
			screen.getByRole( 'radio', {
				name: 'Everyone, including visitors',
			} )
		);
		expect( setAttributes ).toHaveBeenCalledWith( {
			visibility: 'public',
		} );
		rerender( { visibility: 'public' } );
		expect(
			screen.getAllByText(
				'Anyone who can open this page sees these figures.'
			).length
		).toBeGreaterThan( 0 );
		expect( screen.queryByRole( 'radio', { name: 'Nothing' } ) ).toBeNull();
	} );

	it( 'does not offer “everyone” to a user without Read Applications, and says why', async () => {
		window.recruitingReports = {
			today: '2025-05-20',
			locale: 'en-US',
			can: {
				readJobs: false,
				readApplications: false,
				writeApplications: false,
				manageSettings: false,
			},
		};
		const { rerender } = setup(
			{},
			{
				'GET /reports/overview': () => {
					throw restError( 403, 'insufficient_permissions', 'No.' );
				},
			}
		);
		expect(
			(
				await screen.findAllByText(
					/it needs the Read Applications permission/
				)
			).length
		).toBeGreaterThan( 0 );
		expect(
			screen.queryByRole( 'radio', {
				name: 'Everyone, including visitors',
			} )
		).toBeNull();
		expect(
			screen.getByText(
				/Only users with the Read Applications permission can show these figures to everyone/
			)
		).toBeInTheDocument();
		// A block someone else made public: saving as this user hides the figures from visitors.
		rerender( { visibility: 'public' } );
		expect(
			screen.getAllByText(
				/once you save this post, they are hidden from visitors/
			).length
		).toBeGreaterThan( 0 );
		expect(
			screen.queryByText(
				'Anyone who can open this page sees these figures.'
			)
		).toBeNull();
	} );
} );
