// Two web nodes of one site (docs/scaling.md): the native site (MariaDB, one WordPress tree, one wp-config.php) served
// by two more `php -S` servers on two ports (the native site's own server stays idle), optionally with a persistent
// object cache: redis-server with tests/support/object-cache-redis-test-double.php, the project's test double of the
// production Redis drop-ins (docs/scaling.md), as wp-content/object-cache.php. The site's home URL follows the Host
// header, so each node answers under its own address, as behind a load balancer that keeps the Host.
// With `readReplica`, the site's MariaDB is a GTID replication primary with a read replica (lib/read-replica.mjs), and
// tests/support/db-read-replica-test-double.php, the project's test double of HyperDB/LudicrousDB, is the db.php
// drop-in: it sends the reads of GET requests to the replica while the file wp-content/read-replica.enabled exists
// (tests/cluster/read-replica.test.mjs creates it; the other files test read-your-writes on plain GETs, which a
// lagging replica does not give and the plugin promises for reports only).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startNativeSite } from './site-native.mjs';
import { startReadReplica } from './read-replica.mjs';
import { REPO_ROOT } from './wordpress-dist.mjs';
import { freePort, phpString, waitForHttp, warmUp } from './site-common.mjs';

const OBJECT_CACHE_DROP_IN = path.join( REPO_ROOT, 'tests/support/object-cache-redis-test-double.php' );
const DB_DROP_IN = path.join( REPO_ROOT, 'tests/support/db-read-replica-test-double.php' );

/**
 * @param {object} options
 * @param {'none'|'redis'} [options.objectCache]
 * @param {number} [options.workers] PHP_CLI_SERVER_WORKERS per node
 * @param {boolean} [options.readReplica] a GTID read replica and the HyperDB/LudicrousDB test double (see above)
 * Other options go to startNativeSite().
 * @returns the native site plus `urls` (one per node), `objectCache`, `redisPort` and `redisCli( ...args )` (redis only),
 *   `primarySocket` and `replicaSocket` (readReplica only: the two MariaDB servers' unix sockets, for the superuser).
 */
