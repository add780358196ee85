/**
 * @param props
 *              The block-editor package ships no TypeScript types (and its @types package is not a
 *              dependency): the two APIs the report block uses, typed as WordPress documents them.
 */
declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';

	export const InspectorControls: ComponentType< {
		children?: ReactNode;
		group?: 'default' | 'settings' | 'advanced' | 'styles';
	} >;

	export function useBlockProps(
		props?: Record< string, unknown > & { className?: string }
	): Record< string, unknown > & { className: string };
}
