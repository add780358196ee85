// The careers pages' figure (issue #24, "Done when"), part of `npm run bench`: on the bench site's theme (Twenty
// Twenty-Four, the plugin's job templates), the server time of the job list (/jobs/, the Job list block over the
// site's jobs) and of an open job's page (details, JobPosting, the apply form) as a ratio to a plain page of the
// same theme with the same text (target ≤ 1.2×), and the server time of an apply-form submission (the no-JavaScript
// POST: checks, CV stored, application written, 303). The server time is what PHP reports in Server-Timing (the bench
// mu-plugin: WordPress's bootstrap to shutdown), beside the request-to-last-byte time over loopback and the number of
// queries; medians over interleaved rounds (every kind sees the same machine load), as the report figures are.
//
// The site needs the bench mu-plugin (scripts/bench/mu-plugins: Server-Timing, no per-address limit for the
// submissions).

import { performance } from 'node:perf_hooks';

const MARK = '@@RR-CAREERS@@';
const JOBS = 30;
const DESCRIPTION = '<p>Join a friendly team. You will work with patients and colleagues across the hospital, on a rota planned four weeks ahead.</p><ul><li>Registered nurse</li><li>Two years’ experience</li></ul>';
const PDF = Buffer.concat( [ Buffer.from( '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n' ), Buffer.alloc( 200 * 1024, 32 ) ] );
// The form refuses submissions faster than this after the page was rendered (ApplyGuard's minimum fill time).
const FILL_SECONDS = 3;

/**
 * Measures the careers pages and a submission.
 *
 * @param {{ url: string, runPhp: (code: string) => Promise<string> }} site   A running native site.
 * @param {{ rounds: number, warmup: number, log: (message: string) => void }} options Rounds kept, rounds before them, a logger.
 * @returns {Promise<string[]>} Markdown lines for the benchmark summary.
 */
export async function careersFigures( site, { rounds, warmup, log } ) {
	const urls = JSON.parse( marked( await site.runPhp( setupSnippet() ) ) );
	log( `careers: ${ JOBS } open jobs; plain page ${ urls.plain }, job list ${ urls.list }, job ${ urls.job }` );
	const samples = { plain: [], list: [], job: [], submit: [] };
	for ( let round = 0; round < warmup + rounds; round++ ) {
		for ( const kind of [ 'plain', 'list', 'job' ] ) {
			const timing = await timedGet( urls[ kind ] );
			if ( round >= warmup ) samples[ kind ].push( timing );
		}
	}
	// One rendered form's token serves every submission once it is old enough (the check is a minimum age).
	const token = ( await ( await fetch( urls.job ) ).text() ).match( /name="rr_token" value="([^"]+)"/ )?.[ 1 ];
	if ( ! token ) throw new Error( `no apply form on ${ urls.job }` );
	await new Promise( ( resolve ) => setTimeout( resolve, ( FILL_SECONDS + 1 ) * 1000 ) );
	for ( let round = 0; round < warmup + rounds; round++ ) {
		const timing = await timedSubmit( urls.job, urls.jobId, token, `bench-${ round }@example.com` );
		if ( round >= warmup ) samples.submit.push( timing );
	}
	const figures = Object.fromEntries(
		Object.entries( samples ).map( ( [ kind, timings ] ) => [ kind, { server: median( timings.map( ( t ) => t.server ) ), wall: median( timings.map( ( t ) => t.wall ) ), queries: median( timings.map( ( t ) => t.queries ) ) } ] )
	);
	const { plain } = figures;
	const row = ( label, kind, target ) => {
		const { server, wall, queries } = figures[ kind ];
		const ratio = server / plain.server;
		const verdict = target ? ` (target ≤ ${ target }×: ${ ratio <= target ? 'met' : 'MISSED' })` : '';
		return `| ${ label } | ${ server.toFixed( 1 ) } | ${ ratio.toFixed( 2 ) }×${ verdict } | ${ wall.toFixed( 1 ) } | ${ ( wall / plain.wall ).toFixed( 2 ) }× | ${ queries } |`;
	};
	return [
		'',
		`### Careers pages (${ JOBS } open jobs; Twenty Twenty-Four; medians over ${ rounds } requests each after ${ warmup } warm-up rounds)`,
		'',
		'| request | server ms | server ratio to the plain page | to last byte ms | its ratio | queries |',
		'|---|---:|---:|---:|---:|---:|',
		row( 'a plain page (same text)', 'plain' ),
		row( 'the job list (/jobs/)', 'list', 1.2 ),
		row( 'a job’s page (details, JobPosting, apply form)', 'job', 1.2 ),
		row( `an apply-form submission (no-JavaScript POST with a ${ Math.round( PDF.length / 1024 ) } KB PDF → 303)`, 'submit' ),
		'',
	];
}

