/**
 * Settings › Privacy: the retention rules (anonymise or delete applications a number of months after their last
 * change, per final status and for untouched open ones), what a run today would take (each count links to those
 * applications), when the daily run comes, and the log of past runs (counts only).
 */
import { Button, Notice, SelectControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import type {
	RetentionPreview,
	RetentionRule,
	RetentionRuleName,
	RetentionRun,
	RetentionSettings,
} from '../../api/types';
import { formatCount } from '../../components/format';
import { errorText } from '../../components/errorText';
import { ErrorState, Skeleton } from '../../components/states';
import { getConfig } from '../../config';
import { useResource, useStoreActions } from '../../store';
import { applicationsUrl } from '../applications/filters';
import { formatSiteDateTime } from '../applications/timezone';
import { TitledSection } from './TitledSection';

type Rules = Record< RetentionRuleName, RetentionRule >;

const RULE_NAMES: RetentionRuleName[] = [
	'hired',
	'rejected',
	'withdrawn',
	'open',
];

/**
 * Each rule's label.
 * @param name
 */
function ruleLabel( name: RetentionRuleName ): string {
	return {
		hired: __( 'Hired', 'recruiting-reports' ),
		rejected: __( 'Rejected', 'recruiting-reports' ),
		withdrawn: __( 'Withdrawn', 'recruiting-reports' ),
		open: __( 'Open, untouched', 'recruiting-reports' ),
	}[ name ];
}

/**
 * "N applications would be anonymised/deleted today".
 * @param count  Applications.
 * @param action The rule's action.
 */
function wouldText( count: number, action: RetentionRule[ 'action' ] ) {
	if ( action === 'delete' ) {
		return sprintf(
			/* translators: %s: number of applications. */
			_n(
				'%s application would be deleted today',
				'%s applications would be deleted today',
				count,
				'recruiting-reports'
			),
			formatCount( count )
		);
	}
	return sprintf(
		/* translators: %s: number of applications. */
		_n(
			'%s application would be anonymised today',
			'%s applications would be anonymised today',
			count,
			'recruiting-reports'
		),
		formatCount( count )
	);
}

// The tab's section: its heading, then the form or what stands in for it.
function PrivacySection( { children }: { children: React.ReactNode } ) {
	return (
		<TitledSection
			titleId="rr-privacy-title"
			title={ __( 'Retention of applications', 'recruiting-reports' ) }
		>
			<p>
				{ __(
					'Anonymise or delete applications a number of months after their last change. Anonymising removes the name, e-mail address, phone, external id, notes and a typed source, and keeps dates, statuses, job and source category, so the reports keep their figures; deleting removes the application from the reports too. Every rule is off until you turn it on.',
					'recruiting-reports'
				) }
			</p>
			{ children }
		</TitledSection>
	);
}

// One rule's two fields: what happens, and after how many months (the suggested values and the current one).
function RuleFields( {
	name,
	rule,
	suggested,
	onChange,
}: {
	name: RetentionRuleName;
	rule: RetentionRule;
	suggested: number[];
	onChange: ( next: RetentionRule ) => void;
} ) {
	const months = [ ...new Set( [ ...suggested, rule.months ] ) ].sort(
		( a, b ) => a - b
	);
	return (
		<fieldset className="rr-retention__rule" data-rule={ name }>
			<legend>{ ruleLabel( name ) }</legend>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Action', 'recruiting-reports' ) }
				value={ rule.action }
				options={ [
					{ value: 'off', label: __( 'Keep', 'recruiting-reports' ) },
					{
						value: 'anonymise',
						label: __( 'Anonymise', 'recruiting-reports' ),
					},
					{
						value: 'delete',
						label: __( 'Delete', 'recruiting-reports' ),
					},
				] }
				onChange={ ( action: string ) =>
					onChange( {
						...rule,
						action: action as RetentionRule[ 'action' ],
					} )
				}
			/>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'After (months)', 'recruiting-reports' ) }
				value={ String( rule.months ) }
				disabled={ rule.action === 'off' }
				options={ months.map( ( value ) => ( {
					value: String( value ),
					label: String( value ),
				} ) ) }
				onChange={ ( value: string ) =>
					onChange( { ...rule, months: Number( value ) } )
				}
			/>
		</fieldset>
	);
}

// What a run today would take, per rule that is on, each count linking to those applications.
function PreviewList( { preview }: { preview: RetentionPreview | undefined } ) {
	const config = getConfig();
	const rules = RULE_NAMES.flatMap( ( name ) => {
		const rule = preview?.rules[ name ];
		return rule ? [ { name, rule } ] : [];
	} );
	if ( ! rules.length ) {
		return (
			<p className="rr-retention__preview">
				{ __(
					'No rule is on: nothing is anonymised or deleted.',
					'recruiting-reports'
				) }
			</p>
		);
	}
	return (
		<ul className="rr-retention__preview">
			{ rules.map( ( { name, rule } ) => (
				<li key={ name } data-rule={ name }>
					{ ruleLabel( name ) }:{ ' ' }
					<a
						href={ applicationsUrl( config.applicationsUrl, {
							status: rule.filters.status,
							updated_before: rule.filters.updated_before,
							anonymised: rule.filters.anonymised,
						} ) }
					>
						{ wouldText( rule.applications, rule.action ) }
					</a>
				</li>
			) ) }
		</ul>
	);
}

// The past runs, newest first: when, how, and how many each rule took.
/**
 * How a run was made: by the daily schedule (in parts when it outlasted its time budget) or by WP-CLI.
 *
 * @param run A logged run.
 */
