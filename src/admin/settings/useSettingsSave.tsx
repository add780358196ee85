/**
 * What the General, Pipeline and E-mails tabs share when they save: the busy flag while the request runs, and the
 * notice after it — the tab's own success text, or the server's message when it refused.
 */
import { Notice } from '@wordpress/components';
import { useState } from '@wordpress/element';

import { toApiError, type ApiError } from '../../api/errors';
import { errorText } from '../../components/errorText';

type SaveResult =
	{ ok: true; text: string } | { ok: false; error: ApiError } | null;

/**
 * The state of a tab's saves.
 * @return `saving` while a save runs, `save( work, done )` to run one (the notice says `done` when `work` resolves,
 *         the error when it throws), and `notice`, the element to show above the form.
 */
export function useSettingsSave() {
	const [ saving, setSaving ] = useState( false );
	const [ result, setResult ] = useState< SaveResult >( null );
	const save = async ( work: () => Promise< unknown >, done: string ) => {
		setSaving( true );
		setResult( null );
		try {
			await work();
			setResult( { ok: true, text: done } );
		} catch ( thrown ) {
			setResult( { ok: false, error: toApiError( thrown ) } );
		}
		setSaving( false );
	};
	const notice = result && (
		<Notice
			status={ result.ok ? 'success' : 'error' }
			onRemove={ () => setResult( null ) }
		>
			{ result.ok ? result.text : errorText( result.error ) }
		</Notice>
	);
	return { saving, save, notice };
}
