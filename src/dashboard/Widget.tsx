/**
 * The "Recruiting" dashboard widget: headline figures, the pipeline and the time-to-hire trend
 * for a period the user picks (the title names it), optionally compared with an earlier period,
 * and a link to the Reports page.
 */
import {
	// eslint-disable-next-line @wordpress/no-unsafe-wp-apis -- #17 asks for ToggleGroupControl, which @wordpress/components exports only under this name (in every WordPress the plugin supports).
	__experimentalToggleGroupControl as ToggleGroupControl,
	// eslint-disable-next-line @wordpress/no-unsafe-wp-apis -- the option of the control above.
	__experimentalToggleGroupControlOption as ToggleGroupControlOption,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';
import { store as preferencesStore } from '@wordpress/preferences';

import type {
	ComparePeriod,
	Compared,
	FunnelReport,
	OverviewReport,
	ReportQuery,
	TimeToFillReport,
	TimeToHireReport,
} from '../api/types';
import { ComparePicker } from '../components/ComparePicker';
import { EmptySite } from '../components/EmptySite';
import { ChartFigure } from '../components/charts/ChartFigure';
import { CsvDownload } from '../components/CsvDownload';
import { overviewLinks, timeToHireLinks } from '../reports/drilldown';
import { Figures, type Figure } from '../components/Figures';
import { formatDays, formatPeriod } from '../components/format';
import { PeriodPicker } from '../components/PeriodPicker';
import { StaleLink } from './StaleLink';
import { Busy, ErrorState, Skeleton } from '../components/states';
import { getConfig } from '../config';
import {
	periodLabel,
	presetQuery,
	type PeriodPreset,
	type PeriodSelection,
} from '../reports/periods';
import { useDebouncedValue, useResource, type AsyncState } from '../store';
import {
	comparedSpec,
	declaredSpec,
	emptyMessage,
	reportChart,
} from '../reports/charts';
import { reportFigures, withChanges } from '../reports/figures';

export interface WidgetData {
	overview: Compared< OverviewReport >;
	timeToHire: Compared< TimeToHireReport >;
	funnel: Compared< FunnelReport >;
	/** Only for its open jobs, which are "as of now": never compared. */
	timeToFill: TimeToFillReport;
}

interface Props {
	/** The widget's title element, renamed to name the period. */
	titleElement?: HTMLElement | null;
}

type PipelineView = 'status' | 'conversion';

/** Figures "as of now" are the same in both periods (docs/reports.md#comparison): a change would always read 0. */
const AS_OF_NOW = [ 'active_jobs', 'open_jobs' ];

/**
 * One of a report's declared figures.
 * @param figures The report's figures.
 * @param id      The figure's id.
 */
function pick( figures: Figure[], id: string ): Figure {
	return figures.find( ( figure ) => figure.id === id )!;
}

function periodFigures(
	overview: OverviewReport,
	timeToHire: TimeToHireReport,
	funnel: FunnelReport
): Figure[] {
	const ttf = reportFigures( 'time-to-hire', timeToHire );
	return [
		pick( reportFigures( 'overview', overview ), 'new_applications' ),
		pick( ttf, 'hires' ),
		pick( ttf, 'average_days' ),
		pick( ttf, 'median_days' ),
		pick( reportFigures( 'funnel', funnel ), 'offer_acceptance_rate' ),
	];
}

export function widgetFigures(
	data: WidgetData,
	compare?: ComparePeriod
): Figure[] {
	const { overview, timeToHire, funnel, timeToFill } = data;
	const earlier =
		overview.comparison && timeToHire.comparison && funnel.comparison
			? periodFigures(
					overview.comparison,
					timeToHire.comparison,
					funnel.comparison
				)
			: undefined;
	const openJobs = timeToFill.open_jobs;
	const figures: Figure[] = [
		pick( reportFigures( 'overview', overview ), 'active_jobs' ),
		...periodFigures( overview, timeToHire, funnel ),
		{
			...pick(
				reportFigures( 'time-to-fill', timeToFill, 'open_jobs' ),
				'open_jobs'
			),
			note:
				openJobs.count > 0
					? sprintf(
							/* translators: %s: a number of days, e.g. "12.5 days". */
							__(
								'no hire yet, open %s on average',
								'recruiting-reports'
							),
							formatDays( openJobs.average_age_days )
						)
					: undefined,
		},
	];
	return withChanges(
		figures,
		earlier?.filter( ( figure ) => ! AS_OF_NOW.includes( figure.id ) ),
		compare
	);
}

/** Where the widget's period is remembered (includes/Admin/Preload.php reads it too). */
export const PREFERENCE_SCOPE = 'recruiting-reports';
export const PREFERENCE_PERIOD = 'dashboardPeriod';
export const PREFERENCE_COMPARE = 'dashboardCompare';

/** How long the period must stay unchanged before its reports are requested. */
export const PERIOD_DEBOUNCE_MS = 300;

/**
 * The widget's reports as one state: data once all are there, the first error, Retry asks again
 * for what failed. Time to fill is asked without the comparison: the widget only shows its open
 * jobs, which are the same in both periods.
 * @param query
 */
function useWidgetData( query: ReportQuery ): AsyncState< WidgetData > {
	const { compare, ...uncompared } = query;
	const states = {
		overview: useResource< Compared< OverviewReport > >( 'getReport', [
			'overview',
			query,
		] ),
		timeToHire: useResource< Compared< TimeToHireReport > >( 'getReport', [
			'time-to-hire',
			query,
		] ),
		funnel: useResource< Compared< FunnelReport > >( 'getReport', [
			'funnel',
			query,
		] ),
		timeToFill: useResource< TimeToFillReport >( 'getReport', [
			'time-to-fill',
			uncompared,
		] ),
	};
	const all = Object.values( states );
	const complete = all.every( ( state ) => state.data !== undefined );
	const data = complete
		? {
				overview: states.overview.data!,
				timeToHire: states.timeToHire.data!,
				funnel: states.funnel.data!,
				timeToFill: states.timeToFill.data!,
			}
		: undefined;
	const running = all.some( ( state ) => state.loading || state.busy );
	return {
		data,
		error: all.find( ( state ) => state.error )?.error,
		loading: running && ! data,
		busy: running && !! data,
		retry: () => {
			for ( const state of all ) {
				if ( state.error ) {
					state.retry();
				}
			}
		},
	};
}

export function widgetTitle( period: PeriodPreset ): string {
	return sprintf(
		/* translators: %s: report period, e.g. "Last 90 days". */
		__( 'Recruiting: %s', 'recruiting-reports' ),
		periodLabel( period )
	);
}

/**
 * The period the widget shows, and the one it compares with.
 * @param props
 * @param props.overview The overview report (its period and comparison's).
 */
function WidgetPeriod( {
	overview,
}: {
	overview: Compared< OverviewReport >;
} ) {
	return (
		<p
			className="rr-widget__period"
			data-period={ `${ overview.period.from }/${ overview.period.to }` }
		>
			{ formatPeriod( overview.period ) }
			{ overview.comparison && (
				<span className="rr-widget__compared">
					{ sprintf(
						/* translators: %s: the comparison period, e.g. "June 1, 2023 – May 31, 2024". */
						__( 'compared with %s', 'recruiting-reports' ),
						formatPeriod( overview.comparison.period )
					) }
				</span>
			) }
		</p>
	);
}

/**
 * The period and comparison the user picks, remembered per user (user meta through core/preferences; the
 * dashboard preloads them).
 */
function useWidgetChoice() {
	const config = getConfig();
	const [ selection, setSelection ] = useState< PeriodSelection >( {
		period: config.dashboardPeriod,
	} );
	const [ compare, setCompare ] = useState< ComparePeriod | '' >(
		config.dashboardCompare
	);
	const { set: setPreference } = useDispatch( preferencesStore );
	const preset =
		selection.period === 'custom' ? 'last_12_months' : selection.period;
	const pickPeriod = ( next: PeriodSelection ) => {
		setSelection( next );
		// Remembered per user (user meta through core/preferences); the dashboard preloads it.
		setPreference( PREFERENCE_SCOPE, PREFERENCE_PERIOD, next.period );
	};
	const pickCompare = ( next: ComparePeriod | '' ) => {
		setCompare( next );
		// Remembered like the period; '' (no comparison) too, so it is not the default again.
		setPreference( PREFERENCE_SCOPE, PREFERENCE_COMPARE, next );
	};
	return { selection, compare, preset, pickPeriod, pickCompare };
}

/**
 * Which pipeline chart the widget shows: by status or conversion.
 * @param props
 * @param props.value    The chart shown.
 * @param props.onChange Shows the other.
 */
function PipelineToggle( {
	value,
	onChange,
}: {
	value: PipelineView;
	onChange: ( view: PipelineView ) => void;
} ) {
	return (
		<ToggleGroupControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			className="rr-widget__pipeline-toggle"
			label={ __( 'Pipeline chart', 'recruiting-reports' ) }
			hideLabelFromVision
			isBlock
			value={ value }
			onChange={ ( view ) => onChange( view as PipelineView ) }
		>
			<ToggleGroupControlOption
				value="status"
				label={ __( 'By status', 'recruiting-reports' ) }
			/>
			<ToggleGroupControlOption
				value="conversion"
				label={ __( 'Conversion', 'recruiting-reports' ) }
			/>
		</ToggleGroupControl>
	);
}

/**
 * The link to the Reports page, with the widget's period and comparison.
 * @param props
 * @param props.preset  The period.
 * @param props.compare The comparison, or ''.
 */
function WidgetFooter( {
	preset,
	compare,
}: {
	preset: PeriodPreset;
	compare: ComparePeriod | '';
} ) {
	const config = getConfig();
	return (
		<p className="rr-widget__footer">
			{ config.can.readApplications && <StaleLink /> }
			<a
				href={ addQueryArgs( config.reportsUrl, {
					period: preset,
					compare: compare || undefined,
				} ) }
			>
				{ __( 'Open the Reports page', 'recruiting-reports' ) }
			</a>
		</p>
	);
}

/**
 * The widget's charts, as the reports' definitions declare them: the pipeline (by status or conversion, as the
 * user toggles it) and time to hire by month, each with its drill-down links and CSV.
 * @param props
 * @param props.data        The reports.
 * @param props.query       Their query.
 * @param props.pipeline    The pipeline chart shown.
 * @param props.setPipeline Shows the other.
 */
function WidgetCharts( {
	data,
	query,
	pipeline,
	setPipeline,
}: {
	data: WidgetData;
	query: ReportQuery;
	pipeline: PipelineView;
	setPipeline: ( view: PipelineView ) => void;
} ) {
	const charts = useMemo(
		() => ( {
			status: reportChart( 'overview', 'by_status' ),
			conversion: reportChart( 'overview', 'conversion' ),
			trend: reportChart( 'time-to-hire', 'trend' ),
		} ),
		[]
	);
	const specs = useMemo(
		() => ( {
			status: overviewLinks(
				declaredSpec( charts.status, data.overview ),
				data.overview,
				0
			),
			conversion: overviewLinks(
				declaredSpec( charts.conversion, data.overview ),
				data.overview,
				0
			),
			trend: timeToHireLinks(
				comparedSpec( charts.trend, data.timeToHire ),
				data.timeToHire,
				0
			),
		} ),
		[ data, charts ]
	);
	return (
		<>
			<div className="rr-widget__pipeline">
				<PipelineToggle value={ pipeline } onChange={ setPipeline } />
				<ChartFigure
					spec={
						pipeline === 'status' ? specs.status : specs.conversion
					}
					tableActions={
						<CsvDownload
							name="overview"
							section={
								pipeline === 'status'
									? 'by_status'
									: 'conversion'
							}
							query={ query }
						/>
					}
					height={ 200 }
					emptyMessage={ emptyMessage(
						pipeline === 'status'
							? charts.status
							: charts.conversion,
						data.overview
					) }
				/>
			</div>
			<ChartFigure
				spec={ specs.trend }
				tableActions={
					<CsvDownload
						name="time-to-hire"
						section="trend"
						query={ query }
					/>
				}
				height={ 200 }
				emptyMessage={ emptyMessage( charts.trend, data.timeToHire ) }
			/>
		</>
	);
}

export function DashboardWidget( { titleElement }: Props ) {
	const config = getConfig();
	const { selection, compare, preset, pickPeriod, pickCompare } =
		useWidgetChoice();
	const [ pipeline, setPipeline ] = useState< PipelineView >( 'status' );
	// Stepping through the periods with the arrow keys asks only for the one the user stops at.
	const choice = JSON.stringify( [ preset, compare ] );
	const settledChoice = useDebouncedValue( choice, PERIOD_DEBOUNCE_MS );
	const [ settled, settledCompare ] = JSON.parse( settledChoice ) as [
		typeof preset,
		ComparePeriod | '',
	];
	const query: ReportQuery = {
		...presetQuery( settled, config.today ),
		compare: settledCompare || undefined,
	};
	const loaded = useWidgetData( query );
	// A choice made but not yet asked for already dims the old figures.
	const state = {
		...loaded,
		busy: loaded.busy || ( !! loaded.data && settledChoice !== choice ),
	};

	useEffect( () => {
		if ( titleElement ) {
			titleElement.textContent = widgetTitle( preset );
		}
	}, [ titleElement, preset ] );

	const header = (
		<div className="rr-widget__header">
			<div className="rr-widget__pickers">
				<PeriodPicker
					value={ selection }
					onChange={ pickPeriod }
					label={ __( 'Report period', 'recruiting-reports' ) }
				/>
				<ComparePicker value={ compare } onChange={ pickCompare } />
			</div>
			{ state.data && <WidgetPeriod overview={ state.data.overview } /> }
		</div>
	);

	const footer = <WidgetFooter preset={ preset } compare={ compare } />;

	if ( state.error ) {
		return (
			<div className="rr-widget">
				{ header }
				<ErrorState error={ state.error } onRetry={ state.retry } />
				{ footer }
			</div>
		);
	}

	if ( state.loading || ! state.data ) {
		return (
			<div className="rr-widget">
				{ header }
				<Skeleton figures={ 7 } charts={ 2 } chartHeight={ 200 } />
				{ footer }
			</div>
		);
	}

	const { data } = state;
	if ( data.overview.applications.total === 0 ) {
		return (
			<div className="rr-widget">
				{ header }
				<EmptySite />
				{ footer }
			</div>
		);
	}

	return (
		<div className="rr-widget">
			{ header }
			<Busy busy={ state.busy }>
				<Figures
					label={ __( 'Headline figures', 'recruiting-reports' ) }
					figures={ widgetFigures(
						data,
						settledCompare || undefined
					) }
				/>
				<WidgetCharts
					data={ data }
					query={ query }
					pipeline={ pipeline }
					setPipeline={ setPipeline }
				/>
			</Busy>
			{ footer }
		</div>
	);
}
