// PHP unit tests (tests/php, phpunit.xml.dist): the plugin's pure classes without WordPress, in milliseconds.
// Runs Debian's phpunit (9.6) when php is installed; without php it says so and succeeds, because the rest of
// `npm test` (Playground) needs nothing but Node. With php but without phpunit it fails: CI must run them.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve( path.dirname( fileURLToPath( import.meta.url ) ), '..' );
const found = ( command ) => 0 === spawnSync( command, [ '--version' ], { stdio: 'ignore' } ).status;

if ( ! found( 'php' ) ) {
	console.log( '[test:php] SKIPPED: php is not installed, so the PHP unit tests (tests/php) did not run. Install php8.2-cli and phpunit to run them.' );
	process.exit( 0 );
}
const phpunit = process.env.PHPUNIT || 'phpunit';
if ( ! found( phpunit ) ) {
	console.error( `[test:php] php is installed but ${ phpunit } is not (Debian: apt-get install phpunit; or set PHPUNIT).` );
	process.exit( 1 );
}
const result = spawnSync( phpunit, [ '--configuration', path.join( root, 'phpunit.xml.dist' ), ...process.argv.slice( 2 ) ], { stdio: 'inherit', cwd: root } );
process.exit( result.status ?? 1 );
