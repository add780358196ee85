/**
 * Settings › General: the rate limit per key, the period the dashboard widget and Reports page
 * open with, whether uninstalling deletes the data, and the address of the job pages.
 */
import {
	Button,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { PluginSettings } from '../../api/types';
import { ErrorState, Skeleton } from '../../components/states';
import { PERIOD_PRESETS, periodLabel } from '../../reports/periods';
import { useResource, useStoreActions } from '../../store';
import { useSettingsSave } from './useSettingsSave';
import { TitledSection } from './TitledSection';

/**
 * The problem with a count typed in a number field, or null when it is a whole number in range.
 * @param text    What was typed.
 * @param max     The largest count allowed (the smallest is 1).
 * @param message The problem, naming the range.
 */
function countProblem( text: string, max: number, message: string ) {
	const count = Number( text );
	return ! /^\d+$/.test( text.trim() ) || count < 1 || count > max
		? message
		: null;
}

// A count from 1 to `max` in a number field, whose help gives way to the problem while there is one.
function CountField( {
	label,
	help,
	max,
	problem,
	value,
	onChange,
}: {
	label: string;
	help: string;
	max: number;
	problem: string | null;
	value: string;
	onChange: ( next: string ) => void;
} ) {
	return (
		<TextControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			type="number"
			min={ 1 }
			max={ max }
			label={ label }
			help={ problem ?? help }
			aria-invalid={ !! problem }
			value={ value }
			onChange={ onChange }
		/>
	);
}

// The tab's section: its heading, then the form or what stands in for it (loading, load error).
function GeneralSection( { children }: { children: React.ReactNode } ) {
	return (
		<TitledSection
			titleId="rr-general-title"
			title={ __( 'General', 'recruiting-reports' ) }
		>
			{ children }
		</TitledSection>
	);
}

// A number chosen from a list (the stored value is offered too when it is not in the list).
function ChoiceField( {
	label,
	help,
	value,
	choices,
	format,
	onChange,
}: {
	label: string;
	help: string;
	value: number;
	choices: number[];
	format: ( value: number ) => string;
	onChange: ( value: number ) => void;
} ) {
	return (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ label }
			help={ help }
			value={ String( value ) }
			options={ choices
				.concat( choices.includes( value ) ? [] : [ value ] )
				.map( ( choice ) => ( {
					value: String( choice ),
					label: format( choice ),
				} ) ) }
			onChange={ ( chosen: string ) => onChange( Number( chosen ) ) }
		/>
	);
}

type Switch =
	'delete_data_on_uninstall' | 'anonymise_on_erasure' | 'careers_honour_dnt';

