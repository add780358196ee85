/**
 * Runs an async loader whenever its key changes. The first load has no data (show a skeleton);
 * later loads keep the previous data and set `busy` (show it under a busy state). Stale answers
 * are dropped and their requests aborted.
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';

import { toApiError, type ApiError } from '../api/errors';

export interface AsyncState< T > {
	data: T | undefined;
	error: ApiError | undefined;
	/** True while a request runs and there is no data yet. */
	loading: boolean;
	/** True while a request runs and older data is shown. */
	busy: boolean;
	retry: () => void;
}

export function useAsync< T >(
	load: ( signal: AbortSignal ) => Promise< T >,
	key: string
): AsyncState< T > {
	const [ data, setData ] = useState< T | undefined >( undefined );
	const [ error, setError ] = useState< ApiError | undefined >( undefined );
	const [ running, setRunning ] = useState( true );
	const [ attempt, setAttempt ] = useState( 0 );
	const loadRef = useRef( load );
	loadRef.current = load;

	useEffect( () => {
		const controller = new AbortController();
		let current = true;
		setRunning( true );
		setError( undefined );
		loadRef
			.current( controller.signal )
			.then( ( result ) => {
				if ( current ) {
					setData( result );
					setRunning( false );
				}
			} )
			.catch( ( thrown: unknown ) => {
				if ( current ) {
					setError( toApiError( thrown ) );
					setRunning( false );
				}
			} );
		return () => {
			current = false;
			controller.abort();
		};
	}, [ key, attempt ] );

	const retry = useCallback( () => setAttempt( ( n ) => n + 1 ), [] );

	return {
		data,
		error,
		loading: running && data === undefined,
		busy: running && data !== undefined,
		retry,
	};
}
