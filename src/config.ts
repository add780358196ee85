/**
 * Values the PHP side prints before each script (window.recruitingReports, see
 * includes/Admin/Assets.php). Defaults keep tests and the editor working without them.
 */
import type {
	ComparePeriod,
	ExitStatus,
	Permission,
	Reason,
} from './api/types';
import type { ReportPresentation } from './reports/figures';
import type { PeriodPreset } from './reports/periods';

export interface AppConfig {
	/** Today in the site's timezone, `YYYY-MM-DD`. */
	today: string;
	/** Settings › default_period. */
	defaultPeriod: PeriodPreset;
	/** The widget's period: the user's last pick (core/preferences), else defaultPeriod. */
	dashboardPeriod: PeriodPreset;
	/** The widget's comparison: the user's last pick (core/preferences), else none (''). */
	dashboardCompare: ComparePeriod | '';
	/** Admin URLs. */
	reportsUrl: string;
	applicationsUrl: string;
	settingsUrl: string;
	jobsUrl: string;
	/** The current user's recruiting permissions. */
	can: {
		readJobs: boolean;
		readApplications: boolean;
		manageSettings: boolean;
		writeApplications: boolean;
	};
	/** The recruiting capabilities the current user holds (a key can only get these). */
	permissions: Permission[];
	/** The site's UTC offset now, e.g. `+01:00` (for dates the user picks, such as a key's expiry). */
	utcOffset: string;
	/** REST root of the plugin (`…/wp-json/recruiting/v1/`) and a REST nonce, for plain links such as CSV downloads. */
	restUrl: string;
	restNonce: string;
	/** The site's timezone: an IANA name or a fixed offset such as `+02:00`. */
	timezone: string;
	/** The current user's id (notes: "delete your own"). */
	userId: number;
	/** BCP 47 locale used for number and date formatting. */
	locale: string;
	/** Every report's title and headline figures, from its PHP definition (ReportRegistry::presentation()). */
	reports: ReportPresentation[];
	/** The rejection and withdrawal reasons (retired ones too, for the labels), and whether one is required. */
	reasons: Record< ExitStatus, Reason[] >;
	reasonRequired: boolean;
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
		dashboardCompare: given.dashboardCompare ?? '',
		reportsUrl: given.reportsUrl ?? 'admin.php?page=recruiting-reports',
		applicationsUrl:
			given.applicationsUrl ??
			'admin.php?page=recruiting-reports-applications',
		settingsUrl:
			given.settingsUrl ?? 'admin.php?page=recruiting-reports-settings',
		jobsUrl: given.jobsUrl ?? 'edit.php?post_type=recruiting_job',
		can: {
			readJobs: true,
			readApplications: true,
			manageSettings: false,
			writeApplications: false,
			...given.can,
		},
		permissions: given.permissions ?? [],
		utcOffset: given.utcOffset ?? '+00:00',
		restUrl: given.restUrl ?? '/wp-json/recruiting/v1/',
		restNonce: given.restNonce ?? '',
		timezone: given.timezone ?? given.utcOffset ?? 'UTC',
		userId: given.userId ?? 0,
		locale:
			given.locale ||
			( typeof document !== 'undefined' &&
				document.documentElement.lang ) ||
			'en-US',
		reports: given.reports ?? [],
		reasons: given.reasons ?? { rejected: [], withdrawn: [] },
		reasonRequired: given.reasonRequired ?? false,
	};
}
