// The report block in Chromium: insert each variation in a new page through the inserter, set its
// period and job in the inspector, publish; then visit as an anonymous visitor — with "everyone" the
// charts are drawn and the tables equal the API for the same query; with "only Read Applications"
// no figure is anywhere in the HTML — and as the admin, who sees the figures.

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import {
	BASE_URL,
	DESKTOP,
	NARROW,
	SLOW,
	jobOption,
	assertAccessible,
	figureValue,
	launch,
	readTable,
	screenshot,
	screenshotBoth,
	watchConsole,
} from './lib/browser.mjs';
import {
	assertNoConsoleErrors,
	errors,
	page,
	setUpAdminPage,
} from './lib/session.mjs';
import { CONVERSION, STAGES, STATUSES } from './lib/report-keys.mjs';
import { adminClient, runPhp } from './lib/api.mjs';
import fs from 'node:fs';

// The editor asks wordpress.org's block directory while searching the inserter; the test site is
// offline (WP_HTTP_BLOCK_EXTERNAL), so core answers that request with 500. Not ours; nothing else is ignored.
const OFFLINE_NOISE = /block-directory\/search/;

const client = adminClient();
let visitor;
let pageUrl;
let postId;
let today;
let jobs;
let overviewQuery;
let tthQuery;
let funnelQuery;
// The screenshots the closing note points at (the lead collects them from here).
const SCREENS = process.env.RR_BLOCK_SCREENS || '/work/screens';

setUpAdminPage( {
	// Failed requests count as errors too.
	setup: () =>
		page.on( 'response', ( response ) => {
			if (
				response.status() >= 400 &&
				! OFFLINE_NOISE.test( response.url() )
			)
				errors.push(
					`HTTP ${ response.status() } ${ response.url() }`
				);
		} ),
	ready: async () => {
		visitor = await launch();
		today = ( await runPhp( "echo wp_date( 'Y-m-d' );" ) ).trim();
		const list = await client.jobs.list( {
			per_page: 100,
			status: 'publish',
		} );
		jobs = list.items;
	},
} );

after( async () => {
	await visitor?.close();
} );

/** A new page of the anonymous visitor's browser at `url`, and that page's console errors. */
async function visit( url ) {
	const anon = await visitor.context.newPage();
	const anonErrors = watchConsole( anon );
	await anon.goto( url );
	return { anon, anonErrors };
}

/** Waits until the page has charts and has drawn every one. */
function chartsDrawn( target ) {
	return target.waitForFunction(
		() =>
			document.querySelectorAll( '[data-rr-chart]' ).length > 0 &&
			[ ...document.querySelectorAll( '[data-rr-chart]' ) ].every(
				( figure ) => figure.dataset.rrDrawn === '1'
			)
	);
}

function shiftDays( iso, days ) {
	const date = new Date( `${ iso }T00:00:00Z` );
	date.setUTCDate( date.getUTCDate() + days );
	return date.toISOString().slice( 0, 10 );
}

const canvas = () => page.frameLocator( 'iframe[name="editor-canvas"]' );
const inspector = () => page.locator( '.block-editor-block-inspector' );

// The editor's inserter toggle: "Toggle block inserter" up to 6.x, "Block Inserter" in 7.x
// (Playground and the native legs run 6.6 and 6.7 today; 7.x was seen when a 7.1 tree could be had).
const INSERTER_TOGGLE = /^(Toggle block inserter|Block Inserter)$/;

async function insertVariation( title ) {
	await page.getByRole( 'button', { name: INSERTER_TOGGLE } ).click();
	const search = page.getByPlaceholder( 'Search' );
	await search.fill( title );
	// The search applies after a debounce: until then the inserter still lists every block, this variation among
	// them, and a click on that list as the results replace it was lost (no block inserted; 1 run in about 10 on a
	// busy machine). The browsing list is gone once the results are shown.
	await page
		.locator( '.block-editor-inserter__block-list' )
		.waitFor( { state: 'detached' } );
	await page
		.locator(
			'.block-editor-inserter__main-area, .block-editor-inserter__panel-content'
		)
		.getByRole( 'option', { name: title } )
		.first()
		.click();
	// The inserter closes after inserting; make sure (it does not on every WordPress version).
	if (
		await page
			.getByPlaceholder( 'Search' )
			.isVisible()
			.catch( () => false )
	) {
		await page.getByRole( 'button', { name: INSERTER_TOGGLE } ).click();
	}
}

