/**
 * What the three Settings lists (API keys, webhooks, a webhook's deliveries) share: `@wordpress/dataviews`
 * with the table on wide screens and the list layout below 782 px, no search, filters or sorting (the
 * API offers none for these), paging on the server, and the way focus comes back to the list after a
 * dialog.
 */
import { useViewportMatch } from '@wordpress/compose';
import {
	DataViews,
	type Action,
	type Field,
	type View,
} from '@wordpress/dataviews/wp';
import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';

import type { AsyncState } from '../../store/hooks';
import type { Page } from '../../api/types';
import { ErrorState } from '../../components/states';

/** What the user changed in a list's view; the rest follows the screen width. */
interface Chosen {
	type?: View[ 'type' ];
	page: number;
	perPage: number;
	fields: string[];
}

/**
 * A list's view: the table on wide screens and the list layout on narrow ones (a nine-column table
 * does not fit 360 px), unless the user picked a layout; page and page size as the user set them.
 * @param titleField The field that names an item.
 * @param fields     The other fields shown at first.
 * @param perPage    The first page size.
 */
export function useListView(
	titleField: string,
	fields: string[],
	perPage = 20
): [ View, ( next: View ) => void ] {
	const narrow = useViewportMatch( 'medium', '<' );
	const [ chosen, setChosen ] = useState< Chosen >( {
		page: 1,
		perPage,
		fields,
	} );
	const view = {
		type: chosen.type ?? ( narrow ? 'list' : 'table' ),
		titleField,
		fields: chosen.fields,
		page: chosen.page,
		perPage: chosen.perPage,
		search: '',
		filters: [],
		layout: {},
	} as View;
	const onChangeView = ( next: View ) =>
		setChosen( {
			type: next.type === view.type ? chosen.type : next.type,
			// Another page size starts again on the first page.
			page: next.perPage !== view.perPage ? 1 : ( next.page ?? 1 ),
			perPage: next.perPage ?? chosen.perPage,
			fields: next.fields ?? chosen.fields,
		} );
	return [ view, onChangeView ];
}

/**
 * Moves focus once the list is ready (not loading: DataViews makes a refreshing table inert, and a
 * button in it cannot take focus). Dialogs return focus to what opened them, but after a write the
 * list redraws and that button is often gone, which left focus on <body> (#17 defect 1).
 * @param ready Whether the list shows its current data.
 * @return A function taking a finder of the element to focus (called until it finds one).
 */
export function useFocusAfter(
	ready: boolean
): ( find: () => HTMLElement | null | undefined ) => void {
	const pending = useRef< ( () => HTMLElement | null | undefined ) | null >(
		null
	);
	const [ , setAsked ] = useState( 0 );
	useEffect( () => {
		if ( ! ready || ! pending.current ) {
			return;
		}
		const target = pending.current();
		if ( target && target.isConnected && ! target.closest( '[inert]' ) ) {
			target.focus();
			pending.current = null;
		}
	} );
	return useCallback( ( find ) => {
		pending.current = find;
		// Render again, so the effect tries even when nothing else changes.
		setAsked( ( asked ) => asked + 1 );
	}, [] );
}

/**
 * The control of an item's row that focus goes back to: the action button labelled `label` on wide
 * screens, the row's actions menu where DataViews folds the actions into one (narrow screens, list
 * layout), or null when the row has no action any more.
 * @param root  The element the list is in.
 * @param id    The item's id (its title carries `data-rr-item`).
 * @param label The action's label.
 */
export function rowControl(
	root: HTMLElement | null,
	id: number,
	label: string
): HTMLElement | null {
	const row = root
		?.querySelector( `[data-rr-item="${ id }"]` )
		?.closest< HTMLElement >( 'tr, [role="row"]' );
	if ( ! row ) {
		return null;
	}
	const buttons = Array.from(
		row.querySelectorAll< HTMLElement >( 'button' )
	);
	return (
		buttons.find( ( button ) => button.textContent?.trim() === label ) ??
		buttons.find( ( button ) => button.hasAttribute( 'aria-haspopup' ) ) ??
		null
	);
}

export interface SettingsListProps< Item > {
	state: AsyncState< Page< Item > >;
	fields: Field< Item >[];
	actions?: Action< Item >[];
	view: View;
	onChangeView: ( view: View ) => void;
	empty: JSX.Element;
	/** What could not be loaded, for the error notice. */
	errorContext: string;
	className?: string;
}

export function SettingsList< Item extends { id: number } >( {
	state,
	fields,
	actions,
	view,
	onChangeView,
	empty,
	errorContext,
	className,
}: SettingsListProps< Item > ) {
	// The API sorts and filters none of these lists, so no column offers either.
	const listFields = useMemo(
		() =>
			fields.map( ( field ) => ( {
				enableSorting: false,
				filterBy: false as const,
				...field,
			} ) ),
		[ fields ]
	);
	if ( state.error ) {
		return (
			<ErrorState
				error={ state.error }
				onRetry={ state.retry }
				context={ errorContext }
			/>
		);
	}
	return (
		<div
			className={ `rr-settings-list${
				className ? ` ${ className }` : ''
			}` }
		>
			<DataViews< Item >
				{ ...( {
					data: state.data?.items ?? [],
					fields: listFields,
					actions,
					view,
					onChangeView,
					isLoading: state.loading || state.busy,
					paginationInfo: {
						totalItems: state.data?.total ?? 0,
						totalPages: state.data?.totalPages ?? 0,
					},
					defaultLayouts: { table: {}, list: {} },
					getItemId: ( item: Item ) => String( item.id ),
					search: false,
					config: { perPageSizes: [ 10, 20, 50, 100 ] },
					empty,
					// The ids are numbers: TypeScript cannot resolve DataViews' conditional type (getItemId
					// required unless the id is a string) for a generic Item.
				} as unknown as Parameters< typeof DataViews< Item > >[ 0 ] ) }
			/>
		</div>
	);
}
