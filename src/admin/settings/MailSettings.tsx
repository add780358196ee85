/**
 * Settings › E-mails: who hears of an application whose job has no contact e-mail, the two templates of the apply
 * form's e-mails (subject and plain-text body, with placeholders; each can go back to its default text), and the
 * e-mail log: every queued or sent e-mail with its state and last error, a failed one sent again on request.
 */
import {
	Button,
	Notice,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import type {
	MailMessage,
	MailStatus,
	Page,
	PluginSettings,
} from '../../api/types';
import { formatDateTime } from '../../components/format';
import { errorText } from '../../components/errorText';
import { ErrorState, Skeleton } from '../../components/states';
import { useResource, useStoreActions } from '../../store';
import { useSettingsSave } from './useSettingsSave';
import { TitledSection } from './TitledSection';

type Template = 'mail_candidate' | 'mail_notify';
type TemplateField = `${ Template }_${ 'subject' | 'body' }`;

/**
 * The addresses typed in the recipients field: split at commas, semicolons and line breaks.
 * @param text
 */
export function parseAddresses( text: string ): string[] {
	return [
		...new Set(
			text
				.split( /[\s,;]+/ )
				.map( ( part ) => part.trim() )
				.filter( Boolean )
		),
	];
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const PLACEHOLDERS =
	'{candidate_name}, {job_title}, {site_name}, {application_url}';

export function mailStatusText( status: MailStatus ): string {
	switch ( status ) {
		case 'pending':
			return __( 'Waiting', 'recruiting-reports' );
		case 'sending':
			return __( 'Sending', 'recruiting-reports' );
		case 'sent':
			return __( 'Sent', 'recruiting-reports' );
		default:
			return __( 'Failed', 'recruiting-reports' );
	}
}

// One template: its subject and body, and the button that brings back the default text.
function TemplateFields( {
	template,
	title,
	form,
	onChange,
	onReset,
	busy,
}: {
	template: Template;
	title: string;
	form: PluginSettings;
	onChange: ( field: TemplateField, value: string ) => void;
	onReset: ( template: Template ) => void;
	busy: boolean;
} ) {
	return (
		<fieldset className="rr-mail-template">
			<legend>{ title }</legend>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Subject', 'recruiting-reports' ) }
				value={ form[ `${ template }_subject` ] }
				onChange={ ( value: string ) =>
					onChange( `${ template }_subject`, value )
				}
			/>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __( 'Message', 'recruiting-reports' ) }
				help={ __(
					'Plain text: a blank line starts a new paragraph. The e-mail has an HTML and a plain-text version.',
					'recruiting-reports'
				) }
				rows={ 7 }
				value={ form[ `${ template }_body` ] }
				onChange={ ( value: string ) =>
					onChange( `${ template }_body`, value )
				}
			/>
			<Button
				variant="secondary"
				disabled={ busy }
				onClick={ () => onReset( template ) }
			>
				{ __( 'Reset to default', 'recruiting-reports' ) }
			</Button>
		</fieldset>
	);
}

// The form: the default recipients and both templates; Save, and Reset per template (saved at once).
function MailForm( { settings }: { settings: PluginSettings } ) {
	const actions = useStoreActions();
	const [ form, setForm ] = useState( settings );
	const [ toText, setToText ] = useState(
		settings.mail_notify_to.join( '\n' )
	);
	const { saving: busy, save: saveWith, notice } = useSettingsSave();
	const addresses = parseAddresses( toText );
	const wrong = addresses.filter( ( address ) => ! ADDRESS.test( address ) );
	const toProblem = wrong.length
		? sprintf(
				/* translators: %s: the addresses that are not valid. */
				__( 'Not an e-mail address: %s', 'recruiting-reports' ),
				wrong.join( ', ' )
			)
		: null;

	const send = ( input: Partial< PluginSettings >, done: string ) =>
		saveWith( async () => {
			const saved = await actions.updateSettings( input );
			// Only the fields sent take the server's answer: edits not sent (the other template's) stay.
			const sent = Object.keys( input ) as ( keyof PluginSettings )[];
			setForm( ( current ) => ( {
				...current,
				...Object.fromEntries(
					sent.map( ( field ) => [ field, saved[ field ] ] )
				),
			} ) );
		}, done );
	const save = ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( ! toProblem ) {
			send(
				{
					mail_notify_to: addresses,
					mail_candidate_subject: form.mail_candidate_subject,
					mail_candidate_body: form.mail_candidate_body,
					mail_notify_subject: form.mail_notify_subject,
					mail_notify_body: form.mail_notify_body,
				},
				__( 'E-mail settings saved.', 'recruiting-reports' )
			);
		}
	};
	const reset = ( template: Template ) =>
		send(
			{ [ `${ template }_subject` ]: '', [ `${ template }_body` ]: '' },
			__( 'The default text is back.', 'recruiting-reports' )
		);
	const change = ( field: TemplateField, value: string ) =>
		setForm( { ...form, [ field ]: value } );

	return (
		<form onSubmit={ save } className="rr-general-form" noValidate>
			{ notice }
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __(
					'Notify when a job has no contact e-mail',
					'recruiting-reports'
				) }
				help={
					toProblem ??
					__(
						'One address per line. A job’s own contact e-mail is used when it has one; with none here either, the site’s administration address is told.',
						'recruiting-reports'
					)
				}
				aria-invalid={ !! toProblem }
				rows={ 3 }
				value={ toText }
				onChange={ setToText }
			/>
			<p className="rr-muted">
				{ sprintf(
					/* translators: %s: the placeholders, such as {job_title}. */
					__(
						'Placeholders: %s. The link to the application in wp-admin goes only to your team: it stays empty in the candidate’s e-mail.',
						'recruiting-reports'
					),
					PLACEHOLDERS
				) }
			</p>
			<TemplateFields
				template="mail_candidate"
				title={ __(
					'Confirmation to the candidate',
					'recruiting-reports'
				) }
				form={ form }
				onChange={ change }
				onReset={ reset }
				busy={ busy }
			/>
			<TemplateFields
				template="mail_notify"
				title={ __(
					'Notification to your team',
					'recruiting-reports'
				) }
				form={ form }
				onChange={ change }
				onReset={ reset }
				busy={ busy }
			/>
			<div>
				<Button
					variant="primary"
					type="submit"
					isBusy={ busy }
					disabled={ busy || !! toProblem }
				>
					{ __( 'Save e-mail settings', 'recruiting-reports' ) }
				</Button>
			</div>
		</form>
	);
}

