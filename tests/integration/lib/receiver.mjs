// A webhook receiver in the test process, on 127.0.0.1 (shared by the webhook suites and the cluster suite).

import http from 'node:http';

/**
 * A webhook receiver: records every request; mode 'ok' answers 200, 'fail' answers 500; stop() = down; `delayMs`
 * holds each answer back that long (a slow receiver keeps concurrent senders overlapping).
 */
export function receiver() {
	const state = { requests: [], mode: 'ok', delayMs: 0, server: null, port: 0 };
	const listen = ( port ) =>
		new Promise( ( resolve, reject ) => {
			const server = http.createServer( ( req, res ) => {
				const chunks = [];
				req.on( 'data', ( chunk ) => chunks.push( chunk ) );
				req.on( 'end', () => {
					const answered = state.mode === 'ok' ? 200 : 500;
					state.requests.push( { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat( chunks ).toString( 'utf8' ), answered } );
					setTimeout( () => res.writeHead( answered, { 'Content-Type': 'text/plain' } ).end( state.mode ), state.delayMs );
				} );
			} );
			server.once( 'error', reject );
			server.listen( port, '127.0.0.1', () => {
				state.server = server;
				state.port = server.address().port;
				resolve();
			} );
		} );
	return {
		state,
		start: () => listen( state.port ),
		stop: () =>
			new Promise( ( resolve ) => {
				state.server.closeAllConnections();
				state.server.close( () => resolve() );
			} ),
		get url() {
			return `http://127.0.0.1:${ state.port }/hook`;
		},
	};
}
