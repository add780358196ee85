import type {
	CareersReport,
	FunnelReport,
	OverviewReport,
	TimeToHireReport,
} from '../api/types';
import {
	careersLinks,
	funnelLinks,
	overviewLinks,
	pipelineLinks,
	rejectionsLinks,
	timeToHireLinks,
} from './drilldown';
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

	it( 'careers by job: that job’s applications received in the period; other charts have no links', () => {
		const step = {
			list_views: 9,
			job_views: 5,
			form_starts: 2,
			submissions: 1,
			applications: 2,
			hires: 1,
			view_to_start: 0.4,
			start_to_submission: 0.5,
			view_to_submission: 0.2,
			application_to_hire: 0.5,
		};
		const careers = {
			period,
			totals: step,
			by_job: [
				{ job_id: 9, job_title: 'Nurse', ...step },
				{ job_id: 4, job_title: 'Cook', ...step },
			],
			by_source: [ { source: 'linkedin', ...step } ],
			trend: [],
		} as CareersReport;
		expect(
			careersLinks( specOf( 'careers', 'by_job', careers ), careers )
				.links
		).toEqual(
			[ 9, 4 ].map(
				( job ) =>
					`${ BASE }&job_id=${ job }&applied_from=2025-03-15&applied_to=2025-05-10`
			)
		);
		expect(
			careersLinks( specOf( 'careers', 'by_source', careers ), careers )
				.links
		).toBeUndefined();
	} );

	it( 'rejections by reason: that status and reason (none for no reason given); by job: its exits; labelled with the status', () => {
		const exits = { rejected: 1, withdrawn: 1 };
		const rejections = {
			period,
			totals: { rejected: 2, withdrawn: 1 },
			by_reason: [
				{
					status: 'rejected',
					reason: 'salary',
					label: 'Salary expectations',
					count: 1,
					share: 0.5,
				},
				{
					status: 'rejected',
					reason: '',
					label: 'No reason given',
					count: 1,
					share: 0.5,
				},
				{
					status: 'withdrawn',
					reason: '',
					label: 'No reason given',
					count: 1,
					share: 1,
				},
			],
			by_stage: [],
			by_job: [ { job_id: 9, job_title: 'Nurse', ...exits } ],
			trend: [],
		};
		const byReason = rejectionsLinks(
			specOf( 'rejections', 'by_reason', rejections ),
			rejections as Parameters< typeof rejectionsLinks >[ 1 ],
			4
		);
		expect( byReason.labels ).toEqual( [
			'Salary expectations (Rejected)',
			'No reason given (Rejected)',
			'No reason given (Withdrawn)',
		] );
		expect( byReason.links ).toEqual( [
			`${ BASE }&job_id=4&status=rejected&reason=salary`,
			null,
			null,
		] );
		expect(
			rejectionsLinks(
				specOf( 'rejections', 'by_job', rejections ),
				rejections as Parameters< typeof rejectionsLinks >[ 1 ],
				0
			).links
		).toEqual( [ `${ BASE }&job_id=9&status=rejected%2Cwithdrawn` ] );
		expect(
			rejectionsLinks(
				specOf( 'rejections', 'trend', rejections ),
				rejections as Parameters< typeof rejectionsLinks >[ 1 ],
				0
			).links
		).toBeUndefined();
	} );

	it( 'pipeline: a stage (or a job’s stage) with stale candidates opens them, waiting longest first; none without', () => {
		const waits = { median_days: 2, longest_days: 9 };
		const pipeline = {
			period,
			totals: { open: 5, stale: 2 },
			stages: [
				{ stage: 'new', open: 3, stale: 2, ...waits },
				{ stage: 'screening', open: 2, stale: 0, ...waits },
			],
			by_job: [
				{
					job_id: 9,
					job_title: 'Nurse',
					stage: 'new',
					open: 3,
					stale: 2,
					...waits,
				},
			],
		};
		const rows = pipeline as Parameters< typeof pipelineLinks >[ 1 ];
		expect(
			pipelineLinks( specOf( 'pipeline', 'stages', pipeline ), rows, 4 )
				.links
		).toEqual( [
			`${ BASE }&job_id=4&status=new&stale=true&orderby=status_since&order=asc`,
			null,
		] );
		const byJob = pipelineLinks(
			specOf( 'pipeline', 'by_job', pipeline ),
			rows,
			0
		);
		expect( byJob.labels ).toEqual( [ 'Nurse (New)' ] );
		expect( byJob.links ).toEqual( [
			`${ BASE }&job_id=9&status=new&stale=true&orderby=status_since&order=asc`,
		] );
	} );
} );
