/**
 * Settings › Webhooks: the list, adding one (URL and events; the signing secret is shown once),
 * sending a test event, a webhook's delivery log below the list, sending a delivery again, deleting.
 * After each dialog, focus returns to "Add webhook", the row's button or the list's heading.
 */
import {
	Button,
	CheckboxControl,
	Notice,
	TextControl,
} from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews/wp';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

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
import { useResource, useStoreActions } from '../../store';
import { FormModal, useRequest } from './FormModal';
import { SecretModal } from './SecretModal';
import { Confirm } from './Confirm';
import {
	SettingsList,
	rowControl,
	useFocusAfter,
	useListView,
} from './SettingsList';
import { SettingsSection, useSettingsSection } from './SettingsSection';
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
		case 'application.stale':
			return __(
				'A candidate waited past the stage’s days (daily)',
				'recruiting-reports'
			);
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
	const request = useRequest();
	const { error } = request;
	const problem =
		events.length === 0
			? __( 'Tick at least one event.', 'recruiting-reports' )
			: null;

	const submit = () => {
		if ( problem || ! url.trim() ) {
			return;
		}
		request.send(
			() => actions.createWebhook( { url: url.trim(), events } ),
			onCreated
		);
	};

	return (
		<FormModal
			title={ __( 'Add webhook', 'recruiting-reports' ) }
			submitText={ __( 'Add webhook', 'recruiting-reports' ) }
			request={ request }
			onSubmit={ submit }
			onCancel={ onCancel }
			canSubmit={ !! url.trim() && ! problem }
		>
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
		</FormModal>
	);
}

