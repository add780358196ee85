#!/usr/bin/env node
// Measures what API-key authentication costs per request (docs/targets.md#targets: under 1 ms), on the native stack:
//
//   node scripts/measure-auth.mjs [--requests=200] [--port=9740]
//
// Boots a native site (PHP 8.2 + MariaDB), then sends the same trivial request (GET /recruiting/v1/settings)
// N times each way, interleaved so that drift hits every kind alike:
//   anonymous        → 401 before any credential work (the floor),
//   app password     → WordPress application password over Basic auth,
//   API key          → X-Recruiting-API-Key (lookup, keyed hash, owner capabilities, rate-limit counter),
//   API key, 403     → a key without the permission: the same credential work as a 200, but like the anonymous
//                      401 it never runs the route, so (403 − 401) is what key authentication adds over HTTP.
// It prints the medians and the difference, plus the in-process cost of the key path measured inside PHP
// (ApiKeys::authenticate + RateLimiter::hit, the work a key request adds), which is free of HTTP noise.

import { startNativeSite } from './lib/site-native.mjs';
import { freePort, parseMarked } from './lib/site-common.mjs';

const arg = ( name, fallback ) => {
	const found = process.argv.find( ( a ) => a.startsWith( `--${ name }=` ) );
	return found ? found.slice( name.length + 3 ) : fallback;
};
const N = Number( arg( 'requests', 200 ) );
const port = Number( arg( 'port', process.env.RR_PORT || 0 ) ) || ( await freePort() );

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[ mid ] : ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
};

const site = await startNativeSite( { port } );
try {
	const setup = parseMarked(
		await site.runPhp( `
$created = \\RecruitingReports\\Auth\\ApiKeys::create( get_current_user_id(), 'measure', 'live', \\RecruitingReports\\Domain\\Capabilities::ALL, null, 1000000 );
$reader  = \\RecruitingReports\\Auth\\ApiKeys::create( get_current_user_id(), 'measure (read jobs)', 'live', array( 'recruiting_read_jobs' ), null, 1000000 );
echo "\\n@@RR-HARNESS@@" . wp_json_encode( array( 'key' => $created['key'], 'reader' => $reader['key'] ) ) . "\\n";
` )
	);
	const url = `${ site.url }/wp-json/recruiting/v1/settings`;
	const kinds = {
		anonymous: { expect: 401, headers: {} },
		app_password: { expect: 200, headers: { Authorization: 'Basic ' + Buffer.from( `${ site.adminUser }:${ site.appPassword }` ).toString( 'base64' ) } },
		api_key: { expect: 200, headers: { 'X-Recruiting-API-Key': setup.key } },
		api_key_forbidden: { expect: 403, headers: { 'X-Recruiting-API-Key': setup.reader } },
	};
	const times = Object.fromEntries( Object.keys( kinds ).map( ( k ) => [ k, [] ] ) );
	const once = async ( kind ) => {
		const started = process.hrtime.bigint();
		const response = await fetch( url, { headers: kinds[ kind ].headers } );
		await response.arrayBuffer();
		const ms = Number( process.hrtime.bigint() - started ) / 1e6;
		if ( response.status !== kinds[ kind ].expect ) {
			throw new Error( `${ kind }: HTTP ${ response.status }` );
		}
		return ms;
	};
	// Warm-up (opcache, connections, first-request work such as cron option writes).
	for ( let i = 0; i < 20; i++ ) {
		for ( const kind of Object.keys( kinds ) ) await once( kind );
	}
	for ( let i = 0; i < N; i++ ) {
		for ( const kind of Object.keys( kinds ) ) {
			times[ kind ].push( await once( kind ) );
		}
	}

	// The key path in-process: authenticate + count, 2,000 times, against the same database.
	const inProcess = parseMarked(
		await site.runPhp( `
$key = ${ JSON.stringify( setup.key ) };
$rounds = 2000;
\\RecruitingReports\\Auth\\ApiKeys::authenticate( $key );
$start = hrtime( true );
for ( $i = 0; $i < $rounds; $i++ ) {
	$row  = \\RecruitingReports\\Auth\\ApiKeys::authenticate( $key );
	$rate = \\RecruitingReports\\Auth\\RateLimiter::hit( (int) $row['id'], 1000000 );
}
$elapsed = ( hrtime( true ) - $start ) / 1e6;
echo "\\n@@RR-HARNESS@@" . wp_json_encode( array( 'ms_per_call' => $elapsed / $rounds, 'queries' => get_num_queries() ) ) . "\\n";
` )
	);

	const m = Object.fromEntries( Object.entries( times ).map( ( [ k, v ] ) => [ k, median( v ) ] ) );
	const fmt = ( ms ) => `${ ms.toFixed( 2 ) } ms`;
	console.log( `\nGET /recruiting/v1/settings on the native stack, ${ N } requests per kind (interleaved), medians:` );
	console.log( `  anonymous (401, no credential work): ${ fmt( m.anonymous ) }` );
	console.log( `  application password (200):          ${ fmt( m.app_password ) }` );
	console.log( `  API key (200):                       ${ fmt( m.api_key ) }` );
	console.log( `  API key without the permission (403): ${ fmt( m.api_key_forbidden ) }` );
	console.log( `  API key − application password:      ${ fmt( m.api_key - m.app_password ) }` );
	console.log( `  key auth over HTTP (403 key − 401 anonymous, neither runs the route): ${ fmt( m.api_key_forbidden - m.anonymous ) }` );
	console.log( `  in PHP: key authentication + rate-limit count: ${ inProcess.ms_per_call.toFixed( 3 ) } ms per request` );
} finally {
	await site.stop();
}
