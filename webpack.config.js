/**
 * The @wordpress/scripts webpack config with this plugin's entry points. Each entry gets a
 * build/<name>.asset.php (dependencies and version) that includes/Admin/Assets.php and
 * block.json use. The block's view script imports no @wordpress/* package, so the front end
 * loads only it (and its chart.js code): see scripts/bundle-sizes.mjs for the budget.
 */
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

const src = ( file ) => path.resolve( __dirname, 'src', file );

module.exports = {
	...defaultConfig,
	entry: {
		dashboard: src( 'dashboard/index.tsx' ),
		reports: src( 'admin/reports/index.tsx' ),
		settings: src( 'admin/settings/index.tsx' ),
		applications: src( 'admin/applications/index.tsx' ),
		'block-editor': src( 'blocks/editor.tsx' ),
		'block-view': src( 'blocks/view.ts' ),
	},
};