/** Sets the selected block's period preset, job (if given), comparison (if given) and visibility through the inspector. */
async function configureSelected( { period, jobTitle, compare, visibility } ) {
	const panel = inspector();
	await panel
		.getByRole( 'combobox', { name: 'Period', exact: true } )
		.selectOption( period );
	if ( jobTitle ) {
		const job = panel.getByRole( 'combobox', { name: 'Job' } );
		await job.click();
		await job.fill( jobTitle.slice( 0, 8 ) );
		await jobOption( page, jobTitle ).click();
	}
	if ( compare ) {
		await panel
			.getByRole( 'combobox', { name: 'Compare with' } )
			.selectOption( compare );
	}
	await panel
		.getByRole( 'radio', {
			name:
				visibility === 'public'
					? 'Everyone, including visitors'
					: 'Only users with Read Applications',
		} )
		.check();
}

async function selectBlock( index ) {
	await canvas()
		.locator( '.wp-block-recruiting-reports-report' )
		.nth( index )
		.locator( '.rr-report-preview__note' )
		.click();
	await inspector()
		.getByRole( 'combobox', { name: 'Period', exact: true } )
		.waitFor();
}

async function expectedFor( report, query ) {
	if ( report === 'funnel' ) return client.reports.funnel( query );
	return report === 'overview'
		? client.reports.overview( query )
		: client.reports.timeToHire( query );
}

/** The funnel block's stages table and figures, with each figure's change against the API's comparison. */
async function assertFunnel( scope, data, where ) {
	assert.deepEqual(
		( await readTable( scope, 'stages' ) ).map( ( r ) => r.raw ),
		data.stages.map( ( row ) => [
			row.reached,
			row.conversion_from_previous,
		] ),
		`${ where } stages`
	);
	const figures = {
		applications: [
			data.stages[ 0 ].reached,
			data.comparison.stages[ 0 ].reached,
		],
		offer_acceptance_rate: [
			data.offer_acceptance_rate,
			data.comparison.offer_acceptance_rate,
		],
		in_progress: [
			data.outcomes.in_progress,
			data.comparison.outcomes.in_progress,
		],
		rejected: [ data.outcomes.rejected, data.comparison.outcomes.rejected ],
		withdrawn: [
			data.outcomes.withdrawn,
			data.comparison.outcomes.withdrawn,
		],
	};
	for ( const [ id, [ now, before ] ] of Object.entries( figures ) ) {
		const tile = scope.locator( `[data-figure="${ id }"]` );
		assert.equal(
			Number(
				await tile.locator( '.rr-figure__value' ).getAttribute(
					'data-value'
				)
			),
			now,
			`${ where } ${ id }`
		);
		let direction = 'none';
		if ( before ) {
			direction = 'same';
			if ( now !== before ) direction = now > before ? 'up' : 'down';
		}
		assert.equal(
			await tile
				.locator( '.rr-figure__change' )
				.getAttribute( 'data-change' ),
			direction,
			`${ where } ${ id } change`
		);
		assert.match(
			await tile
				.locator( '.rr-figure__change .screen-reader-text' )
				.textContent(),
			/from the previous period$|in the previous period$/
		);
	}
}

/** Compares every table of a rendered block (front end or preview) with the API's report. */
async function assertBlockTables( scope, report, data, where ) {
	if ( report === 'overview' ) {
		assert.deepEqual(
			( await readTable( scope, 'by_status' ) ).map( ( r ) => r.raw ),
			STATUSES.map( ( s ) => [ data.applications.by_status[ s ] ] ),
			`${ where } by_status`
		);
		assert.deepEqual(
			( await readTable( scope, 'conversion' ) ).map( ( r ) => r.raw ),
			CONVERSION.map( ( k ) => [ data.conversion[ k ] ] ),
			`${ where } conversion`
		);
		assert.equal(
			await figureValue( scope, 'new_applications' ),
			data.applications.new_this_period,
			`${ where } new applications`
		);
		assert.equal(
			await figureValue( scope, 'active_jobs' ),
			data.jobs.active,
			`${ where } active jobs`
		);
	} else {
		assert.deepEqual(
			( await readTable( scope, 'by_stage' ) ).map( ( r ) => r.raw ),
			STAGES.map( ( k ) => [ data.by_stage[ k ] ] ),
			`${ where } by_stage`
		);
		assert.deepEqual(
			( await readTable( scope, 'by_job' ) ).map( ( r ) => r.raw ),
			data.by_job.map( ( row ) => [ row.average_days, row.hires ] ),
			`${ where } by_job`
		);
		assert.deepEqual(
			( await readTable( scope, 'trend' ) ).map( ( r ) => r.raw ),
			data.trend.map( ( row ) => [ row.average_days, row.hires ] ),
			`${ where } trend`
		);
		if ( data.by_job.length )
			assert.equal(
				await figureValue( scope, 'average_days' ),
				data.overall.average_days,
				`${ where } average`
			);
	}
}

