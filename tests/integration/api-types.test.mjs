// The TypeScript types of the API resources (src/api/types.ts, what the client and the UI compile against) agree
// with the JSON schemas the routes publish through OPTIONS: the same field names, the same JSON types, nested
// objects and list items included. A field added to a schema without its type, or the reverse, fails here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request, expectStatus } from './lib/api.mjs';
import { exportedType, compareSchema } from './lib/ts-types.mjs';

const NS = '/recruiting/v1';

// Each resource's TypeScript type (the widest one: with the fields only some responses carry) and a route of it.
const RESOURCES = [
	[ 'Job', `${ NS }/jobs` ],
	[ 'ApplicationWithHistory', `${ NS }/applications/1` ],
	[ 'Note', `${ NS }/notes/1` ],
	[ 'RatingSummary', `${ NS }/applications/1/rating` ],
	[ 'CreatedApiKey', `${ NS }/api-keys` ],
	[ 'WebhookWithSecret', `${ NS }/webhooks` ],
	[ 'Delivery', `${ NS }/webhooks/1/deliveries` ],
	[ 'PluginSettings', `${ NS }/settings` ],
	[ 'OverviewReport', `${ NS }/reports/overview` ],
	[ 'TimeToHireReport', `${ NS }/reports/time-to-hire` ],
	[ 'FunnelReport', `${ NS }/reports/funnel` ],
	[ 'SourcesReport', `${ NS }/reports/sources` ],
	[ 'TimeToFillReport', `${ NS }/reports/time-to-fill` ],
];

// A report's `comparison` (with compare=…) is the same report: the types say Compared< T > = T & { comparison?: T }.
const comparedReport = ( schema ) => {
	const { comparison, ...properties } = schema.properties;
	return { own: { ...schema, properties }, comparison };
};

for ( const [ typeName, route ] of RESOURCES ) {
	test( `${ typeName } matches the schema of ${ route }`, async () => {
		const options = expectStatus( await request( 'OPTIONS', route ), 200 );
		assert.ok( options.schema?.properties, `${ route } publishes a schema with properties` );
		let schema = options.schema;
		const problems = [];
		if ( route.includes( '/reports/' ) ) {
			const { own, comparison } = comparedReport( schema );
			assert.ok( comparison?.properties, `${ route } declares comparison` );
			problems.push( ...compareSchema( comparison, exportedType( typeName ), `${ typeName }.comparison` ) );
			schema = own;
		}
		problems.push( ...compareSchema( schema, exportedType( typeName ), typeName ) );
		assert.deepEqual( problems, [], problems.join( '\n' ) );
	} );
}

test( 'the comparison sees a difference (a type with a field the schema lacks)', async () => {
	const options = expectStatus( await request( 'OPTIONS', `${ NS }/jobs` ), 200 );
	// Note is not a Job: names and nesting differ, and each difference is reported.
	const problems = compareSchema( options.schema, exportedType( 'Note' ), 'Note' );
	assert.ok( problems.includes( 'Note.content: in the TypeScript type, not in the schema' ), problems.join( '\n' ) );
	assert.ok( problems.includes( 'Note.title: in the schema, not in the TypeScript type' ), problems.join( '\n' ) );
} );
