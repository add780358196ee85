// The demo data `npm start` loads, for every site that shows or tests it (npm start, the dev site, the
// end-to-end runner, the Playground smoke): the plugin's own Seed\DemoData, written through the importer,
// and an API key with every permission. Both take a booted site (anything with runPhp()).

import { parseMarked, printMarked } from './site-common.mjs';

/**
 * Seeds the demo jobs and applications; resolves with the importer's summary (jobs and applications
 * created and updated), rejects with the importer's message when it refused.
 */
export async function seedDemoData( site ) {
	const { summary, error } = parseMarked(
		await site.runPhp( String.raw`
			$result = \RecruitingReports\Seed\DemoData::seed();
			${ printMarked( "is_wp_error( $result ) ? array( 'error' => $result->get_error_message() ) : array( 'summary' => $result )" ) }` )
	);
	if ( error ) throw new Error( `demo data: ${ error }` );
	return summary;
}

/** Creates the admin's demo API key (`rp_live_…`, all five permissions); resolves with the key. */
export async function createDemoApiKey( site ) {
	const { key } = parseMarked(
		await site.runPhp(
			printMarked(
				String.raw`array( 'key' => \RecruitingReports\Auth\ApiKeys::create_demo_key() )`
			)
		)
	);
	if ( ! key ) throw new Error( 'demo API key: ApiKeys::create_demo_key() made none' );
	return key;
}
