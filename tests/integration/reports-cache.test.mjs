// The report cache: a repeat is a hit with the same body; every kind of write that can change a report
// is followed by a miss with the new figures (import, status change, application created, job edited,
// trashed, restored and deleted in wp-admin, job changes through the REST API when that route exists),
// and a timezone change never serves bounds computed for the old timezone.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { request } from './lib/api.mjs';
import { resetForReports, ok, report, importData, setTimezone, php, jobRecord, hire, app } from './lib/reports.mjs';

const PERIOD = { date_from: '2025-01-01', date_to: '2025-12-31' };
let ids;

before( async () => {
	await resetForReports();
	ids = await importData( {
		jobs: [ jobRecord( 'cj1' ), jobRecord( 'cj2' ) ],
		applications: [
			hire( 'ch1', 'cj1', '2025-03-10T00:00:00Z', 2 ),
			app( 'ch2', 'cj1', '2025-03-01T00:00:00Z', [ [ 'screening', '2025-03-02T00:00:00Z' ] ] ),
		],
	} );
} );

/** Both reports: each request once more must be a hit with an identical body; returns the bodies. */
async function warm( query = PERIOD ) {
	const bodies = {};
	for ( const name of [ 'overview', 'time-to-hire' ] ) {
		const first = await ok( name, query );
		const again = await ok( name, query );
		assert.equal( again.cache, 'hit', `${ name } repeat is a hit` );
		assert.deepEqual( again, first );
		bodies[ name ] = first;
	}
	return bodies;
}

/** After a write: both reports miss once, then hit; returns the fresh bodies. */
async function expectMiss( what, query = PERIOD ) {
	const bodies = {};
	for ( const name of [ 'overview', 'time-to-hire' ] ) {
		const fresh = await ok( name, query );
		assert.equal( fresh.cache, 'miss', `${ name } misses after ${ what }` );
		assert.equal( ( await ok( name, query ) ).cache, 'hit', `${ name } hits again after ${ what }` );
		bodies[ name ] = fresh;
	}
	return bodies;
}

test( 'a repeated query is a hit; another query (dates, job) is a separate entry', async () => {
	const first = await ok( 'overview', PERIOD );
	assert.equal( first.cache, 'miss' );
	await warm();
	const withJob = await ok( 'overview', { ...PERIOD, job_id: ids.jobs.ids.cj2 } );
	assert.equal( withJob.cache, 'miss' );
	assert.equal( withJob.applications.total, 0 );
	assert.equal( ( await ok( 'overview', { ...PERIOD, job_id: ids.jobs.ids.cj2 } ) ).cache, 'hit' );
	assert.equal( ( await ok( 'overview', { date_from: '2025-01-01', date_to: '2025-12-30' } ) ).cache, 'miss' );
	// The same resolved query spelled differently shares the entry.
	assert.equal( ( await ok( 'overview', { ...PERIOD, job_id: String( ids.jobs.ids.cj2 ) } ) ).cache, 'hit' );
} );

test( 'an import invalidates', async () => {
	await warm();
	await importData( { applications: [ hire( 'ch3', 'cj2', '2025-04-10T00:00:00Z', 4 ) ] } );
	const { 'time-to-hire': tth } = await expectMiss( 'an import' );
	assert.deepEqual( tth.overall, { average_days: 3, median_days: 3, min_days: 2, max_days: 4 } );
} );

test( 'a status change invalidates (PUT /applications/{id}/status, or the one writer)', async () => {
	await warm();
	const row = JSON.parse( await php( "echo wp_json_encode( $GLOBALS['wpdb']->get_row( \"SELECT id FROM {$GLOBALS['wpdb']->prefix}recruiting_applications WHERE external_key = 'ch2'\" ) );" ) );
	const put = await request( 'PUT', `/recruiting/v1/applications/${ row.id }/status`, { body: { status: 'interview' } } );
	if ( put.status === 404 && put.json?.code === 'rest_no_route' ) {
		// The status route lives on another branch; the write it performs is this one.
		await php( `$r = \\RecruitingReports\\Data\\ApplicationWriter::change_status( ${ Number( row.id ) }, 'interview', get_current_user_id() ); echo is_wp_error( $r ) ? $r->get_error_message() : 'ok';` );
	} else {
		assert.equal( put.status, 200, put.text );
	}
	const { overview } = await expectMiss( 'a status change' );
	assert.equal( overview.applications.by_status.interview, 1 );
	assert.equal( overview.conversion.screening_to_interview, 1 );
} );

