/**
 * One application (its own URL: the Applications page with `&application=<id>`): the candidate, job,
 * source, dates and status; the timeline of status changes; the status change limited to the allowed
 * transitions; notes; ratings. Users without Write Applications see everything read-only.
 */
import {
	Button,
	Notice,
	SelectControl,
	Spinner,
	TextareaControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import type { ReactNode } from 'react';
import { __, _n, sprintf } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import { api } from '../../api/wp';
import type {
	ApplicationStatus,
	ApplicationWithHistory,
	ExitStatus,
} from '../../api/types';
import { getConfig } from '../../config';
import { useResource, useStoreActions } from '../../store';
import { ErrorState, Skeleton } from '../../components/states';
import { statusLabel } from './labels';
import { applicationsUrl, type ApplicationFilters } from './filters';
import { restLink } from './links';
import { ErrorNotice } from './ErrorNotice';
import { Notes } from './Notes';
import { Rating } from './Rating';
import { formatSiteDateTime } from './timezone';
import { mailtoHref } from './mailto';

interface Props {
	id: number;
	/** The list's filters, kept for the way back. */
	filters: ApplicationFilters;
}

/**
 * The edit screen of a job, from the Jobs list URL (edit.php?post_type=… → post.php?post=…).
 * @param jobsUrl The Jobs list URL.
 * @param id      Job id.
 */
function jobEditUrl( jobsUrl: string, id: number ): string {
	return jobsUrl.replace(
		/edit\.php.*$/,
		`post.php?post=${ id }&action=edit`
	);
}

/**
 * One of the view's titled panels.
 * @param props
 * @param props.id        Its heading's id (the section is labelled by it).
 * @param props.title     The heading.
 * @param props.className Modifiers (e.g. rr-app__panel--wide, a panel across the grid).
 * @param props.children
 */
function Panel( {
	id,
	title,
	className,
	children,
}: {
	id: string;
	title: string;
	className?: string;
	children: ReactNode;
} ) {
	return (
		<section
			className={
				className ? `rr-app__panel ${ className }` : 'rr-app__panel'
			}
			aria-labelledby={ id }
		>
			<h3 id={ id }>{ title }</h3>
			{ children }
		</section>
	);
}

export function ApplicationView( { id, filters }: Props ) {
	const config = getConfig();
	const loaded = useResource< ApplicationWithHistory >( 'getApplication', [
		id,
	] );
	const application = loaded.data;
	const back = (
		<p className="rr-app__back">
			<a href={ applicationsUrl( config.applicationsUrl, filters ) }>
				{ __( '← All applications', 'recruiting-reports' ) }
			</a>
		</p>
	);

	if ( loaded.error ) {
		return (
			<>
				{ back }
				<ErrorState
					error={ loaded.error }
					onRetry={ loaded.retry }
					context={ __(
						'The application could not be loaded.',
						'recruiting-reports'
					) }
				/>
			</>
		);
	}
	if ( ! application ) {
		return (
			<>
				{ back }
				<Skeleton
					charts={ 1 }
					chartHeight={ 320 }
					label={ __(
						'Loading the application…',
						'recruiting-reports'
					) }
				/>
			</>
		);
	}
	const at = ( iso: string ) =>
		formatSiteDateTime( iso, config.timezone, config.locale );
	const mailto = mailtoHref( application.candidate.email );

	return (
		<div className="rr-app" data-application={ application.id }>
			{ back }
			<h2 className="rr-app__name">{ application.candidate.name }</h2>
			<div className="rr-app__grid">
				<Panel
					id="rr-app-details"
					title={ __( 'Details', 'recruiting-reports' ) }
				>
					<dl className="rr-app__facts">
						<dt>{ __( 'E-mail', 'recruiting-reports' ) }</dt>
						<dd>
							{ mailto ? (
								<a href={ mailto }>
									{ application.candidate.email }
								</a>
							) : (
								application.candidate.email
							) }
						</dd>
						<dt>{ __( 'Phone', 'recruiting-reports' ) }</dt>
						<dd>
							{ application.candidate.phone ? (
								<a
									href={ `tel:${ application.candidate.phone }` }
								>
									{ application.candidate.phone }
								</a>
							) : (
								'—'
							) }
						</dd>
						<dt>{ __( 'Job', 'recruiting-reports' ) }</dt>
						<dd>
							{ application.job_title !== null ? (
								<a
									href={ jobEditUrl(
										config.jobsUrl,
										application.job_id
									) }
								>
									{ application.job_title }
								</a>
							) : (
								__( '(deleted job)', 'recruiting-reports' )
							) }
						</dd>
						{ application.cv && (
							<>
								<dt>{ __( 'CV', 'recruiting-reports' ) }</dt>
								<dd>
									<a
										href={ restLink(
											`applications/${ application.id }/cv`,
											new URLSearchParams( {
												_wpnonce: getConfig().restNonce,
											} )
										) }
										download={ application.cv.name }
									>
										{ sprintf(
											/* translators: 1: file name, 2: size in KB. */
											__(
												'%1$s (%2$s KB)',
												'recruiting-reports'
											),
											application.cv.name,
											Math.max(
												1,
												Math.round(
													application.cv.size / 1024
												)
											).toLocaleString(
												getConfig().locale
											)
										) }
									</a>
								</dd>
							</>
						) }
						<dt>{ __( 'Source', 'recruiting-reports' ) }</dt>
						<dd>{ application.source ?? 'direct' }</dd>
						<dt>{ __( 'Applied', 'recruiting-reports' ) }</dt>
						<dd>
							<time dateTime={ application.applied_at }>
								{ at( application.applied_at ) }
							</time>
						</dd>
						<dt>{ __( 'Status', 'recruiting-reports' ) }</dt>
						<dd>
							<span
								className={ `rr-status rr-status--${ application.status }` }
								data-testid="current-status"
							>
								{ statusLabel( application.status ) }
							</span>
						</dd>
						{ application.reason && (
							<>
								<dt>
									{ __( 'Reason', 'recruiting-reports' ) }
								</dt>
								<dd data-testid="current-reason">
									{ application.reason.label }
								</dd>
							</>
						) }
						{ application.days_in_stage !== null && (
							<>
								<dt>
									{ __(
										'In this stage',
										'recruiting-reports'
									) }
								</dt>
								<dd data-testid="days-in-stage">
									{ sprintf(
										/* translators: %d: number of days. */
										_n(
											'%d day',
											'%d days',
											application.days_in_stage,
											'recruiting-reports'
										),
										application.days_in_stage
									) }
									{ application.stale && (
										<span className="rr-stale">
											{ __(
												'stale',
												'recruiting-reports'
											) }
										</span>
									) }
								</dd>
							</>
						) }
					</dl>
					{ config.can.writeApplications && (
						<StatusChange application={ application } />
					) }
				</Panel>
				<Panel
					id="rr-app-rating"
					title={ __( 'Rating', 'recruiting-reports' ) }
				>
					<Rating applicationId={ application.id } />
				</Panel>
				<Panel
					id="rr-app-timeline"
					className="rr-app__panel--wide"
					title={ __( 'Timeline', 'recruiting-reports' ) }
				>
					<ol className="rr-timeline">
						{ application.history.map( ( change ) => (
							<li key={ change.id } className="rr-timeline__item">
								<strong>
									{ change.from
										? sprintf(
												/* translators: 1: previous status, 2: new status. */
												__(
													'%1$s → %2$s',
													'recruiting-reports'
												),
												statusLabel( change.from ),
												statusLabel( change.to )
											)
										: statusLabel( change.to ) }
								</strong>{ ' ' }
								<span className="rr-timeline__meta">
									<time dateTime={ change.at }>
										{ at( change.at ) }
									</time>
									{ ' · ' }
									{ change.user?.name ??
										__(
											'import or API',
											'recruiting-reports'
										) }
								</span>
								{ change.reason && (
									<p className="rr-timeline__reason">
										{ sprintf(
											/* translators: %s: rejection or withdrawal reason. */
											__(
												'Reason: %s',
												'recruiting-reports'
											),
											change.reason.label
										) }
									</p>
								) }
								{ change.note && (
									<p className="rr-timeline__note">
										{ change.note }
									</p>
								) }
							</li>
						) ) }
					</ol>
				</Panel>
				<Panel
					id="rr-app-notes"
					className="rr-app__panel--wide"
					title={ __( 'Notes', 'recruiting-reports' ) }
				>
					<Notes applicationId={ application.id } />
				</Panel>
				{ config.can.manageSettings && (
					<DeleteApplication
						id={ application.id }
						name={ application.candidate.name }
						backUrl={ applicationsUrl(
							config.applicationsUrl,
							filters
						) }
					/>
				) }
			</div>
		</div>
	);
}

interface StatusChangeProps {
	application: ApplicationWithHistory;
}

function StatusChange( { application }: StatusChangeProps ) {
	const { setApplicationStatus, refresh } = useStoreActions();
	const [ status, setStatus ] = useState< ApplicationStatus | '' >( '' );
	const [ note, setNote ] = useState( '' );
	const [ reason, setReason ] = useState( '' );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState< ApiError >();
	const [ conflict, setConflict ] = useState< ApplicationWithHistory >();
	const [ done, setDone ] = useState( '' );
	const allowed = application.allowed_transitions;
	const { reasons, reasonRequired } = getConfig();
	const exit = status === 'rejected' || status === 'withdrawn';
	const offered = exit
		? reasons[ status as ExitStatus ].filter( ( item ) => ! item.retired )
		: [];

	if ( allowed.length === 0 ) {
		return (
			<p className="rr-app__final">
				{ __(
					'This status is final: no further change is possible.',
					'recruiting-reports'
				) }
			</p>
		);
	}

	const submit = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( ! status ) {
			return;
		}
		setSaving( true );
		setError( undefined );
		setConflict( undefined );
		setDone( '' );
		try {
			const changed = ( await setApplicationStatus( application.id, {
				status,
				note: note.trim() || null,
				reason: exit && reason ? reason : null,
			} ) ) as ApplicationWithHistory;
			setStatus( '' );
			setNote( '' );
			setReason( '' );
			setDone(
				sprintf(
					/* translators: %s: new status. */
					__( 'Status changed to %s.', 'recruiting-reports' ),
					statusLabel( changed.status )
				)
			);
		} catch ( thrown ) {
			const apiError = toApiError( thrown );
			if ( apiError.status === 409 ) {
				// Someone else moved it meanwhile: read where it is now and say so; Reload shows it.
				try {
					setConflict( await api.applications.get( application.id ) );
				} catch ( reloadError ) {
					setError( toApiError( reloadError ) );
				}
			} else {
				setError( apiError );
			}
		} finally {
			setSaving( false );
		}
	};

	return (
		<form className="rr-app__status-form" onSubmit={ submit }>
			<h4>{ __( 'Change status', 'recruiting-reports' ) }</h4>
			{ conflict && (
				<Notice
					status="warning"
					isDismissible={ false }
					className="rr-app__conflict"
				>
					<p>
						{ sprintf(
							/* translators: %s: the application's status now. */
							__(
								'Someone else changed this application meanwhile: it is now “%s”. Reload to see the change and choose again.',
								'recruiting-reports'
							),
							statusLabel( conflict.status )
						) }
					</p>
					<Button
						variant="secondary"
						onClick={ () => {
							refresh( 'getApplication', [ application.id ] );
							setConflict( undefined );
							setStatus( '' );
						} }
					>
						{ __( 'Reload', 'recruiting-reports' ) }
					</Button>
				</Notice>
			) }
			<ErrorNotice error={ error } />
			{ done && (
				<Notice status="success" isDismissible={ false }>
					{ done }
				</Notice>
			) }
			<SelectControl
				label={ __( 'New status', 'recruiting-reports' ) }
				value={ status }
				onChange={ ( value: string ) =>
					setStatus( value as ApplicationStatus | '' )
				}
				help={ __(
					'Only the changes the pipeline allows from the current status are offered.',
					'recruiting-reports'
				) }
				options={ [
					{
						value: '',
						label: __( 'Choose…', 'recruiting-reports' ),
					},
					...allowed.map( ( value ) => ( {
						value,
						label: statusLabel( value ),
					} ) ),
				] }
				__nextHasNoMarginBottom
			/>
			{ exit && (
				<SelectControl
					label={
						reasonRequired
							? __( 'Reason', 'recruiting-reports' )
							: __( 'Reason (optional)', 'recruiting-reports' )
					}
					value={ reason }
					onChange={ setReason }
					required={ reasonRequired }
					options={ [
						{
							value: '',
							label: reasonRequired
								? __( 'Choose…', 'recruiting-reports' )
								: __( 'No reason given', 'recruiting-reports' ),
						},
						...offered.map( ( item ) => ( {
							value: item.id,
							label: item.label,
						} ) ),
					] }
					__nextHasNoMarginBottom
				/>
			) }
			<TextareaControl
				label={ __( 'Note (optional)', 'recruiting-reports' ) }
				value={ note }
				onChange={ setNote }
				rows={ 2 }
				__nextHasNoMarginBottom
			/>
			<Button
				variant="primary"
				type="submit"
				disabled={
					! status || saving || ( exit && reasonRequired && ! reason )
				}
				isBusy={ saving }
			>
				{ __( 'Change status', 'recruiting-reports' ) }
			</Button>
			{ saving && <Spinner /> }
		</form>
	);
}

