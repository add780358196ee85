// The report block's server render against a real WordPress: who gets data in the HTML, that the
// embedded numbers are the reports' own, and that no attribute value, however malformed, produces a
// PHP warning or a broken page (the runner fails the suite on any PHP problem in debug.log).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectStatus, get, post, resetSite } from './lib/api.mjs';
import { application, iso, job } from './lib/fixtures.mjs';

const TIMEOUT = 120_000;
let jobId;

async function runPhp( code ) {
	const response = await fetch( process.env.RR_RUN_PHP_URL, {
		method: 'POST',
		body: code,
	} );
	const text = await response.text();
	if ( ! response.ok ) {
		throw new Error( `runPhp: ${ text }` );
	}
	return text;
}

/**
 * Renders block markup through do_blocks() as a visitor (user 0) or as the admin, within a post written by the
 * admin ("everyone" holds only within a post whose author has Read Applications: block-visibility.test.mjs).
 */
async function render( attributes, { as = 'visitor' } = {} ) {
	const comment = `<!-- wp:recruiting-reports/report ${ JSON.stringify( attributes ) } /-->`;
	const user = as === 'admin' ? "get_user_by( 'login', 'admin' )->ID" : '0';
	return runPhp(
		`$host = get_posts( array( 'title' => 'block host', 'post_type' => 'post', 'numberposts' => 1 ) ); $GLOBALS['post'] = $host ? $host[0] : get_post( wp_insert_post( array( 'post_title' => 'block host', 'post_status' => 'publish', 'post_author' => get_user_by( 'login', 'admin' )->ID ) ) ); wp_set_current_user( ${ user } ); echo do_blocks( ${ JSON.stringify( comment ) } );`
	);
}

/** Calls ReportBlock::render() directly with any PHP value as attributes. */
async function renderRaw( phpAttributes, { as = 'admin' } = {} ) {
	const user = as === 'admin' ? "get_user_by( 'login', 'admin' )->ID" : '0';
	return runPhp(
		`wp_set_current_user( ${ user } ); echo \\RecruitingReports\\Blocks\\ReportBlock::render( ${ phpAttributes } );`
	);
}

/** Size of PHP's error log now (debug.log on both targets). */
async function logSize() {
	return Number(
		(
			await runPhp(
				"$f = ini_get( 'error_log' ); clearstatcache(); echo $f && file_exists( $f ) ? filesize( $f ) : 0;"
			)
		).trim()
	);
}

/** PHP problems logged since `offset` (in any file: a core warning caused by the block counts too). */
async function problemsSince( offset ) {
	const text = await runPhp(
		`$f = ini_get( 'error_log' ); echo $f && file_exists( $f ) ? (string) file_get_contents( $f, false, null, ${ offset } ) : '';`
	);
	return text
		.split( '\n' )
		.filter(
			( line ) =>
				/PHP (Warning|Notice|Deprecated|Fatal)/.test( line ) &&
				! /wp_version_check|wp_update_(plugins|themes)/.test( line )
		);
}

const hasData = ( html ) =>
	/data-figure=|data-chart-table=|rr-chart__spec|data-rr-report/.test( html );

before( async () => {
	await resetSite();
	const now = Date.now();
	const day = 86400000;
	const applications = Array.from( { length: 12 }, ( _, i ) => {
		const applied = now - ( 40 - i ) * day;
		return application( `blk-${ i }`, i % 2 ? 'blk-job-a' : 'blk-job-b', {
			applied_at: iso( applied ),
			history: [
				{ status: 'screening', at: iso( applied + day ) },
				{ status: 'interview', at: iso( applied + 3 * day ) },
				...( i % 3 === 0
					? [
							{
								status: 'hired',
								at: iso( applied + ( 10 + i ) * day ),
							},
						]
					: [] ),
			].filter( ( entry ) => Date.parse( entry.at ) < now ),
		} );
	} );
	const summary = expectStatus(
		await post( '/recruiting/v1/import', {
			jobs: [
				job( 'blk-job-a', { created_at: iso( now - 100 * day ) } ),
				job( 'blk-job-b', { created_at: iso( now - 100 * day ) } ),
			],
			applications,
		} ),
		200
	);
	jobId = summary.jobs.ids[ 'blk-job-a' ];
	assert.ok( jobId > 0 );
	// A title with markup cannot come through the API or the importer (they strip it), but an admin with
	// unfiltered_html can give it in wp-admin: the block must escape it.
	await runPhp(
		`wp_update_post( array( 'ID' => ${ jobId }, 'post_title' => wp_slash( 'Block job <A> & "quotes"' ) ) );`
	);
} );

test(
	'restricted (default): a visitor gets the neutral message or nothing, never data',
	{ timeout: TIMEOUT },
	async () => {
		const message = await render( { report: 'overview' } );
		assert.match(
			message,
			/This recruiting report is only available to signed-in team members\./
		);
		assert.ok( ! hasData( message ), message );
		const nothing = await render( {
			report: 'time-to-hire',
			deniedDisplay: 'nothing',
		} );
		assert.equal( nothing.trim(), '' );
		// Anything but "public" is restricted.
		assert.ok(
			! hasData(
				await render( { report: 'overview', visibility: 'PUBLIC' } )
			)
		);
	}
);