// One row of the log.
function MailRow( {
	message,
	onRetry,
	busy,
}: {
	message: MailMessage;
	onRetry: ( id: number ) => void;
	busy: boolean;
} ) {
	return (
		<tr>
			<td data-label={ __( 'Queued', 'recruiting-reports' ) }>
				{ formatDateTime( message.created_at ) }
			</td>
			<td data-label={ __( 'To', 'recruiting-reports' ) }>
				{ message.recipients?.join( ', ' ) ?? '—' }
			</td>
			<td data-label={ __( 'Subject', 'recruiting-reports' ) }>
				{ message.subject ?? '—' }
			</td>
			<td data-label={ __( 'Status', 'recruiting-reports' ) }>
				<span className={ `rr-status rr-status--${ message.status }` }>
					{ mailStatusText( message.status ) }
				</span>
				{ message.next_attempt_at && (
					<span className="rr-muted">
						{ ' ' }
						{ sprintf(
							/* translators: %s: date and time. */
							__( 'next try %s', 'recruiting-reports' ),
							formatDateTime( message.next_attempt_at )
						) }
					</span>
				) }
			</td>
			<td data-label={ __( 'Attempts', 'recruiting-reports' ) }>
				{ sprintf(
					/* translators: 1: attempts made, 2: most attempts. */
					__( '%1$d of %2$d', 'recruiting-reports' ),
					message.attempts,
					message.max_attempts
				) }
			</td>
			<td data-label={ __( 'Last error', 'recruiting-reports' ) }>
				{ message.last_error ?? '—' }
			</td>
			<td>
				{ message.status === 'failed' && (
					<Button
						variant="secondary"
						size="small"
						disabled={ busy }
						onClick={ () => onRetry( message.id ) }
					>
						{ __( 'Send again', 'recruiting-reports' ) }
					</Button>
				) }
			</td>
		</tr>
	);
}

