// Retention rules (issue #23; Settings → Privacy): the REST routes with their permission and error shape, the
// preview and the Applications list it links to, the daily run (anonymise or delete, notes with them, counts-only
// log, once per site day), the months counted on the site's calendar across a daylight-saving change, and the
// notice before the first run, and a cron run that spends its time budget carrying on in continuations.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { expectError, expectStatus, get, post, put, resetSite, site } from './lib/api.mjs';
import { cookieLogin, keyHeader, makeKeyFor, makeUser, php, phpValue } from './lib/credentials.mjs';
import { assertSummariesConsistent } from './lib/reports.mjs';
import { application, iso, job } from './lib/fixtures.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 180_000;

/** Imports applications, then sets each one's status and last change (updated_at, Unix seconds) as given. */
async function seed( rows ) {
	const summary = expectStatus(
		await post( `${ NS }/import`, {
			jobs: [ job( 'ret-job', { title: 'Retention officer' } ) ],
			applications: rows.map( ( row ) =>
				application( row.ref, 'ret-job', {
					candidate: { name: `Person ${ row.ref }`, email: `${ row.ref }@example.com` },
					applied_at: iso( ( row.updated - 86400 ) * 1000 ),
					history: row.status === 'new' ? [] : [ { status: row.status, at: iso( ( row.updated - 60 ) * 1000 ) } ],
				} )
			),
		} ),
		200
	);
	const ids = summary.applications.ids;
	await php( `global $wpdb;
		foreach ( json_decode( ${ JSON.stringify( JSON.stringify( rows.map( ( row ) => [ ids[ row.ref ], row.updated ] ) ) ) }, true ) as [ $id, $updated ] ) {
			$wpdb->update( \\RecruitingReports\\Data\\Schema::table( 'applications' ), array( 'updated_at' => $updated ), array( 'id' => $id ) );
		}` );
	return ids;
}

const cron = ( now ) => phpValue( `\\RecruitingReports\\Privacy\\Retention::cron( ${ now } )` );
const app = async ( id ) => ( await get( `${ NS }/applications/${ id }` ) );

before( resetSite );

test( 'REST: rules off by default with suggested months; Settings only; validation in the API\'s error shape', { timeout: TIMEOUT }, async () => {
	const rules = expectStatus( await get( `${ NS }/retention` ), 200 );
	assert.deepEqual( Object.keys( rules.rules ), [ 'hired', 'rejected', 'withdrawn', 'open' ] );
	assert.ok( Object.values( rules.rules ).every( ( rule ) => rule.action === 'off' && rule.months > 0 ) );
	assert.deepEqual( rules.suggested_months, [ 6, 12, 24, 36 ] );
	assert.equal( rules.has_run, false );

	const admin = await phpValue( "get_user_by( 'login', 'admin' )->ID" );
	const reader = keyHeader( ( await makeKeyFor( admin, [ 'recruiting_read_applications', 'recruiting_write_applications' ] ) ).key );
	for ( const path of [ '/retention', '/retention/preview', '/retention/log' ] ) {
		expectError( await get( `${ NS }${ path }`, { auth: reader } ), 403, 'insufficient_permissions' );
		expectError( await get( `${ NS }${ path }`, { auth: {} } ), 401, 'authentication_required' );
	}
	expectError( await put( `${ NS }/retention`, { rules: { rejected: { action: 'delete' } } }, { auth: reader } ), 403, 'insufficient_permissions' );
	const editor = await makeUser( 'ret-editor', 'editor' );
	expectError( await get( `${ NS }/retention`, { auth: editor.auth } ), 403, 'insufficient_permissions' );

	for ( const [ body, param ] of [
		[ { rules: { rejected: { action: 'shred' } } }, 'rules.rejected.action' ],
		[ { rules: { rejected: { months: 0 } } }, 'rules.rejected.months' ],
		[ { rules: { rejected: { months: 121 } } }, 'rules.rejected.months' ],
		[ { rules: { rejected: { months: '6' } } }, 'rules.rejected.months' ],
		[ { rules: { offer: { action: 'delete' } } }, 'rules.offer' ],
	] ) {
		const error = expectError( await put( `${ NS }/retention`, body ), 400, 'rest_invalid_param' );
		assert.ok( error.data.params[ param ], `${ JSON.stringify( body ) }: ${ JSON.stringify( error ) }` );
	}
	assert.ok( Object.values( expectStatus( await get( `${ NS }/retention` ), 200 ).rules ).every( ( rule ) => rule.action === 'off' ), 'a refused change changed nothing' );
	assert.deepEqual( expectStatus( await get( `${ NS }/retention/preview` ), 200 ).rules, {} );
} );

