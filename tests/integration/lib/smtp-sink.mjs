// A real SMTP server on 127.0.0.1 for the e-mail suites: Debian's python3-aiosmtpd running tests/support/smtp-sink.py,
// which writes every message it accepts to a folder as JSON (envelope, headers, decoded MIME parts).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve( import.meta.dirname, '../../support/smtp-sink.py' );
// Debian's interpreter: its dist-packages hold aiosmtpd (a python3 earlier on PATH may not).
const PYTHON = '/usr/bin/python3';

/** A free port on 127.0.0.1 (asked of the kernel, then released for the server to take). */
function freePort() {
	return new Promise( ( resolve, reject ) => {
		const server = net.createServer();
		server.once( 'error', reject );
		server.listen( 0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close( () => resolve( port ) );
		} );
	} );
}

/**
 * An SMTP sink: start() (again after stop(), on the same port and folder), stop(), messages() (oldest first).
 * @param {object} [options]
 * @param {number} [options.delaySeconds] How long each message's answer is held back (overlapping senders).
 */
export async function smtpSink( { delaySeconds = 0 } = {} ) {
	const folder = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-smtp-' ) );
	const port = await freePort();
	let child = null;
	return {
		port,
		async start() {
			child = spawn( PYTHON, [ SCRIPT, String( port ), folder, String( delaySeconds ) ], { stdio: [ 'ignore', 'pipe', 'pipe' ] } );
			let errors = '';
			child.stderr.on( 'data', ( chunk ) => ( errors += chunk ) );
			await new Promise( ( resolve, reject ) => {
				const timer = setTimeout( () => reject( new Error( `the SMTP sink did not start: ${ errors }` ) ), 15_000 );
				child.stdout.on( 'data', ( chunk ) => String( chunk ).includes( 'READY' ) && ( clearTimeout( timer ), resolve() ) );
				child.once( 'exit', ( code ) => ( clearTimeout( timer ), reject( new Error( `the SMTP sink exited (${ code }): ${ errors }` ) ) ) );
			} );
		},
		async stop() {
			if ( ! child || child.exitCode !== null ) return;
			const exited = new Promise( ( resolve ) => child.once( 'exit', resolve ) );
			child.kill( 'SIGTERM' );
			await exited;
			child = null;
		},
		messages() {
			return fs.readdirSync( folder ).filter( ( name ) => name.endsWith( '.json' ) ).sort()
				.map( ( name ) => JSON.parse( fs.readFileSync( path.join( folder, name ), 'utf8' ) ) );
		},
		async dispose() {
			await this.stop();
			fs.rmSync( folder, { recursive: true, force: true } );
		},
	};
}
