// The production-like target: Debian's PHP 8.2 + MariaDB 10.11, no Docker, no systemd; or the same PHP on
// SQLite through the SQLite Database Integration plugin (the one WordPress Playground runs), installed the
// way its own admin page installs it: the plugin in wp-content/plugins/, its db.copy as wp-content/db.php.
//
// Everything lives in one temp directory per site (database, WordPress copy, logs)
// and every server runs in its own process group (setsid) so stop() can kill the
// whole group, including PHP_CLI_SERVER_WORKERS children.

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
	NATIVE_WORDPRESS,
	copyWordPress,
	extractZip,
} from './wordpress-dist.mjs';
import {
	ADMIN_PASSWORD,
	ADMIN_USER,
	DEFAULT_PLUGIN_DIR,
	PLUGIN_SLUG,
	assertPortFree,
	fileSize,
	freePort,
	parseMarked,
	phpFailure,
	phpString,
	readFrom,
	readTail,
	seconds,
	setupSnippet,
	runPhpSource,
	waitForHttp,
	warmUp,
} from './site-common.mjs';

export const APT_PACKAGES = [
	'php8.2-cli',
	'php8.2-mysql',
	'php8.2-sqlite3',
	'php8.2-xml',
	'php8.2-mbstring',
	'php8.2-curl',
	'php8.2-intl',
	// ZipArchive: WordPress's personal-data export (Tools → Export Personal Data) packs its file with it.
	'php8.2-zip',
	'mariadb-server',
	// A classic theme for the job pages' tests (the npm WordPress trees hold only block themes' PHP).
	'wordpress-theme-twentytwentyone',
	// The SMTP server the e-mail tests send to (tests/support/smtp-sink.py).
	'python3-aiosmtpd',
];

/** Where Debian's python3-aiosmtpd lives (the e-mail tests run it with /usr/bin/python3). */
const DEBIAN_AIOSMTPD = '/usr/lib/python3/dist-packages/aiosmtpd';

/** Debian's copy of Twenty Twenty-One (wordpress-theme-twentytwentyone). */
const DEBIAN_CLASSIC_THEME = '/usr/share/wordpress/wp-content/themes/twentytwentyone';

const SBIN_DIRS = [ '/usr/sbin', '/usr/local/sbin', '/sbin' ];

/** The databases a native site can run on. */
const DATABASES = [ 'mariadb', 'sqlite' ];

// The SQLite Database Integration plugin as @wp-playground/cli ships it (a devDependency already).
const SQLITE_PLUGIN_ZIP = path.join(
	path.dirname(
		createRequire( import.meta.url ).resolve(
			'@wp-playground/cli/package.json'
		)
	),
	'sqlite-database-integration.zip'
);
const SQLITE_PLUGIN_SLUG = 'sqlite-database-integration';
const SQLITE_PLUGIN_FILE = `${ SQLITE_PLUGIN_SLUG }/load.php`;

/**
 * @param {object} [options]
 * @param {number} [options.port] defaults to a free port
 * @param {string} [options.muPluginsDir] symlinked as wp-content/mu-plugins
 * @param {string} [options.dbName] defaults to 'wordpress'
 * @param {string|null} [options.pluginDir] defaults to the repo root; null: a site without the
 *   plugin (the release test installs it from its zip)
 * @param {number} [options.workers] PHP_CLI_SERVER_WORKERS, defaults to 4
 * @param {boolean} [options.keep] keep the temp dir after stop() (also RR_KEEP_SITE=1)
 * @param {string} [options.wordpressVersion] defaults to NATIVE_WORDPRESS (6.7, the newest
 *   tree here; Playground covers the oldest); also RR_NATIVE_WORDPRESS=6.6
 * @param {'mariadb'|'sqlite'} [options.database] defaults to 'mariadb'; 'sqlite' starts no MariaDB
 * @param {boolean} [options.replicationSource] MariaDB as a GTID replication primary: binary log (ROW, strict
 *   GTIDs, server_id 1) from its first statement on, and TCP on 127.0.0.1 (a replica connects over TCP only);
 *   the returned `database` then has `port` and `socket` (lib/site-cluster.mjs starts the replica)
 * @param {boolean} [options.multisite] a subdirectory network (the plugin network-activated; sites are made with
 *   wpmu_create_blog at /<name>/, see docs/multisite.md); defaults to false
 */