test( 'an application created through the writer invalidates', async () => {
	await warm();
	await php( `$id = \\RecruitingReports\\Data\\ApplicationWriter::create( array( 'job_id' => ${ ids.jobs.ids.cj1 }, 'candidate_name' => 'New', 'candidate_email' => 'new@example.com' ), get_current_user_id(), strtotime( '2025-05-01T00:00:00Z' ) ); echo (int) $id;` );
	const { overview } = await expectMiss( 'an application was created' );
	assert.equal( overview.applications.by_status.new, 1 );
} );

test( 'jobs edited in wp-admin invalidate: title, status, trash, restore, delete', async () => {
	const job = ids.jobs.ids.cj1;
	const query = { ...PERIOD, job_id: job };
	await warm( query );

	await php( `wp_update_post( array( 'ID' => ${ job }, 'post_title' => 'Renamed job' ) );` );
	assert.equal( ( await expectMiss( 'a title edit', query ) )[ 'time-to-hire' ].by_job[ 0 ].job_title, 'Renamed job' );

	await php( `wp_update_post( array( 'ID' => ${ job }, 'post_status' => 'closed' ) );` );
	assert.equal( ( await expectMiss( 'a status edit', query ) ).overview.jobs.active, 0 );

	await php( `wp_trash_post( ${ job } );` );
	for ( const name of [ 'overview', 'time-to-hire' ] ) {
		const trashed = await report( name, query );
		assert.equal( trashed.status, 404, `${ name } of a trashed job: ${ trashed.text }` );
	}
	assert.equal( ( await ok( 'overview', PERIOD ) ).jobs.total, 1 );

	await php( `wp_untrash_post( ${ job } );` );
	const restored = await ok( 'overview', query );
	assert.equal( restored.cache, 'miss' );
	assert.equal( restored.jobs.total, 1 );

	await warm();
	await php( `wp_delete_post( ${ ids.jobs.ids.cj2 }, true );` );
	assert.equal( ( await expectMiss( 'a job deleted for good' ) ).overview.jobs.total, 1 );
	assert.equal( ( await report( 'overview', { ...PERIOD, job_id: ids.jobs.ids.cj2 } ) ).status, 404 );
} );

test( 'a job created through the REST API (when the route exists) or the repository invalidates', async () => {
	await warm();
	const created = await request( 'POST', '/recruiting/v1/jobs', { body: { title: 'Fresh job', status: 'publish' } } );
	if ( created.status === 404 && created.json?.code === 'rest_no_route' ) {
		await php( "\\RecruitingReports\\Data\\JobRepository::save( array( 'title' => 'Fresh job', 'status' => 'publish', 'created_at' => strtotime( '2025-06-01T00:00:00Z' ) ) );" );
	} else {
		assert.ok( [ 200, 201 ].includes( created.status ), created.text );
	}
	const { overview } = await expectMiss( 'a job was created' );
	// cj1 was restored from the trash as a draft and cj2 deleted: the new job is the only published one.
	assert.equal( overview.jobs.active, 1 );
} );

test( 'the timezone is part of the key: a change never serves bounds computed for another timezone', async () => {
	const { overview } = await warm();
	await setTimezone( 'Asia/Kolkata' );
	assert.equal( ( await ok( 'overview', PERIOD ) ).cache, 'miss' );
	assert.equal( ( await ok( 'overview', PERIOD ) ).cache, 'hit' );
	// Back in UTC with no data written meanwhile: the UTC entry is still valid.
	await setTimezone( 'UTC' );
	const utc = await ok( 'overview', PERIOD );
	assert.equal( utc.cache, 'hit' );
	assert.deepEqual( utc, overview );
} );