// The latest e-mails, newest first.
function MailLog() {
	const state = useResource< Page< MailMessage > >( 'getMailLog', [
		{ per_page: 20 },
	] );
	const actions = useStoreActions();
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState< ApiError | null >( null );
	const retry = async ( id: number ) => {
		setBusy( true );
		setError( null );
		try {
			await actions.retryMail( id );
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
		}
		setBusy( false );
	};
	if ( state.error ) {
		return (
			<ErrorState
				error={ state.error }
				onRetry={ state.retry }
				context={ __(
					'The e-mail log could not be loaded.',
					'recruiting-reports'
				) }
			/>
		);
	}
	const messages = state.data?.items ?? [];
	return (
		<>
			{ error && (
				<Notice status="error" onRemove={ () => setError( null ) }>
					{ errorText( error ) }
				</Notice>
			) }
			{ ! state.data && (
				<Skeleton
					charts={ 1 }
					chartHeight={ 80 }
					label={ __( 'Loading e-mails…', 'recruiting-reports' ) }
				/>
			) }
			{ state.data && ! messages.length && (
				<p>{ __( 'No e-mails yet.', 'recruiting-reports' ) }</p>
			) }
			{ messages.length > 0 && (
				<table className="widefat striped rr-mail-log">
					<thead>
						<tr>
							<th scope="col">
								{ __( 'Queued', 'recruiting-reports' ) }
							</th>
							<th scope="col">
								{ __( 'To', 'recruiting-reports' ) }
							</th>
							<th scope="col">
								{ __( 'Subject', 'recruiting-reports' ) }
							</th>
							<th scope="col">
								{ __( 'Status', 'recruiting-reports' ) }
							</th>
							<th scope="col">
								{ __( 'Attempts', 'recruiting-reports' ) }
							</th>
							<th scope="col">
								{ __( 'Last error', 'recruiting-reports' ) }
							</th>
							<th scope="col">
								<span className="screen-reader-text">
									{ __( 'Actions', 'recruiting-reports' ) }
								</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{ messages.map( ( message ) => (
							<MailRow
								key={ message.id }
								message={ message }
								onRetry={ retry }
								busy={ busy }
							/>
						) ) }
					</tbody>
				</table>
			) }
		</>
	);
}

export function MailSettings() {
	const state = useResource< PluginSettings >( 'getSettings', [] );
	const [ settings, setSettings ] = useState< PluginSettings | null >( null );
	useEffect( () => {
		if ( state.data && ! settings ) {
			setSettings( state.data );
		}
	}, [ state.data, settings ] );
	return (
		<>
			<TitledSection
				titleId="rr-mail-title"
				title={ __( 'E-mails', 'recruiting-reports' ) }
			>
				<p>
					{ __(
						'When someone applies through the form on your site, they get a confirmation and your team a notification. Both are sent through WordPress (wp_mail, so an SMTP plugin carries them) shortly after the application, and tried again for several hours if the mail server fails.',
						'recruiting-reports'
					) }
				</p>
				{ state.error && (
					<ErrorState
						error={ state.error }
						onRetry={ state.retry }
						context={ __(
							'The settings could not be loaded.',
							'recruiting-reports'
						) }
					/>
				) }
				{ ! state.error && ! settings && (
					<Skeleton
						charts={ 1 }
						chartHeight={ 120 }
						label={ __(
							'Loading settings…',
							'recruiting-reports'
						) }
					/>
				) }
				{ settings && <MailForm settings={ settings } /> }
			</TitledSection>
			<TitledSection
				titleId="rr-mail-log-title"
				title={ __( 'Latest e-mails', 'recruiting-reports' ) }
			>
				<MailLog />
			</TitledSection>
		</>
	);
}
