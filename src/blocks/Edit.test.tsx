import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import type { ReactNode } from 'react';

import { drawChart } from '../components/charts/draw';
import type { ReportBlockAttributes } from './attributes';
import { PREVIEW_DELAY, PREVIEW_PATH, ReportBlockEdit } from './Edit';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
// The report picker lists the variations WordPress registered from block.json (@wordpress/blocks itself does not
// load under Jest).
jest.mock( '@wordpress/blocks', () => ( {
	getBlockVariations: () => require( '../../block.json' ).variations,
} ) );
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
// The job picker asks the API for jobs; it has its own tests.
jest.mock( '../components/JobPicker', () => ( {
	JobPicker: () => null,
} ) );

const mockedFetch = apiFetch as unknown as jest.Mock;
const mockedDraw = drawChart as jest.Mock;

const DEFAULTS: ReportBlockAttributes = {
	report: 'overview',
	period: 'last_12_months',
	dateFrom: '',
	dateTo: '',
	jobId: 0,
	compare: 'none',
	sections: [ 'figures', 'by_status', 'conversion' ],
	statusChart: 'bar',
	trendChart: 'line',
	visibility: 'restricted',
	deniedDisplay: 'message',
	showHeading: true,
};

/** A server render with one chart (the shape includes/Blocks/ReportMarkup.php writes). */
const RENDERED = `<div class="rr-report rr-report--overview" data-rr-report="overview">
	<h2 class="rr-report__title">Recruiting overview</h2>
	<p class="rr-report__period">Last 12 months (June 1, 2024 – May 20, 2025)</p>
	<figure class="rr-chart" data-rr-chart="conversion"><figcaption class="rr-chart__title">Conversion between stages</figcaption>
	<div class="rr-chart__canvas" data-label="Conversion between stages. The numbers are in the data table." hidden></div>
	<details class="rr-chart__data" open><summary>Data table</summary><table class="rr-table" data-chart-table="conversion"><caption>Conversion between stages</caption><tbody><tr><th scope="row">Application → screening</th><td data-value="0.5">50%</td></tr></tbody></table></details>
	<script type="application/json" class="rr-chart__spec">{"id":"conversion","kind":"bar","title":"Conversion between stages","categoryLabel":"Step","labels":["Application → screening"],"series":[{"label":"Conversion rate","values":[0.5],"unit":"percent","color":"#2271b1"}]}</script>
	</figure></div>`;

function deferred< T >() {
	let resolve!: ( value: T ) => void;
	let reject!: ( reason: unknown ) => void;
	const promise = new Promise< T >( ( res, rej ) => {
		resolve = res;
		reject = rej;
	} );
	return { promise, resolve, reject };
}

beforeEach( () => {
	window.recruitingReports = { today: '2025-05-20', locale: 'en-US' };
	mockedFetch.mockReset();
	mockedFetch.mockImplementation( () =>
		Promise.resolve( { rendered: RENDERED } )
	);
	mockedDraw.mockClear();
} );

function setup( attributes: Partial< ReportBlockAttributes > = {} ) {
	const setAttributes = jest.fn();
	const props = {
		attributes: { ...DEFAULTS, ...attributes },
		setAttributes,
	};
	const view = render( <ReportBlockEdit { ...props } /> );
	const rerender = ( next: Partial< ReportBlockAttributes > ) => {
		props.attributes = { ...props.attributes, ...next };
		view.rerender( <ReportBlockEdit { ...props } /> );
	};
	return { setAttributes, rerender };
}

const sentAttributes = () =>
	mockedFetch.mock.calls.map( ( [ options ] ) => options.data.attributes );