function runDescription( run: RetentionRun ): string {
	if ( run.trigger === 'cli' ) {
		return __( 'WP-CLI', 'recruiting-reports' );
	}
	if ( run.continued ) {
		return __( 'daily run, continuing', 'recruiting-reports' );
	}
	if ( run.parts > 1 ) {
		return sprintf(
			/* translators: %s: how many parts the daily run took. */
			_n(
				'daily run, in %s part',
				'daily run, in %s parts',
				run.parts,
				'recruiting-reports'
			),
			formatCount( run.parts )
		);
	}
	return __( 'daily run', 'recruiting-reports' );
}

function RunLog( { runs }: { runs: RetentionRun[] | undefined } ) {
	const config = getConfig();
	if ( ! runs?.length ) {
		return <p>{ __( 'No run yet.', 'recruiting-reports' ) }</p>;
	}
	return (
		<table className="widefat striped rr-retention__log">
			<thead>
				<tr>
					<th scope="col">{ __( 'Run', 'recruiting-reports' ) }</th>
					{ RULE_NAMES.map( ( name ) => (
						<th scope="col" key={ name }>
							{ ruleLabel( name ) }
						</th>
					) ) }
					<th scope="col">
						{ __( 'Failed', 'recruiting-reports' ) }
					</th>
				</tr>
			</thead>
			<tbody>
				{ runs.map( ( run ) => (
					<tr key={ `${ run.at }-${ run.trigger }` }>
						<th scope="row">
							{ formatSiteDateTime(
								run.at,
								config.timezone,
								config.locale
							) }{ ' ' }
							({ runDescription( run ) })
						</th>
						{ RULE_NAMES.map( ( name ) => (
							<td key={ name }>
								{ run.rules[ name ]
									? formatCount(
											run.rules[ name ]?.applications ?? 0
										)
									: '–' }
							</td>
						) ) }
						<td>{ formatCount( run.failed ) }</td>
					</tr>
				) ) }
			</tbody>
		</table>
	);
}

export function PrivacySettings() {
	const config = getConfig();
	const settings = useResource< RetentionSettings >( 'getRetention', [] );
	const preview = useResource< RetentionPreview >(
		'getRetentionPreview',
		[]
	);
	const log = useResource< RetentionRun[] >( 'getRetentionLog', [] );
	const actions = useStoreActions();
	const [ rules, setRules ] = useState< Rules | null >( null );
	const [ saving, setSaving ] = useState( false );
	const [ result, setResult ] = useState<
		{ ok: true } | { ok: false; error: ApiError } | null
	>( null );

	useEffect( () => {
		if ( settings.data ) {
			setRules( settings.data.rules );
		}
	}, [ settings.data ] );

	if ( settings.error ) {
		return (
			<PrivacySection>
				<ErrorState
					error={ settings.error }
					onRetry={ settings.retry }
					context={ __(
						'The retention rules could not be loaded.',
						'recruiting-reports'
					) }
				/>
			</PrivacySection>
		);
	}
	if ( ! rules || ! settings.data ) {
		return (
			<PrivacySection>
				<Skeleton
					charts={ 1 }
					chartHeight={ 120 }
					label={ __(
						'Loading the retention rules…',
						'recruiting-reports'
					) }
				/>
			</PrivacySection>
		);
	}

	const save = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		setSaving( true );
		setResult( null );
		try {
			setRules( ( await actions.updateRetention( rules ) ).rules );
			setResult( { ok: true } );
		} catch ( thrown ) {
			setResult( { ok: false, error: toApiError( thrown ) } );
		}
		setSaving( false );
	};
	const next = settings.data.next_run_at;

	return (
		<PrivacySection>
			{ result?.ok && (
				<Notice status="success" onRemove={ () => setResult( null ) }>
					{ __( 'Retention rules saved.', 'recruiting-reports' ) }
				</Notice>
			) }
			{ result && ! result.ok && (
				<Notice status="error" onRemove={ () => setResult( null ) }>
					{ errorText( result.error ) }
				</Notice>
			) }
			<form onSubmit={ save } className="rr-retention" noValidate>
				{ RULE_NAMES.map( ( name ) => (
					<RuleFields
						key={ name }
						name={ name }
						rule={ rules[ name ] }
						suggested={ settings.data?.suggested_months ?? [] }
						onChange={ ( rule ) =>
							setRules( { ...rules, [ name ]: rule } )
						}
					/>
				) ) }
				<div>
					<Button
						variant="primary"
						type="submit"
						isBusy={ saving }
						disabled={ saving }
					>
						{ __( 'Save retention rules', 'recruiting-reports' ) }
					</Button>
				</div>
			</form>
			<h3>{ __( 'Today', 'recruiting-reports' ) }</h3>
			{ preview.error ? (
				<ErrorState
					error={ preview.error }
					onRetry={ preview.retry }
					context={ __(
						'What the rules would take today could not be loaded.',
						'recruiting-reports'
					) }
				/>
			) : (
				<PreviewList preview={ preview.data } />
			) }
			{ next && (
				<p className="rr-retention__next">
					{ sprintf(
						/* translators: %s: date and time. */
						__(
							'The rules run daily; the next run is on %s (WP-Cron, or `wp recruiting retention run` at any time).',
							'recruiting-reports'
						),
						formatSiteDateTime(
							next,
							config.timezone,
							config.locale
						)
					) }
				</p>
			) }
			<h3>{ __( 'Past runs', 'recruiting-reports' ) }</h3>
			{ log.error ? (
				<ErrorState
					error={ log.error }
					onRetry={ log.retry }
					context={ __(
						'The log of runs could not be loaded.',
						'recruiting-reports'
					) }
				/>
			) : (
				<RunLog runs={ log.data } />
			) }
		</PrivacySection>
	);
}
