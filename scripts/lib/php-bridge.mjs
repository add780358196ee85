// Lets test files (run by `node --test` in a child process) execute PHP inside the
// site under test: the runner owns runPhp(); this exposes it on 127.0.0.1 behind a
// random token. Tests POST PHP code to RR_RUN_PHP_URL and get stdout back (200), or
// the error text (500). Same semantics as runPhp() on both targets.

import crypto from 'node:crypto';
import http from 'node:http';

/**
 * @param {(code: string) => Promise<string>} runPhp
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startPhpBridge( runPhp ) {
	const token = crypto.randomBytes( 16 ).toString( 'hex' );
	// One PHP snippet at a time: seeding from parallel tests must not race on SQLite.
	let queue = Promise.resolve();
	const server = http.createServer( ( request, response ) => {
		if ( request.method !== 'POST' || request.url !== `/${ token }` ) {
			response.writeHead( 404 ).end();
			return;
		}
		const chunks = [];
		request.on( 'data', ( chunk ) => chunks.push( chunk ) );
		request.on( 'end', () => {
			const code = Buffer.concat( chunks ).toString( 'utf8' );
			queue = queue.then( async () => {
				try {
					const stdout = await runPhp( code );
					response
						.writeHead( 200, {
							'content-type': 'text/plain; charset=utf-8',
						} )
						.end( stdout );
				} catch ( error ) {
					response
						.writeHead( 500, {
							'content-type': 'text/plain; charset=utf-8',
						} )
						.end( String( error?.message ?? error ) );
				}
			} );
		} );
	} );
	await new Promise( ( resolve ) =>
		server.listen( 0, '127.0.0.1', resolve )
	);
	return {
		url: `http://127.0.0.1:${ server.address().port }/${ token }`,
		close: () =>
			new Promise( ( resolve ) => {
				server.closeAllConnections?.();
				server.close( () => resolve() );
			} ),
	};
}