test( 'a run anonymises and deletes what the rules say (notes with them), logs counts only, once per site day; the preview lists the same applications', { timeout: TIMEOUT }, async () => {
	await resetSite();
	const now = Math.floor( Date.now() / 1000 );
	const month = 31 * 86400;
	const ids = await seed( [
		{ ref: 'rej-old', status: 'rejected', updated: now - 7 * month },
		{ ref: 'rej-new', status: 'rejected', updated: now - 5 * month },
		{ ref: 'wd-old', status: 'withdrawn', updated: now - 7 * month },
		{ ref: 'open-old', status: 'screening', updated: now - 13 * month },
		{ ref: 'open-new', status: 'interview', updated: now - 2 * month },
		{ ref: 'hired-old', status: 'hired', updated: now - 30 * month },
	] );
	expectStatus( await post( `${ NS }/applications/${ ids[ 'rej-old' ] }/notes`, { content: 'Note about rej-old' } ), 201 );
	// Written notes change updated_at: put it back.
	await php( `global $wpdb; $wpdb->update( \\RecruitingReports\\Data\\Schema::table( 'applications' ), array( 'updated_at' => ${ now - 7 * month } ), array( 'id' => ${ ids[ 'rej-old' ] } ) );` );
	const rules = { rejected: { action: 'anonymise', months: 6 }, withdrawn: { action: 'delete', months: 6 }, open: { action: 'anonymise', months: 12 } };
	expectStatus( await put( `${ NS }/retention`, { rules } ), 200 );

	const preview = expectStatus( await get( `${ NS }/retention/preview` ), 200 );
	assert.deepEqual( Object.fromEntries( Object.entries( preview.rules ).map( ( [ name, rule ] ) => [ name, rule.applications ] ) ), { rejected: 1, withdrawn: 1, open: 1 } );
	assert.equal( preview.total, 3 );
	// Each rule's filters list exactly its applications in GET /applications (the screen's link).
	for ( const [ name, expected ] of [ [ 'rejected', 'rej-old' ], [ 'withdrawn', 'wd-old' ], [ 'open', 'open-old' ] ] ) {
		const { filters } = preview.rules[ name ];
		const list = await get( `${ NS }/applications`, { query: { ...filters, status: filters.status.join( ',' ) } } );
		assert.deepEqual( expectStatus( list, 200 ).map( ( row ) => row.id ), [ ids[ expected ] ], name );
	}

	// The notice before the first run, on any wp-admin page, for an admin.
	const { cookie } = await cookieLogin();
	const dashboard = await ( await fetch( `${ site.url }/wp-admin/index.php`, { headers: { Cookie: cookie } } ) ).text();
	assert.match( dashboard, /data-rr-notice="retention"/ );
	assert.match( dashboard, /it would anonymise or delete 3 applications/ );

	const entry = await cron( now );
	assert.deepEqual( Object.fromEntries( Object.entries( entry.rules ).map( ( [ name, rule ] ) => [ name, rule.applications ] ) ), { rejected: 1, withdrawn: 1, open: 1 } );
	assert.equal( entry.failed, 0 );
	assert.deepEqual( [ entry.parts, entry.continued ], [ 1, false ], 'within the default budget: one part' );
	assert.deepEqual( expectStatus( await app( ids[ 'rej-old' ] ), 200 ).candidate, { name: '[deleted]', email: 'deleted@site.invalid', phone: '' } );
	assert.deepEqual( expectStatus( await get( `${ NS }/applications/${ ids[ 'rej-old' ] }/notes` ), 200 ), [] );
	assert.equal( expectStatus( await app( ids[ 'open-old' ] ), 200 ).candidate.name, '[deleted]' );
	expectStatus( await app( ids[ 'wd-old' ] ), 404 );
	for ( const kept of [ 'rej-new', 'open-new', 'hired-old' ] ) {
		assert.equal( expectStatus( await app( ids[ kept ] ), 200 ).candidate.name, `Person ${ kept }`, kept );
	}
	await assertSummariesConsistent();

	// Once per site day: the same day's second event does nothing; the log has the one run, counts only.
	assert.equal( await cron( now + 60 ), null );
	const log = expectStatus( await get( `${ NS }/retention/log` ), 200 );
	assert.equal( log.length, 1 );
	assert.equal( log[ 0 ].trigger, 'cron' );
	assert.ok( ! /@example\.com|Person|rej-old/.test( JSON.stringify( log ) ), JSON.stringify( log ) );
	assert.equal( expectStatus( await get( `${ NS }/retention` ), 200 ).has_run, true );
	assert.doesNotMatch( await ( await fetch( `${ site.url }/wp-admin/index.php`, { headers: { Cookie: cookie } } ) ).text(), /data-rr-notice="retention"/ );
	// The next day's run finds nothing left: anonymised applications are not taken again.
	const next = await cron( now + 86400 );
	assert.deepEqual( Object.values( next.rules ).map( ( rule ) => rule.applications ), [ 0, 0, 0 ] );
} );

