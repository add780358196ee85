/**
 * Jest's jsdom environment, except for one message: jsdom's CSS parser cannot read the modern CSS
 * that @wordpress/dataviews injects in <style> elements when it is imported, and reports each such
 * sheet as a "Could not parse CSS stylesheet" error on its virtual console. jsdom does not lay out
 * or apply styles anyway, so the message says nothing about the code under test and buried real
 * output. Only that jsdom error is dropped; everything else the virtual console reports (other
 * jsdom errors, a page's own console calls) reaches the test's console as before.
 */
const { TestEnvironment } = require( 'jest-environment-jsdom' );

/**
 * Whether a virtual-console message is jsdom's report of a stylesheet it could not parse.
 * @param {unknown} message The first argument of the console call.
 * @return {boolean} True only for that jsdom error.
 */
function isUnparsedStylesheet( message ) {
	return (
		message instanceof Error &&
		message.type === 'css parsing' &&
		message.message === 'Could not parse CSS stylesheet'
	);
}

class QuietStylesheetEnvironment extends TestEnvironment {
	constructor( config, context ) {
		const testConsole = context.console;
		super( config, {
			...context,
			// jsdom's virtual console forwards to this copy; `testConsole.error` is looked up at each
			// call, so the spies test setups put on console.error still see what passes.
			console: {
				...testConsole,
				error: ( ...args ) =>
					isUnparsedStylesheet( args[ 0 ] )
						? undefined
						: testConsole.error( ...args ),
			},
		} );
	}
}

module.exports = QuietStylesheetEnvironment;
