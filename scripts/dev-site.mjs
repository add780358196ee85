#!/usr/bin/env node
// Boots a native WordPress site with the plugin and demo data and keeps it running until
// Ctrl-C (for trying the UI by hand or with ad-hoc browser scripts). Prints URL and logins.
//
//   node scripts/dev-site.mjs [--port=9810]

import fs from 'node:fs';
import path from 'node:path';
import { seedDemoData } from './lib/demo-data.mjs';
import { startNativeSite } from './lib/site-native.mjs';
import { REPO_ROOT } from './lib/wordpress-dist.mjs';

const port = Number(
	process.argv.find( ( a ) => a.startsWith( '--port=' ) )?.slice( 7 ) ?? 9810
);
const muPluginsDir = path.join( REPO_ROOT, 'tests/support/mu-plugins' );
const site = await startNativeSite( {
	port,
	muPluginsDir: fs.existsSync( muPluginsDir ) ? muPluginsDir : undefined,
} );
console.log( `seed: ${ JSON.stringify( await seedDemoData( site ) ) }` );
console.log(
	JSON.stringify( {
		url: site.url,
		user: site.adminUser,
		password: site.adminPassword,
		appPassword: site.appPassword,
		debugLog: site.debugLogPath,
	} )
);
const stop = async () => {
	await site.stop();
	process.exit( 0 );
};
process.on( 'SIGINT', stop );
process.on( 'SIGTERM', stop );
setInterval( () => {}, 1 << 30 );
