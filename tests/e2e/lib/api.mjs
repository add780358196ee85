// REST calls from the end-to-end tests, through the plugin's own typed client (src/api/node.ts,
// compiled to CommonJS in .cache/e2e-client by compileClient()).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const REPO = path.resolve(
	path.dirname( new URL( import.meta.url ).pathname ),
	'../../..'
);
const OUT = path.join( REPO, '.cache/e2e-client' );

let compiled;
/** Compiles src/api/node.ts (and what it imports) with tsc into .cache/e2e-client, once per run. */
export function clientModule() {
	if ( ! compiled ) {
		fs.rmSync( OUT, { recursive: true, force: true } );
		execFileSync(
			path.join( REPO, 'node_modules/.bin/tsc' ),
			[
				'--outDir',
				OUT,
				'--module',
				'commonjs',
				'--moduleResolution',
				'node',
				'--target',
				'ES2020',
				'--lib',
				'ES2021,DOM',
				'--types',
				'node',
				'--skipLibCheck',
				'--esModuleInterop',
				'--strict',
				'--rootDir',
				path.join( REPO, 'src/api' ),
				path.join( REPO, 'src/api/node.ts' ),
			],
			{ stdio: 'inherit' }
		);
		fs.writeFileSync(
			path.join( OUT, 'package.json' ),
			'{"type":"commonjs"}\n'
		);
		compiled = createRequire( import.meta.url )(
			path.join( OUT, 'node.js' )
		);
	}
	return compiled;
}

export const SITE = ( process.env.RR_BASE_URL || '' ).replace( /\/$/, '' );

export function adminClient() {
	return clientModule().createNodeClient( {
		siteUrl: SITE,
		auth: {
			user: process.env.RR_ADMIN_USER,
			applicationPassword: process.env.RR_ADMIN_APP_PASSWORD,
		},
	} );
}

export function keyClient( apiKey ) {
	return clientModule().createNodeClient( {
		siteUrl: SITE,
		auth: { apiKey },
	} );
}

/** Runs PHP inside the site (the runner's bridge); returns stdout. */
export async function runPhp( code ) {
	const response = await fetch( process.env.RR_RUN_PHP_URL, {
		method: 'POST',
		body: code,
	} );
	const text = await response.text();
	if ( ! response.ok ) throw new Error( `runPhp failed: ${ text }` );
	return text;
}
