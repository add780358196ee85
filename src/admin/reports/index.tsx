/**
 * Entry of Recruiting › Reports (build/reports.js), enqueued by includes/Admin/ReportsPage.php.
 */
import domReady from '@wordpress/dom-ready';
import { createRoot } from '@wordpress/element';

import '../../components/ui.scss';
import './reports.scss';
import { ReportsPage } from './ReportsPage';

domReady( () => {
	const root = document.getElementById( 'recruiting-reports-reports-root' );
	if ( root ) {
		createRoot( root ).render( <ReportsPage /> );
	}
} );
