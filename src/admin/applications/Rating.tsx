/**
 * The user's own rating (1–5 stars) and the average of everyone's. The stars are native radio buttons in
 * a fieldset, so the keyboard works as everywhere: Tab into the group, arrow keys choose and save.
 * Users without Write Applications see the average only.
 */
import { Button } from '@wordpress/components';
import { useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import { toApiError, type ApiError } from '../../api/errors';
import type { RatingSummary } from '../../api/types';
import { getConfig } from '../../config';
import { useResource, useStoreActions } from '../../store';
import { ErrorState } from '../../components/states';
import { ErrorNotice } from './ErrorNotice';

interface Props {
	applicationId: number;
}

const SCORES = [ 1, 2, 3, 4, 5 ];

export function Rating( { applicationId }: Props ) {
	const config = getConfig();
	const loaded = useResource< RatingSummary >( 'getRating', [
		applicationId,
	] );
	const { rate, unrate } = useStoreActions();
	const [ error, setError ] = useState< ApiError >();
	const summary = loaded.data;
	// Arrow keys move through the stars quickly: each save waits for the previous one, so the last choice wins.
	const queue = useRef< Promise< void > >( Promise.resolve() );

	if ( loaded.error ) {
		return (
			<ErrorState
				error={ loaded.error }
				onRetry={ loaded.retry }
				context={ __(
					'The rating could not be loaded.',
					'recruiting-reports'
				) }
			/>
		);
	}
	if ( ! summary ) {
		return null;
	}

	const save = ( score: number | null ) => {
		setError( undefined );
		queue.current = queue.current.then( async () => {
			try {
				await ( score === null
					? unrate( applicationId )
					: rate( applicationId, score ) );
			} catch ( thrown ) {
				setError( toApiError( thrown ) );
			}
		} );
	};

	return (
		<div className="rr-rating">
			<p className="rr-rating__average" data-testid="rating-average">
				{ summary.average === null
					? __(
							'Nobody has rated this application yet.',
							'recruiting-reports'
						)
					: sprintf(
							/* translators: 1: average score (e.g. 3.5), 2: number of ratings. */
							_n(
								'Average %1$s of 5 from %2$s rating',
								'Average %1$s of 5 from %2$s ratings',
								summary.count,
								'recruiting-reports'
							),
							summary.average.toLocaleString( config.locale, {
								maximumFractionDigits: 2,
							} ),
							String( summary.count )
						) }
			</p>
			<ErrorNotice error={ error } />
			{ config.can.writeApplications && (
				<fieldset className="rr-stars">
					<legend>
						{ __( 'Your rating', 'recruiting-reports' ) }
					</legend>
					{ SCORES.map( ( score ) => (
						// The input is inside the label (the rule does not see through the map).
						// eslint-disable-next-line jsx-a11y/label-has-associated-control
						<label
							key={ score }
							className={ `rr-stars__star${
								summary.your_score !== null &&
								score <= summary.your_score
									? ' is-on'
									: ''
							}` }
						>
							<input
								type="radio"
								name={ `rr-rating-${ applicationId }` }
								value={ score }
								checked={ summary.your_score === score }
								onChange={ () => save( score ) }
							/>
							<span aria-hidden="true">★</span>
							<span className="screen-reader-text">
								{ sprintf(
									/* translators: %d: number of stars. */
									_n(
										'%d star',
										'%d stars',
										score,
										'recruiting-reports'
									),
									score
								) }
							</span>
						</label>
					) ) }
					{ summary.your_score !== null && (
						<Button variant="link" onClick={ () => save( null ) }>
							{ __( 'Remove my rating', 'recruiting-reports' ) }
						</Button>
					) }
				</fieldset>
			) }
		</div>
	);
}
