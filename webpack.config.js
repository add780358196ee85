/**
 * The @wordpress/scripts webpack config with this plugin's entry points. Each entry gets a
 * build/<name>.asset.php (dependencies and version) that includes/Admin/Assets.php and
 * block.json use. The block's view script imports no @wordpress/* package, so the front end
 * loads only it (and its chart.js code): see scripts/bundle-sizes.mjs for the budget.
 *
 * `@wordpress/dataviews/wp` (about 2 MB) is built once, into build/dataviews.js (script
 * `recruiting-reports-dataviews`), and the pages that import it (Applications, Settings) use
 * that script, like they use WordPress's own packages (see src/admin/dataviews.js).
 */
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

const src = ( file ) => path.resolve( __dirname, 'src', file );
const DATAVIEWS = '@wordpress/dataviews/wp';
// @wordpress/scripts' own instance of the plugin that lists each entry's WordPress scripts; it is
// replaced by one that also maps DATAVIEWS to the plugin's shared script.
const extraction = defaultConfig.plugins.find(
	( plugin ) =>
		plugin.constructor.name === 'DependencyExtractionWebpackPlugin'
);

module.exports = {
	...defaultConfig,
	entry: {
		dashboard: src( 'dashboard/index.tsx' ),
		reports: src( 'admin/reports/index.tsx' ),
		settings: src( 'admin/settings/index.tsx' ),
		applications: src( 'admin/applications/index.tsx' ),
		dataviews: src( 'admin/dataviews.js' ),
		'block-editor': src( 'blocks/editor.tsx' ),
		'block-view': src( 'blocks/view.ts' ),
		'job-list-editor': src( 'blocks/job-list/editor.tsx' ),
		'apply-form-editor': src( 'blocks/apply-form/editor.tsx' ),
		'apply-form-view': src( 'blocks/apply-form/view.ts' ),
		'careers-beacon': src( 'careers/beacon.ts' ),
	},
	resolve: {
		...defaultConfig.resolve,
		alias: {
			...defaultConfig.resolve?.alias,
			'rr-dataviews-bundle$': require.resolve( DATAVIEWS ),
		},
	},
	plugins: [
		...defaultConfig.plugins.filter( ( plugin ) => plugin !== extraction ),
		new extraction.constructor( {
			requestToExternal: ( request ) =>
				request === DATAVIEWS
					? 'recruitingReportsDataViews'
					: undefined,
			requestToHandle: ( request ) =>
				request === DATAVIEWS
					? 'recruiting-reports-dataviews'
					: undefined,
		} ),
	],
};
