// Who gets a report block's figures (issue #12, defect 1; docs/ui.md blocks): the editor preview route renders
// figures only for users with Read Applications, whatever attributes it is sent, and "everyone" holds only while
// the post's author and its last editor have Read Applications. Everything goes through real WordPress routes
// (the block renderer, /wp/v2/posts) as real users of each role. A public Sources block shows visitors free-text
// sources (personal data) only counted as `other` (issue #23).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { asAdmin, expectStatus, get, post, put, resetSite, site } from './lib/api.mjs';
import { makeUser, phpValue } from './lib/credentials.mjs';
import { application, iso, job } from './lib/fixtures.mjs';

const TIMEOUT = 180_000;
const DENIED = 'This recruiting report is only available to signed-in team members.';
const DRAFT_TITLE = 'Secret draft vacancy 7731';

const hasData = ( html ) => /data-figure=|data-chart-table=|rr-chart__spec|data-rr-report/.test( html );

let users;
let draftJobId;

before( async () => {
	await resetSite();
	const now = Date.now();
	const day = 86400000;
	const summary = expectStatus(
		await post( '/recruiting/v1/import', {
			jobs: [ job( 'vis-open', { created_at: iso( now - 60 * day ) } ), job( 'vis-draft', { title: DRAFT_TITLE, status: 'draft', created_at: iso( now - 60 * day ) } ) ],
			applications: Array.from( { length: 6 }, ( _, i ) =>
				application( `vis-${ i }`, i % 2 ? 'vis-open' : 'vis-draft', {
					applied_at: iso( now - ( 30 - i ) * day ),
					history: [ { status: 'screening', at: iso( now - ( 29 - i ) * day ) } ],
				} )
			),
		} ),
		200
	);
	draftJobId = summary.jobs.ids[ 'vis-draft' ];
	users = {
		contributor: await makeUser( 'vis-contributor', 'contributor' ),
		author: await makeUser( 'vis-author', 'author' ),
		editor: await makeUser( 'vis-editor', 'editor' ),
		recruiter: await makeUser( 'vis-recruiter', 'recruiter' ),
		// An Editor who is also on the hiring team.
		teamEditor: await makeUser( 'vis-team-editor', 'editor' ),
		admin: { auth: asAdmin() },
	};
	await phpValue( `get_user_by( 'id', ${ users.teamEditor.id } )->add_cap( 'recruiting_read_applications' )` );
} );

/** The editor's server-side preview of the block, as a user, with the attributes a client chooses. */
async function preview( auth, attributes, query = {} ) {
	const params = { context: 'edit', ...query };
	for ( const [ name, value ] of Object.entries( attributes ) ) {
		params[ `attributes[${ name }]` ] = value;
	}
	return expectStatus( await get( '/wp/v2/block-renderer/recruiting-reports/report', { auth, query: params } ), 200 ).rendered;
}

const block = ( attributes ) => `<!-- wp:recruiting-reports/report ${ JSON.stringify( attributes ) } /-->`;

/** A post's content as a visitor sees it (no credentials). */
async function visitorView( postId ) {
	return expectStatus( await get( `/wp/v2/posts/${ postId }`, { auth: {} } ), 200 ).content.rendered;
}

test( 'preview route: figures only for users with Read Applications, whatever visibility the request asks for', { timeout: TIMEOUT }, async () => {
	for ( const role of [ 'contributor', 'author', 'editor' ] ) {
		for ( const attributes of [ { report: 'overview', visibility: 'public' }, { report: 'time-to-hire', visibility: 'public', jobId: draftJobId } ] ) {
			const html = await preview( users[ role ].auth, attributes );
			assert.ok( ! hasData( html ), `${ role } got report data: ${ html.slice( 0, 300 ) }` );
			assert.ok( ! html.includes( DRAFT_TITLE ), `${ role } saw a draft job's title` );
			assert.ok( html.includes( DENIED ), `${ role }: ${ html.slice( 0, 300 ) }` );
		}
	}
	for ( const role of [ 'teamEditor', 'admin' ] ) {
		const html = await preview( users[ role ].auth, { report: 'time-to-hire', visibility: 'public', jobId: draftJobId } );
		assert.ok( hasData( html ), `${ role }: ${ html.slice( 0, 300 ) }` );
		assert.ok( html.includes( DRAFT_TITLE ), role );
	}
	// The Recruiter role cannot edit posts, so WordPress refuses it the route altogether (its editor preview
	// uses the report API instead).
	const recruiter = await get( '/wp/v2/block-renderer/recruiting-reports/report', { auth: users.recruiter.auth, query: { context: 'edit', 'attributes[visibility]': 'public' } } );
	assert.equal( recruiter.status, 403 );
	assert.ok( ! hasData( recruiter.text ) );
} );

