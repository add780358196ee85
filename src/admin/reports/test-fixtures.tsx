/**
 * What the Reports page's section tests share: the page's settings and URL as WordPress prints
 * them, the query of its default period, and the whole page rendered with one report's first
 * answer held back (the loading state, then a failure and Retry).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import {
	deferred,
	OVERVIEW,
	restError,
	scriptedTransport,
	TIME_TO_HIRE,
	type Route,
} from '../../test-utils';
import { ReportsPage } from './ReportsPage';

/** The default period (the last 90 days up to `today` below) as the reports are asked for it. */
export const QUERY = { date_from: '2025-02-20', date_to: '2025-05-20' };

/** window.recruitingReports and the page's URL, before each test. */
export function setUpReportsPage() {
	window.recruitingReports = {
		today: '2025-05-20',
		defaultPeriod: 'last_90_days',
		locale: 'en-US',
		applicationsUrl:
			'http://example.test/wp-admin/admin.php?page=recruiting-reports-applications',
		restUrl: 'http://example.test/wp-json/recruiting/v1/',
		restNonce: 'n0nce',
	};
	window.history.replaceState(
		null,
		'',
		'/wp-admin/admin.php?page=recruiting-reports'
	);
}

/**
 * The reports the page asks for besides the one under test (an unscripted one fails with
 * rest_no_route, never as a missing job).
 */
export const OTHER_REPORTS = {
	'GET /reports/overview': () => OVERVIEW,
	'GET /reports/time-to-hire': () => TIME_TO_HIRE,
	'GET /jobs': () => [],
};

/**
 * Each headline figure (by its data-figure id) shows the text given for it, e.g. its change.
 * @param expected Text by figure id.
 */
export function expectFigures( expected: Record< string, string > ) {
	for ( const [ id, text ] of Object.entries( expected ) ) {
		expect(
			document.querySelector( `[data-figure="${ id }"]` )
		).toHaveTextContent( text );
	}
}

/**
 * The one notice for a deleted or unknown job, instead of the server's message.
 * @param serverMessage What the API said, which must not be shown.
 */
export async function expectMissingJobNotice( serverMessage: string ) {
	expect(
		await screen.findByText( 'This job no longer exists.', {
			selector: '.components-notice__content',
		} )
	).toBeInTheDocument();
	expect( screen.queryByText( serverMessage ) ).not.toBeInTheDocument();
}

/**
 * A route that answers with a REST error.
 * @param status  HTTP status.
 * @param code    The error's code.
 * @param message The error's message.
 */
export function failing( status: number, code: string, message: string ) {
	return () => {
		throw restError( status, code, message );
	};
}

/**
 * Renders the Reports page over `routes`; returns the requests it makes.
 * @param routes The scripted REST answers.
 */
export function renderReportsPage( routes: Record< string, Route > ) {
	const { wrapper, calls } = scriptedTransport( routes );
	render( <ReportsPage />, { wrapper } );
	return calls;
}

/**
 * The Reports page whose `section` (its data-report) asks `route` first for an answer the test
 * settles (`first`), then gets `answer` on every later request, such as Retry's.
 * @param section The section's data-report, e.g. "rr-sources".
 * @param route   The report's route, e.g. "GET /reports/sources".
 * @param answer  The report from the second request on.
 */
export function renderWithFirstAnswerHeld< T >(
	section: string,
	route: string,
	answer: T
) {
	const first = deferred< never >();
	let asked = 0;
	const calls = renderReportsPage( {
		...OTHER_REPORTS,
		[ route ]: () => {
			asked++;
			return asked === 1 ? first.promise : answer;
		},
	} );
	const element = () =>
		document.querySelector( `[data-report="${ section }"]` ) as HTMLElement;
	return {
		first,
		calls,
		section: element,
		/** How many requests the route got. */
		asked: () => asked,
		retry: () =>
			userEvent.click(
				within( element() ).getByRole( 'button', { name: 'Retry' } )
			),
	};
}
