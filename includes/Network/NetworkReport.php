<?php
/**
 * A report across every site of the network (docs/multisite.md "The network report"): each set-up site's own answer
 * for the period as it reads it in its own timezone (ReportService: that site's report cache), merged by the report's
 * `merge` (ReportDefinition) into the network's figures, with a `by_site` breakdown. GET /network/reports/<name>,
 * Network Admin › Recruiting and `wp recruiting network report` read it here.
 *
 * Cached as one network entry per report and arguments (a site transient), valid while every site's data version,
 * name and "today" (which moves each site's default and preset periods) are what they were when it was computed: a
 * write on one site changes that site's version, and so the network entry. The versions of every site are read in
 * one query over their options tables (with a persistent object cache, or for a report whose figures also change
 * without a data change, such as the careers funnel's counters, site by site).
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
use RecruitingReports\Reports\ReportCache;
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

	/** Site transient names of the cached answers start with this (the uninstaller deletes them). */
	public const CACHE_PREFIX = 'recruiting_reports_network_';

	/**
	 * The report across the network, from the cache or computed.
	 *
	 * @param string $report One of ReportRegistry::names().
	 * @param array  $args   date_from, date_to (each site's own dates), or period (one of Settings::PERIODS, read in
	 *                       each site's timezone; it wins over the dates), and compare, as given.
	 * @return array{data:array,cache:string}|WP_Error Errors as the site's report gives them (400, REST-shaped).
	 */
	public static function run( string $report, array $args ) {
		$definition = ReportRegistry::get( $report );
		$period     = $args['period'] ?? null;
		if ( null !== $period && '' !== $period && ! in_array( $period, Settings::PERIODS, true ) ) {
			/* translators: %s: allowed values. */
			$message = sprintf( __( 'period must be one of: %s.', 'recruiting-reports' ), implode( ', ', Settings::PERIODS ) );
			return new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400, 'params' => array( 'period' => $message ) ) );
		}
		// What was given, in one order: the REST route, the screen and WP-CLI share the cached answers.
		$args = array_filter( array_intersect_key( $args, array_flip( array( 'date_from', 'date_to', 'period', 'compare' ) ) ), static fn( $value ) => null !== $value && '' !== $value );
		ksort( $args );
		$sites = null === $definition ? array() : self::sites( $definition );
		$name  = self::CACHE_PREFIX . md5( $report . '|' . wp_json_encode( $args ) );
		$state = md5( wp_json_encode( $sites ) );
		$entry = get_site_transient( $name );
		if ( is_array( $entry ) && ( $entry['state'] ?? null ) === $state && is_array( $entry['data'] ?? null ) ) {
			return array(
				'data'  => $entry['data'],
				'cache' => 'hit',
			);
		}
		$data = self::compute( $report, $args, $sites );
		if ( ! is_wp_error( $data ) ) {
			set_site_transient( $name, array( 'state' => $state, 'data' => $data ), DAY_IN_SECONDS );
			$data = array(
				'data'  => $data,
				'cache' => 'miss',
			);
		}
		return $data;
	}

	/**
	 * The report computed: each site's answer, merged.
	 *
	 * @param string           $report One of ReportRegistry::names() (or not: the sites' answer says so).
	 * @param array            $args   The arguments.
	 * @param array<int,array> $sites  sites(): site id => name, version, today.
	 * @return array|WP_Error
	 */
	private static function compute( string $report, array $args, array $sites ) {
		$compare  = (string) ( $args['compare'] ?? '' );
		$current  = array();
		$compared = array();
		$by_site  = array();
		// With no site set up, the main site's answer still validates the arguments.
		foreach ( $sites ? $sites : array( get_main_site_id() => null ) as $site_id => $site ) {
			$answer = Sites::in( $site_id, static fn() => self::site_answer( $report, $args ) );
			if ( is_wp_error( $answer ) ) {
				return $answer;
			}
			if ( null === $site ) {
				break;
			}
			[ $data, $query ] = $answer;
			$by_site[]        = array(
				'site_id' => $site_id,
				'name'    => $site['name'],
				'figures' => $data,
			);
			$current[]        = new SiteFigures( $site_id, $site['name'], $query, array_diff_key( $data, array( 'comparison' => true ) ) );
			if ( '' !== $compare ) {
				$compared[] = new SiteFigures( $site_id, $site['name'], $query->comparison( $compare ), $data['comparison'] );
			}
		}
		$definition = ReportRegistry::get( $report );
		$data       = self::merged( $definition, $current );
		if ( '' !== $compare ) {
			$data['comparison'] = self::merged( $definition, $compared );
		}
		$data['by_site'] = $by_site;
		return $data;
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
	 */
	private static function merged( ReportDefinition $definition, array $sites ): array {
		$period = array(
			'from' => min( array_map( static fn( SiteFigures $site ) => $site->query->from, $sites ) ?: array( '' ) ),
			'to'   => max( array_map( static fn( SiteFigures $site ) => $site->query->to, $sites ) ?: array( '' ) ),
		);
		return array( 'period' => $period ) + ( null === $definition->merge || ! $sites ? array() : ( $definition->merge )( $sites ) );
	}

	/**
	 * The network's set-up sites with what their cached answers depend on: name, data version, today.
	 *
	 * @param ReportDefinition $definition The report (whether it has a freshness of its own).
	 * @return array<int,array{name:string,version:string,today:string}> Site id => state, in id order.
	 */
	private static function sites( ReportDefinition $definition ): array {
		$ids = array();
		for ( $batch = NetworkSites::ids_after( 0, Sites::BATCH ); $batch; $batch = NetworkSites::ids_after( end( $ids ), Sites::BATCH ) ) {
			$ids = array_merge( $ids, $batch );
		}
		if ( ReadReplicas::in_use() ) {
			ReadReplicas::use_primary(); // The versions as the primary has them (Reports\ReportCache::primary_version()).
		}
		$options = NetworkSites::options( $ids, array( Schema::VERSION_OPTION, ReportCache::VERSION_OPTION, 'blogname', 'timezone_string', 'gmt_offset' ) );
		$sites   = array();
		foreach ( $ids as $id ) {
			$site = $options[ $id ] ?? array();
			if ( (int) ( $site[ Schema::VERSION_OPTION ] ?? 0 ) < 1 ) {
				continue; // Not set up yet: no tables, no figures (Upgrade Network sets it up).
			}
			$version = $site[ ReportCache::VERSION_OPTION ] ?? '';
			if ( wp_using_ext_object_cache() || null !== $definition->freshness ) {
				$version = Sites::in( $id, static fn() => ReportCache::version() . ( null === $definition->freshness ? '' : '|' . ( $definition->freshness )() ) );
			}
			$sites[ $id ] = array(
				'name'    => (string) ( $site['blogname'] ?? '' ),
				'version' => (string) $version,
				'today'   => ( new DateTimeImmutable( 'now', self::timezone( $site ) ) )->format( 'Y-m-d' ),
			);
		}
		return $sites;
	}

	/**
	 * A site's timezone from its options, as wp_timezone() reads them.
	 *
	 * @param array<string,string> $options timezone_string, gmt_offset.
	 */
	private static function timezone( array $options ): DateTimeZone {
		$name = (string) ( $options['timezone_string'] ?? '' );
		if ( '' === $name ) {
			$offset = (float) ( $options['gmt_offset'] ?? 0 );
			$hours  = (int) floor( abs( $offset ) );
			$name   = sprintf( '%s%02d:%02d', $offset < 0 ? '-' : '+', $hours, (int) round( ( abs( $offset ) - $hours ) * 60 ) );
		}
		try {
			return new DateTimeZone( $name );
		} catch ( \Exception $e ) {
			return new DateTimeZone( 'UTC' );
		}
	}
}