const CONTINUE = '\\RecruitingReports\\Privacy\\Retention::CONTINUE_HOOK';
const nextContinuation = () => phpValue( `wp_next_scheduled( ${ CONTINUE } )` );
// What WP-Cron does with a due single event (wp-cron.php): unschedules it, then fires it. Not yet due here (it is a
// minute away), so its time is read first; each part is a request of its own, as each would be.
const runContinuation = () =>
	phpValue( `( function () {
		$at = wp_next_scheduled( ${ CONTINUE } );
		wp_unschedule_event( $at, ${ CONTINUE } );
		return \\RecruitingReports\\Privacy\\Retention::continue_run();
	} )()` );

test( 'a cron run over its time budget logs what it did, and continuations carry on under the day\'s claim: each due application handled once, one log entry', { timeout: TIMEOUT }, async () => {
	await resetSite();
	const now = Math.floor( Date.now() / 1000 );
	const month = 31 * 86400;
	const rejected = [ 'b-rej-1', 'b-rej-2', 'b-rej-3', 'b-rej-4' ];
	const withdrawn = [ 'b-wd-1', 'b-wd-2', 'b-wd-3' ];
	const ids = await seed( [
		...rejected.map( ( ref ) => ( { ref, status: 'rejected', updated: now - 7 * month } ) ),
		...withdrawn.map( ( ref ) => ( { ref, status: 'withdrawn', updated: now - 7 * month } ) ),
		{ ref: 'b-rej-new', status: 'rejected', updated: now - 2 * month },
	] );
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/retention-budget', events: [ 'application.deleted' ] } ), 201 );
	expectStatus( await put( `${ NS }/retention`, { rules: { rejected: { action: 'anonymise', months: 6 }, withdrawn: { action: 'delete', months: 6 } } } ), 200 );
	// A budget of 0 s: each part handles one application per rule it reaches, then stops.
	await php( "update_option( 'recruiting_test_retention_seconds', 0 );" );
	assert.equal( await nextContinuation(), false );

	const first = await cron( now );
	assert.deepEqual( [ first.parts, first.continued, first.rules.rejected.applications, first.rules.withdrawn.applications ], [ 1, true, 1, 0 ] );
	assert.ok( ( await nextContinuation() ) > now, 'a continuation is scheduled' );
	assert.deepEqual( expectStatus( await get( `${ NS }/retention/log` ), 200 ), [ first ], 'the part is logged, marked continued' );
	assert.equal( await cron( now + 60 ), null, 'the day stays claimed: the daily event firing again does nothing' );

	// A continuation that finds the run lock held (a WP-CLI run) does nothing and tries again a minute later.
	await php( "\\RecruitingReports\\Data\\OptionClaims::claim( 'recruiting_reports_retention_lock', (string) time() );" );
	assert.equal( await runContinuation(), null );
	assert.ok( ( await nextContinuation() ) > now, 'tried again later' );
	await php( "\\RecruitingReports\\Data\\OptionClaims::release( 'recruiting_reports_retention_lock' );" );
	assert.deepEqual( expectStatus( await get( `${ NS }/retention/log` ), 200 ), [ first ] );

	let entry = first;
	for ( let part = 2; entry.continued && part <= 20; part++ ) {
		assert.ok( await nextContinuation(), `part ${ part } is scheduled` );
		entry = await runContinuation();
		assert.equal( entry.parts, part );
		assert.equal( entry.at, first.at );
		assert.deepEqual( expectStatus( await get( `${ NS }/retention/log` ), 200 ), [ entry ], 'one log entry, updated by each part' );
	}
	assert.equal( entry.continued, false );
	assert.ok( entry.parts >= 4, `several continuations: ${ entry.parts } parts` );
	assert.deepEqual( [ entry.rules.rejected.applications, entry.rules.withdrawn.applications, entry.failed ], [ rejected.length, withdrawn.length, 0 ] );
	assert.equal( await nextContinuation(), false, 'no continuation after the last part' );
	assert.equal( await runContinuation(), null, 'a continuation fired again (another node) finds nothing to carry on' );

	for ( const ref of rejected ) {
		assert.equal( expectStatus( await app( ids[ ref ] ), 200 ).candidate.name, '[deleted]', ref );
	}
	for ( const ref of withdrawn ) {
		expectStatus( await app( ids[ ref ] ), 404 );
	}
	assert.equal( expectStatus( await app( ids[ 'b-rej-new' ] ), 200 ).candidate.name, 'Person b-rej-new' );
	const deliveries = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { query: { per_page: 100 } } ), 200 );
	assert.deepEqual(
		deliveries.map( ( delivery ) => delivery.payload.data.application.id ).sort( ( x, y ) => x - y ),
		withdrawn.map( ( ref ) => ids[ ref ] ).sort( ( x, y ) => x - y ),
		'one application.deleted per deleted application'
	);
	await assertSummariesConsistent();

	// WP-CLI's run has no budget: one part, whatever the filter says.
	await seed( [ 'b-cli-1', 'b-cli-2' ].map( ( ref ) => ( { ref, status: 'rejected', updated: now - 7 * month } ) ) );
	const cli = await phpValue( `\\RecruitingReports\\Privacy\\Retention::run( false, ${ now }, 'cli' )` );
	assert.deepEqual( [ cli.parts, cli.continued, cli.rules.rejected.applications ], [ 1, false, 2 ] );
	assert.equal( await nextContinuation(), false );
} );

