// The report block's server render against a real WordPress: who gets data in the HTML, that the
// embedded numbers are the reports' own, and that no attribute value, however malformed, produces a
// PHP warning or a broken page (the runner fails the suite on any PHP problem in debug.log).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectError, expectStatus, get, post, resetSite } from './lib/api.mjs';
import { application, iso, job } from './lib/fixtures.mjs';

const TIMEOUT = 120_000;
let jobId;

/** The plugin's front-end and editor scripts (Blocks\BlockScripts), in its order. */
const SCRIPT_HANDLES = [
	'recruiting-reports-report-editor-script',
	'recruiting-reports-report-view-script',
	'recruiting-reports-job-list-editor',
	'recruiting-reports-apply-form-editor',
	'recruiting-reports-apply-form-view',
	'recruiting-reports-careers-beacon',
];

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

/** The data-value of every cell of a block's data table, row by row. */
function cells( html, id ) {
	const table =
		html.match(
			new RegExp( `data-chart-table="${ id }">([\\s\\S]*?)</table>` )
		)?.[ 1 ] ?? '';
	return [ ...table.matchAll( /data-value="([^"]*)"/g ) ].map( ( m ) =>
		Number.isNaN( Number( m[ 1 ] ) ) ? m[ 1 ] : Number( m[ 1 ] )
	);
}