export function DeliveryLog( {
	webhook,
	headingRef,
	onClose,
}: {
	webhook: Webhook;
	headingRef: React.RefObject< HTMLHeadingElement >;
	onClose: () => void;
} ) {
	const actions = useStoreActions();
	const [ retrying, setRetrying ] = useState< number | null >( null );
	const [ error, setError ] = useState< ApiError | null >( null );
	const [ view, setView ] = useListView( 'event', [
		'created_at',
		'status',
		'attempts',
		'response',
	] );
	const state = useResource< Page< Delivery > >( 'getDeliveries', [
		webhook.id,
		{ page: view.page, per_page: view.perPage },
	] );
	const root = useRef< HTMLElement >( null );
	const focusAfter = useFocusAfter( ! state.loading && ! state.busy );
	const againLabel = __( 'Send again', 'recruiting-reports' );

	const fields: Field< Delivery >[] = useMemo(
		() => [
			{
				id: 'event',
				label: __( 'Event', 'recruiting-reports' ),
				enableHiding: false,
				getValue: ( { item } ) => item.event,
				render: ( { item } ) => (
					<span className="rr-code" data-rr-item={ item.id }>
						{ item.event }
					</span>
				),
			},
			{
				id: 'created_at',
				label: __( 'Queued', 'recruiting-reports' ),
				getValue: ( { item } ) => formatDateTime( item.created_at ),
			},
			{
				id: 'status',
				label: __( 'Status', 'recruiting-reports' ),
				getValue: ( { item } ) => deliveryStatusText( item.status ),
				render: ( { item } ) => (
					<span>
						<span
							className={ `rr-status rr-status--${ item.status }` }
						>
							{ deliveryStatusText( item.status ) }
						</span>
						{ item.next_attempt_at && (
							<span className="rr-muted">
								{ ' ' }
								{ sprintf(
									/* translators: %s: date and time. */
									__( 'next try %s', 'recruiting-reports' ),
									formatDateTime( item.next_attempt_at )
								) }
							</span>
						) }
					</span>
				),
			},
			{
				id: 'attempts',
				label: __( 'Attempts', 'recruiting-reports' ),
				getValue: ( { item } ) =>
					sprintf(
						/* translators: 1: attempts made, 2: most attempts. */
						__( '%1$d of %2$d', 'recruiting-reports' ),
						item.attempts,
						item.max_attempts
					),
			},
			{
				id: 'response',
				label: __( 'Last response', 'recruiting-reports' ),
				getValue: ( { item } ) =>
					[ item.last_response_code, item.last_error ]
						.filter( ( part ) => part !== null && part !== '' )
						.join( ' ' ) || '—',
				render: ( { item } ) =>
					item.last_response_code === null && ! item.last_error ? (
						<span>—</span>
					) : (
						<span>
							{ item.last_response_code !== null && (
								<span className="rr-code">
									{ item.last_response_code }
								</span>
							) }{ ' ' }
							{ item.last_error }
						</span>
					),
			},
		],
		[]
	);

	const rowActions: Action< Delivery >[] = useMemo(
		() => [
			{
				id: 'retry',
				label: againLabel,
				isPrimary: true,
				disabled: retrying !== null,
				isEligible: ( item ) =>
					item.status === 'failed' || item.status === 'delivered',
				callback: async ( [ item ] ) => {
					setRetrying( item.id );
					setError( null );
					try {
						await actions.retryDelivery( webhook.id, item.id );
					} catch ( thrown ) {
						setError( toApiError( thrown ) );
					}
					setRetrying( null );
					// A delivery sent again waits, so its row loses the button.
					focusAfter(
						() =>
							rowControl( root.current, item.id, againLabel ) ??
							headingRef.current
					);
				},
			},
		],
		[ actions, againLabel, retrying, webhook.id, focusAfter, headingRef ]
	);

	return (
		<section
			ref={ root }
			className="rr-deliveries"
			aria-labelledby="rr-deliveries-title"
		>
			<div className="rr-deliveries__head">
				<h3 id="rr-deliveries-title" ref={ headingRef } tabIndex={ -1 }>
					{ sprintf(
						/* translators: %s: webhook URL. */
						__( 'Deliveries to %s', 'recruiting-reports' ),
						webhook.url
					) }
				</h3>
				<Button
					variant="tertiary"
					size="compact"
					onClick={ state.retry }
				>
					{ __( 'Refresh', 'recruiting-reports' ) }
				</Button>
				<Button variant="secondary" size="compact" onClick={ onClose }>
					{ __( 'Close', 'recruiting-reports' ) }
				</Button>
			</div>
			{ error && (
				<Notice status="error" onRemove={ () => setError( null ) }>
					{ errorText( error ) }
				</Notice>
			) }
			<SettingsList< Delivery >
				state={ state }
				fields={ fields }
				actions={ rowActions }
				view={ view }
				onChangeView={ setView }
				errorContext={ __(
					'The delivery log could not be loaded.',
					'recruiting-reports'
				) }
				empty={
					<p className="rr-muted">
						{ __(
							'No deliveries yet. Send a test event to try the URL.',
							'recruiting-reports'
						) }
					</p>
				}
			/>
		</section>
	);
}

type Dialog =
	| { kind: 'add' }
	| { kind: 'created'; webhook: WebhookWithSecret }
	| { kind: 'delete'; webhook: Webhook };

