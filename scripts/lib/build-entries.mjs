// The entry points webpack.config.js builds into build/ (each with its .asset.php): what the
// end-to-end runner needs before it starts and what bundle-sizes.mjs measures.

export const BUILD_ENTRIES = [
	'dashboard',
	'reports',
	'settings',
	'applications',
	// @wordpress/dataviews, shared by the Applications and Settings pages (webpack.config.js).
	'dataviews',
	'block-editor',
	'block-view',
	// The job list block's editor script (includes/Blocks/job-list/block.json).
	'job-list-editor',
	// The careers funnel's beacon script (Careers\FunnelCounting).
	'careers-beacon',
];
