/**
 * Entry of Recruiting › Settings (build/settings.js), enqueued by includes/Admin/Menu.php.
 */
import domReady from '@wordpress/dom-ready';
import { createRoot } from '@wordpress/element';

import '../../components/ui.scss';
import './settings.scss';
import { SettingsPage } from './SettingsPage';

domReady( () => {
	const root = document.getElementById( 'recruiting-reports-settings-root' );
	if ( root ) {
		createRoot( root ).render( <SettingsPage /> );
	}
} );
