#!/usr/bin/env node
// `npm start`: build the front-end, boot WordPress Playground with the plugin active and
// demo data, print how to log in, and stay up until Ctrl-C.
// Env: PORT (default 9400), RR_PLAYGROUND_WORKERS (default 2: a browser drives this site and
// one worker would serialise its parallel requests), RR_PHP_VERSION (8.1 to 8.4; default 8.2).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createDemoApiKey, seedDemoData } from './lib/demo-data.mjs';
import { startPlaygroundSite } from './lib/site-playground.mjs';
import { seconds } from './lib/site-common.mjs';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';

const port = Number( process.env.PORT || 9400 );
const started = Date.now();

// Always build: wp-scripts build is quick and a stale build/ is a confusing demo.
if ( fs.existsSync( path.join( REPO_ROOT, 'src' ) ) ) {
	console.log( 'Building front-end (wp-scripts build)…' );
	const build = spawnSync( 'npx', [ '--no-install', 'wp-scripts', 'build' ], {
		cwd: REPO_ROOT,
		stdio: 'inherit',
	} );
	if ( build.status !== 0 ) {
		console.error( 'Build failed.' );
		process.exit( build.status ?? 1 );
	}
} else {
	console.log( 'No src/ yet: skipping the front-end build.' );
}

console.log( 'Booting WordPress Playground (about 15 s)…' );
const site = await startPlaygroundSite( {
	port,
	workers: Number( process.env.RR_PLAYGROUND_WORKERS || 2 ),
} );

let stopping = false;
const shutdown = async () => {
	if ( stopping ) return;
	stopping = true;
	console.log( '\nStopping…' );
	await site.stop();
	process.exit( 0 );
};
process.on( 'SIGINT', shutdown );
process.on( 'SIGTERM', shutdown );

let seedSummary = '(none: seeding failed, see above)';
let apiKey = '(none: seeding failed, see above)';
try {
	seedSummary = truncate( JSON.stringify( await seedDemoData( site ) ), 400 );
	apiKey = await createDemoApiKey( site );
} catch ( error ) {
	console.error( `Seeding failed:\n${ error.message }` );
}

console.log( `
Recruiting Reports demo is running (ready in ${ seconds( started ) } s)

  Site:                  ${ site.url }/
  Admin:                 ${ site.url }/wp-admin/
  Login:                 ${ site.adminUser } / ${ site.adminPassword }
  Application password:  ${ site.appPassword }   (Basic auth ${ site.adminUser }:<app password>)
  API key:               ${ apiKey }
  Demo data:             ${ seedSummary }
  REST API:              ${ site.url }/wp-json/recruiting/v1/
  debug.log:             ${ site.debugLogPath }

Press Ctrl-C to stop.` );

function truncate( text, max ) {
	return text.length > max ? `${ text.slice( 0, max ) }…` : text;
}
