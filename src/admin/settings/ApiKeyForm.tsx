/**
 * "Add API key": name, live or test, the five permissions and an optional expiry. On success
 * the parent shows the key once; errors show the server's message (and per-field messages).
 */
import {
	Button,
	Modal,
	Notice,
	RadioControl,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import type {
	ApiKeyEnvironment,
	CreatedApiKey,
	Permission,
} from '../../api/types';
import { getConfig } from '../../config';
import { useStoreActions } from '../../store';
import { isIsoDate } from '../../reports/periods';
import { PermissionFields } from './PermissionFields';
import { errorText } from '../../components/errorText';

interface Props {
	onCreated: ( key: CreatedApiKey ) => void;
	onCancel: () => void;
}

/**
 * The end of the chosen day in the site's timezone, as the API wants it (ISO 8601 with offset).
 * @param date
 * @param utcOffset
 */
export function expiryInstant(
	date: string,
	utcOffset: string
): string | null {
	return date ? `${ date }T23:59:59${ utcOffset }` : null;
}

export function ApiKeyForm( { onCreated, onCancel }: Props ) {
	const actions = useStoreActions();
	const config = getConfig();
	const [ name, setName ] = useState( '' );
	const [ environment, setEnvironment ] =
		useState< ApiKeyEnvironment >( 'live' );
	const [ permissions, setPermissions ] = useState< Permission[] >( [] );
	const [ expires, setExpires ] = useState( '' );
	const [ submitted, setSubmitted ] = useState( false );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState< ApiError | null >( null );

	const nameProblem =
		name.trim() === ''
			? __(
					'Give the key a name, such as the system that will use it.',
					'recruiting-reports'
				)
			: null;
	const permissionProblem =
		permissions.length === 0
			? __( 'Tick at least one permission.', 'recruiting-reports' )
			: null;
	const expiryProblem =
		expires && ( ! isIsoDate( expires ) || expires < config.today )
			? __(
					'The expiry must be a date from today on.',
					'recruiting-reports'
				)
			: null;

	const submit = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		setSubmitted( true );
		if ( nameProblem || permissionProblem || expiryProblem ) {
			return;
		}
		setSaving( true );
		setError( null );
		try {
			const created = await actions.createApiKey( {
				name: name.trim(),
				environment,
				permissions,
				expires_at: expiryInstant( expires, config.utcOffset ),
			} );
			onCreated( created );
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
			setSaving( false );
		}
	};

	const fieldError = ( field: string, local: string | null ) =>
		( submitted ? local : null ) ?? error?.params[ field ] ?? null;

	return (
		<Modal
			title={ __( 'Add API key', 'recruiting-reports' ) }
			onRequestClose={ onCancel }
			className="rr-form-modal"
		>
			<form onSubmit={ submit } noValidate>
				{ error && (
					<Notice status="error" isDismissible={ false }>
						{ errorText( error ) }
					</Notice>
				) }
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Name', 'recruiting-reports' ) }
					help={
						fieldError( 'name', nameProblem ) ??
						__(
							'Shown in this list; the system that uses the key never sees it.',
							'recruiting-reports'
						)
					}
					value={ name }
					onChange={ setName }
					aria-invalid={ !! fieldError( 'name', nameProblem ) }
					required
				/>
				<RadioControl
					label={ __( 'Environment', 'recruiting-reports' ) }
					help={ __(
						'Test keys (rp_test_…) work exactly like live keys (rp_live_…); they are only marked differently here, so you can tell staging systems apart.',
						'recruiting-reports'
					) }
					selected={ environment }
					options={ [
						{
							value: 'live',
							label: __( 'Live', 'recruiting-reports' ),
						},
						{
							value: 'test',
							label: __( 'Test', 'recruiting-reports' ),
						},
					] }
					onChange={ ( value?: string ) =>
						setEnvironment( value === 'test' ? 'test' : 'live' )
					}
				/>
				<PermissionFields
					value={ permissions }
					onChange={ setPermissions }
					held={ config.permissions }
					error={ fieldError( 'permissions', permissionProblem ) }
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="date"
					label={ __(
						'Expires on (optional)',
						'recruiting-reports'
					) }
					help={
						fieldError( 'expires_at', expiryProblem ) ??
						__(
							'The key stops working at the end of this day. Leave empty for a key that does not expire.',
							'recruiting-reports'
						)
					}
					min={ config.today }
					value={ expires }
					onChange={ setExpires }
					aria-invalid={
						!! fieldError( 'expires_at', expiryProblem )
					}
				/>
				<div className="rr-modal-actions">
					<Button
						variant="tertiary"
						onClick={ onCancel }
						disabled={ saving }
					>
						{ __( 'Cancel', 'recruiting-reports' ) }
					</Button>
					<Button
						variant="primary"
						type="submit"
						isBusy={ saving }
						disabled={ saving }
					>
						{ __( 'Create key', 'recruiting-reports' ) }
					</Button>
				</div>
			</form>
		</Modal>
	);
}
