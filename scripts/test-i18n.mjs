// The .pot's tests (tests/i18n): scripts/make-pot.mjs against an independent count of the sources, and msgfmt.
// They need build/ (npm run build), php (make-pot reads the PHP with PHP's tokenizer) and msgfmt (Debian's
// gettext, installed with apt-get when missing). Without php it says so and succeeds, like npm run test:php,
// because the rest of `npm test` (Playground) needs nothing but Node.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCommand, hasCommand } from './lib/debian.mjs';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);

if ( ! hasCommand( process.env.PHP || 'php' ) ) {
	console.log(
		'[test:i18n] SKIPPED: php is not installed, so the .pot tests (tests/i18n) did not run. Install php8.2-cli and gettext to run them.'
	);
	process.exit( 0 );
}
ensureCommand( 'msgfmt', [ 'gettext' ], '[test:i18n]' );
const result = spawnSync(
	process.execPath,
	[ '--test', path.join( root, 'tests', 'i18n' ) ],
	{ stdio: 'inherit', cwd: root }
);
process.exit( result.status ?? 1 );
