/**
 * Settings › Webhooks: the list, adding one (URL and events; the signing secret is shown once),
 * sending a test event, the delivery log with every attempt, retrying a delivery, deleting.
 */
import {
	Button,
	CheckboxControl,
	Modal,
	Notice,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import {
	WEBHOOK_EVENTS,
	type Delivery,
	type Page,
	type Webhook,
	type WebhookEvent,
	type WebhookWithSecret,
} from '../../api/types';
import { formatDateTime } from '../../components/format';
import { EmptyState, ListState } from '../../components/states';
import { useResource, useStoreActions } from '../../store';
import { SecretModal } from './SecretModal';
import { errorText } from '../../components/errorText';

export function eventDescription( event: WebhookEvent ): string {
	switch ( event ) {
		case 'job.created':
			return __( 'A job was created', 'recruiting-reports' );
		case 'job.updated':
			return __( 'A job was changed', 'recruiting-reports' );
		case 'job.deleted':
			return __( 'A job was deleted', 'recruiting-reports' );
		case 'application.created':
			return __( 'A candidate applied', 'recruiting-reports' );
		case 'application.deleted':
			return __( 'An application was deleted', 'recruiting-reports' );
		default:
			return __(
				'An application moved to another status',
				'recruiting-reports'
			);
	}
}

function deliveryStatusText( status: Delivery[ 'status' ] ): string {
	switch ( status ) {
		case 'pending':
			return __( 'Waiting', 'recruiting-reports' );
		case 'sending':
			return __( 'Sending', 'recruiting-reports' );
		case 'delivered':
			return __( 'Delivered', 'recruiting-reports' );
		default:
			return __( 'Failed', 'recruiting-reports' );
	}
}

function AddWebhookForm( {
	onCreated,
	onCancel,
}: {
	onCreated: ( webhook: WebhookWithSecret ) => void;
	onCancel: () => void;
} ) {
	const actions = useStoreActions();
	const [ url, setUrl ] = useState( '' );
	const [ events, setEvents ] = useState< WebhookEvent[] >( [
		...WEBHOOK_EVENTS,
	] );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState< ApiError | null >( null );
	const problem =
		events.length === 0
			? __( 'Tick at least one event.', 'recruiting-reports' )
			: null;

	const submit = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( problem || ! url.trim() ) {
			return;
		}
		setSaving( true );
		setError( null );
		try {
			onCreated(
				await actions.createWebhook( { url: url.trim(), events } )
			);
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
			setSaving( false );
		}
	};

	return (
		<Modal
			title={ __( 'Add webhook', 'recruiting-reports' ) }
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
					type="url"
					label={ __( 'Payload URL', 'recruiting-reports' ) }
					help={
						error?.params.url ??
						__(
							'Events are POSTed here as JSON, signed with HMAC-SHA256 (X-Recruiting-Signature).',
							'recruiting-reports'
						)
					}
					placeholder="https://"
					value={ url }
					onChange={ setUrl }
				/>
				<fieldset className="rr-permissions">
					<legend className="rr-permissions__legend">
						{ __( 'Events', 'recruiting-reports' ) }
					</legend>
					{ WEBHOOK_EVENTS.map( ( name ) => (
						<CheckboxControl
							__nextHasNoMarginBottom
							key={ name }
							label={ name }
							help={ eventDescription( name ) }
							checked={ events.includes( name ) }
							onChange={ ( on: boolean ) =>
								setEvents(
									WEBHOOK_EVENTS.filter( ( e ) =>
										e === name ? on : events.includes( e )
									)
								)
							}
						/>
					) ) }
					{ ( problem || error?.params.events ) && (
						<p className="rr-field-error" role="alert">
							{ problem ?? error?.params.events }
						</p>
					) }
				</fieldset>
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
						disabled={ saving || ! url.trim() || !! problem }
					>
						{ __( 'Add webhook', 'recruiting-reports' ) }
					</Button>
				</div>
			</form>
		</Modal>
	);
}