/** The server's time and query count from its Server-Timing header (the bench mu-plugin), and the time to last byte. */
function timing( response, wall ) {
	const header = response.headers.get( 'server-timing' ) ?? '';
	const server = Number( header.match( /wp;dur=([\d.]+)/ )?.[ 1 ] );
	if ( ! Number.isFinite( server ) ) throw new Error( `no Server-Timing from the bench mu-plugin on ${ response.url }: ${ header }` );
	return { server, wall, queries: Number( header.match( /queries;desc="(\d+)"/ )?.[ 1 ] ) };
}

/** PHP creating the jobs and the plain page, printing their addresses. */
function setupSnippet() {
	return `
$jobs = array();
for ( $i = 1; $i <= ${ JOBS }; $i++ ) {
	$jobs[] = array(
		'external_id'     => 'bench-careers-' . $i,
		'title'           => 'Staff Nurse ' . $i,
		'status'          => 'publish',
		'description'     => ${ JSON.stringify( DESCRIPTION ) },
		'department'      => array( 'Nursing', 'Catering', 'Finance' )[ $i % 3 ],
		'employment_type' => array( 'full_time', 'part_time' )[ $i % 2 ],
		'city'            => array( 'Leeds', 'York' )[ $i % 2 ],
		'country'         => 'GB',
		'salary'          => array( 'min' => 30000, 'max' => 42000, 'currency' => 'GBP', 'unit' => 'year' ),
	);
}
$request = new WP_REST_Request( 'POST', '/recruiting/v1/import' );
$request->set_header( 'Content-Type', 'application/json' );
$request->set_body( wp_json_encode( array( 'jobs' => $jobs ) ) );
$response = rest_do_request( $request );
if ( $response->is_error() ) { throw new Exception( wp_json_encode( $response->get_data() ) ); }
$job   = (int) ( (array) $response->get_data()['jobs']['ids'] )['bench-careers-1'];
$plain = wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Staff Nurse', 'post_content' => ${ JSON.stringify( DESCRIPTION ) } ) );
echo '${ MARK }' . wp_json_encode( array( 'plain' => get_permalink( $plain ), 'list' => get_post_type_archive_link( 'recruiting_job' ), 'job' => get_permalink( $job ), 'jobId' => $job ) );
`;
}

async function timedGet( url ) {
	const started = performance.now();
	const response = await fetch( url );
	const text = await response.text();
	const wall = performance.now() - started;
	if ( response.status !== 200 ) throw new Error( `GET ${ url } → ${ response.status }: ${ text.slice( 0, 300 ) }` );
	return timing( response, wall );
}

async function timedSubmit( url, jobId, token, email ) {
	const form = new FormData();
	const fields = { rr_apply: String( jobId ), rr_token: token, rr_name: 'Bench Candidate', rr_email: email, rr_phone: '', rr_cover_letter: 'Hello', rr_consent: '1', rr_website: '', rr_utm_source: 'bench', rr_utm_medium: '', rr_utm_campaign: '', rr_referrer: '' };
	for ( const [ key, value ] of Object.entries( fields ) ) form.set( key, value );
	form.set( 'rr_cv', new Blob( [ PDF ], { type: 'application/pdf' } ), 'cv.pdf' );
	const started = performance.now();
	const response = await fetch( url, { method: 'POST', body: form, redirect: 'manual' } );
	const text = await response.text();
	const wall = performance.now() - started;
	if ( response.status !== 303 ) throw new Error( `POST ${ url } → ${ response.status }: ${ text.slice( 0, 300 ) }` );
	return timing( response, wall );
}

function marked( stdout ) {
	const at = stdout.lastIndexOf( MARK );
	if ( at < 0 ) throw new Error( `no result in PHP output:\n${ stdout.slice( 0, 2000 ) }` );
	return stdout.slice( at + MARK.length ).trim();
}

function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2 ? sorted[ middle ] : ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
}