export async function startNativeSite( {
	port,
	muPluginsDir,
	dbName = 'wordpress',
	pluginDir = DEFAULT_PLUGIN_DIR,
	workers = 4,
	keep = process.env.RR_KEEP_SITE === '1',
	wordpressVersion = process.env.RR_NATIVE_WORDPRESS || NATIVE_WORDPRESS,
	database = 'mariadb',
	replicationSource = false,
	multisite = false,
} = {} ) {
	if ( ! DATABASES.includes( database ) ) {
		throw new Error(
			`unknown database ${ database } (${ DATABASES.join( '|' ) })`
		);
	}
	const started = Date.now();
	ensureNativePackages( database );
	port ??= await freePort();
	await assertPortFree( port );
	const url = `http://127.0.0.1:${ port }`;

	const root = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-native-' ) );
	// mariadbd runs as `mysql` and must traverse to its socket and data dir.
	fs.chmodSync( root, 0o755 );
	const groups = []; // process groups to kill on stop()
	const killGroups = ( signal ) => {
		for ( const child of groups ) {
			try {
				process.kill( -child.pid, signal );
			} catch {
				// Already gone.
			}
		}
	};
	// Last resort if the caller exits without calling stop() (crash, process.exit() on Ctrl-C
	// during boot): never leave servers or temp files behind. Must be synchronous.
	const phpChildren = new Set(); // running runPhp() processes
	const onExit = () => {
		killGroups( 'SIGKILL' );
		for ( const child of phpChildren ) child.kill( 'SIGKILL' );
		try {
			// A just-killed mariadbd may still be closing files: retry a little.
			if ( ! keep )
				fs.rmSync( root, {
					recursive: true,
					force: true,
					maxRetries: 5,
				} );
		} catch {
			// Best effort; it is a temp dir.
		}
	};
	process.on( 'exit', onExit );

	let stopped = false;
	const stop = async () => {
		if ( stopped ) return;
		stopped = true;
		await Promise.all( groups.map( ( child ) => terminate( child ) ) );
		if ( ! keep ) fs.rmSync( root, { recursive: true, force: true } );
		// Only now: a process.exit() while stopping must still run the exit handler.
		process.off( 'exit', onExit );
	};

	try {
		// The WordPress copy lives inside our temp root so one rm cleans up everything.
		const wp = copyWordPress( path.join( root, 'wp' ), {
			version: wordpressVersion,
		} );
		// Playground-only leftover (6.6 builds): the remote-asset list.
		fs.rmSync( path.join( wp, 'wordpress-remote-asset-paths' ), {
			force: true,
		} );
		linkClassicTheme( wp );
		const mariaDb =
			'sqlite' === database
				? null
				: await startMariaDb( root, dbName, groups, {
						replicationSource,
				  } );
		const dbConfig = mariaDb
			? mariaDbConfig( mariaDb )
			: installSqliteDropIn( { root, wp, dbName } );
		const debugLogPath = path.join( root, 'debug.log' );
		const writeConfig = ( network ) =>
			fs.writeFileSync(
				path.join( wp, 'wp-config.php' ),
				wpConfig( { url, dbName, dbConfig, debugLogPath, network } )
			);
		writeConfig( false );

		// Symlinks instead of copies: edits show up immediately and node_modules is never copied.
		// WordPress resolves the symlinked plugin through wp_register_plugin_realpath().
		if ( null !== pluginDir ) {
			fs.symlinkSync(
				path.resolve( pluginDir ),
				path.join( wp, 'wp-content/plugins', PLUGIN_SLUG ),
				'dir'
			);
		}
		if ( muPluginsDir ) {
			fs.symlinkSync(
				path.resolve( muPluginsDir ),
				path.join( wp, 'wp-content/mu-plugins' ),
				'dir'
			);
		}

		const phpCliArgs = cliOpcacheArgs( root );
		const runPhp = makeRunPhp( {
			root,
			phpCliArgs,
			wp,
			url,
			debugLogPath,
			phpChildren,
		} );
		installWordPress( {
			root,
			phpCliArgs,
			wp,
			url,
			pluginsToActivate:
				'sqlite' === database ? [ SQLITE_PLUGIN_FILE ] : [],
			multisite,
		} );
		// The network's constants only once its tables exist (WordPress's own order: Tools → Network Setup).
		if ( multisite ) writeConfig( true );
		const { appPassword } = parseMarked(
			await runPhp(
				setupSnippet( {
					...( null === pluginDir ? { pluginFile: null } : {} ),
					networkWide: multisite,
				} )
			)
		);

		const server = startPhpServer( { root, wp, port, workers, multisite } );
		groups.push( server );
		await waitForHttp( `${ url }/wp-includes/images/blank.gif`, {
			isAlive: () => server.exitCode === null,
		} );
		await warmUp( url );
		log(
			`native site (WordPress ${ wordpressVersion }, ${ database }) up at ${ url } in ${ seconds(
				started
			) } s (root ${ root })`
		);

		return {
			url,
			adminUser: ADMIN_USER,
			adminPassword: ADMIN_PASSWORD,
			appPassword,
			debugLogPath,
			wordpressPath: wp,
			wordpressVersion,
			database: mariaDb,
			multisite,
			runPhp,
			stop,
		};
	} catch ( error ) {
		await stop();
		throw error;
	}
}

