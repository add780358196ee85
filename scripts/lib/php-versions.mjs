// The PHP versions the project is tested on: from plugin.php's "Requires PHP" header up to the newest
// release we test, all run by the PHP builds @wp-playground/cli ships (@php-wasm/node-8-*). The header is
// the one source of the lower end: the lint covers every version from it, and a site asked for a PHP
// outside the range refuses to boot (so raising "Requires PHP" fails `npm run test:smoke` until its
// --php=8.1 moves too).

import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './wordpress-dist.mjs';

/** The newest PHP release the project is tested on (the lint covers it, the smoke runs on it). */
const NEWEST_TESTED_PHP = '8.4';

/** Playground's PHP when none is asked for: the production stack's (Debian's php8.2). */
export const DEFAULT_PLAYGROUND_PHP = '8.2';

/** plugin.php's "Requires PHP" header, for example "8.1". */
export function requiredPhp( pluginFile = path.join( REPO_ROOT, 'plugin.php' ) ) {
	const match = fs
		.readFileSync( pluginFile, 'utf8' )
		.match( /^\s*\*\s*Requires PHP:\s*(\d+\.\d+)\s*$/m );
	if ( ! match ) throw new Error( `${ pluginFile } has no "Requires PHP: X.Y" header` );
	return match[ 1 ];
}

/** Every minor release from "Requires PHP" to NEWEST_TESTED_PHP, oldest first: ['8.1', … '8.4']. */
export function testedPhpVersions() {
	const [ major, fromMinor ] = requiredPhp().split( '.' ).map( Number );
	const [ newestMajor, toMinor ] = NEWEST_TESTED_PHP.split( '.' ).map( Number );
	if ( major !== newestMajor || fromMinor > toMinor ) {
		throw new Error(
			`Requires PHP ${ requiredPhp() } is outside PHP ${ newestMajor } up to ${ NEWEST_TESTED_PHP }: update NEWEST_TESTED_PHP`
		);
	}
	return Array.from(
		{ length: toMinor - fromMinor + 1 },
		( _, i ) => `${ major }.${ fromMinor + i }`
	);
}

/** Throws unless `version` is one of testedPhpVersions() (a typo must not run another PHP). */
export function assertTestedPhp( version ) {
	const tested = testedPhpVersions();
	if ( ! tested.includes( version ) ) {
		throw new Error(
			`PHP ${ version } is not a tested version (${ tested.join( ', ' ) }: "Requires PHP" in plugin.php up to ${ NEWEST_TESTED_PHP })`
		);
	}
	return version;
}
