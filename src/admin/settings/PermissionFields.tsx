/**
 * The five permission checkboxes with their descriptions, as one labelled group.
 */
import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { Permission } from '../../api/types';
import { canToggle, permissionInfo, togglePermission } from './permissions';

interface Props {
	value: Permission[];
	onChange: ( next: Permission[] ) => void;
	/** The permissions the current user holds. */
	held: Permission[];
	error?: string | null;
}

/**
 * The problem to show when no permission is ticked (a key needs at least one).
 * @param value The ticked permissions.
 */
export function permissionsProblem( value: Permission[] ): string | null {
	return value.length === 0
		? __( 'Tick at least one permission.', 'recruiting-reports' )
		: null;
}

export function PermissionFields( { value, onChange, held, error }: Props ) {
	return (
		<fieldset
			className="rr-permissions"
			aria-describedby={ error ? 'rr-permissions-error' : undefined }
		>
			<legend className="rr-permissions__legend">
				{ __( 'Permissions', 'recruiting-reports' ) }
			</legend>
			{ permissionInfo().map( ( info ) => {
				const enabled = canToggle( info.id, held, value );
				return (
					<CheckboxControl
						__nextHasNoMarginBottom
						key={ info.id }
						label={ info.label }
						help={
							enabled
								? info.description
								: `${ info.description }. ${ __( 'You do not have this permission, so you cannot grant it.', 'recruiting-reports' ) }`
						}
						checked={ value.includes( info.id ) }
						disabled={ ! enabled }
						onChange={ ( on: boolean ) =>
							onChange( togglePermission( value, info.id, on ) )
						}
					/>
				);
			} ) }
			{ error && (
				<p
					id="rr-permissions-error"
					className="rr-field-error"
					role="alert"
				>
					{ error }
				</p>
			) }
		</fieldset>
	);
}
