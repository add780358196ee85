/**
 * Entry of the dashboard widget (build/dashboard.js), enqueued on the Dashboard for users
 * with Read Applications by includes/Admin/DashboardWidget.php.
 */
import domReady from '@wordpress/dom-ready';
import { createRoot } from '@wordpress/element';

import '../components/ui.scss';
import { DashboardWidget } from './Widget';

domReady( () => {
	const root = document.getElementById( 'recruiting-reports-dashboard-root' );
	if ( ! root ) {
		return;
	}
	const titleElement = root
		.closest( '.postbox' )
		?.querySelector< HTMLElement >( '.hndle' );
	createRoot( root ).render(
		<DashboardWidget titleElement={ titleElement } />
	);
} );