test( 'a note added or deleted and a first rating or its removal invalidate the activity report; closed periods of the other reports stay cached', async () => {
	const today = new Date().toISOString().slice( 0, 10 );
	const week = { date_from: new Date( Date.now() - 7 * 86400000 ).toISOString().slice( 0, 10 ), date_to: today };
	const application = JSON.parse( await php( "echo wp_json_encode( $GLOBALS['wpdb']->get_row( \"SELECT id FROM {$GLOBALS['wpdb']->prefix}recruiting_applications WHERE external_key = 'ch1'\" ) );" ) ).id;
	const activity = async ( what, expected ) => {
		const fresh = await ok( 'activity', week );
		assert.equal( fresh.cache, 'miss', `activity misses after ${ what }` );
		assert.deepEqual( [ fresh.totals.notes, fresh.totals.ratings ], expected, what );
		assert.equal( ( await ok( 'activity', week ) ).cache, 'hit', `activity hits again after ${ what }` );
	};
	const before = await ok( 'activity', week );
	await ok( 'activity', week );
	await ok( 'time-to-hire', PERIOD ); // 2025 is a closed period: notes and ratings are not its figures.
	const notes = before.totals.notes;
	const ratings = before.totals.ratings;

	const note = await request( 'POST', `/recruiting/v1/applications/${ application }/notes`, { body: { content: 'Called back' } } );
	assert.equal( note.status, 201, note.text );
	await activity( 'a note was added', [ notes + 1, ratings ] );
	const rated = await request( 'PUT', `/recruiting/v1/applications/${ application }/rating`, { body: { score: 4 } } );
	assert.equal( rated.status, 200, rated.text );
	await activity( 'a first rating', [ notes + 1, ratings + 1 ] );
	const unrated = await request( 'DELETE', `/recruiting/v1/applications/${ application }/rating` );
	assert.ok( [ 200, 204 ].includes( unrated.status ), unrated.text );
	await activity( 'a rating was removed', [ notes + 1, ratings ] );
	const deleted = await request( 'DELETE', `/recruiting/v1/notes/${ note.json.id }` );
	assert.equal( deleted.status, 200, deleted.text );
	await activity( 'a note was deleted', [ notes, ratings ] );
	assert.equal( ( await ok( 'time-to-hire', PERIOD ) ).cache, 'hit', 'a closed period of time to hire stays cached' );
} );

test( 'every report, with and without compare, reads back from its entry exactly what it computed; the pipeline answers compare from its own entry', async () => {
	await php( '\\RecruitingReports\\Domain\\Events::data_changed();' );
	const names = JSON.parse( await php( 'echo wp_json_encode( \\RecruitingReports\\Reports\\ReportRegistry::names() );' ) );
	assert.ok( names.includes( 'pipeline' ) && names.length >= 9, names.join( ', ' ) );
	for ( const name of names ) {
		for ( const query of [ PERIOD, { ...PERIOD, compare: 'previous_period' }, { ...PERIOD, job_id: ids.jobs.ids.cj1, compare: 'previous_year' } ] ) {
			const fresh = await ok( name, query );
			const again = await ok( name, query );
			assert.equal( again.cache, 'hit', `${ name } ${ JSON.stringify( query ) } repeat is a hit` );
			assert.deepEqual( again, fresh, `${ name } ${ JSON.stringify( query ) }: the hit is the miss` );
		}
	}
	// Waiting now, whatever the period: compare reads the report's own entry, and its comparison is the same figures.
	const query = { date_from: '2024-02-01', date_to: '2024-02-29' };
	const pipeline = await ok( 'pipeline', query );
	assert.equal( pipeline.cache, 'miss' );
	const compared = await ok( 'pipeline', { ...query, compare: 'previous_period' } );
	assert.equal( compared.cache, 'hit', 'compare reads the entry the report wrote' );
	const { comparison, ...figures } = compared;
	assert.deepEqual( figures, pipeline );
	assert.deepEqual( comparison, { ...pipeline, period: { from: '2024-01-03', to: '2024-01-31' } } );
} );

