/**
 * Long data without endless pages (60 jobs once made a 1,500 px chart, five years of months a
 * 7,500 px page): lists and charts show their first rows with a "Show all (N)" toggle, and long
 * tables start collapsed behind a disclosure that says how many rows it holds.
 *
 * The toggle is one button whose label and aria-expanded change in place, so keyboard focus
 * stays on it whichever way it goes.
 */
import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';

/** Rows shown before "Show all". */
export const SHOW_ALL_LIMIT = 10;

/** Tables with more rows than this start collapsed. */
export const LONG_TABLE_ROWS = 12;

export interface ShowAllState< T > {
	/** The rows to show now: the first `limit`, or all of them once expanded. */
	items: T[];
	/** How many rows there are in all. */
	total: number;
	/** Whether there is anything to hide at all (more rows than the limit). */
	limited: boolean;
	expanded: boolean;
	toggle: () => void;
}

/**
 * The first `limit` items (in the order given: sort first), with the state of a "Show all" toggle.
 * @param items All rows, already ordered (the top rows first).
 * @param limit How many to show collapsed.
 */
export function useShowAll< T >(
	items: readonly T[],
	limit: number = SHOW_ALL_LIMIT
): ShowAllState< T > {
	const [ expanded, setExpanded ] = useState( false );
	const limited = items.length > limit;
	return {
		items: expanded || ! limited ? [ ...items ] : items.slice( 0, limit ),
		total: items.length,
		limited,
		expanded,
		toggle: () => setExpanded( ( open ) => ! open ),
	};
}

interface ButtonProps {
	state: Pick<
		ShowAllState< unknown >,
		'total' | 'limited' | 'expanded' | 'toggle'
	>;
	/** id of the element whose rows the button shows or hides. */
	controls?: string;
	/** How many rows the collapsed view shows (for the "Show fewer" label). */
	limit?: number;
}

/**
 * "Show all (60)" / "Show top 10": nothing when there is nothing to hide.
 * @param root0
 * @param root0.state
 * @param root0.controls
 * @param root0.limit
 */
export function ShowAllButton( {
	state,
	controls,
	limit = SHOW_ALL_LIMIT,
}: ButtonProps ) {
	if ( ! state.limited ) {
		return null;
	}
	return (
		<p className="rr-show-all">
			<Button
				variant="link"
				aria-expanded={ state.expanded }
				aria-controls={ controls }
				onClick={ state.toggle }
				data-show-all={ state.expanded ? 'expanded' : 'collapsed' }
			>
				{ state.expanded
					? sprintf(
							/* translators: %d: number of rows shown when collapsed. */
							__( 'Show top %d only', 'recruiting-reports' ),
							limit
						)
					: sprintf(
							/* translators: %d: number of rows in all. */
							__( 'Show all (%d)', 'recruiting-reports' ),
							state.total
						) }
			</Button>
		</p>
	);
}

/**
 * The label of a table's disclosure: "Data table", or "Data table (60 rows)" when it is long.
 * @param rows  Rows in the table.
 * @param label The disclosure's name.
 */
export function tableSummary(
	rows: number,
	label: string = __( 'Data table', 'recruiting-reports' )
): string {
	if ( rows <= LONG_TABLE_ROWS ) {
		return label;
	}
	return sprintf(
		/* translators: 1: a table's name, e.g. "Data table"; 2: number of rows. */
		_n( '%1$s (%2$d row)', '%1$s (%2$d rows)', rows, 'recruiting-reports' ),
		label,
		rows
	);
}

interface DisclosureProps {
	/** Rows in the table: a long table starts collapsed whatever `open` says. */
	rows: number;
	/** Open initially when the table is short. */
	open?: boolean;
	/** The disclosure's name (default "Data table"); the row count is added when long. */
	label?: string;
	className?: string;
	children: ReactNode;
}

/**
 * A table behind a native disclosure (<details>), open when short and asked to, collapsed when long.
 * @param root0
 * @param root0.rows
 * @param root0.open
 * @param root0.label
 * @param root0.className
 * @param root0.children
 */
export function TableDisclosure( {
	rows,
	open = false,
	label,
	className,
	children,
}: DisclosureProps ) {
	const long = rows > LONG_TABLE_ROWS;
	return (
		<details
			className={ className ?? 'rr-table-disclosure' }
			open={ ( open && ! long ) || undefined }
			data-rows={ rows }
		>
			<summary>{ tableSummary( rows, label ) }</summary>
			{ children }
		</details>
	);
}
