// Reads the API resource types of src/api/types.ts with the TypeScript compiler (the same file the client and the
// UI compile against), so a test can compare them with the JSON schemas the routes declare: no third copy of the
// field lists exists anywhere.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const TYPES_FILE = path.resolve( path.dirname( fileURLToPath( import.meta.url ) ), '../../../src/api/types.ts' );

const program = ts.createProgram( [ TYPES_FILE ], { strict: true, target: ts.ScriptTarget.ES2020, noEmit: true, skipLibCheck: true } );
const checker = program.getTypeChecker();
const source = program.getSourceFile( TYPES_FILE );
const exported = new Map( checker.getExportsOfModule( checker.getSymbolAtLocation( source ) ).map( ( symbol ) => [ symbol.name, symbol ] ) );

/** The declared type of an exported interface or type alias of types.ts. */
export function exportedType( name ) {
	const symbol = exported.get( name );
	if ( ! symbol ) {
		throw new Error( `src/api/types.ts exports no ${ name }` );
	}
	return checker.getDeclaredTypeOfSymbol( symbol );
}

/** JSON types a TypeScript type allows: a sorted list of number, string, boolean, null, array, object (undefined, from `?`, is left out). */
export function jsonTypes( type ) {
	const found = new Set();
	const visit = ( t ) => {
		if ( t.isUnion() ) {
			t.types.forEach( visit );
			return;
		}
		const flags = t.getFlags();
		if ( flags & ( ts.TypeFlags.Undefined | ts.TypeFlags.Void ) ) {
			return;
		}
		if ( flags & ts.TypeFlags.NumberLike ) {
			found.add( 'number' );
		} else if ( flags & ts.TypeFlags.StringLike ) {
			found.add( 'string' );
		} else if ( flags & ts.TypeFlags.BooleanLike ) {
			found.add( 'boolean' );
		} else if ( flags & ts.TypeFlags.Null ) {
			found.add( 'null' );
		} else if ( flags & ( ts.TypeFlags.Unknown | ts.TypeFlags.Any ) ) {
			found.add( 'any' );
		} else if ( checker.isArrayType( t ) ) {
			found.add( 'array' );
		} else {
			found.add( 'object' );
		}
	};
	visit( type );
	return [ ...found ].sort();
}

/** The object member of a type (T of `T | null`), or null when it has none. */
function objectPart( type ) {
	const members = type.isUnion() ? type.types : [ type ];
	return members.find( ( t ) => ( t.getFlags() & ts.TypeFlags.Object ) && ! checker.isArrayType( t ) ) || null;
}

/** The element type of an array type (of `T[] | null` too), or null. */
function elementOf( type ) {
	const members = type.isUnion() ? type.types : [ type ];
	const array = members.find( ( t ) => checker.isArrayType( t ) );
	return array ? checker.getTypeArguments( array )[ 0 ] : null;
}

/** Properties of an object type: name => type. */
export function propertiesOf( type ) {
	const result = new Map();
	for ( const property of checker.getPropertiesOfType( type ) ) {
		result.set( property.name, checker.getTypeOfSymbolAtLocation( property, source ) );
	}
	return result;
}

/**
 * Differences between a JSON schema (an object with `properties`) and a TypeScript type of the responses,
 * recursively through nested objects and array items that declare properties: missing or extra fields and
 * different JSON types, as human-readable lines (empty when they agree). Only the fields a response in the view
 * context carries count (an `edit`-only property is an input). A read-only field's types must be the same; a
 * writable field may accept more as input (null meaning "default") than a response holds.
 */
export function compareSchema( schema, type, where ) {
	const problems = [];
	const tsProperties = propertiesOf( type );
	const schemaProperties = Object.fromEntries( Object.entries( schema.properties || {} ).filter( ( [ , property ] ) => ! property.context || property.context.includes( 'view' ) ) );
	for ( const name of Object.keys( schemaProperties ) ) {
		if ( ! tsProperties.has( name ) ) {
			problems.push( `${ where }.${ name }: in the schema, not in the TypeScript type` );
		}
	}
	for ( const [ name, tsType ] of tsProperties ) {
		const property = schemaProperties[ name ];
		if ( ! property ) {
			problems.push( `${ where }.${ name }: in the TypeScript type, not in the schema` );
			continue;
		}
		problems.push( ...compareProperty( property, tsType, `${ where }.${ name }` ) );
	}
	return problems;
}

function compareProperty( property, tsType, where ) {
	const problems = [];
	if ( property.type ) {
		const schemaTypes = [ ...new Set( [].concat( property.type ).map( ( t ) => ( 'integer' === t ? 'number' : t ) ) ) ].sort();
		const tsTypes = jsonTypes( tsType );
		const agrees = property.readonly ? schemaTypes.join( '|' ) === tsTypes.join( '|' ) : tsTypes.every( ( t ) => schemaTypes.includes( t ) ) && tsTypes.length > 0;
		if ( ! tsTypes.includes( 'any' ) && ! agrees ) {
			problems.push( `${ where }: schema type ${ schemaTypes.join( '|' ) }, TypeScript ${ tsTypes.join( '|' ) }` );
		}
	}
	const object = objectPart( tsType );
	if ( property.properties && object ) {
		problems.push( ...compareSchema( property, object, where ) );
	}
	const element = elementOf( tsType );
	if ( property.items?.properties && element && objectPart( element ) ) {
		problems.push( ...compareSchema( property.items, objectPart( element ), `${ where }[]` ) );
	}
	return problems;
}