test( 'job titles are kept under the jobs version: a miss after any other write reads none of them; a rename and a new job are read at once, a job deleted for good has none', async () => {
	const misses = JSON.parse( await php( `use RecruitingReports\\Reports\\JobTitles;
		use RecruitingReports\\Reports\\ReportService;
		// A miss as a fresh request after a write makes it: only the autoloaded options cached, no titles read yet.
		$miss = static function ( callable $write ): array {
			$write();
			wp_cache_flush();
			wp_load_alloptions();
			JobTitles::forget();
			$reads = 0;
			$watch = static function ( $sql ) use ( &$reads ) {
				$reads += str_contains( $sql, 'post_title FROM' ) ? 1 : 0;
				return $sql;
			};
			add_filter( 'query', $watch );
			$answer = ReportService::run( 'time-to-hire', array( 'date_from' => '2025-01-01', 'date_to' => '2025-12-31' ) );
			remove_filter( 'query', $watch );
			return array( $reads, $answer['cache'], array_column( $answer['data']['by_job'], 'job_title', 'job_id' ) );
		};
		$other = static fn() => \\RecruitingReports\\Domain\\Events::data_changed();
		$out   = array( $miss( $other ), $miss( $other ) );
		$out[] = $miss( static fn() => wp_update_post( array( 'ID' => ${ ids.jobs.ids.cj1 }, 'post_title' => 'Kept title renamed' ) ) );
		$out[] = $miss( $other );
		$out[] = $miss( static fn() => wp_insert_post( array( 'post_type' => 'recruiting_job', 'post_status' => 'publish', 'post_title' => 'A new job' ) ) );
		$out[] = $miss( $other );
		echo wp_json_encode( $out );` ) );
	const [ first, kept, renamed, keptRenamed, newJob, keptAgain ] = misses;
	assert.ok( first[ 0 ] <= 1 && first[ 1 ] === 'miss', JSON.stringify( first ) );
	assert.deepEqual( kept, [ 0, 'miss', first[ 2 ] ], 'a write of applications leaves the titles kept' );
	assert.equal( first[ 2 ][ ids.jobs.ids.cj2 ], '', 'cj2 was deleted for good (above): its hires are listed without a title' );
	assert.equal( renamed[ 0 ], 1, 'a rename replaces the jobs version: the titles are read again' );
	assert.deepEqual( renamed.slice( 1 ), [ 'miss', { ...first[ 2 ], [ ids.jobs.ids.cj1 ]: 'Kept title renamed' } ] );
	assert.deepEqual( keptRenamed, [ 0, 'miss', renamed[ 2 ] ] );
	assert.equal( newJob[ 0 ], 1, 'a new job replaces it too' );
	assert.deepEqual( keptAgain, [ 0, 'miss', renamed[ 2 ] ] );
} );

