import type {
	FunnelReport,
	OverviewReport,
	TimeToHireReport,
} from '../api/types';
import { funnelLinks, overviewLinks, timeToHireLinks } from './drilldown';
import { comparedSpec, reportChart } from './charts';

/**
 * A report chart's spec as the page draws it from the report's declaration.
 * @param name               The report.
 * @param id                 The chart.
 * @param report             The report's data.
 * @param report.period
 * @param report.period.from
 * @param report.period.to
 */
const specOf = (
	name: string,
	id: string,
	report: { period: { from: string; to: string } }
) => comparedSpec( reportChart( name, id ), report );

const BASE = 'admin.php?page=recruiting-reports-applications';
const period = { from: '2025-03-15', to: '2025-05-10' };

const overview = {
	period,
	jobs: { total: 2, active: 1, new_this_period: 0 },
	applications: {
		total: 7,
		new_this_period: 3,
		by_status: {
			new: 1,
			screening: 1,
			interview: 1,
			offer: 1,
			hired: 1,
			rejected: 1,
			withdrawn: 1,
		},
	},
	conversion: {
		application_to_screening: 0.5,
		screening_to_interview: 0.5,
		interview_to_offer: 0.5,
		offer_to_hire: 0.5,
	},
	avg_time_to_hire_days: 3,
} as OverviewReport;

const timeToHire = {
	period,
	overall: { average_days: 3, median_days: 3, min_days: 3, max_days: 3 },
	by_stage: {
		new_to_screening: 1,
		screening_to_interview: 1,
		interview_to_offer: 1,
		offer_to_hire: 1,
	},
	by_job: [ { job_id: 9, job_title: 'Nurse', average_days: 3, hires: 2 } ],
	trend: [
		{ month: '2025-03', average_days: 3, hires: 1 },
		{ month: '2025-04', average_days: 0, hires: 0 },
		{ month: '2025-05', average_days: 3, hires: 1 },
	],
} as TimeToHireReport;

const funnel = {
	period,
	stages: [
		{ stage: 'new', reached: 3, conversion_from_previous: 1 },
		{ stage: 'screening', reached: 2, conversion_from_previous: 0.6667 },
		{ stage: 'interview', reached: 1, conversion_from_previous: 0.5 },
		{ stage: 'offer', reached: 1, conversion_from_previous: 1 },
		{ stage: 'hired', reached: 0, conversion_from_previous: 0 },
	],
	outcomes: { rejected: 1, withdrawn: 0, in_progress: 2 },
	offer_acceptance_rate: 0,
} as FunnelReport;

describe( 'drill-down links', () => {
	it( 'by status: that status, with the report’s job', () => {
		const links = overviewLinks(
			specOf( 'overview', 'by_status', overview ),
			overview,
			4
		).links;
		expect( links ).toHaveLength( 7 );
		expect( links?.[ 4 ] ).toBe( `${ BASE }&job_id=4&status=hired` );
	} );

	it( 'conversion: the period’s cohort that reached the step’s target', () => {
		const links = overviewLinks(
			specOf( 'overview', 'conversion', overview ),
			overview,
			0
		).links;
		expect( links?.[ 0 ] ).toBe(
			`${ BASE }&applied_from=2025-03-15&applied_to=2025-05-10&reached=screening`
		);
		expect( links?.[ 3 ] ).toMatch( /reached=hired$/ );
	} );

	it( 'funnel: each stage is the period’s cohort that reached it, with the report’s job', () => {
		const links = funnelLinks(
			specOf( 'funnel', 'stages', funnel ),
			funnel,
			4
		).links;
		expect( links ).toEqual(
			[ 'new', 'screening', 'interview', 'offer', 'hired' ].map(
				( stage ) =>
					`${ BASE }&job_id=4&applied_from=2025-03-15&applied_to=2025-05-10&reached=${ stage }`
			)
		);
	} );

	it( 'days between stages: the period’s hires that entered both stages', () => {
		const links = timeToHireLinks(
			specOf( 'time-to-hire', 'by_stage', timeToHire ),
			timeToHire,
			0
		).links;
		expect( links?.[ 1 ] ).toBe(
			`${ BASE }&hired_from=2025-03-15&hired_to=2025-05-10&entered=screening%2Cinterview`
		);
	} );

	it( 'by job: that job’s hires in the period (the row’s job, not the filter’s)', () => {
		const links = timeToHireLinks(
			specOf( 'time-to-hire', 'by_job', timeToHire ),
			timeToHire,
			0
		).links;
		expect( links ).toEqual( [
			`${ BASE }&job_id=9&hired_from=2025-03-15&hired_to=2025-05-10`,
		] );
	} );

	it( 'trend: each month’s hires, the first and last months cut by the period', () => {
		const links = timeToHireLinks(
			specOf( 'time-to-hire', 'trend', timeToHire ),
			timeToHire,
			0
		).links;
		expect( links ).toEqual( [
			`${ BASE }&hired_from=2025-03-15&hired_to=2025-03-31`,
			`${ BASE }&hired_from=2025-04-01&hired_to=2025-04-30`,
			`${ BASE }&hired_from=2025-05-01&hired_to=2025-05-10`,
		] );
	} );
} );
