#!/usr/bin/env node
// Runs Debian's PHP_CodeSniffer (php-codesniffer, /usr/bin/phpcs) with phpcs.ci.xml: the sniffs PHPCS itself
// bundles, set to the project's WordPress style. The WordPress Coding Standards are not served by npm or Debian,
// so CI cannot run phpcs.xml.dist; contributors who have WPCS (composer.json's require-dev) run it with
//   vendor/bin/phpcs --standard=phpcs.xml.dist
// What only WPCS checked (escaping, prepared SQL, nonces) is tests/php/SecurityRulesTest.php (npm run test:php).
//
//   npm run lint:php                        npm run lint:php -- --report=summary        npm run lint:php -- includes/Rest
//
// Installs php-codesniffer with apt-get when phpcs is missing (as root). Exits non-zero on any error or warning.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCommand } from './lib/debian.mjs';

const REPO_ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const PHPCS = process.env.PHPCS || 'phpcs';

ensureCommand( PHPCS, [ 'php-codesniffer', 'php8.2-cli' ], '[lint:php]' );
const result = spawnSync(
	PHPCS,
	[ '--standard=phpcs.ci.xml', ...process.argv.slice( 2 ) ],
	{ cwd: REPO_ROOT, stdio: 'inherit' }
);
if ( result.error ) throw result.error;
if ( 0 === result.status )
	console.log( '[lint:php] phpcs.ci.xml: no errors, no warnings' );
process.exit( result.status ?? 1 );
