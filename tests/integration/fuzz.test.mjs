// Schema-driven fuzz of every route of recruiting/v1 (issue #11, docs/api.md#errors, docs/targets.md#targets): requests generated from the namespace
// index (each endpoint's methods and argument schemas) with values that are valid, of the wrong type, null, out of
// range, very long, control characters and trailing newlines, as the admin (application password) and as an API key.
// Bounded and reproducible: RR_FUZZ_SEED (default 11) and RR_FUZZ_REQUESTS (default 1500 on native, 60 on Playground,
// where a request costs about a second). Every answer: no 5xx; every error in WordPress's shape with data.status equal
// to the HTTP status; every GET that succeeds valid against the route's declared schema (from OPTIONS). PHP warnings
// fail the run through the runner's debug.log check.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { get, put, request, expectStatus, resetSite } from './lib/api.mjs';
import { makeKey, keyHeader } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const SEED = Number( process.env.RR_FUZZ_SEED ?? 11 );
const COUNT = Number( process.env.RR_FUZZ_REQUESTS ?? ( 'playground' === process.env.RR_TARGET ? 60 : 1500 ) );

/** mulberry32: a small seeded PRNG, so a failing sequence can be replayed with the same seed. */
function prng( seed ) {
	let a = seed >>> 0;
	return () => {
		a = ( a + 0x6d2b79f5 ) >>> 0;
		let t = a;
		t = Math.imul( t ^ ( t >>> 15 ), t | 1 );
		t ^= t + Math.imul( t ^ ( t >>> 7 ), t | 61 );
		return ( ( t ^ ( t >>> 14 ) ) >>> 0 ) / 4294967296;
	};
}

const random = prng( SEED );
const pick = ( list ) => list[ Math.floor( random() * list.length ) ];
const chance = ( p ) => random() < p;

const ids = { id: [], delivery_id: [] };
let key;

