/**
 * A failed write's message (status change, note, rating, deletion), in place and not dismissible:
 * it stays until the next attempt clears it.
 */
import { Notice } from '@wordpress/components';

import type { ApiError } from '../../api/errors';

export function ErrorNotice( { error }: { error: ApiError | undefined } ) {
	return error ? (
		<Notice status="error" isDismissible={ false }>
			{ error.message }
		</Notice>
	) : null;
}
