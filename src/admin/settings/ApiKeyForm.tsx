/**
 * "Add API key": name, live or test, the five permissions and an optional expiry. On success
 * the parent shows the key once; errors show the server's message (and per-field messages).
 */
import { RadioControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type {
	ApiKeyEnvironment,
	CreatedApiKey,
	Permission,
} from '../../api/types';
import { getConfig } from '../../config';
import { useStoreActions } from '../../store';
import { isIsoDate } from '../../reports/periods';
import { PermissionFields, permissionsProblem } from './PermissionFields';
import { FormModal, useRequest } from './FormModal';

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
	const request = useRequest();

	const nameProblem =
		name.trim() === ''
			? __(
					'Give the key a name, such as the system that will use it.',
					'recruiting-reports'
				)
			: null;
	const permissionProblem = permissionsProblem( permissions );
	const expiryProblem =
		expires && ( ! isIsoDate( expires ) || expires < config.today )
			? __(
					'The expiry must be a date from today on.',
					'recruiting-reports'
				)
			: null;

	const submit = () => {
		setSubmitted( true );
		if ( nameProblem || permissionProblem || expiryProblem ) {
			return;
		}
		request.send(
			() =>
				actions.createApiKey( {
					name: name.trim(),
					environment,
					permissions,
					expires_at: expiryInstant( expires, config.utcOffset ),
				} ),
			onCreated
		);
	};

	const fieldError = ( field: string, local: string | null ) =>
		( submitted ? local : null ) ?? request.error?.params[ field ] ?? null;

	return (
		<FormModal
			title={ __( 'Add API key', 'recruiting-reports' ) }
			submitText={ __( 'Create key', 'recruiting-reports' ) }
			request={ request }
			onSubmit={ submit }
			onCancel={ onCancel }
		>
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
				label={ __( 'Expires on (optional)', 'recruiting-reports' ) }
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
				aria-invalid={ !! fieldError( 'expires_at', expiryProblem ) }
			/>
		</FormModal>
	);
}