test( 'a report asked with compare reads its cache entries in one query (the pair\'s and each period\'s), on a miss and on a hit', async () => {
	// As a fresh request does: nothing of the options cache kept but the autoloaded ones (without a persistent
	// object cache, each get_transient() not primed is a query of its own).
	const reads = JSON.parse( await php( `use RecruitingReports\\Reports\\ReportService;
		$count = static function ( callable $run ): array {
			wp_cache_flush();
			wp_load_alloptions();
			$reads = 0;
			$watch = static function ( $sql ) use ( &$reads ) {
				$reads += str_starts_with( ltrim( $sql ), 'SELECT' ) && str_contains( $sql, '_transient_recruiting_reports_report_' ) ? 1 : 0;
				return $sql;
			};
			add_filter( 'query', $watch );
			$answer = $run();
			remove_filter( 'query', $watch );
			return array( $reads, $answer['cache'] );
		};
		$args = array( 'date_from' => '2025-03-01', 'date_to' => '2025-03-31', 'compare' => 'previous_period' );
		\\RecruitingReports\\Domain\\Events::data_changed();
		$miss = $count( static fn() => ReportService::run( 'time-to-hire', $args, true ) );
		$hit  = $count( static fn() => ReportService::run( 'time-to-hire', $args, true ) );
		// The default period (open, to today) after a write of today: its pair is gone, the twelve months before it
		// (closed) are still cached, and read in the same query.
		$open = array( 'compare' => 'previous_period' );
		ReportService::run( 'time-to-hire', $open, true );
		\\RecruitingReports\\Domain\\Events::data_changed( time() );
		$today = $count( static fn() => ReportService::run( 'time-to-hire', $open, true ) );
		echo wp_json_encode( array( $miss, $hit, $today ) );` ) );
	assert.deepEqual( reads, [ [ 1, 'miss' ], [ 1, 'hit' ], [ 1, 'miss' ] ] );
} );

test( 'a hit sends its entry\'s text: the miss\'s body byte for byte, the figures the data path gives; _fields, _envelope, _pretty, _jsonp and HEAD answer as WordPress does', async () => {
	await php( '\\RecruitingReports\\Domain\\Events::data_changed();' );
	const names = JSON.parse( await php( 'echo wp_json_encode( \\RecruitingReports\\Reports\\ReportRegistry::names() );' ) );
	const queries = [ PERIOD, { ...PERIOD, compare: 'previous_period' }, { ...PERIOD, job_id: ids.jobs.ids.cj1, compare: 'previous_year' } ];
	for ( const name of names ) {
		for ( const query of queries ) {
			await php( '\\RecruitingReports\\Domain\\Events::data_changed();' );
			const miss = await report( name, query );
			const hit = await report( name, query );
			assert.deepEqual( [ miss.status, miss.cache, hit.cache ], [ 200, 'miss', 'hit' ], `${ name } ${ JSON.stringify( query ) }` );
			assert.equal( hit.text, miss.text, `${ name } ${ JSON.stringify( query ) }: the hit's body is the miss's` );
		}
	}
	// ReportService::run() as text (the route's JSON) against its data (blocks, CSV, WP-CLI), cached and not.
	const compared = JSON.parse( await php( `use RecruitingReports\\Reports\\ReportService;
		$compared = 0;
		foreach ( json_decode( '${ JSON.stringify( names ) }', true ) as $name ) {
			foreach ( json_decode( '${ JSON.stringify( queries ) }', true ) as $args ) {
				foreach ( array( 'miss', 'hit' ) as $phase ) {
					if ( 'miss' === $phase ) { \\RecruitingReports\\Domain\\Events::data_changed(); }
					$text = ReportService::run( $name, $args, true );
					$data = ReportService::run( $name, $args );
					if ( $phase !== $text['cache'] || json_decode( $text['json'], true ) !== $data['data'] ) {
						throw new Exception( "$name " . wp_json_encode( $args ) . " $phase: the text is not the data" );
					}
					++$compared;
				}
			}
		}
		echo $compared;` ) );
	assert.equal( compared, names.length * queries.length * 2 );
	// The REST server's own encoding wherever something could change it.
	await report( 'pipeline', PERIOD );
	const plain = await report( 'pipeline', PERIOD );
	assert.equal( plain.cache, 'hit' );
	// The entry's text keeps a whole float's fraction; the REST server's encoding drops it (the same JSON number).
	assert.match( plain.text, /"median_days":\d+\.0[,}]/ );
	const fields = await report( 'pipeline', { ...PERIOD, _fields: 'totals' } );
	assert.deepEqual( fields.json, { totals: plain.json.totals } );
	const envelope = await report( 'pipeline', { ...PERIOD, _envelope: '1' } );
	assert.deepEqual( [ envelope.json.status, envelope.json.body ], [ 200, plain.json ] );
	const pretty = await report( 'pipeline', { ...PERIOD, _pretty: '1' } );
	assert.match( pretty.text, /^\{\n {4}"period"/ );
	assert.match( pretty.text, /"median_days": \d+[,\n]/ );
	assert.deepEqual( pretty.json, plain.json );
	const jsonp = await report( 'pipeline', { ...PERIOD, _jsonp: 'receive' } );
	assert.ok( jsonp.text.startsWith( '/**/receive({' ), jsonp.text.slice( 0, 40 ) );
	const head = await request( 'HEAD', '/recruiting/v1/reports/pipeline', { query: PERIOD } );
	assert.deepEqual( [ head.status, head.headers.get( 'x-recruiting-cache' ), head.text ], [ 200, 'hit', '' ] );
} );

