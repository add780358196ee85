/**
 * Entry of Recruiting › Applications (build/applications.js): the list, or one application when the URL
 * names it (`&application=<id>`). Filters live in the URL; changing them replaces the history entry's
 * query, so Back leaves the page rather than stepping through every filter.
 */
import domReady from '@wordpress/dom-ready';
import { createRoot, useEffect, useState } from '@wordpress/element';

import '../../components/ui.scss';
import './applications.scss';
import { ApplicationView } from './ApplicationView';
import { ApplicationsList } from './ApplicationsList';
import {
	filtersFromUrl,
	filtersToParams,
	type ApplicationFilters,
} from './filters';

function pageUrl( filters: ApplicationFilters ): string {
	const params = new URLSearchParams( window.location.search );
	const page = params.get( 'page' ) ?? '';
	const query = new URLSearchParams( {
		page,
		...filtersToParams( filters ),
	} );
	return `${ window.location.pathname }?${ query.toString() }`;
}

function App() {
	const [ filters, setFilters ] = useState( () =>
		filtersFromUrl( window.location.search )
	);
	const id = Number(
		new URLSearchParams( window.location.search ).get( 'application' )
	);
	useEffect( () => {
		const onPop = () =>
			setFilters( filtersFromUrl( window.location.search ) );
		window.addEventListener( 'popstate', onPop );
		return () => window.removeEventListener( 'popstate', onPop );
	}, [] );

	if ( Number.isInteger( id ) && id > 0 ) {
		return <ApplicationView id={ id } filters={ filters } />;
	}
	return (
		<ApplicationsList
			filters={ filters }
			onChangeFilters={ ( next ) => {
				window.history.replaceState( null, '', pageUrl( next ) );
				setFilters( next );
			} }
		/>
	);
}

domReady( () => {
	const root = document.getElementById(
		'recruiting-reports-applications-root'
	);
	if ( root ) {
		createRoot( root ).render( <App /> );
	}
} );
