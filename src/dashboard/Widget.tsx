/**
 * The "Recruiting" dashboard widget: headline figures, the pipeline and the time-to-hire trend
 * for a period the user picks (the title names it), and a link to the Reports page.
 */
import { Button } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';
import { store as preferencesStore } from '@wordpress/preferences';

import type {
	OverviewReport,
	ReportQuery,
	TimeToHireReport,
} from '../api/types';
import { ChartFigure } from '../components/charts/ChartFigure';
import { overviewLinks, timeToHireLinks } from '../reports/drilldown';
import { Figures, type Figure } from '../components/Figures';
import { formatCount, formatPeriod } from '../components/format';
import { PeriodPicker } from '../components/PeriodPicker';
import { Busy, EmptyState, ErrorState, Skeleton } from '../components/states';
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
	hiresInPeriod,
	timeToHireFigures,
	trendSpec,
} from '../reports/specs';

export interface WidgetData {
	overview: OverviewReport;
	timeToHire: TimeToHireReport;
}

interface Props {
	/** The widget's title element, renamed to name the period. */
	titleElement?: HTMLElement | null;
}

type PipelineView = 'status' | 'conversion';

export function widgetFigures( data: WidgetData ): Figure[] {
	const { overview } = data;
	const ttf = timeToHireFigures( data.timeToHire );
	const pick = ( id: string ) => ttf.find( ( figure ) => figure.id === id )!;
	return [
		{
			id: 'active_jobs',
			label: __( 'Active jobs', 'recruiting-reports' ),
			value: formatCount( overview.jobs.active ),
			raw: overview.jobs.active,
		},
		{
			id: 'new_applications',
			label: __( 'New applications', 'recruiting-reports' ),
			value: formatCount( overview.applications.new_this_period ),
			raw: overview.applications.new_this_period,
		},
		pick( 'hires' ),
		pick( 'average_days' ),
		pick( 'median_days' ),
	];
}

/** Where the widget's period is remembered (includes/Admin/Preload.php reads it too). */
export const PREFERENCE_SCOPE = 'recruiting-reports';
export const PREFERENCE_PERIOD = 'dashboardPeriod';

/** How long the period must stay unchanged before its reports are requested. */
export const PERIOD_DEBOUNCE_MS = 300;

/**
 * Both reports of the widget as one state: data once both are there, the first error, Retry
 * asks again for what failed.
 * @param query
 */
function useWidgetData( query: ReportQuery ): AsyncState< WidgetData > {
	const overview = useResource< OverviewReport >( 'getReport', [
		'overview',
		query,
	] );
	const timeToHire = useResource< TimeToHireReport >( 'getReport', [
		'time-to-hire',
		query,
	] );
	const data =
		overview.data && timeToHire.data
			? { overview: overview.data, timeToHire: timeToHire.data }
			: undefined;
	const running =
		overview.loading ||
		overview.busy ||
		timeToHire.loading ||
		timeToHire.busy;
	return {
		data,
		error: overview.error ?? timeToHire.error,
		loading: running && ! data,
		busy: running && !! data,
		retry: () => {
			if ( overview.error ) {
				overview.retry();
			}
			if ( timeToHire.error ) {
				timeToHire.retry();
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
	const { set: setPreference } = useDispatch( preferencesStore );
	const [ pipeline, setPipeline ] = useState< PipelineView >( 'status' );
	const preset =
		selection.period === 'custom' ? 'last_12_months' : selection.period;
	const pickPeriod = ( next: PeriodSelection ) => {
		setSelection( next );
		// Remembered per user (user meta through core/preferences); the dashboard preloads it.
		setPreference( PREFERENCE_SCOPE, PREFERENCE_PERIOD, next.period );
	};
	// Stepping through the periods with the arrow keys asks only for the one the user stops at.
	const settled = useDebouncedValue( preset, PERIOD_DEBOUNCE_MS );
	const loaded = useWidgetData( presetQuery( settled, config.today ) );
	// A period picked but not yet asked for already dims the old figures.
	const state = {
		...loaded,
		busy: loaded.busy || ( !! loaded.data && settled !== preset ),
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
			<PeriodPicker
				value={ selection }
				onChange={ pickPeriod }
				label={ __( 'Report period', 'recruiting-reports' ) }
			/>
			{ state.data && (
				<p
					className="rr-widget__period"
					data-period={ `${ state.data.overview.period.from }/${ state.data.overview.period.to }` }
				>
					{ formatPeriod( state.data.overview.period ) }
				</p>
			) }
		</div>
	);

	const footer = (
		<p className="rr-widget__footer">
			<a href={ addQueryArgs( config.reportsUrl, { period: preset } ) }>
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
				<Skeleton figures={ 5 } charts={ 2 } chartHeight={ 200 } />
				{ footer }
			</div>
		);
	}

	const { data } = state;
	if ( data.overview.applications.total === 0 ) {
		return (
			<div className="rr-widget">
				{ header }
				<EmptyState
					title={ __( 'No applications yet', 'recruiting-reports' ) }
				>
					<p>
						{ __(
							'Figures and charts appear here once candidates apply to your jobs.',
							'recruiting-reports'
						) }
					</p>
					<p>
						<a href={ config.jobsUrl }>
							{ __( 'Manage jobs', 'recruiting-reports' ) }
						</a>
					</p>
				</EmptyState>
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
					figures={ widgetFigures( data ) }
				/>
				<div className="rr-widget__pipeline">
					<div
						className="rr-segmented"
						role="group"
						aria-label={ __(
							'Pipeline chart',
							'recruiting-reports'
						) }
					>
						<Button
							variant="secondary"
							isPressed={ pipeline === 'status' }
							onClick={ () => setPipeline( 'status' ) }
							size="compact"
						>
							{ __( 'By status', 'recruiting-reports' ) }
						</Button>
						<Button
							variant="secondary"
							isPressed={ pipeline === 'conversion' }
							onClick={ () => setPipeline( 'conversion' ) }
							size="compact"
						>
							{ __( 'Conversion', 'recruiting-reports' ) }
						</Button>
					</div>
					<ChartFigure
						spec={
							pipeline === 'status'
								? specs.status
								: specs.conversion
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