test( 'an entry holding text beyond ASCII (a job title in three scripts and an emoji) reads back exactly; its rows are ASCII (deflated JSON), not autoloaded, with a timeout a day ahead', async () => {
	const title = 'Développeur·se — 開発者 🚀';
	const more = await importData( {
		jobs: [ jobRecord( 'cj-utf8', { title } ) ],
		applications: [ hire( 'ch-utf8', 'cj-utf8', '2025-06-10T00:00:00Z', 3 ) ],
	} );
	// Only this test's entries are checked: one another test left may be older than the run's slack allows.
	await php( `global $wpdb; $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s', $wpdb->options, '%recruiting_reports_report_%' ) );` );
	const written = Math.floor( Date.now() / 1000 );
	const fresh = await ok( 'time-to-hire', PERIOD );
	assert.equal( fresh.cache, 'miss' );
	const row = fresh.by_job.find( ( job ) => job.job_id === more.jobs.ids[ 'cj-utf8' ] );
	assert.equal( row?.job_title, title );
	const again = await ok( 'time-to-hire', PERIOD );
	assert.equal( again.cache, 'hit' );
	assert.deepEqual( again, fresh );
	const rows = JSON.parse(
		await php( `global $wpdb; echo wp_json_encode( $wpdb->get_results( $wpdb->prepare( 'SELECT option_name, option_value, autoload FROM %i WHERE option_name LIKE %s', $wpdb->options, '%recruiting_reports_report_%' ), ARRAY_A ) );` )
	);
	const values = rows.filter( ( option ) => option.option_name.startsWith( '_transient_recruiting' ) );
	assert.ok( values.length > 0 );
	const now = Math.ceil( Date.now() / 1000 );
	for ( const value of values ) {
		assert.match( value.option_value, /^[\x00-\x7f]*$/, `${ value.option_name } is ASCII` );
		assert.equal( value.autoload, 'off', `${ value.option_name } is not autoloaded` );
		const timeout = rows.find( ( option ) => option.option_name === value.option_name.replace( '_transient_', '_transient_timeout_' ) );
		assert.ok( timeout, `${ value.option_name } has its timeout` );
		assert.equal( timeout.autoload, 'off' );
		const expires = Number( timeout.option_value );
		assert.ok( expires >= written + 86400 && expires <= now + 86400, `${ value.option_name } expires in a day: ${ expires }, written in [${ written }, ${ now }]` );
	}
	// Each entry is its version, a newline and its JSON deflated (CacheText): the title is in it, escaped.
	const texts = JSON.parse(
		await php( `global $wpdb; echo wp_json_encode( array_map( static fn( $value ) => RecruitingReports\\Reports\\CacheText::unpack( substr( $value, strpos( $value, "\\n" ) + 1 ) ), $wpdb->get_col( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name LIKE %s', $wpdb->options, '_transient_recruiting_reports_report_%' ) ) ) );` )
	);
	assert.ok( values.every( ( value ) => /^[^\n]+\ngz:/.test( value.option_value ) ), 'stored deflated' );
	assert.ok( texts.some( ( text ) => text.includes( '"D\\u00e9veloppeur\\u00b7se \\u2014 \\u958b\\u767a\\u8005 \\ud83d\\ude80"' ) ), 'the title is stored escaped' );
} );
