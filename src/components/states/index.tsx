/**
 * The states every data view goes through. Loading shows a skeleton shaped like the final
 * layout; "no data yet" is its own message (never a row of zeros); errors show the server's
 * message with a Retry button; a reload keeps the old figures visible under a busy state.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import type { ApiError } from '../../api/errors';
import { errorText } from '../errorText';

interface SkeletonProps {
	/** Number of headline figure boxes. */
	figures?: number;
	/** Number of chart boxes. */
	charts?: number;
	/** Chart height in px (match the final chart). */
	chartHeight?: number;
	label?: string;
}

export function Skeleton( {
	figures = 0,
	charts = 1,
	chartHeight = 220,
	label,
}: SkeletonProps ) {
	return (
		<div
			className="rr-skeleton"
			role="status"
			aria-live="polite"
			data-state="loading"
		>
			<span className="screen-reader-text">
				{ label ?? __( 'Loading report…', 'recruiting-reports' ) }
			</span>
			{ figures > 0 && (
				<div
					className="rr-figures rr-skeleton__figures"
					aria-hidden="true"
				>
					{ Array.from( { length: figures }, ( _, i ) => (
						<div
							key={ i }
							className="rr-figure rr-skeleton__figure"
						>
							<span className="rr-skeleton__bar rr-skeleton__bar--short" />
							<span className="rr-skeleton__bar rr-skeleton__bar--value" />
						</div>
					) ) }
				</div>
			) }
			{ Array.from( { length: charts }, ( _, i ) => (
				<div
					key={ i }
					className="rr-skeleton__chart"
					aria-hidden="true"
				>
					<span className="rr-skeleton__bar rr-skeleton__bar--title" />
					<span
						className="rr-skeleton__block"
						style={ { height: chartHeight } }
					/>
				</div>
			) ) }
		</div>
	);
}

interface EmptyStateProps {
	title: string;
	children?: ReactNode;
}

export function EmptyState( { title, children }: EmptyStateProps ) {
	return (
		<div className="rr-empty" data-state="empty">
			<p className="rr-empty__title">{ title }</p>
			{ children && <div className="rr-empty__body">{ children }</div> }
		</div>
	);
}

interface ErrorStateProps {
	error: ApiError | Error;
	onRetry?: () => void;
	/** What failed, e.g. "The report could not be loaded." */
	context?: string;
}

export function ErrorState( { error, onRetry, context }: ErrorStateProps ) {
	return (
		<div className="rr-error" data-state="error">
			<Notice status="error" isDismissible={ false }>
				<p>
					<strong>
						{ context ??
							__(
								'The report could not be loaded.',
								'recruiting-reports'
							) }
					</strong>{ ' ' }
					<span className="rr-error__message">
						{ errorText( error ) }
					</span>
				</p>
				{ onRetry && (
					<Button variant="secondary" onClick={ onRetry }>
						{ __( 'Retry', 'recruiting-reports' ) }
					</Button>
				) }
			</Notice>
		</div>
	);
}

interface BusyProps {
	busy: boolean;
	children: ReactNode;
	label?: string;
}

/**
 * Keeps the old content visible and marks it busy while new data loads.
 * @param root0
 * @param root0.busy
 * @param root0.children
 * @param root0.label
 */
export function Busy( { busy, children, label }: BusyProps ) {
	return (
		<div
			className={ `rr-busy${ busy ? ' is-busy' : '' }` }
			aria-busy={ busy }
		>
			{ busy && (
				<div className="rr-busy__indicator" role="status">
					<Spinner />
					<span className="screen-reader-text">
						{ label ?? __( 'Updating…', 'recruiting-reports' ) }
					</span>
				</div>
			) }
			<div className="rr-busy__content">{ children }</div>
		</div>
	);
}