/** The three published blocks (overview, time to hire, funnel compared) equal the API's reports. */
async function assertPublishedBlocks( blocks, where ) {
	await assertBlockTables(
		blocks.nth( 0 ),
		'overview',
		await expectedFor( 'overview', overviewQuery ),
		`${ where } (overview)`
	);
	await assertBlockTables(
		blocks.nth( 1 ),
		'time-to-hire',
		await expectedFor( 'time-to-hire', tthQuery ),
		`${ where } (time to hire)`
	);
	await assertFunnel(
		blocks.nth( 2 ),
		await expectedFor( 'funnel', funnelQuery ),
		`${ where } (funnel, compared)`
	);
}

test(
	'insert both variations, set period and job, publish',
	{ timeout: 300_000 * SLOW },
	async () => {
		// The jobs: one with applications in the last 90 days, one with hires in the last 12 months.
		const tth = await client.reports.timeToHire( {} );
		const hiringJob = tth.by_job[ 0 ];
		const busyJob =
			jobs.find( ( job ) => job.id !== hiringJob.job_id ) ?? jobs[ 0 ];

		await page.goto( `${ BASE_URL }/wp-admin/post-new.php?post_type=page` );
		await page.locator( 'iframe[name="editor-canvas"]' ).waitFor();
		await canvas()
			.getByRole( 'textbox', { name: 'Add title' } )
			.fill( 'Recruiting figures' );

		await insertVariation( 'Recruiting overview' );
		const first = canvas()
			.locator( '.wp-block-recruiting-reports-report' )
			.first();
		await first.locator( '[data-rr-chart="by_status"]' ).waitFor();
		await configureSelected( {
			period: 'last_90_days',
			jobTitle: busyJob.title,
			visibility: 'public',
		} );
		await first.getByText( `${ busyJob.title } · Last 90 days` ).waitFor();
		overviewQuery = {
			date_from: shiftDays( today, -89 ),
			date_to: today,
			job_id: busyJob.id,
		};
		await assertBlockTables(
			first,
			'overview',
			await client.reports.overview( overviewQuery ),
			'editor preview (overview)'
		);
		await screenshot( page, 'block-editor-overview-desktop', {
			fullPage: false,
		} );

		await insertVariation( 'Time to hire' );
		const second = canvas()
			.locator( '.wp-block-recruiting-reports-report' )
			.nth( 1 );
		await second.locator( '[data-rr-chart="by_stage"]' ).waitFor();
		await configureSelected( {
			period: 'last_12_months',
			jobTitle: hiringJob.job_title,
			visibility: 'public',
		} );
		await second
			.getByText( `${ hiringJob.job_title } · Last 12 months` )
			.waitFor();
		await second.locator( '[data-rr-chart="trend"] canvas' ).waitFor();
		await assertBlockTables(
			second,
			'time-to-hire',
			await client.reports.timeToHire( { job_id: hiringJob.job_id } ),
			'editor preview (time to hire)'
		);
		await inspector()
			.getByRole( 'button', { name: 'Who may see the data' } )
			.scrollIntoViewIfNeeded();
		await screenshot( page, 'block-editor-time-to-hire-desktop', {
			fullPage: false,
		} );
		await page.setViewportSize( NARROW );
		await page.waitForTimeout( 500 );
		await screenshot( page, 'block-editor-360', { fullPage: false } );
		await page.setViewportSize( DESKTOP );

		// A new variation, with the comparison on: the preview is the server's render, charts drawn by the view code.
		await insertVariation( 'Hiring funnel' );
		const third = canvas()
			.locator( '.wp-block-recruiting-reports-report' )
			.nth( 2 );
		await third.locator( '[data-rr-chart="stages"] canvas' ).waitFor();
		await configureSelected( {
			period: 'last_12_months',
			compare: 'previous_period',
			visibility: 'public',
		} );
		await third.locator( '.rr-figure__change' ).first().waitFor();
		await third.locator( '[data-rr-chart="stages"] canvas' ).waitFor();
		funnelQuery = { compare: 'previous_period' };
		await assertFunnel(
			third,
			await client.reports.funnel( funnelQuery ),
			'editor preview (funnel)'
		);
		await assertAccessible(
			page,
			'.block-editor-block-inspector',
			'the block inspector'
		);
		await screenshot( page, 'block-editor-funnel-compare-desktop', {
			fullPage: false,
		} );

		// Publish.
		await page
			.getByRole( 'button', { name: 'Publish', exact: true } )
			.first()
			.click();
		await page
			.locator( '.editor-post-publish-panel' )
			.getByRole( 'button', { name: 'Publish', exact: true } )
			.click();
		await page
			.locator( '.editor-post-publish-panel' )
			.getByText( /is now live/ )
			.waitFor();
		const saved = await page.evaluate( () => ( {
			id: window.wp.data.select( 'core/editor' ).getCurrentPostId(),
			link: window.wp.data.select( 'core/editor' ).getPermalink(),
		} ) );
		postId = saved.id;
		pageUrl = saved.link;
		assert.ok( pageUrl, 'the page has a permalink' );
		// Settings saved as block attributes.
		const content = await runPhp(
			`echo get_post_field( 'post_content', ${ Number( postId ) } );`
		);
		assert.match(
			content,
			/<!-- wp:recruiting-reports\/report \{[^}]*"period":"last_90_days"/
		);
		assert.match( content, new RegExp( `"jobId":${ busyJob.id }` ) );
		assert.match( content, /"report":"time-to-hire"/ );
		assert.match(
			content,
			/<!-- wp:recruiting-reports\/report \{[^}]*"report":"funnel"[^}]*"compare":"previous_period"|"compare":"previous_period"[^}]*"report":"funnel"/
		);
		assertNoConsoleErrors( 'the editor', OFFLINE_NOISE );

		tthQuery = { job_id: hiringJob.job_id };
	}
);

