// Network Admin › Recruiting and recruiting/v1/network/… (issue #29, items 2 and 4), on a subdirectory network of this
// file's own (lib/network.mjs): the defaults form (saved, then given to a new site), every site's figures — the same
// on the screen and in GET /network/sites, and equal to the data each site was given, with the period read in each
// site's timezone — with links to the site's screens; every API key and webhook of the network with its last use,
// revoked or deleted by a super admin, and nobody else; the batched schema upgrade over REST.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { basicAuth, expectError, expectStatus } from './lib/api.mjs';
import { cookieLogin } from './lib/credentials.mjs';
import { application, iso, job } from './lib/fixtures.mjs';
import { SCHEMA, skipWithoutNetwork, startNetwork } from './lib/network.mjs';

const TIMEOUT = 120_000;
const DAY = 86_400_000;
const PAGE = '/wp-admin/network/admin.php?page=recruiting-reports-network';

let network;
let sites; // slug => id
let login; // the super admin's cookie session on the network

/** Applications of one site: `applied` in the last 30 days, `hired` of them hired, one more a year and a half ago. */
function siteData( prefix, { openJobs, applied, hired } ) {
	const now = Date.now();
	const jobs = Array.from( { length: openJobs }, ( _, i ) => job( `${ prefix }-job-${ i }`, { created_at: iso( now - 60 * DAY ) } ) );
	jobs.push( job( `${ prefix }-closed`, { status: 'draft', created_at: iso( now - 60 * DAY ) } ) );
	const applications = Array.from( { length: applied }, ( _, i ) =>
		application( `${ prefix }-app-${ i }`, `${ prefix }-job-0`, {
			applied_at: iso( now - ( 10 + i ) * DAY ),
			history: i < hired ? [ { status: 'offer', at: iso( now - 5 * DAY ) }, { status: 'hired', at: iso( now - 3 * DAY ) } ] : [],
		} )
	);
	applications.push( application( `${ prefix }-old`, `${ prefix }-job-0`, { applied_at: iso( now - 540 * DAY ) } ) );
	return { jobs, applications };
}

const admin = ( options = {} ) => ( { auth: { Cookie: login.cookie, 'X-WP-Nonce': login.nonce }, ...options } );