/** A headline figure of the block's HTML: its data-value (null when it has none) and its change, if shown. */
function figure( html, id ) {
	const block =
		html.match(
			new RegExp(
				`<div class="rr-figure" data-figure="${ id }">([\\s\\S]*?)</div>`
			)
		)?.[ 1 ] ?? null;
	if ( block === null ) {
		return undefined;
	}
	const value = block.match( /rr-figure__value"(?: data-value="([^"]*)")?/ );
	const change = block.match(
		/data-change="(\w+)"><span aria-hidden="true">([^<]*)<\/span><span class="screen-reader-text">([^<]*)</
	);
	return {
		value: value?.[ 1 ] === undefined ? null : Number( value[ 1 ] ),
		change: change
			? { direction: change[ 1 ], shown: change[ 2 ], spoken: change[ 3 ] }
			: null,
	};
}

/** The block renderer route (the editor's preview) as the admin. */
async function preview( attributes ) {
	const query = { context: 'edit' };
	for ( const [ name, value ] of Object.entries( attributes ) ) {
		query[ `attributes[${ name }]` ] = value;
	}
	return expectStatus(
		await get( '/wp/v2/block-renderer/recruiting-reports/report', {
			query,
		} ),
		200
	).rendered;
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
			source: [ 'LinkedIn', 'indeed', '' ][ i % 3 ],
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

test( 'the block type has a variation per report of the API, in menu order', async () => {
	// Registered from block.json as it is while no plugin filters the reports (Blocks\ReportVariations); the
	// reports the API serves are the registry's, so the two lists must be the same.
	const type = expectStatus(
		await get( '/wp/v2/block-types/recruiting-reports/report' ),
		200
	);
	const index = expectStatus( await get( '/recruiting/v1' ), 200 );
	const reports = Object.keys( index.routes )
		.map(
			( route ) =>
				route.match( /^\/recruiting\/v1\/reports\/([a-z-]+)$/ )?.[ 1 ]
		)
		.filter( Boolean );
	assert.ok( reports.length >= 9, reports.join( ' ' ) );
	assert.deepEqual(
		type.variations.map( ( variation ) => variation.name ),
		reports
	);
	assert.deepEqual( type.attributes.report.enum, reports );
	for ( const variation of type.variations ) {
		assert.ok( variation.title && variation.description, variation.name );
		assert.equal( variation.attributes.report, variation.name );
		assert.ok( variation.attributes.sections.length > 0, variation.name );
		for ( const section of variation.attributes.sections ) {
			assert.ok(
				type.attributes.sections.items.enum.includes( section ),
				section
			);
		}
	}
} );

test( 'a REST request sets up no scripts and builds no report definition for the block', async () => {
	// The block is registered on every request; its scripts wait for WordPress to set up its own
	// (Blocks\BlockScripts), and its variations are block.json's (Blocks\ReportVariations).
	const setup = expectStatus(
		await get( '/recruiting-test/v1/request-setup' ),
		200
	);
	assert.deepEqual( setup, {
		scripts_set_up: false,
		report_block: true,
		editor_scripts: [ 'recruiting-reports-report-editor-script' ],
		view_scripts: [ 'recruiting-reports-report-view-script' ],
		reports_filtered: false,
		plugin_scripts: [],
	} );
	// The other blocks name their editor scripts in their block.json too.
	for ( const [ block, handle ] of [
		[ 'job-list', 'recruiting-reports-job-list-editor' ],
		[ 'apply-form', 'recruiting-reports-apply-form-editor' ],
	] ) {
		const type = expectStatus(
			await get( `/wp/v2/block-types/recruiting-reports/${ block }` ),
			200
		);
		assert.deepEqual( type.editor_script_handles, [ handle ], block );
	}
	// Another plugin may set the scripts up before this one is loaded or after: the plugin's are added either way.
	for ( const when of [ 'muplugins_loaded', 'plugins_loaded' ] ) {
		const early = expectStatus(
			await get( '/recruiting-test/v1/request-setup', {
				headers: { 'X-Recruiting-Test-Scripts-Early': when },
			} ),
			200
		);
		assert.equal( early.scripts_set_up, true, when );
		assert.deepEqual(
			[ ...early.plugin_scripts ].sort(),
			[ ...SCRIPT_HANDLES ].sort(),
			when
		);
	}
	// Where scripts are set up, the handles are registered with their files, translations and loading.
	const scripts = JSON.parse(
		await runPhp(
			`$s = wp_scripts(); echo wp_json_encode( array_map( static fn( $h ) => isset( $s->registered[ $h ] ) ? array( basename( $s->registered[ $h ]->src ), $s->registered[ $h ]->textdomain, $s->get_data( $h, 'strategy' ), $s->get_data( $h, 'group' ) ) : null, json_decode( '${ JSON.stringify( SCRIPT_HANDLES ) }', true ) ) );`
		)
	);
	assert.deepEqual( scripts, [
		[ 'block-editor.js', 'recruiting-reports', false, false ],
		[ 'block-view.js', null, 'defer', false ],
		[ 'job-list-editor.js', 'recruiting-reports', false, 1 ],
		[ 'apply-form-editor.js', 'recruiting-reports', 'defer', false ],
		[ 'apply-form-view.js', null, 'defer', false ],
		[ 'careers-beacon.js', null, 'defer', false ],
	] );
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
		assert.deepEqual(
			cells( html, 'by_stage' ),
			[
				'new_to_screening',
				'screening_to_interview',
				'interview_to_offer',
				'offer_to_hire',
			].map( ( k ) => report.by_stage[ k ] )
		);
		assert.deepEqual(
			cells( html, 'trend' ),
			report.trend.flatMap( ( row ) => [ row.average_days, row.hires ] )
		);
		assert.deepEqual(
			cells( html, 'by_job' ),
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
	'funnel, sources and time to fill: their tables and figures are the API’s, and only for Read Applications',
	{ timeout: TIMEOUT },
	async () => {
		const query = { query: {} };
		const funnel = expectStatus(
			await get( '/recruiting/v1/reports/funnel', query ),
			200
		);
		const sources = expectStatus(
			await get( '/recruiting/v1/reports/sources', query ),
			200
		);
		const fill = expectStatus(
			await get( '/recruiting/v1/reports/time-to-fill', query ),
			200
		);

		const funnelHtml = await render(
			// No sections given (a hand-written block, or one from before a report had them): all of the report's.
			{ report: 'funnel' },
			{ as: 'admin' }
		);
		assert.match( funnelHtml, /<h2 class="rr-report__title">Hiring funnel<\/h2>/ );
		assert.deepEqual(
			cells( funnelHtml, 'stages' ),
			funnel.stages.flatMap( ( row ) => [
				row.reached,
				row.conversion_from_previous,
			] )
		);
		assert.equal(
			figure( funnelHtml, 'offer_acceptance_rate' ).value,
			funnel.offer_acceptance_rate
		);
		assert.equal(
			figure( funnelHtml, 'applications' ).value,
			funnel.stages[ 0 ].reached
		);
		for ( const key of [ 'in_progress', 'rejected', 'withdrawn' ] ) {
			assert.equal( figure( funnelHtml, key ).value, funnel.outcomes[ key ], key );
		}

		const sourcesHtml = await render(
			{ report: 'sources' },
			{ as: 'admin' }
		);
		assert.ok( sources.sources.length >= 3, JSON.stringify( sources ) );
		assert.deepEqual(
			cells( sourcesHtml, 'sources' ),
			sources.sources.flatMap( ( row ) => [
				row.applications,
				row.hires,
				row.conversion,
				row.average_days_to_hire,
			] )
		);
		// Every source is a row; the spec the view script draws charts only applications and hires.
		const spec = JSON.parse(
			sourcesHtml.match(
				/<script type="application\/json" class="rr-chart__spec">([\s\S]*?)<\/script>/
			)[ 1 ]
		);
		assert.deepEqual(
			spec.labels,
			sources.sources.slice( 0, 10 ).map( ( row ) => row.source )
		);
		assert.deepEqual(
			spec.series.map( ( series ) => series.label ),
			[ 'Applications', 'Hires' ]
		);
		assert.equal(
			figure( sourcesHtml, 'applications' ).value,
			sources.sources.reduce( ( sum, row ) => sum + row.applications, 0 )
		);
		assert.equal( figure( sourcesHtml, 'sources' ).value, sources.sources.length );

		const fillHtml = await render(
			{ report: 'time-to-fill', sections: [ 'figures', 'by_job', 'trend' ] },
			{ as: 'admin' }
		);
		assert.ok( fill.by_job.length > 0, JSON.stringify( fill ) );
		assert.deepEqual(
			cells( fillHtml, 'by_job' ),
			// The declared columns: the dates, then the days between them (as on the Reports page).
			fill.by_job.flatMap( ( row ) => [ row.opened, row.filled, row.days ] )
		);
		assert.deepEqual(
			cells( fillHtml, 'trend' ),
			fill.trend.flatMap( ( row ) => [ row.average_days, row.jobs ] )
		);
		assert.equal( figure( fillHtml, 'jobs_filled' ).value, fill.by_job.length );
		assert.equal( figure( fillHtml, 'average_days' ).value, fill.overall.average_days );
		assert.equal( figure( fillHtml, 'open_jobs' ).value, fill.open_jobs.count );

		// The same visibility rules as the other reports: a visitor gets the message or nothing, never data.
		for ( const report of [ 'funnel', 'sources', 'time-to-fill' ] ) {
			const denied = await render( { report } );
			assert.ok( ! hasData( denied ), `${ report }: ${ denied }` );
			assert.match( denied, /only available to signed-in team members/ );
			assert.equal(
				( await render( { report, deniedDisplay: 'nothing' } ) ).trim(),
				''
			);
			assert.ok(
				hasData( await render( { report, visibility: 'public' } ) ),
				`${ report } public`
			);
		}
	}
);

test(
	'compare: every headline figure shows its change against the API’s comparison',
	{ timeout: TIMEOUT },
	async () => {
		const words = {
			up: 'up',
			down: 'down',
			same: 'no change',
			none: 'nothing to compare with',
		};
		const direction = ( now, before ) => {
			if ( ! before ) return 'none';
			if ( now === before ) return 'same';
			return now > before ? 'up' : 'down';
		};
		const today = ( await runPhp( "echo wp_date( 'Y-m-d' );" ) ).trim();
		const daysAgo = ( days ) => {
			const date = new Date( `${ today }T00:00:00Z` );
			date.setUTCDate( date.getUTCDate() - days );
			return date.toISOString().slice( 0, 10 );
		};
		// One application a day, 40 to 29 days ago, every other one for job A: 5 days ending 29 days ago hold 3 of
		// job A's, the 5 days before them 2 (up 50%); a year earlier, none ("—").
		const custom = {
			period: 'custom',
			dateFrom: daysAgo( 33 ),
			dateTo: daysAgo( 29 ),
			jobId,
		};
		const cases = [
			[ 'previous_period', {}, {} ],
			[ 'previous_year', {}, {} ],
			[
				'previous_period',
				custom,
				{ date_from: custom.dateFrom, date_to: custom.dateTo, job_id: jobId },
			],
			[
				'previous_year',
				custom,
				{ date_from: custom.dateFrom, date_to: custom.dateTo, job_id: jobId },
			],
		];
		const seen = new Set();
		for ( const [ compare, attributes, query ] of cases ) {
			const report = expectStatus(
				await get( '/recruiting/v1/reports/overview', {
					query: { ...query, compare },
				} ),
				200
			);
			const html = await render(
				{ report: 'overview', compare, visibility: 'public', ...attributes },
				{ as: 'visitor' }
			);
			const earlier = report.comparison;
			assert.match(
				html,
				new RegExp(
					`<p class="rr-report__compare">Changes against the ${
						compare === 'previous_year' ? 'previous year' : 'previous period'
					} \\(`
				)
			);
			const expected = {
				active_jobs: [ report.jobs.active, earlier.jobs.active ],
				new_jobs: [ report.jobs.new_this_period, earlier.jobs.new_this_period ],
				new_applications: [
					report.applications.new_this_period,
					earlier.applications.new_this_period,
				],
				total_applications: [
					report.applications.total,
					earlier.applications.total,
				],
			};
			for ( const [ id, [ now, before ] ] of Object.entries( expected ) ) {
				const shown = figure( html, id );
				const dir = direction( now, before );
				seen.add( dir );
				assert.equal( shown.change.direction, dir, `${ compare } ${ id }` );
				assert.ok(
					shown.change.spoken.startsWith( words[ dir ] ) &&
						shown.change.spoken.endsWith(
							compare === 'previous_year'
								? 'the previous year'
								: 'the previous period'
						),
					shown.change.spoken
				);
				if ( dir === 'none' ) {
					assert.equal( shown.change.shown, '—' );
				} else {
					const percent = `${ +(
						( Math.round( ( Math.abs( now - before ) / before ) * 1000 ) /
							10 )
					).toFixed( 1 ) }%`;
					assert.equal(
						shown.change.shown,
						{ up: '▲ ', down: '▼ ', same: '' }[ dir ] + percent,
						`${ compare } ${ id }`
					);
				}
			}
		}
		assert.deepEqual(
			[ ...seen ].sort(),
			[ 'none', 'same', 'up' ],
			'the cases cover a rise, no change and nothing to compare with'
		);
		const rise = figure(
			await render(
				{ report: 'overview', compare: 'previous_period', ...custom },
				{ as: 'admin' }
			),
			'new_applications'
		);
		assert.deepEqual( rise, {
			value: 3,
			change: {
				direction: 'up',
				shown: '▲ 50%',
				spoken: 'up 50% from the previous period',
			},
		} );
		// The trend overlays the comparison period's months: month n beside month n, its columns after the current.
		const hiring = expectStatus(
			await get( '/recruiting/v1/reports/time-to-hire', {
				query: { compare: 'previous_year' },
			} ),
			200
		);
		const trendHtml = await render(
			{
				report: 'time-to-hire',
				compare: 'previous_year',
				sections: [ 'trend' ],
			},
			{ as: 'admin' }
		);
		assert.equal( hiring.trend.length, hiring.comparison.trend.length );
		assert.deepEqual(
			cells( trendHtml, 'trend' ),
			hiring.trend.flatMap( ( row, i ) => [
				row.average_days,
				row.hires,
				hiring.comparison.trend[ i ].average_days,
				hiring.comparison.trend[ i ].hires,
			] )
		);
		const trendSpec = JSON.parse(
			trendHtml.match(
				/<script type="application\/json" class="rr-chart__spec">([\s\S]*?)<\/script>/
			)[ 1 ]
		);
		assert.deepEqual(
			trendSpec.series.map( ( series ) => [
				series.label.replace( /, .*/, '' ),
				series.earlier ?? false,
			] ),
			[
				[ 'Average days', false ],
				[ 'Average days', true ],
			]
		);
		assert.match( trendSpec.series[ 1 ].label, /^Average days, \w+ \d+, \d{4} – / );
		// "As of now" figures are the same in both periods: no change. Without compare, no change at all.
		const year = await render(
			{ report: 'time-to-fill', compare: 'previous_year' },
			{ as: 'admin' }
		);
		const fill = expectStatus(
			await get( '/recruiting/v1/reports/time-to-fill', {
				query: { compare: 'previous_year' },
			} ),
			200
		);
		assert.equal(
			fill.open_jobs.count,
			fill.comparison.open_jobs.count,
			'open jobs are as of now'
		);
		assert.equal(
			figure( year, 'open_jobs' ).change.direction,
			fill.open_jobs.count ? 'same' : 'none'
		);
		// With no job filled now, the averages have no value, so no change either.
		if ( ! fill.by_job.length ) {
			assert.equal( figure( year, 'average_days' ).change, null );
		}
		const plain = await render( { report: 'overview' }, { as: 'admin' } );
		assert.ok( ! plain.includes( 'data-change=' ) );
		assert.ok( ! plain.includes( 'rr-report__compare' ) );
	}
);

test(
	'the editor’s preview (block renderer route) explains what the front end leaves empty',
	{ timeout: TIMEOUT },
	async () => {
		const range = await preview( {
			period: 'custom',
			dateFrom: '2025-05-01',
			dateTo: '2025-04-01',
		} );
		assert.match(
			range,
			/This block shows nothing until its settings are fixed:[\s\S]*The start date is after the end date\./
		);
		assert.ok( ! hasData( range ) );
		const gone = await preview( { jobId: 999999 } );
		assert.match( gone, /The selected job no longer exists/ );
		// The preview sits in the editor's own block wrapper: no second one (and no block supports twice).
		const shown = await preview( { report: 'funnel', compare: 'previous_period' } );
		assert.ok( hasData( shown ) );
		assert.ok( ! shown.includes( 'wp-block-recruiting-reports-report' ), shown.slice( 0, 200 ) );
		assert.match( shown, /data-change=/ );
		// Core checks the types and enums of block.json: a value outside them is a 400 with the server's message.
		expectError(
			await get( '/wp/v2/block-renderer/recruiting-reports/report', {
				query: { context: 'edit', 'attributes[compare]': 'last_week' },
			} ),
			400,
			'rest_invalid_param'
		);
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
