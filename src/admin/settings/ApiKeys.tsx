/**
 * Settings › API keys: the list (name, hint, live/test badge, permissions, owner, created, last
 * used, expiry, status), adding a key (shown once), editing its permissions, revoking it. After each
 * dialog, focus returns to "Add key", the row's button or the list's heading (#17 defect 1).
 */
import { Button, Modal, Notice, TextControl } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews/wp';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import type { ApiKey, CreatedApiKey, Page, Permission } from '../../api/types';
import { formatDateTime } from '../../components/format';
import { EmptyState } from '../../components/states';
import { getConfig } from '../../config';
import { useResource, useStoreActions } from '../../store';
import { ApiKeyForm } from './ApiKeyForm';
import { PermissionFields } from './PermissionFields';
import { permissionLabel } from './permissions';
import { SecretModal } from './SecretModal';
import { Confirm } from './Confirm';
import {
	SettingsList,
	rowControl,
	useFocusAfter,
	useListView,
} from './SettingsList';
import { errorText } from '../../components/errorText';

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
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState< ApiError | null >( null );
	const problem =
		permissions.length === 0
			? __( 'Tick at least one permission.', 'recruiting-reports' )
			: null;

	const save = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( problem || ! name.trim() ) {
			return;
		}
		setSaving( true );
		setError( null );
		try {
			onSaved(
				await actions.updateApiKey( apiKey.id, {
					name: name.trim(),
					permissions,
				} )
			);
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
			setSaving( false );
		}
	};

	return (
		<Modal
			title={ sprintf(
				/* translators: %s: API key name. */
				__( 'Edit “%s”', 'recruiting-reports' ),
				apiKey.name
			) }
			onRequestClose={ onCancel }
			className="rr-form-modal"
		>
			<form onSubmit={ save } noValidate>
				{ error && (
					<Notice status="error" isDismissible={ false }>
						{ errorText( error ) }
					</Notice>
				) }
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
					error={ problem ?? error?.params.permissions }
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
						disabled={ saving || !! problem || ! name.trim() }
					>
						{ __( 'Save changes', 'recruiting-reports' ) }
					</Button>
				</div>
			</form>
		</Modal>
	);
}

type Dialog =
	| { kind: 'add' }
	| { kind: 'created'; key: CreatedApiKey }
	| { kind: 'edit'; key: ApiKey }
	| { kind: 'revoke'; key: ApiKey }
	| null;

