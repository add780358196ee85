/**
 * The five permissions as the settings screen presents them: label and description (the
 * descriptions of the API documentation, seed §5.3), and the rules of the checkboxes.
 */
import { __ } from '@wordpress/i18n';

import { PERMISSIONS, type Permission } from '../../api/types';

export interface PermissionInfo {
	id: Permission;
	label: string;
	description: string;
}

export function permissionInfo(): PermissionInfo[] {
	return [
		{
			id: 'recruiting_read_jobs',
			label: __( 'Read Jobs', 'recruiting-reports' ),
			description: __(
				'List and retrieve job listings',
				'recruiting-reports'
			),
		},
		{
			id: 'recruiting_write_jobs',
			label: __( 'Write Jobs', 'recruiting-reports' ),
			description: __(
				'Create, update and delete jobs',
				'recruiting-reports'
			),
		},
		{
			id: 'recruiting_read_applications',
			label: __( 'Read Applications', 'recruiting-reports' ),
			description: __(
				'List and retrieve applications (and read the reports)',
				'recruiting-reports'
			),
		},
		{
			id: 'recruiting_write_applications',
			label: __( 'Write Applications', 'recruiting-reports' ),
			description: __(
				'Update status, add notes, manage ratings',
				'recruiting-reports'
			),
		},
		{
			id: 'recruiting_manage_settings',
			label: __( 'Settings', 'recruiting-reports' ),
			description: __(
				'Access plugin configuration',
				'recruiting-reports'
			),
		},
	];
}

export function permissionLabel( id: Permission ): string {
	return permissionInfo().find( ( info ) => info.id === id )?.label ?? id;
}

/**
 * Adds or removes one permission, keeping the canonical order.
 * @param current
 * @param id
 * @param on
 */
export function togglePermission(
	current: Permission[],
	id: Permission,
	on: boolean
): Permission[] {
	const set = new Set( current );
	if ( on ) {
		set.add( id );
	} else {
		set.delete( id );
	}
	return PERMISSIONS.filter( ( permission ) => set.has( permission ) );
}

/**
 * Whether a checkbox can be changed: a permission the user does not hold cannot be granted (the
 * server refuses it), but one already on a key can still be removed.
 *
 * @param id       The permission.
 * @param held     The current user's permissions.
 * @param selected The permissions ticked now.
 */
export function canToggle(
	id: Permission,
	held: Permission[],
	selected: Permission[]
): boolean {
	return held.includes( id ) || selected.includes( id );
}
