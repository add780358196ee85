// The web nodes of the cluster under test (scripts/lib/site-cluster.mjs): requests to one node or the other.

import { request, expectStatus } from '../../integration/lib/api.mjs';

export const NODES = ( process.env.RR_NODE_URLS || '' ).split( ',' ).filter( Boolean );
if ( NODES.length < 2 ) {
	throw new Error( 'RR_NODE_URLS lists fewer than two nodes: run through scripts/test-integration.mjs --target=cluster' );
}
export const OBJECT_CACHE = process.env.RR_OBJECT_CACHE || 'none';

export const NS = '/recruiting/v1';

/** Request helpers bound to node `index` (0 or 1), with the same options as lib/api.mjs. */
export function node( index ) {
	const baseUrl = NODES[ index % NODES.length ];
	const send = ( method, path, options = {} ) => request( method, path, { ...options, baseUrl } );
	return {
		url: baseUrl,
		get: ( path, options ) => send( 'GET', path, options ),
		post: ( path, body, options = {} ) => send( 'POST', path, { ...options, body } ),
		put: ( path, body, options = {} ) => send( 'PUT', path, { ...options, body } ),
		del: ( path, options ) => send( 'DELETE', path, options ),
	};
}

/** Test-only delay before every query containing `needle` (on every node: it is an option). */
export async function slowSql( needle, ms = 0 ) {
	expectStatus( await node( 0 ).post( '/recruiting-test/v1/slow-sql', { needle, ms } ), 200 );
}