/**
 * Installs the Debian packages when what `database` needs is missing (only possible as root).
 * @param {'mariadb'|'sqlite'} [database]
 */
export function ensureNativePackages( database = 'mariadb' ) {
	const missing =
		! findBinary( 'php8.2' ) ||
		( 'mariadb' === database &&
			( ! findBinary( 'mariadbd' ) ||
				! findBinary( 'mariadb-install-db' ) ) ) ||
		! phpHasExtensions( database );
	const root = process.getuid?.() === 0;
	// The classic theme only widens the job pages' tests (they skip without it), and the e-mail tests' SMTP server
	// is needed by those tests alone: both installed when possible.
	const extrasMissing =
		! fs.existsSync( path.join( DEBIAN_CLASSIC_THEME, 'index.php' ) ) ||
		! fs.existsSync( DEBIAN_AIOSMTPD );
	if ( ! missing && ! ( extrasMissing && root ) ) return;
	if ( ! root ) {
		throw new Error(
			`native PHP (${ database }) incomplete; run as root: apt-get install -y ${ APT_PACKAGES.join( ' ' ) }`
		);
	}
	log(
		`installing ${ APT_PACKAGES.join( ' ' ) } with apt-get (about a minute, once)…`
	);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	execFileSync( 'apt-get', [ 'update', '-qq' ], { stdio: 'inherit', env } );
	execFileSync( 'apt-get', [ 'install', '-y', '-qq', ...APT_PACKAGES ], {
		stdio: 'inherit',
		env,
	} );
}

/**
 * The npm trees carry Twenty Twenty-One's assets without its PHP: the site gets Debian's whole copy instead, so
 * tests can switch to a classic theme.
 */
function linkClassicTheme( wp ) {
	if ( ! fs.existsSync( path.join( DEBIAN_CLASSIC_THEME, 'index.php' ) ) ) return;
	const target = path.join( wp, 'wp-content/themes/twentytwentyone' );
	fs.rmSync( target, { recursive: true, force: true } );
	fs.symlinkSync( DEBIAN_CLASSIC_THEME, target, 'dir' );
}

function phpHasExtensions( database ) {
	const php = findBinary( 'php8.2' );
	if ( ! php ) return false;
	// The SQLite Database Integration plugin talks to SQLite through PDO.
	const driver =
		'sqlite' === database
			? 'extension_loaded("pdo_sqlite")'
			: 'extension_loaded("mysqli")';
	const result = spawnSync(
		php,
		[
			'-r',
			`echo ${ driver } && class_exists("ZipArchive") ? "yes" : "no";`,
		],
		{ encoding: 'utf8' }
	);
	return result.stdout === 'yes';
}

export function findBinary( name ) {
	const dirs = [
		...( process.env.PATH ?? '' ).split( path.delimiter ),
		...SBIN_DIRS,
	];
	for ( const dir of dirs ) {
		const candidate = path.join( dir, name );
		try {
			fs.accessSync( candidate, fs.constants.X_OK );
			return candidate;
		} catch {
			// Keep looking.
		}
	}
	return null;
}

