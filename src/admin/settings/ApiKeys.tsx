/**
 * Settings › API keys: the list (name, hint, live/test badge, permissions, owner, created, last
 * used, expiry, status), adding a key (shown once), editing its permissions, revoking it.
 */
import { Button, Modal, Notice, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import type { ApiKey, CreatedApiKey, Page, Permission } from '../../api/types';
import { formatDateTime } from '../../components/format';
import { EmptyState, ListState } from '../../components/states';
import { getConfig } from '../../config';
import { useResource, useStoreActions } from '../../store';
import { ApiKeyForm } from './ApiKeyForm';
import { PermissionFields } from './PermissionFields';
import { permissionLabel } from './permissions';
import { SecretModal } from './SecretModal';
import { errorText } from '../../components/errorText';

const PER_PAGE = 20;

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

function RevokeModal( {
	apiKey,
	onRevoked,
	onCancel,
}: {
	apiKey: ApiKey;
	onRevoked: ( key: ApiKey ) => void;
	onCancel: () => void;
} ) {
	const actions = useStoreActions();
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState< ApiError | null >( null );
	return (
		<Modal
			title={ __( 'Revoke API key?', 'recruiting-reports' ) }
			onRequestClose={ onCancel }
			className="rr-form-modal"
		>
			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ errorText( error ) }
				</Notice>
			) }
			<p>
				{ sprintf(
					/* translators: 1: API key name, 2: key hint such as rp_live_…a1b2. */
					__(
						'Revoke “%1$s” (%2$s)? Every request with this key is refused from now on (401). This cannot be undone; a revoked key stays in the list.',
						'recruiting-reports'
					),
					apiKey.name,
					apiKey.hint
				) }
			</p>
			<div className="rr-modal-actions">
				<Button
					variant="tertiary"
					onClick={ onCancel }
					disabled={ busy }
				>
					{ __( 'Cancel', 'recruiting-reports' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					isBusy={ busy }
					disabled={ busy }
					onClick={ async () => {
						setBusy( true );
						setError( null );
						try {
							onRevoked(
								await actions.revokeApiKey( apiKey.id )
							);
						} catch ( thrown ) {
							setError( toApiError( thrown ) );
							setBusy( false );
						}
					} }
				>
					{ __( 'Revoke key', 'recruiting-reports' ) }
				</Button>
			</div>
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
	const [ page, setPage ] = useState( 1 );
	const [ dialog, setDialog ] = useState< Dialog >( null );
	const [ notice, setNotice ] = useState< string | null >( null );
	const state = useResource< Page< ApiKey > >( 'getApiKeys', [
		{ page, per_page: PER_PAGE },
	] );

	const done = ( message: string ) => {
		setDialog( null );
		setNotice( message );
	};

	const list = (
		<ListState
			state={ state }
			errorContext={ __(
				'The API keys could not be loaded.',
				'recruiting-reports'
			) }
			loadingLabel={ __( 'Loading API keys…', 'recruiting-reports' ) }
			skeletonHeight={ 120 }
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
		>
			{ ( { items, totalPages } ) => (
				<>
					<table
						className="wp-list-table widefat striped rr-list"
						aria-label={ __( 'API keys', 'recruiting-reports' ) }
					>
						<thead>
							<tr>
								<th scope="col">
									{ __( 'Name', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Key', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __(
										'Permissions',
										'recruiting-reports'
									) }
								</th>
								<th scope="col">
									{ __( 'Owner', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Created', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Last used', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Expires', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Status', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									<span className="screen-reader-text">
										{ __(
											'Actions',
											'recruiting-reports'
										) }
									</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{ items.map( ( key ) => (
								<tr
									key={ key.id }
									data-key-id={ key.id }
									className={
										key.status === 'active'
											? undefined
											: 'is-inactive'
									}
								>
									<td
										data-colname={ __(
											'Name',
											'recruiting-reports'
										) }
									>
										<strong>{ key.name }</strong>{ ' ' }
										<EnvironmentBadge
											environment={ key.environment }
										/>
									</td>
									<td
										data-colname={ __(
											'Key',
											'recruiting-reports'
										) }
									>
										<code className="rr-hint">
											{ key.hint }
										</code>
									</td>
									<td
										data-colname={ __(
											'Permissions',
											'recruiting-reports'
										) }
									>
										<ul className="rr-tags">
											{ key.permissions.map(
												( permission ) => (
													<li
														key={ permission }
														className={
															key.effective_permissions.includes(
																permission
															)
																? 'rr-tag'
																: 'rr-tag is-lapsed'
														}
														title={
															key.effective_permissions.includes(
																permission
															)
																? undefined
																: __(
																		'The owner no longer has this permission, so the key does not either.',
																		'recruiting-reports'
																	)
														}
													>
														{ permissionLabel(
															permission
														) }
													</li>
												)
											) }
										</ul>
									</td>
									<td
										data-colname={ __(
											'Owner',
											'recruiting-reports'
										) }
									>
										{ key.owner?.name ??
											__(
												'(deleted user)',
												'recruiting-reports'
											) }
									</td>
									<td
										data-colname={ __(
											'Created',
											'recruiting-reports'
										) }
									>
										{ formatDateTime( key.created_at ) }
									</td>
									<td
										data-colname={ __(
											'Last used',
											'recruiting-reports'
										) }
									>
										{ key.last_used_at
											? formatDateTime( key.last_used_at )
											: __(
													'Never',
													'recruiting-reports'
												) }
									</td>
									<td
										data-colname={ __(
											'Expires',
											'recruiting-reports'
										) }
									>
										{ key.expires_at
											? formatDateTime( key.expires_at )
											: __(
													'Never',
													'recruiting-reports'
												) }
									</td>
									<td
										data-colname={ __(
											'Status',
											'recruiting-reports'
										) }
									>
										<span
											className={ `rr-status rr-status--${ key.status }` }
										>
											{ statusText( key.status ) }
										</span>
									</td>
									<td className="rr-list__actions">
										{ key.status !== 'revoked' && (
											<>
												<Button
													variant="secondary"
													size="compact"
													onClick={ () =>
														setDialog( {
															kind: 'edit',
															key,
														} )
													}
													aria-label={ sprintf(
														/* translators: %s: API key name. */
														__(
															'Edit permissions of %s',
															'recruiting-reports'
														),
														key.name
													) }
												>
													{ __(
														'Edit permissions',
														'recruiting-reports'
													) }
												</Button>
												<Button
													variant="secondary"
													size="compact"
													isDestructive
													onClick={ () =>
														setDialog( {
															kind: 'revoke',
															key,
														} )
													}
													aria-label={ sprintf(
														/* translators: %s: API key name. */
														__(
															'Revoke %s',
															'recruiting-reports'
														),
														key.name
													) }
												>
													{ __(
														'Revoke',
														'recruiting-reports'
													) }
												</Button>
											</>
										) }
									</td>
								</tr>
							) ) }
						</tbody>
					</table>
					{ totalPages > 1 && (
						<div className="rr-pager">
							<Button
								variant="secondary"
								disabled={ page <= 1 }
								onClick={ () => setPage( page - 1 ) }
							>
								{ __( 'Previous page', 'recruiting-reports' ) }
							</Button>
							<span>
								{ sprintf(
									/* translators: 1: current page, 2: number of pages. */
									__(
										'Page %1$d of %2$d',
										'recruiting-reports'
									),
									page,
									totalPages
								) }
							</span>
							<Button
								variant="secondary"
								disabled={ page >= totalPages }
								onClick={ () => setPage( page + 1 ) }
							>
								{ __( 'Next page', 'recruiting-reports' ) }
							</Button>
						</div>
					) }
				</>
			) }
		</ListState>
	);

	return (
		<section
			className="rr-settings-section"
			aria-labelledby="rr-api-keys-title"
		>
			<div className="rr-settings-section__head">
				<h2 id="rr-api-keys-title">
					{ __( 'API keys', 'recruiting-reports' ) }
				</h2>
				<Button
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
			{ list }
			{ dialog?.kind === 'add' && (
				<ApiKeyForm
					onCancel={ () => setDialog( null ) }
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
						done( __( 'API key created.', 'recruiting-reports' ) )
					}
				/>
			) }
			{ dialog?.kind === 'edit' && (
				<EditKeyModal
					apiKey={ dialog.key }
					onCancel={ () => setDialog( null ) }
					onSaved={ () =>
						done( __( 'API key updated.', 'recruiting-reports' ) )
					}
				/>
			) }
			{ dialog?.kind === 'revoke' && (
				<RevokeModal
					apiKey={ dialog.key }
					onCancel={ () => setDialog( null ) }
					onRevoked={ () =>
						done( __( 'API key revoked.', 'recruiting-reports' ) )
					}
				/>
			) }
		</section>
	);
}
