/**
 * What the Settings dialogs that send something share: a request that keeps the dialog busy while it
 * runs and shows the server's message when it fails (the dialog stays open for another try), and,
 * for the dialogs with a form (add a key, edit a key, add a webhook), the modal with that message on
 * top and Cancel and the submit button below.
 */
import { Button, Modal, Notice } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import { errorText } from '../../components/errorText';

export interface Request {
	busy: boolean;
	error: ApiError | null;
	/**
	 * Sends `request` and hands its result to `onDone`. The dialog stays busy after success: the
	 * parent closes it then.
	 */
	send: < T >(
		request: () => Promise< T >,
		onDone: ( result: T ) => void
	) => Promise< void >;
}

export function useRequest(): Request {
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState< ApiError | null >( null );
	async function send< T >(
		request: () => Promise< T >,
		onDone: ( result: T ) => void
	) {
		setBusy( true );
		setError( null );
		try {
			onDone( await request() );
		} catch ( thrown ) {
			setError( toApiError( thrown ) );
			setBusy( false );
		}
	}
	return { busy, error, send };
}

interface Props {
	title: string;
	submitText: string;
	request: Request;
	/** Called on submit (the browser's own validation is off: the fields show their problems). */
	onSubmit: () => void;
	onCancel: () => void;
	/** False while the form has a problem that keeps the submit button disabled. */
	canSubmit?: boolean;
	children: React.ReactNode;
}

export function FormModal( {
	title,
	submitText,
	request,
	onSubmit,
	onCancel,
	canSubmit = true,
	children,
}: Props ) {
	return (
		<Modal
			title={ title }
			onRequestClose={ onCancel }
			className="rr-form-modal"
		>
			<form
				onSubmit={ ( event ) => {
					event.preventDefault();
					onSubmit();
				} }
				noValidate
			>
				{ request.error && (
					<Notice status="error" isDismissible={ false }>
						{ errorText( request.error ) }
					</Notice>
				) }
				{ children }
				<div className="rr-modal-actions">
					<Button
						variant="tertiary"
						onClick={ onCancel }
						disabled={ request.busy }
					>
						{ __( 'Cancel', 'recruiting-reports' ) }
					</Button>
					<Button
						variant="primary"
						type="submit"
						isBusy={ request.busy }
						disabled={ request.busy || ! canSubmit }
					>
						{ submitText }
					</Button>
				</div>
			</form>
		</Modal>
	);
}