/**
 * A fresh mariadbd on its own data dir in `dir` (mariadb-install-db, then the server in its own process group), for
 * the native site's database and the cluster leg's read replica (read-replica.mjs).
 * @param {object} options
 * @param {string} options.dir folder for the data dir, socket, error log and temporary tables
 * @param {string[]} options.args the server's own options (networking, replication, buffer pool)
 * @returns {{server: import('node:child_process').ChildProcess, socket: string, errorLog: string, dbUser: string}}
 */
export function spawnMariaDb( { dir, args } ) {
	const datadir = path.join( dir, 'data' );
	const socket = path.join( dir, 'mysqld.sock' );
	const errorLog = path.join( dir, 'mariadb.err' );
	fs.mkdirSync( dir, { recursive: true } );
	// As root, mariadbd refuses to run as root; it drops to `mysql`, which must own the dir.
	const asRoot = process.getuid?.() === 0;
	const dbUser = asRoot ? 'mysql' : os.userInfo().username;
	if ( asRoot ) execFileSync( 'chown', [ 'mysql:mysql', dir ] );

	// Its own folder for on-disk temporary tables, for the bootstrap as for the server: a starting mariadbd deletes
	// every #sql* file in its tmpdir, so servers sharing /tmp (the CI legs run in parallel) broke each other's
	// bootstrap ("Unknown table 'mysql.tmp_user_sys'", twice in 40 boots two at a time).
	const tmpdir = path.join( dir, 'tmp' );
	fs.mkdirSync( tmpdir );
	if ( asRoot ) execFileSync( 'chown', [ 'mysql:mysql', tmpdir ] );
	// --no-defaults everywhere: /etc/mysql config (system datadir, socket) must not leak in.
	execFileSync(
		findBinary( 'mariadb-install-db' ),
		[
			'--no-defaults',
			`--user=${ dbUser }`,
			`--datadir=${ datadir }`,
			'--auth-root-authentication-method=socket',
			'--skip-test-db',
			`--tmpdir=${ tmpdir }`, // passed on to the bootstrap mariadbd
		],
		{ stdio: [ 'ignore', 'ignore', 'pipe' ] }
	);
	const server = spawn(
		findBinary( 'mariadbd' ),
		[
			'--no-defaults',
			`--user=${ dbUser }`,
			`--datadir=${ datadir }`,
			`--socket=${ socket }`,
			`--pid-file=${ path.join( dir, 'mariadb.pid' ) }`,
			`--log-error=${ errorLog }`,
			`--tmpdir=${ tmpdir }`,
			...args,
			// Throwaway data: durability buys nothing and costs a lot on imports/benchmarks.
			'--innodb-flush-log-at-trx-commit=2',
		],
		{ detached: true, stdio: 'ignore' } // detached = setsid: own process group
	);
	return { server, socket, errorLog, dbUser };
}

/**
 * mariadbd on a fresh data dir in `root`/db (unix socket only, unless it is a replication source).
 * @returns {Promise<{socket: string, port?: number}>}
 */