describe( 'Network Admin › Recruiting and the network routes', { skip: skipWithoutNetwork }, () => {
	before( async () => {
		network = await startNetwork();
		sites = { '': 1 };
		sites.north = await network.createSite( 'north', { timezone: 'Pacific/Auckland' } );
		sites.south = await network.createSite( 'south', { timezone: 'America/Los_Angeles' } );
		for ( const [ slug, figures ] of [ [ 'north', { openJobs: 2, applied: 3, hired: 1 } ], [ 'south', { openJobs: 1, applied: 5, hired: 2 } ] ] ) {
			expectStatus( await network.siteRequest( slug, 'POST', '/recruiting/v1/import', { body: siteData( slug, figures ) } ), 200 );
		}
		login = await cookieLogin( network.adminUser, network.adminPassword, network.url );
	}, { timeout: TIMEOUT } );

	after( async () => {
		await network?.stop();
	} );

	test( 'every site with its figures for the network\'s period, on the screen and in GET /network/sites', { timeout: TIMEOUT }, async () => {
		const rows = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/sites', { query: { period: 'last_30_days' } } ), 200 );
		const figures = Object.fromEntries( rows.map( ( row ) => [ row.id, row.figures ] ) );
		assert.deepEqual( figures[ sites.north ], { open_jobs: 2, applications: 3, hires: 1, api_keys: 0, webhooks: 0 } );
		assert.deepEqual( figures[ sites.south ], { open_jobs: 1, applications: 5, hires: 2, api_keys: 0, webhooks: 0 } );
		assert.deepEqual( figures[ 1 ], { open_jobs: 0, applications: 0, hires: 0, api_keys: 0, webhooks: 0 } );
		const north = rows.find( ( row ) => row.id === sites.north );
		assert.equal( north.links.reports, `${ network.url }/north/wp-admin/admin.php?page=recruiting-reports` );
		assert.equal( north.url, `${ network.url }/north/` );
		// Each site read "last 30 days" in its own timezone: its own report for its own dates says the same.
		for ( const slug of [ 'north', 'south' ] ) {
			const today = await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ sites[ slug ] }, static fn() => wp_date( 'Y-m-d' ) )` );
			const from = new Date( Date.parse( `${ today }T00:00:00Z` ) - 29 * DAY ).toISOString().slice( 0, 10 );
			const overview = expectStatus( await network.siteRequest( slug, 'GET', '/recruiting/v1/reports/overview', { query: { date_from: from, date_to: today } } ), 200 );
			assert.equal( overview.applications.new_this_period, figures[ sites[ slug ] ].applications );
		}
		// The whole history is in a longer period; the default period is the network's (last 12 months).
		const year = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/sites' ), 200 );
		assert.equal( year.find( ( row ) => row.id === sites.north ).figures.applications, 3 );

		const response = await fetch( network.url + PAGE, { headers: { Cookie: login.cookie } } );
		const html = await response.text();
		assert.equal( response.status, 200, html.slice( 0, 500 ) );
		for ( const [ slug, id ] of Object.entries( sites ) ) {
			const base = slug ? `${ network.url }/${ slug }` : network.url;
			for ( const page of [ 'recruiting-reports', 'recruiting-reports-applications', 'recruiting-reports-settings' ] ) {
				assert.ok( html.includes( `href="${ base }/wp-admin/admin.php?page=${ page }"` ), `site ${ id }: link to ${ page }` );
			}
		}
		const northRow = html.slice( html.indexOf( `${ network.url }/north/"` ) ).split( '</tr>' )[ 0 ];
		assert.deepEqual( [ ...northRow.matchAll( /<td>(\d+)<\/td>/g ) ].map( ( match ) => Number( match[ 1 ] ) ), [ 2, 3, 1, 0, 0 ] );
		assert.match( html, /<caption class="screen-reader-text">/ );
		assert.match( html, /<label for="rr-rate-limit">/ );
	} );

	test( 'the defaults form saves, and the next new site starts with what it saved', { timeout: TIMEOUT }, async () => {
		const html = await ( await fetch( network.url + PAGE, { headers: { Cookie: login.cookie } } ) ).text();
		const nonce = html.match( /name="_wpnonce" value="([0-9a-f]+)"/ )[ 1 ];
		const form = ( fields ) => fetch( `${ network.url }/wp-admin/network/edit.php?action=recruiting_reports_network`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Cookie: login.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams( fields ),
		} );
		const fields = {
			_wpnonce: nonce,
			_wp_http_referer: PAGE,
			rate_limit_per_hour: '250',
			default_period: 'year_to_date',
			delete_data_on_uninstall: '1',
			'retention[hired][action]': 'anonymise',
			'retention[hired][months]': '36',
			'retention[open][action]': 'bogus',
			'retention[open][months]': '999',
		};
		const refused = await form( { ...fields, _wpnonce: 'nope' } );
		assert.equal( refused.status, 403 );
		const saved = await form( fields );
		assert.equal( saved.status, 302 );
		assert.equal( saved.headers.get( 'location' ), `${ network.url }${ PAGE }&updated=1` );
		const id = await network.createSite( 'east' );
		const state = await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ id }, static fn() => array( RecruitingReports\\Data\\Settings::all(), RecruitingReports\\Privacy\\RetentionRules::all() ) )` );
		assert.deepEqual( [ state[ 0 ].rate_limit_per_hour, state[ 0 ].default_period, state[ 0 ].delete_data_on_uninstall ], [ 250, 'year_to_date', true ] );
		assert.deepEqual( state[ 1 ].hired, { action: 'anonymise', months: 36 } );
		assert.deepEqual( state[ 1 ].open, { action: 'off', months: 12 }, 'values out of bounds keep the previous default' );
		const page = await ( await fetch( network.url + PAGE, { headers: { Cookie: login.cookie } } ) ).text();
		assert.match( page, /<option value="year_to_date" selected='selected'>/ );
		assert.match( page, /Applications and hires: Year to date/ );
	} );

	test( 'only a super admin gets in: not a site\'s administrator, not an API key, not anonymous', { timeout: TIMEOUT }, async () => {
		const siteAdmin = await network.phpValue( `( function () {
			$id = wp_insert_user( array( 'user_login' => 'north-admin', 'user_pass' => 'pw-north-admin', 'user_email' => 'north-admin@example.com' ) );
			add_user_to_blog( ${ sites.north }, $id, 'administrator' );
			$created = WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'tests' ) );
			return $created[0];
		} )()` );
		const key = expectStatus( await network.siteRequest( 'north', 'POST', '/recruiting/v1/api-keys', { body: { name: 'all', permissions: [ 'recruiting_read_applications', 'recruiting_manage_settings' ] } } ), 201 );
		for ( const path of [ '/recruiting/v1/network/sites', '/recruiting/v1/network/api-keys', '/recruiting/v1/network/webhooks' ] ) {
			expectError( await network.siteRequest( 'north', 'GET', path, { auth: basicAuth( 'north-admin', siteAdmin ) } ), 403, 'insufficient_permissions' );
			expectError( await network.siteRequest( 'north', 'GET', path, { auth: { 'X-Recruiting-API-Key': key.key } } ), 403, 'insufficient_permissions' );
			expectError( await network.siteRequest( 'north', 'GET', path, { auth: {} } ), 401, 'authentication_required' );
		}
		expectError( await network.siteRequest( '', 'POST', '/recruiting/v1/network/upgrade', { auth: basicAuth( 'north-admin', siteAdmin ) } ), 403, 'insufficient_permissions' );
		const siteAdminLogin = await cookieLogin( 'north-admin', 'pw-north-admin', `${ network.url }/north` );
		const screen = await fetch( network.url + PAGE, { headers: { Cookie: siteAdminLogin.cookie }, redirect: 'manual' } );
		assert.notEqual( screen.status, 200 );
		assert.doesNotMatch( await screen.text(), /Defaults for new sites/ );
		// Revoked again below with the network's other keys: this one stays out of the next test's counts.
		expectStatus( await network.siteRequest( 'north', 'DELETE', `/recruiting/v1/api-keys/${ key.id }` ), 200 );
	} );

	test( 'every API key and webhook of the network with its last use; a super admin revokes a key and deletes a webhook of any site', { timeout: TIMEOUT }, async () => {
		const permissions = [ 'recruiting_read_applications' ];
		const northKey = expectStatus( await network.siteRequest( 'north', 'POST', '/recruiting/v1/api-keys', { body: { name: 'north board', permissions } } ), 201 );
		const southKey = expectStatus( await network.siteRequest( 'south', 'POST', '/recruiting/v1/api-keys', { body: { name: 'south board', permissions } } ), 201 );
		expectStatus( await network.siteRequest( 'south', 'GET', '/recruiting/v1/applications', { auth: { 'X-Recruiting-API-Key': southKey.key } } ), 200 );
		// A key of one site is no key on another.
		expectError( await network.siteRequest( 'north', 'GET', '/recruiting/v1/applications', { auth: { 'X-Recruiting-API-Key': southKey.key } } ), 401, 'invalid_api_key' );
		const hook = await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ sites.south }, static function () {
			$row = RecruitingReports\\Data\\WebhookRepository::create( 'https://hooks.example.com/south', array( 'application.created' ), true, get_current_user_id() );
			RecruitingReports\\Data\\DeliveryRepository::insert( (int) $row['row']['id'], wp_generate_uuid4(), 'application.created', '{}', 1767225600 );
			return (int) $row['row']['id'];
		} )` );

		const keys = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/api-keys' ), 200 );
		const active = keys.filter( ( key ) => key.status === 'active' ).map( ( key ) => [ key.site.id, key.name, key.last_used_at === null ] );
		assert.deepEqual( active.sort(), [ [ sites.north, 'north board', true ], [ sites.south, 'south board', false ] ].sort() );
		assert.equal( keys.find( ( key ) => key.id === southKey.id && key.site.id === sites.south ).site.url, `${ network.url }/south/` );
		const webhooks = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/webhooks' ), 200 );
		assert.deepEqual( webhooks.map( ( webhook ) => [ webhook.site.id, webhook.id, webhook.url, webhook.last_delivery ] ), [
			[ sites.south, hook, 'https://hooks.example.com/south', { at: '2026-01-01T00:00:00Z', status: 'pending', response_code: null } ],
		] );
		assert.equal( webhooks[ 0 ].secret, undefined );
		const counts = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/sites', { query: { per_page: 100 } } ), 200 );
		assert.deepEqual( [ sites.north, sites.south ].map( ( id ) => counts.find( ( row ) => row.id === id ).figures ).map( ( figures ) => [ figures.api_keys, figures.webhooks ] ), [ [ 1, 0 ], [ 1, 1 ] ] );

		const revoked = expectStatus( await network.siteRequest( '', 'DELETE', `/recruiting/v1/network/sites/${ sites.south }/api-keys/${ southKey.id }` ), 200 );
		assert.deepEqual( [ revoked.status, revoked.site.id ], [ 'revoked', sites.south ] );
		expectError( await network.siteRequest( 'south', 'GET', '/recruiting/v1/applications', { auth: { 'X-Recruiting-API-Key': southKey.key } } ), 401, 'invalid_api_key' );
		expectStatus( await network.siteRequest( 'north', 'GET', '/recruiting/v1/applications', { auth: { 'X-Recruiting-API-Key': northKey.key } } ), 200 );
		const deleted = expectStatus( await network.siteRequest( '', 'DELETE', `/recruiting/v1/network/sites/${ sites.south }/webhooks/${ hook }` ), 200 );
		assert.deepEqual( [ deleted.deleted, deleted.previous.id ], [ true, hook ] );
		assert.deepEqual( expectStatus( await network.siteRequest( 'south', 'GET', '/recruiting/v1/webhooks' ), 200 ), [] );
		// The key and webhook ids are per site: north has no such key, and no site 999 exists.
		expectError( await network.siteRequest( '', 'DELETE', `/recruiting/v1/network/sites/${ sites.south }/webhooks/${ hook }` ), 404, 'resource_not_found' );
		expectError( await network.siteRequest( '', 'DELETE', `/recruiting/v1/network/sites/999/api-keys/${ northKey.id }` ), 404, 'resource_not_found' );

		// The screen lists the same keys, and its Revoke button revokes through the same route.
		const html = await ( await fetch( network.url + PAGE, { headers: { Cookie: login.cookie } } ) ).text();
		const keyRows = html.slice( html.indexOf( 'Every API key of the network' ), html.indexOf( 'Every webhook of the network' ) ).split( '<tr>' ).slice( 2 );
		const northRow = keyRows.find( ( row ) => row.includes( 'north board' ) );
		// Used above since the REST list said "never": the screen shows when.
		assert.match( northRow, /<td>Active<\/td><td>(?!Never)[^<]+ 20\d\d [^<]+<\/td>/ );
		assert.match( keyRows.find( ( row ) => row.includes( 'south board' ) ), /<td>Revoked<\/td>/ );
		assert.match( html, /No webhooks on the network\./ );
		const button = Object.fromEntries( [ ...northRow.matchAll( /name="([^"]+)" value="([^"]*)"/g ) ].map( ( match ) => [ match[ 1 ], match[ 2 ] ] ) );
		assert.deepEqual( [ button.kind, Number( button.site_id ), Number( button.id ) ], [ 'api_key', sites.north, northKey.id ] );
		const revokedOnScreen = await fetch( `${ network.url }/wp-admin/network/edit.php?action=recruiting_reports_network_credential`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Cookie: login.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams( button ),
		} );
		assert.equal( revokedOnScreen.status, 302 );
		assert.match( revokedOnScreen.headers.get( 'location' ), /credential=revoked/ );
		expectError( await network.siteRequest( 'north', 'GET', '/recruiting/v1/applications', { auth: { 'X-Recruiting-API-Key': northKey.key } } ), 401, 'invalid_api_key' );
	} );

	test( 'the network lists are paged across sites as core pages (X-WP-Total, X-WP-TotalPages), and so is the screen', { timeout: TIMEOUT }, async () => {
		const permissions = [ 'recruiting_read_applications' ];
		for ( let i = 0; i < 22; i++ ) {
			expectStatus( await network.siteRequest( i % 2 ? 'south' : 'north', 'POST', '/recruiting/v1/api-keys', { body: { name: `paged ${ i }`, permissions } } ), 201 );
		}
		for ( const slug of [ 'north', 'south' ] ) {
			await network.phpValue( `RecruitingReports\\Network\\Sites::in( ${ sites[ slug ] }, static fn() => RecruitingReports\\Data\\WebhookRepository::create( 'https://hooks.example.com/${ slug }-paged', array( 'application.created' ), true, get_current_user_id() ) )` );
		}
		const ids = ( rows ) => rows.map( ( row ) => `${ row.site.id }:${ row.id }` );
		for ( const [ list, size ] of [ [ 'api-keys', 5 ], [ 'webhooks', 1 ] ] ) {
			const all = await network.siteRequest( '', 'GET', `/recruiting/v1/network/${ list }`, { query: { per_page: 100 } } );
			const every = expectStatus( all, 200 );
			assert.ok( every.length >= 2, list );
			assert.equal( Number( all.headers.get( 'x-wp-total' ) ), every.length );
			const pages = [];
			for ( let page = 1; page <= Math.ceil( every.length / size ); page++ ) {
				const response = await network.siteRequest( '', 'GET', `/recruiting/v1/network/${ list }`, { query: { page, per_page: size } } );
				pages.push( ...expectStatus( response, 200 ) );
				assert.equal( Number( response.headers.get( 'x-wp-total' ) ), every.length );
				assert.equal( Number( response.headers.get( 'x-wp-totalpages' ) ), Math.ceil( every.length / size ) );
			}
			assert.deepEqual( ids( pages ), ids( every ), `${ list }: the pages together are the whole list, in order` );
			assert.deepEqual( expectStatus( await network.siteRequest( '', 'GET', `/recruiting/v1/network/${ list }`, { query: { page: 99, per_page: size } } ), 200 ), [] );
		}
		const keys = expectStatus( await network.siteRequest( '', 'GET', '/recruiting/v1/network/api-keys', { query: { per_page: 100 } } ), 200 );
		assert.ok( keys.length > 20 );
		const first = await ( await fetch( network.url + PAGE, { headers: { Cookie: login.cookie } } ) ).text();
		assert.match( first, /<nav class="tablenav" aria-label="Pages of API keys">/ );
		assert.ok( first.includes( 'rr_keys_page=2' ), 'a link to the second page of keys' );
		const second = await ( await fetch( `${ network.url }${ PAGE }&rr_keys_page=2`, { headers: { Cookie: login.cookie } } ) ).text();
		const keyNames = ( html ) => [ ...html.slice( html.indexOf( 'Every API key of the network' ), html.indexOf( 'Every webhook of the network' ) ).matchAll( /<td>([^<]+) <code>/g ) ].map( ( match ) => match[ 1 ] );
		assert.deepEqual( keyNames( first ), keys.slice( 0, 20 ).map( ( key ) => key.name ) );
		assert.deepEqual( keyNames( second ), keys.slice( 20, 40 ).map( ( key ) => key.name ) );
	} );

	test( 'POST /network/upgrade brings every site\'s schema up to date, a batch at a time', { timeout: TIMEOUT }, async () => {
		await network.setSchemaVersion( SCHEMA.version - 1 );
		let next = 0;
		for ( let batch = 0; batch < 10 && next !== null; batch++ ) {
			( { next } = expectStatus( await network.siteRequest( '', 'POST', '/recruiting/v1/network/upgrade', { body: { after: next } } ), 200 ) );
		}
		assert.equal( next, null );
		assert.deepEqual( [ ...new Set( Object.values( await network.schemaVersions() ) ) ], [ SCHEMA.version ] );
	} );
} );
