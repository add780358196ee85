#!/usr/bin/env node
// Runs PHP_CodeSniffer (WordPress Coding Standards + PHPCompatibilityWP, the shared tools/phpcs)
// with phpcs.xml.dist over the plugin's PHP. Extra arguments pass through, e.g.
//   npm run lint:php -- --report=summary        npm run lint:php -- includes/Rest
// Exits non-zero on errors only: warnings are reported but do not fail (ignore_warnings_on_exit).

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedPath } from './lib/shared-dir.mjs';

const REPO_ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const result = spawnSync(
	sharedPath( 'tools', 'phpcs' ),
	[ '--standard=phpcs.xml.dist', ...process.argv.slice( 2 ) ],
	{ cwd: REPO_ROOT, stdio: 'inherit' }
);
if ( result.error ) throw result.error;
process.exit( result.status ?? 1 );