describe( 'ReportBlockEdit', () => {
	it( 'shows a skeleton, then the server’s render with its charts drawn', async () => {
		const answer = deferred< { rendered: string } >();
		mockedFetch.mockImplementationOnce( () => answer.promise );
		setup();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading the report preview…'
		);
		await act( async () => answer.resolve( { rendered: RENDERED } ) );
		expect(
			await screen.findByRole( 'heading', {
				name: 'Recruiting overview',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Last 12 months (June 1, 2024 – May 20, 2025)' )
		).toBeInTheDocument();
		// The block renderer route, with the block's attributes as they are.
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ] ).toMatchObject( {
			path: PREVIEW_PATH,
			method: 'POST',
			data: { attributes: DEFAULTS },
		} );
		// The front end's chart code ran on the preview: one chart, its table folded.
		expect( mockedDraw ).toHaveBeenCalledTimes( 1 );
		expect( mockedDraw.mock.calls[ 0 ][ 1 ] ).toMatchObject( {
			id: 'conversion',
		} );
		expect(
			document.querySelector( '[data-rr-chart="conversion"] canvas' )
		).not.toBeNull();
		expect( document.querySelector( 'details' ) ).not.toHaveAttribute(
			'open'
		);
		expect(
			screen.getByText(
				'Preview. Shown only to users with Read Applications.'
			)
		).toBeInTheDocument();
	} );

	it( 'asks again once after a burst of changes, keeping the last render meanwhile', async () => {
		const { rerender } = setup();
		await screen.findByRole( 'heading', { name: 'Recruiting overview' } );
		rerender( { period: 'last_30_days' } );
		rerender( { period: 'last_30_days', jobId: 3 } );
		rerender( {
			period: 'last_30_days',
			jobId: 3,
			compare: 'previous_year',
		} );
		// The old render stays, marked busy, while the new one is asked for.
		expect(
			screen.getByRole( 'heading', { name: 'Recruiting overview' } )
		).toBeInTheDocument();
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 2 ), {
			timeout: PREVIEW_DELAY * 5,
		} );
		await act(
			() =>
				new Promise( ( done ) => setTimeout( done, PREVIEW_DELAY * 2 ) )
		);
		expect( mockedFetch ).toHaveBeenCalledTimes( 2 );
		expect( sentAttributes()[ 1 ] ).toEqual( {
			...DEFAULTS,
			period: 'last_30_days',
			jobId: 3,
			compare: 'previous_year',
		} );
	} );

	it( 'shows the server’s message with Retry, and retries', async () => {
		mockedFetch.mockImplementationOnce( () =>
			Promise.reject( {
				code: 'rest_invalid_param',
				message: 'Invalid parameter(s): attributes',
				data: { status: 400 },
			} )
		);
		setup();
		expect(
			await screen.findByText( 'The block’s settings are not valid:' )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Invalid parameter(s): attributes', {
				selector: 'span',
			} )
		).toBeInTheDocument();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Retry' } )
		);
		expect(
			await screen.findByRole( 'heading', {
				name: 'Recruiting overview',
			} )
		).toBeInTheDocument();
		expect( mockedFetch ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'sets the period and the comparison', async () => {
		const { setAttributes } = setup();
		await userEvent.selectOptions(
			screen.getByLabelText( 'Period' ),
			'last_30_days'
		);
		expect( setAttributes ).toHaveBeenCalledWith( {
			period: 'last_30_days',
			dateFrom: '',
			dateTo: '',
		} );
		const compare = screen.getByLabelText( 'Compare with' );
		expect(
			[ ...( compare as HTMLSelectElement ).options ].map(
				( option ) => option.textContent
			)
		).toEqual( [ 'No comparison', 'Previous period', 'Previous year' ] );
		await userEvent.selectOptions( compare, 'previous_period' );
		expect( setAttributes ).toHaveBeenCalledWith( {
			compare: 'previous_period',
		} );
	} );

	it( 'offers every report and picks the chosen report’s sections', async () => {
		const { setAttributes } = setup();
		const select = screen.getByLabelText( 'Report' ) as HTMLSelectElement;
		expect(
			[ ...select.options ].map( ( option ) => option.textContent )
		).toEqual( [
			'Recruiting overview',
			'Time to hire',
			'Hiring funnel',
			'Sources of applicants',
			'Time to fill',
			'Careers funnel',
			'Rejections and withdrawals',
			'Pipeline and waiting',
			'Team activity',
		] );
		await userEvent.selectOptions( select, 'sources' );
		expect( setAttributes ).toHaveBeenCalledWith( {
			report: 'sources',
			sections: [ 'figures', 'sources' ],
		} );
		await userEvent.selectOptions( select, 'time-to-fill' );
		expect( setAttributes ).toHaveBeenCalledWith( {
			report: 'time-to-fill',
			sections: [ 'figures', 'by_job', 'trend' ],
		} );
	} );

	it( 'shows time to fill’s sections and trend chart type', async () => {
		const { setAttributes } = setup( {
			report: 'time-to-fill',
			sections: [ 'figures', 'trend' ],
		} );
		expect(
			screen.getByRole( 'checkbox', { name: 'Per job' } )
		).not.toBeChecked();
		expect(
			screen.queryByRole( 'checkbox', { name: 'Status breakdown' } )
		).toBeNull();
		await userEvent.selectOptions(
			screen.getByLabelText( 'Trend by month chart' ),
			'bar'
		);
		expect( setAttributes ).toHaveBeenCalledWith( { trendChart: 'bar' } );
		await userEvent.click(
			screen.getByRole( 'checkbox', { name: 'Per job' } )
		);
		expect( setAttributes ).toHaveBeenCalledWith( {
			sections: [ 'figures', 'by_job', 'trend' ],
		} );
	} );

	it( 'never lets the last section be unticked', () => {
		setup( { sections: [ 'conversion' ] } );
		expect(
			screen.getByRole( 'checkbox', {
				name: 'Conversion between stages',
			} )
		).toBeDisabled();
		expect(
			screen.getByRole( 'checkbox', { name: 'Headline figures' } )
		).not.toBeChecked();
	} );

	it( 'sets who may see the data and what others see', async () => {
		const { setAttributes, rerender } = setup();
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

	it( 'does not offer “everyone” to a user without Read Applications, and says why', () => {
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
		const { rerender } = setup();
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
