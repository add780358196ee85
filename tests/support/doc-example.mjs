// docs/adding-a-report.md's example as the doc shows it, and how the tests install it: as a mu-plugin of the test
// site alone, in its own wp-content/rr-test-mu-plugins/ (loaded by mu-plugins/recruiting-test-extensions.php),
// written and removed through the site's PHP bridge (RR_RUN_PHP_URL). Not in the repository's
// tests/support/mu-plugins: every site booted at the same time links that folder, and another suite's site would
// suddenly have a sixth report.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { php } from '../integration/lib/credentials.mjs';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
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

const INSTALLED = "WP_CONTENT_DIR . '/rr-test-mu-plugins/recruiting-doc-example.php'";

export const installDocExample = () =>
	php( `wp_mkdir_p( WP_CONTENT_DIR . '/rr-test-mu-plugins' );
		if ( false === file_put_contents( ${ INSTALLED }, base64_decode( '${ Buffer.from( docExample() ).toString( 'base64' ) }' ) ) ) {
			throw new Exception( 'could not write the example' );
		}` );
export const removeDocExample = () =>
	php( `wp_delete_file( ${ INSTALLED } );` );

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
