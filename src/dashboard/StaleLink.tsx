/**
 * The widget's count of stale candidates (open applications past their stage's days, setting stale_days), linking
 * to the Applications list filtered to them, waiting longest first. Only for users who may read applications.
 */
import { __, _n, sprintf } from '@wordpress/i18n';

import type { Application, Page } from '../api/types';
import { applicationsUrl } from '../admin/applications/filters';
import { getConfig } from '../config';
import { useResource } from '../store';

export function StaleLink() {
	// One application is enough: the count is the list's total.
	const stale = useResource< Page< Application > >( 'getApplications', [
		{ stale: true, per_page: 1 },
	] );
	if ( ! stale.data ) {
		return null;
	}
	const config = getConfig();
	const total = stale.data.total;
	return (
		<a
			className="rr-widget__stale"
			data-testid="widget-stale"
			href={ applicationsUrl( config.applicationsUrl, {
				stale: true,
				orderby: 'status_since',
				order: 'asc',
			} ) }
		>
			{ total
				? sprintf(
						/* translators: %s: number of candidates. */
						_n(
							'%s stale candidate',
							'%s stale candidates',
							total,
							'recruiting-reports'
						),
						total.toLocaleString( config.locale )
					)
				: __( 'No stale candidates', 'recruiting-reports' ) }
		</a>
	);
}
