// docs/adding-a-report.md's example as the doc shows it, and where the tests install it: the folder the runners give
// the site as wp-content/mu-plugins (MU_PLUGINS_DIR of scripts/test-integration.mjs and scripts/test-e2e.mjs).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
const INSTALLED = path.join(
	ROOT,
	'tests/support/mu-plugins/recruiting-doc-example.php'
);

/** The doc's one ```php block, as it stands. */
export function docExample() {
	const doc = fs.readFileSync(
		path.join( ROOT, 'docs/adding-a-report.md' ),
		'utf8'
	);
	const blocks = [ ...doc.matchAll( /```php\n([\s\S]*?)```/g ) ];
	assert.equal( blocks.length, 1, 'the doc holds one PHP example' );
	return blocks[ 0 ][ 1 ];
}

export const installDocExample = () =>
	fs.writeFileSync( INSTALLED, docExample() );
export const removeDocExample = () => fs.rmSync( INSTALLED, { force: true } );

/** The applications the tests give the example: January 2025 has 3 (1 withdrawn, 1 rejected). */
export const DOC_EXAMPLE_DATA = {
	jobs: [
		{
			external_id: 'wd-job',
			title: 'Job wd-job',
			status: 'publish',
			created_at: '2024-06-01T00:00:00Z',
		},
	],
	applications: [
		[ 'wd-1', '2025-01-05T10:00:00Z', 'withdrawn', '2025-01-08T10:00:00Z' ],
		[ 'wd-2', '2025-01-06T10:00:00Z', 'rejected', '2025-01-09T10:00:00Z' ],
		[ 'wd-3', '2025-01-07T10:00:00Z' ],
		[ 'wd-4', '2024-12-20T10:00:00Z', 'withdrawn', '2025-01-02T10:00:00Z' ],
	].map( ( [ id, applied, status, at ] ) => ( {
		external_id: id,
		job: 'wd-job',
		candidate: { name: `Candidate ${ id }`, email: `${ id }@example.com` },
		applied_at: applied,
		history: status ? [ { status, at } ] : [],
	} ) ),
};
