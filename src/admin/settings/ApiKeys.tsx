/**
 * Settings › API keys: the list (name, hint, live/test badge, permissions, owner, created, last
 * used, expiry, status), adding a key (shown once), editing its permissions, revoking it. After each
 * dialog, focus returns to "Add key", the row's button or the list's heading (#17 defect 1).
 */
import { TextControl } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews/wp';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { ApiKey, CreatedApiKey, Permission } from '../../api/types';
import { formatDateTime } from '../../components/format';
import { getConfig } from '../../config';
import { useStoreActions } from '../../store';
import { ApiKeyForm } from './ApiKeyForm';
import { FormModal, useRequest } from './FormModal';
import { PermissionFields, permissionsProblem } from './PermissionFields';
import { permissionLabel } from './permissions';
import { SecretModal } from './SecretModal';
import { Confirm } from './Confirm';
import { SettingsSection, useSettingsSection } from './SettingsSection';

export function EnvironmentBadge( {
	environment,
}: {
	environment: ApiKey[ 'environment' ];
} ) {
	return environment === 'test' ? (
		<span className="rr-badge rr-badge--test">
			{ __( 'Test', 'recruiting-reports' ) }
		</span>
	) : (
		<span className="rr-badge rr-badge--live">
			{ __( 'Live', 'recruiting-reports' ) }
		</span>
	);
}

function statusText( status: ApiKey[ 'status' ] ): string {
	switch ( status ) {
		case 'active':
			return __( 'Active', 'recruiting-reports' );
		case 'expired':
			return __( 'Expired', 'recruiting-reports' );
		case 'revoked':
			return __( 'Revoked', 'recruiting-reports' );
		default:
			return __( 'Invalid (owner deleted)', 'recruiting-reports' );
	}
}

function dateOrNever( instant: string | null ): string {
	return instant
		? formatDateTime( instant )
		: __( 'Never', 'recruiting-reports' );
}

function EditKeyModal( {
	apiKey,
	onSaved,
	onCancel,
}: {
	apiKey: ApiKey;
	onSaved: ( key: ApiKey ) => void;
	onCancel: () => void;
} ) {
	const actions = useStoreActions();
	const config = getConfig();
	const [ name, setName ] = useState( apiKey.name );
	const [ permissions, setPermissions ] = useState< Permission[] >(
		apiKey.permissions
	);
	const request = useRequest();
	const problem = permissionsProblem( permissions );

	const save = () => {
		if ( problem || ! name.trim() ) {
			return;
		}
		request.send(
			() =>
				actions.updateApiKey( apiKey.id, {
					name: name.trim(),
					permissions,
				} ),
			onSaved
		);
	};

	return (
		<FormModal
			title={ sprintf(
				/* translators: %s: API key name. */
				__( 'Edit “%s”', 'recruiting-reports' ),
				apiKey.name
			) }
			submitText={ __( 'Save changes', 'recruiting-reports' ) }
			request={ request }
			onSubmit={ save }
			onCancel={ onCancel }
			canSubmit={ ! problem && !! name.trim() }
		>
			<p>
				<code>{ apiKey.hint }</code>{ ' ' }
				<EnvironmentBadge environment={ apiKey.environment } />
			</p>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Name', 'recruiting-reports' ) }
				value={ name }
				onChange={ setName }
				help={
					name.trim()
						? undefined
						: __(
								'The name must not be empty.',
								'recruiting-reports'
							)
				}
			/>
			<PermissionFields
				value={ permissions }
				onChange={ setPermissions }
				held={ config.permissions }
				error={ problem ?? request.error?.params.permissions }
			/>
		</FormModal>
	);
}

type Dialog =
	| { kind: 'add' }
	| { kind: 'created'; key: CreatedApiKey }
	| { kind: 'edit'; key: ApiKey }
	| { kind: 'revoke'; key: ApiKey };

