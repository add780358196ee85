// The text domain of every translation call in a built script, found with the TypeScript compiler's JavaScript
// parser (a project dependency). In webpack's output the calls go through the external `wp.i18n` object, as
// `(0, r.__)( 'text', 'domain' )`: a property access named __, _x, _n or _nx (property names survive
// minification; a bare identifier may be a minified local and is not counted).

import ts from 'typescript';

/** Translation functions of @wordpress/i18n => position of their text domain argument. */
const DOMAIN_ARGUMENT = { __: 1, _x: 2, _n: 3, _nx: 4 };

/**
 * @param {string} source   the script
 * @param {string} fileName for messages
 * @param {string} domain   the only allowed text domain
 * @return {{ calls: number, wrongDomain: string[] }} how many translation calls, and those with another domain
 */
export function scriptTextDomains( source, fileName, domain ) {
	const file = ts.createSourceFile( fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS );
	const result = { calls: 0, wrongDomain: [] };
	const visit = ( node ) => {
		if ( ts.isCallExpression( node ) ) {
			const name = translationFunction( node.expression );
			if ( name ) {
				result.calls++;
				const argument = node.arguments[ DOMAIN_ARGUMENT[ name ] ];
				if ( ! argument || ! ts.isStringLiteral( argument ) || argument.text !== domain ) {
					const { line } = file.getLineAndCharacterOfPosition( node.getStart( file ) );
					result.wrongDomain.push( `${ fileName }:${ line + 1 } ${ name }(): ${ argument ? argument.getText( file ).slice( 0, 60 ) : 'no domain' }` );
				}
			}
		}
		ts.forEachChild( node, visit );
	};
	visit( file );
	return result;
}

/** The @wordpress/i18n function a callee names (`r.__`, `(0, r.__)`), or undefined. */
function translationFunction( callee ) {
	let expression = callee;
	while ( ts.isParenthesizedExpression( expression ) || ( ts.isBinaryExpression( expression ) && expression.operatorToken.kind === ts.SyntaxKind.CommaToken ) ) {
		expression = ts.isParenthesizedExpression( expression ) ? expression.expression : expression.right;
	}
	return ts.isPropertyAccessExpression( expression ) && Object.hasOwn( DOMAIN_ARGUMENT, expression.name.text ) ? expression.name.text : undefined;
}
