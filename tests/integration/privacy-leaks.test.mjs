// The four leaks of issue #23, each reproduced as the attacker would (a role, a key, a crafted address) over real
// HTTP: (1) report figures reaching an Editor through the block renderer route in another letter case, an autosave
// preview, a draft preview or REST-rendered content; (2) the personal-data export handing over other people's
// deliveries and webhook URLs; (3) a Settings-only API key reading candidate fields; (4) what anonymisation and
// application.deleted leave behind. Each test failed before its fix (see the commit that added it).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { asAdmin, del, expectStatus, get, post, put, resetSite, site } from './lib/api.mjs';
import { cookieLogin, keyHeader, makeKeyFor, makeUser, phpValue } from './lib/credentials.mjs';
import { application, iso, job } from './lib/fixtures.mjs';
import { exportFor } from './lib/privacy.mjs';

const NS = '/recruiting/v1';
const TIMEOUT = 180_000;
const DAY = 86400000;

const hasData = ( html ) => /data-figure=|data-chart-table=|rr-chart__spec|data-rr-report/.test( html );
const block = ( attributes ) => `<!-- wp:recruiting-reports/report ${ JSON.stringify( attributes ) } /-->`;

let editor;
let jobId;

before( async () => {
	await resetSite();
	const now = Date.now();
	const summary = expectStatus(
		await post( `${ NS }/import`, {
			jobs: [ job( 'leak-job', { title: 'Leak tester', created_at: iso( now - 60 * DAY ) } ) ],
			applications: Array.from( { length: 4 }, ( _, i ) =>
				application( `leak-${ i }`, 'leak-job', { applied_at: iso( now - ( 30 - i ) * DAY ), history: [ { status: 'screening', at: iso( now - ( 29 - i ) * DAY ) } ] } )
			),
		} ),
		200
	);
	jobId = summary.jobs.ids[ 'leak-job' ];
	editor = await makeUser( 'leak-editor', 'editor' );
} );

/** A page of the admin's with a public report block. */
const adminPage = async ( status = 'publish' ) => expectStatus( await post( '/wp/v2/pages', { title: `Admin figures (${ status })`, status, content: block( { visibility: 'public' } ) } ), 201 );

