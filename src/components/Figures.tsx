/**
 * Headline figures: a definition list of label/value pairs laid out as tiles that wrap on
 * narrow screens.
 */
import { Change, type FigureChange } from './Change';

export interface Figure {
	id: string;
	label: string;
	value: string;
	/** Raw number behind the value (data-value, for tests), if any. */
	raw?: number | null;
	/** A short note under the value, e.g. "no hires in this period". */
	note?: string;
	/** With a comparison period: the earlier value, shown as the change. */
	change?: FigureChange;
}

export function Figures( {
	figures,
	label,
}: {
	figures: Figure[];
	label: string;
} ) {
	return (
		<dl className="rr-figures" aria-label={ label }>
			{ figures.map( ( figure ) => (
				<div
					className="rr-figure"
					key={ figure.id }
					data-figure={ figure.id }
				>
					<dt className="rr-figure__label">{ figure.label }</dt>
					<dd
						className="rr-figure__value"
						data-value={ figure.raw ?? undefined }
					>
						{ figure.value }
					</dd>
					{ figure.change && typeof figure.raw === 'number' && (
						<Change
							current={ figure.raw }
							change={ figure.change }
						/>
					) }
					{ figure.note && (
						<dd className="rr-figure__note">{ figure.note }</dd>
					) }
				</div>
			) ) }
		</dl>
	);
}