interface DeleteApplicationProps {
	id: number;
	name: string;
	backUrl: string;
}

/**
 * "Delete application" (Settings, docs/api.md#resources): asks once more in place, then removes the application with its
 * history, notes and ratings (the reports follow) and returns to the list.
 * @param props
 * @param props.id
 * @param props.name
 * @param props.backUrl
 */
function DeleteApplication( { id, name, backUrl }: DeleteApplicationProps ) {
	const [ confirming, setConfirming ] = useState( false );
	const [ deleting, setDeleting ] = useState( false );
	const [ error, setError ] = useState< ApiError >();
	const remove = async () => {
		setDeleting( true );
		setError( undefined );
		try {
			// Straight through the client: the page reloads into the list, so nothing in the store needs refreshing
			// (and the store would ask again for the application just deleted).
			await api.applications.delete( id );
			window.location.assign( backUrl );
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
			setDeleting( false );
		}
	};
	return (
		<Panel
			id="rr-app-delete"
			className="rr-app__panel--wide rr-app__delete"
			title={ __( 'Delete application', 'recruiting-reports' ) }
		>
			<ErrorNotice error={ error } />
			{ confirming ? (
				<p>
					{ sprintf(
						/* translators: %s: candidate name. */
						__(
							'Delete the application of %s with its history, notes and ratings? This cannot be undone; the reports will no longer count it.',
							'recruiting-reports'
						),
						name
					) }{ ' ' }
					<Button
						variant="primary"
						isDestructive
						isBusy={ deleting }
						disabled={ deleting }
						onClick={ remove }
					>
						{ __( 'Yes, delete it', 'recruiting-reports' ) }
					</Button>{ ' ' }
					<Button
						variant="tertiary"
						onClick={ () => setConfirming( false ) }
					>
						{ __( 'Cancel', 'recruiting-reports' ) }
					</Button>
				</p>
			) : (
				<Button
					variant="secondary"
					isDestructive
					onClick={ () => setConfirming( true ) }
				>
					{ __( 'Delete application…', 'recruiting-reports' ) }
				</Button>
			) }
		</Panel>
	);
}
