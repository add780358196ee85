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
import { formatCount, formatDays, formatPeriod } from '../components/format';
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
	byStatusSpec,
	conversionSpec,
	funnelFigures,
	hiresInPeriod,
	timeToHireFigures,
	trendSpec,
	withChanges,
} from '../reports/specs';

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

/** Figures "as of now" are the same in both periods (SPEC §7.1): a change would always read 0. */
const AS_OF_NOW = [ 'active_jobs', 'open_jobs' ];

function periodFigures(
	overview: OverviewReport,
	timeToHire: TimeToHireReport,
	funnel: FunnelReport
): Figure[] {
	const ttf = timeToHireFigures( timeToHire );
	const pick = ( figures: Figure[], id: string ) =>
		figures.find( ( figure ) => figure.id === id )!;
	return [
		{
			id: 'new_applications',
			label: __( 'New applications', 'recruiting-reports' ),
			value: formatCount( overview.applications.new_this_period ),
			raw: overview.applications.new_this_period,
		},
		pick( ttf, 'hires' ),
		pick( ttf, 'average_days' ),
		pick( ttf, 'median_days' ),
		pick( funnelFigures( funnel ), 'offer_acceptance_rate' ),
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
		{
			id: 'active_jobs',
			label: __( 'Active jobs', 'recruiting-reports' ),
			value: formatCount( overview.jobs.active ),
			raw: overview.jobs.active,
		},
		...periodFigures( overview, timeToHire, funnel ),
		{
			id: 'open_jobs',
			label: __( 'Open jobs', 'recruiting-reports' ),
			value: formatCount( openJobs.count ),
			raw: openJobs.count,
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

export function DashboardWidget( { titleElement }: Props ) {
	const config = getConfig();
	const [ selection, setSelection ] = useState< PeriodSelection >( {
		period: config.dashboardPeriod,
	} );
	const [ compare, setCompare ] = useState< ComparePeriod | '' >(
		config.dashboardCompare
	);
	const { set: setPreference } = useDispatch( preferencesStore );
	const [ pipeline, setPipeline ] = useState< PipelineView >( 'status' );
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

	const specs = useMemo( () => {
		if ( ! state.data ) {
			return null;
		}
		return {
			status: overviewLinks(
				byStatusSpec( state.data.overview ),
				state.data.overview,
				0
			),
			conversion: overviewLinks(
				conversionSpec( state.data.overview ),
				state.data.overview,
				0
			),
			trend: timeToHireLinks(
				trendSpec( state.data.timeToHire ),
				state.data.timeToHire,
				0
			),
		};
	}, [ state.data ] );

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
			{ state.data && (
				<p
					className="rr-widget__period"
					data-period={ `${ state.data.overview.period.from }/${ state.data.overview.period.to }` }
				>
					{ formatPeriod( state.data.overview.period ) }
					{ state.data.overview.comparison && (
						<span className="rr-widget__compared">
							{ sprintf(
								/* translators: %s: the comparison period, e.g. "June 1, 2023 – May 31, 2024". */
								__( 'compared with %s', 'recruiting-reports' ),
								formatPeriod(
									state.data.overview.comparison.period
								)
							) }
						</span>
					) }
				</p>
			) }
		</div>
	);

	const footer = (
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

	if ( state.error ) {
		return (
			<div className="rr-widget">
				{ header }
				<ErrorState error={ state.error } onRetry={ state.retry } />
				{ footer }
			</div>
		);
	}

	if ( state.loading || ! state.data || ! specs ) {
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

	const hires = hiresInPeriod( data.timeToHire );
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
				<div className="rr-widget__pipeline">
					<ToggleGroupControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						className="rr-widget__pipeline-toggle"
						label={ __( 'Pipeline chart', 'recruiting-reports' ) }
						hideLabelFromVision
						isBlock
						value={ pipeline }
						onChange={ ( view ) =>
							setPipeline( view as PipelineView )
						}
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
					<ChartFigure
						spec={
							pipeline === 'status'
								? specs.status
								: specs.conversion
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
						emptyMessage={ __(
							'No applications in this period.',
							'recruiting-reports'
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
					emptyMessage={
						hires === 0
							? __(
									'No hires in this period.',
									'recruiting-reports'
								)
							: undefined
					}
				/>
			</Busy>
			{ footer }
		</div>
	);
}