/** A front-end page fetched with a browser's cookie. */
async function frontEnd( url, cookie ) {
	const response = await fetch( url, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' } );
	const html = await response.text();
	assert.equal( response.status, 200, `${ url }: HTTP ${ response.status }` );
	return html;
}

test( 'leak 1a: the block renderer route in any letter case never honours "public" for an Editor', { timeout: TIMEOUT }, async () => {
	const page = await adminPage();
	const query = { context: 'edit', post_id: page.id, 'attributes[visibility]': 'public' };
	for ( const route of [ '/wp/v2/block-renderer/recruiting-reports/report', '/WP/v2/block-renderer/recruiting-reports/report', '/wp/V2/Block-Renderer/recruiting-reports/report' ] ) {
		const html = expectStatus( await get( route, { auth: editor.auth, query } ), 200 ).rendered;
		assert.ok( ! hasData( html ), `${ route } rendered figures for an Editor: ${ html.slice( 0, 300 ) }` );
		// The admin (Read Applications) does get them, in every spelling: the route itself works.
		assert.ok( hasData( expectStatus( await get( route, { query } ), 200 ).rendered ), route );
	}
} );

test( 'leak 1b: an Editor\'s autosave preview, draft preview and REST-rendered content of an admin\'s page show no figures', { timeout: TIMEOUT }, async () => {
	const published = await adminPage();
	const draft = await adminPage( 'draft' );
	const { cookie, nonce } = await cookieLogin( editor.login, editor.password );
	const asEditorCookie = { Cookie: cookie, 'X-WP-Nonce': nonce };

	// An autosave of the published page (as the block editor makes one), opened through its preview link.
	const autosave = expectStatus( await post( `/wp/v2/pages/${ published.id }/autosaves`, { title: 'Admin figures (edited)', content: block( { visibility: 'public' } ) }, { auth: asEditorCookie } ), 200 );
	assert.ok( ! hasData( autosave.content.rendered ), `autosave REST render: ${ autosave.content.rendered.slice( 0, 300 ) }` );
	assert.match( autosave.preview_link, /preview_nonce=/ );
	const autosavePreview = await frontEnd( autosave.preview_link, cookie );
	assert.ok( ! hasData( autosavePreview ), 'the autosave preview rendered figures for an Editor' );
	const listed = expectStatus( await get( `/wp/v2/pages/${ published.id }/autosaves`, { auth: editor.auth, query: { context: 'edit' } } ), 200 );
	assert.ok( listed.length > 0 && listed.every( ( entry ) => ! hasData( entry.content.rendered ) ), 'autosaves list' );

	// The admin's draft, previewed by the Editor and read over REST in the edit context.
	assert.ok( ! hasData( await frontEnd( `${ site.url }/?page_id=${ draft.id }&preview=true`, cookie ) ), 'draft preview' );
	const draftRest = expectStatus( await get( `/wp/v2/pages/${ draft.id }`, { auth: editor.auth, query: { context: 'edit' } } ), 200 );
	assert.ok( ! hasData( draftRest.content.rendered ), 'draft REST render' );

	// Not vacuous: the admin sees the same draft preview with figures; visitors get the published page's figures.
	const admin = await cookieLogin();
	assert.ok( hasData( await frontEnd( `${ site.url }/?page_id=${ draft.id }&preview=true`, admin.cookie ) ), 'admin draft preview' );
	assert.ok( hasData( expectStatus( await get( `/wp/v2/pages/${ published.id }`, { auth: {} } ), 200 ).content.rendered ), 'visitor view' );
} );

const submit = async ( name, email ) => expectStatus( await post( `${ NS }/applications`, { job_id: jobId, candidate: { name, email, phone: '+1 555 0199' } } ), 201 );

test( 'leak 2: the export matches addresses exactly on payload fields and names a webhook\'s host only', { timeout: TIMEOUT }, async () => {
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/hook?token=s3cret-token', events: [ 'application.created' ] } ), 201 );
	await submit( 'Ann Example', 'ann@example.com' );
	await submit( 'Joann Other', 'joann@example.com' );
	await submit( 'Ann Lookalike', 'ann@example.com.evil.test' );
	const { items } = await exportFor( 'ann@example.com' );
	const text = JSON.stringify( items );
	for ( const foreign of [ 'joann@example.com', 'Joann Other', 'Ann Lookalike', 's3cret-token', '/hook' ] ) {
		assert.ok( ! text.includes( foreign ), `the export for ann@example.com contains ${ foreign }` );
	}
	const deliveries = items.filter( ( item ) => item.group_id === 'recruiting-webhook-deliveries' );
	assert.equal( deliveries.length, 1 );
	const fields = Object.fromEntries( deliveries[ 0 ].data.map( ( { name, value } ) => [ name, value ] ) );
	assert.equal( fields[ 'Sent to' ], '127.0.0.1' );
	assert.equal( JSON.parse( fields.Content ).data.application.candidate.email, 'ann@example.com' );
	expectStatus( await del( `${ NS }/webhooks/${ webhook.id }` ), 200 );
} );

test( 'leak 3: a Settings-only key sees no candidate fields in deliveries nor in DELETE /applications/{id}\'s previous', { timeout: TIMEOUT }, async () => {
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/settings-only', events: [ 'application.created', 'application.status_changed' ] } ), 201 );
	const created = await submit( 'Settings Reader', 'settings.reader@example.com' );
	expectStatus( await put( `${ NS }/applications/${ created.id }/status`, { status: 'screening', note: 'Private screening note' } ), 200 );
	const admin = await phpValue( "get_user_by( 'login', 'admin' )->ID" );
	const settingsOnly = keyHeader( ( await makeKeyFor( admin, [ 'recruiting_manage_settings' ] ) ).key );
	const personal = [ 'Settings Reader', 'settings.reader@example.com', '555 0199', 'Private screening note' ];

	const deliveries = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { auth: settingsOnly } ), 200 );
	assert.equal( deliveries.length, 2 );
	for ( const needle of personal ) {
		assert.ok( ! JSON.stringify( deliveries ).includes( needle ), `deliveries show ${ needle } to a Settings-only key` );
	}
	assert.ok( deliveries.every( ( delivery ) => delivery.payload.data.application.id === created.id && delivery.payload.data.application.job_id === jobId ) );
	// With Read Applications as well, the same log shows the candidate.
	const both = keyHeader( ( await makeKeyFor( admin, [ 'recruiting_manage_settings', 'recruiting_read_applications' ] ) ).key );
	assert.ok( JSON.stringify( expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { auth: both } ), 200 ) ).includes( 'settings.reader@example.com' ) );

	const deleted = expectStatus( await del( `${ NS }/applications/${ created.id }`, { auth: settingsOnly } ), 200 );
	assert.equal( deleted.deleted, true );
	assert.equal( deleted.previous.id, created.id );
	for ( const needle of personal ) {
		assert.ok( ! JSON.stringify( deleted ).includes( needle ), `DELETE previous shows ${ needle } to a Settings-only key` );
	}
	expectStatus( await del( `${ NS }/webhooks/${ webhook.id }` ), 200 );
} );