test(
	'anonymous visitor, "everyone": charts drawn, tables equal the API',
	{ timeout: 180_000 * SLOW },
	async () => {
		assert.ok( pageUrl, 'published in the previous test' );
		const { anon, anonErrors } = await visit( pageUrl );
		const blocks = anon.locator( '.wp-block-recruiting-reports-report' );
		assert.equal( await blocks.count(), 3 );
		await chartsDrawn( anon );
		const drawn = await anon.evaluate( () =>
			[ ...document.querySelectorAll( '[data-rr-chart] canvas' ) ].map(
				( c ) => ( {
					w: c.width,
					h: c.height,
					painted: ( () => {
						const ctx = c.getContext( '2d' );
						const { data } = ctx.getImageData(
							0,
							0,
							c.width,
							c.height
						);
						for ( let i = 3; i < data.length; i += 4 )
							if ( data[ i ] !== 0 ) return true;
						return false;
					} )(),
				} )
			)
		);
		assert.ok( drawn.length >= 5, `charts drawn: ${ drawn.length }` );
		for ( const chart of drawn )
			assert.ok(
				chart.w > 0 && chart.h > 0 && chart.painted,
				`a chart is painted: ${ JSON.stringify( chart ) }`
			);

		await assertPublishedBlocks( blocks, 'front end' );
		await assertAccessible(
			anon,
			'.wp-block-recruiting-reports-report',
			'the blocks on the front end'
		);
		await screenshotBoth( anon, 'block-front-public' );
		fs.mkdirSync( SCREENS, { recursive: true } );
		await blocks
			.nth( 2 )
			.screenshot( { path: `${ SCREENS }/block-front-funnel-compare.png` } );
		await anon.screenshot( {
			path: `${ SCREENS }/block-front-compare-page.png`,
			fullPage: true,
		} );
		assert.deepEqual( anonErrors, [], 'console errors on the front end' );

		// Without JavaScript, the tables are what shows.
		const html = await ( await fetch( pageUrl ) ).text();
		assert.match( html, /<details class="rr-chart__data" open>/ );
		assert.match( html, /data-chart-table="by_status"/ );
		await anon.close();
	}
);