export function DeliveryLog( { webhook }: { webhook: Webhook } ) {
	const actions = useStoreActions();
	const [ retrying, setRetrying ] = useState< number | null >( null );
	const [ error, setError ] = useState< ApiError | null >( null );
	const state = useResource< Page< Delivery > >( 'getDeliveries', [
		webhook.id,
		{ per_page: 20 },
	] );
	const body = (
		<ListState
			state={ state }
			errorContext={ __(
				'The delivery log could not be loaded.',
				'recruiting-reports'
			) }
			loadingLabel={ __( 'Loading deliveries…', 'recruiting-reports' ) }
			skeletonHeight={ 80 }
			empty={
				<p className="rr-muted">
					{ __(
						'No deliveries yet. Send a test event to try the URL.',
						'recruiting-reports'
					) }
				</p>
			}
		>
			{ ( data ) => (
				<>
					<table className="wp-list-table widefat striped rr-list">
						<caption className="screen-reader-text">
							{ sprintf(
								/* translators: %s: webhook URL. */
								__( 'Deliveries to %s', 'recruiting-reports' ),
								webhook.url
							) }
						</caption>
						<thead>
							<tr>
								<th scope="col">
									{ __( 'Queued', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Event', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Status', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __( 'Attempts', 'recruiting-reports' ) }
								</th>
								<th scope="col">
									{ __(
										'Last response',
										'recruiting-reports'
									) }
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
							{ data.items.map( ( delivery ) => (
								<tr
									key={ delivery.id }
									data-delivery-id={ delivery.id }
								>
									<td
										data-colname={ __(
											'Queued',
											'recruiting-reports'
										) }
									>
										{ formatDateTime(
											delivery.created_at
										) }
									</td>
									<td
										data-colname={ __(
											'Event',
											'recruiting-reports'
										) }
									>
										<code>{ delivery.event }</code>
									</td>
									<td
										data-colname={ __(
											'Status',
											'recruiting-reports'
										) }
									>
										<span
											className={ `rr-status rr-status--${ delivery.status }` }
										>
											{ deliveryStatusText(
												delivery.status
											) }
										</span>
										{ delivery.next_attempt_at && (
											<span className="rr-muted">
												{ ' ' }
												{ sprintf(
													/* translators: %s: date and time. */
													__(
														'next try %s',
														'recruiting-reports'
													),
													formatDateTime(
														delivery.next_attempt_at
													)
												) }
											</span>
										) }
									</td>
									<td
										data-colname={ __(
											'Attempts',
											'recruiting-reports'
										) }
									>
										{ sprintf(
											/* translators: 1: attempts made, 2: most attempts. */
											__(
												'%1$d of %2$d',
												'recruiting-reports'
											),
											delivery.attempts,
											delivery.max_attempts
										) }
									</td>
									<td
										data-colname={ __(
											'Last response',
											'recruiting-reports'
										) }
									>
										{ delivery.last_response_code !==
											null && (
											<code>
												{ delivery.last_response_code }
											</code>
										) }{ ' ' }
										{ delivery.last_error }
										{ delivery.last_response_code ===
											null &&
											! delivery.last_error &&
											'—' }
									</td>
									<td className="rr-list__actions">
										{ ( delivery.status === 'failed' ||
											delivery.status ===
												'delivered' ) && (
											<Button
												variant="secondary"
												size="compact"
												isBusy={
													retrying === delivery.id
												}
												disabled={ retrying !== null }
												onClick={ async () => {
													setRetrying( delivery.id );
													setError( null );
													try {
														await actions.retryDelivery(
															webhook.id,
															delivery.id
														);
													} catch ( thrown ) {
														setError(
															toApiError( thrown )
														);
													}
													setRetrying( null );
												} }
											>
												{ __(
													'Send again',
													'recruiting-reports'
												) }
											</Button>
										) }
									</td>
								</tr>
							) ) }
						</tbody>
					</table>
				</>
			) }
		</ListState>
	);
	return (
		<div className="rr-deliveries">
			<div className="rr-deliveries__head">
				<h3>{ __( 'Delivery log', 'recruiting-reports' ) }</h3>
				<Button
					variant="tertiary"
					size="compact"
					onClick={ state.retry }
				>
					{ __( 'Refresh', 'recruiting-reports' ) }
				</Button>
			</div>
			{ error && (
				<Notice status="error" onRemove={ () => setError( null ) }>
					{ errorText( error ) }
				</Notice>
			) }
			{ body }
		</div>
	);
}

type Dialog =
	| { kind: 'add' }
	| { kind: 'created'; webhook: WebhookWithSecret }
	| { kind: 'delete'; webhook: Webhook }
	| null;

export function Webhooks() {
	const [ dialog, setDialog ] = useState< Dialog >( null );
	const [ open, setOpen ] = useState< number | null >( null );
	const [ notice, setNotice ] = useState< {
		status: 'success' | 'error';
		text: string;
	} | null >( null );
	const [ busy, setBusy ] = useState< number | null >( null );
	const state = useResource< Page< Webhook > >( 'getWebhooks', [
		{ per_page: 100 },
	] );
	const actions = useStoreActions();

	const sendTest = async ( webhook: Webhook ) => {
		setBusy( webhook.id );
		setNotice( null );
		try {
			await actions.testWebhook( webhook.id );
			setNotice( {
				status: 'success',
				text: __(
					'Test event queued. It is sent in the background within a minute; the delivery log shows the result.',
					'recruiting-reports'
				),
			} );
			setOpen( webhook.id );
		} catch ( thrown ) {
			setNotice( {
				status: 'error',
				text: errorText( toApiError( thrown ) ),
			} );
		}
		setBusy( null );
	};

	const list = (
		<ListState
			state={ state }
			errorContext={ __(
				'The webhooks could not be loaded.',
				'recruiting-reports'
			) }
			loadingLabel={ __( 'Loading webhooks…', 'recruiting-reports' ) }
			skeletonHeight={ 80 }
			empty={
				<EmptyState
					title={ __( 'No webhooks yet', 'recruiting-reports' ) }
				>
					<p>
						{ __(
							'Add a webhook to tell another system when jobs or applications change.',
							'recruiting-reports'
						) }
					</p>
				</EmptyState>
			}
		>
			{ ( data ) => (
				<>
					<ul className="rr-webhooks">
						{ data.items.map( ( webhook ) => (
							<li
								key={ webhook.id }
								className="rr-webhook"
								data-webhook-id={ webhook.id }
							>
								<div className="rr-webhook__main">
									<code className="rr-webhook__url">
										{ webhook.url }
									</code>
									{ ! webhook.active && (
										<span className="rr-badge">
											{ __(
												'Paused',
												'recruiting-reports'
											) }
										</span>
									) }
									<p className="rr-muted">
										{ sprintf(
											/* translators: %s: list of event names. */
											_n(
												'Event: %s',
												'Events: %s',
												webhook.events.length,
												'recruiting-reports'
											),
											webhook.events.join( ', ' )
										) }
										{ ' · ' }
										{ sprintf(
											/* translators: %s: date and time. */
											__(
												'added %s',
												'recruiting-reports'
											),
											formatDateTime( webhook.created_at )
										) }
									</p>
								</div>
								<div className="rr-webhook__actions">
									<Button
										variant="secondary"
										size="compact"
										isBusy={ busy === webhook.id }
										disabled={ busy !== null }
										onClick={ () => sendTest( webhook ) }
									>
										{ __(
											'Send test',
											'recruiting-reports'
										) }
									</Button>
									<Button
										variant="secondary"
										size="compact"
										aria-expanded={ open === webhook.id }
										onClick={ () =>
											setOpen(
												open === webhook.id
													? null
													: webhook.id
											)
										}
									>
										{ open === webhook.id
											? __(
													'Hide deliveries',
													'recruiting-reports'
												)
											: __(
													'Deliveries',
													'recruiting-reports'
												) }
									</Button>
									<Button
										variant="secondary"
										size="compact"
										isDestructive
										onClick={ () =>
											setDialog( {
												kind: 'delete',
												webhook,
											} )
										}
									>
										{ __( 'Delete', 'recruiting-reports' ) }
									</Button>
								</div>
								{ open === webhook.id && (
									<DeliveryLog webhook={ webhook } />
								) }
							</li>
						) ) }
					</ul>
				</>
			) }
		</ListState>
	);

	return (
		<section
			className="rr-settings-section"
			aria-labelledby="rr-webhooks-title"
		>
			<div className="rr-settings-section__head">
				<h2 id="rr-webhooks-title">
					{ __( 'Webhooks', 'recruiting-reports' ) }
				</h2>
				<Button
					variant="primary"
					onClick={ () => setDialog( { kind: 'add' } ) }
				>
					{ __( 'Add webhook', 'recruiting-reports' ) }
				</Button>
			</div>
			<p className="rr-settings-section__intro">
				{ __(
					'Webhooks send events to another system as they happen. Deliveries run in the background and are retried with increasing delays when the receiver is down.',
					'recruiting-reports'
				) }
			</p>
			{ notice && (
				<Notice
					status={ notice.status }
					onRemove={ () => setNotice( null ) }
				>
					{ notice.text }
				</Notice>
			) }
			{ list }
			{ dialog?.kind === 'add' && (
				<AddWebhookForm
					onCancel={ () => setDialog( null ) }
					onCreated={ ( webhook ) => {
						setDialog( { kind: 'created', webhook } );
					} }
				/>
			) }
			{ dialog?.kind === 'created' && (
				<SecretModal
					title={ __(
						'Webhook added: its signing secret',
						'recruiting-reports'
					) }
					label={ __( 'Signing secret', 'recruiting-reports' ) }
					secret={ dialog.webhook.secret }
					warning={ __(
						'The receiver needs this secret to check the X-Recruiting-Signature header. Copy it now: it will not be shown again.',
						'recruiting-reports'
					) }
					onClose={ () => {
						setDialog( null );
						setNotice( {
							status: 'success',
							text: __( 'Webhook added.', 'recruiting-reports' ),
						} );
					} }
				/>
			) }
			{ dialog?.kind === 'delete' && (
				<DeleteWebhookModal
					webhook={ dialog.webhook }
					onCancel={ () => setDialog( null ) }
					onDeleted={ () => {
						setDialog( null );
						setNotice( {
							status: 'success',
							text: __(
								'Webhook deleted.',
								'recruiting-reports'
							),
						} );
					} }
				/>
			) }
		</section>
	);
}

function DeleteWebhookModal( {
	webhook,
	onDeleted,
	onCancel,
}: {
	webhook: Webhook;
	onDeleted: () => void;
	onCancel: () => void;
} ) {
	const actions = useStoreActions();
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState< ApiError | null >( null );
	return (
		<Modal
			title={ __( 'Delete webhook?', 'recruiting-reports' ) }
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
					/* translators: %s: webhook URL. */
					__(
						'Stop sending events to %s? This cannot be undone.',
						'recruiting-reports'
					),
					webhook.url
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
						try {
							await actions.deleteWebhook( webhook.id );
							onDeleted();
						} catch ( thrown ) {
							setError( toApiError( thrown ) );
							setBusy( false );
						}
					} }
				>
					{ __( 'Delete webhook', 'recruiting-reports' ) }
				</Button>
			</div>
		</Modal>
	);
}
