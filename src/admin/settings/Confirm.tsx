/**
 * A confirmation (revoke a key, delete a webhook) on core's ConfirmDialog: the title names the dialog
 * (its header stays hidden, as in core: the text asks the question and gives the consequence), the
 * confirm button is busy while the request runs, and the server's message shows inside the dialog when
 * it fails (the dialog stays open for another try or Cancel).
 */
import {
	// ConfirmDialog is exported only under this name (as in core's own screens); #17 asks for it.
	// eslint-disable-next-line @wordpress/no-unsafe-wp-apis
	__experimentalConfirmDialog as ConfirmDialog,
	Notice,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { errorText } from '../../components/errorText';
import { useRequest } from './FormModal';

interface Props {
	title: string;
	confirmText: string;
	/** The request; the dialog closes through `onDone` once it succeeds. */
	run: () => Promise< unknown >;
	onDone: () => void;
	onCancel: () => void;
	children: string;
}

export function Confirm( {
	title,
	confirmText,
	run,
	onDone,
	onCancel,
	children,
}: Props ) {
	const { busy, error, send } = useRequest();
	const confirm = () => {
		if ( ! busy ) {
			send( run, onDone );
		}
	};
	return (
		<ConfirmDialog
			isOpen
			// The name goes to the Modal as contentLabel: WordPress's own copy of the components (6.6 to
			// 7.1) has no `title` on ConfirmDialog but passes other props on to the Modal (newer
			// copies do the same with `title`). The busy state shows only with those newer copies.
			{ ...( { contentLabel: title } as object ) }
			className="rr-confirm"
			confirmButtonText={ confirmText }
			cancelButtonText={ __( 'Cancel', 'recruiting-reports' ) }
			isBusy={ busy }
			onConfirm={ confirm }
			onCancel={ () => ! busy && onCancel() }
		>
			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ errorText( error ) }
				</Notice>
			) }
			{ children }
		</ConfirmDialog>
	);
}
