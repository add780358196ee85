/**
 * Reading the store from components: data, error, loading (nothing to show yet), busy (older data
 * shown while newer loads) and retry, so every screen keeps its skeleton → figures →
 * busy-with-previous-figures behaviour. A request nobody waits for any more is aborted.
 */
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useMemo, useRef, useState } from '@wordpress/element';

import { toApiError, type ApiError } from '../api/errors';
import {
	cacheKey,
	STORE_NAME,
	type SelectorName,
	type storeConfig,
} from './store';

export interface AsyncState< T > {
	data: T | undefined;
	error: ApiError | undefined;
	/** True while a request runs and there is no data yet. */
	loading: boolean;
	/** True while a request runs and older data is shown. */
	busy: boolean;
	retry: () => void;
}

/* Selectors are called by name, so the store is addressed by its name too (a test registry holds
 * a store of the same name over a scripted client). */
type AnyStore = Record< string, ( ...args: unknown[] ) => unknown >;

/**
 * One selector's answer for `args`; `enabled: false` asks nothing (e.g. invalid block settings).
 * While a new answer loads, the previous one stays in `data` with `busy` set.
 * @param selector Selector name, e.g. `getReport`.
 * @param args     Its arguments; undefined and empty values are dropped (same request).
 * @param enabled  Whether to ask at all.
 * @param family   Previous data is kept only within one family (a block switching from one
 *                 report to another must not show the old report's data in the new one's shape).
 */
export function useResource< T >(
	selector: string,
	args: unknown[],
	enabled = true,
	family = ''
): AsyncState< T > {
	const key = cacheKey( ...args );
	const normalized = useMemo( () => JSON.parse( key ) as unknown[], [ key ] );
	const current = useSelect(
		( select ) => {
			if ( ! enabled ) {
				return { data: undefined, error: undefined, done: true };
			}
			const store = select( STORE_NAME ) as unknown as AnyStore;
			return {
				data: store[ selector ]( ...normalized ) as T | undefined,
				error: store.getResolutionError( selector, normalized ),
				done: store.hasFinishedResolution(
					selector,
					normalized
				) as boolean,
			};
		},
		[ selector, normalized, enabled ]
	);
	const { refresh, acquire, release } = useStoreActions();
	useEffect( () => {
		if ( ! enabled ) {
			return;
		}
		acquire( selector as SelectorName, normalized );
		return () => release( selector as SelectorName, normalized );
	}, [ acquire, release, selector, normalized, enabled ] );

	const last = useRef< { family: string; data: T } | undefined >( undefined );
	if ( current.data !== undefined ) {
		last.current = { family, data: current.data };
	}
	const previous =
		enabled && last.current?.family === family
			? last.current.data
			: undefined;
	const data = current.data ?? previous;
	const running = enabled && ! current.done;
	return {
		data: current.error ? current.data : data,
		error: current.error ? toApiError( current.error ) : undefined,
		loading: running && data === undefined,
		busy: running && data !== undefined,
		retry: () => refresh( selector as SelectorName, normalized ),
	};
}

/**
 * `value` (a primitive, such as a cache key), once it has stopped changing for `delay` ms. The first value is used at once (the
 * first figures must not wait), so only changes are delayed.
 * @param value
 * @param delay
 */
export function useDebouncedValue< T extends string | number >(
	value: T,
	delay: number
): T {
	const [ settled, setSettled ] = useState( value );
	useEffect( () => {
		const timer = setTimeout( () => setSettled( value ), delay );
		return () => clearTimeout( timer );
	}, [ value, delay ] );
	return settled;
}

/* A thunk action creator `( ...args ) => ( thunk ) => Promise< R >` is dispatched as
 * `( ...args ) => Promise< R >`. */
type Dispatched< A > = {
	[ K in keyof A ]: A[ K ] extends (
		...args: infer P
	) => ( thunk: never ) => infer R
		? ( ...args: P ) => R
		: never;
};

/**
 * The store's writes (each invalidates what it changes) and `refresh`, ready to call.
 */
export function useStoreActions() {
	return useDispatch( STORE_NAME ) as unknown as Dispatched<
		ReturnType< typeof storeConfig >[ 'actions' ]
	>;
}
