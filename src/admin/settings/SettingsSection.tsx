/**
 * What the API keys and Webhooks tabs share: the section with its heading, its "Add …" button and
 * intro, the notice after a change, the list (one page of it loaded at a time), which dialog is open,
 * and where focus goes when a dialog closes: "Add …", the row's button, or the heading when the row
 * or its button is gone (#17 defect 1).
 */
import { Button, Notice } from '@wordpress/components';
import type { Action, Field, View } from '@wordpress/dataviews/wp';
import { useRef, useState } from '@wordpress/element';

import type { Page } from '../../api/types';
import { EmptyState } from '../../components/states';
import { useResource, type AsyncState } from '../../store';
import {
	SettingsList,
	rowControl,
	useFocusAfter,
	useListView,
} from './SettingsList';

interface SectionNotice {
	status: 'success' | 'error';
	text: string;
}

/** Where focus goes when a dialog closes: the "Add …" button, the heading, or a row's button. */
type Target = 'add' | 'heading' | { id: number; label: string };

/**
 * A tab's list, dialog and notice, and the elements focus returns to.
 * @param selector   The store selector that loads a page of the list.
 * @param titleField The field that names an item.
 * @param fields     The other fields shown at first.
 * @param perPage    The first page size.
 */
export function useSettingsSection< Item, Dialog >(
	selector: string,
	titleField: string,
	fields: string[],
	perPage?: number
) {
	const [ view, onChangeView ] = useListView( titleField, fields, perPage );
	const state = useResource< Page< Item > >( selector, [
		{ page: view.page, per_page: view.perPage },
	] );
	const [ dialog, setDialog ] = useState< Dialog | null >( null );
	const [ notice, setNotice ] = useState< SectionNotice | null >( null );
	const section = useRef< HTMLElement >( null );
	const heading = useRef< HTMLHeadingElement >( null );
	const addButton = useRef< HTMLButtonElement >( null );
	const focusAfter = useFocusAfter( ! state.loading && ! state.busy );
	return {
		state,
		view,
		onChangeView,
		dialog,
		setDialog,
		notice,
		setNotice,
		section,
		heading,
		addButton,
		focusAfter,
		/**
		 * Closes the dialog and moves focus back to the list once it is ready.
		 * @param success The notice to show when the dialog changed something.
		 * @param target  Where focus goes; a row's button falls back to the heading when the row
		 *                or the button is gone.
		 */
		close: ( success: string | null, target: Target ) => {
			setDialog( null );
			if ( success ) {
				setNotice( { status: 'success', text: success } );
			}
			focusAfter( () => {
				if ( target === 'add' ) {
					return addButton.current;
				}
				if ( target === 'heading' ) {
					return heading.current;
				}
				return (
					rowControl( section.current, target.id, target.label ) ??
					heading.current
				);
			} );
		},
	};
}

interface Props< Item > {
	frame: {
		state: AsyncState< Page< Item > >;
		view: View;
		onChangeView: ( view: View ) => void;
		section: React.RefObject< HTMLElement >;
		heading: React.RefObject< HTMLHeadingElement >;
		addButton: React.RefObject< HTMLButtonElement >;
		notice: SectionNotice | null;
		setNotice: ( notice: SectionNotice | null ) => void;
	};
	/** The heading's id, which names the section. */
	titleId: string;
	title: string;
	addText: string;
	onAdd: () => void;
	intro: string;
	fields: Field< Item >[];
	actions: Action< Item >[];
	/** What could not be loaded, for the error notice. */
	loadError: string;
	emptyTitle: string;
	emptyText: string;
	/** The delivery log and dialogs, after the list. */
	children: React.ReactNode;
}

export function SettingsSection< Item extends { id: number } >( {
	frame,
	titleId,
	title,
	addText,
	onAdd,
	intro,
	fields,
	actions,
	loadError,
	emptyTitle,
	emptyText,
	children,
}: Props< Item > ) {
	return (
		<section
			ref={ frame.section }
			className="rr-settings-section"
			aria-labelledby={ titleId }
		>
			<div className="rr-settings-section__head">
				<h2 id={ titleId } ref={ frame.heading } tabIndex={ -1 }>
					{ title }
				</h2>
				<Button
					ref={ frame.addButton }
					variant="primary"
					onClick={ onAdd }
				>
					{ addText }
				</Button>
			</div>
			<p className="rr-settings-section__intro">{ intro }</p>
			{ frame.notice && (
				<Notice
					status={ frame.notice.status }
					onRemove={ () => frame.setNotice( null ) }
				>
					{ frame.notice.text }
				</Notice>
			) }
			<SettingsList< Item >
				state={ frame.state }
				view={ frame.view }
				onChangeView={ frame.onChangeView }
				fields={ fields }
				actions={ actions }
				errorContext={ loadError }
				empty={
					<EmptyState title={ emptyTitle }>
						<p>{ emptyText }</p>
					</EmptyState>
				}
			/>
			{ children }
		</section>
	);
}