test(
	'"only Read Applications": no figure in the HTML for visitors; the admin sees them',
	{ timeout: 240_000 * SLOW },
	async () => {
		assert.ok( postId, 'published in the first test' );
		await page.goto(
			`${ BASE_URL }/wp-admin/post.php?post=${ postId }&action=edit`
		);
		await page.locator( 'iframe[name="editor-canvas"]' ).waitFor();
		await canvas()
			.locator( '.wp-block-recruiting-reports-report [data-rr-chart]' )
			.first()
			.waitFor();
		await selectBlock( 0 );
		await inspector()
			.getByRole( 'radio', { name: 'Only users with Read Applications' } )
			.check();
		await inspector()
			.getByRole( 'radio', { name: 'A short message' } )
			.check();
		await selectBlock( 1 );
		await inspector()
			.getByRole( 'radio', { name: 'Only users with Read Applications' } )
			.check();
		await inspector().getByRole( 'radio', { name: 'Nothing' } ).check();
		await selectBlock( 2 );
		await inspector()
			.getByRole( 'radio', { name: 'Only users with Read Applications' } )
			.check();
		await inspector().getByRole( 'radio', { name: 'Nothing' } ).check();
		await screenshot( page, 'block-editor-visibility-desktop', {
			fullPage: false,
		} );
		await page.getByRole( 'button', { name: /^(Update|Save)$/ } ).click();
		await page
			.locator( '.components-snackbar', { hasText: /updated/i } )
			.first()
			.waitFor();
		assertNoConsoleErrors( 'the editor', OFFLINE_NOISE );

		// The visitor's HTML: the neutral message for the first block, nothing for the second, no data.
		const html = await ( await fetch( pageUrl ) ).text();
		assert.match(
			html,
			/This recruiting report is only available to signed-in team members\./
		);
		// Markup markers only: the block's (inlined) stylesheet mentions its class names.
		for ( const marker of [
			'class="rr-figures"',
			'data-figure=',
			'data-chart-table',
			'class="rr-chart__spec"',
			'data-value=',
			'All applications by current status',
			'Time to hire by month',
			'Applications reaching each stage',
			'data-change=',
			'data-rr-report',
		] ) {
			assert.ok(
				! html.includes( marker ),
				`"${ marker }" must not be in the visitor's HTML`
			);
		}
		const overview = await expectedFor( 'overview', overviewQuery );
		assert.ok(
			! html.includes(
				`"values":[${ overview.applications.by_status.new },`
			),
			'no report values embedded'
		);

		const { anon, anonErrors } = await visit( pageUrl );
		assert.equal( await anon.locator( '.rr-report__denied' ).count(), 1 );
		assert.equal( await anon.locator( 'canvas' ).count(), 0 );
		await screenshotBoth( anon, 'block-front-restricted-visitor' );
		assert.deepEqual( anonErrors, [], 'console errors for the visitor' );
		await anon.close();

		// The admin, who has Read Applications, sees both reports with the API's numbers.
		await page.goto( pageUrl );
		const blocks = page.locator(
			'.wp-block-recruiting-reports-report[data-rr-report]'
		);
		assert.equal( await blocks.count(), 3 );
		await chartsDrawn( page );
		await assertPublishedBlocks( blocks, 'front end as admin' );
		await screenshotBoth( page, 'block-front-restricted-admin' );
		assertNoConsoleErrors( 'the front end for the admin', OFFLINE_NOISE );
	}
);