async function startMariaDb( root, dbName, groups, { replicationSource = false } = {} ) {
	const port = replicationSource ? await freePort() : undefined;
	const { server, socket, errorLog, dbUser } = spawnMariaDb( {
		dir: path.join( root, 'db' ),
		args: [
			...( replicationSource
				? [
						'--bind-address=127.0.0.1',
						`--port=${ port }`,
						'--server-id=1',
						'--log-bin=primary-bin',
						'--binlog-format=ROW',
						'--gtid-strict-mode=1',
						// With the binary log on, MariaDB lets only SUPER create or drop triggers unless told
						// otherwise; the test support's injected insert failures use one (tests/support/).
						'--log-bin-trust-function-creators=1',
				  ]
				: [ '--skip-networking' ] ),
			'--innodb-buffer-pool-size=256M',
		],
	} );
	const asRoot = process.getuid?.() === 0;
	groups.push( server );
	// A database server that dies under the tests (seen twice: a segfault in Aria's drop_table) says why before
	// its temp dir goes: the error log holds the crash report and the query.
	server.once( 'exit', ( code, signal ) => {
		if ( ! server.stopping ) {
			log(
				`mariadbd exited unexpectedly (${ signal ?? code }):\n${ readTail( errorLog ) }`
			);
		}
	} );

	// The socket user is created by mariadb-install-db with unix_socket auth; WordPress
	// gets its own password user so it does not depend on which unix user runs PHP.
	const sql = [
		`CREATE DATABASE \`${ dbName }\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`,
		"CREATE USER 'wp'@'localhost' IDENTIFIED BY 'wp'",
		`GRANT ALL ON \`${ dbName }\`.* TO 'wp'@'localhost'`,
	].join( ';' );
	const client = findBinary( 'mariadb' );
	const deadline = Date.now() + 20000;
	for (;;) {
		if ( server.exitCode !== null ) {
			throw new Error(
				`mariadbd exited (${ server.exitCode }):\n${ readTail( errorLog ) }`
			);
		}
		const result = spawnSync(
			client,
			[
				'--no-defaults',
				`--socket=${ socket }`,
				`--user=${ asRoot ? 'root' : dbUser }`,
				'-e',
				sql,
			],
			{
				encoding: 'utf8',
			}
		);
		if ( result.status === 0 ) break;
		if ( Date.now() > deadline )
			throw new Error(
				`MariaDB did not accept connections: ${ result.stderr }\n${ readTail( errorLog ) }`
			);
		await new Promise( ( r ) => setTimeout( r, 100 ) );
	}
	return { socket, port };
}

/** wp-config.php lines that connect WordPress to the MariaDB server. */
function mariaDbConfig( { socket } ) {
	return `define( 'DB_USER', 'wp' );
define( 'DB_PASSWORD', 'wp' );
define( 'DB_HOST', ${ phpString( `localhost:${ socket }` ) } );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );`;
}

/**
 * Installs the SQLite Database Integration plugin as its admin page would: the plugin folder in
 * wp-content/plugins/ and its db.copy, placeholders filled in, as the wp-content/db.php drop-in
 * (the plugin itself is activated after the install, see installWordPress()).
 * @returns {string} the wp-config.php lines that place the database file
 */
function installSqliteDropIn( { root, wp, dbName } ) {
	const unpacked = path.join( root, 'sqlite-zip' );
	extractZip( SQLITE_PLUGIN_ZIP, unpacked );
	// The zip holds one folder (plugin-sqlite-database-integration/); its slug is the plugin's own.
	const [ folder, ...others ] = fs.readdirSync( unpacked );
	if ( ! folder || others.length ) {
		throw new Error(
			`${ SQLITE_PLUGIN_ZIP }: expected one folder, found ${ [ folder, ...others ].join( ', ' ) }`
		);
	}
	const pluginDir = path.join( wp, 'wp-content/plugins', SQLITE_PLUGIN_SLUG );
	fs.renameSync( path.join( unpacked, folder ), pluginDir );
	fs.rmSync( unpacked, { recursive: true, force: true } );
	const dropIn = fs
		.readFileSync( path.join( pluginDir, 'db.copy' ), 'utf8' )
		.replace( "'{SQLITE_IMPLEMENTATION_FOLDER_PATH}'", phpString( pluginDir ) )
		.replace( "'{SQLITE_PLUGIN}'", phpString( SQLITE_PLUGIN_FILE ) );
	fs.writeFileSync( path.join( wp, 'wp-content/db.php' ), dropIn );

	const dbDir = path.join( root, 'db' );
	fs.mkdirSync( dbDir );
	// Outside the document root: php -S (through our router) would serve wp-content/database/ to anyone.
	return `define( 'DB_DIR', ${ phpString( dbDir ) } );
define( 'DB_FILE', ${ phpString( `${ dbName }.sqlite` ) } );`;
}

/**
 * wp-config.php. A network (`network` true) has no WP_HOME / WP_SITEURL (they would give every site the main
 * site's address): each site's own options hold its address, and the network's constants say where the main site is.
 */
