// GET /recruiting/v1/openapi.json (docs/targets.md#release-and-operations): an OpenAPI 3.1 document generated from the registered routes,
// valid under a standard linter (@redocly/cli, 0 errors), listing every route of the namespace with its
// methods, parameters and both security schemes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { get, expectStatus } from './lib/api.mjs';

const REDOCLY = path.resolve( import.meta.dirname, '../../node_modules/.bin/redocly' );

test( 'the document lists every registered route and method, with parameters, bodies and error responses', async () => {
	const doc = expectStatus( await get( '/recruiting/v1/openapi.json', { auth: {} } ), 200 );
	assert.equal( doc.openapi, '3.1.0' );
	assert.match( doc.servers[ 0 ].url, /\/recruiting\/v1$/ );
	const index = expectStatus( await get( '/recruiting/v1' ), 200 );
	const routes = Object.entries( index.routes ).filter( ( [ route ] ) => route !== '/recruiting/v1' );
	assert.ok( routes.length >= 20, `${ routes.length } routes` );
	for ( const [ route, { methods } ] of routes ) {
		const openapiPath = route.replace( '/recruiting/v1', '' ).replace( /\(\?P<(\w+)>[^)]*\)/g, '{$1}' );
		assert.ok( doc.paths[ openapiPath ], `${ openapiPath } is in the document` );
		for ( const method of methods.filter( ( m ) => m !== 'HEAD' ) ) {
			assert.ok( doc.paths[ openapiPath ][ method.toLowerCase() ], `${ method } ${ openapiPath }` );
		}
	}
	const funnel = doc.paths[ '/reports/funnel' ].get;
	assert.deepEqual( funnel.parameters.map( ( p ) => p.name ).sort(), [ 'compare', 'date_from', 'date_to', 'format', 'job_id', 'section' ] );
	assert.ok( funnel.responses[ '200' ].content[ 'text/csv' ] );
	assert.equal( funnel.responses[ '403' ].content[ 'application/json' ].schema.$ref, '#/components/schemas/Error' );
	const create = doc.paths[ '/applications' ].post;
	assert.ok( create.requestBody.content[ 'application/json' ].schema.properties.source );
	assert.ok( create.requestBody.content[ 'application/json' ].schema.required.includes( 'job_id' ) );
	assert.equal( doc.paths[ '/applications/{id}' ].get.parameters.find( ( p ) => p.in === 'path' ).name, 'id' );
	assert.ok( doc.paths[ '/applications/{id}' ].get.responses[ '404' ] );
	assert.deepEqual( doc.components.securitySchemes.applicationPassword, { type: 'http', scheme: 'basic', description: doc.components.securitySchemes.applicationPassword.description } );
	assert.equal( doc.components.securitySchemes.apiKeyHeader.name, 'X-Recruiting-API-Key' );
	assert.deepEqual( [ doc.components.securitySchemes.apiKeyQuery.in, doc.components.securitySchemes.apiKeyQuery.name ], [ 'query', 'api_key' ] );
	assert.deepEqual( doc.paths[ '/api-keys' ].get.security, [ { applicationPassword: [] } ] );
	assert.ok( doc.components.schemas[ 'recruiting-report-sources' ].properties.comparison );
} );

test( 'the document passes redocly lint with 0 errors', async () => {
	const doc = expectStatus( await get( '/recruiting/v1/openapi.json', { auth: {} } ), 200 );
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'rr-openapi-' ) );
	const file = path.join( dir, 'openapi.json' );
	fs.writeFileSync( file, JSON.stringify( doc, null, '\t' ) );
	try {
		const result = await promisify( execFile )( REDOCLY, [ 'lint', file, '--format=json' ], { maxBuffer: 32 * 1024 * 1024 } ).catch( ( error ) => error );
		const report = JSON.parse( result.stdout );
		const errors = report.problems.filter( ( p ) => p.severity === 'error' );
		assert.deepEqual( errors.map( ( e ) => `${ e.ruleId }: ${ e.message } at ${ e.location?.[ 0 ]?.pointer }` ), [] );
	} finally {
		fs.rmSync( dir, { recursive: true, force: true } );
	}
} );

test( 'the cached document follows the schemas: a report schema changed by a plugin shows at once, and goes', async () => {
	const overview = ( doc ) => JSON.stringify( doc.components.schemas[ 'recruiting-report-overview' ] );
	const plain = expectStatus( await get( '/recruiting/v1/openapi.json', { auth: {} } ), 200 );
	assert.ok( ! overview( plain ).includes( 'test_schema_field' ) );
	const changed = expectStatus(
		await get( '/recruiting/v1/openapi.json', { auth: {}, headers: { 'X-Recruiting-Test-Hooks': '1', 'X-Test-Report-Schema': '1' } } ),
		200
	);
	assert.ok( overview( changed ).includes( 'test_schema_field' ), 'the changed schema, not the cached document' );
	const again = expectStatus( await get( '/recruiting/v1/openapi.json', { auth: {} } ), 200 );
	assert.deepEqual( again, plain );
} );