test( 'preview route: an Editor cannot borrow an admin post\'s context (post_id) to see figures', { timeout: TIMEOUT }, async () => {
	const adminPost = expectStatus( await post( '/wp/v2/posts', { title: 'Admin report page', status: 'publish', content: block( { visibility: 'public' } ) } ), 201 );
	const html = await preview( users.editor.auth, { visibility: 'public' }, { post_id: adminPost.id } );
	assert.ok( ! hasData( html ), html.slice( 0, 300 ) );
	// The admin's own public block does show its figures to visitors.
	assert.ok( hasData( await visitorView( adminPost.id ) ) );
} );

test( 'an Author (no Read Applications) publishing a block with visibility "everyone" shows visitors no figures', { timeout: TIMEOUT }, async () => {
	for ( const role of [ 'author', 'editor' ] ) {
		const created = expectStatus( await post( '/wp/v2/posts', { title: `${ role } report`, status: 'publish', content: block( { visibility: 'public' } ) }, { auth: users[ role ].auth } ), 201 );
		const html = await visitorView( created.id );
		assert.ok( ! hasData( html ), `${ role }'s public block leaked: ${ html.slice( 0, 300 ) }` );
		assert.ok( html.includes( DENIED ), html.slice( 0, 300 ) );
	}
	// A Contributor's post, published by an admin without changes: the author still lacks the permission.
	const draft = expectStatus( await post( '/wp/v2/posts', { title: 'contributor report', status: 'pending', content: block( { visibility: 'public' } ) }, { auth: users.contributor.auth } ), 201 );
	expectStatus( await put( `/wp/v2/posts/${ draft.id }`, { status: 'publish' } ), 200 );
	assert.ok( ! hasData( await visitorView( draft.id ) ) );
} );

test( '"everyone" lapses when an Editor without Read Applications saves the post, and returns when an admin saves it', { timeout: TIMEOUT }, async () => {
	const page = expectStatus( await post( '/wp/v2/posts', { title: 'Hiring figures', status: 'publish', content: block( { visibility: 'public' } ) } ), 201 );
	assert.ok( hasData( await visitorView( page.id ) ) );

	expectStatus( await put( `/wp/v2/posts/${ page.id }`, { title: 'Hiring figures (typo fixed)' }, { auth: users.editor.auth } ), 200 );
	const afterEditor = await visitorView( page.id );
	assert.ok( ! hasData( afterEditor ), afterEditor.slice( 0, 300 ) );

	expectStatus( await put( `/wp/v2/posts/${ page.id }`, { title: 'Hiring figures' } ), 200 );
	assert.ok( hasData( await visitorView( page.id ) ) );

	// An Editor with Read Applications is a valid last editor too; the record is the plugin's own meta.
	expectStatus( await put( `/wp/v2/posts/${ page.id }`, { title: 'Hiring figures!' }, { auth: users.teamEditor.auth } ), 200 );
	assert.ok( hasData( await visitorView( page.id ) ) );
	assert.equal( await phpValue( `(int) get_post_meta( ${ page.id }, '_recruiting_reports_last_editor', true )` ), users.teamEditor.id );
} );

