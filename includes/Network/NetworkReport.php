<?php
/**
 * A report across every site of the network (docs/multisite.md "The network report"): each set-up site's own answer
 * for the period as it reads it in its own timezone (ReportService: that site's report cache), merged by the report's
 * `merge` (ReportDefinition) into the network's figures, with a `by_site` breakdown. GET /network/reports/<name>,
 * Network Admin › Recruiting and `wp recruiting network report` read it here.
 *
 * Cached as one network entry per report and arguments (a site transient), valid while the network's version
 * (NetworkVersion: replaced by any site's write, and by a site's name, timezone or set-up changing) is what it was when
 * it was computed, until the first midnight of any site (which moves the default and preset periods), and for a
 * report whose figures also change without a data write (the careers funnel's counters) for FRESHNESS_SECONDS: a hit
 * reads the version and the entry. A miss reads every site's token (NetworkVersion::site_tokens(): one query, or one
 * multi-get) and recomputes from each site's part (its answer, name, timezone and what the merge read from it), kept
 * per site with the token and day it was read at (a site transient each, read together): only the sites whose token or
 * day changed (and, for a report with a freshness of its own, whose part is older than FRESHNESS_SECONDS) are read
 * again, switched to.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Network;

use DateTimeImmutable;
use DateTimeZone;
use RecruitingReports\Blocks\Attributes;
use RecruitingReports\Data\NetworkSites;
use RecruitingReports\Data\ReadReplicas;
use RecruitingReports\Data\Schema;
use RecruitingReports\Data\Settings;
use RecruitingReports\Data\TransientRows;
use RecruitingReports\Reports\CacheText;
use RecruitingReports\Reports\PieceReads;
use RecruitingReports\Reports\ReportDefinition;
use RecruitingReports\Reports\ReportQuery;
use RecruitingReports\Reports\ReportRegistry;
use RecruitingReports\Reports\ReportService;
use RecruitingReports\Reports\SiteFigures;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The network report.
 */
final class NetworkReport {

	/** Site transient names of the cached answers and parts start with this (the uninstaller deletes them). */
	public const CACHE_PREFIX = 'recruiting_reports_network_';

	/**
	 * How far behind its sites a network answer of a report with a freshness of its own (the careers funnel's
	 * counters, which change without a data write) may be: its sites' parts are re-read, and it is recomputed, once
	 * the oldest part it was computed from is this old.
	 */
	public const FRESHNESS_SECONDS = MINUTE_IN_SECONDS;

	/**
	 * The list field of a report's rows of the site's own jobs: the network's answer lists every site's only when asked
	 * for (by_job), as they run to thousands of rows (docs/multisite.md "The network report").
	 */
	public const JOB_ROWS = 'by_job';

	/** The arguments that make a different answer, in the cache key's order. */
	private const ARGS = array( 'by_job', 'by_site', 'compare', 'date_from', 'date_to', 'period' );

