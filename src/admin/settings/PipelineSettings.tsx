/**
 * Settings › Pipeline: the rejection and withdrawal reasons (add, rename, retire — a reason is never removed, so the
 * history that holds it keeps its label), whether a reason is required, and the days an open application may wait
 * in each stage before it is stale.
 */
import {
	Button,
	CheckboxControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { PluginSettings } from '../../api/types';
import { ErrorState, Skeleton } from '../../components/states';
import { stageLabel } from '../applications/labels';
import { useResource, useStoreActions } from '../../store';
import { useSettingsSave } from './useSettingsSave';
import { TitledSection } from './TitledSection';

type Lists = Pick< PluginSettings, 'rejection_reasons' | 'withdrawal_reasons' >;
type ListName = keyof Lists;
type Form = Lists &
	Pick< PluginSettings, 'reason_required' > & {
		stale_days: Record< keyof PluginSettings[ 'stale_days' ], string >;
	};

const STAGES = [ 'new', 'screening', 'interview', 'offer' ] as const;

function toForm( settings: PluginSettings ): Form {
	return {
		reason_required: settings.reason_required,
		rejection_reasons: settings.rejection_reasons,
		withdrawal_reasons: settings.withdrawal_reasons,
		stale_days: {
			new: String( settings.stale_days.new ),
			screening: String( settings.stale_days.screening ),
			interview: String( settings.stale_days.interview ),
			offer: String( settings.stale_days.offer ),
		},
	};
}

// One list of reasons: each label editable, retired or not, and a field to add one.
function ReasonList( {
	title,
	reasons,
	onChange,
}: {
	title: string;
	reasons: Lists[ ListName ];
	onChange: ( next: Lists[ ListName ] ) => void;
} ) {
	const [ added, setAdded ] = useState( '' );
	return (
		<fieldset className="rr-reasons">
			<legend>{ title }</legend>
			<ul>
				{ reasons.map( ( reason, index ) => (
					<li key={ reason.id ?? `new-${ index }` }>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ sprintf(
								/* translators: %d: position in the list. */
								__( 'Reason %d', 'recruiting-reports' ),
								index + 1
							) }
							hideLabelFromVision
							value={ reason.label }
							onChange={ ( label: string ) =>
								onChange(
									reasons.map( ( item, at ) =>
										at === index ? { ...item, label } : item
									)
								)
							}
						/>
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ __( 'Retired', 'recruiting-reports' ) }
							checked={ reason.retired }
							onChange={ ( retired: boolean ) =>
								onChange(
									reasons.map( ( item, at ) =>
										at === index
											? { ...item, retired }
											: item
									)
								)
							}
						/>
					</li>
				) ) }
			</ul>
			<div className="rr-reasons__add">
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'New reason', 'recruiting-reports' ) }
					value={ added }
					onChange={ setAdded }
				/>
				<Button
					variant="secondary"
					disabled={ ! added.trim() }
					onClick={ () => {
						onChange( [
							...reasons,
							{ label: added.trim(), retired: false },
						] );
						setAdded( '' );
					} }
				>
					{ __( 'Add', 'recruiting-reports' ) }
				</Button>
			</div>
		</fieldset>
	);
}

export function PipelineSettings() {
	const state = useResource< PluginSettings >( 'getSettings', [] );
	const actions = useStoreActions();
	const [ form, setForm ] = useState< Form | null >( null );
	const { saving, save: saveWith, notice } = useSettingsSave();

	useEffect( () => {
		if ( state.data ) {
			setForm( toForm( state.data ) );
		}
	}, [ state.data ] );

	if ( state.error ) {
		return (
			<ErrorState
				error={ state.error }
				onRetry={ state.retry }
				context={ __(
					'The settings could not be loaded.',
					'recruiting-reports'
				) }
			/>
		);
	}
	if ( ! form ) {
		return (
			<Skeleton
				charts={ 1 }
				chartHeight={ 120 }
				label={ __( 'Loading settings…', 'recruiting-reports' ) }
			/>
		);
	}

	const badDays = STAGES.some(
		( stage ) =>
			! /^\d+$/.test( form.stale_days[ stage ] ) ||
			Number( form.stale_days[ stage ] ) < 1 ||
			Number( form.stale_days[ stage ] ) > 365
	);
	const save = ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( badDays ) {
			return;
		}
		saveWith(
			async () => {
				const saved = await actions.updateSettings( {
					reason_required: form.reason_required,
					rejection_reasons: form.rejection_reasons,
					withdrawal_reasons: form.withdrawal_reasons,
					stale_days: {
						new: Number( form.stale_days.new ),
						screening: Number( form.stale_days.screening ),
						interview: Number( form.stale_days.interview ),
						offer: Number( form.stale_days.offer ),
					},
				} );
				setForm( toForm( saved ) );
			},
			__( 'Settings saved.', 'recruiting-reports' )
		);
	};

	return (
		<TitledSection
			titleId="rr-pipeline-title"
			title={ __( 'Pipeline', 'recruiting-reports' ) }
		>
			{ notice }
			<form onSubmit={ save } className="rr-general-form" noValidate>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Require a reason to reject or withdraw',
						'recruiting-reports'
					) }
					checked={ form.reason_required }
					onChange={ ( reasonRequired: boolean ) =>
						setForm( { ...form, reason_required: reasonRequired } )
					}
				/>
				<p className="description">
					{ __(
						'Renaming a reason changes its label everywhere, past changes included. A retired reason is no longer offered but keeps its label in the history.',
						'recruiting-reports'
					) }
				</p>
				<ReasonList
					title={ __( 'Rejection reasons', 'recruiting-reports' ) }
					reasons={ form.rejection_reasons }
					onChange={ ( next ) =>
						setForm( { ...form, rejection_reasons: next } )
					}
				/>
				<ReasonList
					title={ __( 'Withdrawal reasons', 'recruiting-reports' ) }
					reasons={ form.withdrawal_reasons }
					onChange={ ( next ) =>
						setForm( { ...form, withdrawal_reasons: next } )
					}
				/>
				<fieldset className="rr-stale-days">
					<legend>
						{ __(
							'Stale after (days in the stage)',
							'recruiting-reports'
						) }
					</legend>
					{ STAGES.map( ( stage ) => (
						<TextControl
							key={ stage }
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							type="number"
							min={ 1 }
							max={ 365 }
							label={ stageLabel( stage ) }
							value={ form.stale_days[ stage ] }
							onChange={ ( value: string ) =>
								setForm( {
									...form,
									stale_days: {
										...form.stale_days,
										[ stage ]: value,
									},
								} )
							}
						/>
					) ) }
					{ badDays && (
						<p className="rr-field-problem">
							{ __(
								'Enter a whole number of days from 1 to 365 for each stage.',
								'recruiting-reports'
							) }
						</p>
					) }
				</fieldset>
				<div>
					<Button
						variant="primary"
						type="submit"
						isBusy={ saving }
						disabled={ saving || badDays }
					>
						{ __( 'Save settings', 'recruiting-reports' ) }
					</Button>
				</div>
			</form>
		</TitledSection>
	);
}
