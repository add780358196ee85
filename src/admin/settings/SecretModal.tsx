/**
 * Shows a secret once (a new API key, a webhook's signing secret) with a copy button and the
 * warning that it will not be shown again. The caller forgets the secret when this closes.
 */
import { Button, Modal, Notice } from '@wordpress/components';
import { useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

interface Props {
	title: string;
	label: string;
	secret: string;
	warning: string;
	onClose: () => void;
}

async function copyText(
	text: string,
	input: HTMLTextAreaElement | null
): Promise< boolean > {
	try {
		if ( window.navigator.clipboard?.writeText ) {
			await window.navigator.clipboard.writeText( text );
			return true;
		}
	} catch {
		// Fall back to selecting the text (no clipboard permission, or not a secure context).
	}
	if ( input ) {
		input.focus();
		input.select();
		try {
			return document.execCommand( 'copy' );
		} catch {
			return false;
		}
	}
	return false;
}

export function SecretModal( {
	title,
	label,
	secret,
	warning,
	onClose,
}: Props ) {
	const input = useRef< HTMLTextAreaElement >( null );
	const [ copied, setCopied ] = useState< 'yes' | 'no' | null >( null );
	return (
		<Modal
			title={ title }
			onRequestClose={ onClose }
			className="rr-secret-modal"
			shouldCloseOnClickOutside={ false }
		>
			<Notice status="warning" isDismissible={ false }>
				{ warning }
			</Notice>
			<label className="rr-secret-modal__label" htmlFor="rr-secret-value">
				{ label }
			</label>
			<div className="rr-secret-modal__row">
				<textarea
					ref={ input }
					id="rr-secret-value"
					className="rr-secret-modal__value code"
					readOnly
					rows={ 2 }
					spellCheck={ false }
					value={ secret }
					onFocus={ ( event ) => event.currentTarget.select() }
				/>
				<Button
					variant="secondary"
					onClick={ async () =>
						setCopied(
							( await copyText( secret, input.current ) )
								? 'yes'
								: 'no'
						)
					}
				>
					{ __( 'Copy', 'recruiting-reports' ) }
				</Button>
			</div>
			<p className="rr-secret-modal__status" role="status">
				{ copied === 'yes' &&
					__( 'Copied to the clipboard.', 'recruiting-reports' ) }
				{ copied === 'no' &&
					__(
						'Could not copy automatically: the text is selected, press Ctrl+C (⌘C on a Mac).',
						'recruiting-reports'
					) }
			</p>
			<div className="rr-modal-actions">
				<Button variant="primary" onClick={ onClose }>
					{ __( 'I have copied it', 'recruiting-reports' ) }
				</Button>
			</div>
		</Modal>
	);
}
