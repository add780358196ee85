/**
 * Settings › General: the rate limit per key, the period the dashboard widget and Reports page
 * open with, and whether uninstalling deletes the data.
 */
import {
	Button,
	Notice,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import type { PluginSettings } from '../../api/types';
import { ErrorState, Skeleton } from '../../components/states';
import { PERIOD_PRESETS, periodLabel } from '../../reports/periods';
import { useResource, useStoreActions } from '../../store';
import { errorText } from '../../components/errorText';

export function GeneralSettings() {
	const state = useResource< PluginSettings >( 'getSettings', [] );
	const actions = useStoreActions();
	const [ form, setForm ] = useState< PluginSettings | null >( null );
	const [ rateText, setRateText ] = useState( '' );
	const [ daysText, setDaysText ] = useState( '' );
	const [ saving, setSaving ] = useState( false );
	const [ result, setResult ] = useState<
		{ ok: true } | { ok: false; error: ApiError } | null
	>( null );

	useEffect( () => {
		if ( state.data ) {
			setForm( state.data );
			setRateText( String( state.data.rate_limit_per_hour ) );
			setDaysText( String( state.data.delivery_log_days ) );
		}
	}, [ state.data ] );

	if ( state.error ) {
		return (
			<section
				className="rr-settings-section"
				aria-labelledby="rr-general-title"
			>
				<h2 id="rr-general-title">
					{ __( 'General', 'recruiting-reports' ) }
				</h2>
				<ErrorState
					error={ state.error }
					onRetry={ state.retry }
					context={ __(
						'The settings could not be loaded.',
						'recruiting-reports'
					) }
				/>
			</section>
		);
	}
	if ( ! form ) {
		return (
			<section
				className="rr-settings-section"
				aria-labelledby="rr-general-title"
			>
				<h2 id="rr-general-title">
					{ __( 'General', 'recruiting-reports' ) }
				</h2>
				<Skeleton
					charts={ 1 }
					chartHeight={ 120 }
					label={ __( 'Loading settings…', 'recruiting-reports' ) }
				/>
			</section>
		);
	}

	const rate = Number( rateText );
	const rateProblem =
		! /^\d+$/.test( rateText.trim() ) || rate < 1 || rate > 1000000
			? __(
					'Enter a whole number from 1 to 1,000,000.',
					'recruiting-reports'
				)
			: null;

	const days = Number( daysText );
	const daysProblem =
		! /^\d+$/.test( daysText.trim() ) || days < 1 || days > 3650
			? __(
					'Enter a whole number from 1 to 3,650.',
					'recruiting-reports'
				)
			: null;

	const save = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( rateProblem || daysProblem ) {
			return;
		}
		setSaving( true );
		setResult( null );
		try {
			const saved = await actions.updateSettings( {
				...form,
				rate_limit_per_hour: rate,
				delivery_log_days: days,
			} );
			setForm( saved );
			setRateText( String( saved.rate_limit_per_hour ) );
			setDaysText( String( saved.delivery_log_days ) );
			setResult( { ok: true } );
		} catch ( thrown ) {
			setResult( { ok: false, error: toApiError( thrown ) } );
		}
		setSaving( false );
	};

	return (
		<section
			className="rr-settings-section"
			aria-labelledby="rr-general-title"
		>
			<h2 id="rr-general-title">
				{ __( 'General', 'recruiting-reports' ) }
			</h2>
			{ result?.ok && (
				<Notice status="success" onRemove={ () => setResult( null ) }>
					{ __( 'Settings saved.', 'recruiting-reports' ) }
				</Notice>
			) }
			{ result && ! result.ok && (
				<Notice status="error" onRemove={ () => setResult( null ) }>
					{ errorText( result.error ) }
				</Notice>
			) }
			<form onSubmit={ save } className="rr-general-form" noValidate>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="number"
					min={ 1 }
					max={ 1000000 }
					label={ __(
						'Requests per API key per hour',
						'recruiting-reports'
					) }
					help={
						rateProblem ??
						__(
							'Past this, a key gets 429 with Retry-After until the hour’s window resets. A key can have its own limit.',
							'recruiting-reports'
						)
					}
					aria-invalid={ !! rateProblem }
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
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Delete all recruiting data when the plugin is uninstalled',
						'recruiting-reports'
					) }
					help={
						form.delete_data_on_uninstall
							? __(
									'Jobs, applications, history, notes, keys and webhooks are erased on uninstall. This cannot be undone.',
									'recruiting-reports'
								)
							: __(
									'Off: uninstalling keeps the data, so reinstalling brings it back.',
									'recruiting-reports'
								)
					}
					checked={ form.delete_data_on_uninstall }
					onChange={ ( on: boolean ) =>
						setForm( { ...form, delete_data_on_uninstall: on } )
					}
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Keep the figures when a candidate’s data is erased',
						'recruiting-reports'
					) }
					help={
						form.anonymise_on_erasure
							? __(
									'Tools › Erase Personal Data anonymises the candidate’s applications: name, e-mail, phone and notes go; dates and statuses stay in the reports.',
									'recruiting-reports'
								)
							: __(
									'Tools › Erase Personal Data deletes the candidate’s applications; the reports no longer count them.',
									'recruiting-reports'
								)
					}
					checked={ form.anonymise_on_erasure }
					onChange={ ( on: boolean ) =>
						setForm( { ...form, anonymise_on_erasure: on } )
					}
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="number"
					min={ 1 }
					max={ 3650 }
					label={ __(
						'Keep the webhook delivery log for (days)',
						'recruiting-reports'
					) }
					help={
						daysProblem ??
						__(
							'Delivered and failed deliveries, with the candidate data they carried, are deleted after this.',
							'recruiting-reports'
						)
					}
					aria-invalid={ !! daysProblem }
					value={ daysText }
					onChange={ setDaysText }
				/>
				<div>
					<Button
						variant="primary"
						type="submit"
						isBusy={ saving }
						disabled={ saving || !! rateProblem || !! daysProblem }
					>
						{ __( 'Save settings', 'recruiting-reports' ) }
					</Button>
				</div>
			</form>
		</section>
	);
}
