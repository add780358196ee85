// A read replica for the cluster leg (docs/scaling.md, "Read replicas for reports"): a second Debian mariadbd on
// its own data dir and socket, replicating the native site's MariaDB (started with `replicationSource`: binary
// log from its first statement, strict GTIDs, TCP on 127.0.0.1) with GTIDs from the very beginning, so it needs no
// snapshot: it replays the database, the `wp` user and the WordPress install. read_only, as replicas run: a write
// or a locking read (SELECT … FOR UPDATE) sent to it fails loudly (ERROR 1290) instead of quietly diverging.

import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { findBinary, spawnMariaDb } from './site-native.mjs';
import { readTail } from './site-common.mjs';

const REPLICATION_USER = 'replication';
const REPLICATION_PASSWORD = 'replication';

/**
 * Runs SQL as the database superuser over a unix socket (unix_socket authentication, as mariadb-install-db set it
 * up for root or for the user who ran it); returns the trimmed output of the last statement (no column names).
 * @param {string} socket
 * @param {string} sql
 */
export function mariaDbSql( socket, sql ) {
	const user = process.getuid?.() === 0 ? 'root' : os.userInfo().username;
	const result = spawnSync( findBinary( 'mariadb' ), [ '--no-defaults', `--socket=${ socket }`, `--user=${ user }`, '--batch', '--skip-column-names', '-e', sql ], { encoding: 'utf8' } );
	if ( result.status !== 0 ) {
		throw new Error( `mariadb ${ socket }: ${ result.stderr.trim() }\n${ sql }` );
	}
	return result.stdout.trim();
}

/**
 * Starts the replica in `root`/replica and waits until it has applied everything the primary has written.
 * @param {object} options
 * @param {string} options.root the site's temp dir (removed with the site)
 * @param {{socket: string, port: number}} options.primary the primary's socket and TCP port
 * @param {Array} options.groups process groups to stop with the cluster (the replica's mariadbd joins them)
 * @returns {Promise<{socket: string}>}
 */
export async function startReadReplica( { root, primary, groups } ) {
	const { server, socket, errorLog } = spawnMariaDb( {
		dir: path.join( root, 'replica' ),
		args: [ '--skip-networking', '--server-id=2', '--read-only=1', '--gtid-strict-mode=1', '--innodb-buffer-pool-size=128M' ],
	} );
	groups.push( server );

	// Replicated as well (harmless there): the replica replays the primary's binary log from its first event.
	mariaDbSql(
		primary.socket,
		`CREATE USER '${ REPLICATION_USER }'@'127.0.0.1' IDENTIFIED BY '${ REPLICATION_PASSWORD }'; GRANT REPLICATION SLAVE ON *.* TO '${ REPLICATION_USER }'@'127.0.0.1'`
	);
	const setup = `SET GLOBAL gtid_slave_pos = ''; CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = ${ primary.port }, MASTER_USER = '${ REPLICATION_USER }', MASTER_PASSWORD = '${ REPLICATION_PASSWORD }', MASTER_USE_GTID = slave_pos; START SLAVE`;
	const deadline = Date.now() + 20000;
	for ( ;; ) {
		if ( server.exitCode !== null ) {
			throw new Error( `the replica's mariadbd exited (${ server.exitCode }):\n${ readTail( errorLog ) }` );
		}
		try {
			mariaDbSql( socket, setup );
			break;
		} catch ( error ) {
			if ( Date.now() > deadline ) throw new Error( `the replica did not start: ${ error.message }\n${ readTail( errorLog ) }` );
			await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
		}
	}
	waitForReplica( { primary: primary.socket, replica: socket } );
	return { socket };
}

/**
 * Waits (up to `seconds`) until the replica has applied every transaction the primary has committed so far.
 * @param {{primary: string, replica: string}} sockets
 * @param {number} [seconds]
 */
export function waitForReplica( { primary, replica }, seconds = 30 ) {
	const position = mariaDbSql( primary, 'SELECT @@gtid_binlog_pos' );
	const reached = mariaDbSql( replica, `SELECT MASTER_GTID_WAIT( '${ position }', ${ seconds } )` );
	if ( reached !== '0' ) {
		throw new Error( `the replica did not reach ${ position } within ${ seconds } s:\n${ mariaDbSql( replica, 'SHOW SLAVE STATUS\\G' ) }` );
	}
}