export function ApiKeys() {
	const [ dialog, setDialog ] = useState< Dialog >( null );
	const [ notice, setNotice ] = useState< string | null >( null );
	const [ view, setView ] = useListView( 'name', [
		'hint',
		'permissions',
		'owner',
		'created_at',
		'last_used_at',
		'expires_at',
		'status',
	] );
	const state = useResource< Page< ApiKey > >( 'getApiKeys', [
		{ page: view.page, per_page: view.perPage },
	] );
	const actions = useStoreActions();
	const section = useRef< HTMLElement >( null );
	const addButton = useRef< HTMLButtonElement >( null );
	const heading = useRef< HTMLHeadingElement >( null );
	const focusAfter = useFocusAfter( ! state.loading && ! state.busy );

	const editLabel = __( 'Edit permissions', 'recruiting-reports' );
	const revokeLabel = __( 'Revoke', 'recruiting-reports' );
	const close = ( message: string | null ) => {
		setDialog( null );
		if ( message ) {
			setNotice( message );
		}
	};

	const fields: Field< ApiKey >[] = useMemo(
		() => [
			{
				id: 'name',
				label: __( 'Name', 'recruiting-reports' ),
				enableHiding: false,
				enableSorting: false,
				filterBy: false,
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
				enableSorting: false,
				filterBy: false,
				getValue: ( { item } ) => item.hint,
				render: ( { item } ) => (
					<span className="rr-code rr-hint">{ item.hint }</span>
				),
			},
			{
				id: 'permissions',
				label: __( 'Permissions', 'recruiting-reports' ),
				enableSorting: false,
				filterBy: false,
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
				enableSorting: false,
				filterBy: false,
				getValue: ( { item } ) =>
					item.owner?.name ??
					__( '(deleted user)', 'recruiting-reports' ),
			},
			{
				id: 'created_at',
				label: __( 'Created', 'recruiting-reports' ),
				enableSorting: false,
				filterBy: false,
				getValue: ( { item } ) => formatDateTime( item.created_at ),
			},
			{
				id: 'last_used_at',
				label: __( 'Last used', 'recruiting-reports' ),
				enableSorting: false,
				filterBy: false,
				getValue: ( { item } ) =>
					item.last_used_at
						? formatDateTime( item.last_used_at )
						: __( 'Never', 'recruiting-reports' ),
			},
			{
				id: 'expires_at',
				label: __( 'Expires', 'recruiting-reports' ),
				enableSorting: false,
				filterBy: false,
				getValue: ( { item } ) =>
					item.expires_at
						? formatDateTime( item.expires_at )
						: __( 'Never', 'recruiting-reports' ),
			},
			{
				id: 'status',
				label: __( 'Status', 'recruiting-reports' ),
				enableSorting: false,
				filterBy: false,
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
		[ editLabel, revokeLabel ]
	);

	// Focus goes back to the row's button that opened the dialog, or to the heading when it is gone.
	const backToRow = ( key: ApiKey, label: string ) =>
		focusAfter(
			() =>
				rowControl( section.current, key.id, label ) ?? heading.current
		);

	return (
		<section
			ref={ section }
			className="rr-settings-section"
			aria-labelledby="rr-api-keys-title"
		>
			<div className="rr-settings-section__head">
				<h2 id="rr-api-keys-title" ref={ heading } tabIndex={ -1 }>
					{ __( 'API keys', 'recruiting-reports' ) }
				</h2>
				<Button
					ref={ addButton }
					variant="primary"
					onClick={ () => setDialog( { kind: 'add' } ) }
				>
					{ __( 'Add key', 'recruiting-reports' ) }
				</Button>
			</div>
			<p className="rr-settings-section__intro">
				{ __(
					'Keys let other systems use the recruiting API with the permissions you tick, never more than your own. Send a key in the X-Recruiting-API-Key header. The full key is shown once, when it is created.',
					'recruiting-reports'
				) }
			</p>
			{ notice && (
				<Notice status="success" onRemove={ () => setNotice( null ) }>
					{ notice }
				</Notice>
			) }
			<SettingsList< ApiKey >
				state={ state }
				fields={ fields }
				actions={ rowActions }
				view={ view }
				onChangeView={ setView }
				errorContext={ __(
					'The API keys could not be loaded.',
					'recruiting-reports'
				) }
				empty={
					<EmptyState
						title={ __( 'No API keys yet', 'recruiting-reports' ) }
					>
						<p>
							{ __(
								'Add a key for each system that should use the recruiting API.',
								'recruiting-reports'
							) }
						</p>
					</EmptyState>
				}
			/>
			{ dialog?.kind === 'add' && (
				<ApiKeyForm
					onCancel={ () => {
						close( null );
						focusAfter( () => addButton.current );
					} }
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
					onClose={ () => {
						close( __( 'API key created.', 'recruiting-reports' ) );
						focusAfter( () => addButton.current );
					} }
				/>
			) }
			{ dialog?.kind === 'edit' && (
				<EditKeyModal
					apiKey={ dialog.key }
					onCancel={ () => {
						close( null );
						backToRow( dialog.key, editLabel );
					} }
					onSaved={ () => {
						close( __( 'API key updated.', 'recruiting-reports' ) );
						backToRow( dialog.key, editLabel );
					} }
				/>
			) }
			{ dialog?.kind === 'revoke' && (
				<Confirm
					title={ __( 'Revoke API key?', 'recruiting-reports' ) }
					confirmText={ __( 'Revoke key', 'recruiting-reports' ) }
					run={ () => actions.revokeApiKey( dialog.key.id ) }
					onCancel={ () => {
						close( null );
						backToRow( dialog.key, revokeLabel );
					} }
					onDone={ () => {
						close( __( 'API key revoked.', 'recruiting-reports' ) );
						// A revoked key's row has no button any more.
						focusAfter( () => heading.current );
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
		</section>
	);
}