function wpConfig( { url, dbName, dbConfig, debugLogPath, network = false } ) {
	const salt = () =>
		phpString( crypto.randomBytes( 32 ).toString( 'base64' ) );
	const keys = [
		'AUTH_KEY',
		'SECURE_AUTH_KEY',
		'LOGGED_IN_KEY',
		'NONCE_KEY',
		'AUTH_SALT',
		'SECURE_AUTH_SALT',
		'LOGGED_IN_SALT',
		'NONCE_SALT',
	];
	return `<?php
// Generated by scripts/lib/site-native.mjs for a throwaway test site.
define( 'DB_NAME', ${ phpString( dbName ) } );
${ dbConfig }
${ keys.map( ( key ) => `define( '${ key }', ${ salt() } );` ).join( '\n' ) }
$table_prefix = 'wp_';

${ network ? networkConstants( url ) : siteUrlConstants( url ) }
// 'local' also enables application passwords over plain http.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', ${ phpString( debugLogPath ) } );
define( 'WP_DEBUG_DISPLAY', false );

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

function siteUrlConstants( url ) {
	return `// Must match the served URL exactly, or every page redirects.
define( 'WP_HOME', ${ phpString( url ) } );
define( 'WP_SITEURL', ${ phpString( url ) } );`;
}

/** A subdirectory network whose main site is at the root of host:port (WordPress keeps the port in the domain). */
function networkConstants( url ) {
	return `define( 'WP_ALLOW_MULTISITE', true );
define( 'MULTISITE', true );
define( 'SUBDOMAIN_INSTALL', false );
define( 'DOMAIN_CURRENT_SITE', ${ phpString( new URL( url ).host ) } );
define( 'PATH_CURRENT_SITE', '/' );
define( 'SITE_ID_CURRENT_SITE', 1 );
define( 'BLOG_ID_CURRENT_SITE', 1 );`;
}

/** $_SERVER values WordPress expects but the PHP CLI does not set (avoids "undefined index" noise). */
function cliServerPrelude( url ) {
	const host = new URL( url ).host;
	return `$_SERVER['HTTP_HOST'] = ${ phpString( host ) };
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = ${ phpString( new URL( url ).port ) };
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
`;
}

/**
 * wp_install() from the PHP CLI, then `pluginsToActivate` activated silently (their activation
 * redirects would end the script).
 */
function installWordPress( { root, phpCliArgs, wp, url, pluginsToActivate, multisite } ) {
	const script = path.join( root, 'install.php' );
	fs.writeFileSync(
		script,
		`<?php
${ cliServerPrelude( url ) }
define( 'WP_INSTALLING', true );
require ${ phpString( path.join( wp, 'wp-load.php' ) ) };
// There is no sendmail: replace the pluggable notification before upgrade.php defines it.
function wp_new_blog_notification() {}
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$result = wp_install( 'Recruiting Reports', ${ phpString( ADMIN_USER ) }, 'admin@example.com', true, '', ${ phpString( ADMIN_PASSWORD ) } );
if ( empty( $result['user_id'] ) ) { fwrite( STDERR, "wp_install failed\\n" ); exit( 1 ); }
${ multisite ? networkInstallSnippet( url ) : '' }
${ pluginsToActivate
	.map(
		( plugin ) =>
			`if ( null !== activate_plugin( ${ phpString( plugin ) }, '', false, true ) ) { fwrite( STDERR, ${ phpString( `could not activate ${ plugin }\n` ) } ); exit( 1 ); }`
	)
	.join( '\n' ) }
`
	);
	const result = spawnSync( findBinary( 'php8.2' ), [ ...phpCliArgs, script ], {
		cwd: wp,
		encoding: 'utf8',
	} );
	if ( result.status !== 0 ) {
		throw new Error(
			`wp_install failed (${ result.status }):\n${ result.stdout }\n${ result.stderr }`
		);
	}
}

/**
 * What Tools → Network Setup does (and WP-CLI's multisite-install): the network's tables, the network with the
 * main site in it, the admin as its super admin. The constants follow in wp-config.php (see networkConstants()).
 */
function networkInstallSnippet( url ) {
	return `require_once ABSPATH . 'wp-admin/includes/network.php';
// Not a network yet, so $wpdb does not know the global tables' names.
foreach ( $wpdb->tables( 'ms_global' ) as $table => $prefixed ) { $wpdb->$table = $prefixed; }
install_network();
$network = populate_network( 1, ${ phpString( new URL( url ).host ) }, 'admin@example.com', 'Recruiting Network', '/', false );
if ( is_wp_error( $network ) ) { fwrite( STDERR, 'populate_network: ' . $network->get_error_message() . "\\n" ); exit( 1 ); }
update_site_option( 'site_admins', array( ${ phpString( ADMIN_USER ) } ) );`;
}

/**
 * runPhp(code): PHP statements (a leading `<?php` is optional) run by the PHP CLI
 * after wp-load.php, with the admin as current user. Resolves with stdout; rejects
 * on a non-zero exit with stderr and the new debug.log lines (fatals go there).
 */
function makeRunPhp( { root, phpCliArgs, wp, url, debugLogPath, phpChildren } ) {
	let counter = 0;
	return ( code ) =>
		new Promise( ( resolve, reject ) => {
			const script = path.join(
				root,
				`run-${ process.pid }-${ ++counter }.php`
			);
			fs.writeFileSync(
				script,
				runPhpSource( {
					wpLoad: path.join( wp, 'wp-load.php' ),
					code,
					prelude: cliServerPrelude( url ),
				} )
			);
			const logSizeBefore = fileSize( debugLogPath );
			const child = spawn( findBinary( 'php8.2' ), [ ...phpCliArgs, script ], {
				cwd: wp,
			} );
			phpChildren.add( child );
			let stdout = '';
			let stderr = '';
			child.stdout
				.setEncoding( 'utf8' )
				.on( 'data', ( chunk ) => ( stdout += chunk ) );
			child.stderr
				.setEncoding( 'utf8' )
				.on( 'data', ( chunk ) => ( stderr += chunk ) );
			child.on( 'error', reject );
			child.on( 'close', ( status ) => {
				phpChildren.delete( child );
				fs.rmSync( script, { force: true } );
				if ( status === 0 ) return resolve( stdout );
				reject(
					phpFailure( `runPhp exited with ${ status }`, {
						debugLog: readFrom( debugLogPath, logSizeBefore ),
						stderr,
						stdout,
					} )
				);
			} );
		} );
}

/**
 * OPcache for the site's CLI processes (runPhp(), the install): each is a new process that, without it, compiled
 * WordPress afresh; with a file cache in the site's root each reads what earlier runs compiled (a run that loads
 * WordPress: 314 -> 138 ms here; the SQLite integration suite alone 791 -> 584 s). The web server needs nothing: OPcache
 * serves the built-in server's SAPI (cli-server) in shared memory without opcache.enable_cli. OPcache compares
 * whole-second timestamps, so the files this harness writes while a site may run (wp-config.php, the database and
 * object-cache drop-ins, the runPhp() scripts) are never cached: a rewrite within one second cannot run old code.
 *
 * @param {string} root The site's temp root (its blacklist and cache are written there, once per site).
 * @return {string[]} php8.2 arguments (none when PHP_INI_SCAN_DIR names the caller's own settings).
 */
function cliOpcacheArgs( root ) {
	if ( process.env.PHP_INI_SCAN_DIR ) {
		return []; // The caller's ini files configure OPcache: the benchmark's production settings (scripts/bench/php-ini).
	}
	const real = fs.realpathSync( root );
	const blacklist = path.join( real, 'opcache-blacklist.txt' );
	const cache = path.join( real, 'opcache' );
	const written = [ 'wp/wp-config.php', 'wp/wp-content/db.php', 'wp/wp-content/object-cache.php', 'run-' ];
	fs.writeFileSync( blacklist, written.map( ( file ) => path.join( real, file ) ).join( '\n' ) + '\n' );
	fs.mkdirSync( cache, { recursive: true } );
	return [ 'opcache.enable_cli=1', `opcache.file_cache=${ cache }`, 'opcache.file_cache_only=1', `opcache.blacklist_filename=${ blacklist }` ].flatMap( ( setting ) => [ '-d', setting ] );
}

/**
 * A subdirectory network's rewrite rules (what Network Setup gives for .htaccess) in the router: /site2/wp-admin
 * redirects to /site2/wp-admin/; /site2/wp-(admin|content|includes)/… and /site2/….php are core's own files with the
 * site's path stripped, while REQUEST_URI keeps it (WordPress finds the site from it). PHP files run here, since
 * the built-in server can only serve the requested path itself.
 */
const SUBDIRECTORY_NETWORK_ROUTES = `	if ( preg_match( '#^/[_0-9a-zA-Z-]+/wp-admin$#', $path ) ) {
		header( 'Location: ' . $path . '/', true, 301 );
		return true;
	}
	if ( preg_match( '#^/[_0-9a-zA-Z-]+(/wp-(?:content|admin|includes)/.*|/[^/]+\\.php)$#', $path, $match ) ) {
		$script = $match[1];
		if ( substr( $script, -1 ) === '/' ) {
			$script .= 'index.php';
		}
		$target = $_SERVER['DOCUMENT_ROOT'] . $script;
		if ( is_file( $target ) && substr( $target, -4 ) === '.php' ) {
			$_SERVER['SCRIPT_NAME'] = $script;
			$_SERVER['PHP_SELF'] = $script;
			$_SERVER['SCRIPT_FILENAME'] = $target;
			chdir( dirname( $target ) );
			require $target;
			return true;
		}
		if ( is_file( $target ) ) {
			$types = array( 'css' => 'text/css', 'js' => 'text/javascript', 'svg' => 'image/svg+xml', 'json' => 'application/json' );
			$extension = strtolower( pathinfo( $target, PATHINFO_EXTENSION ) );
			header( 'Content-Type: ' . ( $types[ $extension ] ?? mime_content_type( $target ) ) );
			readfile( $target );
			return true;
		}
	}
`;

function startPhpServer( { root, wp, port, workers, multisite = false } ) {
	const router = path.join( root, 'router.php' );
	// php -S only serves existing files; everything else (pretty permalinks, /wp-json/, URLs
	// with a dot in them) must go to index.php, which is what Apache/nginx rewrites do.
	fs.writeFileSync(
		router,
		`<?php
$path = urldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if ( $path !== '/' && strpos( $path, '..' ) === false ) {
	if ( is_file( $file ) ) {
		return false; // static file or a real .php script: let the built-in server handle it
	}
	if ( substr( $path, -1 ) === '/' && is_file( $file . 'index.php' ) ) {
		return false; // e.g. /wp-admin/
	}
${ multisite ? SUBDIRECTORY_NETWORK_ROUTES : '' }}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
chdir( $_SERVER['DOCUMENT_ROOT'] );
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
`
	);
	const logFd = fs.openSync( path.join( root, 'php-server.log' ), 'a' );
	const server = spawn(
		findBinary( 'php8.2' ),
		// Upload limits of a typical host (Debian's CLI defaults, 2M/8M, are below the apply form's 5 MB CV
		// default); a 20 MB request still exceeds post_max_size, as it would there.
		[ '-d', 'upload_max_filesize=8M', '-d', 'post_max_size=12M', '-S', `127.0.0.1:${ port }`, '-t', wp, router ],
		{
			cwd: wp,
			detached: true, // setsid: the server and its workers form one group we can kill
			stdio: [ 'ignore', logFd, logFd ],
			env: { ...process.env, PHP_CLI_SERVER_WORKERS: String( workers ) },
		}
	);
	fs.closeSync( logFd );
	server.stopSignal = 'SIGINT'; // see terminate()
	return server;
}

/**
 * Stops a server started with setsid by signalling its whole process group, then
 * SIGKILLs the group if the leader is still alive after 5 s.
 * The PHP built-in server needs SIGINT (what Ctrl-C sends): on it the master reaps its
 * PHP_CLI_SERVER_WORKERS children and exits. On SIGTERM the master dies at once and the
 * workers become zombies of init. mariadbd shuts down cleanly on SIGTERM.
 */
function terminate( child ) {
	const killGroup = ( signal ) => {
		try {
			process.kill( -child.pid, signal );
		} catch {
			// Group already empty.
		}
	};
	child.stopping = true; // an expected exit from here on
	return new Promise( ( resolve ) => {
		if ( child.exitCode !== null || child.signalCode !== null ) {
			killGroup( 'SIGKILL' );
			return resolve();
		}
		const timer = setTimeout( () => killGroup( 'SIGKILL' ), 5000 );
		child.once( 'exit', () => {
			clearTimeout( timer );
			killGroup( 'SIGKILL' ); // stragglers, if any
			resolve();
		} );
		killGroup( child.stopSignal ?? 'SIGTERM' );
	} );
}

function log( message ) {
	process.stderr.write( `[site-native] ${ message }\n` );
}