export function ApiKeys() {
	const frame = useSettingsSection< ApiKey, Dialog >( 'getApiKeys', 'name', [
		'hint',
		'permissions',
		'owner',
		'created_at',
		'last_used_at',
		'expires_at',
		'status',
	] );
	const actions = useStoreActions();
	const { dialog, setDialog, close } = frame;

	const editLabel = __( 'Edit permissions', 'recruiting-reports' );
	const revokeLabel = __( 'Revoke', 'recruiting-reports' );

	const fields: Field< ApiKey >[] = useMemo(
		() => [
			{
				id: 'name',
				label: __( 'Name', 'recruiting-reports' ),
				enableHiding: false,
				getValue: ( { item } ) => item.name,
				render: ( { item } ) => (
					<span className="rr-key-name" data-rr-item={ item.id }>
						<span className="rr-strong">{ item.name }</span>{ ' ' }
						<EnvironmentBadge environment={ item.environment } />
					</span>
				),
			},
			{
				id: 'hint',
				label: __( 'Key', 'recruiting-reports' ),
				getValue: ( { item } ) => item.hint,
				render: ( { item } ) => (
					<span className="rr-code rr-hint">{ item.hint }</span>
				),
			},
			{
				id: 'permissions',
				label: __( 'Permissions', 'recruiting-reports' ),
				getValue: ( { item } ) => item.permissions.join( ',' ),
				render: ( { item } ) => (
					<span className="rr-tags">
						{ item.permissions.map( ( permission ) => {
							const held =
								item.effective_permissions.includes(
									permission
								);
							return (
								<span
									key={ permission }
									className={
										held ? 'rr-tag' : 'rr-tag is-lapsed'
									}
									title={
										held
											? undefined
											: __(
													'The owner no longer has this permission, so the key does not either.',
													'recruiting-reports'
												)
									}
								>
									{ permissionLabel( permission ) }
								</span>
							);
						} ) }
					</span>
				),
			},
			{
				id: 'owner',
				label: __( 'Owner', 'recruiting-reports' ),
				getValue: ( { item } ) =>
					item.owner?.name ??
					__( '(deleted user)', 'recruiting-reports' ),
			},
			{
				id: 'created_at',
				label: __( 'Created', 'recruiting-reports' ),
				getValue: ( { item } ) => formatDateTime( item.created_at ),
			},
			{
				id: 'last_used_at',
				label: __( 'Last used', 'recruiting-reports' ),
				getValue: ( { item } ) => dateOrNever( item.last_used_at ),
			},
			{
				id: 'expires_at',
				label: __( 'Expires', 'recruiting-reports' ),
				getValue: ( { item } ) => dateOrNever( item.expires_at ),
			},
			{
				id: 'status',
				label: __( 'Status', 'recruiting-reports' ),
				getValue: ( { item } ) => statusText( item.status ),
				render: ( { item } ) => (
					<span className={ `rr-status rr-status--${ item.status }` }>
						{ statusText( item.status ) }
					</span>
				),
			},
		],
		[]
	);

	const rowActions: Action< ApiKey >[] = useMemo(
		() => [
			{
				id: 'edit',
				label: editLabel,
				isPrimary: true,
				isEligible: ( item ) => item.status !== 'revoked',
				callback: ( [ item ] ) =>
					setDialog( { kind: 'edit', key: item } ),
			},
			{
				id: 'revoke',
				label: revokeLabel,
				isPrimary: true,
				isEligible: ( item ) => item.status !== 'revoked',
				callback: ( [ item ] ) =>
					setDialog( { kind: 'revoke', key: item } ),
			},
		],
		[ editLabel, revokeLabel, setDialog ]
	);

	return (
		<SettingsSection< ApiKey >
			frame={ frame }
			titleId="rr-api-keys-title"
			title={ __( 'API keys', 'recruiting-reports' ) }
			addText={ __( 'Add key', 'recruiting-reports' ) }
			onAdd={ () => setDialog( { kind: 'add' } ) }
			intro={ __(
				'Keys let other systems use the recruiting API with the permissions you tick, never more than your own. Send a key in the X-Recruiting-API-Key header. The full key is shown once, when it is created.',
				'recruiting-reports'
			) }
			fields={ fields }
			actions={ rowActions }
			loadError={ __(
				'The API keys could not be loaded.',
				'recruiting-reports'
			) }
			emptyTitle={ __( 'No API keys yet', 'recruiting-reports' ) }
			emptyText={ __(
				'Add a key for each system that should use the recruiting API.',
				'recruiting-reports'
			) }
		>
			{ dialog?.kind === 'add' && (
				<ApiKeyForm
					onCancel={ () => close( null, 'add' ) }
					onCreated={ ( key ) => {
						setDialog( { kind: 'created', key } );
					} }
				/>
			) }
			{ dialog?.kind === 'created' && (
				<SecretModal
					title={ __( 'Your new API key', 'recruiting-reports' ) }
					label={ sprintf(
						/* translators: %s: API key name. */
						__( 'API key “%s”', 'recruiting-reports' ),
						dialog.key.name
					) }
					secret={ dialog.key.key }
					warning={ sprintf(
						/* translators: %s: key hint such as rp_live_…a1b2. */
						__(
							'Copy this key now and store it safely. It will not be shown again: this site keeps only a fingerprint, and the list shows it as %s.',
							'recruiting-reports'
						),
						dialog.key.hint
					) }
					onClose={ () =>
						close(
							__( 'API key created.', 'recruiting-reports' ),
							'add'
						)
					}
				/>
			) }
			{ dialog?.kind === 'edit' && (
				<EditKeyModal
					apiKey={ dialog.key }
					onCancel={ () =>
						close( null, { id: dialog.key.id, label: editLabel } )
					}
					onSaved={ () =>
						close( __( 'API key updated.', 'recruiting-reports' ), {
							id: dialog.key.id,
							label: editLabel,
						} )
					}
				/>
			) }
			{ dialog?.kind === 'revoke' && (
				<Confirm
					title={ __( 'Revoke API key?', 'recruiting-reports' ) }
					confirmText={ __( 'Revoke key', 'recruiting-reports' ) }
					run={ () => actions.revokeApiKey( dialog.key.id ) }
					onCancel={ () =>
						close( null, {
							id: dialog.key.id,
							label: revokeLabel,
						} )
					}
					onDone={ () => {
						// A revoked key's row has no button any more.
						close(
							__( 'API key revoked.', 'recruiting-reports' ),
							'heading'
						);
					} }
				>
					{ sprintf(
						/* translators: 1: API key name, 2: key hint such as rp_live_…a1b2. */
						__(
							'Revoke “%1$s” (%2$s)? Every request with this key is refused from now on (401). This cannot be undone; a revoked key stays in the list.',
							'recruiting-reports'
						),
						dialog.key.name,
						dialog.key.hint
					) }
				</Confirm>
			) }
		</SettingsSection>
	);
}
