// Stoplight Prism as a validating proxy (`prism proxy --errors`) between a test and a site: every answer is checked
// against an OpenAPI document (openapi-prism.test.mjs for the site's routes, multisite-openapi-prism.test.mjs for a
// network's). Request validation is off: the crawls send invalid requests on purpose, and it is the answers that are
// checked.

import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const PRISM = path.resolve( import.meta.dirname, '../../../node_modules/.bin/prism' );

/** Whether something accepts connections on the port. */
function listening( port ) {
	return new Promise( ( resolve ) => {
		const socket = net.connect( port, '127.0.0.1' );
		socket.once( 'connect', () => socket.end( () => resolve( true ) ) );
		socket.once( 'error', () => resolve( false ) );
	} );
}

/**
 * Starts Prism (its log at `warn`: violations only, and it answers faster) in front of `upstream` and resolves once
 * it accepts connections; rejects when it exits first or is not up within 60 s.
 * @param {string}                 file     The OpenAPI document's file.
 * @param {string}                 upstream The URL requests are passed to (the namespace's base).
 * @param {number}                 port     Prism's port.
 * @param {(text: string) => void} onLog    Gets Prism's output.
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export async function startPrism( file, upstream, port, onLog ) {
	const child = spawn(
		PRISM,
		[ 'proxy', file, upstream, '--host', '127.0.0.1', '--port', String( port ), '--errors', '--validate-request=false', '--cors=false', '--verboseLevel=warn' ],
		{ stdio: [ 'ignore', 'pipe', 'pipe' ] }
	);
	let output = '';
	const collect = ( data ) => {
		output += data;
		onLog( String( data ) );
	};
	child.stdout.on( 'data', collect );
	child.stderr.on( 'data', collect );
	for ( let attempt = 0; attempt < 300; attempt++ ) {
		if ( null !== child.exitCode ) {
			throw new Error( `prism exited (${ child.exitCode }) before listening:\n${ output }` );
		}
		if ( await listening( port ) ) {
			return child;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 200 ) );
	}
	child.kill();
	throw new Error( `prism did not listen on ${ port } within 60 s:\n${ output }` );
}

/** Stops a Prism started by startPrism(). */
export async function stopPrism( child ) {
	if ( child && null === child.exitCode ) {
		const exited = new Promise( ( resolve ) => child.once( 'exit', resolve ) );
		child.kill();
		await exited;
	}
}