export function Webhooks() {
	const [ open, setOpen ] = useState< number | null >( null );
	const [ busy, setBusy ] = useState< number | null >( null );
	const frame = useSettingsSection< Webhook, Dialog >(
		'getWebhooks',
		'url',
		[ 'events', 'created_at' ],
		100
	);
	const actions = useStoreActions();
	const { dialog, setDialog, setNotice, close, focusAfter } = frame;
	const logHeading = useRef< HTMLHeadingElement >( null );
	const deliveriesLabel = __( 'Deliveries', 'recruiting-reports' );
	const hideLabel = __( 'Hide deliveries', 'recruiting-reports' );
	const shown = frame.state.data?.items.find( ( item ) => item.id === open );

	const fields: Field< Webhook >[] = useMemo(
		() => [
			{
				id: 'url',
				label: __( 'Payload URL', 'recruiting-reports' ),
				enableHiding: false,
				getValue: ( { item } ) => item.url,
				render: ( { item } ) => (
					<span className="rr-webhook__url" data-rr-item={ item.id }>
						<span className="rr-code">{ item.url }</span>
						{ ! item.active && (
							<>
								{ ' ' }
								<span className="rr-badge">
									{ __( 'Paused', 'recruiting-reports' ) }
								</span>
							</>
						) }
					</span>
				),
			},
			{
				id: 'events',
				label: __( 'Events', 'recruiting-reports' ),
				getValue: ( { item } ) => item.events.join( ', ' ),
				render: ( { item } ) => (
					<span className="rr-tags">
						{ item.events.map( ( event ) => (
							<span
								key={ event }
								className="rr-tag"
								title={ eventDescription( event ) }
							>
								{ event }
							</span>
						) ) }
					</span>
				),
			},
			{
				id: 'created_at',
				label: __( 'Added', 'recruiting-reports' ),
				getValue: ( { item } ) => formatDateTime( item.created_at ),
			},
		],
		[]
	);

	const rowActions: Action< Webhook >[] = useMemo( () => {
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
		return [
			{
				id: 'test',
				label: __( 'Send test', 'recruiting-reports' ),
				isPrimary: true,
				disabled: busy !== null,
				callback: ( [ item ] ) => sendTest( item ),
			},
			{
				id: 'deliveries',
				label: ( [ item ] ) =>
					item?.id === open ? hideLabel : deliveriesLabel,
				isPrimary: true,
				callback: ( [ item ] ) => {
					if ( item.id === open ) {
						setOpen( null );
						return;
					}
					setOpen( item.id );
					focusAfter( () => logHeading.current );
				},
			},
			{
				id: 'delete',
				label: __( 'Delete', 'recruiting-reports' ),
				isPrimary: true,
				callback: ( [ item ] ) =>
					setDialog( { kind: 'delete', webhook: item } ),
			},
		];
	}, [
		actions,
		busy,
		open,
		hideLabel,
		deliveriesLabel,
		focusAfter,
		setDialog,
		setNotice,
	] );

	return (
		<SettingsSection< Webhook >
			frame={ frame }
			titleId="rr-webhooks-title"
			title={ __( 'Webhooks', 'recruiting-reports' ) }
			addText={ __( 'Add webhook', 'recruiting-reports' ) }
			onAdd={ () => setDialog( { kind: 'add' } ) }
			intro={ __(
				'Webhooks send events to another system as they happen. Deliveries run in the background and are retried with increasing delays when the receiver is down.',
				'recruiting-reports'
			) }
			fields={ fields }
			actions={ rowActions }
			loadError={ __(
				'The webhooks could not be loaded.',
				'recruiting-reports'
			) }
			emptyTitle={ __( 'No webhooks yet', 'recruiting-reports' ) }
			emptyText={ __(
				'Add a webhook to tell another system when jobs or applications change.',
				'recruiting-reports'
			) }
		>
			{ shown && (
				<DeliveryLog
					key={ shown.id }
					webhook={ shown }
					headingRef={ logHeading }
					onClose={ () => {
						setOpen( null );
						focusAfter( () =>
							rowControl(
								frame.section.current,
								shown.id,
								deliveriesLabel
							)
						);
					} }
				/>
			) }
			{ dialog?.kind === 'add' && (
				<AddWebhookForm
					onCancel={ () => close( null, 'add' ) }
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
					onClose={ () =>
						close(
							__( 'Webhook added.', 'recruiting-reports' ),
							'add'
						)
					}
				/>
			) }
			{ dialog?.kind === 'delete' && (
				<Confirm
					title={ __( 'Delete webhook?', 'recruiting-reports' ) }
					confirmText={ __( 'Delete webhook', 'recruiting-reports' ) }
					run={ () => actions.deleteWebhook( dialog.webhook.id ) }
					onCancel={ () =>
						close( null, {
							id: dialog.webhook.id,
							label: __( 'Delete', 'recruiting-reports' ),
						} )
					}
					onDone={ () => {
						if ( open === dialog.webhook.id ) {
							setOpen( null );
						}
						// The row is gone.
						close(
							__( 'Webhook deleted.', 'recruiting-reports' ),
							'heading'
						);
					} }
				>
					{ sprintf(
						/* translators: %s: webhook URL. */
						__(
							'Stop sending events to %s? This cannot be undone.',
							'recruiting-reports'
						),
						dialog.webhook.url
					) }
				</Confirm>
			) }
		</SettingsSection>
	);
}