	/**
	 * The report across the network, from the cache or computed.
	 *
	 * @param string $report One of ReportRegistry::names().
	 * @param array  $args   date_from, date_to (each site's own dates), or period (one of Settings::PERIODS, read in
	 *                       each site's timezone; it wins over the dates), compare, by_site (`full`: each site's
	 *                       whole report; else its headline figures' fields) and by_job (true: every site's job rows
	 *                       too), as given.
	 * @return array{data:array,cache:string}|WP_Error Errors as the site's report gives them (400, REST-shaped).
	 */
	public static function run( string $report, array $args ) {
		$period = $args['period'] ?? null;
		if ( null !== $period && '' !== $period && ! in_array( $period, Settings::PERIODS, true ) ) {
			/* translators: %s: allowed values. */
			$message = sprintf( __( 'period must be one of: %s.', 'recruiting-reports' ), implode( ', ', Settings::PERIODS ) );
			return new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400, 'params' => array( 'period' => $message ) ) );
		}
		// What was given, in one order: the REST route, the screen and WP-CLI share the cached answers.
		$args = array_filter( array_intersect_key( $args, array_flip( self::ARGS ) ), static fn( $value ) => null !== $value && '' !== $value );
		if ( 'full' !== ( $args['by_site'] ?? null ) ) {
			unset( $args['by_site'] );
		}
		if ( ! rest_sanitize_boolean( $args['by_job'] ?? false ) ) {
			unset( $args['by_job'] );
		} else {
			$args['by_job'] = true;
		}
		ksort( $args );
		if ( ReadReplicas::in_use() ) {
			ReadReplicas::use_primary(); // The versions as the primary has them (Reports\ReportCache::primary_version()).
		}
		$name = self::CACHE_PREFIX . md5( $report . '|' . wp_json_encode( $args ) );
		if ( ! wp_using_ext_object_cache() ) {
			// The version and the entry's two rows in one query instead of three (core reads network options one by one).
			wp_prime_network_option_caches( null, array( NetworkVersion::OPTION, '_site_transient_timeout_' . $name, '_site_transient_' . $name ) );
		}
		$version = NetworkVersion::current();
		$stored  = get_site_transient( $name );
		$cached  = self::unpacked( $stored, $version );
		if ( null !== $cached && time() < $cached['until'] ) {
			return array(
				'data'  => $cached['data'],
				'cache' => 'hit',
			);
		}
		$definition = ReportRegistry::get( $report );
		// The merge's reads of a site whose answer was just computed are that answer's own reads (PieceReads).
		$computed = PieceReads::collecting( static fn() => self::compute( $report, $definition, $args, null === $definition ? array() : self::site_ids(), null !== $definition && null !== $definition->freshness ? time() - self::FRESHNESS_SECONDS : 0 ) );
		if ( is_wp_error( $computed ) ) {
			return $computed;
		}
		[ $data, $read_at, $timezones ] = $computed;

		$entry = array(
			'version' => $version,
			'until'   => self::until( $definition, $timezones, $read_at ),
			'data'    => $data,
		);
		if ( false === $stored ) {
			set_site_transient( $name, self::packed( $entry ), DAY_IN_SECONDS );
		} else {
			TransientRows::replace_site( $name, self::packed( $entry ), DAY_IN_SECONDS ); // Read above: its rows are there.
		}
		return array(
			'data'  => $data,
			'cache' => 'miss',
		);
	}

	/**
	 * The report computed: each site's part, merged. The parts are kept (a site transient per site, report and
	 * arguments, read together) with the site's token (NetworkVersion::site_tokens(), read first) and its day: the next
	 * computation reads again, and writes back, only the sites whose token or day changed (a write on one site switches
	 * to that site only).
	 *
	 * @param string                $report     One of ReportRegistry::names() (or not: the sites' answer says so).
	 * @param ReportDefinition|null $definition Its definition (null for a name that is not one).
	 * @param array                 $args       The arguments.
	 * @param int[]                 $site_ids   The network's sites (site_ids()).
	 * @param int                   $since      Parts read before this Unix time are read again (0: whatever their age).
	 * @return array{0:array,1:int,2:string[]}|WP_Error The answer, when the oldest part it was computed from was read,
	 *                                                  and the set-up sites' timezones.
	 */
	private static function compute( string $report, ?ReportDefinition $definition, array $args, array $site_ids, int $since ) {
		$compare   = (string) ( $args['compare'] ?? '' );
		$reads     = null === $definition ? null : self::headline_reads( $definition );
		$keep_jobs = null === $reads || self::keeps_job_rows( $reads, $args );
		$prefix    = self::CACHE_PREFIX . 'part_' . md5( $report . '|' . wp_json_encode( $args ) ) . '_';
		$tokens    = NetworkVersion::site_tokens( $site_ids );
		$stored    = self::kept_parts( $prefix, $site_ids );
		$parts     = array();
		$current   = array();
		$compared  = array();
		foreach ( $site_ids as $site_id ) {
			$kept = $stored[ $site_id ] ?? null;
			$part = self::part( $report, $args, $keep_jobs, $site_id, $tokens[ $site_id ], is_array( $kept ) && (int) ( $kept['read_at'] ?? 0 ) >= $since ? $kept : null );
			if ( is_wp_error( $part ) ) {
				return $part;
			}
			$parts[ $site_id ] = $part;
			if ( ! $part['set_up'] ) {
				continue; // No tables, no figures (Upgrade Network sets it up): kept, so it is not switched to again.
			}
			$current[ $site_id ] = new SiteFigures( $site_id, $part['name'], $part['query'], array_diff_key( $part['data'], array( 'comparison' => true ) ), $part['read_at'], $part['pieces'] );
			if ( '' !== $compare ) {
				$compared[ $site_id ] = new SiteFigures( $site_id, $part['name'], $part['query']->comparison( $compare ), $part['data']['comparison'], $part['read_at'], $part['compared_pieces'] );
			}
		}
		if ( ! $current ) {
			// With no site set up, the main site's answer still validates the arguments.
			$answer = Sites::in( get_main_site_id(), static fn() => self::site_answer( $report, $args ) );
			if ( is_wp_error( $answer ) ) {
				return $answer;
			}
		}
		$data = self::merged( $definition, array_values( $current ), $args );
		if ( '' !== $compare ) {
			$data['comparison'] = self::merged( $definition, array_values( $compared ), $args );
		}
		$data['by_site'] = array();
		foreach ( $parts as $site_id => $part ) {
			if ( isset( $current[ $site_id ] ) ) {
				$data['by_site'][] = array(
					'site_id' => $site_id,
					'name'    => $part['name'],
					'figures' => isset( $args['by_site'] ) ? $part['data'] : self::headline_fields( $reads, $part['data'] ),
				);
				// What the merge read from the site, for the next computation at the same token.
				$parts[ $site_id ]['pieces']          = $current[ $site_id ]->pieces();
				$parts[ $site_id ]['compared_pieces'] = isset( $compared[ $site_id ] ) ? $compared[ $site_id ]->pieces() : array();
			}
			if ( ! isset( $stored[ $site_id ] ) ) {
				set_site_transient( $prefix . $site_id, $parts[ $site_id ], DAY_IN_SECONDS );
			} elseif ( $parts[ $site_id ] !== $stored[ $site_id ] ) {
				TransientRows::replace_site( $prefix . $site_id, $parts[ $site_id ], DAY_IN_SECONDS ); // Read by kept_parts().
			}
		}
		$set_up = array_intersect_key( $parts, $current );
		return array( $data, $set_up ? min( array_column( $set_up, 'read_at' ) ) : time(), array_unique( array_column( $set_up, 'timezone' ) ) );
	}

	/**
	 * What a network answer's entry is stored as: its version and until as text lines, then its data serialized and
	 * deflated (Reports\CacheText: a hundred sites' answer is written in a fifteenth of the time). A miss tells a stale
	 * entry by its first line, without inflating and unserializing the answer it replaces (0.3–0.5 ms of a miss at a
	 * hundred sites). The kept parts are not deflated: a miss writes one and reads a hundred, and inflating a hundred
	 * cost more than the smaller rows saved. Public for the tests, which age an entry.
	 *
	 * @param array{version:string,until:int,data:array} $value The entry.
	 */
	public static function packed( array $value ): string {
		return $value['version'] . "\n" . $value['until'] . "\n" . CacheText::pack( maybe_serialize( $value['data'] ) );
	}

	/**
	 * A stored answer's entry as packed(), or null: none, damaged, of an earlier format (computed again), or, when a
	 * version is given, of another version (its answer is not read).
	 *
	 * @param mixed       $stored  What the site transient holds.
	 * @param string|null $version The network's version the entry must have, if any.
	 * @return array{version:string,until:int,data:array}|null
	 */
	public static function unpacked( $stored, ?string $version = null ): ?array {
		$lines = is_string( $stored ) ? explode( "\n", $stored, 3 ) : array();
		if ( 3 !== count( $lines ) || ( null !== $version && $lines[0] !== $version ) ) {
			return null;
		}
		$text = CacheText::unpack( $lines[2] );
		$data = null === $text ? null : maybe_unserialize( $text );
		return is_array( $data ) ? array(
			'version' => $lines[0],
			'until'   => (int) $lines[1],
			'data'    => $data,
		) : null;
	}

	/**
	 * The kept parts of some sites (a site transient each: one written back when its site is read again), read
	 * together: from the object cache in one call, else in one query (a part's age does not matter, its state does).
	 *
	 * @param string $prefix   The parts' names before the site id.
	 * @param int[]  $site_ids Site ids.
	 * @return array<int,array> Site id => part, for those kept.
	 */
	private static function kept_parts( string $prefix, array $site_ids ): array {
		$names = array_combine( $site_ids, array_map( static fn( int $site_id ) => $prefix . $site_id, $site_ids ) );
		if ( wp_using_ext_object_cache() ) {
			$values = array_values( wp_cache_get_multiple( array_values( $names ), 'site-transient' ) );
		} else {
			$stored = NetworkSites::network_options_starting( '_site_transient_' . $prefix );
			$values = array_map( static fn( string $name ) => isset( $stored[ '_site_transient_' . $name ] ) ? maybe_unserialize( $stored[ '_site_transient_' . $name ] ) : null, array_values( $names ) );
		}
		return array_filter( array_combine( array_keys( $names ), $values ), 'is_array' );
	}

	/**
	 * A site's part: its name, timezone and day, whether it is set up, and then its answer, its resolved period and
	 * what the merge read from it. The stored one while the site's token and day are those it was read at, else read
	 * now (switched to the site, after its token was read: a change after this read replaces the token).
	 *
	 * @param string $report    Report name.
	 * @param array  $args      The network's arguments.
	 * @param bool   $keep_jobs Whether the part keeps the answer's job rows (keeps_job_rows()).
	 * @param int    $site_id   Site id.
	 * @param string $token     Its token (NetworkVersion::site_tokens()).
	 * @param mixed  $stored    The stored part, if any.
	 * @return array{token:string,today:string,timezone:string,name:string,set_up:bool,read_at:int,data?:array,query?:ReportQuery,pieces?:array,compared_pieces?:array}|WP_Error
	 */
	private static function part( string $report, array $args, bool $keep_jobs, int $site_id, string $token, $stored ) {
		if ( is_array( $stored ) && ( $stored['token'] ?? null ) === $token && is_string( $stored['timezone'] ?? null )
			&& ( $stored['today'] ?? null ) === self::today( $stored['timezone'] )
			&& ( empty( $stored['set_up'] ) || ( $stored['query'] ?? null ) instanceof ReportQuery ) ) {
			return $stored;
		}
		return Sites::in(
			$site_id,
			static function () use ( $report, $args, $keep_jobs, $token ) {
				$timezone = wp_timezone()->getName();
				$site     = array(
					'token'    => $token,
					'today'    => self::today( $timezone ),
					'timezone' => $timezone,
					'name'     => (string) get_option( 'blogname' ),
					'set_up'   => (int) get_option( Schema::VERSION_OPTION ) >= 1,
					'read_at'  => time(),
				);
				if ( ! $site['set_up'] ) {
					return $site;
				}
				$answer = self::site_answer( $report, $args );
				if ( is_wp_error( $answer ) ) {
					return $answer;
				}
				if ( ! $keep_jobs ) {
					unset( $answer[0][ self::JOB_ROWS ], $answer[0]['comparison'][ self::JOB_ROWS ] );
				}
				return $site + array(
					'data'            => $answer[0],
					'query'           => $answer[1],
					'pieces'          => array(),
					'compared_pieces' => array(),
				);
			}
		);
	}

	/**
	 * Today in a timezone (a part is read again on its site's next day: the default and preset periods move).
	 *
	 * @param string $timezone Timezone name or offset (wp_timezone()->getName()).
	 */
	private static function today( string $timezone ): string {
		return ( new DateTimeImmutable( 'now', new DateTimeZone( $timezone ) ) )->format( 'Y-m-d' );
	}

	/**
	 * What a report's headline figures read (the definition's `figures`), with the period: read once per computation,
	 * for every site's by_site row and for keeps_job_rows().
	 *
	 * @param ReportDefinition $definition The report.
	 * @return array{0:array<string,true>,1:array<string,array<string,true>>} read_fields()' fields kept whole, and
	 *                                                                        the lists only summed or counted.
	 */
	private static function headline_reads( ReportDefinition $definition ): array {
		$whole = array( 'period' => true );
		$rows  = array();
		foreach ( $definition->figures as $figure ) {
			self::read_fields( array( $figure['value'], $figure['count'] ?? null, $figure['negative']['rows'] ?? null ), $whole, $rows );
		}
		return array( $whole, $rows );
	}

	/**
	 * A site's report cut down to its period and the fields its headline figures are read from: what by_site carries
	 * unless each site's whole report is asked for. A field read by a path is kept whole; rows that are only summed or
	 * counted keep just the summed fields (time to hire's trend rows their `hires`, the sources' rows their
	 * applications and hires), so a hundred sites' answer stays small.
	 *
	 * @param array $reads headline_reads().
	 * @param array $data  The site's report.
	 */
	private static function headline_fields( array $reads, array $data ): array {
		[ $whole, $rows ] = $reads;
		$cut              = array();
		foreach ( $data as $key => $value ) {
			if ( isset( $whole[ $key ] ) ) {
				$cut[ $key ] = $value;
			} elseif ( isset( $rows[ $key ] ) ) {
				$fields      = $rows[ $key ];
				$cut[ $key ] = $fields && is_array( $value ) && array_is_list( $value ) ? array_map( static fn( $row ) => is_array( $row ) ? array_intersect_key( $row, $fields ) : $row, $value ) : $value;
			}
		}
		return $cut;
	}

	/**
	 * What value expressions read (ReportFigures::value(): a path, or sums, row counts and rates of paths): the
	 * top-level fields read by a path, and the row fields summed in each list only summed or counted.
	 *
	 * @param mixed                            $expression Value expression(s).
	 * @param array<string,true>               $whole      Top-level fields kept whole, added to.
	 * @param array<string,array<string,true>> $rows       List field => its summed fields, added to.
	 */
	private static function read_fields( $expression, array &$whole, array &$rows ): void {
		if ( is_string( $expression ) ) {
			$whole[ explode( '.', $expression, 2 )[0] ] = true;
		} elseif ( is_array( $expression ) && is_string( $expression['sum'] ?? null ) && str_contains( $expression['sum'], '.' ) ) {
			[ $list, $field ]        = explode( '.', $expression['sum'], 2 );
			$rows[ $list ][ $field ] = true;
		} elseif ( is_array( $expression ) && is_string( $expression['rows'] ?? null ) && ! str_contains( $expression['rows'], '.' ) ) {
			$rows[ $expression['rows'] ] ??= array();
		} elseif ( is_array( $expression ) ) {
			foreach ( $expression as $part ) {
				self::read_fields( $part, $whole, $rows );
			}
		}
	}

	/**
	 * Until when a computed answer may be served: the first midnight of any site (it moves the default and preset
	 * periods), and for a report whose figures also change without a data write, FRESHNESS_SECONDS after its oldest part
	 * was read.
	 *
	 * @param ReportDefinition|null $definition The report.
	 * @param string[]              $timezones  The set-up sites' timezones.
	 * @param int                   $read_at    When the oldest part the answer was computed from was read.
	 */
	private static function until( ?ReportDefinition $definition, array $timezones, int $read_at ): int {
		$until = time() + DAY_IN_SECONDS;
		foreach ( $timezones as $timezone ) {
			$until = min( $until, ( new DateTimeImmutable( 'tomorrow', new DateTimeZone( $timezone ) ) )->getTimestamp() );
		}
		return null === $definition || null === $definition->freshness ? $until : min( $until, $read_at + self::FRESHNESS_SECONDS );
	}

	/**
	 * The current site's answer and its resolved period.
	 *
	 * @param string $report Report name.
	 * @param array  $args   The network's arguments.
	 * @return array{0:array,1:ReportQuery}|WP_Error
	 */
	private static function site_answer( string $report, array $args ) {
		$period    = (string) ( $args['period'] ?? '' );
		$site_args = ( '' === $period ? array_intersect_key( $args, array_flip( array( 'date_from', 'date_to' ) ) ) : Attributes::report_args( array( 'period' => $period ) ) )
			+ array( 'compare' => $args['compare'] ?? null );
		$result    = ReportService::run( $report, $site_args );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return array( $result['data'], ReportQuery::from_args( $site_args, null, false ) );
	}

	/**
	 * The network's fields for one period: the span of the sites' periods, then the report's merge of the sites.
	 *
	 * @param ReportDefinition $definition The report.
	 * @param SiteFigures[]    $sites      Each site's figures for the period.
	 * @param array            $args       The arguments (by_job: with every site's job rows).
	 */
	private static function merged( ReportDefinition $definition, array $sites, array $args ): array {
		$period = array(
			'from' => min( array_map( static fn( SiteFigures $site ) => $site->query->from, $sites ) ?: array( '' ) ),
			'to'   => max( array_map( static fn( SiteFigures $site ) => $site->query->to, $sites ) ?: array( '' ) ),
		);
		$data   = array( 'period' => $period ) + ( null === $definition->merge || ! $sites ? array() : ( $definition->merge )( $sites ) );
		return isset( $args['by_job'] ) ? $data : array_diff_key( $data, array( self::JOB_ROWS => true ) );
	}

	/**
	 * Whether a site's part keeps its answer's job rows: for the network's by_job, each site's whole report
	 * (by_site=full) or a headline figure read from them (time to fill's count of filled jobs); else they are left
	 * out of the part, which a miss reads for every site.
	 *
	 * @param array $reads headline_reads().
	 * @param array $args  The network's arguments.
	 */
	private static function keeps_job_rows( array $reads, array $args ): bool {
		return isset( $args['by_job'] ) || isset( $args['by_site'] ) || isset( $reads[0][ self::JOB_ROWS ] ) || isset( $reads[1][ self::JOB_ROWS ] );
	}

	/**
	 * The network's sites, in id order (a batch of ids per query).
	 *
	 * @return int[]
	 */
	private static function site_ids(): array {
		$ids = array();
		for ( $batch = NetworkSites::ids_after( 0, Sites::BATCH ); $batch; $batch = NetworkSites::ids_after( end( $ids ), Sites::BATCH ) ) {
			$ids = array_merge( $ids, $batch );
		}
		return $ids;
	}
}
