/**
 * What the API keys and Webhooks tabs share: the section with its heading, its "Add …" button and
 * intro, the notice after a change, the list, which dialog is open, and where focus goes when a
 * dialog closes: "Add …", the row's button, or the heading when the row or its button is gone
 * (#17 defect 1).
 */
import { Button, Notice } from '@wordpress/components';
import { useRef, useState } from '@wordpress/element';

import { EmptyState } from '../../components/states';
import {
	SettingsList,
	rowControl,
	useFocusAfter,
	type SettingsListProps,
} from './SettingsList';

interface SectionNotice {
	status: 'success' | 'error';
	text: string;
}

/**
 * A tab's dialog, notice, the elements focus returns to, and the moves back to them.
 * @param ready Whether the tab's list shows its current data (see useFocusAfter).
 */
export function useSettingsSection< Dialog >( ready: boolean ) {
	const [ dialog, setDialog ] = useState< Dialog | null >( null );
	const [ notice, setNotice ] = useState< SectionNotice | null >( null );
	const section = useRef< HTMLElement >( null );
	const heading = useRef< HTMLHeadingElement >( null );
	const addButton = useRef< HTMLButtonElement >( null );
	const focusAfter = useFocusAfter( ready );
	return {
		dialog,
		setDialog,
		notice,
		setNotice,
		section,
		heading,
		addButton,
		focusAfter,
		/**
		 * Closes the dialog.
		 * @param success The notice to show when the dialog changed something.
		 */
		close: ( success: string | null ) => {
			setDialog( null );
			if ( success ) {
				setNotice( { status: 'success', text: success } );
			}
		},
		backToAdd: () => focusAfter( () => addButton.current ),
		backToHeading: () => focusAfter( () => heading.current ),
		/**
		 * Focus back on the row's button that opened the dialog, or on the heading when it is gone.
		 * @param id    The row's item id.
		 * @param label The button's label.
		 */
		backToRow: ( id: number, label: string ) =>
			focusAfter(
				() =>
					rowControl( section.current, id, label ) ?? heading.current
			),
	};
}

interface Props< Item > {
	frame: Pick<
		ReturnType< typeof useSettingsSection >,
		'section' | 'heading' | 'addButton' | 'notice' | 'setNotice'
	>;
	/** The heading's id, which names the section. */
	titleId: string;
	title: string;
	addText: string;
	onAdd: () => void;
	intro: string;
	list: Omit< SettingsListProps< Item >, 'empty' >;
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
	list,
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
				{ ...list }
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