test( 'months are counted on the site\'s calendar across a daylight-saving change (Europe/Berlin)', { timeout: TIMEOUT }, async () => {
	await resetSite();
	expectStatus( await post( '/wp/v2/settings', { timezone: 'Europe/Berlin' } ), 200 );
	// Run at 2026-09-28 12:00 CEST (10:00 UTC). Six months earlier on the site's calendar is 2026-03-28 12:00 CET,
	// 11:00 UTC, before the change to summer time on 29 March; UTC arithmetic would say 10:00 UTC instead.
	const now = Date.UTC( 2026, 8, 28, 10, 0 ) / 1000;
	const ids = await seed( [
		{ ref: 'dst-before', status: 'rejected', updated: Date.UTC( 2026, 2, 28, 10, 30 ) / 1000 },
		{ ref: 'dst-after', status: 'rejected', updated: Date.UTC( 2026, 2, 28, 11, 30 ) / 1000 },
	] );
	expectStatus( await put( `${ NS }/retention`, { rules: { rejected: { action: 'anonymise', months: 6 } } } ), 200 );
	assert.equal( await phpValue( `\\RecruitingReports\\Privacy\\RetentionRules::cutoff( 6, ${ now } )` ), Date.UTC( 2026, 2, 28, 11, 0 ) / 1000 );
	const entry = await cron( now );
	assert.equal( entry.rules.rejected.applications, 1 );
	assert.equal( expectStatus( await app( ids[ 'dst-before' ] ), 200 ).candidate.name, '[deleted]' );
	assert.equal( expectStatus( await app( ids[ 'dst-after' ] ), 200 ).candidate.name, 'Person dst-after' );
	// The day claimed is the site's: 2026-09-28 in Berlin, so 23:30 UTC that day (01:30 on the 29th there) is a new day.
	assert.notEqual( await cron( Date.UTC( 2026, 8, 28, 23, 30 ) / 1000 ), null );
	// The daily event is scheduled at 03:00 site time.
	const next = await phpValue( `wp_date( 'H:i', \\RecruitingReports\\Privacy\\Retention::next_run_at( ${ now } ) )` );
	assert.equal( next, '03:00' );
	expectStatus( await post( '/wp/v2/settings', { timezone: 'UTC' } ), 200 );
} );

test( 'the suggested privacy-policy text covers CVs, the e-mail address, the apply form’s e-mails and the retention rules in force', { timeout: TIMEOUT }, async () => {
	await resetSite();
	const { cookie } = await cookieLogin();
	const guide = async () => ( await fetch( `${ site.url }/wp-admin/options-privacy.php?tab=policyguide`, { headers: { Cookie: cookie } } ) ).text();
	const before = await guide();
	assert.match( before, /CVs and documents/ );
	assert.match( before, /we delete them when your application is deleted or anonymised/ );
	assert.match( before, /Your e-mail address/ );
	assert.match( before, /No retention rule is on/ );
	// The apply form's e-mails, with how long the e-mail log keeps them (the setting delivery_log_days).
	assert.match( before, /we send you a confirmation by e-mail and tell our recruiting team/ );
	assert.match( before, /stays in our e-mail log for 30 days after it is sent, and is deleted with your application\./ );
	expectStatus( await put( `${ NS }/settings`, { delivery_log_days: 1 } ), 200 );
	assert.match( await guide(), /stays in our e-mail log for 1 day after it is sent/ );
	expectStatus( await put( `${ NS }/settings`, { delivery_log_days: 30 } ), 200 );
	expectStatus( await put( `${ NS }/retention`, { rules: { rejected: { action: 'anonymise', months: 6 }, open: { action: 'delete', months: 12 } } } ), 200 );
	const after = await guide();
	assert.match( after, /Rejected applications are anonymised 6 months after their last change\./ );
	assert.match( after, /Open applications nobody has worked on for 12 months are deleted\./ );
	assert.doesNotMatch( after, /No retention rule is on/ );
} );
