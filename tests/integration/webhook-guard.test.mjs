// Webhook targets (issue #12, defect 2): every IANA special-purpose range is refused, IPv4 and IPv6 (with the
// IPv4-mapped, -compatible and NAT64 forms), when saving and when sending; and the connection goes to the address
// vetted at send time (CURLOPT_RESOLVE), not to whatever DNS answers a moment later. The test sites have no DNS of
// their own: the test-support plugin answers host lookups from the option recruiting_test_dns.

import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { del, expectError, expectStatus, get, post, resetSite } from './lib/api.mjs';
import { php, phpValue } from './lib/credentials.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 120_000;

const REFUSED = [
	// IPv4: this network, private, CGNAT, loopback, link-local (metadata), IETF assignments, documentation,
	// AS112/AMT/6to4 relay, benchmarking, multicast, reserved, broadcast.
	'0.1.2.3', '10.1.2.3', '100.64.0.1', '100.127.255.254', '127.0.0.1', '169.254.169.254', '172.16.0.1', '172.31.255.255',
	'192.0.0.8', '192.0.0.170', '192.0.2.10', '192.31.196.1', '192.52.193.1', '192.88.99.1', '192.168.1.1', '192.175.48.1',
	'198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
	// IPv6: unspecified, loopback, IPv4-mapped (even of a public address), IPv4-compatible, NAT64, discard, Teredo and
	// other IETF assignments, documentation, 6to4, unique local, link-local, site-local, multicast.
	'::', '::1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '::ffff:0:0', '::a00:1', '::8.8.8.8', '64:ff9b::a00:1', '64:ff9b::808:808',
	'64:ff9b:1::1', '100::1', '2001::1', '2001:2::1', '2001:20::1', '2001:db8::1', '2002:a00:1::1', '2620:4f:8000::1', '3fff::1',
	'5f00::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fec0::1', 'ff02::1',
];
const PUBLIC = [ '93.184.216.34', '8.8.8.8', '1.1.1.1', '100.128.0.1', '198.20.0.1', '2606:4700::1111', '2a00:1450:4001::1', '2001:4860:4860::8888' ];

const setDns = ( map ) => php( `update_option( 'recruiting_test_dns', json_decode( ${ JSON.stringify( JSON.stringify( map ) ) }, true ) );` );
const strict = async ( on ) => expectStatus( await post( '/recruiting-test/v1/webhook-strict', { strict: on } ), 200 );
const runCron = async () => expectStatus( await post( '/recruiting-test/v1/run-cron', {} ), 200 );

let server;
let requests = [];

before( async () => {
	await resetSite();
	// A receiver on 127.0.0.2 only: a connection to 127.0.0.1 (what "localhost" really is) finds nothing there.
	server = http.createServer( ( req, res ) => {
		const chunks = [];
		req.on( 'data', ( chunk ) => chunks.push( chunk ) );
		req.on( 'end', () => {
			requests.push( { headers: req.headers, body: Buffer.concat( chunks ).toString( 'utf8' ) } );
			res.writeHead( 200 ).end( 'ok' );
		} );
	} );
	await new Promise( ( resolve, reject ) => {
		server.once( 'error', reject );
		server.listen( 0, '127.0.0.2', resolve );
	} );
} );

after( async () => {
	await strict( false );
	server.closeAllConnections();
	await new Promise( ( resolve ) => server.close( resolve ) );
} );

test( 'every special-purpose address is refused and ordinary public ones are not', { timeout: TIMEOUT }, async () => {
	const verdicts = await phpValue(
		`array_map( array( \\RecruitingReports\\Webhooks\\UrlGuard::class, 'is_public' ), json_decode( ${ JSON.stringify( JSON.stringify( [ ...REFUSED, ...PUBLIC ] ) ) }, true ) )`
	);
	const wrong = [ ...REFUSED, ...PUBLIC ].filter( ( ip, i ) => verdicts[ i ] !== PUBLIC.includes( ip ) );
	assert.deepEqual( wrong, [] );
} );

test( 'strict mode: POST /webhooks refuses special-purpose literals and host names resolving to any special address', { timeout: TIMEOUT }, async () => {
	await strict( true );
	await setDns( { 'mixed.example.com': [ '93.184.216.34', '198.18.0.5' ], 'nat64.example.com': [ '64:ff9b::a00:1' ], 'fine.example.com': [ '93.184.216.34', '2606:4700::1111' ] } );
	for ( const url of [ 'http://198.18.0.1/hook', 'http://203.0.113.5/', 'http://224.0.0.1/', 'http://[2001:db8::1]/', 'http://[64:ff9b::a00:1]/', 'http://[::a00:1]/', 'http://[::ffff:8.8.8.8]/', 'https://mixed.example.com/hook', 'https://nat64.example.com/hook' ] ) {
		const error = expectError( await post( `${ NS }/webhooks`, { url, events: [ 'job.created' ] } ), 400, 'rest_invalid_param' );
		assert.ok( error.data.params.url, url );
	}
	expectStatus( await post( `${ NS }/webhooks`, { url: 'https://fine.example.com/hook', events: [ 'job.created' ] } ), 201 );
} );

test( 'strict mode: a host that resolves to a private address by the time of sending is refused then, and logged', { timeout: TIMEOUT }, async () => {
	await strict( true );
	await setDns( { 'rebind.example.com': [ '93.184.216.34' ] } );
	const hook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://rebind.example.com/hook', events: [ 'job.created' ] } ), 201 );
	await setDns( { 'rebind.example.com': [ '127.0.0.1' ] } );
	expectStatus( await post( `${ NS }/jobs`, { title: 'Rebinding bait', status: 'publish' } ), 201 );
	await runCron();
	const [ delivery ] = expectStatus( await get( `${ NS }/webhooks/${ hook.id }/deliveries` ), 200 );
	assert.match( delivery.last_error, /private, loopback or reserved/ );
	expectStatus( await del( `${ NS }/webhooks/${ hook.id }` ), 200 );
} );

test( 'the delivery connects to the vetted address, not to a fresh DNS answer (CURLOPT_RESOLVE)', { timeout: TIMEOUT }, async ( t ) => {
	if ( ! ( await phpValue( "function_exists( 'curl_init' )" ) ) ) {
		t.skip( 'this PHP has no cURL: WordPress sends through another transport, which cannot be pinned' );
		return;
	}
	await strict( false );
	const port = server.address().port;
	// The guard's lookup says 127.0.0.2; the system resolver would say 127.0.0.1, where nothing listens.
	await setDns( { localhost: [ '127.0.0.2' ] } );
	const hook = expectStatus( await post( `${ NS }/webhooks`, { url: `http://localhost:${ port }/pinned`, events: [ 'job.created' ] } ), 201 );
	requests = [];
	expectStatus( await post( `${ NS }/jobs`, { title: 'Pinned delivery', status: 'publish' } ), 201 );
	await runCron();
	const [ delivery ] = expectStatus( await get( `${ NS }/webhooks/${ hook.id }/deliveries` ), 200 );
	assert.equal( delivery.status, 'delivered', JSON.stringify( delivery ) );
	assert.equal( requests.length, 1 );
	assert.equal( requests[ 0 ].headers.host, `localhost:${ port }` );
	assert.equal( JSON.parse( requests[ 0 ].body ).data.job.title, 'Pinned delivery' );
} );
