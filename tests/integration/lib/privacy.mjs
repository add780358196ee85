// The plugin's personal-data exporter and eraser, called as WordPress calls them (Tools › Export/Erase Personal
// Data: page by page until done), for the privacy tests.

import { phpValue } from './credentials.mjs';

/** The exporter's name and every item it exports for an address. */
export const exportFor = ( email ) =>
	phpValue( `( function () {
		$exporter = apply_filters( 'wp_privacy_personal_data_exporters', array() )['recruiting-reports-candidate'];
		$items = array();
		for ( $page = 1; $page < 50; $page++ ) {
			$result = call_user_func( $exporter['callback'], ${ JSON.stringify( email ) }, $page );
			$items  = array_merge( $items, $result['data'] );
			if ( $result['done'] ) { break; }
		}
		return array( 'name' => $exporter['exporter_friendly_name'], 'items' => $items );
	} )()` );

/** Every page's answer of the eraser for an address. */
export const eraseFor = ( email ) =>
	phpValue( `( function () {
		$eraser = apply_filters( 'wp_privacy_personal_data_erasers', array() )['recruiting-reports-candidate'];
		$calls = array();
		for ( $page = 1; $page < 50; $page++ ) {
			$calls[] = $result = call_user_func( $eraser['callback'], ${ JSON.stringify( email ) }, $page );
			if ( $result['done'] ) { break; }
		}
		return $calls;
	} )()` );
