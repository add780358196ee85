/**
 * Jest setup: jest-dom matchers and the browser APIs jsdom lacks but components use.
 */
import { execFileSync } from 'child_process';
import path from 'path';

import '@testing-library/jest-dom';

class ResizeObserverStub {
	observe() {}
	unobserve() {}
	disconnect() {}
}

if ( typeof window !== 'undefined' && ! ( 'ResizeObserver' in window ) ) {
	( window as unknown as { ResizeObserver: unknown } ).ResizeObserver =
		ResizeObserverStub;
}

if ( typeof Element !== 'undefined' && ! Element.prototype.scrollIntoView ) {
	Element.prototype.scrollIntoView = () => {};
}

/*
 * Every screen gets the reports' titles and headline figures from their PHP definitions
 * (window.recruitingReports.reports, ReportRegistry::presentation()); the tests draw from the same definitions,
 * printed by PHP, whatever else a test puts in the config.
 */
const REPORTS: unknown = JSON.parse(
	execFileSync(
		'php',
		[
			path.resolve(
				__dirname,
				'../tests/support/report-presentation.php'
			),
		],
		{ encoding: 'utf8' }
	)
);
let config: object = { reports: REPORTS };
Object.defineProperty( window, 'recruitingReports', {
	configurable: true,
	get: () => config,
	set: ( given: object | undefined ) => {
		config = { reports: REPORTS, ...given };
	},
} );