test( 'a post written without a logged-in user (WP-CLI, a scheduled publish) keeps its author as the deciding user', { timeout: TIMEOUT }, async () => {
	const ids = await phpValue( `( function () {
		wp_set_current_user( 0 );
		$content = ${ JSON.stringify( block( { visibility: 'public' } ) ) };
		$by_admin  = wp_insert_post( array( 'post_title' => 'cli admin', 'post_status' => 'publish', 'post_author' => get_user_by( 'login', 'admin' )->ID, 'post_content' => wp_slash( $content ) ) );
		$by_author = wp_insert_post( array( 'post_title' => 'cli author', 'post_status' => 'publish', 'post_author' => ${ users.author.id }, 'post_content' => wp_slash( $content ) ) );
		return array( $by_admin, $by_author );
	} )()` );
	assert.ok( hasData( await visitorView( ids[ 0 ] ) ) );
	assert.ok( ! hasData( await visitorView( ids[ 1 ] ) ) );
} );

test( 'a public Sources block shows visitors free-text sources only as `other`, totals unchanged; readers still see every source', { timeout: TIMEOUT }, async () => {
	const now = Date.now();
	const day = 86400000;
	const hiredAfter = ( days ) => [ 'screening', 'interview', 'offer', 'hired' ].map( ( status, i ) => ( { status, at: iso( now - 20 * day + ( i + 1 ) * ( days / 4 ) * day ) } ) );
	const rows = [
		[ 'linkedin', hiredAfter( 10 ) ],
		[ 'linkedin', [] ],
		[ 'LinkedIn', [] ],
		[ 'Referred by Jane Roe (jane@roe.example)', hiredAfter( 4 ) ],
		[ 'referred by jane roe (jane@roe.example)', [] ],
		[ 'Cousin of the CEO', hiredAfter( 7 ) ],
		[ 'other', [] ],
		[ 'jobs.example.com', [] ],
	];
	expectStatus(
		await post( '/recruiting/v1/import', {
			applications: rows.map( ( [ source, history ], i ) => application( `vis-src-${ i }`, 'vis-open', { source, applied_at: iso( now - 20 * day ), history } ) ),
		} ),
		200
	);
	const page = expectStatus( await post( '/wp/v2/posts', { title: 'Where our hires come from', status: 'publish', content: block( { report: 'sources', visibility: 'public' } ) } ), 201 );
	const FREE_TEXT = /jane|roe\.example|cousin/i;

	const html = await ( await fetch( `${ site.url }/?p=${ page.id }` ) ).text();
	assert.ok( hasData( html ), html.slice( 0, 300 ) );
	assert.doesNotMatch( html, FREE_TEXT );
	assert.doesNotMatch( await visitorView( page.id ), FREE_TEXT, 'nor in the REST-rendered content' );
	const spec = JSON.parse( html.match( /<script type="application\/json" class="rr-chart__spec">([\s\S]*?)<\/script>/ )[ 1 ] );
	// direct: the six applications of before(); other: the three free-text ones and the one already `other`.
	assert.deepEqual( spec.labels, [ 'direct', 'other', 'linkedin', 'jobs.example.com' ] );
	const table = html.match( /data-chart-table="sources">([\s\S]*?)<\/table>/ )[ 1 ];
	const values = [ ...table.matchAll( /data-value="([^"]*)"/g ) ].map( ( m ) => Number( m[ 1 ] ) );
	assert.deepEqual( values, [ 6, 0, 0, 0, 4, 2, 0.5, 5.5, 3, 1, 0.3333, 10, 1, 0, 0, 0 ], 'per source: applications, hires, conversion, average days to hire' );

	// Readers of the Reports page and the API, and the block rendered for them, still see every source.
	const full = expectStatus( await get( '/recruiting/v1/reports/sources', { auth: users.recruiter.auth } ), 200 );
	assert.deepEqual( full.sources.map( ( row ) => row.source ).sort(), [ 'cousin of the ceo', 'direct', 'jobs.example.com', 'linkedin', 'other', 'referred by jane roe (jane@roe.example)' ] );
	assert.equal( full.sources.reduce( ( sum, row ) => sum + row.applications, 0 ), 14 );
	assert.match( await preview( users.teamEditor.auth, { report: 'sources', visibility: 'public' }, { post_id: page.id } ), /referred by jane roe/ );
} );