export async function startClusterSite( { objectCache = 'none', workers = 4, readReplica = false, ...options } = {} ) {
	if ( ! [ 'none', 'redis' ].includes( objectCache ) ) {
		throw new Error( `unknown object cache ${ objectCache } (none|redis)` );
	}
	if ( objectCache === 'redis' ) {
		const probe = spawnSync( 'php8.2', [ '-r', 'echo extension_loaded("redis") ? "yes" : "no";' ], { encoding: 'utf8' } );
		if ( spawnSync( 'redis-server', [ '--version' ] ).status !== 0 || probe.stdout !== 'yes' ) {
			throw new Error( 'the Redis leg needs Debian\'s redis-server and php8.2-redis: apt-get install -y redis-server php8.2-redis' );
		}
	}
	const site = await startNativeSite( { ...options, workers, replicationSource: readReplica } );
	const groups = [];
	const killAll = () => groups.forEach( ( child ) => killGroup( child, 'SIGKILL' ) );
	process.on( 'exit', killAll );
	const stop = async () => {
		await Promise.all( groups.map( ( child ) => stopGroup( child ) ) );
		process.off( 'exit', killAll );
		await site.stop();
	};
	try {
		const wp = site.wordpressPath;
		const root = path.dirname( wp );
		const configPath = path.join( wp, 'wp-config.php' );
		let config = fs.readFileSync( configPath, 'utf8' );
		const replica = readReplica ? await startReadReplica( { root, primary: site.database, groups } ) : null;
		if ( replica ) {
			config = config.replace(
				/^<\?php\n/,
				`<?php
// The read replica of tests/support/db-read-replica-test-double.php (wp-content/db.php).
define( 'READ_REPLICA_DB_HOST', ${ phpString( `localhost:${ replica.socket }` ) } );
`
			);
			fs.copyFileSync( DB_DROP_IN, path.join( wp, 'wp-content', 'db.php' ) );
		}
		const home = /define\(\s*['"]WP_HOME['"][^;]*;\s*define\(\s*['"]WP_SITEURL['"][^;]*;/;
		if ( ! home.test( config ) ) {
			throw new Error( `no WP_HOME/WP_SITEURL defines in ${ configPath }` );
		}
		config = config.replace(
			home,
			`// Several web nodes: each answers under the address it was asked for.
$rr_host = isset( $_SERVER['HTTP_HOST'] ) && preg_match( '/^127\\.0\\.0\\.1:\\d+$/D', $_SERVER['HTTP_HOST'] ) ? $_SERVER['HTTP_HOST'] : ${ phpString( new URL( site.url ).host ) };
define( 'WP_HOME', 'http://' . $rr_host );
define( 'WP_SITEURL', 'http://' . $rr_host );`
		);

		let redisPort;
		if ( objectCache === 'redis' ) {
			redisPort = await freePort();
			const redis = spawn( 'redis-server', [ '--port', String( redisPort ), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--logfile', path.join( root, 'redis.log' ) ], {
				detached: true,
				stdio: 'ignore',
			} );
			groups.push( redis );
			await waitForRedis( redisPort, redis );
			config = config.replace(
				/^<\?php\n/,
				`<?php
define( 'WP_REDIS_HOST', '127.0.0.1' );
define( 'WP_REDIS_PORT', ${ redisPort } );
`
			);
			fs.copyFileSync( OBJECT_CACHE_DROP_IN, path.join( wp, 'wp-content', 'object-cache.php' ) );
		}
		fs.writeFileSync( configPath, config );

		// Two fresh nodes over the same tree, router and configuration. Not the native site's own server: its
		// OPcache may keep the old wp-config.php for up to opcache.revalidate_freq seconds (60 in the benchmark).
		const urls = [];
		for ( const name of [ 'a', 'b' ] ) {
			const port = await freePort();
			const logFd = fs.openSync( path.join( root, `php-server-${ name }.log` ), 'a' );
			const node = spawn( 'php8.2', [ '-S', `127.0.0.1:${ port }`, '-t', wp, path.join( root, 'router.php' ) ], {
				cwd: wp,
				detached: true,
				stdio: [ 'ignore', logFd, logFd ],
				env: { ...process.env, PHP_CLI_SERVER_WORKERS: String( workers ) },
			} );
			fs.closeSync( logFd );
			node.stopSignal = 'SIGINT'; // the built-in server reaps its workers on SIGINT only
			groups.push( node );
			const url = `http://127.0.0.1:${ port }`;
			await waitForHttp( `${ url }/wp-includes/images/blank.gif`, { isAlive: () => node.exitCode === null } );
			await warmUp( url );
			urls.push( url );
		}
		if ( objectCache === 'redis' ) {
			const status = await site.runPhp( "echo wp_using_ext_object_cache() && wp_cache_set( 'rr_probe', 1, 'recruiting_reports' ) ? 'redis' : 'none';" );
			if ( status.trim() !== 'redis' ) {
				throw new Error( `the Redis object cache is not in use: ${ status }` );
			}
		}
		return {
			...site,
			url: urls[ 0 ],
			urls,
			objectCache,
			redisPort,
			primarySocket: replica ? site.database.socket : undefined,
			replicaSocket: replica?.socket,
			redisCli: ( ...args ) => spawnSync( 'redis-cli', [ '-p', String( redisPort ), ...args ], { encoding: 'utf8' } ).stdout,
			stop,
		};
	} catch ( error ) {
		await stop();
		throw error;
	}
}

async function waitForRedis( port, server ) {
	const deadline = Date.now() + 10000;
	while ( Date.now() < deadline ) {
		if ( server.exitCode !== null ) throw new Error( `redis-server exited (${ server.exitCode })` );
		const result = spawnSync( 'redis-cli', [ '-p', String( port ), 'ping' ], { encoding: 'utf8' } );
		if ( result.stdout.trim() === 'PONG' ) return;
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
	}
	throw new Error( `redis-server on port ${ port } did not answer` );
}

function killGroup( child, signal ) {
	try {
		process.kill( -child.pid, signal );
	} catch {
		// Already gone.
	}
}

/** Signals a setsid process group and SIGKILLs it when the leader is still alive after 5 s. */
function stopGroup( child ) {
	return new Promise( ( resolve ) => {
		if ( child.exitCode !== null || child.signalCode !== null ) {
			killGroup( child, 'SIGKILL' );
			return resolve();
		}
		const timer = setTimeout( () => killGroup( child, 'SIGKILL' ), 5000 );
		child.once( 'exit', () => {
			clearTimeout( timer );
			killGroup( child, 'SIGKILL' );
			resolve();
		} );
		killGroup( child, child.stopSignal ?? 'SIGTERM' );
	} );
}
