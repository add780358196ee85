/**
 * An application's notes: the list (newest first, as the API gives them), "Add note" for users with Write
 * Applications, and "Delete" on the notes the server would let this user delete (their own, or any with
 * Settings; docs/api.md#resources). Deleting asks once more in place.
 */
import { Button, TextareaControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Page, Note } from '../../api/types';
import { toApiError, type ApiError } from '../../api/errors';
import { getConfig } from '../../config';
import { useResource, useStoreActions } from '../../store';
import { ErrorState } from '../../components/states';
import { ErrorNotice } from './ErrorNotice';
import { formatSiteDateTime } from './timezone';

interface Props {
	applicationId: number;
}

export function Notes( { applicationId }: Props ) {
	const config = getConfig();
	const notes = useResource< Page< Note > >( 'getNotes', [
		applicationId,
		{ per_page: 100 },
	] );
	const { addNote, deleteNote } = useStoreActions();
	const [ content, setContent ] = useState( '' );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState< ApiError >();
	const [ confirming, setConfirming ] = useState< number >();

	const add = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		setSaving( true );
		setError( undefined );
		try {
			await addNote( applicationId, content.trim() );
			setContent( '' );
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
		} finally {
			setSaving( false );
		}
	};

	const remove = async ( note: Note ) => {
		setError( undefined );
		try {
			await deleteNote( note.id );
			setConfirming( undefined );
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
		}
	};

	const canDelete = ( note: Note ) =>
		config.can.writeApplications &&
		( note.author?.id === config.userId || config.can.manageSettings );

	return (
		<div className="rr-notes">
			<ErrorNotice error={ error } />
			{ config.can.writeApplications && (
				<form className="rr-notes__add" onSubmit={ add }>
					<TextareaControl
						label={ __( 'Add a note', 'recruiting-reports' ) }
						value={ content }
						onChange={ setContent }
						rows={ 3 }
						__nextHasNoMarginBottom
					/>
					<Button
						variant="secondary"
						type="submit"
						disabled={ ! content.trim() || saving }
						isBusy={ saving }
					>
						{ __( 'Add note', 'recruiting-reports' ) }
					</Button>
				</form>
			) }
			{ notes.error && (
				<ErrorState
					error={ notes.error }
					onRetry={ notes.retry }
					context={ __(
						'The notes could not be loaded.',
						'recruiting-reports'
					) }
				/>
			) }
			{ notes.data && notes.data.items.length === 0 && (
				<p className="rr-notes__none">
					{ __( 'No notes yet.', 'recruiting-reports' ) }
				</p>
			) }
			<ul
				className="rr-notes__list"
				aria-busy={ notes.loading || notes.busy }
			>
				{ ( notes.data?.items ?? [] ).map( ( note ) => (
					<li
						key={ note.id }
						className="rr-notes__item"
						data-note={ note.id }
					>
						<p className="rr-notes__content">{ note.content }</p>
						<p className="rr-notes__meta">
							{ sprintf(
								/* translators: 1: author name, 2: date and time. */
								__( '%1$s, %2$s', 'recruiting-reports' ),
								note.author?.name ??
									__(
										'a deleted user',
										'recruiting-reports'
									),
								formatSiteDateTime(
									note.created_at,
									config.timezone,
									config.locale
								)
							) }
							{ canDelete( note ) &&
								( confirming === note.id ? (
									<span className="rr-notes__confirm">
										{ __(
											'Delete this note?',
											'recruiting-reports'
										) }{ ' ' }
										<Button
											variant="link"
											isDestructive
											onClick={ () => remove( note ) }
										>
											{ __(
												'Yes, delete',
												'recruiting-reports'
											) }
										</Button>{ ' ' }
										<Button
											variant="link"
											onClick={ () =>
												setConfirming( undefined )
											}
										>
											{ __(
												'Cancel',
												'recruiting-reports'
											) }
										</Button>
									</span>
								) : (
									<Button
										variant="link"
										isDestructive
										onClick={ () =>
											setConfirming( note.id )
										}
									>
										{ __( 'Delete', 'recruiting-reports' ) }
									</Button>
								) ) }
						</p>
					</li>
				) ) }
			</ul>
		</div>
	);
}