test(
	'sources and time to fill on the front end, compared with the previous year: tables equal the API, charts drawn',
	{ timeout: 180_000 * SLOW },
	async () => {
		// Time to fill over the demo data's whole span (its first hires), so that `by_job` has rows whatever the day:
		// over the last 12 months it is empty on most days, and its table was then compared with nothing.
		const [ dateFrom, dateTo ] = (
			await runPhp(
				"echo wp_date( 'Y-m-d', time() - 700 * DAY_IN_SECONDS ), ' ', wp_date( 'Y-m-d' );"
			)
		)
			.trim()
			.split( ' ' );
		const period = {
			sources: '',
			'time-to-fill': `,"period":"custom","dateFrom":"${ dateFrom }","dateTo":"${ dateTo }"`,
		};
		const content = [ 'sources', 'time-to-fill' ]
			.map(
				( report ) =>
					`<!-- wp:recruiting-reports/report {"report":"${ report }","compare":"previous_year"${ period[ report ] },"visibility":"public"} /-->`
			)
			.join( '\n' );
		const id = Number(
			(
				await runPhp(
					`echo wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_author' => get_user_by( 'login', 'admin' )->ID, 'post_title' => 'Sources and time to fill', 'post_content' => ${ JSON.stringify( content ) } ) );`
				)
			).trim()
		);
		const link = (
			await runPhp( `echo get_permalink( ${ id } );` )
		).trim();
		const { anon, anonErrors } = await visit( link );
		await chartsDrawn( anon );
		const blocks = anon.locator( '.wp-block-recruiting-reports-report' );
		const sources = await client.reports.sources( {
			compare: 'previous_year',
		} );
		assert.deepEqual(
			( await readTable( blocks.nth( 0 ), 'sources' ) ).map(
				( r ) => r.raw
			),
			sources.sources.map( ( row ) => [
				row.applications,
				row.hires,
				row.conversion,
				row.average_days_to_hire,
			] ),
			'sources table'
		);
		const fill = await client.reports.timeToFill( {
			compare: 'previous_year',
			date_from: dateFrom,
			date_to: dateTo,
		} );
		assert.ok( fill.by_job.length > 0, 'the demo data fills jobs' );
		// Opened, filled (dates) and days, each cell's data-value as the API gives it.
		assert.deepEqual(
			( await readTable( blocks.nth( 1 ), 'by_job' ) ).map(
				( r ) => r.values
			),
			fill.by_job.map( ( row ) => [
				row.opened,
				row.filled,
				String( row.days ),
			] ),
			'time to fill by job'
		);
		assert.equal(
			await figureValue( blocks.nth( 1 ), 'open_jobs' ),
			fill.open_jobs.count
		);
		// Each headline figure with a value shows its change (or "—").
		for ( const block of [ blocks.nth( 0 ), blocks.nth( 1 ) ] ) {
			const withValue = await block
				.locator( '.rr-figure__value[data-value]' )
				.count();
			assert.equal(
				await block.locator( '.rr-figure__change' ).count(),
				withValue
			);
		}
		await assertAccessible(
			anon,
			'.wp-block-recruiting-reports-report',
			'sources and time to fill blocks'
		);
		await screenshotBoth( anon, 'block-front-sources-time-to-fill' );
		fs.mkdirSync( SCREENS, { recursive: true } );
		await anon.screenshot( {
			path: `${ SCREENS }/block-front-sources-time-to-fill-compare.png`,
			fullPage: true,
		} );
		assert.deepEqual( anonErrors, [], 'console errors on the front end' );
		await anon.close();
	}
);

test(
	'a deleted job: editor notice, empty front end, no PHP warning',
	{ timeout: 180_000 * SLOW },
	async () => {
		const job = await client.jobs.create( {
			title: 'Temporary job for the block test',
			status: 'publish',
		} );
		const content = `<!-- wp:recruiting-reports/report {"report":"overview","jobId":${ job.id },"visibility":"public"} /-->`;
		const id = Number(
			(
				await runPhp(
					`echo wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Deleted job block', 'post_content' => ${ JSON.stringify( content ) } ) );`
				)
			).trim()
		);
		await client.jobs.delete( job.id );
		const link = (
			await runPhp( `echo get_permalink( ${ id } );` )
		).trim();
		const html = await ( await fetch( link ) ).text();
		assert.ok(
			! html.includes( 'data-figure=' ) &&
				! html.includes( 'data-chart-table' ) &&
				! html.includes( 'data-rr-report' ),
			'front end stays empty'
		);

		await page.goto(
			`${ BASE_URL }/wp-admin/post.php?post=${ id }&action=edit`
		);
		await page.locator( 'iframe[name="editor-canvas"]' ).waitFor();
		await canvas()
			.getByText( /The selected job no longer exists/ )
			.waitFor();
		await screenshot( page, 'block-editor-deleted-job-desktop', {
			fullPage: false,
		} );
		// The failed preview request is the expected 404 behind the notice.
		assertNoConsoleErrors( 'the editor', [
			OFFLINE_NOISE,
			/404|resource_not_found/,
		] );
	}
);