test(
	'restricted: a user with Read Applications gets the data',
	{ timeout: TIMEOUT },
	async () => {
		const html = await render( { report: 'overview' }, { as: 'admin' } );
		assert.ok( hasData( html ), html.slice( 0, 500 ) );
	}
);

test(
	'public: the embedded numbers are the report API’s numbers',
	{ timeout: TIMEOUT },
	async () => {
		const html = await render( {
			report: 'time-to-hire',
			visibility: 'public',
			jobId,
			period: 'last_90_days',
		} );
		const today = ( await runPhp( "echo wp_date( 'Y-m-d' );" ) ).trim();
		const from = new Date( `${ today }T00:00:00Z` );
		from.setUTCDate( from.getUTCDate() - 89 );
		const report = expectStatus(
			await get( '/recruiting/v1/reports/time-to-hire', {
				query: {
					date_from: from.toISOString().slice( 0, 10 ),
					date_to: today,
					job_id: jobId,
				},
			} ),
			200
		);
		const cells = ( id ) => {
			const table =
				html.match(
					new RegExp(
						`data-chart-table="${ id }">([\\s\\S]*?)</table>`
					)
				)?.[ 1 ] ?? '';
			return [ ...table.matchAll( /data-value="([^"]*)"/g ) ].map(
				( m ) => Number( m[ 1 ] )
			);
		};
		assert.deepEqual(
			cells( 'by_stage' ),
			[
				'new_to_screening',
				'screening_to_interview',
				'interview_to_offer',
				'offer_to_hire',
			].map( ( k ) => report.by_stage[ k ] )
		);
		assert.deepEqual(
			cells( 'trend' ),
			report.trend.flatMap( ( row ) => [ row.average_days, row.hires ] )
		);
		assert.deepEqual(
			cells( 'by_job' ),
			report.by_job.flatMap( ( row ) => [ row.average_days, row.hires ] )
		);
		// The job title is escaped in the HTML and inside the embedded JSON.
		assert.ok(
			html.includes( 'Block job &lt;A&gt; &amp; &quot;quotes&quot;' )
		);
		assert.ok( ! html.includes( 'Block job <A>' ) );
		for ( const [ , json ] of html.matchAll(
			/<script type="application\/json" class="rr-chart__spec">([\s\S]*?)<\/script>/g
		) ) {
			const spec = JSON.parse( json );
			assert.ok( spec.id && Array.isArray( spec.series ) );
		}
		// Tables show without JavaScript.
		assert.match( html, /<details class="rr-chart__data" open>/ );
	}
);

test(
	'bad settings, a deleted job: an empty block, no warning',
	{ timeout: TIMEOUT },
	async () => {
		for ( const attributes of [
			{
				visibility: 'public',
				period: 'custom',
				dateFrom: '2025-05-01',
				dateTo: '2025-04-01',
			},
			{ visibility: 'public', period: 'custom', dateFrom: '2025-02-30' },
			{ visibility: 'public', jobId: 999999 },
		] ) {
			const html = await render( attributes );
			assert.ok(
				! hasData( html ),
				`${ JSON.stringify( attributes ) } → ${ html.slice( 0, 300 ) }`
			);
		}
		assert.equal(
			(
				await runPhp( `wp_trash_post( ${ jobId } ); echo 'ok';` )
			).trim(),
			'ok'
		);
		assert.ok(
			! hasData( await render( { visibility: 'public', jobId } ) )
		);
	}
);

test(
	'malformed attributes of every type never warn',
	{ timeout: TIMEOUT },
	async () => {
		const offset = await logSize();
		// Straight into the renderer (block.json's schema would drop most of these before it).
		for ( const php of [
			'null',
			"'a string'",
			'42',
			"array( 'report' => array( 'x' ), 'period' => 12, 'dateFrom' => array(), 'dateTo' => new stdClass(), 'jobId' => 'abc' )",
			"array( 'jobId' => -5, 'sections' => 'figures', 'statusChart' => null, 'trendChart' => 3.5 )",
			"array( 'jobId' => 1e30, 'sections' => array( 1, array(), 'nonsense' ), 'showHeading' => 'yes', 'visibility' => true )",
			"array( 'report' => 'time-to-hire', 'period' => 'custom', 'dateFrom' => '9999-99-99', 'dateTo' => '' )",
			"array( 'report' => 'overview', 'jobId' => '12abc', 'deniedDisplay' => array( 'nothing' ) )",
		] ) {
			await renderRaw( php, { as: 'admin' } );
			await renderRaw( php, { as: 'visitor' } );
		}
		// And through the block parser, with values of the wrong JSON types.
		for ( const attributes of [
			{
				report: 5,
				period: [ 'x' ],
				dateFrom: {},
				jobId: 'x',
				sections: 'all',
				statusChart: false,
				visibility: 1,
			},
			{ jobId: -1, sections: [ 'figures', 7 ], showHeading: 'no' },
		] ) {
			await render( attributes, { as: 'admin' } );
			await render( attributes );
		}
		assert.deepEqual(
			await problemsSince( offset ),
			[],
			'PHP problems while rendering'
		);
	}
);