test( 'leak 4: anonymising clears a free-text source (its category stays); application.deleted carries no external_id', { timeout: TIMEOUT }, async () => {
	const webhook = expectStatus( await post( `${ NS }/webhooks`, { url: 'http://127.0.0.1:9/deleted', events: [ 'application.deleted' ] } ), 201 );
	expectStatus(
		await post( `${ NS }/import`, {
			applications: [
				application( 'src-free', 'leak-job', { source: 'Referred by Jane Roe (jane@roe.example)', candidate: { name: 'Free Source', email: 'free.source@example.com' } } ),
				application( 'src-channel', 'leak-job', { source: 'linkedin', candidate: { name: 'Channel Source', email: 'channel.source@example.com' } } ),
				application( 'src-delete', 'leak-job', { candidate: { name: 'Gone Soon', email: 'gone.soon@example.com' } } ),
			],
		} ),
		200
	);
	const idOf = async ( email ) => ( await phpValue( `\\RecruitingReports\\Data\\ApplicationEraser::ids_for_email( ${ JSON.stringify( email ) }, 1 )` ) )[ 0 ];
	const free = await idOf( 'free.source@example.com' );
	const channel = await idOf( 'channel.source@example.com' );
	for ( const id of [ free, channel ] ) {
		assert.equal( await phpValue( `\\RecruitingReports\\Data\\ApplicationEraser::anonymise( ${ id } )` ), true );
	}
	assert.equal( expectStatus( await get( `${ NS }/applications/${ free }` ), 200 ).source, 'other' );
	assert.equal( expectStatus( await get( `${ NS }/applications/${ channel }` ), 200 ).source, 'linkedin' );

	const gone = await idOf( 'gone.soon@example.com' );
	expectStatus( await del( `${ NS }/applications/${ gone }` ), 200 );
	const [ delivery ] = expectStatus( await get( `${ NS }/webhooks/${ webhook.id }/deliveries`, { auth: asAdmin() } ), 200 );
	assert.equal( delivery.event, 'application.deleted' );
	assert.deepEqual( delivery.payload.data.application, { id: gone, job_id: jobId } );
	assert.ok( ! JSON.stringify( delivery ).includes( 'src-delete' ) );
	expectStatus( await del( `${ NS }/webhooks/${ webhook.id }` ), 200 );
} );