// The server's pattern for jobs_base (Data\Settings::schema()).
const JOBS_BASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function GeneralSettings() {
	const state = useResource< PluginSettings >( 'getSettings', [] );
	const actions = useStoreActions();
	const [ form, setForm ] = useState< PluginSettings | null >( null );
	const [ rateText, setRateText ] = useState( '' );
	const [ daysText, setDaysText ] = useState( '' );
	const { saving, save: saveWith, notice } = useSettingsSave();

	// The form shows what the server holds: after loading and after each save.
	const show = useCallback( ( settings: PluginSettings ) => {
		setForm( settings );
		setRateText( String( settings.rate_limit_per_hour ) );
		setDaysText( String( settings.delivery_log_days ) );
	}, [] );

	useEffect( () => {
		if ( state.data ) {
			show( state.data );
		}
	}, [ state.data, show ] );

	if ( state.error ) {
		return (
			<GeneralSection>
				<ErrorState
					error={ state.error }
					onRetry={ state.retry }
					context={ __(
						'The settings could not be loaded.',
						'recruiting-reports'
					) }
				/>
			</GeneralSection>
		);
	}
	if ( ! form ) {
		return (
			<GeneralSection>
				<Skeleton
					charts={ 1 }
					chartHeight={ 120 }
					label={ __( 'Loading settings…', 'recruiting-reports' ) }
				/>
			</GeneralSection>
		);
	}

	const rateProblem = countProblem(
		rateText,
		1000000,
		__( 'Enter a whole number from 1 to 1,000,000.', 'recruiting-reports' )
	);
	const daysProblem = countProblem(
		daysText,
		3650,
		__( 'Enter a whole number from 1 to 3,650.', 'recruiting-reports' )
	);
	const baseProblem =
		JOBS_BASE.test( form.jobs_base ) && form.jobs_base.length <= 50
			? null
			: __(
					'Use lower-case letters, digits and single hyphens (at most 50), such as careers.',
					'recruiting-reports'
				);
	// The two switches, each with the help that says what its current position does.
	const switches: {
		key: Switch;
		label: string;
		on: string;
		off: string;
	}[] = [
		{
			key: 'delete_data_on_uninstall',
			label: __(
				'Delete all recruiting data when the plugin is uninstalled',
				'recruiting-reports'
			),
			on: __(
				'Jobs, applications, history, notes, keys and webhooks are erased on uninstall. This cannot be undone.',
				'recruiting-reports'
			),
			off: __(
				'Off: uninstalling keeps the data, so reinstalling brings it back.',
				'recruiting-reports'
			),
		},
		{
			key: 'anonymise_on_erasure',
			label: __(
				'Keep the figures when a candidate’s data is erased',
				'recruiting-reports'
			),
			on: __(
				'Tools › Erase Personal Data anonymises the candidate’s applications: name, e-mail, phone and notes go; dates and statuses stay in the reports.',
				'recruiting-reports'
			),
			off: __(
				'Tools › Erase Personal Data deletes the candidate’s applications; the reports no longer count them.',
				'recruiting-reports'
			),
		},
		{
			key: 'careers_honour_dnt',
			label: __(
				'Leave visitors sending Do Not Track out of the careers funnel',
				'recruiting-reports'
			),
			on: __(
				'Browsers sending DNT or Global Privacy Control are not counted on the job pages.',
				'recruiting-reports'
			),
			off: __(
				'Every visitor with JavaScript is counted (only totals are kept, nothing about the visitor).',
				'recruiting-reports'
			),
		},
	];

	const save = ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( rateProblem || daysProblem || baseProblem ) {
			return;
		}
		// The Pipeline and E-mails tabs save their own fields: sending this tab's copy of them could undo a change
		// made there since (or retire a reason added there).
		const {
			reason_required: _required,
			rejection_reasons: _rejection,
			withdrawal_reasons: _withdrawal,
			stale_days: _stale,
			mail_notify_to: _to,
			mail_candidate_subject: _candidateSubject,
			mail_candidate_body: _candidateBody,
			mail_notify_subject: _notifySubject,
			mail_notify_body: _notifyBody,
			...general
		} = form;
		saveWith(
			async () => {
				show(
					await actions.updateSettings( {
						...general,
						rate_limit_per_hour: Number( rateText ),
						delivery_log_days: Number( daysText ),
					} )
				);
			},
			__( 'Settings saved.', 'recruiting-reports' )
		);
	};

	return (
		<GeneralSection>
			{ notice }
			<form onSubmit={ save } className="rr-general-form" noValidate>
				<CountField
					max={ 1000000 }
					label={ __(
						'Requests per API key per hour',
						'recruiting-reports'
					) }
					help={ __(
						'Past this, a key gets 429 with Retry-After until the hour’s window resets. A key can have its own limit.',
						'recruiting-reports'
					) }
					problem={ rateProblem }
					value={ rateText }
					onChange={ setRateText }
				/>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Reports open with', 'recruiting-reports' ) }
					help={ __(
						'The period the dashboard widget and the Reports page show first.',
						'recruiting-reports'
					) }
					value={ form.default_period }
					options={ PERIOD_PRESETS.map( ( preset ) => ( {
						value: preset,
						label: periodLabel( preset ),
					} ) ) }
					onChange={ ( value: string ) =>
						setForm( {
							...form,
							default_period:
								value as PluginSettings[ 'default_period' ],
						} )
					}
				/>
				{ switches.map( ( { key, label, on, off } ) => (
					<ToggleControl
						__nextHasNoMarginBottom
						key={ key }
						label={ label }
						help={ form[ key ] ? on : off }
						checked={ form[ key ] }
						onChange={ ( checked: boolean ) =>
							setForm( { ...form, [ key ]: checked } )
						}
					/>
				) ) }
				<CountField
					max={ 3650 }
					label={ __(
						'Keep the webhook delivery log for (days)',
						'recruiting-reports'
					) }
					help={ __(
						'Delivered and failed deliveries, with the candidate data they carried, are deleted after this.',
						'recruiting-reports'
					) }
					problem={ daysProblem }
					value={ daysText }
					onChange={ setDaysText }
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Job pages address', 'recruiting-reports' ) }
					help={
						baseProblem ??
						sprintf(
							/* translators: %s: the base, such as jobs. */
							__(
								'Open jobs are listed at /%s/ and each has its page below it.',
								'recruiting-reports'
							),
							form.jobs_base
						)
					}
					aria-invalid={ !! baseProblem }
					value={ form.jobs_base }
					onChange={ ( value: string ) =>
						setForm( { ...form, jobs_base: value.trim() } )
					}
				/>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __(
						'Phone on the apply form',
						'recruiting-reports'
					) }
					value={ form.apply_phone }
					options={ [
						{
							value: 'required',
							label: __( 'Required', 'recruiting-reports' ),
						},
						{
							value: 'optional',
							label: __( 'Optional', 'recruiting-reports' ),
						},
						{
							value: 'hidden',
							label: __( 'Not asked', 'recruiting-reports' ),
						},
					] }
					onChange={ ( value: string ) =>
						setForm( {
							...form,
							apply_phone:
								value as PluginSettings[ 'apply_phone' ],
						} )
					}
				/>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __(
						'Largest CV on the apply form',
						'recruiting-reports'
					) }
					help={ __(
						"The server's own upload limit (upload_max_filesize, post_max_size) must allow it too.",
						'recruiting-reports'
					) }
					value={ String( form.apply_cv_max_mb ) }
					options={ [ 1, 2, 5, 10, 20, 50 ]
						.concat(
							[ 1, 2, 5, 10, 20, 50 ].includes(
								form.apply_cv_max_mb
							)
								? []
								: [ form.apply_cv_max_mb ]
						)
						.map( ( mb ) => ( {
							value: String( mb ),
							label: sprintf(
								/* translators: %d: megabytes. */
								__( '%d MB', 'recruiting-reports' ),
								mb
							),
						} ) ) }
					onChange={ ( value: string ) =>
						setForm( { ...form, apply_cv_max_mb: Number( value ) } )
					}
				/>
				<ChoiceField
					label={ __(
						'Careers funnel counts per address per hour',
						'recruiting-reports'
					) }
					help={ __(
						'More beacons from one IP address in an hour are not counted: raise it for an office behind one address.',
						'recruiting-reports'
					) }
					value={ form.careers_beacon_limit }
					choices={ [ 100, 600, 1000, 5000, 100000 ] }
					format={ ( n ) => n.toLocaleString() }
					onChange={ ( value ) =>
						setForm( { ...form, careers_beacon_limit: value } )
					}
				/>
				<ChoiceField
					label={ __(
						'Careers funnel: keep counts per day for',
						'recruiting-reports'
					) }
					help={ __(
						'Older days are deleted; their monthly totals are kept.',
						'recruiting-reports'
					) }
					value={ form.careers_daily_months }
					choices={ [ 3, 6, 13, 25, 37 ] }
					format={ ( months ) =>
						sprintf(
							/* translators: %d: number of months. */
							_n(
								'%d month',
								'%d months',
								months,
								'recruiting-reports'
							),
							months
						)
					}
					onChange={ ( value ) =>
						setForm( { ...form, careers_daily_months: value } )
					}
				/>
				<div>
					<Button
						variant="primary"
						type="submit"
						isBusy={ saving }
						disabled={
							saving ||
							!! rateProblem ||
							!! daysProblem ||
							!! baseProblem
						}
					>
						{ __( 'Save settings', 'recruiting-reports' ) }
					</Button>
				</div>
			</form>
		</GeneralSection>
	);
}
