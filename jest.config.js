/**
 * Jest config for `wp-scripts test-unit-js`: the WordPress defaults plus jest-dom matchers.
 * Unit tests live beside the code in src/ (*.test.ts, *.test.tsx); tests/ holds the
 * integration and end-to-end suites, which run against a real WordPress instead.
 */
const defaults = require( '@wordpress/scripts/config/jest-unit.config.js' );

module.exports = {
	...defaults,
	roots: [ '<rootDir>/src' ],
	// jsdom, without its "Could not parse CSS stylesheet" reports on DataViews' styles (see the file).
	testEnvironment: '<rootDir>/jest-environment.js',
	// Some dependencies of @wordpress/components (uuid, @wordpress/theme, …) ship only ES modules
	// (.mjs): let Babel compile those to CommonJS like our own code.
	transform: {
		'\\.m?[jt]sx?$': require.resolve(
			'@wordpress/scripts/config/babel-transform'
		),
	},
	transformIgnorePatterns: [ '/node_modules/(?!(uuid|@wordpress)/)' ],
	// CI runs the unit tests beside WordPress sites on 2 cores: user-event suites that take
	// 1 s idle took over 5 s (Jest's default) there, failing on time rather than behaviour.
	testTimeout: 30000,
	setupFilesAfterEnv: [
		...( defaults.setupFilesAfterEnv || [] ),
		'<rootDir>/src/test-setup.ts',
	],
};
