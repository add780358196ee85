/**
 * The `recruiting-reports` store over api-fetch, registered once for every screen in WordPress,
 * and the hook the screens read it with.
 */
import { register } from '@wordpress/data';

import { api } from '../api/wp';
import { createRecruitingStore } from './store';

export const store = createRecruitingStore( api );
register( store );

export {
	useResource,
	useDebouncedValue,
	useStoreActions,
	type AsyncState,
} from './hooks';
export { cacheKey, createRecruitingStore, STORE_NAME } from './store';
