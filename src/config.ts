/**
 * Values the PHP side prints before each script (window.recruitingReports, see
 * includes/Admin/Assets.php). Defaults keep tests and the editor working without them.
 */
import type { Permission } from './api/types';
import type { PeriodPreset } from './reports/periods';

export interface AppConfig {
	/** Today in the site's timezone, `YYYY-MM-DD`. */
	today: string;
	/** Settings › default_period. */
	defaultPeriod: PeriodPreset;
	/** The widget's period: the user's last pick (core/preferences), else defaultPeriod. */
	dashboardPeriod: PeriodPreset;
	/** Admin URLs. */
	reportsUrl: string;
	settingsUrl: string;
	jobsUrl: string;
	/** The current user's recruiting permissions. */
	can: {
		readJobs: boolean;
		readApplications: boolean;
		manageSettings: boolean;
	};
	/** The recruiting capabilities the current user holds (a key can only get these). */
	permissions: Permission[];
	/** The site's UTC offset now, e.g. `+01:00` (for dates the user picks, such as a key's expiry). */
	utcOffset: string;
	/** BCP 47 locale used for number and date formatting. */
	locale: string;
}

declare global {
	interface Window {
		recruitingReports?: Partial< AppConfig >;
	}
}

function localToday(): string {
	const now = new Date();
	const pad = ( n: number ) => String( n ).padStart( 2, '0' );
	return `${ now.getFullYear() }-${ pad( now.getMonth() + 1 ) }-${ pad(
		now.getDate()
	) }`;
}

export function getConfig(): AppConfig {
	const given =
		( typeof window !== 'undefined' && window.recruitingReports ) || {};
	return {
		today: given.today ?? localToday(),
		defaultPeriod: given.defaultPeriod ?? 'last_12_months',
		dashboardPeriod:
			given.dashboardPeriod ?? given.defaultPeriod ?? 'last_12_months',
		reportsUrl: given.reportsUrl ?? 'admin.php?page=recruiting-reports',
		settingsUrl:
			given.settingsUrl ?? 'admin.php?page=recruiting-reports-settings',
		jobsUrl: given.jobsUrl ?? 'edit.php?post_type=recruiting_job',
		can: {
			readJobs: true,
			readApplications: true,
			manageSettings: false,
			...given.can,
		},
		permissions: given.permissions ?? [],
		utcOffset: given.utcOffset ?? '+00:00',
		locale:
			given.locale ||
			( typeof document !== 'undefined' &&
				document.documentElement.lang ) ||
			'en-US',
	};
}