before( async () => {
	await resetSite();
	const job = expectStatus( await request( 'POST', `${ NS }/jobs`, { body: { title: 'Fuzz job', status: 'publish' } } ), 201 );
	const application = expectStatus( await request( 'POST', `${ NS }/applications`, { body: { job_id: job.id, candidate: { name: 'Fuzz', email: 'fuzz@example.com' } } } ), 201 );
	const note = expectStatus( await request( 'POST', `${ NS }/applications/${ application.id }/notes`, { body: { content: 'fuzz' } } ), 201 );
	const webhook = expectStatus( await request( 'POST', `${ NS }/webhooks`, { body: { url: 'http://127.0.0.1:9/fuzz', events: [ 'job.created' ] } } ), 201 );
	expectStatus( await request( 'POST', `${ NS }/webhooks/${ webhook.id }/test`, { body: {} } ), 202 );
	const [ delivery ] = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries` ), 200 );
	key = await makeKey( { name: 'fuzz', permissions: [ 'recruiting_read_jobs', 'recruiting_write_jobs', 'recruiting_read_applications', 'recruiting_write_applications', 'recruiting_manage_settings' ], rate_limit: 1000000 } );
	// Another key for the routes to change and revoke; the fuzz's own key stays usable.
	const target = await makeKey( { name: 'fuzz target', permissions: [] } );
	ids.id.push( job.id, application.id, note.id, webhook.id, target.id );
	ids.delivery_id.push( delivery.id );
} );

after( async () => expectStatus( await put( `${ NS }/settings`, { rate_limit_per_hour: 1000 } ), 200 ) );

/** A value for a schema: usually valid, often not. */
function value( schema = {}, depth = 0 ) {
	const types = [].concat( schema.type ?? 'string' );
	if ( chance( 0.12 ) ) return pick( [ null, '', 0, -1, 1e20, 2.5, true, [], {}, 'x'.repeat( 5000 ), '2025-01-01\n', 'a\u0000b', '\u202e\ud83d\ude00', '<script>x</script>', "' OR 1=1 --", [ null ], { a: { b: {} } } ] );
	if ( schema.enum && chance( 0.8 ) ) return pick( schema.enum );
	const type = pick( types );
	switch ( type ) {
		case 'integer':
			return pick( [ 1, 2, 5, 100, 0, -3, ...ids.id, ...ids.delivery_id, 9007199254740993, schema.minimum ?? 1, schema.maximum ?? 1000 ] );
		case 'number':
			return pick( [ 0, 1.5, 4, -2, 1e308 ] );
		case 'boolean':
			return pick( [ true, false, 'yes', 1 ] );
		case 'null':
			return null;
		case 'array':
			return depth > 2 ? [] : Array.from( { length: pick( [ 0, 1, 2, 3 ] ) }, () => value( schema.items ?? {}, depth + 1 ) );
		case 'object': {
			if ( depth > 2 ) return {};
			const object = {};
			for ( const [ name, property ] of Object.entries( schema.properties ?? {} ) ) {
				if ( chance( 0.7 ) ) object[ name ] = value( property, depth + 1 );
			}
			return object;
		}
		default:
			if ( 'date-time' === schema.format ) return pick( [ '2025-01-31T09:00:00Z', '2025-13-01T00:00:00Z', 'yesterday', '2025-01-31T09:00:00+02:00' ] );
			if ( 'date' === schema.format || /date/.test( schema.description ?? '' ) ) return pick( [ '2025-01-01', '2025-02-30', '0999-01-01', '2025-01-01\n' ] );
			if ( 'email' === schema.format ) return pick( [ 'a@example.com', 'not-an-email' ] );
			if ( 'uri' === schema.format ) return pick( [ 'http://127.0.0.1:9/x', 'ftp://example.com', 'http://169.254.169.254/' ] );
			return pick( [ 'text', 'Zoë', 'x'.repeat( pick( [ 1, 64, 201, 1001 ] ) ), ' ', 'publish', 'screening', 'hired', 'asc', 'title', '1' ] );
	}
}

/** Validates a value against the subset of JSON Schema the routes use; returns the first problem or null. */
function invalid( data, schema, path = '$' ) {
	if ( ! schema || 'object' !== typeof schema ) return null;
	const types = schema.type ? [].concat( schema.type ) : null;
	const typeOf = ( v ) => ( null === v ? 'null' : Array.isArray( v ) ? 'array' : Number.isInteger( v ) ? 'integer' : typeof v );
	if ( types ) {
		const actual = typeOf( data );
		const ok = types.some( ( type ) => type === actual || ( 'number' === type && 'integer' === actual ) || ( 'object' === type && 'object' === actual ) );
		if ( ! ok ) return `${ path }: ${ actual } is not ${ types.join( '|' ) }`;
	}
	if ( schema.enum && ! schema.enum.includes( data ) ) return `${ path }: ${ JSON.stringify( data ) } is not one of ${ schema.enum.join( ',' ) }`;
	if ( Array.isArray( data ) && schema.items ) {
		for ( const [ i, item ] of data.entries() ) {
			const problem = invalid( item, schema.items, `${ path }[${ i }]` );
			if ( problem ) return problem;
		}
	}
	if ( data && 'object' === typeof data && ! Array.isArray( data ) ) {
		for ( const [ name, property ] of Object.entries( schema.properties ?? {} ) ) {
			if ( name in data ) {
				const problem = invalid( data[ name ], property, `${ path }.${ name }` );
				if ( problem ) return problem;
			}
		}
	}
	return null;
}

test( `fuzz: ${ COUNT } generated requests (seed ${ SEED }) — no 5xx, every error WordPress-shaped, GET bodies match their schemas`, async () => {
	const index = expectStatus( await get( NS ), 200 );
	const routes = Object.entries( index.routes ).filter( ( [ route ] ) => route.startsWith( `/${ NS.slice( 1 ) }/` ) );
	assert.ok( routes.length >= 15, `routes in the index: ${ routes.length }` );
	const schemas = new Map();
	const schemaOf = async ( route, path ) => {
		if ( ! schemas.has( route ) ) schemas.set( route, ( await request( 'OPTIONS', path ) ).json?.schema ?? null );
		return schemas.get( route );
	};
	const statuses = {};
	const problems = [];
	for ( let n = 0; n < COUNT && problems.length < 10; n++ ) {
		const [ route, spec ] = pick( routes );
		const endpoint = pick( spec.endpoints );
		const method = pick( endpoint.methods );
		const path = '/' + route.slice( 1 ).replace( /\(\?P<(\w+)>[^)]*\)/g, ( _, name ) => String( chance( 0.85 ) ? pick( ids[ name ] ?? ids.id ) : pick( [ 0, 999999, 2 ** 53 ] ) ) );
		const args = {};
		for ( const [ name, schema ] of Object.entries( endpoint.args ?? {} ) ) {
			if ( chance( schema.required ? 0.9 : 0.5 ) ) args[ name ] = value( schema );
		}
		if ( chance( 0.05 ) ) args[ pick( [ 'unknown', '_fields', 'context', 'api_key' ] ) ] = value( {} );
		const auth = chance( 0.25 ) ? keyHeader( key.key ) : undefined;
		const options = auth ? { auth } : {};
		if ( 'GET' === method || 'DELETE' === method ) {
			options.query = Object.fromEntries( Object.entries( args ).map( ( [ k, v ] ) => [ k, 'object' === typeof v && null !== v ? JSON.stringify( v ) : v ] ) );
		} else {
			options.body = chance( 0.03 ) ? pick( [ '{"a":', '[1]', '"x"', 'null', '{"title":"\ud800"}' ] ) : args;
		}
		const response = await request( method, path, options );
		statuses[ response.status ] = ( statuses[ response.status ] ?? 0 ) + 1;
		const label = `#${ n } ${ method } ${ path } ${ JSON.stringify( options.query ?? options.body ?? {} ).slice( 0, 300 ) }${ auth ? ' (key)' : '' }`;
		if ( response.status >= 500 ) {
			problems.push( `${ label } → ${ response.status } ${ response.text.slice( 0, 300 ) }` );
		} else if ( response.status >= 400 ) {
			const error = response.json;
			if ( ! error || 'string' !== typeof error.code || 'string' !== typeof error.message || ! error.message || error.data?.status !== response.status ) {
				problems.push( `${ label } → ${ response.status } not WordPress-shaped: ${ response.text.slice( 0, 300 ) }` );
			}
		} else if ( 'GET' === method && 200 === response.status && ! ( '_fields' in args ) ) {
			const schema = await schemaOf( route, path );
			const problem = Array.isArray( response.json ) ? response.json.map( ( item ) => invalid( item, schema ) ).find( Boolean ) : invalid( response.json, schema );
			if ( problem ) problems.push( `${ label } → 200 but ${ problem }` );
		}
	}
	console.log( `fuzz: seed ${ SEED }, ${ Object.values( statuses ).reduce( ( a, b ) => a + b, 0 ) } requests over ${ routes.length } routes, statuses ${ JSON.stringify( statuses ) }` );
	assert.deepEqual( problems, [] );
} );
